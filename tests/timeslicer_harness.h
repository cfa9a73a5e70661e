// timeslicer_harness.h — a minimal timeslicer over integer keys for the rule
// tests: inputs carry the frame and a sequence number, jobs copy them out.
#pragma once

#include "core/timeslicing/timeslicer.h"
#include "core/timeslicing/trace_rules.h"

#include <functional>
#include <sstream>
#include <string>

namespace tsl::test {

struct SeqInput {
    std::int64_t frame = -1;
    std::uint64_t seq = 0;  // increases with every input read
};
struct SeqOutput {
    std::int64_t input_frame = -1;
    std::uint64_t seq = 0;
};

using SeqSlicer = Timeslicer<std::uint32_t, SeqInput, SeqOutput>;

// One job system for every harness of a test binary: a pool with one worker
// per core besides the calling thread, as the app runs it.
inline JobSystem& shared_jobs() {
    static JobSystem jobs;
    return jobs;
}

// Owns a timeslicer over keys 0 .. keys-1 and the clock its inputs read.
struct Harness {
    std::uint32_t keys;
    std::int64_t now = 0;
    std::uint64_t reads = 0;
    TraceLog log;
    SeqSlicer slicer;

    Harness(std::uint32_t key_count, const TimeslicerConfig& config)
        : keys(key_count),
          slicer({.new_batch =
                      [this](std::vector<std::uint32_t>& batch) {
                          for (std::uint32_t k = 0; k < keys; ++k) batch.push_back(k);
                      },
                  .read_input = [this](const std::uint32_t&, SeqInput& in) { in = {now, ++reads}; },
                  .run_job = [](const std::uint32_t&, const SeqInput& in, SeqOutput& out) { out = {in.frame, in.seq}; },
                  .trace_id = {}},
                 config) {
        slicer.set_trace(&log);
        slicer.set_job_system(&shared_jobs());
    }

    void step() {
        slicer.update();
        ++now;
    }
    void run(std::int64_t frames) {
        for (std::int64_t f = 0; f < frames; ++f) step();
    }
};

struct TracedRun {
    std::vector<TraceRecord> trace;
    TraceRunSettings settings;
};

// Enough frames for at least three whole batches, ending mid-batch.
inline std::int64_t frames_for(const TimeslicerConfig& c, std::uint32_t keys) {
    const std::int64_t updates_per_batch = c.mode == Mode::UpdateAll ? 1 : (keys + c.jobs_per_update - 1) / c.jobs_per_update;
    const std::int64_t period = c.mode == Mode::UpdateAll ? 1 : c.update_every_frames;
    return 3 * (updates_per_batch + 1) * period + 2 * period + 1;
}

inline TracedRun run_traced(const TimeslicerConfig& config, std::uint32_t keys, std::int64_t frames) {
    Harness h(keys, config);
    h.run(frames);
    return {h.log.records(), {config, keys, frames}};
}

inline std::string describe(const TraceRunSettings& s) {
    std::ostringstream out;
    out << name_of(s.config.mode) << " N=" << s.keys << " J=" << s.config.jobs_per_update
        << " P=" << s.config.update_every_frames << ' ' << name_of(s.config.gathering) << ' ' << name_of(s.config.threading)
        << (saves_outputs_at_batch_end(s.config.mode) ? " sync save " + std::string(name_for(kSyncSaveNames, static_cast<int>(s.config.sync_save))) : "")
        << " frames=" << s.frames;
    return out.str();
}

// The test grid of docs/semantics.md: every mode, N in {1, 7, 10}, J in {1, 3}, P in {1, 3},
// both gatherings, and for synchronous output both save timings, with jobs run inline.
inline void for_each_grid_run(const std::function<void(const TracedRun&)>& fn, Threading threading = Threading::Inline) {
    for (Mode mode : kAllModes)
        for (std::uint32_t keys : {1u, 7u, 10u})
            for (std::uint32_t jobs : {1u, 3u})
                for (std::uint32_t period : {1u, 3u})
                    for (Gathering gathering : {Gathering::SameFrame, Gathering::NextFrame})
                        for (SyncSave save : {SyncSave::LastFinish, SyncSave::NextBatch}) {
                            if (save == SyncSave::NextBatch && !saves_outputs_at_batch_end(mode)) continue;
                            const TimeslicerConfig config{mode, jobs, period, gathering, threading, save};
                            fn(run_traced(config, keys, frames_for(config, keys)));
                        }
}

inline std::string csv(const std::vector<TraceRecord>& trace) {
    std::ostringstream out;
    for (const TraceRecord& r : trace) out << r.frame << ',' << r.key << ',' << r.batch << ',' << name_of(r.event) << '\n';
    return out.str();
}

}  // namespace tsl::test
