// lab_settings.h — everything a user can set in the lab, as plain data: the
// scene shown, the NPC world and its panes, the exposure scene, the parallel
// engine and its panes, the job system, the clock, the view, recordings. One struct, owned by a LabSession
// and changed only through its commands; every field is described once, with
// its name, range, default, unit and help, in settings_schema.h.
#pragma once

#include "core/base/language.h"
#include "core/base/names.h"
#include "core/engine/engine_config.h"
#include "core/exposure/exposure_scene.h"
#include "core/npc/npc_comparison.h"
#include "core/settings/scene_kind.h"

#include <optional>
#include <string>
#include <string_view>

namespace tsl {

// Colours of every scene: the article's, or the Okabe–Ito colour-blind-safe set.
enum class PaletteKind : std::uint8_t { Classic, ColourBlind };
extern const EnumName kPaletteNames[4];  // "classic", "colour-blind" (also "color-blind", "okabe-ito")

// The UI's look: light, or high contrast for a washed-out projector.
enum class UiTheme : std::uint8_t { Light, HighContrast };
extern const EnumName kThemeNames[2];  // "light", "high-contrast"

// The tab under the scene.
enum class DockTab : std::uint8_t { Plots, Timing, Timeline, Tickets, Counters };
extern const EnumName kDockNames[5];  // "plots", "timing", "timeline", "tickets", "counters"

// A help page over the window.
enum class HelpPage : std::uint8_t { None, Keys, About, Board, Glossary };
extern const EnumName kHelpNames[5];  // "none", "keys", "about", "board" (the lesson's results board), "glossary"

std::string_view name_of(PaletteKind palette);
std::string_view name_of(UiTheme theme);
std::string_view name_of(DockTab tab);
std::string_view name_of(HelpPage page);
std::optional<PaletteKind> parse_palette(std::string_view text);
std::optional<UiTheme> parse_theme(std::string_view text);

struct RecordingSettings {
    std::string folder;                                                  // "" — "Timeslice Lab" in the pictures folder (default_output_folder)
    std::string name_template = "timeslice-lab-{preset}-{date}-{time}";  // without extension
    float seconds = 3.2f;                                                // 3.2 s — the article's clips; 0: until stopped
    int from_step = 0;  // 0 — `record` simulates this many steps before its first frame (the article's clips start mid-run)

    bool operator==(const RecordingSettings&) const = default;
};

struct LabSettings {
    SceneKind scene = SceneKind::Npc;       // npc — the scene shown
    // The NPC scene: one world shared by 1 .. kMaxPanes panes, and the pane
    // that pane-scope settings (mode, J, P, ...) change.
    NpcComparisonConfig npc;
    int edited_pane = 0;                    // 0 — the first pane
    bool link_panes = false;                // false — true: mode, J, P, gathering, threading change every pane
    bool mode_keys_restart = false;         // false — true: keys 1-5 and -/= restart the scene, as the article's demo does
    // The exposure scene: one world (level, grid, patrol, speeds, the rest of
    // the step) shared by 1 .. kMaxExposurePanes panes (mode, slice), and the
    // pane that exposure pane settings change.
    ExposureComparisonConfig exposure;
    int edited_exposure_pane = 0;           // 0 — the first pane
    bool show_rays = false;                 // false — exposure scene: draw a sample of the rays
    // The parallel engine: one world, one or two panes, and the pane that
    // engine pane settings (step mode, conflicts, queues, ...) change.
    EngineComparisonConfig engine;
    int edited_engine_pane = 0;             // 0 — the first pane
    bool show_routes = true;                // true — engine scene: each agent's line to its goal, and routes while ready
    int workers = -1;                       // -1 — job system workers: one per core besides the main thread

    // The clock.
    double time_scale = 1.0;                // 1 — simulated seconds per real second
    bool paused = false;                    // false — space toggles

    // The view.
    float ui_scale = 1.0f;                  // 1 — UI and font scale (1.5 for a 1080p projector, 2 for 4K)
    PaletteKind palette = PaletteKind::Classic;
    UiTheme theme = UiTheme::Light;
    Language language = Language::En;       // en — the lesson texts' and the UI's language (the window: the system's, core/base/language.h)
    bool presenter = false;                 // false — P toggles: the scene, the lesson card and one plot
    HelpPage help = HelpPage::None;         // none — ? and F1 show a page over everything (B: the results board)
    bool hide_ui = false;                   // false — H toggles: only the scene
    bool panel_open = true;                 // true — the control panel; false: folded to a strip with a button
    bool bottom_panel = true;               // true — the plots, timing diagram and timeline under the scene
    DockTab dock = DockTab::Plots;          // plots — the tab shown under the scene
    int follow_npc = -1;                    // -1 — none; else the NPC (its key) ringed in every pane, its job told in the timing diagram
    int timeline_steps = 3;                 // 3 — simulation steps the timeline's Fit view shows
    bool hide_idle_cursor = true;           // true — the pointer disappears after a few still seconds
    bool fullscreen = false;                // false — F toggles
    int window_width = 1600;                // window size, screen coordinates
    int window_height = 900;

    RecordingSettings recording;

    // The lessons' results boards: every step's guess, and what its reveal
    // measured and modelled (core/session/results_board.h), kept with the
    // settings so that a restart does not lose them. "" — no guess yet.
    std::string results_board;

    // The pane pane-scope settings change: `pane` when it names one, else the edited pane.
    NpcPaneSettings& pane(int pane = -1);
    const NpcPaneSettings& pane(int pane = -1) const;
    int pane_index(int pane = -1) const;
    // 1 .. kMaxPanes panes; new ones copy the last (without its caption).
    void set_pane_count(int count);
    // Pane-scope settings change pane `index` from now on (clamped).
    void select_pane(int index);
    // Pane `index`'s whole scene configuration.
    NpcSceneConfig pane_scene(int index) const { return npc.pane_scene(static_cast<std::size_t>(pane_index(index))); }

    // The engine pane engine pane settings change: `pane` when it names one, else the edited one.
    EnginePaneConfig& engine_pane(int pane = -1);
    const EnginePaneConfig& engine_pane(int pane = -1) const;
    int engine_pane_index(int pane = -1) const;
    // 1 .. kMaxEnginePanes engine panes; a new one copies the last (without its caption).
    void set_engine_pane_count(int count);

    // The exposure pane exposure pane settings change: `pane` when it names one, else the edited one.
    ExposurePaneConfig& exposure_pane(int pane = -1);
    const ExposurePaneConfig& exposure_pane(int pane = -1) const;
    // 1 .. kMaxExposurePanes exposure panes; a new one copies the last.
    void set_exposure_pane_count(int count);

    bool operator==(const LabSettings&) const = default;
};

}  // namespace tsl
