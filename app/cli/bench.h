// bench.h — `timeslice-lab bench`: the lab's measurements, side by side
// in one run so that ratios are meaningful on a noisy machine.
#pragma once

#include "core/jobs/job_system.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tsl {
struct LabSettings;
}

namespace tsl::app {

class LabApp;

struct BenchRecord {
    std::string name;        // record name, e.g. "lookup_index_ms" (README, "Benchmarks")
    nlohmann::ordered_json params;   // e.g. {"keys": 10000}
    double median = 0;
    std::string unit;        // "ms", "ns", "bytes"
    nlohmann::ordered_json spread = nullptr;  // null, or {"p25": .., "p75": ..} over the repeated runs
};

struct BenchOptions {
    bool json = false;   // one JSON array instead of tables
    bool quick = false;  // fewer repetitions: the whole run stays short
    std::vector<std::string> only;  // groups to run (lookup, threads, exposure, engine, frame, gif); empty: all
    int workers = -1;    // every group's job system: -1 one worker per core besides the calling thread (the default), 0 none
    bool skip_unavailable = false;  // a group that cannot run here (frame, gif without OpenGL) is skipped, not an error
};
// A group that cannot run here: an error (exit status 1) unless
// BenchOptions::skip_unavailable, when it adds "<group>: skipped, <why>" to the table.
void group_unavailable(const BenchOptions& options, const std::string& group, const std::string& why, std::string& table);
// The job system every group makes.
inline JobSystemConfig jobs_config(const BenchOptions& options) {
    JobSystemConfig config;
    config.workers = options.workers;
    return config;
}
inline const std::vector<std::string> kBenchGroups = {"lookup", "threads", "exposure", "engine", "frame", "gif"};

// printf into a string (at most 511 characters), for the tables.
template <class... Args>
std::string format(const char* fmt, Args... args) {
    char buffer[512];
    std::snprintf(buffer, sizeof buffer, fmt, args...);
    return buffer;
}

// The middle value of v (the upper middle when the count is even; 0 when empty).
double median(std::vector<double> v);

// The median of repeated runs and the quartiles around it.
struct Spread {
    double median = 0, p25 = 0, p75 = 0;
};
Spread spread_of(std::vector<double> runs);  // runs must not be empty
nlohmann::ordered_json spread_json(const Spread& s);  // {"p25": .., "p75": ..}, a BenchRecord's spread
// "0.512 [0.50-0.53]" with `digits` decimals.
std::string with_spread(const Spread& s, int digits);

// Median, in milliseconds, of `samples` timings of `fn`. Each sample repeats
// fn enough times to last at least `min_sample_ms` (counted from batches the
// clock saw: core/base/repeat_timing.h) and reports the time per call, so that
// sub-microsecond work is not drowned by the clock.
double median_ms(int samples, double min_sample_ms, const std::function<void()>& fn);

// Lookup: the newest output of every key, through the index and through the
// article's linear scan, at 100, 10k and 100k keys.
std::vector<BenchRecord> bench_lookup(const BenchOptions& options, std::string& table);

// Job dispatch (pool, thread per job, OpenMP, oneTBB), fork-join of an empty
// batch, parallel-for over the exposure map's per-cell rays at three grids and
// three grains, methods interleaved run by run; and the profiler's cost per
// zone.
std::vector<BenchRecord> bench_threads(const BenchOptions& options, std::string& table);

// The delayed-gathering article's table: exposure_main_ms, _busy_ms and
// _total_ms for every mode and algorithm at 100², 256² and 1000²; and the
// per-cell rays' three ray casters side by side (ray_caster_ms, with spread).
std::vector<BenchRecord> bench_exposure(const BenchOptions& options, std::string& table);

// The parallel engine: engine_step_ms for 1,000 and 10,000 agents, lock-step
// and free-step, per-thread and locked queues, inline and on every core (with
// the locked / per-thread ratio); change_merge_ns_per_change at 10,000 agents;
// change_post_ns_per_change, the queues alone on the same work.
std::vector<BenchRecord> bench_engine(const BenchOptions& options, std::string& table);

// App frame CPU (simulation + draw submission) at 10, 10k and 100k NPCs,
// rendered offscreen: frame_cpu_ms, the main thread's, and
// frame_app_threads_cpu_ms, the main thread's and the job system's workers'.
// Throws when no OpenGL context can be made (BenchOptions::skip_unavailable:
// a line in the table and no records instead).
// (bench_run.cpp, the desktop's: on the headless platform.)
std::vector<BenchRecord> bench_frame_cpu(const BenchOptions& options, std::string& table);

// Where the frame benchmark draws, and how: the desktop's offscreen context
// (bench_run.cpp) or the browser page's canvas (app/web/web_bench.cpp).
class BenchSurface {
public:
    virtual ~BenchSurface() = default;
    virtual std::string context_kind() const = 0;  // the OpenGL context, for the table
    virtual std::string clock() const = 0;         // what the figures are, e.g. "main-thread CPU time"
    // The frame's record: "frame_cpu_ms" (main-thread CPU time) or "frame_wall_ms"
    // (main-thread wall-clock time, where no thread CPU clock exists).
    virtual std::string frame_record() const = 0;
    virtual std::string where() const = 0;         // e.g. "offscreen"
    virtual std::string gpu_note() const = 0;      // the table's line on the GPU's own work
    // The app as this platform makes it, with these settings.
    virtual std::unique_ptr<LabApp> make_app(const LabSettings& settings) = 0;
    // One frame of `app` with exactly `steps` simulation steps, 1600 x 900.
    virtual void render(LabApp& app, int steps) = 0;
    // Returns once the GPU has drawn every frame rendered so far, so that
    // its work neither overlaps the next frame's timing nor the figures
    // measured after the frames.
    virtual void wait_for_gpu() = 0;
};

// The frame group on a surface: its frame record at 10, 10k and 100k NPCs
// (and, where the workers' CPU clocks can be read, frame_app_threads_cpu_ms),
// then the NPC step with its per-NPC pass split over the workers and not.
std::vector<BenchRecord> bench_frame_cpu_on(BenchSurface& surface, const BenchOptions& options, std::string& table);

// A record as `bench --json` prints it: {name, params, median, unit[, spread]}.
nlohmann::ordered_json record_json(const BenchRecord& record);

// The GIF writer on the article's clip: gif_encode_ms_per_frame (to
// /dev/null: no file made, nothing written to disk), gif_write_ms_per_frame
// (the whole write of a file: temporary file, flush to disk, rename) and
// gif_bytes. Throws without an OpenGL context, as the frame group.
std::vector<BenchRecord> bench_gif(const BenchOptions& options, std::string& table);

int run_bench(const BenchOptions& options);

}  // namespace tsl::app
