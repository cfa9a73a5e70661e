// view.h — where the world lands on screen. Pixel coordinates have their
// origin at the top-left of the drawing area and grow right and down (as in
// ImGui and image files); world coordinates have y up. The renderer and the
// pixel tests use the same transform.
#pragma once

#include "core/base/angles.h"

#include <algorithm>

namespace tsl {

struct PixelRect {
    float x = 0, y = 0, w = 0, h = 0;
    bool empty() const { return w < 1 || h < 1; }
};

struct ViewTransform {
    double pixels_per_unit = 1;
    Vec2 origin_px;  // where world (0, 0) lands, relative to the drawing area's top-left

    Vec2 to_pixels(Vec2 world) const { return {origin_px.x + world.x * pixels_per_unit, origin_px.y - world.y * pixels_per_unit}; }

    // The square [-half_extent, half_extent]^2 fitted and centred in `rect`.
    static ViewTransform fit(const PixelRect& rect, double half_extent) {
        return {std::min(rect.w, rect.h) / (2.0 * half_extent), {rect.x + rect.w / 2.0, rect.y + rect.h / 2.0}};
    }
};

// A scene area is split into three bands: a caption on top (mode, rate), the
// drawing in the middle, a footer below (batch progress). The bands depend on
// the area's size only, so text never covers the drawing at any size, from
// the article's 496 x 300 panes to a full projector screen. Coordinates are
// relative to the area's top-left.
struct SceneBands {
    PixelRect caption, view, footer;
};

inline SceneBands split_scene_area(float width, float height) {
    const float caption = std::clamp(height * 0.10f, 44.0f, 92.0f);
    const float footer = std::clamp(height * 0.09f, 34.0f, 80.0f);
    const float view = std::max(0.0f, height - caption - footer);
    return {{0, 0, width, caption}, {0, caption, width, view}, {0, caption + view, width, footer}};
}

}  // namespace tsl
