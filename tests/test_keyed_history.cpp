// The O(1) index against references: FlatKeyIndex against std::unordered_map,
// KeyedHistory's newest() against the article's linear scan and against an
// independent deque model, over random operation sequences.
#include "core/timeslicing/keyed_history.h"

#include <catch2/catch.hpp>

#include <deque>
#include <random>
#include <string>
#include <unordered_map>

using tsl::DenseKeyIndex;
using tsl::FlatKeyIndex;
using tsl::KeyedHistory;

namespace {

// Random inserts, overwrites, erases and lookups on `Index`, checked against
// std::unordered_map after every operation.
template <class Index>
void check_index_against_map() {
    std::mt19937 rng(1234);
    for (int key_space : {8, 100, 5000}) {
        Index index;
        std::unordered_map<int, std::uint32_t> model;
        std::uniform_int_distribution<int> key(0, key_space - 1);
        for (int op = 0; op < 50'000; ++op) {
            const int k = key(rng);
            switch (rng() % 4) {
                case 0:
                case 1: {
                    const std::uint32_t v = rng() % 1'000'000;
                    index.assign(k, v);
                    model[k] = v;
                    break;
                }
                case 2:
                    index.erase(k);
                    model.erase(k);
                    break;
                default: {
                    const auto it = model.find(k);
                    REQUIRE(index.find(k) == (it == model.end() ? Index::kNone : it->second));
                }
            }
            REQUIRE(index.size() == model.size());
        }
        for (int k = 0; k < key_space; ++k) {
            const auto it = model.find(k);
            REQUIRE(index.find(k) == (it == model.end() ? Index::kNone : it->second));
        }
        index.clear();
        REQUIRE(index.size() == 0);
        for (int k = 0; k < key_space; ++k) REQUIRE(index.find(k) == Index::kNone);
    }
}

}  // namespace

TEST_CASE("FlatKeyIndex agrees with std::unordered_map on random inserts and overwrites and erases", "[index]") {
    check_index_against_map<FlatKeyIndex<int>>();
}

TEST_CASE("DenseKeyIndex agrees with std::unordered_map on random inserts and overwrites and erases", "[index]") {
    check_index_against_map<DenseKeyIndex<int>>();
    // Keys it has never held, past its array or negative, have no slot.
    DenseKeyIndex<int> index;
    index.assign(3, 7);
    CHECK(index.find(3) == 7);
    CHECK(index.find(1'000'000) == DenseKeyIndex<int>::kNone);
    CHECK(index.find(-1) == DenseKeyIndex<int>::kNone);
    index.erase(1'000'000);
    index.erase(-1);
    CHECK(index.size() == 1);
}

TEST_CASE("FlatKeyIndex works for keys that are not small integers", "[index]") {
    FlatKeyIndex<std::string> by_name;
    by_name.assign("guard", 1);
    by_name.assign("archer", 2);
    by_name.assign("guard", 3);
    CHECK(by_name.find("guard") == 3);
    CHECK(by_name.find("archer") == 2);
    CHECK(by_name.find("cook") == FlatKeyIndex<std::string>::kNone);

    // Aligned pointers share their low bits: the hash must still spread them.
    std::vector<double> storage(4096);
    FlatKeyIndex<const double*> by_address;
    for (std::uint32_t i = 0; i < storage.size(); i += 8) by_address.assign(&storage[i], i);
    for (std::uint32_t i = 0; i < storage.size(); i += 8) REQUIRE(by_address.find(&storage[i]) == i);
    CHECK(by_address.find(&storage[1]) == FlatKeyIndex<const double*>::kNone);
}

namespace {

// Independent model of the history: a deque, newest at the back.
struct ModelHistory {
    std::deque<std::pair<int, int>> entries;
    std::size_t capacity = 0;

    // Returns false when the dropped entry was the only one of a key other
    // than the pushed key.
    bool push(int key, int value) {
        bool kept = true;
        if (entries.size() == capacity) {
            const int dropped = entries.front().first;
            entries.pop_front();
            if (dropped != key && newest(dropped) == nullptr) kept = false;
        }
        entries.emplace_back(key, value);
        return kept;
    }
    const int* newest(int key) const {
        for (auto it = entries.rbegin(); it != entries.rend(); ++it)
            if (it->first == key) return &it->second;
        return nullptr;
    }
    void set_capacity(std::size_t c) {
        capacity = c;
        while (entries.size() > c) entries.pop_front();
    }
    void keep_newest_of(const std::vector<int>& order) {
        std::deque<std::pair<int, int>> kept;
        for (int key : order)
            if (const int* v = newest(key)) kept.emplace_back(key, *v);
        entries = std::move(kept);
    }
};

}  // namespace

using HashedHistory = KeyedHistory<int, int>;
using DenseHistory = KeyedHistory<int, int, DenseKeyIndex<int>>;

TEMPLATE_TEST_CASE("History lookup by index returns exactly what the article's linear scan returns", "[history]", HashedHistory,
                   DenseHistory) {
    std::mt19937 rng(99);
    for (int key_space : {1, 5, 40}) {
        TestType history(4);
        ModelHistory model;
        model.capacity = 4;
        std::uniform_int_distribution<int> key(0, key_space - 1);
        int value = 0;
        int wraps = 0, capacity_changes = 0;
        for (int op = 0; op < 20'000; ++op) {
            const unsigned roll = rng() % 100;
            if (roll < 85) {
                const int k = key(rng);
                if (history.size() == history.capacity()) ++wraps;
                ++value;
                const bool kept = history.push(k, value);
                REQUIRE(kept == model.push(k, value));
            } else if (roll < 93) {
                const auto c = 1 + rng() % (2 * key_space + 3);
                history.set_capacity(c);
                model.set_capacity(c);
                ++capacity_changes;
            } else if (roll < 99) {
                // A batch order: a random subset of keys, shuffled, no larger than the capacity.
                std::vector<int> order(key_space);
                for (int k = 0; k < key_space; ++k) order[k] = k;
                std::shuffle(order.begin(), order.end(), rng);
                order.resize(std::min<std::size_t>(order.size(), history.capacity()));
                order.resize(rng() % (order.size() + 1));
                history.keep_newest_of(std::vector<int>(order));
                model.keep_newest_of(order);
            } else {
                history.clear();
                model.entries.clear();
            }
            REQUIRE(history.size() == model.entries.size());
            for (int k = 0; k < key_space; ++k) {
                const int* by_index = history.newest(k);
                const int* by_scan = history.scan_newest(k);
                const int* expected = model.newest(k);
                REQUIRE(by_index == by_scan);
                REQUIRE((by_index == nullptr) == (expected == nullptr));
                if (expected) REQUIRE(*by_index == *expected);
            }
        }
        CHECK(wraps > 1000);           // the ring wrapped around many times
        CHECK(capacity_changes > 500);
    }
}

TEST_CASE("History keeps each key's newest entry when a batch order pushes every key once", "[history]") {
    // The timeslicer's invariant in miniature: capacity = keys, pushes in batch order.
    KeyedHistory<int, int> history(10);
    for (int round = 0; round < 5; ++round)
        for (int k = 0; k < 10; ++k) REQUIRE(history.push(k, round * 10 + k));
    for (int k = 0; k < 10; ++k) REQUIRE(*history.newest(k) == 40 + k);

    // Out of order, a key does lose its only entry — and push says so.
    bool all_kept = true;
    for (int i = 0; i < 10; ++i) all_kept = history.push(0, 100 + i) && all_kept;
    CHECK_FALSE(all_kept);
    CHECK(history.newest(5) == nullptr);
}
