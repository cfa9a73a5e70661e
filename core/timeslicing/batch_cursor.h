// batch_cursor.h — where a batch of work stands: how many of its units have
// been started, finished (gathered) and saved (made visible). The one
// bookkeeping of timeslicing and delayed gathering, shared by the Timeslicer
// (a unit is one key's job) and the exposure scene (a unit is one cell's ray,
// or one octant of the sweep).
//
// Units are started, finished and saved in batch order, so three counts say
// everything: units [0, saved) are visible, [saved, finished) are finished
// but held back, [finished, started) are in flight, [started, size) wait.
// One update of either user follows the same order (docs/semantics.md,
// section 1): finish what is in flight (next-frame gathering), save what the
// output timing allows, begin a new batch once the old one is saved entirely,
// start the next units, and with same-frame gathering finish them at once.
//
// Threading: plain data, main thread only (the thread that owns the batch).
#pragma once

#include <algorithm>
#include <cstdint>

namespace tsl {

// Units [first, first + count) of a batch.
struct UnitRange {
    std::uint32_t first = 0, count = 0;
    std::uint32_t end() const noexcept { return first + count; }
    bool empty() const noexcept { return count == 0; }
};

class BatchCursor {
public:
    // A new batch of `size` units, none started.
    void begin(std::uint32_t size) noexcept { size_ = size, started_ = finished_ = saved_ = 0; }
    // Forgets the batch (nothing in flight may remain): the next update begins a new one.
    void abandon() noexcept { begin(0); }

    // The next units to start, at most `limit` of them; they count as started.
    UnitRange start(std::uint32_t limit) noexcept {
        const UnitRange range{started_, std::min(limit, size_ - started_)};
        started_ += range.count;
        return range;
    }
    // The units in flight; they count as finished (call it once they have run).
    UnitRange finish_started() noexcept {
        const UnitRange range{finished_, started_ - finished_};
        finished_ = started_;
        return range;
    }
    // The finished units not yet saved; they count as saved. With
    // `whole_batch` (synchronous output) nothing is saved until every unit
    // of the batch is finished, then all of them at once.
    UnitRange save_finished(bool whole_batch) noexcept {
        if (whole_batch && !all_finished()) return {saved_, 0};
        const UnitRange range{saved_, finished_ - saved_};
        saved_ = finished_;
        return range;
    }

    std::uint32_t size() const noexcept { return size_; }
    std::uint32_t started() const noexcept { return started_; }
    std::uint32_t finished() const noexcept { return finished_; }
    std::uint32_t saved() const noexcept { return saved_; }
    bool in_flight() const noexcept { return finished_ != started_; }
    bool all_started() const noexcept { return started_ == size_; }
    bool all_finished() const noexcept { return finished_ == size_; }
    bool all_saved() const noexcept { return saved_ == size_; }  // also true before the first batch (size 0)

private:
    std::uint32_t size_ = 0;
    std::uint32_t started_ = 0;   // units [0, started_) have started
    std::uint32_t finished_ = 0;  // units [0, finished_) are finished
    std::uint32_t saved_ = 0;     // units [0, saved_) are saved
};

}  // namespace tsl
