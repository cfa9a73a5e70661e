#version 330 core
// One disc per instance (the target, the halo of an NPC whose job runs):
// a quad around the circle; the fragment shader cuts the circle out with
// antialiased edges and an outline of a fixed pixel width.

layout(location = 0) in vec2 a_corner;     // [-1, 1]^2
layout(location = 1) in vec3 i_circle;     // world x, y, radius (world units)
layout(location = 2) in vec4 i_fill;
layout(location = 3) in vec4 i_outline;

uniform vec2 u_viewport;
uniform vec2 u_origin;
uniform float u_scale;
uniform float u_outline_px;

out vec2 v_offset_px;
out float v_radius_px;
out vec4 v_fill;
out vec4 v_outline;

void main() {
    vec2 centre = u_origin + vec2(i_circle.x, -i_circle.y) * u_scale;
    float radius = max(i_circle.z * u_scale, 1.0);
    float extent = radius + 1.0;
    vec2 px = centre + a_corner * extent;
    gl_Position = vec4(px.x / u_viewport.x * 2.0 - 1.0, 1.0 - px.y / u_viewport.y * 2.0, 0.0, 1.0);
    v_offset_px = a_corner * extent;
    v_radius_px = radius;
    v_fill = i_fill;
    v_outline = i_outline;
}
