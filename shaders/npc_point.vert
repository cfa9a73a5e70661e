#version 330 core
// NPCs on the ring, each one point sprite with both of its arrows drawn by
// the fragment shader (npc_point.frag). NPC data is pulled from a float
// texture, one texel each, kNpcsPerRow a row; every instance of the draw covers a block of
// u_per_instance NPCs (software renderers such as Mesa's llvmpipe pay a fixed
// cost per instance, so one instance per NPC would be slow).

uniform sampler2D u_npcs;       // per NPC: (x, y, facing, desired), angles in radians
uniform int u_count;            // NPCs in the buffer
uniform int u_per_instance;     // NPCs drawn by each instance
uniform vec2 u_viewport;        // drawing area, pixels
uniform vec2 u_origin;          // where world (0, 0) lands, pixels from the top-left
uniform float u_scale;          // pixels per world unit
uniform float u_sprite_px;      // point size, pixels: room for both arrows

flat out vec2 v_facing;         // unit directions in pixel space (y down)
flat out vec2 v_desired;

const int kNpcsPerRow = 1024;   // texels per row: kNpcsPerRow in npc_renderer.cpp

void main() {
    int index = gl_InstanceID * u_per_instance + gl_VertexID;
    if (index >= u_count) {     // the last block's unused slots: outside the clip volume
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        gl_PointSize = 1.0;
        v_facing = v_desired = vec2(1.0, 0.0);
        return;
    }
    vec4 npc = texelFetch(u_npcs, ivec2(index % kNpcsPerRow, index / kNpcsPerRow), 0);
    vec2 px = u_origin + vec2(npc.x, -npc.y) * u_scale;
    gl_Position = vec4(px.x / u_viewport.x * 2.0 - 1.0, 1.0 - px.y / u_viewport.y * 2.0, 0.0, 1.0);
    gl_PointSize = u_sprite_px;
    v_facing = vec2(cos(npc.z), -sin(npc.z));
    v_desired = vec2(cos(npc.w), -sin(npc.w));
}
