// Engine systems with a real cost (docs/engine.md, section 2): lock-step ticks
// stretch to the slowest system; free-step runs that end when their work is
// done keep the tick while a slow AI runs across ticks, its run's length
// measured; the AI on a thread of its own gives the same agent states as
// inline. What is asserted is counted (ticks, runs, held changes) or a lower
// bound a busy spin guarantees, never a duration a scheduler could upset.
#include "core/engine/engine_scene.h"
#include "core/engine/engine_trace.h"
#include "core/jobs/job_system.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <set>
#include <thread>
#include <vector>

using namespace tsl;

namespace {

EngineSceneConfig cost_world(StepMode mode) {
    EngineSceneConfig c;
    c.world.agents = 200;
    c.world.destinations = 4;
    c.pane.step_mode = mode;
    c.pane.ai_ticks = 1;
    c.pane.physics_ticks = 1;
    c.pane.animation_ticks = 1;
    c.pane.decomposition = Decomposition::Functional;
    return c;
}

EngineSceneConfig slow_ai(StepMode mode, int ai_ticks, double cost_ms, bool own_thread) {
    EngineSceneConfig c = cost_world(mode);
    c.pane.ai_ticks = ai_ticks;
    c.pane.ai_cost_ms = cost_ms;
    c.pane.ai_thread = own_thread;
    return c;
}

// Holds every AI run at its start until opened; counts the runs it held.
struct Gate {
    std::atomic<bool> open{false};
    std::atomic<int> entered{0};
    std::thread::id main = std::this_thread::get_id();
    std::atomic<bool> on_main{false};

    static void hook(void* user, SystemId system) {
        auto& gate = *static_cast<Gate*>(user);
        if (system != SystemId::Ai) return;
        gate.entered.fetch_add(1);
        if (std::this_thread::get_id() == gate.main) {  // never blocks the thread that steps the scene
            gate.on_main = true;
            return;
        }
        while (!gate.open.load()) std::this_thread::yield();
    }
};

}  // namespace

TEST_CASE("A system's cost is drawn per run from the seed, the system and the tick, within its spread", "[engine][cost]") {
    EngineSceneConfig c = cost_world(StepMode::LockStep);
    c.pane.ai_cost_ms = 10;
    c.pane.cost_spread = 50;
    JobSystem jobs({0});
    EngineScene a(c, {&jobs, nullptr}), b(c, {&jobs, nullptr});
    std::set<double> drawn;
    for (std::int64_t tick = 0; tick < 40; ++tick) {
        const double ms = a.run_cost_ms(SystemId::Ai, tick);
        CHECK(ms >= 5.0);
        CHECK(ms <= 15.0);
        CHECK(ms == b.run_cost_ms(SystemId::Ai, tick));
        drawn.insert(ms);
    }
    CHECK(drawn.size() == 40);
    CHECK(a.run_cost_ms(SystemId::Physics, 3) == 0);  // no cost set
    c.world.seed = 2;
    EngineScene other(c, {&jobs, nullptr});
    CHECK(other.run_cost_ms(SystemId::Ai, 3) != a.run_cost_ms(SystemId::Ai, 3));
    c.pane.cost_spread = 0;
    EngineScene fixed(c, {&jobs, nullptr});
    CHECK(fixed.run_cost_ms(SystemId::Ai, 7) == 10.0);
}

TEST_CASE("Lock-step ticks stretch to the slowest system: every tick the AI runs in lasts at least its cost",
          "[engine][cost][threads]") {
    for (bool own_thread : {false, true}) {
        CAPTURE(own_thread);
        JobSystem jobs({1});
        EngineScene scene(slow_ai(StepMode::LockStep, 2, 6, own_thread), {&jobs, nullptr});
        int ai_ticks = 0;
        for (int t = 0; t < 10; ++t) {
            scene.step();
            const EngineTickStats& s = scene.stats();
            CHECK(s.started[0] == (t % 2 == 0));
            CHECK(s.finished[0] == s.started[0]);  // within its tick
            if (!s.started[0]) continue;
            ++ai_ticks;
            CHECK(s.run_ticks[0] == 1);
            CHECK(s.tick_ms >= 6.0);     // the tick waited for the whole cost
            CHECK(s.work_ms[0] >= 6.0);
        }
        CHECK(ai_ticks == 5);
    }
}

TEST_CASE("Free-step runs that end when their work is done keep the tick while a slow AI runs across ticks",
          "[engine][cost][threads]") {
    EngineSceneConfig c = cost_world(StepMode::FreeStep);
    c.pane.free_step_end = FreeStepEnd::WorkDone;
    c.pane.ai_thread = true;
    JobSystem jobs({0});  // physics and animation run on the main thread, in their tick
    EngineScene scene(c, {&jobs, nullptr});
    std::vector<ChangeEvent> trace;
    scene.set_trace(&trace);
    Gate gate;
    scene.set_run_hook(&Gate::hook, &gate);

    const int held_ticks = 6;
    std::uint64_t held = 0;
    for (int t = 0; t < held_ticks; ++t) {
        scene.step();
        const EngineTickStats& s = scene.stats();
        CHECK(s.started[0] == (t == 0));
        CHECK_FALSE(s.finished[0]);
        CHECK(scene.in_flight(SystemId::Ai));
        // The others start and end in every tick: the tick is kept.
        CHECK(s.started[1]);
        CHECK(s.finished[1]);
        CHECK(s.run_ticks[1] == 1);
        CHECK(s.started[2]);
        CHECK(s.finished[2]);
        CHECK(s.staleness[0] == t + 1);  // the AI's copy falls behind, tick by tick
        held += s.merge.held[0];
    }
    CHECK(held > 0);  // the others' changes wait for the AI's copy

    gate.open = true;
    // The run ends at the first tick that finds its work done: however long
    // that takes here, no tick waits for it, and its length is what it took.
    int run_ticks = 0;
    for (int t = 0; t < 100'000 && !run_ticks; ++t) {
        scene.step();
        run_ticks = scene.stats().run_ticks[0];
        if (!run_ticks) std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    REQUIRE(run_ticks > held_ticks);
    CHECK(run_ticks == scene.ticks());  // started at tick 0, merged in the tick just stepped
    CHECK(scene.stats().staleness[0] == 0);
    // The AI's changes, posted on its own thread, count as that thread's, not the main thread's.
    CHECK(scene.stats().merge.posts.posted_by_thread[static_cast<std::size_t>(kSystemThreadQueue)] > 0);
    CHECK(gate.entered.load() == 1);  // one run, held at its start until the gate opened
    CHECK(check_engine_trace(trace).empty());  // merge order and conflicts as in any trace
    CHECK_FALSE(gate.on_main.load());
    scene.set_run_hook(nullptr, nullptr);
}

TEST_CASE("Free-step runs that end after their ticks keep their length however slow the AI", "[engine][cost][threads]") {
    JobSystem jobs({0});
    EngineScene scene(slow_ai(StepMode::FreeStep, 2, 8, true), {&jobs, nullptr});
    for (int t = 0; t < 8; ++t) {
        scene.step();
        const EngineTickStats& s = scene.stats();
        CHECK(s.finished[0] == (t % 2 == 1));
        if (s.finished[0]) CHECK(s.run_ticks[0] == 2);  // fixed: its ticks, however long the work
        CHECK(s.finished[1]);
    }
}

TEST_CASE("The AI on a thread of its own gives the same agent states as inline, in lock-step and in free-step after its ticks",
          "[engine][cost][threads][determinism]") {
    for (StepMode mode : {StepMode::LockStep, StepMode::FreeStep}) {
        CAPTURE(static_cast<int>(mode));
        EngineSceneConfig reference = cost_world(mode);
        reference.pane.ai_ticks = 3;
        reference.pane.decomposition = Decomposition::Both;
        reference.pane.subtask_agents = 16;
        reference.pane.threading = EngineThreading::Inline;
        EngineSceneConfig threaded = reference;
        threaded.pane.threading = EngineThreading::Pool;
        threaded.pane.ai_thread = true;
        JobSystem none({0}), jobs({1});
        EngineScene a(reference, {&none, nullptr}), b(threaded, {&jobs, nullptr});
        for (int t = 0; t < 60; ++t) {
            a.step();
            b.step();
            REQUIRE(a.state_hash() == b.state_hash());
        }
    }
}

TEST_CASE("A run kept past its ticks by its work ends at the next tick when free-step runs stop ending when done, or lock-step begins",
          "[engine][cost][threads]") {
    for (bool to_lock_step : {false, true}) {
        CAPTURE(to_lock_step);
        EngineSceneConfig c = cost_world(StepMode::FreeStep);
        c.pane.free_step_end = FreeStepEnd::WorkDone;
        c.pane.ai_thread = true;
        JobSystem jobs({0});
        EngineScene scene(c, {&jobs, nullptr});
        Gate gate;
        scene.set_run_hook(&Gate::hook, &gate);
        for (int t = 0; t < 3; ++t) scene.step();  // the AI's run, held, is two ticks past its one tick
        REQUIRE(scene.in_flight(SystemId::Ai));
        if (to_lock_step) c.pane.step_mode = StepMode::LockStep;
        else c.pane.free_step_end = FreeStepEnd::Ticks;
        scene.set_config(c);
        gate.open = true;
        scene.step();  // waits for the held run: it is overdue
        CHECK(scene.stats().finished[0]);
        CHECK(scene.stats().run_ticks[0] == 4);
        CHECK_FALSE(scene.in_flight(SystemId::Ai));
        scene.step();  // and the AI runs again, within its one tick either way
        CHECK(scene.stats().started[0]);
        CHECK(scene.stats().finished[0]);
        CHECK(scene.stats().run_ticks[0] == 1);
        scene.set_run_hook(nullptr, nullptr);
    }
}
