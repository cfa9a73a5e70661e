// npc_darts.glsl — shared by npc_point.frag and npc_field.frag (inserted
// after their #version line): an NPC's two arrows, cut out by their signed
// distance so that edges are antialiased at any size. The desired arrow (red,
// slimmer, pushed a little forward so its tip shows even when the NPC faces
// that way already) lies under the facing arrow (dark).

uniform float u_length_px;      // arrow length, pixels
uniform vec4 u_facing_color;
uniform vec4 u_desired_color;   // alpha 0: no desired arrow
uniform int u_article_darts;    // 1: the article's demo's kite, tip at u_length_px, no offset between the two

// How far from the NPC the darts reach, in arrow lengths (the renderer sizes
// sprites and cells with the same number).
const float kDartReach = 0.94;

// Signed distance (pixels, negative inside) from p to the dart pointing along
// +x with the given length and width: tip, upper back corner, notch, lower back
// corner. Inside or not is the parity of the edges a ray toward +x crosses.
float dart_distance(vec2 p, float len, float wid) {
    vec2 v[4] = vec2[4](vec2(0.78 * len, 0.0), vec2(-0.30 * len, 0.5 * wid), vec2(-0.08 * len, 0.0), vec2(-0.30 * len, -0.5 * wid));
    if (u_article_darts == 1)  // tip (30, 0), sides (0, +-6), tail (-6, 0) at the demo's size
        v = vec2[4](vec2(len, 0.0), vec2(0.0, 0.2 * len), vec2(-0.2 * len, 0.0), vec2(0.0, -0.2 * len));
    float nearest = 1e9;
    bool inside = false;
    for (int i = 0; i < 4; ++i) {
        vec2 a = v[i], b = v[(i + 1) % 4];
        vec2 ab = b - a, ap = p - a;
        float t = clamp(dot(ap, ab) / dot(ab, ab), 0.0, 1.0);
        nearest = min(nearest, length(ap - ab * t));
        if ((a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * ab.x / ab.y) inside = !inside;
    }
    return inside ? -nearest : nearest;
}

// Colour (straight alpha) at p, pixels from the NPC with y down, given the
// unit directions of its facing and desired orientations in the same space.
vec4 npc_darts(vec2 p, vec2 facing, vec2 desired) {
    vec2 pf = vec2(dot(p, facing), dot(p, vec2(-facing.y, facing.x)));
    vec2 pd = vec2(dot(p, desired), dot(p, vec2(-desired.y, desired.x))) - vec2(u_article_darts == 1 ? 0.0 : 0.16 * u_length_px, 0.0);
    float af = clamp(0.5 - dart_distance(pf, u_length_px, 0.28 * u_length_px), 0.0, 1.0) * u_facing_color.a;
    float ad = clamp(0.5 - dart_distance(pd, u_length_px, 0.20 * u_length_px), 0.0, 1.0) * u_desired_color.a;
    float a = af + ad * (1.0 - af);
    if (a < 0.004) return vec4(0.0);
    return vec4((u_facing_color.rgb * af + u_desired_color.rgb * ad * (1.0 - af)) / a, a);
}
