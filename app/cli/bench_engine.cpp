// bench_engine.cpp — the parallel engine's costs (docs/engine.md), measured
// on the engine scene itself, every figure of one table in one run so that
// the ratios compare like with like on a noisy machine:
//
// - engine_step_ms: the main thread's wall-clock time per tick, for 1,000 and
//   10,000 agents, lock-step and free-step, per-thread queues and one locked
//   queue, the tasks inline (workers 0) or on every core. Ticks run back to
//   back; a sample is the mean of a whole number of AI periods (free-step
//   ticks differ by which runs end in them), the record the median sample.
// - change_merge_ns_per_change: ordering the changes and settling conflicts
//   (the merge), and the merge with the distribution to the observers, per
//   change merged, at 10,000 agents, lock-step, on every core.
// - change_post_ns_per_change: the queues alone, every thread posting a
//   share of the same changes at once, then the collect into merge order:
//   what the per-thread queues save on the same work.
#include "app/cli/bench.h"

#include "core/engine/change_queue.h"
#include "core/engine/engine_scene.h"
#include "core/jobs/job_system.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace tsl::app {

namespace {

struct StepRow {
    double tick_ms = 0;            // main thread, per tick
    double merge_ns = 0;           // merge per change merged
    double merge_distribute_ns = 0;  // merge + distribution per change merged
};

// Runs a scene back to back and returns the medians of its per-sample means.
StepRow measure_steps(const EngineSceneConfig& config, JobSystem& jobs, int samples) {
    EngineScene scene(config, {&jobs, nullptr});
    const int period = 3 * std::max({config.pane.ai_ticks, config.pane.physics_ticks, config.pane.animation_ticks});
    for (int t = 0; t < 2 * period + 15; ++t) scene.step();  // past the first searches and the first runs of every system
    std::vector<double> tick_ms, merge_ns, both_ns;
    for (int s = 0; s < samples; ++s) {
        double tick = 0, merge = 0, distribute = 0, merged = 0;
        for (int t = 0; t < period; ++t) {
            scene.step();
            const EngineTickStats& st = scene.stats();
            tick += st.tick_ms;
            merge += st.merge.merge_ms;
            distribute += st.merge.distribute_ms;
            merged += st.merge.merged;
        }
        tick_ms.push_back(tick / period);
        if (merged > 0) {
            merge_ns.push_back(merge * 1e6 / merged);
            both_ns.push_back((merge + distribute) * 1e6 / merged);
        }
    }
    return {median(tick_ms), median(merge_ns), median(both_ns)};
}

// Every thread posts `per_thread` changes for the physics system at once,
// then they are collected in merge order: nanoseconds per change.
double measure_queues(JobSystem& jobs, QueueKind kind, std::uint32_t changes, int samples) {
    ChangeQueues queues;
    std::vector<Change> merged;
    merged.reserve(changes);
    const std::uint32_t grain = 256;  // a sub-task's agents, as the scene's default
    std::vector<double> ns;
    using Clock = std::chrono::steady_clock;
    for (int s = 0; s < samples + 2; ++s) {
        merged.clear();
        const auto start = Clock::now();
        jobs.complete(jobs.parallel_for(changes, grain, [&queues, kind](std::uint32_t begin, std::uint32_t end) {
            ChangeWriter writer(queues, SystemId::Physics, kind, 7, false, begin);
            for (std::uint32_t agent = begin; agent < end; ++agent) writer.post(agent, AgentField::Position, {float(agent), 1.0f});
        }));
        CollectCounts counts;
        queues.collect(1u << index_of(SystemId::Physics), merged, counts);
        const double elapsed = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
        if (merged.size() != changes) throw std::runtime_error("bench: the queues lost changes");
        if (s >= 2) ns.push_back(elapsed / changes);  // the first two fill the queues' capacity
    }
    return median(ns);
}

}  // namespace

std::vector<BenchRecord> bench_engine(const BenchOptions& options, std::string& table) {
    std::vector<BenchRecord> records;
    JobSystem jobs(jobs_config(options));
    const int all = jobs.worker_count();
    const int samples = options.quick ? 8 : 30;
    table += format("\nParallel engine (docs/engine.md): AI every 3 ticks (free-step: a run of 3 ticks), physics and animation every tick,\n"
                    "  sub-tasks of 256 agents, functional + data decomposition; ticks back to back; main thread's wall-clock ms per tick,\n"
                    "  median of %d samples of whole AI periods; workers 0 = every task inline on the main thread, %d = every core\n",
                    samples, all);
    table += "  targets: per-thread queues faster than one locked queue on the same work; merge <= 50 ns per change at 10,000 agents;\n"
             "           10,000 agents lock-step on every core: less main-thread time than inline\n";
    table += format("  %7s %-10s %-11s %8s %12s %16s\n", "agents", "mode", "queues", "workers", "tick ms", "merge ns/change");
    double per_thread_10k = 0, locked_10k = 0, inline_10k = 0, pooled_10k = 0;
    StepRow merge_row;
    for (std::uint32_t agents : {1000u, 10'000u}) {
        for (StepMode mode : {StepMode::LockStep, StepMode::FreeStep}) {
            for (QueueKind queues : {QueueKind::PerThread, QueueKind::Locked}) {
                for (int workers : {0, all}) {
                    if (workers == 0 && queues == QueueKind::Locked) continue;  // one thread: nothing to lock against
                    EngineSceneConfig config;
                    config.world.agents = agents;
                    config.pane.step_mode = mode;
                    config.pane.queues = queues;
                    config.pane.threading = workers == 0 ? EngineThreading::Inline : EngineThreading::Pool;
                    const StepRow row = measure_steps(config, jobs, samples);
                    const std::string mode_name(name_of(mode)), queue_name(name_of(queues));
                    table += format("  %7u %-10s %-11s %8d %12.3f %16.1f\n", agents, mode_name.c_str(), queue_name.c_str(), workers,
                                    row.tick_ms, row.merge_ns);
                    records.push_back({"engine_step_ms",
                                       {{"agents", agents}, {"mode", mode_name}, {"queues", queue_name}, {"workers", workers}},
                                       row.tick_ms,
                                       "ms"});
                    if (agents == 10'000 && mode == StepMode::LockStep) {
                        if (workers == 0) inline_10k = row.tick_ms;
                        else if (queues == QueueKind::PerThread) {
                            per_thread_10k = pooled_10k = row.tick_ms;
                            merge_row = row;
                        } else locked_10k = row.tick_ms;
                    }
                }
            }
        }
    }
    table += format("  10,000 agents, lock-step, every core: one locked queue / per-thread queues = %.2fx the main thread's time per tick\n",
                    locked_10k / per_thread_10k);
    table += format("  10,000 agents, lock-step: inline / every core = %.2fx the main thread's time per tick\n", inline_10k / pooled_10k);
    records.push_back({"engine_locked_over_per_thread", {{"agents", 10'000}, {"mode", "lock-step"}, {"workers", all}},
                       locked_10k / per_thread_10k, "ratio"});

    table += format("\nChange merge, 10,000 agents, lock-step, every core, per-thread queues: %.1f ns per change merged "
                    "(ordering and conflicts), %.1f ns with the distribution to the observers\n",
                    merge_row.merge_ns, merge_row.merge_distribute_ns);
    records.push_back({"change_merge_ns_per_change", {{"agents", 10'000}, {"phase", "merge"}}, merge_row.merge_ns, "ns"});
    records.push_back({"change_merge_ns_per_change", {{"agents", 10'000}, {"phase", "merge+distribute"}}, merge_row.merge_distribute_ns, "ns"});

    // The queues alone on the same work: every thread posting at once, then the collect.
    const std::uint32_t changes = 100'000;
    const double per_thread = measure_queues(jobs, QueueKind::PerThread, changes, samples);
    const double locked = measure_queues(jobs, QueueKind::Locked, changes, samples);
    table += format("\nChange queues alone: %u changes posted by %d threads at once in chunks of 256, then collected in merge order\n",
                    changes, all + 1);
    table += format("  %-11s %10.1f ns per change\n", "per-thread", per_thread);
    table += format("  %-11s %10.1f ns per change  (%.2fx the per-thread queues)\n", "locked", locked, locked / per_thread);
    records.push_back({"change_post_ns_per_change", {{"queues", "per-thread"}, {"threads", all + 1}}, per_thread, "ns"});
    records.push_back({"change_post_ns_per_change", {{"queues", "locked"}, {"threads", all + 1}}, locked, "ns"});
    return records;
}

}  // namespace tsl::app
