// bench_exposure.cpp — the delayed-gathering article's table, measured on the
// exposure scene itself: for each execution mode, the main thread's time in
// the exposure update, the average time of the threads that did the work, and
// the total over all threads, at 100², 256² and 1000², for both algorithms.
//
// Steps are paced as a 60 Hz game's frames: after a step the bench sleeps
// until the frame's 16.7 ms are over, as the rest of a frame (drawing,
// everything else) would take them. That gap is what next-frame gathering
// hides the work in; when the work is longer than a frame, the gather waits
// for it and the main-thread column shows so. Work that starts after such a
// gap starts with cold caches (on this machine about 1.5x slower), so the
// single-threaded cost is also measured back to back: the algorithm's own
// cost, what the README's targets compare.
//
// Then the per-cell rays alone, by ray caster (exposure.h): plain, the
// article's one ray per cell read cell by cell, beside the free-run and AVX2
// lanes optimisations, interleaved run by run, each run a whole map.
#include "app/cli/assets.h"
#include "app/cli/bench.h"

#include "core/base/repeat_timing.h"
#include "core/exposure/exposure_scene.h"
#include "core/exposure/level.h"
#include "core/jobs/job_system.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

namespace tsl::app {

namespace {

struct ExposureRow {
    double main_ms = 0, busy_ms = 0, total_ms = 0;
    int busy_threads = 0;
};

// A step longer than the median by this much and over twice it is a stall,
// not counted (core/base/repeat_timing.h, stalls): two steps of a page's
// clock, far above any figure's rounding.
constexpr double kStallMarginMs = 0.01;

// Runs the scene, paced at 60 Hz or back to back, and returns the means of
// the per-step figures, stalls left out (of the busy threads, the median). A mean,
// because one step's main thread with next-frame gathering, about 2 µs, is
// below a page's clock's 5 µs step: timed one step at a time, only an
// average over many steps comes to it.
ExposureRow measure(const ExposureSceneConfig& config, JobSystem& jobs, int samples, bool paced) {
    Result<std::unique_ptr<ExposureScene>> made = ExposureScene::create(config, {&jobs, nullptr});
    if (!made) throw std::runtime_error("bench: " + made.error());
    const std::unique_ptr<ExposureScene> scene = std::move(*made);
    using Clock = std::chrono::steady_clock;
    const auto frame = std::chrono::microseconds(paced ? 16'667 : 0);
    // Warm-up: one full timesliced pass (or a few steps), so every figure is a steady one.
    const int warm_up = config.mode == ExposureMode::Timesliced ? static_cast<int>(100 / config.slice_percent) + 1 : 3;
    std::vector<double> main_ms, busy_ms, total_ms, threads;
    for (int s = 0; s < warm_up + samples; ++s) {
        const auto start = Clock::now();
        scene->step();
        if (s >= warm_up) {
            const ExposureMetrics& m = scene->metrics();
            main_ms.push_back(m.main_ms);
            busy_ms.push_back(m.busy_ms);
            total_ms.push_back(m.total_ms);
            threads.push_back(m.busy_threads);
        }
        std::this_thread::sleep_until(start + frame);
    }
    // A step stalled on the main thread or in all threads' work is left out of all three means, so
    // that the busy threads' mean stays within the total's as it is in every step.
    std::vector<bool> left_out = stalls(main_ms, kStallMarginMs);
    const std::vector<bool> total_stalls = stalls(total_ms, kStallMarginMs);
    for (std::size_t k = 0; k < left_out.size(); ++k) left_out[k] = left_out[k] || total_stalls[k];
    return {mean_of_kept(main_ms, left_out), mean_of_kept(busy_ms, left_out), mean_of_kept(total_ms, left_out),
            static_cast<int>(median(threads))};
}

// ms per whole map by one caster: calls repeated until they last 2 ms
// (at least one), so that a sub-millisecond map is not drowned by the clock.
double map_ms(const OccupancyGrid& grid, Cell eye, std::vector<std::uint8_t>& out, RayCaster caster) {
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    int calls = 0;
    double elapsed_ms = 0;
    do {
        expose_rays(grid, eye, out.data(), 0, grid.cell_count(), caster);
        ++calls;
        elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    } while (elapsed_ms < 2.0);
    return elapsed_ms / calls;
}

void bench_ray_casters(const BenchOptions& options, std::string& table, std::vector<BenchRecord>& records) {
    const int runs = options.quick ? 5 : 15;
    table += format("\nPer-cell rays by ray caster (exposure.h; the same map every way): level courtyard, the eye at the patrol's\n"
                    "  first cell, one thread; ms per whole map, median [p25-p75] of %d runs, casters interleaved run by run\n",
                    runs);
    table += format("  %-6s %-30s %-30s %-30s %s\n", "grid", "plain (the article's)", "free-runs", "lanes (default)",
                    "plain / lanes");
    for (int width : {100, 256, 1000}) {
        Result<Level> loaded = load_level(assets_directory() + "/levels/courtyard.txt");
        if (!loaded) throw std::runtime_error("bench: " + loaded.error());
        const Level level = resize_level(*loaded, width);
        OccupancyGrid grid = level.grid;
        grid.update_free_runs();
        const Cell eye = level.patrol.front();
        std::vector<std::vector<std::uint8_t>> maps(std::size(kAllRayCasters), std::vector<std::uint8_t>(grid.cell_count()));
        std::vector<std::vector<double>> ms(std::size(kAllRayCasters));
        for (int run = 0; run < runs + 1; ++run) {  // the first run warms up and is not counted
            for (std::size_t c = 0; c < std::size(kAllRayCasters); ++c) {
                const double t = map_ms(grid, eye, maps[c], kAllRayCasters[c]);
                if (run > 0) ms[c].push_back(t);
            }
        }
        for (std::size_t c = 1; c < maps.size(); ++c)
            if (maps[c] != maps[0]) throw std::runtime_error("bench: the ray casters disagree on the map");
        std::vector<Spread> spreads;
        for (std::size_t c = 0; c < ms.size(); ++c) {
            spreads.push_back(spread_of(ms[c]));
            records.push_back({"ray_caster_ms", {{"grid", width}, {"caster", name_of(kAllRayCasters[c])}}, spreads[c].median, "ms",
                               spread_json(spreads[c])});
        }
        table += format("  %-6d %-30s %-30s %-30s %.1fx\n", width, with_spread(spreads[0], 3).c_str(), with_spread(spreads[1], 3).c_str(),
                        with_spread(spreads[2], 3).c_str(), spreads[0].median / spreads[2].median);
    }
}

}  // namespace

std::vector<BenchRecord> bench_exposure(const BenchOptions& options, std::string& table) {
    std::vector<BenchRecord> records;
    JobSystem jobs(jobs_config(options));
    const int samples = options.quick ? 6 : 30;
    table += format("\nExposure map (the delayed-gathering article's table): level courtyard, sentinel walking, steps paced at 60 Hz;\n"
                    "  per step, mean of %d steps, stalls left out; %d threads (main + %d workers); timesliced = 25%% of the work per step;\n"
                    "  'single, back to back': steps one after another, the algorithm's cost with warm caches\n",
                    samples, jobs.worker_count() + 1, jobs.worker_count());
    table += "  targets: 100² rays single (back to back) <= 0.2 ms; 100² rays next-frame main thread <= 0.01 ms;\n"
             "           1000² sweep single (back to back) <= 1 ms\n";
    table += "  (article, 100², Unity: 1.24 ms of raycasts, 4.09 ms main thread single-threaded, 0.073 ms with next-frame gathering)\n";
    for (int grid : {100, 256, 1000}) {
        for (ExposureAlgorithm algorithm : {ExposureAlgorithm::Rays, ExposureAlgorithm::Sweep}) {
            const std::string algorithm_name(name_of(algorithm));
            table += format("\n  %d x %d, %-5s %16s %16s %16s\n", grid, grid, algorithm_name.c_str(), "main thread ms",
                            "busy threads ms", "all threads ms");
            auto config_for = [&](ExposureMode mode) {
                ExposureSceneConfig config;
                config.level = "courtyard";
                config.assets_dir = assets_directory();
                config.grid_size = grid;
                config.algorithm = algorithm;
                config.mode = mode;
                config.slice_percent = 25;
                config.steps_per_s = 60;
                config.shy_character = false;
                return config;
            };
            for (ExposureMode mode : kAllExposureModes) {
                const ExposureRow row = measure(config_for(mode), jobs, samples, true);
                table += format("  %-20s %12.3f %12.3f (%d) %16.3f\n", std::string(name_of(mode)).c_str(), row.main_ms,
                                row.busy_ms, row.busy_threads, row.total_ms);
                const nlohmann::ordered_json params = {{"grid", grid}, {"mode", name_of(mode)}, {"algorithm", algorithm_name}};
                records.push_back({"exposure_main_ms", params, row.main_ms, "ms"});
                records.push_back({"exposure_busy_ms", params, row.busy_ms, "ms"});
                records.push_back({"exposure_total_ms", params, row.total_ms, "ms"});
            }
            // The algorithm alone: single-threaded, steps back to back (warm caches).
            const ExposureRow warm = measure(config_for(ExposureMode::Single), jobs, samples, false);
            table += format("  %-20s %12.3f\n", "single, back to back", warm.main_ms);
            records.push_back({"exposure_main_ms",
                               {{"grid", grid}, {"mode", "single"}, {"algorithm", algorithm_name}, {"steps", "back-to-back"}},
                               warm.main_ms,
                               "ms"});
        }
    }
    bench_ray_casters(options, table, records);
    return records;
}

}  // namespace tsl::app
