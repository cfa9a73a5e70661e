// angles.h — 2D vectors and angles in degrees, as the NPC scene needs them.
#pragma once

#include "core/base/vec.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace tsl {

constexpr double kDegPerRad = 180.0 / std::numbers::pi;

// Wraps to (-180, 180]. Angles within one turn of the range (all the
// animation produces) take one exact subtraction; fmod, which is slow, only
// handles the rest.
inline double wrap_deg(double deg) {
    if (deg > 180.0) {
        if (deg <= 540.0) return deg - 360.0;
    } else if (deg <= -180.0) {
        if (deg > -540.0) return deg + 360.0;
    } else {
        return deg;
    }
    double w = std::fmod(deg, 360.0);
    if (w > 180.0) w -= 360.0;
    if (w <= -180.0) w += 360.0;
    return w;
}

// Heading of the direction from `from` to `to`, degrees counter-clockwise from +x.
inline double heading_deg(Vec2 from, Vec2 to) {
    const Vec2 d = to - from;
    return std::atan2(d.y, d.x) * kDegPerRad;
}

// Turns `current` toward `desired` the short way round, by at most
// `max_step_deg` (>= 0). The result is wrapped to (-180, 180].
inline double turn_toward_deg(double current, double desired, double max_step_deg) {
    const double delta = wrap_deg(desired - current);
    return wrap_deg(current + std::clamp(delta, -max_step_deg, max_step_deg));
}

// Unsigned angle between two headings, in [0, 180].
inline double angle_between_deg(double a, double b) { return std::abs(wrap_deg(a - b)); }

}  // namespace tsl
