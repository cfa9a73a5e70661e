// app_state.h — everything the user can set in the window, in one struct owned
// by main and passed down (no mutable globals). The scene, the view options
// and the clock read it; the control panel, the keyboard, --set and the
// settings file write it.
#pragma once

#include "exposure_renderer.h"
#include "npc_renderer.h"
#include "palette.h"

#include "core/exposure_scene.h"
#include "core/npc_scene.h"
#include "core/settings.h"

#include <string>

namespace tsl::app {

struct AppState {
    std::string scene = "npc";      // npc | exposure — the scene shown
    NpcSceneConfig npc;             // mode, J, P, gathering, threading, NPC count, turn speed, target period, job cost
    ExposureSceneConfig exposure;   // level, grid size, execution mode, algorithm, slice, speeds
    int workers = -1;               // -1 — job system workers: one per core besides the main thread
    NpcDrawOptions npc_draw;        // debug lines, running halos
    ExposureDrawOptions exposure_draw;  // rays
    PaletteKind palette = PaletteKind::Classic;  // classic — or colour-blind (Okabe-Ito), for every scene
    double time_scale = 1.0;        // 1 — simulated seconds per real second
    bool paused = false;            // false — space toggles
    float ui_scale = 1.0f;          // 1 — UI and font scale (1.5 for a 1080p projector, 2 for 4K)
    bool hide_ui = false;           // false — H toggles: only the scene is drawn
    bool show_bottom_panel = true;  // true — the timeline (and plots) under the scene
    int timeline_frames = 3;        // 3 — simulation steps the timeline shows
    int window_width = 1600;        // window size, screen coordinates
    int window_height = 900;
    bool fullscreen = false;        // false — F toggles
};

// Where levels (assets/levels) are: $TSL_ASSETS_DIR, else the source tree's assets/.
std::string assets_directory();

// Settings file <-> state: the parts that persist between runs.
void apply_settings(AppState& state, const Settings& settings);
Settings settings_of(const AppState& state);

}  // namespace tsl::app
