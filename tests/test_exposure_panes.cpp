// The exposure scene side by side: one to three maps on one clock, one patrol
// and one start of the shy character, each with its own mode, map and
// character (core/session/exposure_session_scene.h). A pane plays exactly as
// the same scene alone would: the scores are counts that repeat.
#include "build_paths.h"
#include "core/session/lab_session.h"

#include <catch2/catch.hpp>

using namespace tsl;

namespace {

const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

SessionOptions options() {
    SessionOptions o;
    o.assets_dir = kAssets;
    o.profile = false;
    return o;
}

// One scene alone, as ExposureScene runs it: its steps seen.
std::uint64_t seen_alone(ExposureMode mode, double slice_percent, double sentinel_speed, int steps) {
    JobSystem jobs({1});
    ExposureSceneConfig c;
    c.assets_dir = kAssets;
    c.mode = mode;
    c.slice_percent = slice_percent;
    c.sentinel_speed = sentinel_speed;
    auto scene = ExposureScene::create(c, {&jobs, nullptr});
    REQUIRE(scene);
    for (int k = 0; k < steps; ++k) (*scene)->step();
    return (*scene)->character().steps_seen;
}

}  // namespace

TEST_CASE("Three maps side by side share one clock and one patrol, and each plays as it would alone", "[exposure][panes][threads]") {
    LabSettings start;
    start.workers = 1;
    LabSession session(start, options());
    const CommandResult loaded = session.apply(LoadPreset{"exposure-three-maps-fast"});
    INFO(loaded.problem);
    REQUIRE(loaded);
    REQUIRE(session.exposure_panes() == 3);
    CHECK(session.exposure(0)->config().mode == ExposureMode::Single);
    CHECK(session.exposure(1)->config().mode == ExposureMode::NextFrame);
    CHECK(session.exposure(2)->config().mode == ExposureMode::Timesliced);
    const int steps = 300;
    for (int k = 0; k < steps; ++k) {
        session.step(1);
        // One clock, one patrol: every pane at the same frame, its sentinel at the same place.
        for (int p = 1; p < 3; ++p) {
            REQUIRE(session.exposure(p)->frames_stepped() == session.exposure(0)->frames_stepped());
            REQUIRE(session.exposure(p)->sentinel_position().x == session.exposure(0)->sentinel_position().x);
            REQUIRE(session.exposure(p)->sentinel_position().y == session.exposure(0)->sentinel_position().y);
        }
    }
    const std::uint64_t fresh = session.exposure(0)->character().steps_seen, next = session.exposure(1)->character().steps_seen,
                        old = session.exposure(2)->character().steps_seen;
    INFO("seen steps: single " << fresh << ", next frame " << next << ", timesliced " << old);
    // Each pane's character plays exactly as the same scene alone.
    CHECK(fresh == seen_alone(ExposureMode::Single, 25, 0.8, steps));
    CHECK(next == seen_alone(ExposureMode::NextFrame, 25, 0.8, steps));
    CHECK(old == seen_alone(ExposureMode::Timesliced, 10, 0.8, steps));
    // The fast sentinel catches the character with the oldest map most.
    CHECK(old > 2 * fresh);
    // Each pane's averages and plots are its own.
    for (int p = 0; p < 3; ++p) {
        CHECK(session.exposure_summary(p).frames == steps);
        CHECK(session.exposure_summary(p).seen_steps == static_cast<std::int64_t>(session.exposure(p)->character().steps_seen));
        const ExposurePaneSeries& series = session.exposure_plots().pane(p);
        REQUIRE_FALSE(series.seen.empty());
        REQUIRE(session.settled_exposure_summary(p) != nullptr);
        CHECK(series.seen.newest().y == Approx(session.settled_exposure_summary(p)->seen_s_per_minute()));
        CHECK(session.settled_exposure_summary(p)->frames == steps - kRevealSettleExposureSteps);
        CHECK(series.map_age.newest().y == static_cast<double>(session.exposure(p)->metrics().map_age_steps));
    }
    CHECK(session.exposure_plots().pane(2).map_age.range_y(0, 1e9)->second == 19);
}

TEST_CASE("A pane's own setting changes only that pane, and a new number of maps starts them all again together", "[exposure][panes]") {
    LabSettings start;
    start.workers = 1;
    LabSession session(start, options());
    REQUIRE(session.apply(LoadPreset{"exposure-three-maps"}));
    session.step(40);
    const ExposureMetricsSummary before_a = session.exposure_summary(0);

    // Pane C's slice: C changes and starts its averages again, A and B run on.
    REQUIRE(session.apply(SetField{"exposure_pane", std::int64_t{3}}));
    REQUIRE(session.apply(SetField{"slice_percent", 50.0}));
    CHECK(session.exposure(2)->config().slice_percent == 50);
    CHECK(session.exposure(0)->config().slice_percent == 25);
    CHECK(session.exposure_summary(2).frames == 0);
    CHECK(session.exposure_summary(0).frames == before_a.frames);
    CHECK(session.exposure(0)->frames_stepped() == 40);

    // The world (the sentinel's speed) changes every pane.
    REQUIRE(session.apply(SetField{"sentinel_speed", 0.5}));
    for (int p = 0; p < 3; ++p) CHECK(session.exposure(p)->config().sentinel_speed == 0.5);

    // Two maps: both start again from frame 0, on one clock.
    session.step(5);
    REQUIRE(session.apply(SetField{"exposure_panes", std::int64_t{2}}));
    REQUIRE(session.exposure_panes() == 2);
    CHECK(session.settings().edited_exposure_pane == 1);
    CHECK(session.exposure(0)->frames_stepped() == 0);
    CHECK(session.exposure(1)->frames_stepped() == 0);
    // Three again: the new pane copies the last, and all start together.
    session.step(7);
    REQUIRE(session.apply(SetField{"exposure_panes", std::int64_t{3}}));
    REQUIRE(session.exposure_panes() == 3);
    CHECK(session.exposure(2)->config().mode == session.exposure(1)->config().mode);
    session.step(3);
    for (int p = 0; p < 3; ++p) CHECK(session.exposure(p)->frames_stepped() == 3);
}

TEST_CASE("A reveal of three maps has a row per map, and expectations read them by letter", "[exposure][panes][lessons]") {
    LabSettings start;
    start.workers = 1;
    LabSession session(start, options());
    REQUIRE(session.apply(StartLesson{"delayed-gathering"}));
    int step = 0;
    for (const LessonStep& s : session.lesson()->steps) {
        if (s.preset == "exposure-three-maps-fast") break;
        ++step;
    }
    REQUIRE(session.apply(GoToStep{step}));
    REQUIRE(session.exposure_panes() == 3);
    session.step(300);
    REQUIRE(session.apply(LessonForward{}));  // the reveal
    const LessonCard card = session.lesson_card();
    REQUIRE(card.rows.size() == 3);
    for (int p = 0; p < 3; ++p) CHECK(card.rows[static_cast<std::size_t>(p)].pane == p);
    REQUIRE_FALSE(card.checks.empty());
    for (const ExpectationResult& check : card.checks) {
        INFO(check.described << ": " << check.measured);
        CHECK(check.verdict == ExpectVerdict::Met);
    }
}
