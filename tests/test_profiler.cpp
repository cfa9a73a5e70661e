// The profiler: zones from every thread land in their own lanes without
// locks, and can be read while they are being written; each carries the pane
// (scene) it worked for.
#include "core/engine/engine_panes.h"
#include "core/jobs/job_system.h"
#include "core/jobs/profiler.h"
#include "core/jobs/scene_services.h"
#include "core/npc/npc_comparison.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <map>
#include <thread>

using namespace tsl;

TEST_CASE("Zones from each thread land in that thread's lane, oldest first", "[threads][profiler]") {
    Profiler profiler(1024);
    profiler.name_this_thread("main");
    { ZoneScope z(&profiler, ZoneKind::Update, "update"); }
    std::thread worker([&] {
        profiler.name_this_thread("worker 1");
        for (std::uint32_t i = 0; i < 5; ++i) profiler.record({100 + i, 200 + i, ZoneKind::Job, i, "job"});
    });
    worker.join();
    const auto lanes = profiler.snapshot(0);
    REQUIRE(lanes.size() == 2);
    CHECK(lanes[0].name == "main");
    REQUIRE(lanes[0].zones.size() == 1);
    CHECK(lanes[0].zones[0].kind == ZoneKind::Update);
    CHECK(lanes[0].zones[0].end_ns >= lanes[0].zones[0].start_ns);
    CHECK(lanes[1].name == "worker 1");
    REQUIRE(lanes[1].zones.size() == 5);
    for (std::uint32_t i = 0; i < 5; ++i) CHECK(lanes[1].zones[i].detail == i);
}

TEST_CASE("A lane keeps its newest zones and the snapshot filters by time", "[threads][profiler]") {
    Profiler profiler(16);
    for (std::int64_t i = 0; i < 100; ++i) profiler.record({i, i + 1, ZoneKind::Job, 0, "job"});
    const auto all = profiler.snapshot(0);
    REQUIRE(all.size() == 1);
    REQUIRE(all[0].zones.size() == 16);
    CHECK(all[0].zones.front().start_ns == 84);
    CHECK(profiler.snapshot(95)[0].zones.size() == 6);  // ends 95..100
}

TEST_CASE("Short-lived threads share one lane", "[threads][profiler]") {
    Profiler profiler(1024);
    for (int i = 0; i < 40; ++i) {
        std::thread t([&] {
            profiler.use_shared_lane("threads (one per job)");
            profiler.record({1, 2, ZoneKind::Job, 0, "job"});
        });
        t.join();
    }
    const auto lanes = profiler.snapshot(0);
    REQUIRE(lanes.size() == 1);
    CHECK(lanes[0].zones.size() == 40);
}

TEST_CASE("Reading lanes while workers write them is safe and sees whole zones", "[threads][profiler]") {
    Profiler profiler(256);
    JobSystem jobs({2});
    std::atomic<bool> stop{false};
    std::thread reader([&] {
        while (!stop.load()) {
            for (const LaneSnapshot& lane : profiler.snapshot(0))
                for (const Zone& z : lane.zones) REQUIRE(z.end_ns - z.start_ns == 7);  // never a torn zone
        }
    });
    for (int round = 0; round < 200; ++round)
        jobs.complete(jobs.parallel_for(512, 8, [&](std::uint32_t b, std::uint32_t e) {
            for (std::uint32_t i = b; i < e; ++i) profiler.record({i, i + 7, ZoneKind::Job, i, "job"});
        }));
    stop.store(true);
    reader.join();
}

TEST_CASE("Workers of two job systems record into lanes of their own", "[threads][profiler][jobs]") {
    Profiler profiler(1024);
    JobSystem first({1}), second({1});
    // Each system's worker records zones tagged with its system (detail 1 or 2).
    auto record_on_worker = [&](JobSystem& jobs, std::uint32_t tag) {
        for (int i = 0; i < 20; ++i) {
            const JobHandle h = jobs.schedule([&profiler, tag] {
                if (JobSystem::current_worker_index() > 0) profiler.record({1, 2, ZoneKind::Job, tag, "job"});
            });
            while (!jobs.is_done(h)) std::this_thread::yield();  // not complete(): the worker runs it
        }
    };
    record_on_worker(first, 1);
    record_on_worker(second, 2);
    record_on_worker(first, 1);
    const auto lanes = profiler.snapshot(0);
    REQUIRE(lanes.size() == 2);
    CHECK(lanes[0].name == "worker 1");
    CHECK(lanes[1].name == "worker 1 (pool 2)");
    for (std::size_t lane = 0; lane < 2; ++lane)
        for (const Zone& z : lanes[lane].zones) REQUIRE(z.detail == lane + 1);
    CHECK(lanes[0].zones.size() == 40);
    CHECK(lanes[1].zones.size() == 20);
}

TEST_CASE("A zone carries the pane it worked for; untagged ones carry none", "[threads][profiler]") {
    Profiler profiler(1024);
    profiler.name_this_thread("main");
    { ZoneScope z(&profiler, ZoneKind::Step, "step", 7, 2); }
    { ZoneScope z(&profiler, ZoneKind::Draw, "draw"); }
    profiler.record({1, 2, ZoneKind::Job, 3, "job", 4});
    profiler.record({1, 2, ZoneKind::AnimationTask, 9, "job"});
    const auto lanes = profiler.snapshot(0);
    REQUIRE(lanes.size() == 1);
    REQUIRE(lanes[0].zones.size() == 4);
    const std::vector<Zone>& z = lanes[0].zones;
    CHECK((z[0].pane == 2 && z[0].kind == ZoneKind::Step && z[0].detail == 7));
    CHECK((z[1].pane == kNoPane && z[1].kind == ZoneKind::Draw));
    CHECK((z[2].pane == 4 && z[2].kind == ZoneKind::Job && z[2].detail == 3));
    CHECK((z[3].pane == kNoPane && z[3].kind == ZoneKind::AnimationTask));  // the last kind, next to the pane in one field
    CHECK(SceneServices{}.pane == kNoPane);
    CHECK(SceneServices{}.for_pane(3).pane == 3);
}

TEST_CASE("Each pane of a comparison tags its zones on every thread with its own pane", "[threads][profiler][comparison]") {
    Profiler profiler(1 << 14);
    profiler.name_this_thread("main");
    JobSystem jobs({2});
    NpcComparison comparison(SceneServices{&jobs, &profiler});
    NpcComparisonConfig config;
    config.panes.assign(3, NpcPaneSettings{});
    config.panes[0].timeslicing.threading = Threading::Inline;
    config.panes[1].timeslicing.threading = Threading::ThreadPerJob;
    config.panes[2].timeslicing = {Mode::AIAO, 5, 1, Gathering::NextFrame, Threading::Pool};
    comparison.configure(config);
    for (int f = 0; f < 12; ++f) comparison.step();
    // Every step, update and job of pane P carries P, whichever thread ran it.
    std::map<std::uint8_t, int> steps, jobs_of;
    for (const LaneSnapshot& lane : profiler.snapshot(0))
        for (const Zone& z : lane.zones) {
            REQUIRE(z.pane < 3);
            if (z.kind == ZoneKind::Step) ++steps[z.pane];
            if (z.kind == ZoneKind::Job) {
                ++jobs_of[z.pane];
                if (lane.name == "threads (one per job)") CHECK(z.pane == 1);
            }
            if (z.kind == ZoneKind::Spawn) CHECK(z.pane == 1);
        }
    CHECK(steps == std::map<std::uint8_t, int>{{0, 12}, {1, 12}, {2, 12}});
    CHECK(jobs_of.size() == 3);

    // The engine's two panes, likewise (its systems' sub-tasks on the workers).
    Profiler engine_profiler(1 << 14);
    engine_profiler.name_this_thread("main");
    EnginePanes engine(SceneServices{&jobs, &engine_profiler});
    EngineComparisonConfig two;
    two.panes.assign(2, EnginePaneConfig{});
    engine.configure(two);
    for (int t = 0; t < 6; ++t) engine.step();
    std::map<std::uint8_t, int> ticks, tasks;
    for (const LaneSnapshot& lane : engine_profiler.snapshot(0))
        for (const Zone& z : lane.zones) {
            REQUIRE(z.pane < 2);
            if (z.kind == ZoneKind::Step) ++ticks[z.pane];
            if (z.kind == ZoneKind::AiTask || z.kind == ZoneKind::PhysicsTask || z.kind == ZoneKind::AnimationTask) ++tasks[z.pane];
        }
    CHECK(ticks == std::map<std::uint8_t, int>{{0, 6}, {1, 6}});
    CHECK(tasks.size() == 2);
}
