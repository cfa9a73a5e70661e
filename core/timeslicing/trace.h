// trace.h — what happened to every job, frame by frame: input read, started,
// finished (gathered), saved (visible to lookups). The tests check docs/semantics.md's
// rules on it, the CLI writes it as CSV, the timing diagram draws it.
//
// Threading: main thread only (the timeslicer records from the main thread at
// input / start / finish / save time; workers never touch the trace).
#pragma once

#include "core/base/words.h"
#include <cstdint>
#include <iosfwd>
#include <string_view>
#include <string>
#include <vector>

namespace tsl {

enum class TraceEvent : std::uint8_t { Input, Start, Finish, Save };

std::string_view name_of(TraceEvent event);  // "input", "start", "finish", "save"

struct TraceRecord {
    std::int64_t frame = 0;   // frame the event happened on (frames since the timeslicer's last reset)
    std::uint64_t key = 0;    // the job's key, as an integer id
    std::uint32_t batch = 0;  // 0, 1, 2 ... in the order batches start
    TraceEvent event = TraceEvent::Input;

    bool operator==(const TraceRecord&) const = default;
};

// One job's four events, gathered from a trace (-1: not happened yet).
struct JobTiming {
    std::uint32_t batch = 0;
    std::uint64_t key = 0;
    std::int64_t input = -1, start = -1, finish = -1, save = -1;
};

// The jobs of the newest `batches` batches among `records`, oldest batch
// first, each batch's jobs in the order their first event was recorded (the
// order the batch reads inputs or starts jobs). What the timing diagram draws.
std::vector<JobTiming> job_timings(const std::vector<TraceRecord>& records, int batches);

// "Follow one NPC": the jobs of `key` among `jobs` (job_timings'), oldest
// batch first, and one job's four events by frame, as the timing diagram
// marks them: "batch 12: input 120, ran 121-122, saved 123" (or "input 120,
// waiting", "running since 121", "ran 121, not saved yet"; no input where
// the job read none of its own).
std::vector<JobTiming> jobs_of(const std::vector<JobTiming>& jobs, std::uint64_t key);
std::string describe_job(const JobTiming& job, const Words& tr = {});

class TraceLog {
public:
    void record(std::int64_t frame, std::uint64_t key, std::uint32_t batch, TraceEvent event) {
        records_.push_back({frame, key, batch, event});
    }
    const std::vector<TraceRecord>& records() const noexcept { return records_; }
    void clear() noexcept { records_.clear(); }
    // Drops records older than `frame` (the timing diagram keeps a window).
    void drop_before(std::int64_t frame);
    // Drops every record of a batch numbered below `batch`.
    void drop_batches_before(std::uint32_t batch);

    // CSV with header `frame,key,batch,event`, one row per record, in the
    // order they happened.
    void write_csv(std::ostream& out) const;

private:
    std::vector<TraceRecord> records_;
};

}  // namespace tsl
