#version 330 core
// An agent: a disc in the colour of its route (none, pending, ready) with a
// dark outline, and a dark mark from its centre to its edge where it faces.
// Below about five pixels the mark is left out: only the disc reads.

flat in vec2 v_heading;
flat in float v_route;
out vec4 o_color;

uniform float u_sprite_px;
uniform vec4 u_resting, u_pending, u_ready, u_outline;

void main() {
    vec2 p = (gl_PointCoord - 0.5) * u_sprite_px;   // pixels from the centre, y down
    float radius = u_sprite_px * 0.5 - 0.75;
    float d = length(p);
    float inside = clamp(radius - d + 0.5, 0.0, 1.0);
    if (inside <= 0.0) discard;
    vec4 fill = v_route > 1.5 ? u_ready : (v_route > 0.5 ? u_pending : u_resting);
    float outline_px = max(0.8, radius * 0.18);
    float edge = clamp(d - (radius - outline_px) + 0.5, 0.0, 1.0);
    // The heading: a band from the centre to the edge, as wide as the outline.
    float along = dot(p, v_heading), across = abs(p.x * v_heading.y - p.y * v_heading.x);
    float mark = radius >= 2.5 ? clamp(outline_px * 0.8 - across + 0.5, 0.0, 1.0) * step(0.0, along) : 0.0;
    vec4 colour = mix(fill, u_outline, max(edge, mark));
    o_color = vec4(colour.rgb, colour.a * inside);
}
