#version 330 core
in vec4 v_color;
in float v_across_px;
out vec4 o_color;

uniform float u_half_width_px;

void main() {
    float coverage = clamp(u_half_width_px + 0.5 - abs(v_across_px), 0.0, 1.0);
    o_color = vec4(v_color.rgb, v_color.a * coverage);
}
