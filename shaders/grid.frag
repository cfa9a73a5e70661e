#version 330 core
in vec2 v_cell;
out vec4 o_color;

uniform usampler2D u_map;
uniform int u_width;           // cells per side
uniform float u_scale;         // pixels per cell
uniform vec4 u_hidden, u_exposed, u_wall, u_line;

void main() {
    ivec2 cell = clamp(ivec2(floor(v_cell)), ivec2(0), ivec2(u_width - 1));
    uint state = texelFetch(u_map, cell, 0).r;
    vec4 colour = state == 2u ? u_wall : (state == 1u ? u_exposed : u_hidden);
    // Cell borders, faded in as cells grow large enough to show them.
    vec2 to_edge = min(fract(v_cell), 1.0 - fract(v_cell)) * u_scale;
    float line = (1.0 - clamp(min(to_edge.x, to_edge.y) - 0.25, 0.0, 1.0)) * clamp((u_scale - 6.0) / 10.0, 0.0, 1.0);
    o_color = vec4(mix(colour.rgb, u_line.rgb, line * u_line.a), 1.0);
}
