#version 330 core
// The exposure map: one quad over the grid; the fragment shader colours each
// cell from an integer texture (0 hidden, 1 exposed, 2 wall).

uniform float u_half_width;   // the grid spans [-u_half_width, u_half_width]^2 in world units (cells)
uniform vec2 u_viewport;      // drawing area, pixels
uniform vec2 u_origin;        // where world (0, 0) lands, pixels from the top-left
uniform float u_scale;        // pixels per world unit

out vec2 v_cell;              // position in cells from the grid's bottom-left corner

void main() {
    vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);   // triangle strip
    vec2 world = (corner * 2.0 - 1.0) * u_half_width;
    v_cell = corner * 2.0 * u_half_width;
    vec2 px = u_origin + vec2(world.x, -world.y) * u_scale;
    gl_Position = vec4(px.x / u_viewport.x * 2.0 - 1.0, 1.0 - px.y / u_viewport.y * 2.0, 0.0, 1.0);
}
