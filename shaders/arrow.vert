#version 330 core
// One arrow (an NPC's facing or desired orientation) per instance.
// The outline is a unit dart pointing along +x; each instance places, turns
// and sizes it in world units. World y points up; pixels count down from the
// top-left of the drawing area.

layout(location = 0) in vec2 a_corner;     // dart outline vertex, unit size
layout(location = 1) in vec2 i_position;   // world position of the NPC
layout(location = 2) in float i_angle;     // radians, counter-clockwise from +x
layout(location = 3) in vec2 i_size;       // length and width, world units
layout(location = 4) in vec4 i_color;

uniform vec2 u_viewport;   // drawing area, pixels
uniform vec2 u_origin;     // where world (0, 0) lands, pixels from the top-left
uniform float u_scale;     // pixels per world unit

out vec4 v_color;

void main() {
    vec2 local = a_corner * i_size;
    float c = cos(i_angle), s = sin(i_angle);
    vec2 world = i_position + vec2(c * local.x - s * local.y, s * local.x + c * local.y);
    vec2 px = u_origin + vec2(world.x, -world.y) * u_scale;
    gl_Position = vec4(px.x / u_viewport.x * 2.0 - 1.0, 1.0 - px.y / u_viewport.y * 2.0, 0.0, 1.0);
    v_color = i_color;
}
