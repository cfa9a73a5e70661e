// steal_deque.h — a Chase-Lev work-stealing deque of job slot indices, in the
// C11 formulation of Lê, Pop, Cohen and Zappa Nardelli (PPoPP 2013).
//
// One thread owns it: it pushes and pops at the bottom, newest first, which
// costs no atomic read-modify-write unless one item is left. Any thread may
// steal from the top, oldest first, with one compare-and-swap. Owner and
// thieves work at opposite ends, so they rarely touch the same cache line.
//
// Threading: push, pop: the owner only. steal, looks_empty: any thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

namespace tsl {

class StealDeque {
public:
    explicit StealDeque(std::uint32_t capacity_pow2 = 1024)
        : mask_(capacity_pow2 - 1), cells_(std::make_unique<std::atomic<std::uint32_t>[]>(capacity_pow2)) {}

    // Owner: false when full.
    bool push(std::uint32_t value) {
        const std::int64_t b = bottom_.load(std::memory_order_relaxed);
        const std::int64_t t = top_.load(std::memory_order_acquire);
        if (b - t > static_cast<std::int64_t>(mask_)) return false;
        cells_[b & mask_].store(value, std::memory_order_relaxed);
        // Release: whatever the owner wrote before (the job itself) is visible
        // to a thief that reads this bottom with acquire.
        bottom_.store(b + 1, std::memory_order_release);
        return true;
    }

    // Owner: the newest item, or false when empty.
    bool pop(std::uint32_t& value) {
        const std::int64_t b = bottom_.load(std::memory_order_relaxed) - 1;
        bottom_.store(b, std::memory_order_relaxed);
        std::atomic_thread_fence(std::memory_order_seq_cst);  // orders the claim above before reading top
        std::int64_t t = top_.load(std::memory_order_relaxed);
        if (t > b) {  // empty
            bottom_.store(b + 1, std::memory_order_relaxed);
            return false;
        }
        value = cells_[b & mask_].load(std::memory_order_relaxed);
        if (t == b) {  // the last item: race the thieves for it
            const bool won = top_.compare_exchange_strong(t, t + 1, std::memory_order_seq_cst, std::memory_order_relaxed);
            bottom_.store(b + 1, std::memory_order_relaxed);
            return won;
        }
        return true;
    }

    // Any thread: the oldest item, or false when empty or lost to a race.
    bool steal(std::uint32_t& value) {
        std::int64_t t = top_.load(std::memory_order_acquire);
        std::atomic_thread_fence(std::memory_order_seq_cst);
        const std::int64_t b = bottom_.load(std::memory_order_acquire);
        if (t >= b) return false;
        value = cells_[t & mask_].load(std::memory_order_relaxed);
        return top_.compare_exchange_strong(t, t + 1, std::memory_order_seq_cst, std::memory_order_relaxed);
    }

    bool looks_empty() const {
        return top_.load(std::memory_order_seq_cst) >= bottom_.load(std::memory_order_seq_cst);
    }

private:
    alignas(64) std::atomic<std::int64_t> top_{0};
    alignas(64) std::atomic<std::int64_t> bottom_{0};
    std::uint64_t mask_;
    std::unique_ptr<std::atomic<std::uint32_t>[]> cells_;
};

}  // namespace tsl
