// keyed_history.h — the timeslicer's history: a ring buffer of (key, output)
// results plus an index from each key to its newest slot.
//
// What to notice: the ring is exactly the article's (results are pushed in the
// order they are saved, the oldest is dropped when full), so game code sees the
// same "newest output of this key" as the article's linear scan would return.
// The index only makes that answer O(1). `scan_newest` keeps the article's scan
// for the benchmark and for the model test that proves the two always agree.
//
// Threading: main thread only (docs/semantics.md, section 3: results are written to the history only
// by the main thread, so no lock is needed). Readers on other threads must not
// run while the main thread pushes.
#pragma once

#include "core/timeslicing/key_index.h"

#include <cassert>
#include <cstdint>
#include <span>
#include <vector>

namespace tsl {

template <class Key, class Output, class Index = FlatKeyIndex<Key>>
class KeyedHistory {
public:
    struct Entry {
        Key key{};
        Output output{};
    };

    explicit KeyedHistory(std::uint32_t capacity = 0) { set_capacity(capacity); }

    std::uint32_t capacity() const noexcept { return static_cast<std::uint32_t>(ring_.size()); }
    std::uint32_t size() const noexcept { return size_; }

    // Newest output saved for `key`, or nullptr. O(1). The pointer stays valid
    // until the next push / set_capacity / keep_newest_of / clear.
    const Output* newest(const Key& key) const noexcept {
        const std::uint32_t slot = index_.find(key);
        return slot == Index::kNone ? nullptr : &ring_[slot].output;
    }

    // The article's GetOutput: walk the ring from newest to oldest until the
    // key matches. O(size). Kept as the reference the index is measured and
    // tested against; never used by the scenes.
    const Output* scan_newest(const Key& key) const noexcept {
        for (std::uint32_t age = 0; age < size_; ++age) {
            const Entry& e = ring_[slot_of_age(age)];
            if (e.key == key) return &e.output;
        }
        return nullptr;
    }

    // Appends a result; when full, the oldest result is dropped first (and
    // leaves the index if it was its key's newest).
    // Returns false when the dropped result was the only one of a key other
    // than `key` — i.e. that key has just lost its newest output. The
    // timeslicer's batch ordering makes this impossible; the flag lets tests
    // and debug builds prove it.
    bool push(const Key& key, const Output& output) {
        assert(!ring_.empty() && "KeyedHistory::push: capacity is 0; call set_capacity first");
        if (ring_.empty()) return false;
        bool kept_all = true;
        std::uint32_t slot;
        if (size_ == capacity()) {
            slot = oldest_;
            const Key& dropped = ring_[slot].key;
            if (index_.find(dropped) == slot) {
                kept_all = dropped == key;
                index_.erase(dropped);
            }
            oldest_ = next(oldest_);
        } else {
            slot = wrap(oldest_ + size_);
            ++size_;
        }
        ring_[slot].key = key;
        ring_[slot].output = output;
        index_.assign(key, slot);
        return kept_all;
    }

    // Changes the capacity, keeping the newest min(size, capacity) results.
    void set_capacity(std::uint32_t capacity) {
        if (capacity == this->capacity()) return;
        const std::uint32_t keep = size_ < capacity ? size_ : capacity;
        rebuild(capacity, [&](auto&& emit) {
            for (std::uint32_t age = keep; age-- > 0;) emit(ring_[slot_of_age(age)]);
        });
    }

    // Rebuilds the ring so that it holds exactly the newest result of each key
    // in `order` that has one, oldest-first in that order. Called when a batch
    // is abandoned or the key set changes: the next batch pushes its keys in
    // the same order, so each push then drops the same key's old result and
    // no key can lose its only result to eviction.
    void keep_newest_of(std::span<const Key> order) {
        rebuild(capacity(), [&](auto&& emit) {
            for (const Key& key : order) {
                const std::uint32_t slot = index_.find(key);
                if (slot != Index::kNone) emit(ring_[slot]);
            }
        });
    }

    void clear() noexcept {
        size_ = 0;
        oldest_ = 0;
        index_.clear();
    }

    // Results oldest to newest; for drawing and inspection.
    template <class Fn>
    void for_each_oldest_first(Fn&& fn) const {
        for (std::uint32_t age = size_; age-- > 0;) fn(ring_[slot_of_age(age)]);
    }

private:
    std::uint32_t wrap(std::uint32_t i) const noexcept { return i >= capacity() ? i - capacity() : i; }
    std::uint32_t next(std::uint32_t i) const noexcept { return wrap(i + 1); }
    // age 0 = newest.
    std::uint32_t slot_of_age(std::uint32_t age) const noexcept { return wrap(oldest_ + size_ - 1 - age); }

    template <class Producer>
    void rebuild(std::uint32_t capacity, Producer&& produce) {
        std::vector<Entry> kept;
        kept.reserve(size_);
        produce([&](const Entry& e) { kept.push_back(e); });
        assert(kept.size() <= capacity && "KeyedHistory: more distinct keys than capacity");
        ring_.assign(capacity, Entry{});
        index_.clear();
        index_.reserve(capacity);
        oldest_ = 0;
        size_ = 0;
        for (const Entry& e : kept) push(e.key, e.output);
    }

    std::vector<Entry> ring_;
    std::uint32_t oldest_ = 0;  // slot of the oldest result
    std::uint32_t size_ = 0;
    Index index_;
};

}  // namespace tsl
