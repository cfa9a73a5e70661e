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

struct Layout {
    PixelRect panel;   // control panel, UI coordinates (empty when the UI is hidden or in the presenter view)
    PixelRect scene;   // the scene area
    PixelRect dock;    // under the scene: timeline and plots (empty when hidden or in the presenter view)
    PixelRect lesson;  // right of the scene: the lesson card (a lesson taught, or the presenter view)
    PixelRect plot;    // presenter view: the one plot, under the scene
};

// The presenter view (settings.presenter): the scene on the left with one
// plot under it, the lesson card filling the right. Otherwise the control
// panel on the left, the scene with the dock under it, and the lesson card on
// the right while a lesson is taught.
Layout compute_layout(const LabSettings& settings, bool lesson_taught, ImVec2 display_size);

// The comparison view's panes in `scene`: the grid of columns and rows that
// gives each pane's square view the largest side, left to right, top to bottom.
std::vector<PixelRect> pane_rects(const PixelRect& scene, int count);

// The article's demo (NpcLook::Article) on its own stage: 250 x 300 pixels per
// pane side by side (its GIFs show a 500 x 300 stage cut to 496 pixels wide),
// scaled to fit `scene` and centred. A pane's ring has radius 0.45 x 250 and
// its centre at (125, 150) of the pane, in stage pixels.
struct ArticleStage {
    PixelRect stage;                // the whole stage, UI coordinates (may reach past the scene's right edge)
    float scale = 1;                // UI pixels per stage pixel
    std::vector<PixelRect> panes;   // each pane's part of the stage, cut to the scene area
    ImVec2 centre(int pane) const { return {stage.x + (125.0f + 250.0f * static_cast<float>(pane)) * scale, stage.y + 150.0f * scale}; }
};
ArticleStage article_stage(const PixelRect& scene, int panes);

}  // namespace tsl::app
