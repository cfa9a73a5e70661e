// The soak (core/session/soak.h): random commands through the session's own
// path, checked as it goes. The long run is a CTest of `timeslice-lab soak`
// (tests/CMakeLists.txt); these short ones run with every test, and the
// [threads] one under ThreadSanitizer.
#include "build_paths.h"
#include "threads_test_support.h"

#include "core/jobs/job_system.h"
#include "core/session/soak.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <string>
#include <vector>

using namespace tsl;
using namespace tsl::test;

namespace {

const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

}  // namespace

TEST_CASE("A short soak of every setting holds every check, and every check is exercised", "[soak]") {
    SoakOptions options;
    options.assets_dir = kAssets;
    options.steps = 6000 / kSanitizerSlowdown;
    options.seed = 7;
    options.rss_growth_mb = 0;  // memory is the long run's check (tests/CMakeLists.txt)
    const SoakResult result = run_soak(options);
    INFO(result.failure);
    REQUIRE(result);
    CHECK(result.steps == options.steps);
    CHECK(result.commands > options.steps / 8);
    // Values out of range were drawn and refused; the rules were checked on real traces.
    CHECK(result.refused > 0);
    CHECK(result.trace_stretches > 0);
    CHECK(result.trace_events > 0);
    CHECK(result.engine_changes > 0);
    CHECK(result.job_checks > 0);
}

TEST_CASE("A soak of threading changes holds every check", "[threads][soak]") {
    HangDetector hang("threading soak", 600);
    SoakOptions options;
    options.assets_dir = kAssets;
    options.steps = 24000 / kSanitizerSlowdown;
    options.seed = 11;
    options.most_steps_between = 4;
    options.rss_growth_mb = 0;
    options.fields = {"threading", "gather", "workers", "mode", "jobs_per_update", "update_every", "sync_save", "exposure_mode",
                      "slice_percent", "engine_threading", "step_mode", "change_queues", "decomposition", "subtask_agents"};
    const SoakResult result = run_soak(options);
    INFO(result.failure);
    REQUIRE(result);
    CHECK(result.steps == options.steps);
    CHECK(result.trace_stretches > 0);
    CHECK(result.job_checks > 0);
}

TEST_CASE("unfinished_jobs counts jobs waiting, queued or running, and none once they are done", "[threads][jobs]") {
    JobSystem jobs({1});
    CHECK(jobs.unfinished_jobs() == 0);
    std::atomic<bool> release{false}, running{false};
    const JobHandle blocker = jobs.schedule([&] {
        running.store(true);
        wait_until([&] { return release.load(); });
    });
    const JobHandle after = jobs.schedule([] {}, {blocker});
    wait_until([&] { return running.load(); });
    CHECK(jobs.unfinished_jobs() == 2);  // one running, one waiting for it
    release.store(true);
    jobs.complete(after);
    jobs.complete(blocker);
    CHECK(jobs.unfinished_jobs() == 0);
}
