#version 330 core
// The NPC whose grid cell holds this pixel, and its two arrows (darts sized
// by the renderer to stay inside the cell; npc_darts.glsl is inserted after
// the #version line).

in vec2 v_world;
out vec4 o_color;

uniform sampler2D u_npcs;       // per NPC: (facing, desired), radians, kNpcsPerRow a row
uniform int u_count;            // NPCs
uniform int u_columns;          // NPCs per row
uniform vec4 u_bounds;          // world x0, y0, x1, y1 of the field
uniform float u_spacing;        // world units between neighbours
uniform float u_scale;          // pixels per world unit

const int kNpcsPerRow = 1024;   // texels per row: kNpcsPerRow in npc_renderer.cpp

void main() {
    vec2 grid = (v_world - u_bounds.xy) / u_spacing;
    ivec2 cell = ivec2(floor(grid));
    int index = cell.y * u_columns + cell.x;
    if (cell.x < 0 || cell.x >= u_columns || cell.y < 0 || index >= u_count) discard;
    vec2 angles = texelFetch(u_npcs, ivec2(index % kNpcsPerRow, index / kNpcsPerRow), 0).xy;
    vec2 offset = (fract(grid) - 0.5) * u_spacing * u_scale;   // pixels from the NPC, y up
    // Directions with y down, as the darts are drawn.
    vec4 colour = npc_darts(vec2(offset.x, -offset.y), vec2(cos(angles.x), -sin(angles.x)), vec2(cos(angles.y), -sin(angles.y)));
    if (colour.a == 0.0) discard;
    o_color = colour;
}
