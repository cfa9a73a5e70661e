// ui_panels.h — the window's layout, its control panel and what is drawn over
// the scene (caption, batch progress, legend). Immediate mode: each function
// reads the state and the scene and writes only the state.
#pragma once

#include "app_state.h"
#include "ui_style.h"

#include "core/npc_scene.h"
#include "core/view.h"

#include <imgui.h>

namespace tsl::app {

struct Layout {
    PixelRect panel;  // control panel, UI coordinates (empty when the UI is hidden)
    PixelRect scene;  // the scene area
    PixelRect dock;   // under the scene: timeline and plots (empty when hidden)
};
Layout compute_layout(const AppState& state, ImVec2 display_size);

// What the panel's buttons asked for this frame.
struct PanelRequests {
    bool toggle_pause = false;
    bool step = false;
    bool reset = false;
};

// `display_frame_ms`: smoothed time between displayed frames (0 when unknown).
PanelRequests draw_control_panel(AppState& state, const NpcScene& scene, const UiFonts& fonts, const PixelRect& rect,
                                 double display_frame_ms);

// Caption (mode and rate), batch progress, legend and frame counter, drawn
// over the scene area with `list`.
void draw_npc_overlay(ImDrawList* list, const UiFonts& fonts, const AppState& state, const NpcScene& scene,
                      const PixelRect& rect);

// Hover help for the last item: one or two plain sentences, wrapped.
void tooltip(const char* text);

// Job system workers by default: one per core besides the main thread.
int default_worker_count();

}  // namespace tsl::app
