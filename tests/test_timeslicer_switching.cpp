// Live changes of mode, J, P and gathering, restarts and resets: no key ever
// loses its newest output, and the index keeps agreeing with the article's scan.
#include "timeslicer_harness.h"

#include <catch2/catch.hpp>

#include <random>

using namespace tsl;
using namespace tsl::test;

namespace {

TimeslicerConfig random_config(std::mt19937& rng) {
    return {kAllModes[rng() % 5], 1 + static_cast<std::uint32_t>(rng() % 5), 1 + static_cast<std::uint32_t>(rng() % 4),
            rng() % 2 ? Gathering::SameFrame : Gathering::NextFrame};
}

}  // namespace

TEST_CASE("Switching mode or J or P or gathering mid-batch never loses a key's newest output", "[switching]") {
    std::mt19937 rng(2024);
    for (std::uint32_t keys : {1u, 7u, 10u, 33u}) {
        Harness h(keys, random_config(rng));
        std::vector<std::uint64_t> newest_seq(keys, 0);  // 0: never saved
        std::uint64_t saves_seen = 0;
        for (int frame = 0; frame < 4000; ++frame) {
            const unsigned roll = rng() % 100;
            if (roll < 40) h.slicer.set_config(random_config(rng));
            else if (roll < 42) h.slicer.restart_batch();
            else if (roll < 43) h.slicer.reset();

            // Saves made by set_config / restart (before this step) count with this frame's.
            h.step();
            std::vector<bool> saved_now(keys, false);
            for (std::size_t i = 0; i < h.log.records().size(); ++i)
                if (h.log.records()[i].event == TraceEvent::Save) saved_now[h.log.records()[i].key] = true;
            saves_seen += std::count(saved_now.begin(), saved_now.end(), true);
            h.log.clear();

            for (std::uint32_t k = 0; k < keys; ++k) {
                INFO("keys " << keys << ", frame " << frame << ", key " << k);
                const SeqOutput* out = h.slicer.newest(k);
                REQUIRE(out == h.slicer.history().scan_newest(k));  // index == the article's scan
                if (newest_seq[k] == 0 && !saved_now[k]) {
                    REQUIRE(out == nullptr);
                    continue;
                }
                REQUIRE(out != nullptr);                 // once saved, never lost
                if (saved_now[k]) REQUIRE(out->seq > newest_seq[k]);  // a save shows at once
                else REQUIRE(out->seq == newest_seq[k]);              // nothing else changes it
                newest_seq[k] = out->seq;
            }
        }
        CHECK(h.slicer.stats().lost_outputs == 0);
        CHECK(saves_seen > 1000);
    }
}

TEST_CASE("A switch to asynchronous output saves the outputs a synchronous batch was holding", "[switching]") {
    Harness h(5, {Mode::SISO, 1, 1, Gathering::SameFrame});
    h.run(3);  // jobs 0, 1, 2 finished; held until the batch ends
    for (std::uint32_t k = 0; k < 5; ++k) REQUIRE(h.slicer.newest(k) == nullptr);

    h.slicer.set_config({Mode::AIAO, 1, 1, Gathering::SameFrame});
    for (std::uint32_t k = 0; k < 3; ++k) REQUIRE(h.slicer.newest(k) != nullptr);
    CHECK(h.slicer.newest(3) == nullptr);
    h.step();
    CHECK(h.slicer.newest(3) != nullptr);  // and from now on each job is saved as it finishes
}

TEST_CASE("A switch to synchronous output holds the rest of the batch until it ends", "[switching]") {
    Harness h(4, {Mode::AIAO, 1, 1, Gathering::SameFrame});
    h.run(2);
    REQUIRE(h.slicer.newest(1) != nullptr);

    h.slicer.set_config({Mode::AISO, 1, 1, Gathering::SameFrame});
    h.step();  // job 2 finishes, held
    CHECK(h.slicer.newest(2) == nullptr);
    h.step();  // job 3 finishes the batch: 2 and 3 saved together
    REQUIRE(h.slicer.newest(2) != nullptr);
    REQUIRE(h.slicer.newest(3) != nullptr);
    CHECK(h.slicer.progress().saved == 4);
}

TEST_CASE("A restart never makes part of a synchronous batch visible and keeps the last whole batch", "[switching]") {
    Harness h(3, {Mode::SISO, 1, 1, Gathering::NextFrame});
    h.run(4);  // batch 0 saved at frame 3; batch 1 started its first job
    const std::uint64_t batch0_seq = h.slicer.newest(0)->seq;
    h.step();  // batch 1: job 0 finished (held), job 1 started
    h.slicer.restart_batch();
    for (std::uint32_t k = 0; k < 3; ++k) REQUIRE(h.slicer.newest(k) != nullptr);
    CHECK(h.slicer.newest(0)->seq == batch0_seq);
    CHECK(h.slicer.progress().size == 0);
    h.step();
    CHECK(h.slicer.progress().size == 3);  // a fresh batch started
}

TEST_CASE("Changes of J and P apply from the next update", "[switching]") {
    Harness h(12, {Mode::AIAO, 1, 1, Gathering::SameFrame});
    h.run(2);
    CHECK(h.slicer.progress().started == 2);
    h.slicer.set_config({Mode::AIAO, 4, 1, Gathering::SameFrame});
    h.step();
    CHECK(h.slicer.progress().started == 6);
    h.slicer.set_config({Mode::AIAO, 4, 5, Gathering::SameFrame});
    h.run(2);  // frames 3 and 4: neither is a multiple of 5
    CHECK(h.slicer.progress().started == 6);
    h.step();  // frame 5
    CHECK(h.slicer.progress().started == 10);
}

TEST_CASE("Gathering switched from next frame to same frame finishes the jobs in flight first", "[switching]") {
    Harness h(6, {Mode::AIAO, 2, 1, Gathering::NextFrame});
    h.run(1);
    CHECK(h.slicer.progress().finished == 0);
    h.slicer.set_config({Mode::AIAO, 2, 1, Gathering::SameFrame});
    h.step();
    CHECK(h.slicer.progress().started == 4);
    CHECK(h.slicer.progress().finished == 4);
    CHECK(h.slicer.progress().saved == 4);
}

TEST_CASE("A new key set keeps the newest output of every key that stays", "[switching]") {
    Harness h(10, {Mode::AIAO, 3, 1, Gathering::SameFrame});
    h.run(8);
    std::vector<std::uint64_t> before;
    for (std::uint32_t k = 0; k < 10; ++k) before.push_back(h.slicer.newest(k)->seq);
    h.keys = 4;
    h.slicer.restart_batch();
    h.step();  // a batch over keys 0..3; the history shrinks to 4 entries
    CHECK(h.slicer.history().capacity() == 4);
    for (std::uint32_t k = 0; k < 4; ++k) REQUIRE(h.slicer.newest(k) != nullptr);
    CHECK(h.slicer.newest(3)->seq == before[3]);
    h.keys = 20;
    h.slicer.restart_batch();
    h.step();
    for (std::uint32_t k = 0; k < 4; ++k) REQUIRE(h.slicer.newest(k) != nullptr);
    CHECK(h.slicer.stats().lost_outputs == 0);
}

TEST_CASE("History capacity follows the article's rule: the batch size or twice that with synchronous output", "[history]") {
    Harness h(7, {Mode::AIAO, 1, 1, Gathering::SameFrame});
    h.step();
    CHECK(h.slicer.history().capacity() == 7);
    h.slicer.set_config({Mode::SISO, 1, 1, Gathering::SameFrame});
    CHECK(h.slicer.history().capacity() == 14);
    h.slicer.set_config({Mode::UpdateAll, 1, 1, Gathering::SameFrame});
    CHECK(h.slicer.history().capacity() == 7);
}

TEST_CASE("Tracing off records nothing and changes no result", "[trace]") {
    const TimeslicerConfig config{Mode::SIAO, 2, 2, Gathering::NextFrame};
    Harness traced(9, config);
    Harness silent(9, config);
    silent.slicer.set_trace(nullptr);
    traced.run(100);
    silent.run(100);
    CHECK(silent.log.records().empty());
    CHECK_FALSE(traced.log.records().empty());
    for (std::uint32_t k = 0; k < 9; ++k) CHECK(traced.slicer.newest(k)->seq == silent.slicer.newest(k)->seq);
}
