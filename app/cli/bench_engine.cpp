// bench_engine.cpp — the parallel engine's costs (docs/engine.md), measured
// on the engine scene itself, every figure of one table in one run so that
// the ratios compare like with like on a noisy machine:
//
// - engine_step_ms: the main thread's wall-clock time per tick, for 1,000 and
//   10,000 agents, lock-step and free-step, per-thread queues and one locked
//   queue, the tasks inline (workers 0) or on every core. Ticks run back to
//   back; a sample is the mean of a whole number of AI periods (free-step
//   ticks differ by which runs end in them), the record the median sample
//   with its quartiles. The configurations of one agent count and step mode
//   run side by side, a sample of each in turn (the order rotated from
//   sample to sample), so that the locked / per-thread ratio compares runs
//   made under the same load.
// - change_merge_ns_per_change: ordering the changes and settling conflicts
//   (the merge), and the merge with the distribution to the observers, per
//   change merged, at 10,000 agents, lock-step, on every core.
// - change_post_ns_per_change: the queues alone, every thread posting a
//   share of the same changes at once, then the collect into merge order:
//   what the per-thread queues save on the same work; both queues in turn,
//   sample by sample.
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
    Spread tick_ms;                // main thread, per tick
    double merge_ns = 0;           // merge per change merged
    double merge_distribute_ns = 0;  // merge + distribution per change merged
};

// Runs the scenes of `configs` back to back, a sample of each in turn, and
// returns the medians of each one's per-sample means.
std::vector<StepRow> measure_steps(const std::vector<EngineSceneConfig>& configs, JobSystem& jobs, int samples) {
    struct Run {
        std::unique_ptr<EngineScene> scene;
        int period = 0;
        std::vector<double> tick_ms, merge_ns, both_ns;
    };
    std::vector<Run> runs;
    for (const EngineSceneConfig& config : configs) {
        Run run{std::make_unique<EngineScene>(config, SceneServices{&jobs, nullptr}),
                3 * std::max({config.pane.ai_ticks, config.pane.physics_ticks, config.pane.animation_ticks}), {}, {}, {}};
        for (int t = 0; t < 2 * run.period + 15; ++t) run.scene->step();  // past the first searches and the first runs of every system
        runs.push_back(std::move(run));
    }
    for (int s = 0; s < samples; ++s)
        for (std::size_t i = 0; i < runs.size(); ++i) {
            Run& run = runs[(i + static_cast<std::size_t>(s)) % runs.size()];
            double tick = 0, merge = 0, distribute = 0, merged = 0;
            for (int t = 0; t < run.period; ++t) {
                run.scene->step();
                const EngineTickStats& st = run.scene->stats();
                tick += st.tick_ms;
                merge += st.merge.merge_ms;
                distribute += st.merge.distribute_ms;
                merged += st.merge.merged;
            }
            run.tick_ms.push_back(tick / run.period);
            if (merged > 0) {
                run.merge_ns.push_back(merge * 1e6 / merged);
                run.both_ns.push_back((merge + distribute) * 1e6 / merged);
            }
        }
    std::vector<StepRow> rows;
    for (const Run& run : runs) rows.push_back({spread_of(run.tick_ms), median(run.merge_ns), median(run.both_ns)});
    return rows;
}

// Every thread posts its share of `changes` changes for the physics system at
// once, then they are collected in merge order: nanoseconds per change, a
// sample of each queue kind in turn.
std::vector<Spread> measure_queues(JobSystem& jobs, const std::vector<QueueKind>& kinds, std::uint32_t changes, int samples) {
    std::vector<ChangeQueues> queues(kinds.size());
    std::vector<std::vector<double>> ns(kinds.size());
    std::vector<Change> merged;
    merged.reserve(changes);
    const std::uint32_t grain = 256;  // a sub-task's agents, as the scene's default
    using Clock = std::chrono::steady_clock;
    for (int s = 0; s < samples + 2; ++s)
        for (std::size_t i = 0; i < kinds.size(); ++i) {
            const std::size_t k = (i + static_cast<std::size_t>(s)) % kinds.size();
            const QueueKind kind = kinds[k];
            ChangeQueues& q = queues[k];
            merged.clear();
            const auto start = Clock::now();
            jobs.complete(jobs.parallel_for(changes, grain, [&q, kind](std::uint32_t begin, std::uint32_t end) {
                ChangeWriter writer(q, SystemId::Physics, kind, 7, false, begin);
                for (std::uint32_t agent = begin; agent < end; ++agent) writer.post(agent, AgentField::Position, {float(agent), 1.0f});
            }));
            CollectCounts counts;
            q.collect(1u << index_of(SystemId::Physics), merged, counts);
            const double elapsed = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
            if (merged.size() != changes) throw std::runtime_error("bench: the queues lost changes");
            if (s >= 2) ns[k].push_back(elapsed / changes);  // the first two fill the queues' capacity
        }
    std::vector<Spread> spreads;
    for (const auto& v : ns) spreads.push_back(spread_of(v));
    return spreads;
}

}  // namespace

std::vector<BenchRecord> bench_engine(const BenchOptions& options, std::string& table) {
    std::vector<BenchRecord> records;
    JobSystem jobs(jobs_config(options));
    const int all = jobs.worker_count();
    const int samples = options.quick ? 8 : 30;
    table += format("\nParallel engine (docs/engine.md): AI every 3 ticks (free-step: a run of 3 ticks), physics and animation every tick,\n"
                    "  sub-tasks of 256 agents, functional + data decomposition; ticks back to back; main thread's wall-clock ms per tick,\n"
                    "  median [quartiles] of %d samples of whole AI periods, the three rows of an agent count and mode in turn;\n"
                    "  workers 0 = every task inline on the main thread, %d = every core\n",
                    samples, all);
    table += "  targets: per-thread queues faster than one locked queue on the same work; merge <= 50 ns per change at 10,000 agents;\n"
             "           10,000 agents lock-step on every core: less main-thread time than inline\n";
    table += format("  %7s %-10s %-11s %8s %22s %16s\n", "agents", "mode", "queues", "workers", "tick ms [quartiles]", "merge ns/change");
    double per_thread_10k = 0, locked_10k = 0, inline_10k = 0, pooled_10k = 0;
    StepRow merge_row;
    for (std::uint32_t agents : {1000u, 10'000u}) {
        for (StepMode mode : {StepMode::LockStep, StepMode::FreeStep}) {
            // Per-thread queues inline and on every core, one locked queue on every core
            // (one thread has nothing to lock against): side by side.
            const std::pair<QueueKind, int> variants[] = {{QueueKind::PerThread, 0}, {QueueKind::PerThread, all}, {QueueKind::Locked, all}};
            std::vector<EngineSceneConfig> configs;
            for (const auto& [queues, workers] : variants) {
                EngineSceneConfig config;
                config.world.agents = agents;
                config.pane.step_mode = mode;
                config.pane.queues = queues;
                config.pane.threading = workers == 0 ? EngineThreading::Inline : EngineThreading::Pool;
                configs.push_back(config);
            }
            const std::vector<StepRow> rows = measure_steps(configs, jobs, samples);
            for (std::size_t v = 0; v < std::size(variants); ++v) {
                const auto [queues, workers] = variants[v];
                const StepRow& row = rows[v];
                const std::string mode_name(name_of(mode)), queue_name(name_of(queues));
                table += format("  %7u %-10s %-11s %8d %22s %16.1f\n", agents, mode_name.c_str(), queue_name.c_str(), workers,
                                with_spread(row.tick_ms, 3).c_str(), row.merge_ns);
                records.push_back({"engine_step_ms",
                                   {{"agents", agents}, {"mode", mode_name}, {"queues", queue_name}, {"workers", workers}},
                                   row.tick_ms.median,
                                   "ms",
                                   spread_json(row.tick_ms)});
                if (agents == 10'000 && mode == StepMode::LockStep) {
                    if (workers == 0) inline_10k = row.tick_ms.median;
                    else if (queues == QueueKind::PerThread) {
                        per_thread_10k = pooled_10k = row.tick_ms.median;
                        merge_row = row;
                    } else locked_10k = row.tick_ms.median;
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
    const std::vector<Spread> posts = measure_queues(jobs, {QueueKind::PerThread, QueueKind::Locked}, changes, samples);
    const Spread& per_thread = posts[0];
    const Spread& locked = posts[1];
    table += format("\nChange queues alone: %u changes posted by %d threads at once in chunks of 256, then collected in merge order\n"
                    "  (ns per change, median [quartiles] of %d samples, the two queues in turn)\n",
                    changes, all + 1, samples);
    table += format("  %-11s %s\n", "per-thread", with_spread(per_thread, 1).c_str());
    table += format("  %-11s %s  (%.2fx the per-thread queues)\n", "locked", with_spread(locked, 1).c_str(), locked.median / per_thread.median);
    records.push_back({"change_post_ns_per_change", {{"queues", "per-thread"}, {"threads", all + 1}}, per_thread.median, "ns", spread_json(per_thread)});
    records.push_back({"change_post_ns_per_change", {{"queues", "locked"}, {"threads", all + 1}}, locked.median, "ns", spread_json(locked)});
    return records;
}

}  // namespace tsl::app
