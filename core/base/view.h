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
// the area's size, so text never covers the drawing at any size, from the
// article's 496 x 300 panes to a full projector screen; `text_scale` (the UI
// scale) raises their smallest sizes, so captions grow with the rest of the
// UI, up to about a quarter of the area each: at the least, the caption holds
// two lines of text a little larger than the UI's body text (17 px at scale
// 1) and the footer two of body text. Coordinates are relative to the area's
// top-left.
struct SceneBands {
    PixelRect caption, view, footer;
    float caption_text_h = 0;  // the caption's height before a narrow area grew it: what its text is sized from
};

inline SceneBands split_scene_area(float width, float height, float text_scale = 1.0f) {
    const float grow = std::max(1.0f, text_scale);
    const float caption = std::min(std::clamp(height * 0.10f, 52.0f * grow, 92.0f * grow), std::max(52.0f, height * 0.25f));
    const float footer = std::min(std::clamp(height * 0.09f, 46.0f * grow, 80.0f * grow), std::max(46.0f, height * 0.22f));
    // A narrow area (panes side by side) has height to spare beside its square
    // view: the caption takes some, room for a third line of text.
    const float spare = height - caption - footer - width;
    const float caption_grown = caption + std::clamp(spare, 0.0f, 24.0f * grow);
    const float view = std::max(0.0f, height - caption_grown - footer);
    return {{0, 0, width, caption_grown}, {0, caption_grown, width, view}, {0, caption_grown + view, width, footer}, caption};
}

}  // namespace tsl
