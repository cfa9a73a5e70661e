// When the exposure scene's main thread waits in a gather: kicking the jobs
// early and gathering them late hides them behind the other work until they
// outlast it; gathering next frame hides them until they outgrow the step.
//
// The jobs' length is busy work (the job cost) that spins on the clock, and
// the only thread that runs them before the gather is the one worker, so a
// gather cannot find them finished sooner than their length after the kick.
// Each step's claims are read off the main thread's zones (its trace), so
// that none rests on how the machine schedules the worker: a gather that did
// not wait came at least the jobs' length after their kick (else the scene
// failed to count a wait); the late gather follows the other work and the
// early one precedes it; and where the jobs fit the time they are given, at
// least one step of sixteen finds them done (the worker needs the CPU for
// their length once in sixteen windows five times as long).
#include "build_paths.h"
#include "core/exposure/exposure_scene.h"
#include "core/jobs/profiler.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>

using namespace tsl;

namespace {

const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

constexpr int kGridCells = 40 * 40;
constexpr double kCostPer1000 = 5000;                                  // us per 1000 cells
constexpr double pass_ms(int cells) { return cells / 1000.0 * kCostPer1000 / 1000; }  // the busy work of one map's jobs
constexpr double kPassMs = pass_ms(kGridCells);                        // 8 ms
constexpr double kOtherMs = 5 * kPassMs;                               // 40 ms
constexpr int kBigGrid = 120;                                          // 14,400 cells: 72 ms of jobs, more than kOtherMs
constexpr double kBigPassMs = pass_ms(kBigGrid * kBigGrid);

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

// The main thread's zones of one step: its exposure update (or kick and
// gather) and its other work, on the profiler's clock.
struct StepZones {
    std::int64_t first_update_start = -1, last_update_end = -1;  // the kick's start, the gather's end
    std::int64_t other_start = -1, other_end = -1;
    int updates = 0;
    bool gather_after_other = false;  // a zone labelled "exposure gather" starts after the other work ends
};

StepZones zones_of_step(const Profiler& profiler, std::int64_t since_ns, std::uint32_t frame) {
    StepZones z;
    std::int64_t gather_start = -1;
    for (const LaneSnapshot& lane : profiler.snapshot(since_ns)) {
        if (lane.name != "main") continue;
        for (const Zone& zone : lane.zones) {
            if (zone.detail != frame) continue;
            if (zone.kind == ZoneKind::Update) {
                if (z.updates++ == 0) z.first_update_start = zone.start_ns;
                z.last_update_end = std::max(z.last_update_end, zone.end_ns);
                if (std::strcmp(zone.label, "exposure gather") == 0) gather_start = zone.start_ns;
            } else if (zone.kind == ZoneKind::OtherWork) {
                z.other_start = zone.start_ns;
                z.other_end = zone.end_ns;
            }
        }
    }
    z.gather_after_other = gather_start >= 0 && z.other_end >= 0 && gather_start >= z.other_end;
    return z;
}

struct Waits {
    int steps = 0, waited = 0;
    double wait_ms = 0;
    int hidden() const { return steps - waited; }
};

// The steps after the first (which only kicks, next frame). `pass_ms` is the
// jobs' length: a gather that did not wait is checked to come at least that
// long after the jobs' kick (this step's update for same-frame gathering,
// the step before's for next-frame).
Waits run(const ExposureSceneConfig& config, int steps, double pass_ms) {
    JobSystem jobs({1});
    Profiler profiler;
    profiler.name_this_thread("main");
    auto scene = ExposureScene::create(config, {&jobs, &profiler});
    INFO(scene.error());
    REQUIRE(scene);
    const bool late = config.mode == ExposureMode::SameFrame && config.gather_late;
    std::int64_t since = Profiler::now_ns();
    (*scene)->step();
    StepZones before = zones_of_step(profiler, since, static_cast<std::uint32_t>((*scene)->metrics().frame));
    Waits w;
    for (int s = 0; s < steps; ++s) {
        since = Profiler::now_ns();
        (*scene)->step();
        const ExposureMetrics& m = (*scene)->metrics();
        const StepZones z = zones_of_step(profiler, since, static_cast<std::uint32_t>(m.frame));
        INFO("step " << s << ": waited " << m.waited << ", " << z.updates << " update zone(s)");
        ++w.steps;
        w.waited += m.waited;
        w.wait_ms += m.wait_ms;
        if (!m.waited) CHECK(m.wait_ms == 0);
        CHECK(m.map_changed);  // every step shows a whole new map, same frame or next
        REQUIRE(z.updates == (late ? 2 : 1));
        if (config.other_work_ms > 0) {
            REQUIRE(z.other_start >= 0);
            if (late) CHECK(z.gather_after_other);                       // kicked, then the other work, then gathered
            else CHECK(z.other_start >= z.last_update_end);            // updated (gathered), then the other work
        }
        if (config.mode != ExposureMode::Single && !m.waited) {
            const std::int64_t kick = config.mode == ExposureMode::NextFrame ? before.first_update_start : z.first_update_start;
            CHECK((z.last_update_end - kick) * 1e-6 >= pass_ms);  // found done: the worker has had the jobs' length
        }
        before = z;
    }
    return w;
}

}  // namespace

TEST_CASE("Kick early, gather late: the wait vanishes behind enough other work and returns when the map outgrows it",
          "[exposure][gathering][threads]") {
    constexpr int kSteps = 16;
    // Waited for at once, the gather follows the kick: it can find the 8 ms
    // of jobs done only where the main thread was held up that long (checked
    // step by step in run), so it waits.
    const Waits at_once = run(config_for(ExposureMode::SameFrame, false, 0), kSteps, kPassMs);
    CHECK(at_once.waited >= 1);

    // Gathered late with no other work in between: the same.
    const Waits late_no_work = run(config_for(ExposureMode::SameFrame, true, 0), kSteps, kPassMs);
    CHECK(late_no_work.waited >= 1);

    // Gathered late behind other work five times the jobs' length: the
    // gather follows the other work (checked in run), and the worker has
    // finished the jobs by then.
    const Waits late_hidden = run(config_for(ExposureMode::SameFrame, true, kOtherMs), kSteps, kPassMs);
    CHECK(late_hidden.hidden() >= 1);

    // The map grown to 3 x 3 times the cells: 72 ms of jobs against 40 ms of
    // other work. A gather finds them done only if held up past 72 ms.
    const Waits late_outgrown = run(config_for(ExposureMode::SameFrame, true, kOtherMs, kBigGrid), kSteps, kBigPassMs);
    CHECK(late_outgrown.waited >= 1);
    CHECK(late_outgrown.wait_ms > 0);
}

TEST_CASE("Gathering next frame waits when the jobs take longer than the step", "[exposure][gathering][threads]") {
    constexpr int kSteps = 16;
    // The rest of the step (other work) is five times the jobs: the next gather finds them done.
    const Waits fits = run(config_for(ExposureMode::NextFrame, false, kOtherMs), kSteps, kPassMs);
    CHECK(fits.hidden() >= 1);

    // Jobs of 72 ms against a 40 ms step: a gather finds them done only if
    // the step was held up past 72 ms, and the main thread's wait is counted.
    const Waits outgrown = run(config_for(ExposureMode::NextFrame, false, kOtherMs, kBigGrid), kSteps, kBigPassMs);
    CHECK(outgrown.waited >= 1);
    CHECK(outgrown.wait_ms > 0);

    // Single-threaded never gathers, so it never waits (its work is all on the main thread).
    const Waits single = run(config_for(ExposureMode::Single, false, 0), 5, 0);
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
