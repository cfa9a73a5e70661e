// ui_panels.h — the window's layout, its control panel and what is drawn over
// the scene (caption, batch progress, legend). Immediate mode: each function
// reads the state and the scene and writes only the state.
#pragma once

#include "app/frame/app_state.h"
#include "app/frame/recording.h"
#include "app/ui/ui_style.h"

#include "core/exposure/exposure_scene.h"
#include "core/npc/npc_scene.h"
#include "core/geometry/view.h"

#include <string>
#include <vector>

#include <imgui.h>

namespace tsl::app {

struct Layout {
    PixelRect panel;   // control panel, UI coordinates (empty when the UI is hidden or in the presenter view)
    PixelRect scene;   // the scene area
    PixelRect dock;    // under the scene: timeline and plots (empty when hidden or in the presenter view)
    PixelRect lesson;  // right of the scene: the lesson card (a lesson taught, or the presenter view)
    PixelRect plot;    // presenter view: the one plot, under the scene
};
// The presenter view (state.presenter): the scene on the left with one plot
// under it, the lesson card filling the right. Otherwise the control panel on
// the left, the scene with the dock under it, and the lesson card on the
// right while a lesson is taught.
Layout compute_layout(const AppState& state, ImVec2 display_size);
// The comparison view's panes in `scene`: the grid of columns and rows that
// gives each pane's square view the largest side, left to right, top to bottom.
std::vector<PixelRect> pane_rects(const PixelRect& scene, int count);

// What the panel's buttons asked for this frame.
struct PanelRequests {
    bool toggle_pause = false;
    bool step = false;
    bool reset = false;
    std::string load_preset;  // a preset picked from the list ("" — none)
    std::string start_lesson; // a lesson picked from the list ("" — none)
    bool stop_lesson = false;
    std::string help;         // "keys" or "about": a help page asked for
    bool record_start = false, record_stop = false, record_cancel = false;
    bool snapshot = false;    // a PNG of the scene area
};

// A preset the picker offers.
struct PresetEntry {
    std::string name, title, description;
};

// `display_frame_ms`: smoothed time between displayed frames (0 when unknown).
// What the panel shows besides the state it edits.
struct PanelContext {
    const NpcScene* npc = nullptr;
    const ExposureScene* exposure = nullptr;  // null until the exposure scene is first opened
    std::int64_t frames = 0;                  // of the scene shown
    double step_s = 1.0 / 30.0;
    double display_frame_ms = 0;              // smoothed time between displayed frames (0 when unknown)
    const std::string* notice = nullptr;      // an error to show (a level that did not load)
    const std::vector<NpcMetricsSummary>* summaries = nullptr;  // per pane, since the last reset or change
    const std::vector<PresetEntry>* presets = nullptr;          // the picker's list
    const std::vector<PresetEntry>* lessons = nullptr;          // the lessons there are
    const Recording* recording = nullptr;                       // the GIF being recorded, if any
};

PanelRequests draw_control_panel(AppState& state, const PanelContext& context, const UiFonts& fonts, const PixelRect& rect);

// Parts of the panel, one per scene, and the part both share.
void draw_npc_sections(AppState& state, const NpcScene& scene, const UiFonts& fonts);
// Presets, the number of panes, and the summary table whose rows pick the pane
// the panel edits.
void draw_comparison_section(AppState& state, const PanelContext& context, const UiFonts& fonts);
// Lessons and the preset picker, for both scenes.
void draw_lessons_section(AppState& state, const PanelContext& context, const UiFonts& fonts, PanelRequests& requests);
void draw_exposure_sections(AppState& state, const ExposureScene& scene, const UiFonts& fonts);
void draw_view_section(AppState& state, const UiFonts& fonts, PanelRequests& requests);
// GIF recording of the scene area and PNG snapshots.
void draw_record_section(AppState& state, const Recording& recording, const UiFonts& fonts, PanelRequests& requests);

// The exposure scene's caption, the article's three figures, pass progress
// and legend, drawn over the scene area; and the tickets in flight.
void draw_exposure_overlay(ImDrawList* list, const UiFonts& fonts, const AppState& state, const ExposureScene& scene,
                           const PixelRect& rect);
void draw_tickets_panel(const ExposureScene& scene);

// A section of the panel that can be folded away; open by default.
bool section(const UiFonts& fonts, const char* title);
// A rate for people: "10", "3.33", "60,000".
std::string rate_number(double per_s);

// Caption (mode and rate), batch progress, legend and frame counter, drawn
// over the scene area with `list`.
// `pane` of `panes`: with more than one, the caption also names the
// threading and carries the pane's letter in its plot colour.
void draw_npc_overlay(ImDrawList* list, const UiFonts& fonts, const AppState& state, const NpcScene& scene,
                      const PixelRect& rect, int pane = 0, int panes = 1);
// "10 Hz  |  J 1, P 3  |  inline, same frame" and shorter forms, longest first.
std::vector<std::string> pane_subtitles(const NpcSceneConfig& config, bool with_threading);

// Job system workers by default: one per core besides the main thread.
int default_worker_count();

}  // namespace tsl::app
