// The comparison view's simulation and the presets it runs: panes stay in
// lock-step, and the article's figures measure the input age the timing model
// predicts.
#include "build_paths.h"
#include "core/npc/npc_comparison.h"
#include "core/content/preset.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

using namespace tsl;

namespace {

const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

Preset must_load(const std::string& name) {
    const Result<Preset> loaded = load_preset_by_name(kAssets, name);
    INFO(loaded.error());
    REQUIRE(bool(loaded));
    return *loaded;
}


// T: one batch, every NPC decided once: ceil(N / J) updates of P frames.
double batch_ms(const NpcSceneConfig& c) {
    const double updates = std::ceil(static_cast<double>(c.npc_count) / c.timeslicing.jobs_per_update);
    return updates * c.timeslicing.update_every_frames * 1000.0 / c.steps_per_s;
}

}  // namespace

TEST_CASE("A comparison keeps its panes in lock-step through live changes", "[comparison]") {
    const Preset preset = must_load("four-modes-10hz");
    JobSystem jobs({1});
    NpcComparison comparison(SceneServices{&jobs, nullptr});
    NpcComparisonConfig configs = preset.npc;
    CHECK(comparison.configure(configs));
    REQUIRE(comparison.size() == 4);
    for (int f = 0; f < 200; ++f) {
        // Live changes to single panes: another mode, J, P, threading, gathering.
        if (f == 40) configs.panes[1].timeslicing.mode = Mode::UpdateAll;
        if (f == 80) configs.panes[2].timeslicing = {Mode::AIAO, 3, 2, Gathering::NextFrame, Threading::Pool};
        if (f == 120) configs.panes[3].timeslicing.threading = Threading::ThreadPerJob;
        if (f == 160) configs.world.npc_count = 25;  // shared: every pane at once
        CHECK_FALSE(comparison.configure(configs));
        comparison.step();
        REQUIRE(comparison.in_lock_step());
    }
    CHECK(comparison.pane(0).frames_stepped() == 200);
    // The modes really differ: SIAO and AIAO do not decide alike.
    const Preset four = must_load("four-modes-10hz");
    NpcComparison fresh;
    fresh.configure(four.npc);
    for (int f = 0; f < 45; ++f) fresh.step();
    CHECK(fresh.pane(0).metrics().mean_input_age_ms != fresh.pane(1).metrics().mean_input_age_ms);

    // Another pane count starts every pane again together.
    configs.panes.pop_back();
    CHECK(comparison.configure(configs));
    CHECK(comparison.size() == 3);
    CHECK(comparison.pane(0).frames_stepped() == 0);
    comparison.step();
    CHECK(comparison.in_lock_step());
    comparison.reset();
    CHECK(comparison.pane(2).frames_stepped() == 0);
}

TEST_CASE("Each article preset measures the input age of the timing model", "[comparison][presets][model]") {
    // Update All 0, AIAO T/2, SIAO T, AISO T, SISO 1.5T, where T is the batch
    // period. Measured over 20 whole batches after two to settle, within 10%
    // (the model ignores that decisions land on whole frames).
    struct Expect {
        const char* preset;
        double times_t;
    };
    const Expect expected[] = {{"update-all", 0},   {"aiao-10hz", 0.5}, {"siao-10hz", 1.0}, {"aiso-10hz", 1.0}, {"siso-10hz", 1.5},
                               {"aiao-30hz", 0.5},  {"siao-30hz", 1.0}, {"aiso-30hz", 1.0}, {"siso-30hz", 1.5}};
    for (const Expect& e : expected) {
        const Preset preset = must_load(e.preset);
        NpcComparison comparison;
        comparison.configure(preset.npc);
        const NpcSceneConfig config = comparison.pane(0).config();
        const double t_ms = batch_ms(config);
        const auto batch_frames = static_cast<int>(std::lround(t_ms * config.steps_per_s / 1000.0));
        const int skip = 2 * batch_frames, frames = skip + 20 * batch_frames;
        std::vector<double> sums(comparison.size(), 0.0);
        for (int f = 0; f < frames; ++f) {
            comparison.step();
            if (f < skip) continue;
            for (int p = 0; p < comparison.size(); ++p) sums[p] += comparison.pane(p).metrics().mean_input_age_ms;
        }
        const double mean = sums[0] / (frames - skip);
        INFO(e.preset << ": mean input age " << mean << " ms, T = " << t_ms << " ms");
        if (e.times_t == 0) CHECK(mean == 0);
        else CHECK(mean == Approx(e.times_t * t_ms).epsilon(0.10));
        // Debug lines on or off change the picture, never the timing.
        for (double s : sums) CHECK(s == sums[0]);
    }
}
