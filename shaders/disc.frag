#version 330 core
in vec2 v_offset_px;
in float v_radius_px;
in vec4 v_fill;
in vec4 v_outline;
out vec4 o_color;

uniform float u_outline_px;

void main() {
    float d = length(v_offset_px);
    float inside = clamp(v_radius_px - d + 0.5, 0.0, 1.0);
    float in_outline = clamp(d - (v_radius_px - u_outline_px) + 0.5, 0.0, 1.0);
    vec4 colour = mix(v_fill, v_outline, in_outline);
    o_color = vec4(colour.rgb, colour.a * inside);
}
