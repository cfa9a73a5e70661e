// The NPC scene: determinism, the animation layer's turn cap and angle wrap,
// the input-age timing model of each mode, and live changes.
#include "core/jobs/job_system.h"
#include "core/npc/npc_scene.h"
#include "core/timeslicing/trace.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <numbers>
#include <random>
#include <vector>

using namespace tsl;

namespace {

NpcSceneConfig ten_hz(Mode mode) {
    NpcSceneConfig c;  // 10 NPCs, 30 steps/s
    c.timeslicing = {mode, 1, 3, Gathering::SameFrame};  // J = 1, P = 3: one decision every 100 ms, a batch per second
    return c;
}

double mean_age_ms(Mode mode, std::int64_t skip, std::int64_t frames) {
    NpcScene scene(ten_hz(mode));
    double sum = 0;
    for (std::int64_t f = 0; f < frames; ++f) {
        scene.step();
        if (f >= skip) sum += scene.metrics().mean_input_age_ms;
    }
    return sum / static_cast<double>(frames - skip);
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

TEST_CASE("The same settings give the same states", "[npc]") {
    NpcSceneConfig config;
    config.npc_count = 37;
    config.timeslicing = {Mode::SIAO, 2, 3, Gathering::NextFrame};
    NpcScene a(config), b(config);
    for (int f = 0; f < 500; ++f) {
        a.step();
        b.step();
    }
    REQUIRE(a.target_position() == b.target_position());
    for (std::size_t i = 0; i < a.npcs().size(); ++i) {
        REQUIRE(same_bits(a.npcs()[i].facing_deg, b.npcs()[i].facing_deg));
        REQUIRE(same_bits(a.npcs()[i].decision.desired_deg, b.npcs()[i].decision.desired_deg));
        REQUIRE(a.npcs()[i].decision.input_frame == b.npcs()[i].decision.input_frame);
    }
    // And a reset replays the same run.
    a.reset();
    for (int f = 0; f < 500; ++f) a.step();
    for (std::size_t i = 0; i < a.npcs().size(); ++i) REQUIRE(same_bits(a.npcs()[i].facing_deg, b.npcs()[i].facing_deg));
}

TEST_CASE("A step split over the workers gives every NPC and every metric the bits of the single-threaded step", "[npc][threads]") {
#ifdef TSL_SANITIZED
    const std::uint32_t npcs = 6'000;  // sanitizers are ~10x slower; still well above one piece per thread
    const int frames = 40;
#else
    const std::uint32_t npcs = 25'000;
    const int frames = 120;
#endif
    JobSystem jobs({.workers = 2});
    // Same-frame and next-frame, inline and on the pool (decision jobs in
    // flight on the same workers while the pass is split), a live change.
    const TimeslicerConfig timings[] = {
        {Mode::AIAO, 700, 1, Gathering::SameFrame, Threading::Inline},
        {Mode::SISO, 300, 2, Gathering::NextFrame, Threading::Pool},
        {Mode::UpdateAll, 1, 1, Gathering::NextFrame, Threading::Pool},
    };
    for (const TimeslicerConfig& timing : timings) {
        NpcSceneConfig config;
        config.npc_count = npcs;
        config.max_turn_deg_per_s = 90;
        config.timeslicing = timing;
        NpcScene single(config, {&jobs, nullptr}), split(config, {&jobs, nullptr});
        single.set_split_from_npcs(UINT32_MAX);
        split.set_split_from_npcs(0);
        for (int f = 0; f < frames; ++f) {
            if (f == frames / 2) {  // more NPCs mid-run: new ones start facing the target
                config.npc_count = npcs + 999;
                single.set_config(config);
                split.set_config(config);
            }
            single.step();
            split.step();
            const NpcFrameMetrics &a = single.metrics(), &b = split.metrics();
            REQUIRE(same_bits(a.mean_input_age_ms, b.mean_input_age_ms));
            REQUIRE(same_bits(a.max_input_age_ms, b.max_input_age_ms));
            REQUIRE(same_bits(a.mean_error_deg, b.mean_error_deg));
            REQUIRE(same_bits(a.max_error_deg, b.max_error_deg));
            REQUIRE(a.jobs_started == b.jobs_started);
        }
        REQUIRE(single.npcs().size() == split.npcs().size());
        std::size_t differing = 0;
        for (std::size_t i = 0; i < single.npcs().size(); ++i) {
            const Npc &a = single.npcs()[i], &b = split.npcs()[i];
            if (!same_bits(a.facing_deg, b.facing_deg) || !same_bits(a.decision.desired_deg, b.decision.desired_deg) ||
                a.decision.input_frame != b.decision.input_frame || !(a.decision.target_seen == b.decision.target_seen))
                ++differing;
        }
        CHECK(differing == 0);
        // The metrics are measure_npcs's, by its definition.
        const NpcFrameMetrics expected = measure_npcs(split.npcs(), split.target_position(), split.frames_stepped() - 1, split.step_s());
        CHECK(same_bits(expected.mean_error_deg, split.metrics().mean_error_deg));
        CHECK(same_bits(expected.mean_input_age_ms, split.metrics().mean_input_age_ms));
    }
}

TEST_CASE("Angles wrap to the range -180 to 180 and turns take the short way round", "[npc][angles]") {
    CHECK(wrap_deg(540.0) == 180.0);
    CHECK(wrap_deg(-180.0) == 180.0);
    CHECK(wrap_deg(-190.0) == Approx(170.0));
    CHECK(wrap_deg(725.0) == Approx(5.0));
    CHECK(turn_toward_deg(0, 90, 5) == 5);
    CHECK(turn_toward_deg(0, -90, 5) == -5);
    CHECK(turn_toward_deg(10, 12, 5) == 12);                  // within the cap: lands exactly
    CHECK(turn_toward_deg(170, -170, 5) == Approx(175));      // across +-180 the short way
    CHECK(turn_toward_deg(178, -170, 10) == Approx(-172));    // and wraps
    CHECK(turn_toward_deg(-178, 170, 10) == Approx(172));
    CHECK(angle_between_deg(179, -179) == Approx(2));
}

TEST_CASE("The animation layer turns at most the capped angular speed per step", "[npc]") {
    NpcSceneConfig config;
    config.target_period_s = 0.4;  // a fast target: decisions keep jumping ahead of the facing
    config.max_turn_deg_per_s = 50;
    config.timeslicing.mode = Mode::UpdateAll;
    NpcScene scene(config);
    const double cap = 50.0 / 30.0;
    int capped_steps = 0;
    std::vector<double> before(scene.npcs().size());
    for (int f = 0; f < 300; ++f) {
        for (std::size_t i = 0; i < before.size(); ++i) before[i] = scene.npcs()[i].facing_deg;
        scene.step();
        for (std::size_t i = 0; i < before.size(); ++i) {
            const double turned = angle_between_deg(scene.npcs()[i].facing_deg, before[i]);
            REQUIRE(turned <= cap + 1e-9);
            capped_steps += turned > cap - 1e-9;
        }
    }
    CHECK(capped_steps > 100);
}

TEST_CASE("Mean input age at 10 Hz follows the timing model: Update All 0 / AIAO T/2 / SIAO T / AISO T / SISO 1.5T", "[npc][model]") {
    // T = batch duration = N * P / J frames = 10 * 3 / 1 = 30 frames = 1000 ms.
    const double T = 1000.0;
    const std::int64_t skip = 60, frames = 660;  // 20 whole batches after two to settle
    const double update_all = mean_age_ms(Mode::UpdateAll, skip, frames);
    const double aiao = mean_age_ms(Mode::AIAO, skip, frames);
    const double siao = mean_age_ms(Mode::SIAO, skip, frames);
    const double aiso = mean_age_ms(Mode::AISO, skip, frames);
    const double siso = mean_age_ms(Mode::SISO, skip, frames);
    INFO("ages ms: update-all " << update_all << ", aiao " << aiao << ", siao " << siao << ", aiso " << aiso << ", siso " << siso);
    CHECK(update_all == 0.0);
    // Within 10% of the model; the model ignores that decisions land on whole
    // frames (e.g. AIAO's ages run 0 .. 29 frames: mean 14.5 frames, not 15).
    CHECK(aiao == Approx(T / 2).epsilon(0.10));
    CHECK(siao == Approx(T).epsilon(0.10));
    CHECK(aiso == Approx(T).epsilon(0.10));
    CHECK(siso == Approx(1.5 * T).epsilon(0.10));
    CHECK(update_all < aiao);
    CHECK(aiao < siao);
    CHECK(siao < siso);
}

TEST_CASE("Next-frame gathering adds one update of input age", "[npc][model]") {
    NpcSceneConfig config = ten_hz(Mode::UpdateAll);
    config.timeslicing.gathering = Gathering::NextFrame;
    NpcScene scene(config);
    for (int f = 0; f < 10; ++f) scene.step();
    CHECK(scene.metrics().mean_input_age_ms == Approx(1000.0 / 30.0));
}

TEST_CASE("Tracking error is the angle between facing and the true direction to the target", "[npc]") {
    NpcSceneConfig config = ten_hz(Mode::UpdateAll);
    config.max_turn_deg_per_s = 100'000;  // turns instantly: facing == fresh decision
    NpcScene instant(config);
    for (int f = 0; f < 30; ++f) instant.step();
    CHECK(instant.metrics().mean_error_deg < 1e-9);

    config.max_turn_deg_per_s = 0;  // never turns: the error is how far the target has moved round
    NpcScene frozen(config);
    for (int f = 0; f < 30; ++f) frozen.step();
    CHECK(frozen.metrics().mean_error_deg > 10);
    CHECK(frozen.metrics().max_error_deg >= frozen.metrics().mean_error_deg);
}

// Checked on the timeslicer's history itself (its newest output per key),
// not on the NPCs' decisions, which NpcScene::animate already keeps from
// going back: through every change, no key's newest saved decision is older
// than the one before it.
TEST_CASE("NPCs keep their decisions through random live changes of every setting", "[npc][switching]") {
    std::mt19937 rng(7);
    NpcScene scene;
    std::int64_t checked = 0;
    for (int f = 0; f < 3000; ++f) {
        std::vector<std::int64_t> before;
        for (std::uint32_t i = 0; i < scene.npcs().size(); ++i) {
            const NpcDecision* newest = scene.timeslicer().newest(i);
            before.push_back(newest ? newest->input_frame : -1);
        }
        if (rng() % 3 == 0) {
            NpcSceneConfig c = scene.config();
            c.timeslicing = {kAllModes[rng() % 5], 1 + static_cast<std::uint32_t>(rng() % 4),
                             1 + static_cast<std::uint32_t>(rng() % 4), rng() % 2 ? Gathering::SameFrame : Gathering::NextFrame};
            if (rng() % 20 == 0) c.npc_count = 1 + rng() % 80;
            scene.set_config(c);
        }
        scene.step();
        const auto npcs = scene.npcs();
        for (std::size_t i = 0; i < npcs.size(); ++i) {
            INFO("frame " << f << ", npc " << i);
            REQUIRE(npcs[i].decision.input_frame <= scene.frames_stepped());
            const NpcDecision* newest = scene.timeslicer().newest(static_cast<std::uint32_t>(i));
            if (i < before.size() && before[i] >= 0) {
                REQUIRE(newest);                                // a key never loses its newest decision
                REQUIRE(newest->input_frame >= before[i]);      // nor gets an older one
                ++checked;
            }
        }
    }
    CHECK(checked > 50000);  // the check ran: most NPCs, most frames
    CHECK(scene.timeslicer().stats().lost_outputs == 0);
}

TEST_CASE("NPCs stand on a ring up to 64 and in a field beyond", "[npc]") {
    for (std::uint32_t n : {1u, 10u, 64u})
        for (std::uint32_t i = 0; i < n; ++i) {
            const Vec2 p = NpcScene::layout_position(i, n);
            REQUIRE(std::hypot(p.x, p.y) == Approx(kRingRadius));
        }
    const std::uint32_t n = 10'000;
    std::vector<Vec2> field;
    for (std::uint32_t i = 0; i < n; ++i) field.push_back(NpcScene::layout_position(i, n));
    for (const Vec2& p : field) REQUIRE((std::abs(p.x) < kRingRadius && std::abs(p.y) < kRingRadius));
    CHECK(field[0] != field[1]);
    CHECK(field[0] != field[100]);
}

TEST_CASE("Metric definitions on a hand-computed case", "[npc][metrics]") {
    // Two NPCs at 30 steps/s, measured at frame 12. The target is at the origin.
    // NPC a at (1, 0) faces 180 deg (exactly at the target) with input from frame 9:
    //   age 3 frames = 100 ms, error 0 deg.
    // NPC b at (0, -2) faces 0 deg (east) while the target is due north (90 deg),
    //   input from frame 12: age 0 ms, error 90 deg.
    Npc a{{1, 0}, 180.0, {}};
    a.decision.input_frame = 9;
    Npc b{{0, -2}, 0.0, {}};
    b.decision.input_frame = 12;
    const std::vector<Npc> npcs{a, b};
    const NpcFrameMetrics m = measure_npcs(npcs, {0, 0}, 12, 1.0 / 30.0);
    CHECK(m.frame == 12);
    CHECK(m.mean_input_age_ms == Approx(50.0));
    CHECK(m.max_input_age_ms == Approx(100.0));
    CHECK(m.mean_error_deg == Approx(45.0));
    CHECK(m.max_error_deg == Approx(90.0));
    CHECK(m.main_update_ms == 0);
    CHECK(m.jobs_started == 0);

    // The error wraps: facing 350 deg toward a target at 10 deg is 20 deg off, not 340.
    Npc c{{0, 0}, 350.0, {}};
    c.decision.input_frame = 0;
    const std::vector<Npc> one{c};
    const double to_ten = 10.0 * std::numbers::pi / 180.0;
    const NpcFrameMetrics wrapped = measure_npcs(one, {std::cos(to_ten), std::sin(to_ten)}, 0, 1.0 / 30.0);
    CHECK(wrapped.mean_error_deg == Approx(20.0));
    CHECK(wrapped.mean_input_age_ms == 0);
}

TEST_CASE("A step's total main-thread time covers its update", "[npc][metrics]") {
    NpcSceneConfig config = ten_hz(Mode::AIAO);
    config.job_cost_us = 300;  // an update that starts a job costs at least this much
    NpcScene scene(config);
    for (int f = 0; f < 9; ++f) {
        scene.step();
        const NpcFrameMetrics& m = scene.metrics();
        CHECK(m.step_ms >= m.main_update_ms);
        if (m.jobs_started > 0) CHECK(m.main_update_ms >= 0.3);
    }
}

TEST_CASE("The summary of a run averages frame means and keeps the largest maximum", "[npc][metrics]") {
    NpcMetricsSummary summary;
    CHECK(summary.mean_input_age_ms() == 0);
    NpcFrameMetrics a, b;
    a.mean_input_age_ms = 10, a.max_input_age_ms = 30, a.mean_error_deg = 2, a.max_error_deg = 5, a.main_update_ms = 0.5;
    b.mean_input_age_ms = 20, b.max_input_age_ms = 25, b.mean_error_deg = 4, b.max_error_deg = 9, b.main_update_ms = 1.5;
    summary.add(a);
    summary.add(b);
    CHECK(summary.frames == 2);
    CHECK(summary.mean_input_age_ms() == Approx(15));
    CHECK(summary.input_age_max_ms == Approx(30));
    CHECK(summary.mean_error_deg() == Approx(3));
    CHECK(summary.error_max_deg == Approx(9));
    CHECK(summary.mean_main_update_ms() == Approx(1.0));
}

TEST_CASE("Job timings gather each job's four events from a trace", "[npc][trace]") {
    // Hand-made: batch 0 of keys 5 and 7 (SISO-like), batch 1 starting.
    const std::vector<TraceRecord> records = {
        {0, 5, 0, TraceEvent::Input}, {0, 7, 0, TraceEvent::Input}, {0, 5, 0, TraceEvent::Start}, {0, 5, 0, TraceEvent::Finish},
        {3, 7, 0, TraceEvent::Start}, {3, 7, 0, TraceEvent::Finish}, {3, 5, 0, TraceEvent::Save},  {3, 7, 0, TraceEvent::Save},
        {6, 5, 1, TraceEvent::Input}, {6, 5, 1, TraceEvent::Start},
    };
    const std::vector<JobTiming> both = job_timings(records, 2);
    REQUIRE(both.size() == 3);
    CHECK(both[0].batch == 0);
    CHECK(both[0].key == 5);
    CHECK(both[0].input == 0);
    CHECK(both[0].start == 0);
    CHECK(both[0].finish == 0);
    CHECK(both[0].save == 3);
    CHECK(both[1].key == 7);
    CHECK(both[1].input == 0);
    CHECK(both[1].start == 3);
    CHECK(both[1].save == 3);
    CHECK(both[2].batch == 1);
    CHECK(both[2].start == 6);
    CHECK(both[2].finish == -1);  // still running
    CHECK(both[2].save == -1);
    const std::vector<JobTiming> newest = job_timings(records, 1);
    REQUIRE(newest.size() == 1);
    CHECK(newest[0].batch == 1);
}

TEST_CASE("Job timings of a running scene show SISO reading every input at the batch start", "[npc][trace]") {
    NpcScene scene(ten_hz(Mode::SISO));
    TraceLog log;
    scene.set_trace(&log);
    for (int f = 0; f < 75; ++f) scene.step();  // batch 2 under way
    const std::vector<JobTiming> jobs = job_timings(log.records(), 2);
    REQUIRE(jobs.size() == 20);  // batch 1 complete, batch 2 with every input read
    std::int64_t save = -1, last_finish = -1;
    for (const JobTiming& job : jobs) {
        CHECK(job.input == (job.batch == 1 ? 30 : 60));
        if (job.batch != 1) continue;
        if (save < 0) save = job.save;
        CHECK(job.save == save);  // saved together, once the batch has finished
        last_finish = std::max(last_finish, job.finish);
    }
    CHECK(save >= last_finish);
    CHECK(save <= 60);
    log.drop_batches_before(2);
    for (const TraceRecord& r : log.records()) CHECK(r.batch == 2);
}
