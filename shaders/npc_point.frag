#version 330 core
// An NPC on the ring: both of its arrows inside its point sprite
// (npc_darts.glsl is inserted after the #version line).

flat in vec2 v_facing;
flat in vec2 v_desired;
out vec4 o_color;

uniform float u_sprite_px;

void main() {
    vec4 colour = npc_darts((gl_PointCoord - 0.5) * u_sprite_px, v_facing, v_desired);
    if (colour.a == 0.0) discard;
    o_color = colour;
}
