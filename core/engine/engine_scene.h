// engine_scene.h — "Designing the framework of a parallel game engine" (and
// the rest of "Getting the most out of game AI: threading") as a scene:
// agents in an arena run by three systems — AI, physics, animation — each
// with its own copy of the data it reads, scheduled on one clock and run as
// tasks on the job system (the task manager).
//
// One tick, as the scheduler runs it (docs/engine.md, section 2):
//   1. the path service answers the tickets that are due;
//   2. every system that is due starts a run: its main task goes to the task
//      manager, split into sub-tasks over its agents (data decomposition),
//      beside the other systems' (functional decomposition);
//   3. the main thread waits for the runs that end this tick — in lock-step
//      every run; in free-step only those whose ticks are up (an AI run of
//      three ticks ends two ticks after it started), or, when free-step runs
//      end as their work is done, none: a run whose ticks are up ends at the
//      first tick that finds its work finished;
//   4. the state manager merges their changes (state_manager.h), settles
//      conflicts and distributes them to the observers, holding them for
//      systems still running;
//   5. the AI's ticket requests go to the path service, in agent order.
//
// What to notice: the same settings give the same agent states whether the
// tasks run inline, on one worker or on all of them, with per-thread or
// locked queues, in any decomposition (state_hash(); tests/test_engine.cpp).
// What changes is where the time goes: the main thread's, the workers', the
// lock's; and how stale each system's copy is.
//
// Threading: every call on the main thread (the owner). Runs execute on the
// job system; a free-step run may still be executing when step() returns.
#pragma once

#include "core/base/running_stat.h"
#include "core/base/words.h"
#include "core/engine/arena.h"
#include "core/engine/engine_config.h"
#include "core/engine/state_manager.h"
#include "core/engine/system_thread.h"
#include "core/engine/systems.h"
#include "core/exposure/path_service.h"
#include "core/jobs/scene_services.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace tsl {

// What the last tick did (the panel's live counters).
struct EngineTickStats {
    std::int64_t tick = -1;                        // the tick described (-1: none yet)
    std::array<bool, kSystemCount> started{};      // a run of the system started this tick
    std::array<bool, kSystemCount> finished{};     // ... ended this tick, and its changes were merged
    MergeCounts merge;                             // posted per thread, merged, dropped, delivered, held, lock contention
    std::uint32_t routes_asked = 0;                // tickets the AI asked for
    std::uint32_t routes_shared = 0;               // ... that shared a search still pending (asked for at about the same time)
    std::uint32_t routes_cached = 0;               // ... whose route was found already (held by others, or kept in the cache)
    std::uint32_t searches = 0;                    // ... that started a new search
    std::uint32_t routes_released = 0;             // tickets given back
    double search_ms = 0;                          // the path service's searches that ended since the last tick, every thread's
    std::array<int, kObserverCount> staleness{};   // ticks of changes each copy has not received yet
    std::array<double, kSystemCount> work_ms{};    // the finished runs' work, summed over every thread
    std::array<int, kSystemCount> run_ticks{};     // the finished runs' length: ticks from start to merge, both counted (0: none)
    std::uint32_t subtasks = 0;                    // sub-tasks of the finished runs
    double tick_ms = 0;                            // the main thread's time in this tick (wall clock)
    double tick_cpu_ms = 0;                        // ... the CPU time it used (time it was descheduled left out)
    double launch_ms = 0;                          // ... of which starting runs (the AI's ticket answers read first)
    double wait_ms = 0;                            // ... of which waiting for runs to end (and helping them)
};

// The live counters averaged since the last reset or change of settings:
// what a lesson's reveal shows.
struct EngineSummary {
    std::int64_t ticks = 0;
    RunningStat tick_ms, wait_ms, merge_ms, work_ms, lock_wait_ms;
    double tick_cpu_ms = 0;
    std::uint64_t posted = 0, merged = 0, dropped = 0, contended = 0, subtasks = 0, held = 0;
    std::array<std::uint64_t, kSystemCount> won{}, age_sum{}, from{};
    std::array<std::uint64_t, kObserverCount> staleness{};
    std::array<std::uint64_t, kSystemCount> runs{}, run_ticks{};  // runs finished, and their lengths summed
    std::uint64_t routes_asked = 0, routes_shared = 0, routes_cached = 0, searches = 0;
    double search_ms = 0;

    void add(const EngineTickStats& s);
    double per_tick(double sum) const { return ticks ? sum / static_cast<double>(ticks) : 0; }
    double mean_tick_ms() const { return tick_ms.mean(); }
    double mean_tick_cpu_ms() const { return per_tick(tick_cpu_ms); }
    double mean_wait_ms() const { return wait_ms.mean(); }
    double mean_merge_ms() const { return merge_ms.mean(); }  // merge and distribution
    double mean_work_ms() const { return work_ms.mean(); }
    double mean_lock_wait_ms() const { return lock_wait_ms.mean(); }
    double contended_percent() const { return posted ? 100.0 * static_cast<double>(contended) / static_cast<double>(posted) : 0; }
    double mean_subtasks() const { return per_tick(static_cast<double>(subtasks)); }
    double mean_conflicts() const { return per_tick(static_cast<double>(dropped)); }
    // Of the conflicts, the share the AI won (percent; 0 with none).
    double ai_won_percent() const;
    // The age (ticks) of the AI's changes when merged: merge tick - data tick.
    double ai_change_age() const;
    // The mean length of a system's finished runs, ticks from start to merge (0: none finished).
    double mean_run_ticks(int system) const;
    double mean_staleness(int observer) const { return per_tick(static_cast<double>(staleness[static_cast<std::size_t>(observer)])); }
    double shared_percent() const;  // of the tickets asked for, those that shared a search or came from the cache
    double mean_search_ms() const { return per_tick(search_ms); }
};

class EngineScene {
public:
    EngineScene(const EngineSceneConfig& config, const SceneServices& services);
    ~EngineScene();
    EngineScene(const EngineScene&) = delete;
    EngineScene& operator=(const EngineScene&) = delete;

    void step();
    // Back to tick 0 with the same settings (runs in flight are finished and dropped).
    void reset();
    // A new world (agents, rally points, speeds, seed, clock, route ticks)
    // resets; the pane's settings apply to every run started from now on.
    void set_config(const EngineSceneConfig& config);
    const EngineSceneConfig& config() const { return config_; }

    std::int64_t ticks() const { return tick_; }
    double step_s() const { return 1.0 / config_.world.ticks_per_s; }
    const Arena& arena() const { return *arena_; }
    // The scene's copy: every system's changes as merged. Drawn, hashed, traced.
    const AgentStore& state() const { return scene_copy_; }
    const EngineTickStats& stats() const { return stats_; }
    const PathService& paths() const { return *paths_; }
    bool in_flight(SystemId system) const { return flights_[static_cast<std::size_t>(index_of(system))].active; }
    // Between runs of the AI only (tests): its private data for an agent.
    const AiSystem& ai() const { return ai_; }

    // The route to a rally point, if the path service holds an answer for it
    // (path lengths to it from every cell; null otherwise). For drawing.
    const std::vector<std::int32_t>* route_field(int destination) const { return paths_->distances(ai_.route_ticket(destination)); }

    // The work added to the system's run that starts at `tick`: its cost
    // setting, varied by up to cost_spread % either way by a draw that depends
    // only on the seed, the system and the tick. Milliseconds.
    double run_cost_ms(SystemId system, std::int64_t tick) const;

    // FNV-1a over every field of the scene's copy: equal hashes, equal states.
    std::uint64_t state_hash() const;

    // Every merged change is appended to `trace` from now on (nullptr: stop).
    void set_trace(std::vector<ChangeEvent>* trace) { trace_ = trace; }

    // The scene's whole state as a value, for stepping back in time
    // (core/session/rewind.h). Runs in flight are not waited for: what each
    // read when it was launched is kept (with `keep_run_inputs` in the
    // services; only free-step runs outlast a tick), and restore() runs them
    // again on the calling thread (a run's changes depend only on its inputs).
    // Settings, arena, job system and profiler are not part of it.
    struct State {
        struct Run {
            bool active = false;
            std::int64_t start = 0, finish = 0;
            RunContext context;
        };
        std::int64_t tick = 0;
        std::array<std::int64_t, kObserverCount> copy_through{};
        EngineTickStats stats;
        AgentStore scene_copy;
        StateManager::State manager;
        std::array<SystemData, kSystemCount> systems;  // a system in flight: as its run found it
        std::array<Run, kSystemCount> runs;
        PathService::State paths;
        std::size_t bytes() const;
    };
    // Main thread, between ticks. False while a run is in flight whose inputs were not kept.
    bool can_save() const;
    State snapshot() const;
    void restore(const State& state);
    // Free-step runs that end when their work is done end by the clock of
    // the machine: a replay would not end them on the same ticks.
    bool exact_replay() const { return !(config_.pane.step_mode == StepMode::FreeStep && config_.pane.free_step_end == FreeStepEnd::WorkDone); }
    // Ticks replayed to show an earlier moment skip the runs' real busy work
    // (their cost settings) and write no trace.
    void set_replaying(bool replaying) { replaying_ = replaying; }

    // Tests: called with the system's id on the thread that runs each part of
    // a run over agents, before its work, while the run is in flight (a test
    // holds a run open with it). Set it only while no run is in flight.
    using RunHook = void (*)(void* user, SystemId system);
    void set_run_hook(RunHook hook, void* user) { run_hook_ = hook; run_hook_user_ = user; }

private:
    // What the jobs of one system's run need, at a stable address.
    struct Task {
        EngineScene* scene = nullptr;
        EngineSystem* system = nullptr;
        RunContext context;
        std::uint32_t agents = 0;
        ZoneKind zone = ZoneKind::Job;
        const char* label = "";
        std::atomic<std::int64_t> work_ns{0};
        std::atomic<std::uint32_t> subtasks{0};
    };
    struct Flight {
        bool active = false;
        bool on_thread = false;              // it runs on the AI's own thread (no job)
        std::int64_t start = 0, finish = 0;  // ticks: started, and whose merge takes its changes
        JobHandle done;                      // its last job (none: it ran inline)
    };
    void build();
    void settle();  // every run in flight finished (waits), nothing queued
    bool uses_ai_thread() const { return config_.pane.ai_thread && config_.pane.threading == EngineThreading::Pool; }
    bool help_run(Flight& flight);    // runs what is queued of the run here, waits for nothing: true if it has ended
    void finish_run(Flight& flight);  // waits for the run to end (helping)
    JobHandle launch(SystemId system, JobHandle after);
    void run_part(Task& task, std::uint32_t first, std::uint32_t last, bool prelude);
    int ticks_of(SystemId system) const;
    EngineSystem& system(SystemId id);

    EngineSceneConfig config_;
    SceneServices services_;
    std::unique_ptr<JobSystem> own_jobs_;
    std::unique_ptr<SystemThread> ai_thread_;  // made the first time the AI runs on a thread of its own
    JobSystem* jobs_ = nullptr;
    std::shared_ptr<Arena> arena_;
    std::unique_ptr<PathService> paths_;
    double search_ms_counted_ = 0;  // the service's search time already in a tick's stats
    AiSystem ai_;
    PhysicsSystem physics_;
    AnimationSystem animation_;
    AgentStore scene_copy_;
    StateManager state_;
    std::array<Task, kSystemCount> tasks_;
    std::array<Flight, kSystemCount> flights_;
    std::array<std::int64_t, kObserverCount> copy_through_{};  // the last tick whose changes each copy has received
    std::int64_t tick_ = 0;
    EngineTickStats stats_;
    std::vector<ChangeEvent>* trace_ = nullptr;
    RunHook run_hook_ = nullptr;
    void* run_hook_user_ = nullptr;
    bool replaying_ = false;
    std::array<SystemData, kSystemCount> launched_;  // keep_run_inputs: each run's inputs, kept when it is launched
    std::array<bool, kSystemCount> launched_kept_{};
    std::int64_t keep_ns_ = 0;  // this tick's keeping of run inputs: left out of its times
};

// The configuration a pane's scene runs with, and the caption the app shows
// for it: "lock-step | priority | per-thread queues | functional + data".
std::string engine_caption(const EnginePaneConfig& pane, const Words& tr = {});

}  // namespace tsl
