// Threading changes where jobs run, never what the trace or the outputs are:
// every rule of docs/semantics.md holds with the pool and with a thread per job, traces are
// byte-identical to inline ones, and switching everything every frame —
// threading and worker count included — loses nothing and joins every thread.
#include "threads_test_support.h"
#include "timeslicer_harness.h"

#include "core/npc/npc_scene.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

using namespace tsl;
using namespace tsl::test;

TEST_CASE("Every rule of the timing semantics holds with the job system and with a thread per job", "[threads][rules]") {
    for (Threading threading : {Threading::Pool, Threading::ThreadPerJob}) {
        int runs = 0;
        for_each_grid_run(
            [&](const TracedRun& run) {
                INFO(describe(run.settings));
                REQUIRE(check_all_rules(run.trace, run.settings) == Violations{});
                ++runs;
            },
            threading);
        CHECK(runs == 168);  // the grid of timeslicer_harness.h
    }
}

TEST_CASE("Inline and pool and thread-per-job traces are identical", "[threads][determinism]") {
    for (Mode mode : kAllModes)
        for (Gathering gathering : {Gathering::SameFrame, Gathering::NextFrame})
            for (auto [keys, jobs, period] : {std::tuple{10u, 1u, 3u}, std::tuple{37u, 5u, 2u}, std::tuple{64u, 64u, 1u}}) {
                const auto traced = [&, keys = keys, jobs = jobs, period = period](Threading threading) {
                    const TimeslicerConfig config{mode, jobs, period, gathering, threading};
                    return csv(run_traced(config, keys, 200).trace);
                };
                const std::string inline_trace = traced(Threading::Inline);
                INFO(name_of(mode) << ' ' << name_of(gathering) << " N=" << keys << " J=" << jobs << " P=" << period);
                REQUIRE(traced(Threading::Pool) == inline_trace);
                // A thread per job is slow to create (very, under ThreadSanitizer): not for J = 64.
                if (jobs < 64) REQUIRE(traced(Threading::ThreadPerJob) == inline_trace);
            }
}

TEST_CASE("NPC states are identical whatever the threading", "[threads][determinism]") {
    const auto run = [](Threading threading, int workers) {
        JobSystem jobs({workers});
        NpcSceneConfig config;
        config.npc_count = 300;
        config.timeslicing = {Mode::AIAO, 17, 2, Gathering::NextFrame, threading};
        NpcScene scene(config, {&jobs, nullptr});
        for (int f = 0; f < 400; ++f) scene.step();
        std::vector<double> facings;
        for (const Npc& npc : scene.npcs()) facings.push_back(npc.facing_deg);
        return facings;
    };
    const std::vector<double> inline_states = run(Threading::Inline, 0);
    for (int workers : {0, 1, 3}) {
        const std::vector<double> pooled = run(Threading::Pool, workers);
        REQUIRE(std::memcmp(pooled.data(), inline_states.data(), pooled.size() * sizeof(double)) == 0);
    }
    const std::vector<double> threaded = run(Threading::ThreadPerJob, 0);
    REQUIRE(std::memcmp(threaded.data(), inline_states.data(), threaded.size() * sizeof(double)) == 0);
}

TEST_CASE("Stress: mode J P threading gathering and workers changed every frame for thousands of frames", "[threads][stress]") {
    std::mt19937 rng(4242);
    JobSystem jobs({2});
    for (std::uint32_t keys : {1u, 9u, 40u}) {
        Harness h(keys, {});
        h.slicer.set_job_system(&jobs);
        std::vector<std::uint64_t> newest_seq(keys, 0);
        for (int frame = 0; frame < 3000; ++frame) {
            h.slicer.set_config({kAllModes[rng() % 5], 1 + static_cast<std::uint32_t>(rng() % 6),
                                 1 + static_cast<std::uint32_t>(rng() % 3), rng() % 2 ? Gathering::SameFrame : Gathering::NextFrame,
                                 kAllThreadings[rng() % 3]});
            if (rng() % 50 == 0) jobs.set_worker_count(static_cast<int>(rng() % 4));
            if (rng() % 200 == 0) h.slicer.restart_batch();
            h.step();
            for (std::uint32_t k = 0; k < keys; ++k) {
                const SeqOutput* out = h.slicer.newest(k);
                REQUIRE(out == h.slicer.history().scan_newest(k));
                if (newest_seq[k] == 0 && !out) continue;
                REQUIRE(out != nullptr);               // once saved, never lost
                REQUIRE(out->seq >= newest_seq[k]);    // and never older
                newest_seq[k] = out->seq;
            }
            h.log.clear();
        }
        CHECK(h.slicer.stats().lost_outputs == 0);
    }
    // Every thread created per job was joined: destroying the harnesses above
    // would have terminated the process otherwise.
    jobs.set_worker_count(2);
}

TEST_CASE("Worker busy time counts jobs run off the main thread, and only those", "[threads]") {
    JobSystem jobs({1});
    NpcSceneConfig config;
    config.job_cost_us = 300;
    config.timeslicing = {Mode::AIAO, 2, 1, Gathering::NextFrame, Threading::Inline};
    NpcScene inline_scene(config, {&jobs, nullptr});
    for (int f = 0; f < 5; ++f) inline_scene.step();
    CHECK(inline_scene.metrics().worker_busy_ms == 0.0);

    config.timeslicing.threading = Threading::ThreadPerJob;
    NpcScene threaded(config, {&jobs, nullptr});
    for (int f = 0; f < 5; ++f) threaded.step();
    // Two jobs of 300 us each, gathered this frame, ran on their own threads.
    CHECK(threaded.metrics().worker_busy_ms >= 0.55);
    CHECK(threaded.metrics().jobs_started == 2);
}

TEST_CASE("A thread per job keeps at most JobThreads::kMaxInFlight threads at once: a job starts after the one that many before it ended",
          "[threads]") {
    // One batch of 2 x 64 + 8 jobs started in one update. Each of the first
    // 64 jobs holds on until the job 64 places after it has started, or for
    // two seconds: with every thread started at once, that job starts while
    // the held one is still running (and sees it unfinished); with the cap it
    // cannot start before the held one's thread was joined.
    constexpr std::uint32_t cap = JobThreads::kMaxInFlight, keys = 2 * cap + 8;
    std::vector<std::atomic<bool>> started(keys), finished(keys);
    std::atomic<int> running{0}, most_running{0}, started_too_early{0};
    Timeslicer<std::uint32_t, int, int> slicer(
        {.new_batch =
             [&](std::vector<std::uint32_t>& batch) {
                 for (std::uint32_t k = 0; k < keys; ++k) batch.push_back(k);
             },
         .read_input = [](const std::uint32_t&, int&) {},
         .run_job =
             [&](const std::uint32_t& key, const int&, int& out) {
                 started[key] = true;
                 const int now = ++running;
                 for (int seen = most_running; now > seen && !most_running.compare_exchange_weak(seen, now);) {
                 }
                 if (key >= cap && !finished[key - cap]) ++started_too_early;
                 if (key < cap) {
                     const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(2);
                     while (!started[key + cap] && std::chrono::steady_clock::now() < give_up) std::this_thread::yield();
                 }
                 out = static_cast<int>(key);
                 --running;
                 finished[key] = true;
             },
         .trace_id = {}},
        {Mode::AIAO, keys, 1, Gathering::SameFrame, Threading::ThreadPerJob});
    slicer.update();
    CHECK(slicer.progress().finished == keys);
    CHECK(started_too_early == 0);
    CHECK(most_running <= static_cast<int>(cap));
    for (std::uint32_t k = 0; k < keys; ++k) CHECK(*slicer.newest(k) == static_cast<int>(k));
}

TEST_CASE("A thread per job gives the same trace as inline when a batch starts far more jobs than the thread cap", "[threads][determinism]") {
    for (Gathering gathering : {Gathering::SameFrame, Gathering::NextFrame}) {
        const TimeslicerConfig config{Mode::SIAO, 300, 2, gathering, Threading::Inline};
        TimeslicerConfig threaded = config;
        threaded.threading = Threading::ThreadPerJob;
        const TracedRun reference = run_traced(config, 700, 12);
        CHECK(csv(run_traced(threaded, 700, 12).trace) == csv(reference.trace));
        CHECK(check_all_rules(reference.trace, reference.settings) == Violations{});
    }
}

TEST_CASE("Jobs in flight are waited for on the job system that started them, whatever changes before they are gathered",
          "[threads][jobs]") {
    test::HangDetector hang("gathering after a change of threading");
    for (bool drop_system : {false, true}) {
        JobSystem jobs({1});
        std::atomic<bool> started{false}, release{false};
        std::atomic<int> calls{0};
        Timeslicer<std::uint32_t, int, int> slicer(
            {.new_batch = [](std::vector<std::uint32_t>& keys) { keys = {0}; },
             .read_input = [](const std::uint32_t&, int& input) { input = 7; },
             .run_job =
                 [&](const std::uint32_t&, const int& input, int& output) {
                     if (calls.fetch_add(1) == 0) {  // the first job: held until the main thread gathers it
                         started.store(true);
                         test::wait_until([&] { return release.load(); });
                     }
                     output = input * 6;
                 },
             .trace_id = {}},
            {Mode::AIAO, 1, 1, Gathering::NextFrame, Threading::Pool});
        slicer.set_job_system(&jobs);
        slicer.update();                                        // starts the job on the pool ...
        test::wait_until([&] { return started.load(); });      // ... where the worker runs it
        // With the job in flight the threading leaves the pool (and the
        // timeslicer may even lose its job system, as a scene does).
        slicer.set_config({Mode::AIAO, 1, 1, Gathering::NextFrame, Threading::Inline});
        if (drop_system) slicer.set_job_system(nullptr);
        // The job ends only once the main thread waits for it, in the next update.
        std::thread releaser([&] {
            test::wait_until([&] { return jobs.stats().waiting_threads > 0 || release.load(); });
            release.store(true);
        });
        slicer.update();  // gathers the job: must wait for it before saving its output
        release.store(true);
        releaser.join();
        INFO((drop_system ? "job system dropped" : "threading changed"));
        REQUIRE(slicer.newest(0) != nullptr);
        CHECK(*slicer.newest(0) == 42);
    }
}

TEST_CASE("An NPC scene whose threading leaves the pool with jobs in flight gathers them first", "[threads][jobs]") {
    // The scene owns its job system (none given): leaving the pool takes it
    // away from the timeslicer while next-frame jobs still run on it.
    NpcSceneConfig config;
    config.npc_count = 40;
    config.job_cost_us = 50;
    std::mt19937 rng(9);
    for (int round = 0; round < 30 / test::kSanitizerSlowdown + 2; ++round) {
        config.timeslicing = {Mode::AIAO, 20, 1, Gathering::NextFrame, Threading::Pool};
        config.npc_count = 40;
        NpcScene scene(config, {nullptr, nullptr});
        for (int f = 0; f < 5; ++f) {
            scene.step();
            // Leave the pool, sometimes changing the NPC count too (a new batch of another size).
            config.timeslicing.threading = f % 2 ? Threading::Inline : Threading::Pool;
            if (rng() % 3 == 0) config.npc_count = 20 + static_cast<std::uint32_t>(rng() % 40);
            scene.set_config(config);
        }
        scene.step();
        CHECK(scene.timeslicer().stats().lost_outputs == 0);
    }
}

TEST_CASE("A decision job is timed where its time is used: off the main thread, or while the profiler records", "[threads][timeslicer][profiler]") {
    // Each job busy for 20 us by the clock the jobs are timed with: a timed
    // job reads at least that, an untimed one 0 (a page's clock read costs
    // hundreds of ns, most of a small step; web/README.md).
    const auto step_once = [](Threading threading, Profiler* profiler, JobSystem* jobs) {
        NpcSceneConfig config;
        config.npc_count = 8;
        config.job_cost_us = 20;
        config.timeslicing = {Mode::AIAO, 4, 1, Gathering::SameFrame, threading};
        NpcScene scene(config, {jobs, profiler});
        scene.step();
        return std::pair{scene.timeslicer().snapshot().jobs, scene.metrics().worker_busy_ms};
    };
    const auto started = [](const auto& jobs) {
        std::vector<std::int64_t> run_ns;
        for (const auto& job : jobs)
            if (job.input.job_cost_us > 0) run_ns.push_back(job.run_ns);  // the jobs this step started
        return run_ns;
    };

    // Inline, nothing recording: the main thread's jobs are not timed.
    const auto [untimed, untimed_busy] = step_once(Threading::Inline, nullptr, nullptr);
    CHECK(started(untimed) == std::vector<std::int64_t>(4, 0));
    CHECK(untimed_busy == 0);

    // Inline with the profiler recording: timed, and each a zone.
    Profiler profiler(1 << 10);
    profiler.name_this_thread("main");
    const auto [profiled, profiled_busy] = step_once(Threading::Inline, &profiler, nullptr);
    REQUIRE(started(profiled).size() == 4);
    for (std::int64_t ns : started(profiled)) CHECK(ns >= 20'000);
    CHECK(profiled_busy == 0);  // the main thread's: not the workers' busy time
    int job_zones = 0;
    for (const LaneSnapshot& lane : profiler.snapshot(0))
        for (const Zone& z : lane.zones) job_zones += z.kind == ZoneKind::Job && z.end_ns - z.start_ns >= 20'000;
    CHECK(job_zones == 4);

    // A thread per job, nothing recording: off the main thread, timed, and summed as the workers' busy time.
    const auto [threaded, threaded_busy] = step_once(Threading::ThreadPerJob, nullptr, nullptr);
    REQUIRE(started(threaded).size() == 4);
    for (std::int64_t ns : started(threaded)) CHECK(ns >= 20'000);
    CHECK(threaded_busy >= 4 * 0.020);
}
