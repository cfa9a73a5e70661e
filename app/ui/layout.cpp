#include "app/ui/layout.h"

#include <algorithm>
#include <cmath>

namespace tsl::app {

namespace {

// Panes side by side are narrow: the scene's height beyond their square views
// is empty, so what is under the scene (dock or plot) gets it, up to 60% of the window.
float spare_height(const LabSettings& state, const PixelRect& scene, float display_h) {
    const int panes = state.scene == SceneKind::Npc      ? static_cast<int>(state.npc.panes.size())
                      : state.scene == SceneKind::Engine ? static_cast<int>(state.engine.panes.size())
                                                         : 1;
    if (panes < 2) return 0;
    const std::vector<PixelRect> rects = pane_rects(scene, panes, state.ui_scale);
    const int rows = static_cast<int>(std::lround(scene.h / rects.front().h));
    const SceneBands bands = split_scene_area(rects.front().w, rects.front().h, state.ui_scale);
    const float needed = rows * (bands.caption.h + bands.footer.h + std::min(bands.view.w, bands.view.h));
    const float under = display_h - scene.h;
    return std::max(0.0f, std::min(std::floor(display_h * 0.6f) - under, std::floor(std::max(0.0f, scene.h - needed))));
}

}  // namespace

Layout compute_layout(const LabSettings& state, bool lesson_taught, ImVec2 display) {
    Layout layout;
    if (state.hide_ui) {
        layout.scene = {0, 0, display.x, display.y};
        return layout;
    }
    // The lesson card: wide enough for a projector's text, at most half.
    const float card_w = std::floor(std::clamp(430.0f * state.ui_scale, std::min(300.0f, display.x * 0.3f), display.x * 0.5f));
    // Under the scene: a share of the height, but never fewer lines than a plot needs to be read.
    auto under_h = [&](float share, float lines) {
        return std::floor(std::min(std::max(display.y * share, line_px(state.ui_scale) * lines), display.y * 0.55f));
    };
    if (state.presenter) {
        const float scene_w = display.x - card_w;
        const float base_h = under_h(0.32f, 9);
        const float plot_h = base_h + spare_height(state, {0, 0, scene_w, display.y - base_h}, display.y);
        layout.scene = {0, 0, scene_w, display.y - plot_h};
        layout.plot = {0, display.y - plot_h, scene_w, plot_h};
        layout.lesson = {scene_w, 0, card_w, display.y};
        return layout;
    }
    // The panel: 400 px at the UI scale, at least 300, at most 42% of the width
    // (which wins on a narrow window).
    const float panel_most = display.x * 0.42f;
    float panel_w = !state.panel_open ? std::floor(kBodyPx * state.ui_scale * 2.4f)
                                      : std::floor(std::clamp(400.0f * state.ui_scale, std::min(300.0f, panel_most), panel_most));
    float lesson_w = !lesson_taught ? 0.0f : std::min(card_w, std::max(0.0f, display.x - panel_w - 200.0f));
    // A lesson beside the panel on a narrow display (a 720p projector at 1.5x):
    // the panel and the card give way so that the scene keeps a third of the width.
    const float scene_least = std::floor(display.x * 0.36f);
    if (lesson_taught && display.x - panel_w - lesson_w < scene_least) {
        if (state.panel_open) panel_w = std::max(std::min(panel_w, 300.0f), std::floor(display.x * 0.32f));
        lesson_w = std::max(0.0f, std::min(card_w, display.x - panel_w - scene_least));
    }
    layout.panel = {0, 0, panel_w, display.y};
    if (lesson_w > 0) layout.lesson = {display.x - lesson_w, 0, lesson_w, display.y};
    const float scene_w = display.x - panel_w - lesson_w;
    float dock_h = 0;
    if (state.bottom_panel) {
        const float base_h = under_h(0.36f, 10.5f);
        dock_h = base_h + spare_height(state, {panel_w, 0, scene_w, display.y - base_h}, display.y);
    }
    layout.scene = {panel_w, 0, scene_w, display.y - dock_h};
    layout.dock = {panel_w, display.y - dock_h, scene_w, dock_h};
    return layout;
}

std::vector<PixelRect> pane_rects(const PixelRect& scene, int count, float text_scale) {
    count = std::max(1, count);
    int best_columns = 1;
    float best_side = -1;
    for (int columns = 1; columns <= count; ++columns) {
        const int rows = (count + columns - 1) / columns;
        const float w = scene.w / columns, h = scene.h / rows;
        const SceneBands bands = split_scene_area(w, h, text_scale);
        const float side = std::min(bands.view.w, bands.view.h);
        if (side > best_side + 0.5f) {
            best_side = side;
            best_columns = columns;
        }
    }
    const int rows = (count + best_columns - 1) / best_columns;
    const float w = std::floor(scene.w / best_columns), h = std::floor(scene.h / rows);
    std::vector<PixelRect> rects;
    for (int i = 0; i < count; ++i)
        rects.push_back({scene.x + (i % best_columns) * w, scene.y + (i / best_columns) * h, w, h});
    return rects;
}

ArticleStage article_stage(const PixelRect& scene, int panes, float ui_scale) {
    ArticleStage a;
    panes = std::max(1, panes);
    const float width = 250.0f * static_cast<float>(panes), shown = width - 4.0f;  // the GIFs' 4 pixels short
    a.caption_px = ui_scale > 1.0f ? std::floor(kBodyPx * ui_scale * 2.4f) : 0.0f;  // a title and a rate line
    const float height = std::max(1.0f, scene.h - 2 * a.caption_px);
    a.scale = std::min(scene.w / shown, height / 300.0f);
    a.stage = {scene.x + std::floor((scene.w - shown * a.scale) / 2), scene.y + std::floor((scene.h - 300.0f * a.scale) / 2), width * a.scale,
               300.0f * a.scale};
    for (int i = 0; i < panes; ++i) {
        const float x = a.stage.x + 250.0f * a.scale * static_cast<float>(i);
        const float right = std::min(x + 250.0f * a.scale, scene.x + scene.w);
        a.panes.push_back({x, a.stage.y, std::max(0.0f, right - x), a.stage.h});
    }
    return a;
}

}  // namespace tsl::app
