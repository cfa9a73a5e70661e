#include "scene_options.h"

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
}

void NpcRunOptions::resolve() {
    scene.timeslicing.mode = *parse_mode(mode);
    scene.timeslicing.gathering = *parse_gathering(gathering);
    scene.timeslicing.threading = *parse_threading(threading);
}

}  // namespace tsl::app
