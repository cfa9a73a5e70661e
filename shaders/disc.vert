#version 330 core
// Discs (the target, the halo of an NPC whose job runs), each expanded on the
// CPU into the six vertices of a square around it; the fragment shader cuts
// the circle out with antialiased edges and an outline of a fixed pixel width.

layout(location = 0) in vec3 a_circle;     // world x, y, radius (world units)
layout(location = 1) in vec2 a_corner;     // this corner of the square, [-1, 1]^2
layout(location = 2) in vec4 a_fill;
layout(location = 3) in vec4 a_outline;

uniform vec2 u_viewport;
uniform vec2 u_origin;
uniform float u_scale;

out vec2 v_offset_px;
out float v_radius_px;
out vec4 v_fill;
out vec4 v_outline;

void main() {
    vec2 centre = u_origin + vec2(a_circle.x, -a_circle.y) * u_scale;
    float radius = max(a_circle.z * u_scale, 1.0);
    float extent = radius + 1.0;
    vec2 px = centre + a_corner * extent;
    gl_Position = vec4(px.x / u_viewport.x * 2.0 - 1.0, 1.0 - px.y / u_viewport.y * 2.0, 0.0, 1.0);
    v_offset_px = a_corner * extent;
    v_radius_px = radius;
    v_fill = a_fill;
    v_outline = a_outline;
}
