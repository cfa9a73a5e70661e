// docs/semantics.md, section 5: one TEST_CASE per rule, each over every mode, N in
// {1, 7, 10}, J in {1, 3}, P in {1, 3} and both gatherings. Then exact traces
// worked out by hand, and proof that every check can fail.
#include "timeslicer_harness.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

using namespace tsl;
using namespace tsl::test;

namespace {

void require_rule_holds(Violations (*check)(const std::vector<TraceRecord>&, const TraceRunSettings&)) {
    int runs = 0;
    for_each_grid_run([&](const TracedRun& run) {
        INFO(describe(run.settings));
        REQUIRE(check(run.trace, run.settings) == Violations{});
        ++runs;
    });
    REQUIRE(runs == 5 * 3 * 2 * 2 * 2 + 2 * 3 * 2 * 2 * 2);  // and SISO, AISO once more, saving when the next batch starts
}

}  // namespace

TEST_CASE("Rule runs are not vacuous: each covers three whole batches that are saved", "[rules]") {
    for_each_grid_run([](const TracedRun& run) {
        INFO(describe(run.settings));
        std::set<std::uint32_t> saved_batches;
        for (const TraceRecord& r : run.trace)
            if (r.event == TraceEvent::Save) saved_batches.insert(r.batch);
        REQUIRE(saved_batches.size() >= 3);
    });
}

TEST_CASE("AI: input frame == start frame. SI: every job of a batch has input frame == the frame the batch started", "[rules]") {
    require_rule_holds(check_input_timing);
}

TEST_CASE("AO: save frame == finish frame. SO: all saves of a batch share one frame between its last finish and the next batch's first start",
          "[rules]") {
    require_rule_holds(check_output_timing);
}

TEST_CASE("Same-frame gathering: finish == start. Next-frame: finish == the next update frame after start (start + P)", "[rules]") {
    require_rule_holds(check_gathering);
}

TEST_CASE("At most J starts per update and updates only on frames that are multiples of P", "[rules]") {
    require_rule_holds(check_update_schedule);
}

TEST_CASE("Every key exactly once per batch", "[rules]") { require_rule_holds(check_batch_coverage); }

TEST_CASE("Order: input <= start <= finish <= save for every job and batches numbered 0 1 2 in the order they start", "[rules]") {
    require_rule_holds(check_event_order);
}

TEST_CASE("Update All ignores J and P: every key starts every frame with input == start and save == finish", "[rules]") {
    require_rule_holds(check_update_all);
    for_each_grid_run([](const TracedRun& run) {
        if (run.settings.config.mode != Mode::UpdateAll) return;
        INFO(describe(run.settings));
        REQUIRE(check_input_timing(run.trace, run.settings).empty());
        REQUIRE(check_output_timing(run.trace, run.settings).empty());
    });
}

TEST_CASE("Rules hold far outside the grid: large N and J and P", "[rules]") {
    for (Mode mode : kAllModes)
        for (Gathering gathering : {Gathering::SameFrame, Gathering::NextFrame})
            for (auto [keys, jobs, period] : {std::tuple{97u, 13u, 5u}, std::tuple{64u, 64u, 2u}, std::tuple{5u, 100u, 7u},
                                              std::tuple{300u, 1u, 1u}}) {
                const TimeslicerConfig config{mode, jobs, period, gathering};
                const TracedRun run = run_traced(config, keys, std::min<std::int64_t>(frames_for(config, keys), 1500));
                INFO(describe(run.settings));
                REQUIRE(check_all_rules(run.trace, run.settings) == Violations{});
            }
}

// --- Exact traces, worked out by hand --------------------------------------

TEST_CASE("AIAO N=3 J=2 P=2 same frame: the exact trace", "[rules][exact]") {
    const TracedRun run = run_traced({Mode::AIAO, 2, 2, Gathering::SameFrame}, 3, 6);
    CHECK(csv(run.trace) ==
          "0,0,0,input\n0,0,0,start\n0,1,0,input\n0,1,0,start\n0,0,0,finish\n0,1,0,finish\n0,0,0,save\n0,1,0,save\n"
          "2,2,0,input\n2,2,0,start\n2,2,0,finish\n2,2,0,save\n"
          "4,0,1,input\n4,0,1,start\n4,1,1,input\n4,1,1,start\n4,0,1,finish\n4,1,1,finish\n4,0,1,save\n4,1,1,save\n");
}

TEST_CASE("SISO N=2 J=1 P=1 next frame: the exact trace", "[rules][exact]") {
    const TracedRun run = run_traced({Mode::SISO, 1, 1, Gathering::NextFrame}, 2, 5);
    CHECK(csv(run.trace) ==
          "0,0,0,input\n0,1,0,input\n0,0,0,start\n"
          "1,0,0,finish\n1,1,0,start\n"
          "2,1,0,finish\n2,0,0,save\n2,1,0,save\n2,0,1,input\n2,1,1,input\n2,0,1,start\n"
          "3,0,1,finish\n3,1,1,start\n"
          "4,1,1,finish\n4,0,1,save\n4,1,1,save\n4,0,2,input\n4,1,2,input\n4,0,2,start\n");
}

TEST_CASE("Update All N=2 next frame: each batch is finished one frame after it starts", "[rules][exact]") {
    const TracedRun run = run_traced({Mode::UpdateAll, 1, 3, Gathering::NextFrame}, 2, 3);
    CHECK(csv(run.trace) ==
          "0,0,0,input\n0,0,0,start\n0,1,0,input\n0,1,0,start\n"
          "1,0,0,finish\n1,1,0,finish\n1,0,0,save\n1,1,0,save\n1,0,1,input\n1,0,1,start\n1,1,1,input\n1,1,1,start\n"
          "2,0,1,finish\n2,1,1,finish\n2,0,1,save\n2,1,1,save\n2,0,2,input\n2,0,2,start\n2,1,2,input\n2,1,2,start\n");
}

// --- Every check can fail -------------------------------------------------

namespace {

TracedRun sample(Mode mode, Gathering gathering) {
    const TimeslicerConfig config{mode, 1, 2, gathering};
    TracedRun run = run_traced(config, 4, frames_for(config, 4));
    REQUIRE(check_all_rules(run.trace, run.settings).empty());
    return run;
}

TraceRecord& find(std::vector<TraceRecord>& trace, std::uint32_t batch, std::uint64_t key, TraceEvent event) {
    const auto it = std::find_if(trace.begin(), trace.end(), [&](const TraceRecord& r) {
        return r.batch == batch && r.key == key && r.event == event;
    });
    REQUIRE(it != trace.end());
    return *it;
}

void remove(std::vector<TraceRecord>& trace, std::uint32_t batch, std::uint64_t key, TraceEvent event) {
    const TraceRecord victim = find(trace, batch, key, event);
    std::erase(trace, victim);
}

}  // namespace

TEST_CASE("The checks catch a broken trace", "[rules][checker]") {
    SECTION("input read a frame early in AI") {
        TracedRun run = sample(Mode::AIAO, Gathering::SameFrame);
        find(run.trace, 1, 2, TraceEvent::Input).frame -= 1;
        CHECK_FALSE(check_input_timing(run.trace, run.settings).empty());
    }
    SECTION("SI input read after the batch started") {
        TracedRun run = sample(Mode::SIAO, Gathering::SameFrame);
        find(run.trace, 1, 3, TraceEvent::Input).frame += 2;
        CHECK_FALSE(check_input_timing(run.trace, run.settings).empty());
    }
    SECTION("AO save a frame after finish") {
        TracedRun run = sample(Mode::AIAO, Gathering::NextFrame);
        find(run.trace, 0, 1, TraceEvent::Save).frame += 1;
        CHECK_FALSE(check_output_timing(run.trace, run.settings).empty());
    }
    SECTION("SO saves split over two frames") {
        TracedRun run = sample(Mode::SISO, Gathering::SameFrame);
        find(run.trace, 0, 0, TraceEvent::Save).frame -= 1;
        CHECK_FALSE(check_output_timing(run.trace, run.settings).empty());
    }
    SECTION("SO save missing") {
        TracedRun run = sample(Mode::AISO, Gathering::SameFrame);
        remove(run.trace, 0, 2, TraceEvent::Save);
        CHECK_FALSE(check_output_timing(run.trace, run.settings).empty());
    }
    SECTION("next-frame finish on the start frame") {
        TracedRun run = sample(Mode::AIAO, Gathering::NextFrame);
        TraceRecord& finish = find(run.trace, 1, 0, TraceEvent::Finish);
        finish.frame = find(run.trace, 1, 0, TraceEvent::Start).frame;
        CHECK_FALSE(check_gathering(run.trace, run.settings).empty());
    }
    SECTION("more than J starts in one update") {
        TracedRun run = sample(Mode::AIAO, Gathering::SameFrame);
        find(run.trace, 1, 1, TraceEvent::Start).frame = find(run.trace, 1, 0, TraceEvent::Start).frame;
        CHECK_FALSE(check_update_schedule(run.trace, run.settings).empty());
    }
    SECTION("a start on a frame that is not a multiple of P") {
        TracedRun run = sample(Mode::AIAO, Gathering::SameFrame);
        find(run.trace, 1, 1, TraceEvent::Start).frame += 1;
        CHECK_FALSE(check_update_schedule(run.trace, run.settings).empty());
    }
    SECTION("a key started twice in a batch") {
        TracedRun run = sample(Mode::AIAO, Gathering::SameFrame);
        find(run.trace, 0, 3, TraceEvent::Start).key = 2;
        CHECK_FALSE(check_batch_coverage(run.trace, run.settings).empty());
    }
    SECTION("batches numbered out of order") {
        TracedRun run = sample(Mode::AIAO, Gathering::SameFrame);
        for (TraceRecord& r : run.trace)
            if (r.batch == 1) r.batch = 2;
        CHECK_FALSE(check_event_order(run.trace, run.settings).empty());
    }
    SECTION("finish recorded before start") {
        TracedRun run = sample(Mode::SIAO, Gathering::NextFrame);
        find(run.trace, 1, 1, TraceEvent::Start).frame = find(run.trace, 1, 1, TraceEvent::Finish).frame + 1;
        CHECK_FALSE(check_event_order(run.trace, run.settings).empty());
    }
    SECTION("Update All skipping a key on a frame") {
        TracedRun run = sample(Mode::UpdateAll, Gathering::SameFrame);
        remove(run.trace, 3, 1, TraceEvent::Start);
        CHECK_FALSE(check_update_all(run.trace, run.settings).empty());
    }
}
