// TraceChecker, the trace rules checked while a run streams its trace: the
// verdict of check_all_rules word for word — on random runs and on those runs
// broken locally — and memory bounded by the settings, however long the run.
#include "timeslicer_harness.h"

#include "run_command.h"

#include <catch2/catch.hpp>

#include <random>

using namespace tsl;
using namespace tsl::test;

// AddressSanitizer reserves terabytes of address space: no address-space limit can be set under it.
#if defined(__SANITIZE_ADDRESS__)
#define TSL_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TSL_ADDRESS_SANITIZER 1
#endif
#endif

namespace {

// The trace given to a checker in pieces of random size, as runs hand it over
// frame by frame (the verdict must not depend on where the pieces end).
Violations streamed(const std::vector<TraceRecord>& trace, const TraceRunSettings& run, std::mt19937& rng) {
    TraceChecker checker(run);
    std::size_t at = 0;
    while (at < trace.size()) {
        const std::size_t piece = std::min<std::size_t>(trace.size() - at, std::uniform_int_distribution<std::size_t>(0, 40)(rng));
        checker.add(std::span<const TraceRecord>(trace).subspan(at, piece));
        at += piece;
    }
    CHECK(checker.events() == trace.size());
    return checker.finish();
}

TraceRunSettings random_settings(std::mt19937& rng) {
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    TimeslicerConfig config;
    config.mode = kAllModes[static_cast<std::size_t>(pick(0, static_cast<int>(std::size(kAllModes)) - 1))];
    const auto keys = static_cast<std::uint32_t>(pick(1, 24));
    config.jobs_per_update = static_cast<std::uint32_t>(pick(1, static_cast<int>(keys) + 2));
    config.update_every_frames = static_cast<std::uint32_t>(pick(1, 4));
    config.gathering = pick(0, 1) ? Gathering::NextFrame : Gathering::SameFrame;
    const std::int64_t frames = pick(0, static_cast<int>(2 * frames_for(config, keys)));
    return {config, keys, frames};
}

// One local break, as a faulty timeslicer might make: an event lost, doubled,
// moved by one or two frames, given to another key (or one not in the run),
// turned into another kind of event, moved to the batch before or after, or
// swapped with its neighbour.
void break_locally(std::vector<TraceRecord>& trace, std::uint32_t keys, std::mt19937& rng) {
    if (trace.empty()) return;
    auto pick = [&](std::int64_t lo, std::int64_t hi) { return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng); };
    const auto i = static_cast<std::size_t>(pick(0, static_cast<std::int64_t>(trace.size()) - 1));
    TraceRecord& r = trace[i];
    switch (pick(0, 6)) {
        case 0: trace.erase(trace.begin() + static_cast<std::ptrdiff_t>(i)); break;
        case 1: trace.insert(trace.begin() + static_cast<std::ptrdiff_t>(i), r); break;
        case 2: r.frame += pick(0, 1) ? pick(1, 2) : -pick(1, 2); break;
        case 3: r.key = static_cast<std::uint64_t>(pick(0, keys)); break;
        case 4: r.event = static_cast<TraceEvent>(pick(0, 3)); break;
        case 5:
            if (r.batch > 0 && pick(0, 1)) --r.batch;
            else ++r.batch;
            break;
        default:
            if (i + 1 < trace.size()) std::swap(trace[i], trace[i + 1]);
            break;
    }
}

}  // namespace

TEST_CASE("The streaming checker gives check_all_rules' verdict word for word on random runs and on runs broken locally",
          "[rules][checker-stream]") {
    std::mt19937 rng(20240601);
    int runs = 0, broken_verdicts = 0, broken_runs = 0;
    for (int round = 0; round < 400; ++round) {
        const TraceRunSettings settings = random_settings(rng);
        const TracedRun run = run_traced(settings.config, settings.keys, settings.frames);
        INFO("round " << round << ": " << describe(run.settings));
        REQUIRE(streamed(run.trace, run.settings, rng) == check_all_rules(run.trace, run.settings));
        ++runs;
        for (int variant = 0; variant < 6; ++variant) {
            std::vector<TraceRecord> broken = run.trace;
            const int breaks = 1 + variant % 3;
            for (int b = 0; b < breaks; ++b) break_locally(broken, run.settings.keys, rng);
            INFO("variant " << variant << " with " << breaks << " break(s)");
            const Violations expected = check_all_rules(broken, run.settings);
            REQUIRE(streamed(broken, run.settings, rng) == expected);
            ++broken_runs;
            broken_verdicts += !expected.empty();
        }
    }
    CHECK(runs == 400);
    CHECK(broken_verdicts > broken_runs / 2);  // the breaks are mostly caught: the comparison is not of empty lists
}

TEST_CASE("The streaming checker's memory is bounded by the settings, not by the run's length", "[rules][checker-stream]") {
    for (const TimeslicerConfig config : {TimeslicerConfig{Mode::AIAO, 1000, 1, Gathering::NextFrame},   // a batch every frame
                                          TimeslicerConfig{Mode::UpdateAll, 1, 1, Gathering::SameFrame},
                                          TimeslicerConfig{Mode::SISO, 3, 2, Gathering::NextFrame}}) {
        const std::uint32_t keys = 50;
        const std::int64_t frames = 3000;
        Harness h(keys, config);
        TraceChecker checker({config, keys, frames});
        std::size_t most_batches = 0, most_frames = 0;
        for (std::int64_t f = 0; f < frames; ++f) {
            h.step();
            checker.add(h.log.records());
            h.log.clear();
            most_batches = std::max(most_batches, checker.open_batches());
            most_frames = std::max(most_frames, checker.open_frames());
        }
        INFO(describe({config, keys, frames}));
        CHECK(checker.finish() == Violations{});
        CHECK(checker.events() > 3000u);
        CHECK(most_batches <= TraceChecker::kSettleFrames + 3);
        CHECK(most_frames <= TraceChecker::kSettleFrames + 1);
    }
}

TEST_CASE("trace --check keeps memory bounded by the settings, not by --frames", "[cli][checker-stream]") {
#if defined(TSL_ADDRESS_SANITIZER)
    SUCCEED("no address-space limit under AddressSanitizer");
#else
    // 20,000 NPCs, a whole batch started and one finished every frame: 80,000
    // events a frame, 8 million over the run, which kept in memory would need
    // far more than the 600 MB of address space the run gets. The trace goes
    // to a null device of our own (see stand_in_device).
    const auto dir = scratch_dir("checker-memory");
    const std::string null_device = stand_in_device(dir, "/dev/null");
    REQUIRE(!null_device.empty());
    const CommandResult r = run_command(tsl::test::kApp,
                                        {"trace", "--out", null_device, "--check", "--npcs", "20000", "--jobs-per-update", "100000",
                                         "--update-every", "1", "--gather", "next-frame", "--frames", "100", "--workers", "0"},
                                        "ulimit -v 600000; ");
    CHECK(std::filesystem::is_character_file(null_device));
    std::filesystem::remove_all(dir);
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK_THAT(r.err, Catch::Contains("7960000 events, 100 frames"));
#endif
}
