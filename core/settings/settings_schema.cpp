// settings_schema.cpp — the table of every setting, and the one place values
// are checked. (The names of the lab's own choices and LabSettings' pane
// helpers: lab_settings.cpp; where no worker thread can start:
// thread_fallback.cpp.)
//
// [SECTION] Values
// [SECTION] The table
// [SECTION] Checking, setting, help
#include "core/settings/settings_schema.h"

#include <algorithm>
#include <charconv>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <limits>
#include <type_traits>

namespace tsl {

// --- [SECTION] Values -----------------------------------------------------------

namespace {

// std::from_chars for a double. Emscripten's C++ library (the browser build,
// web/) has it for integers only; there strtod does the work (its locale is
// always "C"), held to from_chars's rules: no leading space, no '+', no
// hexadecimal.
std::from_chars_result number_from_chars(const char* first, const char* last, double& value) {
#ifndef __EMSCRIPTEN__
    return std::from_chars(first, last, value);
#else
    const std::string text(first, last);
    if (text.empty() || std::isspace(static_cast<unsigned char>(text[0])) || text[0] == '+' ||
        text.find_first_of("xX") != std::string::npos)
        return {first, std::errc::invalid_argument};
    char* end = nullptr;
    errno = 0;
    const double parsed = std::strtod(text.c_str(), &end);
    if (end == text.c_str()) return {first, std::errc::invalid_argument};
    const char* ptr = first + (end - text.c_str());
    if (errno == ERANGE) return {ptr, std::errc::result_out_of_range};
    value = parsed;
    return {ptr, std::errc{}};
#endif
}

}  // namespace

std::int64_t int_value(const FieldValue& v) {
    if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
    if (const auto* d = std::get_if<double>(&v)) return static_cast<std::int64_t>(*d);
    if (const auto* b = std::get_if<bool>(&v)) return *b;
    return 0;
}

double number_value(const FieldValue& v) {
    if (const auto* d = std::get_if<double>(&v)) return *d;
    return static_cast<double>(int_value(v));
}

bool bool_value(const FieldValue& v) {
    if (const auto* b = std::get_if<bool>(&v)) return *b;
    return int_value(v) != 0;
}

const std::string& text_value(const FieldValue& v) {
    static const std::string none;
    const auto* s = std::get_if<std::string>(&v);
    return s ? *s : none;
}

namespace {

// A setting's member as a FieldValue and back (the value has been checked).
template <class T>
FieldValue to_value(const T& member) {
    if constexpr (std::is_same_v<T, bool>) return member;
    else if constexpr (std::is_same_v<T, std::string>) return member;
    else if constexpr (std::is_floating_point_v<T>) return static_cast<double>(member);
    else return static_cast<std::int64_t>(member);  // integers and enums
}

template <class T>
void from_value(const FieldValue& v, T& member) {
    if constexpr (std::is_same_v<T, bool>) member = bool_value(v);
    else if constexpr (std::is_same_v<T, std::string>) member = text_value(v);
    else if constexpr (std::is_floating_point_v<T>) member = static_cast<T>(number_value(v));
    else member = static_cast<T>(int_value(v));
}

}  // namespace

// get and set of one member of LabSettings `s` (`p`: the pane asked for).
#define TSL_ACCESS(member)                                                                \
    .get = [](const LabSettings& s, int p) -> FieldValue { (void)p; return to_value(member); }, \
    .set = [](LabSettings& s, int p, const FieldValue& v) { (void)p; from_value(v, member); }

// --- [SECTION] The table --------------------------------------------------------

namespace {

using W = FieldUi::Widget;
constexpr double kMaxSeed = 4294967295.0;

double npc_count_of(const LabSettings& s) { return std::max<double>(1, s.npc.world.npc_count); }

const FieldSpec kFields[] = {
    // The scene, and the panes of the NPC scene.
    {.key = setting::scene.key, .scope = FieldScope::Scene, .kind = FieldKind::Enum,
     .help = "Scene shown: NPCs facing a target, the sentinel's exposure grid, or the parallel engine.", .names = kSceneNames,
     .noun = "scene",
     .preset_key = "-", .settings_key = "scene", .ui = {W::Radios}, TSL_ACCESS(s.scene)},
    {.key = setting::panes.key, .scope = FieldScope::Panes, .kind = FieldKind::Int, .min = 1, .max = kMaxPanes,
     .help = "Panes side by side, each with its own mode, J, P, gathering and threading, all on one clock and one target path "
             "(2 to 5: the comparison view). New panes copy the last; changing the number restarts them together.",
     .preset_key = "-", .ui = {W::Slider},
     .get = [](const LabSettings& s, int) -> FieldValue { return static_cast<std::int64_t>(s.npc.panes.size()); },
     .set = [](LabSettings& s, int, const FieldValue& v) { s.set_pane_count(static_cast<int>(int_value(v))); }},
    {.key = setting::pane.key, .scope = FieldScope::Panes, .kind = FieldKind::Int, .min = 1, .max = kMaxPanes,
     .help = "The pane the next mode, J, P, gathering, threading and drawing options set (adds panes up to it).",
     .preset_key = "-", .ui = {W::Hidden},
     .get = [](const LabSettings& s, int) -> FieldValue { return static_cast<std::int64_t>(s.edited_pane + 1); },
     .set = [](LabSettings& s, int, const FieldValue& v) {
         const int index = static_cast<int>(int_value(v));
         if (index > static_cast<int>(s.npc.panes.size())) s.set_pane_count(index);
         s.select_pane(index - 1);
     }},

    {.key = setting::link_panes.key, .scope = FieldScope::Panes, .kind = FieldKind::Bool, .label = "link panes",
     .help = "Mode, J, P, gathering and threading change every pane at once (the keys 1-5 too); drawing stays per pane. On for "
             "presets whose panes differ only in drawing.",
     .preset_key = "-", TSL_ACCESS(s.link_panes)},
    {.key = setting::mode_keys_restart.key, .scope = FieldScope::Panes, .kind = FieldKind::Bool, .label = "keys restart",
     .help = "Keys 1-5 (mode) and - / = (10 or 30 updates a second) restart the scene from frame 0, as the article's demo does.",
     .preset_key = "-", TSL_ACCESS(s.mode_keys_restart)},

    // One pane: the timing of its decisions and how it is drawn.
    {.key = setting::mode.key, .scope = FieldScope::Pane, .kind = FieldKind::Enum, .help = "Input/output timing mode of the NPC decisions.",
     .names = kModeNames, .noun = "mode", .cli_flag = "--mode", .settings_key = "npc.mode", .linked = true, .ui = {W::Radios},
     TSL_ACCESS(s.pane(p).timeslicing.mode)},
    {.key = setting::jobs_per_update.key, .scope = FieldScope::Pane, .kind = FieldKind::Int, .min = 1, .max = kMaxNpcs,
     .label = "jobs per update (J)",
     .help = "How many decision jobs each update starts. More jobs: fresher decisions, more work per frame.",
     .cli_flag = "--jobs-per-update", .settings_key = "npc.jobs_per_update",
     .linked = true, .ui = {W::Slider, 1, 0, true, "%.0f", npc_count_of}, TSL_ACCESS(s.pane(p).timeslicing.jobs_per_update)},
    {.key = setting::update_every.key, .scope = FieldScope::Pane, .kind = FieldKind::Int, .min = 1, .max = 1000, .unit = "frames",
     .label = "update every (P)",
     .help = "The timeslicer runs on frames that are multiples of P. The article's 10 Hz is J = 1, P = 3 at 30 frames/s.",
     .cli_flag = "--update-every", .settings_key = "npc.update_every", .linked = true, .ui = {W::Slider, 1, 30, false, "%.0f frames"},
     TSL_ACCESS(s.pane(p).timeslicing.update_every_frames)},
    {.key = setting::gather.key, .scope = FieldScope::Pane, .kind = FieldKind::Enum, .label = "Gathering",
     .help = "When started jobs are finished: in the same update (the main thread waits for them), or at the start of the next (it "
             "waits only for jobs still running then).",
     .names = kGatheringNames,
     .noun = "gathering", .cli_flag = "--gather", .settings_key = "npc.gather", .linked = true, .ui = {W::RadioRow},
     TSL_ACCESS(s.pane(p).timeslicing.gathering)},
    {.key = setting::threading.key, .scope = FieldScope::Pane, .kind = FieldKind::Enum,
     .help = "Where jobs run: the main thread, a new thread each, or the job system.", .names = kThreadingNames,
     .noun = "threading", .cli_flag = "--threading", .linked = true, .ui = {W::RadioRow}, TSL_ACCESS(s.pane(p).timeslicing.threading)},
    {.key = setting::sync_save.key, .scope = FieldScope::Pane, .kind = FieldKind::Enum, .label = "SO saved",
     .help = "When synchronous output (SISO, AISO) is saved: as soon as the batch's last job finishes, or when the next batch "
             "starts (the article's demo).",
     .names = kSyncSaveNames, .noun = "save timing", .linked = true, .ui = {W::Combo}, TSL_ACCESS(s.pane(p).timeslicing.sync_save)},
    {.key = setting::debug_lines.key, .scope = FieldScope::Pane, .kind = FieldKind::Bool, .label = "debug lines",
     .help = "A thin line from each NPC to the target position its current decision was computed from.",
     TSL_ACCESS(s.pane(p).debug_lines)},
    {.key = setting::highlight_running.key, .scope = FieldScope::Pane, .kind = FieldKind::Bool, .label = "running halo",
     .help = "A halo around each NPC whose decision job the last update started.", TSL_ACCESS(s.pane(p).highlight_running)},
    {.key = setting::caption.key, .scope = FieldScope::Pane, .kind = FieldKind::Text,
     .help = "The pane's caption (empty: made from the mode, rate and threading).", .ui = {W::Hidden},
     TSL_ACCESS(s.pane(p).caption)},
    {.key = setting::article_lock.key, .scope = FieldScope::Pane, .kind = FieldKind::Bool, .label = "the article's lock",
     .help = "The timeslicing article's threaded version: the rest of the game reads the decisions on a worker while the timeslicer "
             "updates, each lookup under a read lock, and the update holds the write lock throughout, joining its job threads "
             "included, so the readers wait (docs/semantics.md, section 8). With inline or thread-per-job threading and a worker; "
             "not with the pool. Set by a preset (article-lock) or --set, not in the panel.",
     .ui = {W::Hidden}, TSL_ACCESS(s.pane(p).article_lock)},
    {.key = setting::danger_map.key, .scope = FieldScope::Pane, .kind = FieldKind::Bool, .label = "read a danger map",
     .help = "The decisions read where the target is from a second timesliced system, by key: a map of twelve cells round the "
             "target's circle, each saying whether the target is in it. The map has its own mode, J and P; a map whose cells come "
             "from different moments can show the target in no cell or in two (docs/semantics.md, section 9).",
     TSL_ACCESS(s.pane(p).map.on)},
    {.key = setting::map_mode.key, .scope = FieldScope::Pane, .kind = FieldKind::Enum, .label = "map mode",
     .help = "Input/output timing of the danger map's cells. SISO makes every cell from one moment, so the map always agrees "
             "with itself; the others mix moments.",
     .names = kModeNames, .noun = "mode", .ui = {W::Combo}, TSL_ACCESS(s.pane(p).map.mode)},
    {.key = setting::map_jobs.key, .scope = FieldScope::Pane, .kind = FieldKind::Int, .min = 1, .max = kMapCells, .unit = "cells",
     .label = "map cells per update", .help = "How many of the map's twelve cells each of its updates computes (its J).",
     .ui = {W::Slider, 1, kMapCells, false, "%.0f cells"}, TSL_ACCESS(s.pane(p).map.jobs_per_update)},
    {.key = setting::map_every.key, .scope = FieldScope::Pane, .kind = FieldKind::Int, .min = 1, .max = 1000, .unit = "frames",
     .label = "map update every", .help = "The danger map updates on frames that are multiples of this (its P).",
     .ui = {W::Slider, 1, 30, false, "%.0f frames"}, TSL_ACCESS(s.pane(p).map.update_every_frames)},

    // The NPC world every pane shares.
    {.key = setting::npcs.key, .scope = FieldScope::World, .kind = FieldKind::Int, .min = 1, .max = kMaxNpcs, .label = "NPCs",
     .help = "Number of NPCs. Up to 64 stand on a ring, as in the article; more fill a field.", .cli_flag = "--npcs",
     .settings_key = "npc.count", .ui = {W::Slider, 0, 0, true, "%.0f"}, TSL_ACCESS(s.npc.world.npc_count)},
    {.key = setting::target_period.key, .scope = FieldScope::World, .kind = FieldKind::Float, .min = 0.1, .max = 600, .unit = "s",
     .label = "target lap", .help = "Seconds the target takes to go once round its circle.", .cli_flag = "--target-period",
     .ui = {W::Slider, 0.5, 20, true, "%.1f s"}, TSL_ACCESS(s.npc.world.target_period_s)},
    {.key = setting::turn_speed.key, .scope = FieldScope::World, .kind = FieldKind::Float, .min = 0, .max = 3600, .unit = "deg/s",
     .label = "turn speed", .help = "The animation layer turns each NPC toward its newest decision at most this fast, every frame.",
     .cli_flag = "--turn-speed", .ui = {W::Slider, 0, 360, false, "%.0f deg/s"}, TSL_ACCESS(s.npc.world.max_turn_deg_per_s)},
    {.key = setting::steps_per_s.key, .scope = FieldScope::World, .kind = FieldKind::Int, .min = 1, .max = 240,
     .help = "Fixed simulation steps per second (resets the scene).", .ui = {W::Hidden}, TSL_ACCESS(s.npc.world.steps_per_s)},
    {.key = setting::job_cost_us.key, .scope = FieldScope::World, .kind = FieldKind::Float, .min = 0, .max = 100'000, .unit = "us",
     .label = "job cost",
     .help = "Real busy work added to every decision job, in microseconds, so its cost shows up in the frame time even with a "
             "handful of NPCs.",
     .cli_flag = "--job-cost", .ui = {W::Slider, 0, 5000, true, "%.0f us"}, TSL_ACCESS(s.npc.world.job_cost_us)},

    {.key = setting::look.key, .scope = FieldScope::World, .kind = FieldKind::Enum, .label = "layout",
     .help = "Where the NPCs stand and how the target moves: the lab's ring, or the article's demo (its ring, the target from 12 "
             "o'clock clockwise, drawn as its animations are). Resets the scene.",
     .names = kLookNames, .noun = "look", .ui = {W::Combo}, TSL_ACCESS(s.npc.world.look)},

    // The job system.
    {.key = setting::workers.key, .scope = FieldScope::Threads, .kind = FieldKind::Int, .min = -1, .max = JobSystem::kMaxWorkers,
     .help = "Worker threads of the job system (-1: one per core besides the main thread). 0 is allowed: jobs then run on "
             "the main thread when it waits for them.",
     .cli_flag = "--workers", .ui = {W::Slider, 0, 8, false, "%.0f"}, TSL_ACCESS(s.workers)},

    // The exposure scene: its panes, and what each has of its own.
    {.key = setting::exposure_panes.key, .scope = FieldScope::Exposure, .kind = FieldKind::Int, .min = 1, .max = kMaxExposurePanes,
     .label = "panes",
     .help = "Exposure scene: one map, or two or three side by side on one clock, one patrol and one start of the character, each "
             "with its own mode, map and character. A new pane copies the last; changing the number restarts them.",
     .preset_key = "-", .ui = {W::Hidden},
     .get = [](const LabSettings& s, int) -> FieldValue { return static_cast<std::int64_t>(s.exposure.panes.size()); },
     .set = [](LabSettings& s, int, const FieldValue& v) { s.set_exposure_pane_count(static_cast<int>(int_value(v))); }},
    {.key = setting::exposure_pane.key, .scope = FieldScope::Exposure, .kind = FieldKind::Int, .min = 1, .max = kMaxExposurePanes,
     .help = "Exposure scene: the pane the next exposure mode, slice and gathering settings change (adds panes up to it).",
     .preset_key = "-", .ui = {W::Hidden},
     .get = [](const LabSettings& s, int) -> FieldValue { return static_cast<std::int64_t>(s.edited_exposure_pane + 1); },
     .set = [](LabSettings& s, int, const FieldValue& v) {
         const int index = static_cast<int>(int_value(v));
         if (index > static_cast<int>(s.exposure.panes.size())) s.set_exposure_pane_count(index);
         s.edited_exposure_pane = std::clamp(index - 1, 0, static_cast<int>(s.exposure.panes.size()) - 1);
     }},
    {.key = setting::exposure_mode.key, .scope = FieldScope::ExposurePane, .kind = FieldKind::Enum,
     .help = "Exposure scene: how the exposure map is computed and gathered.", .names = kExposureModeNames,
     .noun = "exposure mode", .preset_key = "mode", .ui = {W::Radios}, TSL_ACCESS(s.exposure_pane(p).mode)},
    {.key = setting::slice_percent.key, .scope = FieldScope::ExposurePane, .kind = FieldKind::Float, .min = 0.1, .max = 100, .unit = "%",
     .label = "slice", .help = "Timesliced: the share of the cells (rays) or of the eight octants (sweep) computed each step.",
     .ui = {W::Slider, 1, 100, true, "%.0f%% per step"}, TSL_ACCESS(s.exposure_pane(p).slice_percent)},
    {.key = setting::algorithm.key, .scope = FieldScope::Exposure, .kind = FieldKind::Enum, .label = "Algorithm",
     .help = "Exposure scene: per-cell rays (the article's) or the visibility sweep.", .names = kAlgorithmNames,
     .noun = "algorithm", .ui = {W::RadioRow}, TSL_ACCESS(s.exposure.world.algorithm)},
    {.key = setting::ray_caster.key, .scope = FieldScope::Exposure, .kind = FieldKind::Enum,
     .help = "Exposure scene: how the per-cell rays are cast. plain is the article's one ray per cell, its cells read one by "
#ifdef __wasm_simd128__  // the browser edition's lanes (core/exposure/exposure_rays.cpp)
             "one; free-runs and lanes (eight rays at a time with WebAssembly SIMD) are optimisations that give the same map. "
#else
             "one; free-runs and lanes (eight rays at a time with AVX2) are optimisations that give the same map. "
#endif
             "`timeslice-lab bench` measures the three side by side.",
     .names = kRayCasterNames, .noun = "ray caster", .ui = {W::Hidden}, TSL_ACCESS(s.exposure.world.ray_caster)},
    {.key = setting::level.key, .scope = FieldScope::Exposure, .kind = FieldKind::Text, .min = 1,
     .help = "Exposure scene: a level in assets/levels, random, or a level file.", .ui = {W::Combo},
     TSL_ACCESS(s.exposure.world.level)},
    {.key = setting::seed.key, .scope = FieldScope::Exposure, .kind = FieldKind::Int, .min = 0, .max = kMaxSeed,
     .help = "Exposure scene: the seed of the random level. The same seed always makes the same level.", .ui = {W::Input},
     TSL_ACCESS(s.exposure.world.seed)},
    {.key = setting::grid_size.key, .scope = FieldScope::Exposure, .kind = FieldKind::Int, .min = 10, .max = 1000, .label = "grid",
     .help = "Cells per side. 100 x 100 = 10,000 cells, the article's figure; a level is stretched to any size.",
     .ui = {W::Slider, 0, 0, true, "%.0f cells a side"}, TSL_ACCESS(s.exposure.world.grid_size)},
    {.key = setting::sentinel_speed.key, .scope = FieldScope::Exposure, .kind = FieldKind::Float, .min = 0, .max = 2, .unit = "grid/s",
     .label = "sentinel speed", .help = "How fast the sentinel walks its loop, in grid widths per second.",
     .ui = {W::Slider, 0, 1.5, false, "%.2f grid/s"}, TSL_ACCESS(s.exposure.world.sentinel_speed)},
    {.key = setting::character_speed.key, .scope = FieldScope::Exposure, .kind = FieldKind::Float, .min = 0, .max = 2, .unit = "grid/s",
     .label = "character speed", .help = "How fast the shy character walks to its hiding place, in grid widths per second.",
     .ui = {W::Slider, 0, 1.5, false, "%.2f grid/s"}, TSL_ACCESS(s.exposure.world.character_speed)},
    {.key = setting::exposure_steps_per_s.key, .scope = FieldScope::Exposure, .kind = FieldKind::Int, .min = 1, .max = 240,
     .help = "Exposure scene: fixed simulation steps per second (resets the scene).", .preset_key = "steps_per_s",
     .ui = {W::Hidden}, TSL_ACCESS(s.exposure.world.steps_per_s)},
    {.key = setting::other_work_ms.key, .scope = FieldScope::Exposure, .kind = FieldKind::Float, .min = 0, .max = 50, .unit = "ms",
     .label = "other work",
     .help = "The rest of the main thread's step (in a game: animation, physics, drawing), as real busy work after the exposure "
             "update. With 'kick early, gather late' it runs between the start of the exposure jobs and their gather.",
     .ui = {W::Slider, 0, 40, false, "%.1f ms"}, TSL_ACCESS(s.exposure.world.other_work_ms)},
    {.key = setting::gather_late.key, .scope = FieldScope::ExposurePane, .kind = FieldKind::Bool, .label = "kick early, gather late",
     .help = "Same frame: start the exposure jobs before the other main-thread work and gather them after it, instead of waiting "
             "for them at once. The map is still this step's; the main thread waits only if the jobs outlast the other work.",
     TSL_ACCESS(s.exposure_pane(p).gather_late)},
    {.key = setting::exposure_job_cost_us.key, .scope = FieldScope::Exposure, .kind = FieldKind::Float, .min = 0, .max = 10'000,
     .unit = "us", .label = "job cost",
     .help = "Real busy work added to the exposure work for every 1000 cells it computes, in microseconds, so a map costs the "
             "same on every machine: 1000 us makes 10,000 cells 10 ms of work more (at most 100 ms a map).",
     .preset_key = "job_cost_us", .ui = {W::Slider, 0, 5000, true, "%.0f us / 1000 cells"}, TSL_ACCESS(s.exposure.world.job_cost_us)},
    {.key = setting::show_rays.key, .scope = FieldScope::Exposure, .kind = FieldKind::Bool, .label = "show rays",
     .help = "A sample of rays from the eye as it is now, coloured by the map on screen: amber to cells it shows exposed, blue to "
             "hidden ones. When the map is older than the eye (next frame, timesliced), some amber rays cross walls.", TSL_ACCESS(s.show_rays)},

    // The parallel engine: its world, shared by its panes.
    {.key = setting::engine_panes.key, .scope = FieldScope::EngineWorld, .kind = FieldKind::Int, .min = 1, .max = kMaxEnginePanes, .label = "panes",
     .help = "Engine scene: one pane, or two side by side with one world and clock, each with its own step mode, rule, queues and "
             "threading. A new pane copies the first; changing the number restarts them.",
     .preset_key = "-", .ui = {W::Slider},
     .get = [](const LabSettings& s, int) -> FieldValue { return static_cast<std::int64_t>(s.engine.panes.size()); },
     .set = [](LabSettings& s, int, const FieldValue& v) { s.set_engine_pane_count(static_cast<int>(int_value(v))); }},
    {.key = setting::engine_pane.key, .scope = FieldScope::EngineWorld, .kind = FieldKind::Int, .min = 1, .max = kMaxEnginePanes,
     .help = "Engine scene: the pane the next engine pane settings change (adds panes up to it).", .preset_key = "-", .ui = {W::Hidden},
     .get = [](const LabSettings& s, int) -> FieldValue { return static_cast<std::int64_t>(s.edited_engine_pane + 1); },
     .set = [](LabSettings& s, int, const FieldValue& v) {
         const int index = static_cast<int>(int_value(v));
         if (index > static_cast<int>(s.engine.panes.size())) s.set_engine_pane_count(index);
         s.edited_engine_pane = std::clamp(index - 1, 0, static_cast<int>(s.engine.panes.size()) - 1);
     }},
    {.key = setting::agents.key, .scope = FieldScope::EngineWorld, .kind = FieldKind::Int, .min = 1, .max = kMaxAgents,
     .help = "Engine scene: agents in the arena (the arena grows with them). Resets the scene.", .cli_flag = "--agents",
     .settings_key = "engine.agents", .ui = {W::Slider, 0, 0, true, "%.0f"}, TSL_ACCESS(s.engine.world.agents)},
    {.key = setting::destinations.key, .scope = FieldScope::EngineWorld, .kind = FieldKind::Int, .min = 1, .max = kMaxDestinations,
     .label = "rally points",
     .help = "Engine scene: the rally points agents walk between. Few rally points, many agents: routes are shared. Resets the scene.",
     .cli_flag = "--destinations", .ui = {W::Slider}, TSL_ACCESS(s.engine.world.destinations)},
    {.key = setting::agent_speed.key, .scope = FieldScope::EngineWorld, .kind = FieldKind::Float, .min = 0.1, .max = 20, .unit = "cells/s",
     .label = "agent speed", .help = "Engine scene: how fast agents walk. Resets the scene.", .cli_flag = "--agent-speed",
     .ui = {W::Slider, 0.5, 10, false, "%.1f cells/s"}, TSL_ACCESS(s.engine.world.agent_speed)},
    {.key = setting::agent_turn_speed.key, .scope = FieldScope::EngineWorld, .kind = FieldKind::Float, .min = 0, .max = 3600, .unit = "deg/s",
     .label = "turn speed", .help = "Engine scene: the animation system turns an agent toward the way it moves at most this fast. Resets the scene.",
     .preset_key = "turn_speed", .ui = {W::Slider, 0, 720, false, "%.0f deg/s"}, TSL_ACCESS(s.engine.world.turn_speed)},
    {.key = setting::route_ticks.key, .scope = FieldScope::EngineWorld, .kind = FieldKind::Int, .min = 0, .max = 300, .unit = "ticks",
     .label = "route answered after",
     .help = "Engine scene: ticks between the AI asking the path service for a route and the answer. Resets the scene.",
     .cli_flag = "--route-ticks", .ui = {W::Slider, 0, 30, false, "%.0f ticks"}, TSL_ACCESS(s.engine.world.route_ticks)},
    {.key = setting::engine_seed.key, .scope = FieldScope::EngineWorld, .kind = FieldKind::Int, .min = 0, .max = kMaxSeed, .label = "seed",
     .help = "Engine scene: where agents start and which rally points they pick. The same seed, the same run. Resets the scene.",
     .cli_flag = "--engine-seed", .preset_key = "seed", .ui = {W::Input}, TSL_ACCESS(s.engine.world.seed)},
    {.key = setting::engine_ticks_per_s.key, .scope = FieldScope::EngineWorld, .kind = FieldKind::Int, .min = 1, .max = 240,
     .help = "Engine scene: the scheduler's ticks per second (resets the scene).", .preset_key = "ticks_per_s", .ui = {W::Hidden},
     TSL_ACCESS(s.engine.world.ticks_per_s)},
    {.key = setting::show_routes.key, .scope = FieldScope::EngineWorld, .kind = FieldKind::Bool, .label = "goals and routes",
     .help = "Engine scene: a line from each agent (or an even sample of them) to its goal, dashed while its route is pending, "
             "and the route it follows once ready.",
     TSL_ACCESS(s.show_routes)},

    // One engine pane.
    {.key = setting::step_mode.key, .scope = FieldScope::EnginePane, .kind = FieldKind::Enum, .label = "Step mode",
     .help = "Lock-step: every system starts and finishes within the tick. Free-step: a system's changes are merged its number of "
             "ticks after its run starts (or, when runs end as their work is done, at the first tick after that which finds it "
             "done), and carry their values.",
     .names = kStepModeNames, .noun = "step mode", .cli_flag = "--step-mode", .ui = {W::RadioRow}, TSL_ACCESS(s.engine_pane(p).step_mode)},
    {.key = setting::conflict_rule.key, .scope = FieldScope::EnginePane, .kind = FieldKind::Enum, .label = "Conflicts by",
     .help = "Which of two changes to one value survives the merge: the newer data (time), or the higher system (priority: AI, "
             "physics, animation).",
     .names = kConflictRuleNames, .noun = "conflict rule", .cli_flag = "--conflict-rule", .ui = {W::RadioRow},
     TSL_ACCESS(s.engine_pane(p).conflicts)},
    {.key = setting::change_queues.key, .scope = FieldScope::EnginePane, .kind = FieldKind::Enum, .label = "Change queues",
     .help = "Per-thread queues take changes with no lock; one locked queue makes every post take a mutex (measured), then must be "
             "sorted.",
     .names = kQueueKindNames, .noun = "queue kind", .cli_flag = "--change-queues", .ui = {W::RadioRow}, TSL_ACCESS(s.engine_pane(p).queues)},
    {.key = setting::decomposition.key, .scope = FieldScope::EnginePane, .kind = FieldKind::Enum, .label = "Decomposition",
     .help = "Functional: systems side by side. Data: one system's agents split over the cores. Both: each system split, side by side.",
     .names = kDecompositionNames, .noun = "decomposition", .cli_flag = "--decomposition", .ui = {W::Combo},
     TSL_ACCESS(s.engine_pane(p).decomposition)},
    {.key = setting::engine_threading.key, .scope = FieldScope::EnginePane, .kind = FieldKind::Enum, .label = "Tasks run",
     .help = "On the job system, or inline on the main thread, one after another (nothing to split or wait for).",
     .names = kEngineThreadingNames, .noun = "threading", .cli_flag = "--engine-threading", .preset_key = "threading",
     .ui = {W::RadioRow}, TSL_ACCESS(s.engine_pane(p).threading)},
    {.key = setting::ai_ticks.key, .scope = FieldScope::EnginePane, .kind = FieldKind::Int, .min = 1, .max = kMaxSystemTicks, .unit = "ticks",
     .label = "AI ticks", .help = "Lock-step: the AI runs every N ticks, within the tick. Free-step: the AI's changes are merged N ticks after its run starts "
             "(at the earliest, when runs end as their work is done), and the next run starts after that.", .cli_flag = "--ai-ticks",
     .ui = {W::Slider, 1, 10, false, "%.0f ticks"}, TSL_ACCESS(s.engine_pane(p).ai_ticks)},
    {.key = setting::physics_ticks.key, .scope = FieldScope::EnginePane, .kind = FieldKind::Int, .min = 1, .max = kMaxSystemTicks, .unit = "ticks",
     .label = "physics ticks", .help = "Lock-step: physics runs every N ticks, within the tick. Free-step: its changes are merged N ticks after its run starts.",
     .cli_flag = "--physics-ticks", .ui = {W::Slider, 1, 10, false, "%.0f ticks"}, TSL_ACCESS(s.engine_pane(p).physics_ticks)},
    {.key = setting::animation_ticks.key, .scope = FieldScope::EnginePane, .kind = FieldKind::Int, .min = 1, .max = kMaxSystemTicks,
     .unit = "ticks", .label = "animation ticks",
     .help = "Lock-step: animation runs every N ticks, within the tick. Free-step: its changes are merged N ticks after its run starts.", .cli_flag = "--animation-ticks",
     .ui = {W::Slider, 1, 10, false, "%.0f ticks"}, TSL_ACCESS(s.engine_pane(p).animation_ticks)},
    {.key = setting::free_step_end.key, .scope = FieldScope::EnginePane, .kind = FieldKind::Enum, .label = "Free-step runs end",
     .help = "After its ticks: a free-step run's changes are merged its ticks after it starts, and that tick waits for its work if it "
             "has not ended. When its work is done: no tick waits; once its ticks are up the run ends at the first tick that finds its "
             "work ended, so its length is measured (and can differ from run to run).",
     .names = kFreeStepEndNames, .noun = "free-step end", .cli_flag = "--free-step-end", .ui = {W::RadioRow},
     TSL_ACCESS(s.engine_pane(p).free_step_end)},
    {.key = setting::ai_thread.key, .scope = FieldScope::EnginePane, .kind = FieldKind::Bool, .label = "AI on its own thread",
     .help = "With the job system: each AI run goes whole to a thread of its own, fed by the main thread, instead of to the task "
             "manager, so a slow AI never holds a worker or the main thread the other systems need.",
     TSL_ACCESS(s.engine_pane(p).ai_thread)},
    {.key = setting::ai_cost_ms.key, .scope = FieldScope::EnginePane, .kind = FieldKind::Float, .min = 0, .max = kMaxSystemCostMs, .unit = "ms",
     .label = "AI cost", .help = "Real work added to every AI run (spinning on the clock, shared by its sub-tasks): a slow system. "
             "Lock-step ticks wait for it; free-step runs can span ticks.", .cli_flag = "--ai-cost-ms",
     .ui = {W::Slider, 0, 100, false, "%.0f ms"}, TSL_ACCESS(s.engine_pane(p).ai_cost_ms)},
    {.key = setting::physics_cost_ms.key, .scope = FieldScope::EnginePane, .kind = FieldKind::Float, .min = 0, .max = kMaxSystemCostMs,
     .unit = "ms", .label = "physics cost", .help = "Real work added to every physics run, as for the AI.", .cli_flag = "--physics-cost-ms",
     .ui = {W::Slider, 0, 100, false, "%.0f ms"}, TSL_ACCESS(s.engine_pane(p).physics_cost_ms)},
    {.key = setting::animation_cost_ms.key, .scope = FieldScope::EnginePane, .kind = FieldKind::Float, .min = 0, .max = kMaxSystemCostMs,
     .unit = "ms", .label = "animation cost", .help = "Real work added to every animation run, as for the AI.",
     .cli_flag = "--animation-cost-ms", .ui = {W::Slider, 0, 100, false, "%.0f ms"}, TSL_ACCESS(s.engine_pane(p).animation_cost_ms)},
    {.key = setting::cost_spread.key, .scope = FieldScope::EnginePane, .kind = FieldKind::Int, .min = 0, .max = 100, .unit = "%",
     .label = "cost varies by", .help = "Each run's added work is drawn between (100 - N)% and (100 + N)% of its system's cost, the same "
             "draw for the same seed, system and tick.", .cli_flag = "--cost-spread",
     .ui = {W::Slider, 0, 100, false, "%.0f%%"}, TSL_ACCESS(s.engine_pane(p).cost_spread)},
    {.key = setting::subtask_agents.key, .scope = FieldScope::EnginePane, .kind = FieldKind::Int, .min = 1, .max = kMaxAgents, .unit = "agents",
     .label = "sub-task size",
     .help = "The most agents in one piece of a split system: its agents are cut into equal pieces no larger than this. Threads claim "
             "pieces with an atomic add and run quick neighbours in one call, so small pieces balance better and cost more claims, not "
             "a dispatch each.",
     .cli_flag = "--subtask-agents", .ui = {W::Slider, 1, 4096, true, "%.0f agents"}, TSL_ACCESS(s.engine_pane(p).subtask_agents)},
    {.key = setting::share_routes.key, .scope = FieldScope::EnginePane, .kind = FieldKind::Bool, .label = "share tickets",
     .help = "The path service gives agents asking for a route to the same rally point one ticket and one search, and keeps answers "
             "for later requests. Off, for comparison: every ticket is a search of its own and nothing is kept (while the answers "
             "held fit in 64 MB; past that they share again). Set by a preset (engine-tickets) or --set, not in the panel.",
     .ui = {W::Hidden}, TSL_ACCESS(s.engine_pane(p).share_routes)},
    {.key = setting::engine_caption.key, .scope = FieldScope::EnginePane, .kind = FieldKind::Text,
     .help = "Engine scene: the pane's caption (empty: made from its settings).", .preset_key = "caption", .ui = {W::Hidden},
     TSL_ACCESS(s.engine_pane(p).caption)},

    // The clock.
    {.key = setting::time_scale.key, .scope = FieldScope::Clock, .kind = FieldKind::Float, .min = 0.05, .max = 8, .label = "time scale",
     .help = "Simulated seconds per real second: slow motion below 1. The simulation still advances in fixed steps.",
     .preset_key = "-", .ui = {W::Slider, 0.05, 4, true, "%.2fx"}, TSL_ACCESS(s.time_scale)},
    {.key = setting::paused.key, .scope = FieldScope::Clock, .kind = FieldKind::Bool,
     .help = "Start paused (space toggles, right arrow steps).", .preset_key = "-", .ui = {W::Hidden}, TSL_ACCESS(s.paused)},

    // How the window looks.
    {.key = setting::presenter.key, .scope = FieldScope::View, .kind = FieldKind::Bool, .label = "presenter view",
     .help = "Only the scene, the lesson step (or the preset's description) and one plot, for the projector (P).",
     .preset_key = "-", TSL_ACCESS(s.presenter)},
    {.key = setting::theme.key, .scope = FieldScope::View, .kind = FieldKind::Enum, .label = "high contrast",
     .help = "Black on white with heavier borders, for a washed-out projector.", .names = kThemeNames, .noun = "theme",
     .preset_key = "-", .settings_key = "theme", .ui = {W::Checkbox}, TSL_ACCESS(s.theme)},
    {.key = setting::language.key, .scope = FieldScope::View, .kind = FieldKind::Enum, .label = "language 語言 语言",
     .help = "The lab's language, in every panel, help page, lesson and card: English, or the Chinese of the articles.", .names = kLanguageNames,
     .noun = "language", .preset_key = "-", .settings_key = "language", .ui = {W::Combo}, TSL_ACCESS(s.language)},
    {.key = setting::bottom_panel.key, .scope = FieldScope::View, .kind = FieldKind::Bool, .label = "plots and timeline",
     .help = "The tabs under the scene: plots, the timing diagram, and what every thread did over the last steps.",
     .preset_key = "-", TSL_ACCESS(s.bottom_panel)},
    {.key = setting::palette.key, .scope = FieldScope::View, .kind = FieldKind::Enum, .label = "colour-blind palette",
     .help = "Okabe-Ito colours in every scene: no meaning rests on red against green.", .names = kPaletteNames,
     .noun = "palette", .preset_key = "-", .settings_key = "palette", .ui = {W::Checkbox}, TSL_ACCESS(s.palette)},
    {.key = setting::ui_scale.key, .scope = FieldScope::View, .kind = FieldKind::Float, .min = 0.5, .max = 4, .label = "UI scale",
     .help = "Size of the panels and their text. 1.5 suits a 1080p projector, 2 a 4K one.", .preset_key = "-",
     .settings_key = "ui_scale", .ui = {W::Slider, 0.75, 3, false, "%.2fx"}, TSL_ACCESS(s.ui_scale)},
    {.key = setting::hide_idle_cursor.key, .scope = FieldScope::View, .kind = FieldKind::Bool, .label = "hide idle pointer",
     .help = "The mouse pointer disappears after a few seconds without movement, and comes back when it moves.",
     .preset_key = "-", TSL_ACCESS(s.hide_idle_cursor)},
    {.key = setting::help.key, .scope = FieldScope::View, .kind = FieldKind::Enum,
     .help = "A help page over the window: the keyboard shortcuts (?), About the modes (F1), the lesson's results board (B) or the glossary (G).", .names = kHelpNames,
     .noun = "help page", .preset_key = "-", .ui = {W::Hidden}, TSL_ACCESS(s.help)},
    {.key = setting::hide_ui.key, .scope = FieldScope::View, .kind = FieldKind::Bool, .help = "Show only the scene (H toggles).",
     .preset_key = "-", .ui = {W::Hidden}, TSL_ACCESS(s.hide_ui)},
    {.key = setting::panel_open.key, .scope = FieldScope::View, .kind = FieldKind::Bool,
     .help = "The control panel on the left (false: folded to a narrow strip, and the scene gets its width; Tab toggles).",
     .preset_key = "-", .settings_key = "panel_open", .ui = {W::Hidden}, TSL_ACCESS(s.panel_open)},
    {.key = setting::dock.key, .scope = FieldScope::View, .kind = FieldKind::Enum,
     .help = "Tab under the scene: plots, timing diagram, timeline, path tickets (exposure, engine), counters (engine).",
     .names = kDockNames, .noun = "tab",
     .preset_key = "-", .ui = {W::Hidden}, TSL_ACCESS(s.dock)},
    {.key = setting::follow_npc.key, .scope = FieldScope::View, .kind = FieldKind::Int, .min = -1, .max = kMaxNpcs - 1,
     .help = "NPC scene: the NPC followed (its key, 0 the first; -1 none), ringed in every pane with the target as its decision "
             "saw it, and its job's input, start, finish and save told and marked in the timing diagram.",
     .preset_key = "-", .ui = {W::Hidden}, TSL_ACCESS(s.follow_npc)},
    {.key = setting::timeline_steps.key, .scope = FieldScope::Timeline, .kind = FieldKind::Int, .min = 1, .max = 20, .label = "steps shown",
     .help = "How many of the latest simulation steps the timeline's Fit view shows.", .preset_key = "-", .ui = {W::Slider}, TSL_ACCESS(s.timeline_steps)},
    {.key = setting::fullscreen.key, .scope = FieldScope::View, .kind = FieldKind::Bool, .help = "Open full screen (F toggles).",
     .preset_key = "-", .ui = {W::Hidden}, TSL_ACCESS(s.fullscreen)},
    {.key = setting::window_width.key, .scope = FieldScope::View, .kind = FieldKind::Int, .min = 320, .max = 16384,
     .help = "Width of the window, in screen coordinates.", .preset_key = "-", .settings_key = "window.width", .ui = {W::Hidden},
     TSL_ACCESS(s.window_width)},
    {.key = setting::window_height.key, .scope = FieldScope::View, .kind = FieldKind::Int, .min = 240, .max = 16384,
     .help = "Height of the window, in screen coordinates.", .preset_key = "-", .settings_key = "window.height",
     .ui = {W::Hidden}, TSL_ACCESS(s.window_height)},

    // GIF recordings and PNG snapshots.
    {.key = setting::record_seconds.key, .scope = FieldScope::Record, .kind = FieldKind::Float, .min = 0, .max = 600, .unit = "s",
     .label = "seconds", .help = "Length of a GIF recording in simulated seconds (0: until stopped with R).", .preset_key = "-",
     .ui = {W::Slider, 0.5, 60, true, "%.1f s"}, TSL_ACCESS(s.recording.seconds)},
    {.key = setting::record_from_step.key, .scope = FieldScope::Record, .kind = FieldKind::Int, .min = 0, .max = 1'000'000,
     .help = "The record command simulates this many steps before its first frame (the article's clips start mid-run).",
     .preset_key = "record_from_step", .ui = {W::Hidden}, TSL_ACCESS(s.recording.from_step)},
    {.key = setting::record_folder.key, .scope = FieldScope::Record, .kind = FieldKind::Text, .min = 0, .label = "folder",
     .help = "Where recordings, PNG snapshots and CSV exports are saved; empty: \"Timeslice Lab\" in your pictures folder, made when first needed.",
     .preset_key = "-", .settings_key = "record.folder", .ui = {W::Input}, TSL_ACCESS(s.recording.folder)},
    {.key = setting::record_name.key, .scope = FieldScope::Record, .kind = FieldKind::Text, .min = 1, .label = "file name",
     .help = "File name of recordings, without extension; {preset} {mode} {date} {time} {lang} are filled in ({preset}: the preset's name, or one made from the settings once they differ from it, such as siao-10ups; {lang}: the language, which a Chinese recording's name otherwise ends with).", .preset_key = "-",
     .ui = {W::Input}, TSL_ACCESS(s.recording.name_template)},
    // Kept, not shown: the lessons' guesses and results (core/session/results_board.h).
    {.key = setting::results_board.key, .scope = FieldScope::Record, .kind = FieldKind::Text, .min = 0, .label = "results board",
     .help = "The lessons' results boards (B shows the lesson's): each step's guess, measured value and model.", .preset_key = "-",
     .settings_key = "lesson.results_board", .ui = {W::Hidden}, TSL_ACCESS(s.results_board)},
};

// What --help shows as a text field's accepted values.
std::string_view text_placeholder(const FieldSpec& f) {
    if (f.key == "level") return "courtyard|pillars|rooms|warehouse|random|FILE";
    if (f.key == "record_folder") return "DIR";
    if (f.key == "record_name") return "TEMPLATE";
    return "TEXT";
}

std::string number_text(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.10g", v);
    return buffer;
}

}  // namespace

#undef TSL_ACCESS

static_assert(std::size(kFields) == std::size(kSettingNames), "a row of the settings table for every name in setting_names.h, and no other");

std::span<const FieldSpec> settings_schema() { return kFields; }

const FieldSpec* find_field(std::string_view key) {
    for (const FieldSpec& f : kFields)
        if (f.key == key) return &f;
    return nullptr;
}

const FieldSpec& field_of(SettingName name) {
    if (const FieldSpec* f = find_field(name.key)) return *f;
    std::fprintf(stderr, "field_of: '%.*s' has no row in the settings table (settings_schema.cpp)\n", static_cast<int>(name.key.size()),
                 name.key.data());
    std::abort();
}

const FieldSpec* find_preset_field(FieldScope scope, std::string_view file_key) {
    for (const FieldSpec& f : kFields)
        if (f.scope == scope && f.in_presets() && f.file_key() == file_key) return &f;
    return nullptr;
}

// --- [SECTION] Checking, setting, help ----------------------------------------------

std::string accepted_values(const FieldSpec& f) {
    switch (f.kind) {
        case FieldKind::Int:
        case FieldKind::Float: {
            std::string range = number_text(f.min);
            range.append(" to ").append(number_text(f.max));
            if (!f.unit.empty()) range.append(1, ' ').append(f.unit);
            return range;
        }
        case FieldKind::Bool: return "true or false";
        case FieldKind::Enum: return canonical_names(f.names);
        case FieldKind::Text: return "text";
    }
    return {};
}

std::string accepted_short(const FieldSpec& f) {
    switch (f.kind) {
        case FieldKind::Int:
        case FieldKind::Float: return number_text(f.min) + ".." + number_text(f.max);
        case FieldKind::Bool: return "true|false";
        case FieldKind::Enum: return canonical_names(f.names, "|");
        case FieldKind::Text: return std::string(text_placeholder(f));
    }
    return {};
}

namespace {

// Built by appending: GCC 12 warns falsely (-Wrestrict) about "'" + std::string(...).
std::string quoted(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 2);
    out.append(1, '\'').append(text).append(1, '\'');
    return out;
}

bool parse_bool_text(std::string_view text, bool& out) {
    for (const char* yes : {"true", "on", "yes", "1"})
        if (same_name(text, yes)) {
            out = true;
            return true;
        }
    for (const char* no : {"false", "off", "no", "0"})
        if (same_name(text, no)) {
            out = false;
            return true;
        }
    return false;
}

}  // namespace

Result<FieldValue> check_value(const FieldSpec& f, FieldValue v) {
    if (const auto* text = std::get_if<std::string>(&v); text && f.kind != FieldKind::Text) return parse_value(f, *text);
    switch (f.kind) {
        case FieldKind::Bool:
            if (!std::holds_alternative<bool>(v)) return Failed{"should be true or false", FailKind::Refused};
            return v;
        case FieldKind::Text:
            if (!std::holds_alternative<std::string>(v)) return Failed{"should be text", FailKind::Refused};
            if (f.min > 0 && text_value(v).empty()) return Failed{"is empty", FailKind::Refused};
            return v;
        case FieldKind::Enum: {
            if (std::holds_alternative<bool>(v) || std::holds_alternative<double>(v) || !canonical(f.names, static_cast<int>(int_value(v))))
                return Failed{"should be one of " + accepted_values(f), FailKind::Refused};
            return v;
        }
        case FieldKind::Int:
        case FieldKind::Float: {
            if (std::holds_alternative<bool>(v)) return Failed{"should be a number (" + accepted_values(f) + ")", FailKind::Refused};
            const double d = number_value(v);
            const std::string shown = std::holds_alternative<double>(v) ? number_text(d) : std::to_string(int_value(v));
            if (!std::isfinite(d) || d < f.min || d > f.max)
                return Failed{shown + " is out of range (" + accepted_values(f) + ")", FailKind::Refused};
            if (f.kind == FieldKind::Int) {
                if (d != std::floor(d))
                    return Failed{shown + " is not a whole number (" + accepted_values(f) + ")", FailKind::Refused};
                v = static_cast<std::int64_t>(d);
            } else {
                v = d;
            }
            return v;
        }
    }
    return v;
}

Result<FieldValue> parse_value(const FieldSpec& f, std::string_view text) {
    switch (f.kind) {
        case FieldKind::Text:
            return check_value(f, std::string(text));
        case FieldKind::Bool: {
            bool b = false;
            if (!parse_bool_text(text, b)) return Failed{quoted(text) + " is not true or false", FailKind::Refused};
            return FieldValue(b);
        }
        case FieldKind::Enum: {
            const std::optional<int> value = parse_name(f.names, text);
            const bool vowel = !f.noun.empty() && std::string_view("aeiou").find(f.noun.front()) != std::string_view::npos;
            if (!value)
                return Failed{quoted(text) + (vowel ? " is not an " : " is not a ") + std::string(f.noun) + "; accepted: " + accepted_values(f),
                              FailKind::Refused};
            return FieldValue(static_cast<std::int64_t>(*value));
        }
        case FieldKind::Int:
        case FieldKind::Float: {
            double d = 0;
            const char* end = text.data() + text.size();
            const auto [ptr, ec] = number_from_chars(text.data(), end, d);
            if (text.empty() || ec == std::errc::invalid_argument || ptr != end)
                return Failed{quoted(text) + " is not a number (" + accepted_values(f) + ")", FailKind::Refused};
            if (ec == std::errc::result_out_of_range || !std::isfinite(d))
                return Failed{quoted(text) + " is out of range (" + accepted_values(f) + ")", FailKind::Refused};
            return check_value(f, d);
        }
    }
    return Failed{"unknown kind of setting"};
}

std::string format_value(const FieldSpec& f, const FieldValue& v) {
    switch (f.kind) {
        case FieldKind::Bool: return bool_value(v) ? "true" : "false";
        case FieldKind::Enum: return std::string(name_for(f.names, static_cast<int>(int_value(v))));
        case FieldKind::Text: return text_value(v);
        case FieldKind::Int: return std::to_string(int_value(v));
        case FieldKind::Float: return number_text(number_value(v));
    }
    return {};
}

Status set_field(LabSettings& settings, const FieldSpec& f, FieldValue value, int pane) {
    const Result<FieldValue> checked = check_value(f, std::move(value));
    if (!checked) return Failed{std::string(f.key) + ": " + checked.error(), FailKind::Refused};
    f.set(settings, pane, *checked);
    return {};
}

FieldValue get_field(const LabSettings& settings, const FieldSpec& f, int pane) { return f.get(settings, pane); }

std::optional<Assignment> split_assignment(std::string_view assignment) {
    const std::size_t eq = assignment.find('=');
    if (eq == std::string_view::npos) return std::nullopt;
    return Assignment{std::string(assignment.substr(0, eq)), std::string(assignment.substr(eq + 1))};
}

Status apply_assignment(LabSettings& settings, std::string_view assignment) {
    std::string names;
    for (const FieldSpec& f : kFields) names += (names.empty() ? "" : ", ") + std::string(f.key);
    const std::optional<Assignment> split = split_assignment(assignment);
    if (!split) return Failed{quoted(assignment) + " is not NAME=VALUE; names: " + names, FailKind::Refused};
    const FieldSpec* f = find_field(split->name);
    if (!f) return Failed{quoted(split->name) + " is not a setting; names: " + names, FailKind::Refused};
    return set_field(settings, *f, split->value);
}

std::string schema_help() {
    std::string out = "Controls for --set NAME=VALUE:\n";
    for (const FieldSpec& f : kFields) {
        char line[512];
        std::snprintf(line, sizeof line, "  %-20s %-32s %.*s\n", std::string(f.key).c_str(), accepted_short(f).c_str(),
                      static_cast<int>(f.help.size()), f.help.data());
        out += line;
    }
    return out;
}

}  // namespace tsl
