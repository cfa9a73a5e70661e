// trace_rules.h — the rules of docs/semantics.md (section 5), as checks over a trace.
//
// A trace covers frames [0, frames) of a run with fixed settings. Each check
// returns the violations it found, in words ("batch 2, key 7: input at frame
// 12, start at 15"); an empty list means the rule holds. Jobs whose later
// events would fall after the last frame are not counted as missing.
//
// Two ways to check: the functions below take the whole trace; TraceChecker
// takes it frame by frame as a run produces it and keeps only the batches and
// frames still open, so its memory is bounded by the settings (keys, J, P),
// not by the length of the run. Both give the same verdict, word for word.
#pragma once

#include "core/timeslicing/timeslice_config.h"
#include "core/timeslicing/trace.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace tsl {

struct TraceRunSettings {
    TimeslicerConfig config;
    std::uint32_t keys = 0;    // keys 0 .. keys-1 make up every batch
    std::int64_t frames = 0;   // the run called update() for frames 0 .. frames-1
};

using Violations = std::vector<std::string>;

// AI: input frame == start frame. SI: every job of a batch reads its input on
// the frame the batch started. Exactly one input per job.
Violations check_input_timing(const std::vector<TraceRecord>& trace, const TraceRunSettings& run);
// AO: save frame == finish frame. SO: all saves of a batch share one frame, no
// earlier than the batch's last finish and no later than the next batch's
// first start: with sync_save last-finish, the frame of that last finish; with
// next-batch, the frame the next batch starts.
Violations check_output_timing(const std::vector<TraceRecord>& trace, const TraceRunSettings& run);
// Same frame: finish == start. Next frame: finish == start + P (start + 1 for
// Update All).
Violations check_gathering(const std::vector<TraceRecord>& trace, const TraceRunSettings& run);
// At most J starts per update (every key for Update All); starts only on
// frames that are multiples of P (every frame for Update All).
Violations check_update_schedule(const std::vector<TraceRecord>& trace, const TraceRunSettings& run);
// Every key exactly once per batch (at most once in the last, unfinished one).
Violations check_batch_coverage(const std::vector<TraceRecord>& trace, const TraceRunSettings& run);
// input <= start <= finish <= save for every job; batches numbered 0, 1, 2 ...
// in the order they start, without overlapping.
Violations check_event_order(const std::vector<TraceRecord>& trace, const TraceRunSettings& run);
// Update All: every key starts on every frame.
Violations check_update_all(const std::vector<TraceRecord>& trace, const TraceRunSettings& run);

// All of the above, in that order.
Violations check_all_rules(const std::vector<TraceRecord>& trace, const TraceRunSettings& run);

// check_all_rules on a trace that arrives in pieces (`trace --check` feeds
// each frame's events as the run makes them):
//   TraceChecker checker(run);
//   every frame:  checker.add(log.records()); log.clear();
//   at the end:   Violations found = checker.finish();   // == check_all_rules(all records, run)
//
// A batch is checked, and forgotten, once the second batch after it has
// started more than kSettleFrames frames before the newest event; a frame's
// counts once it is more than kSettleFrames frames older than the newest
// event. A run's own trace (events in frame order, each batch's events before
// the second next batch starts) never comes near those limits, so the verdict
// is check_all_rules' exactly; so is that of a trace broken only locally
// (events missing, doubled, renumbered by one batch, or up to kSettleFrames / 2
// frames out of place). An event later than that for a batch or frame
// already checked is still checked, on its own.
//
// Memory: the open batches (in a run, at most about three, each one entry per
// key) and kSettleFrames frames of start counts.
//
// Threading: one checker is used by one thread at a time.
class TraceChecker {
public:
    static constexpr std::int64_t kSettleFrames = 8;

    explicit TraceChecker(const TraceRunSettings& run);
    ~TraceChecker();
    TraceChecker(const TraceChecker&) = delete;
    TraceChecker& operator=(const TraceChecker&) = delete;

    // The next events, in the order they happened (any number at a time).
    void add(std::span<const TraceRecord> records);
    // Checks what is still open and returns every rule's violations, in the
    // order and words of check_all_rules. Call once, after the last add().
    Violations finish();

    std::uint64_t events() const noexcept { return events_; }   // added so far
    std::size_t open_batches() const noexcept;                   // what it holds now:
    std::size_t open_frames() const noexcept;                    //   bounded by the settings

    struct State;  // the open batches, frames and partial reports, in trace_rules.cpp

private:
    std::unique_ptr<State> state_;
    std::uint64_t events_ = 0;
};

}  // namespace tsl
