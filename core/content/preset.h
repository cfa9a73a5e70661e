// preset.h — ready-made set-ups, as small TOML files in assets/presets/ that a
// teacher can read, copy and edit: the article's figures for the NPC scene
// (each mode at 10 Hz and 30 Hz, debug lines on and off), all four modes side
// by side, threading comparisons, and the exposure scene's execution modes.
//
// File format (`#` starts a comment). Every key except `title` and one
// [[pane]] is optional and defaults to the setting's default; keys, ranges
// and names are those of core/settings/settings_schema.h (`timeslice-lab
// --help` lists them):
//
//   title = "Async In / Async Out at 10 Hz"   # required, shown in the UI
//   description = "What to look for, in one or two sentences."
//   [zh-Hant]                # optional (and [zh-Hans]), after the keys above (a
//   title = "..."            #   table's keys follow its header): the title and
//   description = "..."      #   description in that language (core/base/language.h);
//                            #   either may be left out, and shows in English
//   workers = 1              # job system workers: -1 (default: one per core) .. 32
//   record_from_step = 978   # `record` starts its clip after this many steps, 0 .. 1000000
//
//   [scene]                  # the NPC world, shared by every pane: one clock, one target path
//   npcs = 10                # 1 .. 100000
//   target_period = 3.0      # seconds per lap of the target, 0.1 .. 600
//   turn_speed = 50          # the NPCs' turn cap, deg/s, 0 .. 3600
//   steps_per_s = 30         # fixed simulation steps per second, 1 .. 240
//   job_cost_us = 0          # extra busy work per decision, microseconds, 0 .. 100000
//   look = "lab"             # lab | article (the demo's layout and drawing)
//
//   [[pane]]                 # 1 to 5 of these, shown left to right
//   mode = "aiao"            # update-all | aiao | siao | siso | aiso
//   jobs_per_update = 1      # J, 1 .. 100000
//   update_every = 3         # P, 1 .. 1000 (J = 1, P = 3 at 30 steps/s is "10 Hz")
//   gather = "same-frame"    # same-frame | next-frame
//   threading = "inline"     # inline | thread-per-job | pool
//   sync_save = "last-finish"  # SISO, AISO: save when the last job finishes | next-batch (as the demo)
//   debug_lines = true       # the thin line to the target position each decision saw
//   highlight_running = true # mark the NPCs whose job runs this update
//   caption = "..."          # replaces the caption the app builds from mode, rate and threading
//   article_lock = false     # the article's threaded version: reads under a read lock, the write lock held through the update
//   danger_map = false       # the decisions read the target from a timesliced danger map, by key (danger_map.h)
//   map_mode = "siso"        # the map's mode: update-all | aiao | siao | siso | aiso
//   map_jobs = 3             # the map's J: cells per update, 1 .. 12
//   map_every = 1            # the map's P: it updates every P frames, 1 .. 1000
//
// An exposure-scene preset has one [exposure] table instead of [scene] and
// [[pane]]:
//
//   [exposure]
//   level = "courtyard"      # a level in assets/levels, "random", or a path to a level file
//   seed = 1                 # of the random level, 0 .. 4294967295
//   grid_size = 100          # cells per side, 10 .. 1000
//   mode = "next-frame"      # single | same-frame | next-frame | timesliced
//   algorithm = "rays"       # rays | sweep
//   ray_caster = "lanes"     # rays: plain (the article's) | free-runs | lanes, the same map
//   slice_percent = 25       # timesliced: share of the work per step, 0.1 .. 100
//   sentinel_speed = 0.08    # grid widths per second, 0 .. 2
//   character_speed = 0.15   # grid widths per second, 0 .. 2
//   steps_per_s = 30         # 1 .. 240
//   other_work_ms = 0        # the rest of the main thread's step, busy work in ms, 0 .. 50
//   gather_late = false      # same frame: kick before the other work, gather after it
//   job_cost_us = 0          # busy work added to the exposure work per 1000 cells, us, 0 .. 10000 (at most 100 ms a map)
//   show_rays = false        # draw a sample of the sentinel's rays
//
// Two or three maps side by side, on one clock behind one sentinel: the
// [exposure] table gives what they share (everything above but mode,
// slice_percent and gather_late), and each map has an [[exposure_pane]]
// table with those three:
//
//   [[exposure_pane]]
//   mode = "single"
//
//   [[exposure_pane]]
//   mode = "timesliced"
//   slice_percent = 10
//
// An engine-scene preset has one [engine] table (the world both panes share)
// and one or two [[engine_pane]] tables (docs/engine.md says what each does):
//
//   [engine]
//   agents = 2000            # 1 .. 10000
//   destinations = 8         # rally points, 1 .. 32
//   agent_speed = 4.0        # cells per second, 0.1 .. 20
//   turn_speed = 270         # the animation system's cap, deg/s, 0 .. 3600
//   route_ticks = 2          # ticks before the path service answers, 0 .. 300
//   seed = 1                 # 0 .. 4294967295
//   ticks_per_s = 30         # 1 .. 240
//   show_routes = true       # lines to the goals, and routes while ready
//
//   [[engine_pane]]          # 1 or 2 of these, left to right
//   step_mode = "lock-step"  # lock-step | free-step
//   conflict_rule = "priority"   # time | priority
//   change_queues = "per-thread" # per-thread | locked
//   decomposition = "both"   # both | functional | data
//   threading = "pool"       # inline | pool
//   ai_ticks = 3             # lock-step: every N ticks; free-step: a run takes N ticks (at least N, ending when done); 1 .. 30
//   physics_ticks = 1        # 1 .. 30
//   animation_ticks = 1      # 1 .. 30
//   free_step_end = "ticks"  # ticks | work-done: a free-step run ends after its ticks, or at the first tick its work is done
//   ai_thread = false        # with the job system: each AI run goes to a thread of the AI's own
//   ai_cost_ms = 0           # real work added to each AI run, ms, 0 .. 200
//   physics_cost_ms = 0      # the same for physics
//   animation_cost_ms = 0    # the same for animation
//   cost_spread = 0          # % each run's cost varies by, 0 .. 100
//   subtask_agents = 256     # agents per sub-task, 1 .. 10000
//   share_routes = true      # the path service shares identical requests and keeps answers
//   caption = "..."          # replaces the caption built from the settings
//
// Errors: loading never throws. A failed load (core/base/result.h) says
// "file:line: what is wrong" — TOML syntax errors, unknown keys (a typo must
// not pass silently), wrong types, values out of range, unknown names (the
// message lists the accepted ones), no pane or more than five, the tables of
// two scenes in one file, no title.
// When a file has several problems, the one nearest its top is reported.
//
// Threading: plain functions, safe to call from any thread.
#pragma once

#include "core/base/language.h"
#include "core/base/result.h"
#include "core/engine/engine_config.h"
#include "core/exposure/exposure_scene.h"
#include "core/npc/npc_comparison.h"
#include "core/settings/scene_kind.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tsl {

inline constexpr std::size_t kMaxPresetPanes = kMaxPanes;

// A preset's words in one language ("" — that part shows in English).
struct PresetWords {
    std::string title, description;
};

struct Preset {
    std::string name;                 // file stem, e.g. "aiao-10hz"
    std::string title;                // "Async In / Async Out at 10 Hz"
    std::string description;          // one or two plain sentences for the UI
    int workers = -1;                 // -1 — job system workers, -1 = the job system's default
    SceneKind scene = SceneKind::Npc; // npc — exposure: the file has an [exposure] table (and [[exposure_pane]]s); engine: [engine] and [[engine_pane]]s
    NpcComparisonConfig npc;          // NPC scene: the world and 1 .. kMaxPresetPanes panes, left to right (none for exposure)
    ExposureComparisonConfig exposure;  // the exposure scene's world and 1 .. kMaxExposurePanes panes (its assets_dir is left empty)
    bool show_rays = false;           // false — exposure scene: draw a sample of the rays
    EngineComparisonConfig engine;    // the engine scene's world and 1 .. kMaxEnginePanes panes
    bool show_routes = true;          // true — engine scene: lines to the goals, and routes while ready
    int record_from_step = 0;         // 0 — `record` starts its clip after this many steps (the article's clips start mid-run)
    std::array<PresetWords, kLanguages> in_language;  // [zh-Hant], [zh-Hans]: its [<code>] table ([en] unused)
};

// Parses the text of a preset file; `file_name` is used in errors and its stem
// becomes the preset's name.
Result<Preset> parse_preset(const std::string& text, const std::string& file_name);

// Reads (core/base/text_file.h) and parses a file; one that cannot be read is
// "path: REASON" ("no such preset file", "is a folder, not a preset file").
Result<Preset> load_preset(const std::string& path);

// assets_dir/presets/NAME.toml (a trailing ".toml" on the name is accepted);
// an unknown name fails with FailKind::Refused, listing the available presets.
Result<Preset> load_preset_by_name(const std::string& assets_dir, const std::string& name);

// Stems of the .toml files in assets_dir/presets, sorted; empty when there is none.
std::vector<std::string> list_presets(const std::string& assets_dir);

// The scene config one pane runs: the shared world with that pane's timeslicing
// (an NPC preset only).
NpcSceneConfig pane_scene_config(const Preset& preset, std::size_t pane);

}  // namespace tsl
