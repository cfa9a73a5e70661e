// key_index.h — O(1) map from a job key to a history slot.
//
// The article looks up a key's newest output by scanning the whole history
// ring, newest first: O(history) per lookup, O(N^2) per frame for N keys.
// KeyedHistory keeps this index beside the ring instead, so a lookup is one
// hash probe. The table is open addressing with linear probing and
// backward-shift deletion: one flat array, no allocation per insert, no
// tombstones that would slowly degrade probe lengths.
//
// DenseKeyIndex is the same map for keys that are small non-negative integers
// numbering things 0 .. N-1 (the NPC scene's NPC ids): one array entry per
// key. A hash spreads consecutive keys over the whole table, so walking the
// keys in order costs a cache miss each once the table outgrows the cache
// (100,000 NPCs); the array is read in order. `bench --only lookup` measures
// both beside the article's scan.
//
// Threading: not synchronised. The owner (KeyedHistory) is main-thread only.
#pragma once

#include <bit>
#include <cassert>
#include <cstdint>
#include <algorithm>
#include <cstddef>
#include <functional>
#include <type_traits>
#include <vector>

namespace tsl {

// Fibonacci hashing on top of std::hash: libstdc++'s std::hash of an integer
// or pointer is the identity, which clusters badly in a power-of-two table
// (aligned pointers all share their low bits). Multiplying by 2^64/phi and
// keeping the high bits spreads any such pattern evenly.
template <class Key>
struct KeyHash {
    std::uint64_t operator()(const Key& key) const noexcept {
        return static_cast<std::uint64_t>(std::hash<Key>{}(key)) * 0x9E3779B97F4A7C15ull;
    }
};

template <class Key, class Hash = KeyHash<Key>>
class FlatKeyIndex {
public:
    static constexpr std::uint32_t kNone = 0xFFFFFFFFu;

    // Slot stored for `key`, or kNone.
    std::uint32_t find(const Key& key) const noexcept {
        if (count_ == 0) return kNone;
        for (std::uint32_t i = home(key);; i = (i + 1) & mask_) {
            const Bucket& b = buckets_[i];
            if (b.value == kNone) return kNone;
            if (b.key == key) return b.value;
        }
    }

    // Stores `value` for `key`, replacing any previous value.
    void assign(const Key& key, std::uint32_t value) {
        assert(value != kNone && "FlatKeyIndex: kNone is reserved for empty buckets");
        if ((count_ + 1) * 2 > buckets_.size()) grow();
        for (std::uint32_t i = home(key);; i = (i + 1) & mask_) {
            Bucket& b = buckets_[i];
            if (b.value == kNone) {
                b.key = key;
                b.value = value;
                ++count_;
                return;
            }
            if (b.key == key) {
                b.value = value;
                return;
            }
        }
    }

    // Removes `key` if present. Backward-shift deletion: later members of the
    // probe run move back so that find() can keep stopping at the first hole.
    void erase(const Key& key) noexcept {
        if (count_ == 0) return;
        std::uint32_t hole = home(key);
        for (;; hole = (hole + 1) & mask_) {
            if (buckets_[hole].value == kNone) return;
            if (buckets_[hole].key == key) break;
        }
        for (std::uint32_t next = (hole + 1) & mask_;; next = (next + 1) & mask_) {
            Bucket& b = buckets_[next];
            if (b.value == kNone) break;
            // b may fill the hole only if its home is not inside (hole, next].
            const std::uint32_t h = home(b.key);
            const bool home_in_between = ((next - h) & mask_) < ((next - hole) & mask_);
            if (home_in_between) continue;
            buckets_[hole] = b;
            hole = next;
        }
        buckets_[hole].value = kNone;
        --count_;
    }

    void clear() noexcept {
        for (Bucket& b : buckets_) b.value = kNone;
        count_ = 0;
    }

    // Sizes the table for `n` keys so that no insert up to n rehashes.
    void reserve(std::size_t n) {
        if (n * 2 > buckets_.size()) rehash(std::bit_ceil(n * 2));
    }

    std::size_t size() const noexcept { return count_; }

private:
    struct Bucket {
        Key key{};
        std::uint32_t value = kNone;
    };

    std::uint32_t home(const Key& key) const noexcept {
        return static_cast<std::uint32_t>(Hash{}(key) >> shift_);
    }

    void grow() { rehash(buckets_.empty() ? 16 : buckets_.size() * 2); }

    void rehash(std::size_t bucket_count) {
        std::vector<Bucket> old = std::move(buckets_);
        buckets_.assign(bucket_count, Bucket{});
        mask_ = static_cast<std::uint32_t>(bucket_count - 1);
        shift_ = 64 - std::countr_zero(bucket_count);
        count_ = 0;
        for (const Bucket& b : old)
            if (b.value != kNone) assign(b.key, b.value);
    }

    std::vector<Bucket> buckets_;
    std::uint32_t mask_ = 0;
    int shift_ = 64;
    std::size_t count_ = 0;
};

// Slots of keys 0 .. N-1 in one array: memory is 4 bytes per key up to the
// largest key stored, so keys must be small (they number things).
template <class Key>
class DenseKeyIndex {
    static_assert(std::is_integral_v<Key>, "DenseKeyIndex: keys are small non-negative integers");

public:
    static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
    static constexpr std::size_t kMaxKeys = std::size_t{1} << 26;  // 256 MiB of slots

    std::uint32_t find(const Key& key) const noexcept {
        const auto k = static_cast<std::size_t>(key);
        return !negative(key) && k < slots_.size() ? slots_[k] : kNone;
    }

    void assign(const Key& key, std::uint32_t value) {
        assert(value != kNone && "DenseKeyIndex: kNone is reserved for keys without a slot");
        assert(!negative(key) && static_cast<std::size_t>(key) < kMaxKeys && "DenseKeyIndex: keys number things from 0");
        const auto k = static_cast<std::size_t>(key);
        if (k >= slots_.size()) slots_.resize(std::max(k + 1, slots_.size() * 2), kNone);
        if (slots_[k] == kNone) ++count_;
        slots_[k] = value;
    }

    void erase(const Key& key) noexcept {
        const auto k = static_cast<std::size_t>(key);
        if (negative(key) || k >= slots_.size() || slots_[k] == kNone) return;
        slots_[k] = kNone;
        --count_;
    }

    void clear() noexcept {
        std::fill(slots_.begin(), slots_.end(), kNone);
        count_ = 0;
    }

    // Room for keys 0 .. n-1 without growing.
    void reserve(std::size_t n) {
        if (n > slots_.size()) slots_.resize(n, kNone);
    }

    std::size_t size() const noexcept { return count_; }

private:
    static bool negative(const Key& key) noexcept {
        if constexpr (std::is_signed_v<Key>) return key < 0;
        return false;
    }

    std::vector<std::uint32_t> slots_;
    std::size_t count_ = 0;
};

}  // namespace tsl
