#version 330 core
// Line segments a few pixels wide, each expanded on the CPU into a quad of
// six vertices, so that the width is exact in pixels and the edges can be
// antialiased here (core profile OpenGL has no reliable wide lines).

layout(location = 0) in vec4 a_segment;    // world x0, y0, x1, y1
layout(location = 1) in vec2 a_corner;     // x: 0 at the start, 1 at the end; y: -1 or +1 across
layout(location = 2) in vec4 a_color;

uniform vec2 u_viewport;
uniform vec2 u_origin;
uniform float u_scale;
uniform float u_half_width_px;

out vec4 v_color;
out float v_across_px;    // signed distance from the centre line, pixels

vec2 to_pixels(vec2 world) { return u_origin + vec2(world.x, -world.y) * u_scale; }

void main() {
    vec2 p0 = to_pixels(a_segment.xy);
    vec2 p1 = to_pixels(a_segment.zw);
    vec2 d = p1 - p0;
    float len = length(d);
    vec2 along = len > 1e-4 ? d / len : vec2(1.0, 0.0);
    vec2 across = vec2(-along.y, along.x);
    float extent = u_half_width_px + 1.0;    // one pixel of room for the soft edge
    vec2 px = mix(p0, p1, a_corner.x) + across * (a_corner.y * extent);
    gl_Position = vec4(px.x / u_viewport.x * 2.0 - 1.0, 1.0 - px.y / u_viewport.y * 2.0, 0.0, 1.0);
    v_color = a_color;
    v_across_px = a_corner.y * extent;
}
