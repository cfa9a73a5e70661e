// A scene is one unit: a scene that exists only in these tests fills a slot
// of the session (SessionOptions::make_scene) and the session runs it through
// every path the lab's own scenes take — made when first shown, stepped by
// the clock, reset, named for files, compared with its preset, and read by a
// lesson's card, its table and its expectations — with no line of the
// session written for it (core/session/README.md lists what a new scene touches).
#include "build_paths.h"
#include "core/session/lab_session.h"

#include <catch2/catch.hpp>

#include <string>

using namespace tsl;

namespace {

const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

// Two panes of counters. Pane p's every measure reads (p + 1) times the steps
// taken since its averages last started again.
class CounterScene final : public SessionScene {
public:
    explicit CounterScene(SceneKind slot) : slot_(slot) {}
    SceneKind kind() const override { return slot_; }
    Synced sync(LabSettings& settings) override {
        ++syncs;
        panes_ = static_cast<int>(settings.engine.panes.size());
        return {};
    }
    void step() override {
        ++frame_;
        ++counted_;
    }
    void end_frame(double) override { ++frames_ended; }
    void reset() override { frame_ = 0; }
    void restart_averages() override { counted_ = 0; }
    std::int64_t frames_stepped() const override { return frame_; }
    double step_s() const override { return 0.02; }
    bool differs(const LabSettings& now, const LabSettings& then) const override { return now.engine != then.engine; }
    std::string file_name(const LabSettings&) const override { return "counters-" + std::to_string(panes_); }
    std::int64_t add_reveal_rows(LessonCard& card, const RevealRequest& request, const LabSettings&) const override {
        for (int p = 0; p < panes_; ++p) {
            std::vector<std::string> cells;
            for (const LessonMeasure* m : request.measures) cells.push_back(reveal_cell(*m, reveal_value(*m, p), std::nullopt, request.words));
            card.rows.push_back({"counter " + std::to_string(p), p, cells});
        }
        return counted_;
    }
    std::string measured_over(std::int64_t frames, const Words&) const override { return "counted " + std::to_string(frames) + " steps"; }
    int reveal_panes() const override { return panes_; }
    std::optional<double> reveal_value(const LessonMeasure&, int pane) const override {
        if (pane < 0 || pane >= panes_) return std::nullopt;
        return static_cast<double>((pane + 1) * counted_);
    }
    RevealReader kept_reveal() const override {
        return [counted = counted_](const LessonMeasure&, int pane) { return std::optional<double>(static_cast<double>((pane + 1) * counted)); };
    }

    int syncs = 0, frames_ended = 0;

private:
    SceneKind slot_;
    int panes_ = 0;
    std::int64_t frame_ = 0, counted_ = 0;
};

struct Made {
    int calls = 0;
    CounterScene* scene = nullptr;
};

// A session whose engine slot holds a CounterScene; every other scene is the lab's own.
SessionOptions counter_options(Made& made) {
    SessionOptions options;
    options.assets_dir = kAssets;
    options.profile = false;
    options.make_scene = [&made](SceneKind kind, LabSettings& settings,
                                 const SceneServices& services) -> Result<std::unique_ptr<SessionScene>> {
        if (kind != SceneKind::Engine) return make_lab_scene(kind, settings, services);
        ++made.calls;
        auto scene = std::make_unique<CounterScene>(kind);
        made.scene = scene.get();
        return std::unique_ptr<SessionScene>(std::move(scene));
    };
    return options;
}

}  // namespace

TEST_CASE("A scene of the tests' own is made when first shown and stepped, reset and named by the session", "[session][scene]") {
    Made made;
    LabSession session({}, counter_options(made));
    CHECK(made.calls == 0);  // the NPC scene is shown: nothing else is made
    REQUIRE(session.apply(SetField{"scene", std::string("engine")}));
    REQUIRE(made.calls == 1);
    CHECK(&session.shown_scene() == made.scene);
    CHECK(session.engine() == nullptr);  // the slot holds no engine: the engine's views have nothing to show
    CHECK(made.scene->syncs >= 1);

    session.step(7);
    CHECK(session.frames_stepped() == 7);
    CHECK(session.step_s() == 0.02);
    CHECK(session.pane(0).frames_stepped() == 0);  // the NPC scene, not shown, does not step
    session.end_frame(1.0);
    CHECK(made.scene->frames_ended == 1);
    CHECK(session.shown_name() == "counters-" + std::to_string(session.settings().engine.panes.size()));

    REQUIRE(session.apply(ResetScene{}));
    CHECK(session.frames_stepped() == 0);

    // Back to the NPC scene and again: the scene is kept, not made again.
    REQUIRE(session.apply(SetField{"scene", std::string("npc")}));
    session.step(3);
    CHECK(session.pane(0).frames_stepped() == 3);
    REQUIRE(session.apply(SetField{"scene", std::string("engine")}));
    CHECK(made.calls == 1);
    CHECK(session.frames_stepped() == 0);
}

TEST_CASE("A lesson's card reads a scene of the tests' own: its rows, what they were measured over, its expectations", "[session][scene]") {
    Made made;
    LabSession session({}, counter_options(made));
    // The parallel engine's first step: two panes, and expectations
    // "A engine_ai_staleness = 0", "B engine_ai_staleness >= 1", "B engine_ai_age = 2".
    REQUIRE(session.apply(StartLesson{"parallel-engine", 0, true}));
    REQUIRE(made.scene != nullptr);
    CHECK(session.preset() == "engine-lock-vs-free");
    CHECK_FALSE(session.preset_modified());

    session.step(1);
    LessonCard card = session.lesson_card();
    REQUIRE(card.rows.size() == 2);
    CHECK(card.rows[0].label == "counter 0");
    CHECK(card.rows[1].values == std::vector<std::string>{"2.00 ticks", "2.00 ticks"});  // pane B: 2 x 1 step, for both measures
    CHECK(card.measured_over == "counted 1 steps");
    REQUIRE(card.checks.size() == 3);
    CHECK(card.checks[0].verdict == ExpectVerdict::NotMet);  // A = 1, not 0
    CHECK(card.checks[1].verdict == ExpectVerdict::Met);     // B = 2 >= 1
    CHECK(card.checks[2].verdict == ExpectVerdict::Met);     // B = 2

    session.step(1);
    card = session.lesson_card();
    CHECK(card.rows[1].values == std::vector<std::string>{"4.00 ticks", "4.00 ticks"});
    CHECK(card.checks[2].verdict == ExpectVerdict::NotMet);  // B = 4, not 2

    // A setting of the scene changed: the preset is modified, by the scene's own comparison.
    REQUIRE(session.apply(SetField{"agents", 777}));
    CHECK(session.preset_modified());
}
