// When the exposure scene's main thread waits in a gather: kicking the jobs
// early and gathering them late hides them behind the other work until they
// outlast it; gathering next frame hides them until they outgrow the step.
// The jobs' length is busy work (the job cost), and each claim is a count of
// steps whose gather found the jobs unfinished, never a duration: the only
// thread that can run the jobs during the other work is the one worker, so a
// pass longer than the other work must be unfinished at the gather.
#include "build_paths.h"
#include "core/exposure/exposure_scene.h"

#include <catch2/catch.hpp>

using namespace tsl;

namespace {

const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

constexpr int kGridCells = 40 * 40;
constexpr double kCostPer1000 = 5000;                                  // us per 1000 cells
constexpr double kPassMs = kGridCells / 1000.0 * kCostPer1000 / 1000;  // 8 ms of busy work per map
constexpr double kOtherMs = 5 * kPassMs;                               // 40 ms
constexpr int kBigGrid = 120;                                          // 14,400 cells: 72 ms of jobs, more than kOtherMs

ExposureSceneConfig config_for(ExposureMode mode, bool gather_late, double other_work_ms, int grid = 40) {
    ExposureSceneConfig c;
    c.assets_dir = kAssets;
    c.grid_size = grid;
    c.mode = mode;
    c.gather_late = gather_late;
    c.other_work_ms = other_work_ms;
    c.job_cost_us = kCostPer1000;
    c.shy_character = false;
    return c;
}

struct Waits {
    int steps = 0, waited = 0;
    double wait_ms = 0;
};

// The steps after the first (which only kicks, next frame).
Waits run(const ExposureSceneConfig& config, int steps) {
    JobSystem jobs({1});
    auto scene = ExposureScene::create(config, {&jobs, nullptr});
    INFO(scene.error());
    REQUIRE(scene);
    (*scene)->step();
    Waits w;
    for (int s = 0; s < steps; ++s) {
        (*scene)->step();
        const ExposureMetrics& m = (*scene)->metrics();
        ++w.steps;
        w.waited += m.waited;
        w.wait_ms += m.wait_ms;
        if (!m.waited) CHECK(m.wait_ms == 0);
        CHECK(m.map_changed);  // every step shows a whole new map, same frame or next
    }
    return w;
}

}  // namespace

TEST_CASE("Kick early, gather late: the wait vanishes behind enough other work and returns when the map outgrows it",
          "[exposure][gathering][threads]") {
    constexpr int kSteps = 16;
    // Waited for at once, the jobs are unfinished at the gather (they take
    // 8 ms, the gather follows the kick): the main thread waits nearly every step.
    const Waits at_once = run(config_for(ExposureMode::SameFrame, false, 0), kSteps);
    CHECK(at_once.waited >= kSteps - 2);

    // Gathered late with no other work in between: the same.
    const Waits late_no_work = run(config_for(ExposureMode::SameFrame, true, 0), kSteps);
    CHECK(late_no_work.waited >= kSteps - 2);

    // Gathered late behind other work five times the jobs' length: the worker
    // has finished them by the gather (a handful of steps may still catch it
    // descheduled on a loaded machine).
    const Waits late_hidden = run(config_for(ExposureMode::SameFrame, true, kOtherMs), kSteps);
    CHECK(late_hidden.waited <= kSteps / 4);
    CHECK(late_hidden.waited < at_once.waited);

    // The map grown to 3 x 3 times the cells: 72 ms of jobs against 40 ms of
    // other work. One worker cannot finish them, so every gather waits.
    const Waits late_outgrown = run(config_for(ExposureMode::SameFrame, true, kOtherMs, kBigGrid), kSteps);
    CHECK(late_outgrown.waited == kSteps);
    CHECK(late_outgrown.wait_ms > 0);
}

TEST_CASE("Gathering next frame waits when the jobs take longer than the step", "[exposure][gathering][threads]") {
    constexpr int kSteps = 16;
    // The rest of the step (other work) is five times the jobs: the next gather finds them done.
    const Waits fits = run(config_for(ExposureMode::NextFrame, false, kOtherMs), kSteps);
    CHECK(fits.waited <= kSteps / 4);

    // Jobs of 72 ms against a 40 ms step: every gather waits, and the main thread's wait is counted.
    const Waits outgrown = run(config_for(ExposureMode::NextFrame, false, kOtherMs, kBigGrid), kSteps);
    CHECK(outgrown.waited == kSteps);
    CHECK(outgrown.wait_ms > 0);

    // Single-threaded never gathers, so it never waits (its work is all on the main thread).
    const Waits single = run(config_for(ExposureMode::Single, false, 0), 5);
    CHECK(single.waited == 0);
}

TEST_CASE("The other work runs on the main thread and the job cost inside the exposure work, each at least its length",
          "[exposure][gathering]") {
    JobSystem jobs({1});
    auto scene = ExposureScene::create(config_for(ExposureMode::SameFrame, true, 2 * kPassMs), {&jobs, nullptr});
    REQUIRE(scene);
    for (int s = 0; s < 3; ++s) (*scene)->step();
    const ExposureMetrics& m = (*scene)->metrics();
    CHECK(m.other_ms >= 2 * kPassMs);  // the busy work spins at least its length
    CHECK(m.total_ms >= kPassMs);      // the job cost runs inside the exposure work, on whichever thread
    CHECK(m.frame_ms == Approx(1000.0 / 30));
    ExposureSceneConfig none = (*scene)->config();
    none.other_work_ms = 0;
    none.job_cost_us = 0;
    REQUIRE((*scene)->set_config(none));
    (*scene)->step();
    CHECK((*scene)->metrics().other_ms == 0);
}
