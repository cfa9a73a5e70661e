// steal_deque.h — a Chase-Lev work-stealing deque of 64-bit queue entries, in
// the C11 formulation of Lê, Pop, Cohen and Zappa Nardelli (PPoPP 2013),
// growing when full.
//
// One thread owns it at a time: it pushes and pops at the bottom, newest
// first, which costs no atomic read-modify-write unless one item is left. Any
// thread may steal from the top, oldest first, with one compare-and-swap.
// Owner and thieves work at opposite ends, so they rarely touch the same
// cache line. A full deque doubles: the owner copies the live items into a
// new array and keeps the old one until the deque is destroyed, because a
// thief may still be reading it (what it reads there is still right, or its
// compare-and-swap fails).
//
// Threading: push, pop: the owner only. steal, looks_empty: any thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

namespace tsl {

class StealDeque {
public:
    explicit StealDeque(std::uint32_t capacity_pow2 = 256) : array_(new Array(capacity_pow2)) {}
    ~StealDeque() { delete array_.load(std::memory_order_relaxed); }
    StealDeque(const StealDeque&) = delete;
    StealDeque& operator=(const StealDeque&) = delete;

    // Owner. Grows (allocates) when full.
    void push(std::uint64_t value) {
        const std::int64_t b = bottom_.load(std::memory_order_relaxed);
        const std::int64_t t = top_.load(std::memory_order_acquire);
        Array* a = array_.load(std::memory_order_relaxed);
        if (b - t > static_cast<std::int64_t>(a->mask)) a = grow(a, t, b);
        a->cells[b & a->mask].store(value, std::memory_order_relaxed);
        // Release: whatever the owner wrote before (the job itself) is visible
        // to a thief that reads this bottom with acquire.
        bottom_.store(b + 1, std::memory_order_release);
    }

    // Owner: the newest item, or false when empty.
    bool pop(std::uint64_t& value) {
        const std::int64_t b = bottom_.load(std::memory_order_relaxed) - 1;
        Array* a = array_.load(std::memory_order_relaxed);
        bottom_.store(b, std::memory_order_relaxed);
        std::atomic_thread_fence(std::memory_order_seq_cst);  // orders the claim above before reading top
        std::int64_t t = top_.load(std::memory_order_relaxed);
        if (t > b) {  // empty
            bottom_.store(b + 1, std::memory_order_relaxed);
            return false;
        }
        value = a->cells[b & a->mask].load(std::memory_order_relaxed);
        if (t == b) {  // the last item: race the thieves for it
            const bool won = top_.compare_exchange_strong(t, t + 1, std::memory_order_seq_cst, std::memory_order_relaxed);
            bottom_.store(b + 1, std::memory_order_relaxed);
            return won;
        }
        return true;
    }

    // Any thread: the oldest item, or false when empty or lost to a race.
    bool steal(std::uint64_t& value) {
        std::int64_t t = top_.load(std::memory_order_acquire);
        std::atomic_thread_fence(std::memory_order_seq_cst);
        const std::int64_t b = bottom_.load(std::memory_order_acquire);
        if (t >= b) return false;
        // Read after bottom: an array at least as new as the push of item t.
        const Array* a = array_.load(std::memory_order_acquire);
        value = a->cells[t & a->mask].load(std::memory_order_relaxed);
        return top_.compare_exchange_strong(t, t + 1, std::memory_order_seq_cst, std::memory_order_relaxed);
    }

    bool looks_empty() const { return top_.load(std::memory_order_seq_cst) >= bottom_.load(std::memory_order_seq_cst); }

private:
    struct Array {
        explicit Array(std::uint64_t capacity) : mask(capacity - 1), cells(new std::atomic<std::uint64_t>[capacity]) {}
        ~Array() { delete previous; }
        const std::uint64_t mask;
        std::unique_ptr<std::atomic<std::uint64_t>[]> cells;
        Array* previous = nullptr;  // kept for thieves still reading it; freed with the deque
    };

    Array* grow(Array* old, std::int64_t t, std::int64_t b) {
        auto* bigger = new Array(2 * (old->mask + 1));
        for (std::int64_t i = t; i < b; ++i)
            bigger->cells[i & bigger->mask].store(old->cells[i & old->mask].load(std::memory_order_relaxed), std::memory_order_relaxed);
        bigger->previous = old;
        array_.store(bigger, std::memory_order_release);
        return bigger;
    }

    alignas(64) std::atomic<std::int64_t> top_{0};
    alignas(64) std::atomic<std::int64_t> bottom_{0};
    std::atomic<Array*> array_;
};

}  // namespace tsl
