// trace_rules.h — the rules of docs/semantics.md (section 5), as checks over a trace.
//
// A trace covers frames [0, frames) of a run with fixed settings. Each check
// returns the violations it found, in words ("batch 2, key 7: input at frame
// 12, start at 15"); an empty list means the rule holds. Jobs whose later
// events would fall after the last frame are not counted as missing.
#pragma once

#include "core/timeslicing/timeslice_config.h"
#include "core/timeslicing/trace.h"

#include <cstdint>
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
// first start.
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

}  // namespace tsl
