#version 330 core
// A field of NPCs (a regular grid, row-major from the bottom-left) drawn as a
// single quad over the field: the fragment shader finds the NPC under each
// pixel. The cost of submitting it does not grow with the number of NPCs.

uniform vec4 u_bounds;    // world x0, y0, x1, y1 of the field
uniform vec2 u_viewport;  // drawing area, pixels
uniform vec2 u_origin;    // where world (0, 0) lands, pixels from the top-left
uniform float u_scale;    // pixels per world unit

out vec2 v_world;

void main() {
    vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);   // triangle strip: (0,0) (1,0) (0,1) (1,1)
    v_world = mix(u_bounds.xy, u_bounds.zw, corner);
    vec2 px = u_origin + vec2(v_world.x, -v_world.y) * u_scale;
    gl_Position = vec4(px.x / u_viewport.x * 2.0 - 1.0, 1.0 - px.y / u_viewport.y * 2.0, 0.0, 1.0);
}
