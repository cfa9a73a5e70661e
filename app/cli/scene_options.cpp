#include "app/cli/scene_options.h"

#include "app/frame/app_state.h"

#include "core/content/preset.h"

namespace tsl::app {

namespace {

CLI::Validator one_of(std::string what, std::string accepted, bool (*is_valid)(const std::string&)) {
    return CLI::Validator(
        [what, accepted, is_valid](std::string& value) -> std::string {
            if (is_valid(value)) return {};
            return "'" + value + "' is not a " + what + "; accepted: " + accepted;
        },
        "", what);
}

}  // namespace

CLI::Validator mode_validator() {
    return one_of("mode", accepted_modes(), [](const std::string& s) { return parse_mode(s).has_value(); });
}

CLI::Validator gathering_validator() {
    return one_of("gathering", accepted_gatherings(), [](const std::string& s) { return parse_gathering(s).has_value(); });
}

CLI::Validator threading_validator() {
    return one_of("threading", accepted_threadings(), [](const std::string& s) { return parse_threading(s).has_value(); });
}

void add_npc_run_options(CLI::App& command, NpcRunOptions& options) {
    NpcSceneConfig& scene = options.scene;
    command.add_option("--mode", options.mode, "Timing mode: " + accepted_modes())
        ->check(mode_validator())
        ->capture_default_str();
    command.add_option("--npcs", scene.npc_count, "Number of NPCs (keys), 1 to 100000")
        ->check(CLI::Range(1u, kMaxNpcs))
        ->capture_default_str();
    command.add_option("--jobs-per-update", scene.timeslicing.jobs_per_update, "J: jobs started per update, at least 1")
        ->check(CLI::Range(1u, 1'000'000u))
        ->capture_default_str();
    command.add_option("--update-every", scene.timeslicing.update_every_frames, "P: update on frames that are multiples of P, at least 1")
        ->check(CLI::Range(1u, 1'000'000u))
        ->capture_default_str();
    command.add_option("--frames", options.frames, "Frames (fixed steps) to simulate")
        ->check(CLI::Range(std::int64_t{0}, std::int64_t{100'000'000}))
        ->capture_default_str();
    command.add_option("--gather", options.gathering, "When started jobs are gathered: " + accepted_gatherings())
        ->check(gathering_validator())
        ->capture_default_str();
    command.add_option("--threading", options.threading, "Where jobs run: " + accepted_threadings())
        ->check(threading_validator())
        ->capture_default_str();
    command.add_option("--workers", options.workers, "Job system workers for --threading pool (default: one per core besides the main thread)")
        ->check(CLI::Range(0, 64));
    command.add_option("--turn-speed", scene.max_turn_deg_per_s, "Animation turn cap, degrees per second")
        ->check(CLI::Range(0.0, 100'000.0))
        ->capture_default_str();
    command.add_option("--target-period", scene.target_period_s, "Seconds per lap of the target")
        ->check(CLI::Range(0.1, 3600.0))
        ->capture_default_str();
    command.add_option("--job-cost", scene.job_cost_us, "Extra busy work per decision, microseconds")
        ->check(CLI::Range(0.0, 100'000.0))
        ->capture_default_str();
    command.add_option("--preset", options.preset, "A preset in assets/presets as the base (options given here override it)");
    command.add_option("--pane", options.pane, "Which pane of the preset to run, from 1")->check(CLI::Range(1, 5))->capture_default_str();
}

ArgumentProblem preset_problem(const PresetLoad& loaded) {
    if (loaded.preset) return {};
    return {loaded.error, loaded.unknown_name ? 2 : 1};
}

ArgumentProblem NpcRunOptions::resolve(const CLI::App& command) {
    NpcSceneConfig given = scene;
    given.timeslicing.mode = *parse_mode(mode);
    given.timeslicing.gathering = *parse_gathering(gathering);
    given.timeslicing.threading = *parse_threading(threading);
    if (preset.empty()) {
        scene = given;
        return {};
    }
    const PresetLoad loaded = load_preset_by_name(assets_directory(), preset);
    if (!loaded.preset) return preset_problem(loaded);
    if (loaded.preset->exposure_scene)
        return {"preset '" + preset + "' is for the exposure scene; this command runs the NPC scene (try screenshot or record)", 2};
    if (pane > static_cast<int>(loaded.preset->panes.size()))
        return {"--pane " + std::to_string(pane) + ": preset '" + preset + "' has " + std::to_string(loaded.preset->panes.size()) + " pane(s)",
                1};
    scene = pane_scene_config(*loaded.preset, static_cast<std::size_t>(pane - 1));
    auto given_here = [&](const char* name) { return command.get_option(name)->count() > 0; };
    if (given_here("--mode")) scene.timeslicing.mode = given.timeslicing.mode;
    if (given_here("--gather")) scene.timeslicing.gathering = given.timeslicing.gathering;
    if (given_here("--threading")) scene.timeslicing.threading = given.timeslicing.threading;
    if (given_here("--jobs-per-update")) scene.timeslicing.jobs_per_update = given.timeslicing.jobs_per_update;
    if (given_here("--update-every")) scene.timeslicing.update_every_frames = given.timeslicing.update_every_frames;
    if (given_here("--npcs")) scene.npc_count = given.npc_count;
    if (given_here("--turn-speed")) scene.max_turn_deg_per_s = given.max_turn_deg_per_s;
    if (given_here("--target-period")) scene.target_period_s = given.target_period_s;
    if (given_here("--job-cost")) scene.job_cost_us = given.job_cost_us;
    if (!given_here("--workers")) workers = loaded.preset->workers;
    return {};
}

}  // namespace tsl::app
