// app_state.h — everything the user can set in the window, in one struct owned
// by main and passed down (no mutable globals). The scene, the view options
// and the clock read it; the control panel, the keyboard, --set and the
// settings file write it.
#pragma once

#include "app/render/exposure_renderer.h"
#include "app/render/npc_renderer.h"
#include "app/render/palette.h"
#include "app/frame/recording.h"

#include "core/exposure/exposure_scene.h"
#include "core/npc/npc_scene.h"
#include "core/content/settings.h"

#include <string>
#include <vector>

namespace tsl {
struct Preset;
}

namespace tsl::app {

// One pane of the NPC scene's comparison view: its own timing and drawing,
// with the shared world (NPC count, target, turn speed, job cost, step rate).
struct PaneState {
    TimeslicerConfig timeslicing;
    NpcDrawOptions draw;
    std::string caption;  // empty — built from the mode, rate and threading

    bool operator==(const PaneState&) const = default;
};

inline constexpr int kMaxPanes = 5;

struct AppState {
    std::string scene = "npc";      // npc | exposure — the scene shown
    // The NPC scene: the world every pane shares (NPC count, turn speed,
    // target period, job cost, step rate) and, in npc.timeslicing and
    // npc_draw, the settings of the pane being edited — the panel, the keys
    // and --set edit those; sync_edited_pane() copies them into panes.
    NpcSceneConfig npc;
    std::vector<PaneState> panes{PaneState{}};  // 1 .. kMaxPanes; more than one is the comparison view
    int edited_pane = 0;            // 0 — the pane the panel edits
    std::string preset;             // the preset last loaded ("" — none), shown by the picker
    ExposureSceneConfig exposure;   // level, grid size, execution mode, algorithm, slice, speeds
    int workers = -1;               // -1 — job system workers: one per core besides the main thread
    NpcDrawOptions npc_draw;        // debug lines, running halos
    ExposureDrawOptions exposure_draw;  // rays
    PaletteKind palette = PaletteKind::Classic;  // classic — or colour-blind (Okabe-Ito), for every scene
    UiTheme theme = UiTheme::Light;  // light — or high-contrast, for a washed-out projector
    double time_scale = 1.0;        // 1 — simulated seconds per real second
    bool paused = false;            // false — space toggles
    float ui_scale = 1.0f;          // 1 — UI and font scale (1.5 for a 1080p projector, 2 for 4K)
    bool hide_ui = false;           // false — H toggles: only the scene is drawn
    bool show_bottom_panel = true;  // true — the timeline (and plots) under the scene
    int timeline_frames = 3;        // 3 — simulation steps the timeline shows
    std::string dock_tab = "plots"; // plots | timing | timeline | tickets — the tab shown under the scene
    int window_width = 1600;        // window size, screen coordinates
    int window_height = 900;
    bool fullscreen = false;        // false — F toggles
    bool hide_idle_cursor = true;   // true — the mouse pointer disappears after a few still seconds over the window
    // Classroom: a lesson from assets/lessons, taught step by step.
    std::string lesson;             // "" — none; else its name
    int lesson_step = 0;            // 0 — the step shown, from 0
    bool lesson_revealed = false;   // false — the step's measured answer is shown
    bool presenter = false;         // false — P toggles: only the scene, the step's text and one plot
    std::string overlay;            // "" — or "keys" (?) or "about" (F1): a help page over everything
    RecordingSettings recording;    // folder, file-name template, duration of GIF recordings

    // Copies the edited pane's settings (npc.timeslicing, npc_draw) into panes.
    void sync_edited_pane();
    // Edits another pane from now on (its settings move into npc and npc_draw).
    void select_pane(int index);
    // 1 .. kMaxPanes panes; new ones copy the last one.
    void set_pane_count(int count);
    // The whole configuration of pane `index`'s scene.
    NpcSceneConfig pane_config(int index) const;
    const NpcDrawOptions& pane_draw(int index) const { return index == edited_pane ? npc_draw : panes.at(index).draw; }
    // A preset's world, panes and workers; pane 1 is edited afterwards.
    void apply_preset(const Preset& preset);
};

// Where levels (assets/levels) are: $TSL_ASSETS_DIR, else the source tree's assets/.
std::string assets_directory();

// Settings file <-> state: the parts that persist between runs.
void apply_settings(AppState& state, const Settings& settings);
Settings settings_of(const AppState& state);

}  // namespace tsl::app
