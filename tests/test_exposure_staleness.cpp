// What an old exposure map costs in play: the shy character decides on the
// map shown, and the score is the steps it ends in the eye's sight (as the
// eye is then). The maps each mode shows do not depend on timing (a gather
// waits for unfinished jobs, a ticket is answered a fixed number of steps
// later), so the scores are counts that repeat exactly.
#include "build_paths.h"
#include "core/exposure/exposure_scene.h"

#include <catch2/catch.hpp>

using namespace tsl;

namespace {

const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

struct Score {
    std::uint64_t seen = 0;  // steps the character ended seen
    std::int64_t oldest = 0; // the oldest map it decided on, in steps
};

Score play(ExposureMode mode, double sentinel_speed, int workers, int steps = 300) {
    JobSystem jobs({workers});
    ExposureSceneConfig c;
    c.assets_dir = kAssets;
    c.mode = mode;
    c.slice_percent = 10;  // timesliced: a pass over ten steps
    c.sentinel_speed = sentinel_speed;
    auto scene = ExposureScene::create(c, {&jobs, nullptr});
    INFO(scene.error());
    REQUIRE(scene);
    Score score;
    std::uint64_t counted = 0;
    for (int k = 0; k < steps; ++k) {
        (*scene)->step();
        counted += (*scene)->metrics().character_seen;
        score.oldest = std::max(score.oldest, (*scene)->metrics().map_age_steps);
    }
    score.seen = (*scene)->character().steps_seen;
    CHECK(counted == score.seen);  // the step's figure and the character's tally agree
    return score;
}

}  // namespace

TEST_CASE("A fast sentinel catches the shy character longer when its map is older", "[exposure][staleness][threads]") {
    const Score fresh = play(ExposureMode::Single, 0.8, 1);
    const Score next = play(ExposureMode::NextFrame, 0.8, 1);
    const Score old = play(ExposureMode::Timesliced, 0.8, 1);
    INFO("seen steps: single " << fresh.seen << ", next frame " << next.seen << ", timesliced " << old.seen);
    CHECK(fresh.oldest == 0);
    CHECK(next.oldest == 1);
    CHECK(old.oldest == 19);
    CHECK(next.seen >= fresh.seen);        // one step of latency costs little
    CHECK(old.seen > fresh.seen * 3 / 2);  // a pass of ten steps costs a lot
}

TEST_CASE("The staleness score at a slow sentinel: the old map's cost shrinks", "[exposure][staleness]") {
    const Score fresh_fast = play(ExposureMode::Single, 0.8, 1), old_fast = play(ExposureMode::Timesliced, 0.8, 1);
    const Score fresh_slow = play(ExposureMode::Single, 0.3, 1), old_slow = play(ExposureMode::Timesliced, 0.3, 1);
    INFO("fast: " << fresh_fast.seen << " vs " << old_fast.seen << "; slow: " << fresh_slow.seen << " vs " << old_slow.seen);
    // What the old map adds to the time seen, per step of fresh play: larger when the sentinel is fast.
    const double fast_cost = static_cast<double>(old_fast.seen) / static_cast<double>(fresh_fast.seen);
    const double slow_cost = static_cast<double>(old_slow.seen) / static_cast<double>(fresh_slow.seen);
    CHECK(fast_cost > slow_cost);
}

TEST_CASE("The staleness score is the same with any number of workers", "[exposure][staleness][threads]") {
    for (ExposureMode mode : {ExposureMode::NextFrame, ExposureMode::Timesliced}) {
        const Score one = play(mode, 0.8, 1, 150), none = play(mode, 0.8, 0, 150), two = play(mode, 0.8, 2, 150);
        CHECK(one.seen == none.seen);
        CHECK(one.seen == two.seen);
    }
}
