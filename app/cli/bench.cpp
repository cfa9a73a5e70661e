// bench.cpp — `timeslice-lab bench`: the shared medians and spreads, the
// lookup, frame and thread groups, and the records (the exposure, engine and
// GIF groups have files of their own; the desktop's run that prints them all
// is bench_run.cpp, the browser page's app/web/web_bench.cpp).
//
// The browser page (web/) compiles this file too. Its build has neither
// OpenMP nor oneTBB, so there the thread groups compare no peers, and it
// measures no thread per job (__EMSCRIPTEN__ below): a page starts its threads
// from a pool of web workers made with the page, one per reported core, and
// a batch of 8 new threads would wait for workers the page cannot start while
// the benchmark holds its main thread.
//
// [SECTION] Medians and spreads
// [SECTION] Lookup and frame CPU
// [SECTION] Threads: dispatch, fork-join, parallel for, a profiler zone
// [SECTION] Records
#include "app/cli/bench.h"

#ifndef __EMSCRIPTEN__
#include "app/cli/bench_peers.h"
#endif
#include "app/frame/lab_app.h"

#include "core/jobs/job_system.h"
#include "core/jobs/profiler.h"

#include "app/cli/assets.h"

#include "core/base/repeat_timing.h"
#include "core/exposure/exposure.h"
#include "core/timeslicing/keyed_history.h"
#include "core/exposure/level.h"
#include "core/npc/npc_scene.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <random>
#include <stdexcept>
#include <thread>

namespace tsl::app {

// --- [SECTION] Medians and spreads ------------------------------------------

namespace {

volatile double g_sink;  // results land here so the compiler cannot drop the work

using LookupHistory = KeyedHistory<std::uint32_t, NpcDecision>;                                // hashed keys
using DenseLookupHistory = KeyedHistory<std::uint32_t, NpcDecision, DenseKeyIndex<std::uint32_t>>;  // the NPC scene's

// The history as a timeslicer leaves it mid-batch with asynchronous output:
// capacity = keys, one full batch saved, then half of the next one, so the
// ring has wrapped and the newest entries of the keys are spread through it.
template <class History>
History steady_state_history(std::uint32_t keys) {
    History history(keys);
    for (int pass = 0; pass < 2; ++pass) {
        const std::uint32_t count = pass == 0 ? keys : keys / 2;
        for (std::uint32_t k = 0; k < count; ++k) history.push(k, {static_cast<double>(k + pass), {}, pass});
    }
    return history;
}

}  // namespace

double median(std::vector<double> v) { return median_of(std::move(v)); }

double median_ms(int samples, double min_sample_ms, const std::function<void()>& fn) {
    auto now_ms = [] { return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count(); };
    return median_ms_per_call(samples, min_sample_ms, fn, now_ms);
}

Spread spread_of(std::vector<double> runs) {
    std::sort(runs.begin(), runs.end());
    auto quantile = [&](double q) {
        const double at = q * static_cast<double>(runs.size() - 1);
        const auto below = static_cast<std::size_t>(at);
        const double above = at - static_cast<double>(below);
        return below + 1 < runs.size() ? runs[below] * (1 - above) + runs[below + 1] * above : runs[below];
    };
    return {quantile(0.5), quantile(0.25), quantile(0.75)};
}

nlohmann::ordered_json spread_json(const Spread& s) { return {{"p25", s.p25}, {"p75", s.p75}}; }

std::string with_spread(const Spread& s, int digits) { return format("%.*f [%.*f-%.*f]", digits, s.median, digits, s.p25, digits, s.p75); }

// --- [SECTION] Lookup and frame CPU ----------------------------------------

std::vector<BenchRecord> bench_lookup(const BenchOptions& options, std::string& table) {
    std::vector<BenchRecord> records;
    const int samples = options.quick ? 5 : 15;
    table += "Lookup: newest output of every key, once per frame (median of " + std::to_string(samples) + " runs)\n";
    table += "  target at 10k keys: index <= 0.05 ms and >= 1000x faster than the article's linear scan\n";
    table += "  index: FlatKeyIndex (hashed keys); dense: DenseKeyIndex (keys 0 .. N-1, the NPC scene's); key_index.h\n";
    table += format("  %8s %14s %14s %14s %14s\n", "keys", "index ms", "dense ms", "scan ms", "scan / index");
    std::string footnote;
    for (std::uint32_t keys : {100u, 10'000u, 100'000u}) {
        const auto history = steady_state_history<LookupHistory>(keys);
        const auto dense = steady_state_history<DenseLookupHistory>(keys);

        // Scanning 100k keys would take seconds per frame: time every
        // stride-th key (spread evenly over the ring) and scale up.
        const std::uint32_t stride = keys > 10'000 ? keys / 1000 : 1;
        for (std::uint32_t k = 0; k < keys; k += stride) {
            const NpcDecision *by_index = history.newest(k), *by_dense = dense.newest(k);
            const bool same = by_index && by_dense && by_dense->desired_deg == by_index->desired_deg &&
                              by_dense->input_frame == by_index->input_frame;
            if (by_index != history.scan_newest(k) || !same)
                throw std::runtime_error(format("bench: index, dense index and scan disagree for key %u of %u", k, keys));
        }

        const double index_ms = median_ms(samples, 1.0, [&] {
            double sum = 0;
            for (std::uint32_t k = 0; k < keys; ++k) sum += history.newest(k)->desired_deg;
            g_sink = sum;
        });
        const double dense_ms = median_ms(samples, 1.0, [&] {
            double sum = 0;
            for (std::uint32_t k = 0; k < keys; ++k) sum += dense.newest(k)->desired_deg;
            g_sink = sum;
        });
        const double scan_ms = stride * median_ms(options.quick ? 3 : 7, 1.0, [&] {
            double sum = 0;
            for (std::uint32_t k = 0; k < keys; k += stride) sum += history.scan_newest(k)->desired_deg;
            g_sink = sum;
        });

        records.push_back({"lookup_index_ms", {{"keys", keys}}, index_ms, "ms"});
        records.push_back({"lookup_dense_ms", {{"keys", keys}}, dense_ms, "ms"});
        nlohmann::ordered_json scan_params = {{"keys", keys}};
        if (stride > 1) {
            scan_params["sampled_keys"] = keys / stride;
            footnote = format("  * scan timed on %u keys spread over the ring, scaled by %u\n", keys / stride, stride);
        }
        records.push_back({"lookup_scan_ms", scan_params, scan_ms, "ms"});
        table += format("  %8u %14.5f %14.5f %13.3f%s %13.0fx\n", keys, index_ms, dense_ms, scan_ms, stride > 1 ? "*" : " ",
                        scan_ms / index_ms);
    }
    table += footnote;
    return records;
}

namespace {

// Where splitting the NPC step's per-NPC pass over the workers starts to pay:
// the step's wall time with the pass split and not, at rising NPC counts
// (default scene config, the pool the app uses), runs interleaved. The first
// count from which the split step is faster at every larger count is what
// kNpcSplitFromNpcs (core/npc/npc_scene.h) is set from.
void bench_npc_split(const BenchOptions& options, std::string& table, std::vector<BenchRecord>& records) {
    JobSystem jobs(jobs_config(options));
    const int runs = options.quick ? 5 : 15, steps = 20;
    table += format("\nNPC step, per-NPC pass split over the pool (%d worker%s + the main thread) or not: wall ms per step,\n"
                    "  median of %d runs of %d steps, runs interleaved (p25..p75)\n",
                    jobs.worker_count(), jobs.worker_count() == 1 ? "" : "s", runs, steps);
    table += format("  %8s %22s %22s %8s\n", "NPCs", "one thread ms", "split ms", "ratio");
    std::uint32_t pays_from = 0;
    for (std::uint32_t npcs : {500u, 1'000u, 2'000u, 5'000u, 10'000u, 20'000u, 100'000u}) {
        NpcSceneConfig config;
        config.npc_count = npcs;
        NpcScene one(config, {&jobs, nullptr}), split(config, {&jobs, nullptr});
        one.set_split_from_npcs(UINT32_MAX);
        split.set_split_from_npcs(0);
        std::vector<double> one_ms, split_ms;
        for (int s = 0; s < 5; ++s) one.step(), split.step();  // warm-up
        for (int r = 0; r < runs; ++r)
            for (NpcScene* scene : {&one, &split}) {
                const auto start = std::chrono::steady_clock::now();
                for (int s = 0; s < steps; ++s) scene->step();
                (scene == &one ? one_ms : split_ms)
                    .push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() / steps);
            }
        const auto quartiles = [](std::vector<double> v) {
            std::sort(v.begin(), v.end());
            return std::pair{v[v.size() / 4], v[v.size() * 3 / 4]};
        };
        const auto [one_lo, one_hi] = quartiles(one_ms);
        const auto [split_lo, split_hi] = quartiles(split_ms);
        const double ratio = median(split_ms) / median(one_ms);
        if (ratio >= 1.0) pays_from = 0;
        else if (pays_from == 0) pays_from = npcs;
        records.push_back({"npc_step_ms", {{"npcs", npcs}, {"split", false}}, median(one_ms), "ms", {{"p25", one_lo}, {"p75", one_hi}}});
        records.push_back({"npc_step_ms", {{"npcs", npcs}, {"split", true}}, median(split_ms), "ms", {{"p25", split_lo}, {"p75", split_hi}}});
        table += format("  %8u %7.3f (%.3f..%.3f) %7.3f (%.3f..%.3f) %8.2f\n", npcs, median(one_ms), one_lo, one_hi, median(split_ms),
                        split_lo, split_hi, ratio);
    }
    if (pays_from)
        table += format("  the split pays from %u NPCs on (steps split from %u: kNpcSplitFromNpcs)\n", pays_from, kNpcSplitFromNpcs);
    else
        table += format("  the split did not pay at 100,000 NPCs in this run (steps split from %u: kNpcSplitFromNpcs)\n", kNpcSplitFromNpcs);
}

}  // namespace

std::vector<BenchRecord> bench_frame_cpu_on(BenchSurface& surface, const BenchOptions& options, std::string& table) {
    const int frames = options.quick ? 30 : 120;
    const std::string record = surface.frame_record();
    table += "\nApp frame: simulation + draw submission, " + surface.clock() + ", 1600 x 900, " + surface.where() + " (" +
             surface.context_kind() + "; median of " + std::to_string(frames) + " frames; record " + record + ")\n";
    table += "  target: <= 2 ms at 10k and at 100k NPCs. " + surface.gpu_note() + "\n";
    std::vector<BenchRecord> records;
    bool app_threads = false;  // the workers' CPU clocks can be read: a column for all the app's threads
    for (std::uint32_t npcs : {10u, 10'000u, 100'000u}) {
        LabSettings settings;
        settings.npc.world.npc_count = npcs;
        settings.hide_ui = true;
        const std::unique_ptr<LabApp> made = surface.make_app(settings);
        LabApp& app = *made;
        if (const Status ready = app.init(); !ready) throw std::runtime_error("bench: frame: " + ready.error());
        const JobSystem& jobs = app.session().jobs();
        if (npcs == 10) {
            app_threads = jobs.workers_cpu_ms() >= 0;
            table += app_threads ? format("  %8s %14s %14s %14s %24s\n", "NPCs", "frame ms", "simulation ms", "draw ms", "main + workers CPU ms")
                                 : format("  %8s %14s %14s %14s\n", "NPCs", "frame ms", "simulation ms", "draw ms");
        }
        std::vector<double> total, sim, draw, all_threads;
        for (int f = 0; f < frames + 10; ++f) {
            const double workers_before = jobs.workers_cpu_ms();
            surface.render(app, 1);
            const double workers_ms = jobs.workers_cpu_ms() - workers_before;
            surface.wait_for_gpu();  // the GPU's work stays out of the next frame's timing
            if (f < 10) continue;  // warm-up
            sim.push_back(app.last_cost().simulation_ms);
            draw.push_back(app.last_cost().draw_ms);
            total.push_back(sim.back() + draw.back());
            all_threads.push_back(total.back() + workers_ms);
        }
        records.push_back({record, {{"npcs", npcs}}, median(total), "ms"});
        if (app_threads) {
            records.push_back({"frame_app_threads_cpu_ms", {{"npcs", npcs}}, median(all_threads), "ms"});
            table += format("  %8u %14.3f %14.3f %14.3f %24.3f\n", npcs, median(total), median(sim), median(draw), median(all_threads));
        } else {
            table += format("  %8u %14.3f %14.3f %14.3f\n", npcs, median(total), median(sim), median(draw));
        }
    }
    if (app_threads)
        table += "  main + workers: the main thread's CPU time and the job system's workers' over the same frame (their spin before\n"
                 "  sleeping, up to 200 us a sleep, included); the GL driver's own threads are not counted.\n";
    bench_npc_split(options, table, records);
    return records;
}

// --- [SECTION] Threads: dispatch, fork-join, parallel for, a profiler zone ---

namespace {

// The exposure map's own work: per-cell rays from the sentinel's eye on the
// courtyard level at W x W.
struct RayWork {
    OccupancyGrid grid;
    Cell eye;
    std::vector<std::uint8_t> exposed;

    explicit RayWork(int width) {
        Result<Level> loaded = load_level(assets_directory() + "/levels/courtyard.txt");
        if (!loaded) throw std::runtime_error("bench: " + loaded.error());
        const Level level = resize_level(*loaded, width);
        grid = level.grid;
        grid.update_free_runs();
        eye = level.patrol.front();
        exposed.assign(grid.cell_count(), 0);
    }
    void run(std::uint32_t begin, std::uint32_t end) { expose_rays(grid, eye, exposed.data(), begin, end); }
};

// Mean ms per call over a block of calls lasting at least `block_ms` (and at
// least `min_calls` calls), after one warm-up call.
double mean_ms_per_call(double block_ms, int min_calls, const std::function<void()>& fn) {
    using Clock = std::chrono::steady_clock;
    fn();
    const auto t0 = Clock::now();
    int calls = 0;
    double elapsed_ms = 0;
    do {
        fn();
        ++calls;
        elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    } while (calls < min_calls || elapsed_ms < block_ms);
    return elapsed_ms / calls;
}

// OpenMP's idle threads keep spinning for a few milliseconds after a region
// (about 5 ms here) and oneTBB's briefly; on two cores that would slow
// whatever is measured next. Every method is measured after this pause.
void let_threads_park() { std::this_thread::sleep_for(std::chrono::milliseconds(20)); }

using Body = std::function<void(std::uint32_t, std::uint32_t)>;

// One way to run a loop over all threads, as the peers are measured; and a
// fork-join by it: `batches` batches of one empty job per thread, each waited for.
struct LoopMethod {
    const char* name;
    std::function<void(std::uint32_t count, std::uint32_t grain, const Body& body)> run;
    std::function<void(int batches)> fork_join;
};

// What the thread benchmarks share: the job system, how long to measure, and
// the loop methods compared.
struct ThreadBench {
    JobSystem& jobs;
    int threads = 0;
    int samples = 0;
    double block_ms = 0;
    std::vector<LoopMethod> methods;

    // Runs of a sample go through the methods in a rotated order, so none is
    // always measured first or right after the same neighbour.
    std::vector<std::size_t> rotated(int sample) const {
        std::vector<std::size_t> order(methods.size());
        for (std::size_t m = 0; m < order.size(); ++m) order[m] = (m + static_cast<std::size_t>(sample)) % order.size();
        return order;
    }
};

void bench_dispatch(const ThreadBench& bench, std::string& table, std::vector<BenchRecord>& records) {
    using Clock = std::chrono::steady_clock;
    // --- Dispatch: a batch of empty jobs over every thread, waited for -----------
    // As a timeslicer update uses it: one launch of kBatch jobs, one wait.
    constexpr std::uint32_t kBatch = 256;
    constexpr int kBatchesPerRun = 200;
    const Body empty_jobs = [](std::uint32_t begin, std::uint32_t end) {
        for (std::uint32_t i = begin; i < end; ++i) asm volatile("" ::"r"(i));
    };
    std::vector<std::vector<double>> dispatch_ns(bench.methods.size()), fork_join_us(bench.methods.size());
    std::vector<double> spawn_ns, single_ns;
    for (int s = 0; s < bench.samples; ++s) {
        for (std::size_t m : bench.rotated(s)) {
            let_threads_park();
            const double ms = mean_ms_per_call(bench.block_ms, 2, [&] {
                for (int b = 0; b < kBatchesPerRun; ++b) bench.methods[m].run(kBatch, 1, empty_jobs);
            });
            dispatch_ns[m].push_back(ms * 1e6 / (double{kBatch} * kBatchesPerRun));
        }
        // Fork-join: one empty job per thread, launched and waited for.
        for (std::size_t m : bench.rotated(s)) {
            let_threads_park();
            const double us = 1000 * mean_ms_per_call(bench.block_ms, 2, [&] { bench.methods[m].fork_join(100); }) / 100;
            fork_join_us[m].push_back(us);
        }
#ifndef __EMSCRIPTEN__
        // The article's threading: a thread created for each job of an update
        // and joined when it is gathered.
        constexpr int kThreadBatch = 8;
        spawn_ns.push_back(1e6 * mean_ms_per_call(bench.block_ms, 2, [&] {
                               std::thread spawned[kThreadBatch];
                               for (int i = 0; i < kThreadBatch; ++i) spawned[i] = std::thread([i] { asm volatile("" ::"r"(i)); });
                               for (auto& t : spawned) t.join();
                           }) / kThreadBatch);
#endif
        // For comparison: every job scheduled and waited for on its own.
        const auto t0 = Clock::now();
        std::vector<JobHandle> handles(20'000);
        for (std::uint32_t i = 0; i < handles.size(); ++i) handles[i] = bench.jobs.schedule([i] { asm volatile("" ::"r"(i)); });
        for (JobHandle h : handles) bench.jobs.complete(h);
        single_ns.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / static_cast<double>(handles.size()));
    }
    const Spread pool_dispatch = spread_of(dispatch_ns[0]);
    table += format("\nJob dispatch: a batch of %u empty jobs launched over every thread and waited for, as an update does\n"
                    "  (%d threads; ns per job, median [quartiles] of %d interleaved runs)\n", kBatch, bench.threads, bench.samples);
    table += "  target: pool <= 10 ns per job\n";
    for (std::size_t m = 0; m < bench.methods.size(); ++m) {
        const Spread d = spread_of(dispatch_ns[m]);
        table += format("  %-16s %s\n", bench.methods[m].name, with_spread(d, 1).c_str());
        records.push_back({"dispatch_ns_per_job", {{"method", bench.methods[m].name}}, d.median, "ns", spread_json(d)});
    }
    if (!spawn_ns.empty()) {
        const Spread spawn = spread_of(spawn_ns);
        table += format("  %-16s %s  (batches of 8 threads; %.0fx the pool)\n", "thread-per-job", with_spread(spawn, 0).c_str(),
                        spawn.median / pool_dispatch.median);
        records.push_back({"dispatch_ns_per_job", {{"method", "thread-per-job"}}, spawn.median, "ns", spread_json(spawn)});
    }
    table += format("  (pool, each job scheduled and waited for on its own: %.0f ns per job)\n", spread_of(single_ns).median);

    table += format("\nFork-join: one empty job per thread (%d), launched and waited for (us per batch, median [quartiles])\n", bench.threads);
    for (std::size_t m = 0; m < bench.methods.size(); ++m) {
        const Spread f = spread_of(fork_join_us[m]);
        table += format("  %-16s %s\n", bench.methods[m].name, with_spread(f, 2).c_str());
        records.push_back({"fork_join_us", {{"method", bench.methods[m].name}}, f.median, "us", spread_json(f)});
    }
}

void bench_parallel_for(const ThreadBench& bench, std::string& table, std::vector<BenchRecord>& records) {
    // --- Parallel for: the exposure map's per-cell rays ------------------------
    const std::uint32_t grids[] = {100, 256, 1000};
    const std::uint32_t grains[] = {1, 256, 4096};  // tiny; the exposure scene's chunks; large
    table += format("\nParallel for: the exposure map's per-cell rays on the courtyard, ms per map, median [quartiles] of %d "
                    "interleaved runs (%d threads)\n", bench.samples, bench.threads);
    table += "  target: pool within 1.1x of the faster of openmp and tbb\n";
    table += format("  %-6s %-6s %-22s %-22s %-22s %-22s %s\n", "grid", "grain", "one thread", "pool", "openmp", "tbb", "pool / best");
    for (const std::uint32_t grid : grids) {
        RayWork work(static_cast<int>(grid));
        const std::uint32_t cells = grid * grid;
        const Body rays = [&work](std::uint32_t b, std::uint32_t e) { work.run(b, e); };
        std::vector<double> serial_ms;
        std::vector<std::vector<std::vector<double>>> loop_ms(std::size(grains), std::vector<std::vector<double>>(bench.methods.size()));
        for (int s = 0; s < bench.samples; ++s) {
            let_threads_park();
            serial_ms.push_back(mean_ms_per_call(bench.block_ms, 2, [&] { work.run(0, cells); }));
            for (std::size_t g = 0; g < std::size(grains); ++g)
                for (std::size_t m : bench.rotated(s + static_cast<int>(g))) {
                    let_threads_park();
                    loop_ms[g][m].push_back(mean_ms_per_call(bench.block_ms, 2, [&] { bench.methods[m].run(cells, grains[g], rays); }));
                }
        }
        const Spread serial = spread_of(serial_ms);
        records.push_back({"parallel_for_ms", {{"method", "one-thread"}, {"grid", grid}}, serial.median, "ms", spread_json(serial)});
        for (std::size_t g = 0; g < std::size(grains); ++g) {
            Spread per_method[3];  // pool, openmp, tbb: a column for each, "-" where a method is not measured
            for (std::size_t m = 0; m < bench.methods.size(); ++m) {
                per_method[m] = spread_of(loop_ms[g][m]);
                records.push_back({"parallel_for_ms", {{"method", bench.methods[m].name}, {"grid", grid}, {"grain", grains[g]}},
                                   per_method[m].median, "ms", spread_json(per_method[m])});
            }
            const bool peers = bench.methods.size() == 3;
            const double best_peer = peers ? std::min(per_method[1].median, per_method[2].median) : 0;
            table += format("  %-6u %-6u %-22s %-22s %-22s %-22s %s\n", grid, grains[g], g == 0 ? with_spread(serial, 3).c_str() : "",
                            with_spread(per_method[0], 3).c_str(), peers ? with_spread(per_method[1], 3).c_str() : "-",
                            peers ? with_spread(per_method[2], 3).c_str() : "-",
                            peers ? format("%.2fx", per_method[0].median / best_peer).c_str() : "-");
        }
    }
    let_threads_park();
}

void bench_profiler_zone(const ThreadBench& bench, std::string& table) {
    // --- What profiling costs: one zone ---------------------------------------
    Profiler profiler;
    const double zone_ns = 1e6 * median_ms(bench.samples, 2.0, [&] {
        for (int i = 0; i < 1000; ++i) ZoneScope zone(&profiler, ZoneKind::Job, "bench");
    }) / 1000;
    table += format("\nProfiler: %.0f ns per zone recorded (two clock reads and a lock-free ring write); "
                    "a step records about 5 + J zones\n", zone_ns);
}

}  // namespace

std::vector<BenchRecord> bench_threads(const BenchOptions& options, std::string& table) {
    std::vector<BenchRecord> records;
    JobSystem jobs(jobs_config(options));
    const int threads = jobs.worker_count() + 1;
    // Every method is called the same way: one std::function call per chunk
    // (or, for the pool and oneTBB, per claim of several chunks).
    const auto pool_loop = [&](std::uint32_t count, std::uint32_t grain, const Body& body) {
        jobs.complete(jobs.parallel_for(count, grain, [&body](std::uint32_t b, std::uint32_t e) { body(b, e); }));
    };
    const Body empty_jobs = [](std::uint32_t begin, std::uint32_t end) {
        for (std::uint32_t i = begin; i < end; ++i) asm volatile("" ::"r"(i));
    };
    const ThreadBench bench{
        jobs, threads, options.quick ? 3 : 15, options.quick ? 4.0 : 10.0,
        {
            {"pool", pool_loop,
             [&](int batches) {
                 for (int b = 0; b < batches; ++b) pool_loop(static_cast<std::uint32_t>(threads), 1, empty_jobs);
             }},
#ifndef __EMSCRIPTEN__
            {"openmp", openmp_parallel_for, [](int batches) { openmp_fork_join_us(batches); }},
            {"tbb", tbb_parallel_for, [](int batches) { tbb_fork_join_us(batches); }},
#endif
        }};
#ifndef __EMSCRIPTEN__
    // The peers get as many threads as the pool (its workers and the calling thread).
    match_peer_threads(threads);
    table += format("\nThreads: pool %d (%d worker%s and the calling thread), openmp %d, tbb %d\n", threads, threads - 1, threads == 2 ? "" : "s", openmp_threads(),
                    tbb_threads());
    if (openmp_threads() != threads || tbb_threads() != threads)
        throw std::runtime_error(format("bench: the peers could not be given the pool's %d threads (openmp %d, tbb %d)", threads,
                                        openmp_threads(), tbb_threads()));
#endif
    bench_dispatch(bench, table, records);
    bench_parallel_for(bench, table, records);
    const JobSystemStats stats = jobs.stats();
    table += format("  (pool: %llu wake-ups of a sleeping worker, %llu of them onto the waker's core, moved off it: see Design in core/jobs/job_system.h)\n",
                    static_cast<unsigned long long>(stats.wake_ups), static_cast<unsigned long long>(stats.moves_off_waker));
    bench_profiler_zone(bench, table);
    return records;
}

// --- [SECTION] Records -------------------------------------------------------

nlohmann::ordered_json record_json(const BenchRecord& r) {
    nlohmann::ordered_json out = {{"name", r.name}, {"params", r.params}, {"median", r.median}, {"unit", r.unit}};
    if (!r.spread.is_null()) out["spread"] = r.spread;
    return out;
}

}  // namespace tsl::app
