// layout.h — where everything goes in the window: the control panel, the
// scene area (split into panes), the dock under it, the lesson card, the
// presenter view's plot. Pure arithmetic on the display size and the view
// settings, so tests and the headless commands get the window's layout.
#pragma once

#include "core/base/view.h"
#include "core/settings/lab_settings.h"

#include <imgui.h>

#include <vector>

namespace tsl::app {

// The UI's body text at scale 1, in pixels (ui_style.cpp builds its fonts at
// this size times the UI scale); sizes that must hold text follow it.
constexpr float kBodyPx = 17.0f;
// One line of body text with ImGui's spacing under it, at `ui_scale`.
inline float line_px(float ui_scale) { return (kBodyPx + 6.0f) * ui_scale; }

struct Layout {
    PixelRect panel;   // control panel, UI coordinates (empty when the UI is hidden or in the presenter view;
                       // a strip with the button that opens it when folded, settings.panel_open false)
    PixelRect scene;   // the scene area
    PixelRect dock;    // under the scene: timeline and plots (empty when hidden or in the presenter view)
    PixelRect lesson;  // right of the scene: the lesson card (a lesson taught, or the presenter view)
    PixelRect plot;    // presenter view: the one plot, under the scene
};

// The presenter view (settings.presenter): the scene on the left with one
// plot under it, the lesson card filling the right. Otherwise the control
// panel on the left, the scene with the dock under it, and the lesson card on
// the right while a lesson is taught. What is under the scene keeps room for
// a readable plot at any UI scale (about ten lines of text, up to 55% of the
// window's height); the panel takes at most 42% of the width.
Layout compute_layout(const LabSettings& settings, bool lesson_taught, ImVec2 display_size);

// The comparison view's panes in `scene`: the grid of columns and rows that
// gives each pane's square view the largest side, left to right, top to bottom
// (caption and footer bands for text at `text_scale`, the UI scale).
std::vector<PixelRect> pane_rects(const PixelRect& scene, int count, float text_scale = 1.0f);

// The article's demo (NpcLook::Article) on its own stage: 250 x 300 pixels per
// pane side by side (its GIFs show a 500 x 300 stage cut to 496 pixels wide),
// scaled to fit `scene` and centred. A pane's ring has radius 0.45 x 250 and
// its centre at (125, 150) of the pane, in stage pixels.
// At a UI scale above 1 the captions are the UI's body text, larger than the
// demo's: they go in bands above and below the stage (`caption_px` tall each)
// instead of over its drawing; at scale 1 the stage is the demo's, captions on it.
struct ArticleStage {
    PixelRect stage;                // the whole stage, UI coordinates (may reach past the scene's right edge)
    float scale = 1;                // UI pixels per stage pixel
    std::vector<PixelRect> panes;   // each pane's part of the stage, cut to the scene area
    float caption_px = 0;           // the bands above and below the stage for the captions (0: on the stage)
    ImVec2 centre(int pane) const { return {stage.x + (125.0f + 250.0f * static_cast<float>(pane)) * scale, stage.y + 150.0f * scale}; }
};
ArticleStage article_stage(const PixelRect& scene, int panes, float ui_scale = 1.0f);

}  // namespace tsl::app
