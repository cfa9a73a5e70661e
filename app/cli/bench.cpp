#include "app/cli/bench.h"

#include "app/cli/bench_peers.h"
#include "app/platform/gl.h"
#include "app/platform/headless_session.h"

#include "core/jobs/job_system.h"
#include "core/jobs/profiler.h"

#include "app/cli/assets.h"

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

namespace {

volatile double g_sink;  // results land here so the compiler cannot drop the work

std::string format(const char* fmt, auto... args) {
    char buffer[512];
    std::snprintf(buffer, sizeof buffer, fmt, args...);
    return buffer;
}

using LookupHistory = KeyedHistory<std::uint32_t, NpcDecision>;

// The history as a timeslicer leaves it mid-batch with asynchronous output:
// capacity = keys, one full batch saved, then half of the next one, so the
// ring has wrapped and the newest entries of the keys are spread through it.
LookupHistory steady_state_history(std::uint32_t keys) {
    LookupHistory history(keys);
    for (int pass = 0; pass < 2; ++pass) {
        const std::uint32_t count = pass == 0 ? keys : keys / 2;
        for (std::uint32_t k = 0; k < count; ++k) history.push(k, {static_cast<double>(k + pass), {}, pass});
    }
    return history;
}

}  // namespace

double median_ms(int samples, double min_sample_ms, const std::function<void()>& fn) {
    using Clock = std::chrono::steady_clock;
    auto elapsed_ms = [](Clock::time_point since) {
        return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
    };
    const auto t0 = Clock::now();
    fn();  // warm-up, and a first estimate of the cost
    const double once = std::max(elapsed_ms(t0), 1e-6);
    const int reps = once >= min_sample_ms ? 1 : static_cast<int>(std::min(1e6, std::ceil(min_sample_ms / once)));
    std::vector<double> times;
    for (int s = 0; s < samples; ++s) {
        const auto start = Clock::now();
        for (int r = 0; r < reps; ++r) fn();
        times.push_back(elapsed_ms(start) / reps);
    }
    std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
    return times[times.size() / 2];
}

std::vector<BenchRecord> bench_lookup(const BenchOptions& options, std::string& table) {
    std::vector<BenchRecord> records;
    const int samples = options.quick ? 5 : 15;
    table += "Lookup: newest output of every key, once per frame (median of " + std::to_string(samples) + " runs)\n";
    table += "  target at 10k keys: index <= 0.05 ms and >= 1000x faster than the article's linear scan\n";
    table += format("  %8s %14s %14s %14s\n", "keys", "index ms", "scan ms", "scan / index");
    std::string footnote;
    for (std::uint32_t keys : {100u, 10'000u, 100'000u}) {
        const LookupHistory history = steady_state_history(keys);

        // Scanning 100k keys would take seconds per frame: time every
        // stride-th key (spread evenly over the ring) and scale up.
        const std::uint32_t stride = keys > 10'000 ? keys / 1000 : 1;
        for (std::uint32_t k = 0; k < keys; k += stride) {
            if (history.newest(k) != history.scan_newest(k))
                throw std::runtime_error(format("bench: index and scan disagree for key %u of %u", k, keys));
        }

        const double index_ms = median_ms(samples, 1.0, [&] {
            double sum = 0;
            for (std::uint32_t k = 0; k < keys; ++k) sum += history.newest(k)->desired_deg;
            g_sink = sum;
        });
        const double scan_ms = stride * median_ms(options.quick ? 3 : 7, 1.0, [&] {
            double sum = 0;
            for (std::uint32_t k = 0; k < keys; k += stride) sum += history.scan_newest(k)->desired_deg;
            g_sink = sum;
        });

        records.push_back({"lookup_index_ms", {{"keys", keys}}, index_ms, "ms"});
        nlohmann::ordered_json scan_params = {{"keys", keys}};
        if (stride > 1) {
            scan_params["sampled_keys"] = keys / stride;
            footnote = format("  * scan timed on %u keys spread over the ring, scaled by %u\n", keys / stride, stride);
        }
        records.push_back({"lookup_scan_ms", scan_params, scan_ms, "ms"});
        table += format("  %8u %14.5f %13.3f%s %13.0fx\n", keys, index_ms, scan_ms, stride > 1 ? "*" : " ", scan_ms / index_ms);
    }
    table += footnote;
    return records;
}

std::vector<BenchRecord> bench_frame_cpu(const BenchOptions& options, std::string& table) {
    std::string error;
    const auto session = HeadlessSession::create(1600, 900, error);
    if (!session) {
        table += "Frame CPU: skipped, " + error + "\n";
        return {};
    }
    const int frames = options.quick ? 30 : 120;
    table += "\nApp frame CPU: simulation + draw submission, main-thread CPU time, 1600 x 900, offscreen (" +
             session->context_kind() + "; median of " + std::to_string(frames) + " frames)\n";
    table += "  target at 10k NPCs: <= 2 ms. The GPU's own work (here llvmpipe rendering on other threads) is not counted.\n";
    table += format("  %8s %14s %14s %14s\n", "NPCs", "frame ms", "simulation ms", "draw ms");
    std::vector<BenchRecord> records;
    for (std::uint32_t npcs : {10u, 10'000u, 100'000u}) {
        LabSettings settings;
        settings.npc.world.npc_count = npcs;
        settings.hide_ui = true;
        SessionOptions session_options;
        session_options.assets_dir = assets_directory();
        LabApp app(std::make_unique<LabSession>(settings, std::move(session_options)));
        if (!app.init(error)) {
            table += "  " + error + "\n";
            return records;
        }
        std::vector<double> total, sim, draw;
        for (int f = 0; f < frames + 10; ++f) {
            session->render(app, 1);
            glFinish();  // the GPU's work stays out of the next frame's timing
            if (f < 10) continue;  // warm-up
            sim.push_back(app.last_cost().simulation_ms);
            draw.push_back(app.last_cost().draw_ms);
            total.push_back(sim.back() + draw.back());
        }
        auto median = [](std::vector<double> v) {
            std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
            return v[v.size() / 2];
        };
        records.push_back({"frame_cpu_ms", {{"npcs", npcs}}, median(total), "ms"});
        table += format("  %8u %14.3f %14.3f %14.3f\n", npcs, median(total), median(sim), median(draw));
    }
    return records;
}

namespace {

// The exposure map's own work: per-cell rays from the sentinel's eye on the
// courtyard level at W x W, cells split into chunks.
struct RayWork {
    OccupancyGrid grid;
    Cell eye;
    std::vector<std::uint8_t> exposed;

    explicit RayWork(int width) {
        LevelLoad loaded = load_level(assets_directory() + "/levels/courtyard.txt");
        if (!loaded.level) throw std::runtime_error("bench: " + loaded.error);
        const Level level = resize_level(*loaded.level, width);
        grid = level.grid;
        grid.update_free_runs();
        eye = level.patrol.front();
        exposed.assign(grid.cell_count(), 0);
    }
    void run(std::uint32_t begin, std::uint32_t end) { expose_rays(grid, eye, exposed.data(), begin, end); }
};

}  // namespace

std::vector<BenchRecord> bench_threads(const BenchOptions& options, std::string& table) {
    std::vector<BenchRecord> records;
    JobSystem jobs;
    const int samples = options.quick ? 5 : 15;

    // Each method is measured in a block of its own, ours first: OpenMP's and
    // oneTBB's idle threads keep spinning for a while after their work, and
    // on two cores that would slow whatever is measured next.
    auto median = [](std::vector<double> v) {
        std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
        return v[v.size() / 2];
    };
    auto let_threads_park = [] { std::this_thread::sleep_for(std::chrono::milliseconds(300)); };
    // Dispatch is measured as a timeslicer update uses it: a batch of jobs
    // launched over every thread and waited for once.
    constexpr int kBatch = 256;
    const int batches = 200, single_jobs = 20'000, thread_batches = options.quick ? 25 : 100, thread_batch = 8;
    const std::uint32_t grid = 256, cells = grid * grid, grain = 256;
    RayWork work(static_cast<int>(grid));
    const auto body = [&work](std::uint32_t b, std::uint32_t e) { work.run(b, e); };
    using Clock = std::chrono::steady_clock;
    auto ns_per = [](Clock::time_point t0, double job_count) {
        return std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / job_count;
    };

    std::vector<double> pool_ns, single_ns, spawn_ns, omp_ns, tbb_ns;
    std::vector<JobHandle> handles(single_jobs);
    for (int s = 0; s < samples; ++s) {
        auto t0 = Clock::now();
        for (int b = 0; b < batches; ++b)
            jobs.complete(jobs.parallel_for(kBatch, 1, [](std::uint32_t begin, std::uint32_t end) {
                for (std::uint32_t i = begin; i < end; ++i) asm volatile("" ::"r"(i));
            }));
        pool_ns.push_back(ns_per(t0, double(kBatch) * batches));
        // For comparison: every job scheduled and waited for on its own.
        t0 = Clock::now();
        for (int i = 0; i < single_jobs; ++i) handles[i] = jobs.schedule([i] { asm volatile("" ::"r"(i)); });
        for (JobHandle h : handles) jobs.complete(h);
        single_ns.push_back(ns_per(t0, single_jobs));
    }
    const double pool_for = median_ms(samples, 1.0, [&] { jobs.complete(jobs.parallel_for(cells, grain, body)); });
    const double serial = median_ms(samples, 1.0, [&] { work.run(0, cells); });
    for (int s = 0; s < samples; ++s) {
        // The article's threading: a thread created for each job of an update
        // and joined when it is gathered.
        const auto t0 = Clock::now();
        for (int b = 0; b < thread_batches; ++b) {
            std::thread threads[thread_batch];
            for (int i = 0; i < thread_batch; ++i) threads[i] = std::thread([i] { asm volatile("" ::"r"(i)); });
            for (auto& t : threads) t.join();
        }
        spawn_ns.push_back(ns_per(t0, double(thread_batch) * thread_batches));
    }
    for (int s = 0; s < samples; ++s) omp_ns.push_back(openmp_batch_dispatch_ns(kBatch, batches));
    const double omp_for = median_ms(samples, 1.0, [&] { openmp_parallel_for(cells, grain, body); });
    let_threads_park();
    for (int s = 0; s < samples; ++s) tbb_ns.push_back(tbb_batch_dispatch_ns(kBatch, batches));
    const double tbb_for = median_ms(samples, 1.0, [&] { tbb_parallel_for(cells, grain, body); });
    let_threads_park();

    const double pool = median(pool_ns), single = median(single_ns), spawn = median(spawn_ns), omp = median(omp_ns), tbb = median(tbb_ns);
    table += format("\nJob dispatch: launch a batch of empty jobs over every thread and wait for it, as an update does\n"
                    "  (median of %d runs; %d threads each; cost per job)\n", samples, jobs.worker_count() + 1);
    table += "  target: pool <= 100 ns per job and >= 100x cheaper than a thread per job\n";
    table += format("  %-18s %12.1f ns per job  (batches of %d)\n", "pool", pool, kBatch);
    table += format("  %-18s %12.0f ns per job  (batches of %d; %.0fx the pool)\n", "thread-per-job", spawn, thread_batch, spawn / pool);
    table += format("  %-18s %12.1f ns per job  (omp parallel for, %d threads)\n", "openmp", omp, openmp_threads());
    table += format("  %-18s %12.1f ns per job  (tbb::parallel_for, %d threads)\n", "tbb", tbb, tbb_threads());
    table += format("  (pool, each job scheduled and waited for on its own: %.0f ns per job)\n", single);
    records.push_back({"dispatch_ns_per_job", {{"method", "pool"}}, pool, "ns"});
    records.push_back({"dispatch_ns_per_job", {{"method", "thread-per-job"}}, spawn, "ns"});
    records.push_back({"dispatch_ns_per_job", {{"method", "openmp"}}, omp, "ns"});
    records.push_back({"dispatch_ns_per_job", {{"method", "tbb"}}, tbb, "ns"});

    table += format("\nParallel for: the exposure map's per-cell rays, courtyard at %u x %u, chunks of %u cells\n", grid, grid, grain);
    table += "  target: pool within 1.2x of oneTBB's parallel_for\n";
    table += format("  %-18s %12.3f ms\n", "one thread", serial);
    table += format("  %-18s %12.3f ms  (%.2fx tbb)\n", "pool", pool_for, pool_for / tbb_for);
    table += format("  %-18s %12.3f ms\n", "openmp", omp_for);
    table += format("  %-18s %12.3f ms\n", "tbb", tbb_for);
    for (auto [method, ms] : {std::pair{"pool", pool_for}, {"openmp", omp_for}, {"tbb", tbb_for}})
        records.push_back({"parallel_for_ms", {{"method", method}, {"grid", grid}}, ms, "ms"});

    // --- What profiling costs: one zone ---------------------------------------
    Profiler profiler;
    const double zone_ns = 1e6 * median_ms(samples, 2.0, [&] {
        for (int i = 0; i < 1000; ++i) ZoneScope zone(&profiler, ZoneKind::Job, "bench");
    }) / 1000;
    table += format("\nProfiler: %.0f ns per zone recorded (two clock reads and a lock-free ring write); "
                    "a step records about 5 + J zones\n", zone_ns);
    return records;
}

int run_bench(const BenchOptions& options) {
    std::string table;
    std::vector<BenchRecord> records;
    auto wanted = [&](const char* group) {
        return options.only.empty() || std::find(options.only.begin(), options.only.end(), group) != options.only.end();
    };
    using Group = std::vector<BenchRecord> (*)(const BenchOptions&, std::string&);
    try {
        for (auto [group, run] : {std::pair<const char*, Group>{"lookup", bench_lookup}, {"threads", bench_threads},
                                  {"exposure", bench_exposure}, {"engine", bench_engine}, {"frame", bench_frame_cpu}, {"gif", bench_gif}})
            if (wanted(group))
                for (BenchRecord& r : run(options, table)) records.push_back(std::move(r));
    } catch (const std::exception& error) {
        std::cerr << "timeslice-lab: " << error.what() << '\n';
        return 1;
    }

    if (options.json) {
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        for (const BenchRecord& r : records)
            out.push_back({{"name", r.name}, {"params", r.params}, {"median", r.median}, {"unit", r.unit}});
        std::cout << out.dump(2) << '\n';
    } else {
        std::cout << table;
    }
    return 0;
}

}  // namespace tsl::app
