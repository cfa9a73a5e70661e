// The lab without a window: a LabSession changed only through commands, as
// the window, the command line and lessons change it — panes selected and
// added, presets and lesson steps loaded with --set on top, the frame-total
// sample on one clock, T when J does not divide N — and the settings schema
// every one of those reads.
#include "core/session/key_bindings.h"
#include "core/session/lab_session.h"
#include "core/session/launch.h"
#include "core/settings/settings_schema.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <set>
#include <string>

using namespace tsl;

namespace {

const std::string kAssets = std::string(TSL_SOURCE_DIR) + "/assets";

SessionOptions options_for_tests() {
    SessionOptions options;
    options.assets_dir = kAssets;
    options.profile = false;
    return options;
}

void require(const CommandResult& result) {
    INFO(result.problem);
    REQUIRE(result);
}

}  // namespace

TEST_CASE("Selecting a pane makes pane settings change that pane only", "[session]") {
    LabSession session({}, options_for_tests());
    require(session.apply(SetField{"panes", std::int64_t{3}}));
    require(session.apply(SetField{"pane", std::int64_t{2}}));
    CHECK(session.settings().edited_pane == 1);
    require(session.apply(SetField{"mode", std::string("siso")}));
    CHECK(session.pane(0).config().timeslicing.mode == Mode::AIAO);
    CHECK(session.pane(1).config().timeslicing.mode == Mode::SISO);
    CHECK(session.pane(2).config().timeslicing.mode == Mode::AIAO);
    CHECK(&session.edited_pane() == &session.pane(1));
    // A world setting changes every pane, and they stay in step.
    require(session.apply(SetField{"npcs", std::int64_t{25}}));
    session.step(7);
    for (int i = 0; i < 3; ++i) CHECK(session.pane(i).config().npc_count == 25);
    CHECK(session.panes().in_lock_step());
    // A named pane: pane settings of another pane without selecting it.
    require(session.apply(SetField{"jobs_per_update", std::int64_t{4}, 2}));
    CHECK(session.pane(2).config().timeslicing.jobs_per_update == 4);
    CHECK(session.settings().edited_pane == 1);
}

TEST_CASE("Changing the pane count rebuilds the panes from frame 0, new panes copying the last", "[session]") {
    LabSession session({}, options_for_tests());
    require(session.apply(SetField{"mode", std::string("aiso")}));
    require(session.apply(SetField{"caption", std::string("mine")}));
    session.step(10);
    require(session.apply(SetField{"panes", std::int64_t{4}}));
    REQUIRE(session.panes().size() == 4);
    CHECK(session.frames_stepped() == 0);
    CHECK(session.summaries().size() == 4);
    for (int i = 1; i < 4; ++i) {
        CHECK(session.pane(i).config().timeslicing.mode == Mode::AISO);
        CHECK(session.settings().npc.panes[static_cast<std::size_t>(i)].caption.empty());
    }
    CHECK(session.settings().npc.panes[0].caption == "mine");
    // Asking to edit pane 5 adds panes up to it; fewer panes keep the edited one in range.
    require(session.apply(SetField{"pane", std::int64_t{5}}));
    CHECK(session.panes().size() == 5);
    CHECK(session.settings().edited_pane == 4);
    require(session.apply(SetField{"panes", std::int64_t{2}}));
    CHECK(session.settings().edited_pane == 1);
    CHECK_FALSE(session.apply(SetField{"panes", std::int64_t{6}}));
    CHECK(session.panes().size() == 2);
}

TEST_CASE("Loading a preset sets the world, every pane and the scene, from frame 0", "[session]") {
    LabSession session({}, options_for_tests());
    session.step(5);
    require(session.apply(LoadPreset{"four-modes-10hz"}));
    CHECK(session.preset() == "four-modes-10hz");
    REQUIRE(session.panes().size() == 4);
    const Mode expected[] = {Mode::AIAO, Mode::SIAO, Mode::SISO, Mode::AISO};
    for (int i = 0; i < 4; ++i) {
        CHECK(session.pane(i).config().timeslicing.mode == expected[i]);
        CHECK(session.pane(i).config().timeslicing.update_every_frames == 3);
    }
    CHECK(session.frames_stepped() == 0);
    CHECK(session.settings().edited_pane == 0);
    require(session.apply(LoadPreset{"exposure-next-frame"}));
    CHECK(session.showing_exposure());
    CHECK(session.exposure()->config().mode == ExposureMode::NextFrame);
    const CommandResult unknown = session.apply(LoadPreset{"no-such-preset"});
    CHECK_FALSE(unknown);
    CHECK(unknown.status == 2);
    CHECK(session.preset() == "exposure-next-frame");
}

TEST_CASE("A lesson step given on the command line keeps the --set given with it", "[session][lessons]") {
    LabSession session({}, options_for_tests());
    LaunchRequest request;
    request.lesson = "timeslicing";
    request.step = 3;  // aiao-10hz
    request.sets = {"mode=siso", "update_every=2"};
    require(launch(session, request));
    REQUIRE(session.lesson() != nullptr);
    CHECK(session.lesson_step() == 2);
    CHECK(session.preset() == "aiao-10hz");
    CHECK(session.settings().presenter);
    CHECK(session.pane(0).config().timeslicing.mode == Mode::SISO);
    CHECK(session.pane(0).config().timeslicing.update_every_frames == 2);
    // Moving to another step loads that step's preset: the class sees the lesson's settings again.
    require(session.apply(LessonForward{}));
    CHECK(session.lesson_revealed());
    require(session.apply(LessonForward{}));
    CHECK(session.lesson_step() == 3);
    CHECK(session.pane(0).config().timeslicing.mode == Mode::SIAO);

    LabSession other({}, options_for_tests());
    request.step = 9;
    const CommandResult past = launch(other, request);
    CHECK(past.status == 2);
    CHECK(past.problem.find("has 8 steps (1 to 8)") != std::string::npos);
}

TEST_CASE("The frame total is one sample per displayed frame: its steps and its drawing on one clock", "[session][plots]") {
    SessionOptions options = options_for_tests();
    double clock_ms = 0;
    options.cpu_clock_ms = [&] { return clock_ms += 1.0; };  // every reading one ms later
    LabSession session({}, options);
    session.step(3);  // three steps in one frame: two readings of the clock, 1 ms apart
    CHECK(session.frame_steps_cpu_ms() == 1.0);
    session.end_frame(2.5);
    const PlotSeries& total = session.plots().frame_total();
    REQUIRE(total.size() == 1);
    CHECK(total.newest().y == 3.5);
    CHECK(total.newest().x == Approx(3.0 / 30.0));
    // A frame that took no step adds no sample.
    session.end_frame(2.5);
    CHECK(total.size() == 1);
    CHECK(session.plots().pane(0).age_mean.size() == 3);  // the per-step series: one sample per step
}

TEST_CASE("T is ceil(N / J) updates of P steps, also when J does not divide N", "[session][model]") {
    NpcSceneConfig c;
    c.npc_count = 10;
    c.timeslicing = {Mode::AIAO, 3, 2};
    CHECK(batch_period_steps(c) == 8);  // 4 updates (3 + 3 + 3 + 1 jobs), 2 steps apart
    CHECK(batch_period_s(c) == Approx(8.0 / 30.0));
    c.timeslicing.jobs_per_update = 5;
    CHECK(batch_period_steps(c) == 4);
    c.timeslicing.mode = Mode::UpdateAll;
    CHECK(batch_period_steps(c) == 1);

    // The reveal states T as the timeslicer runs it: 10 NPCs, J = 3, P = 2 take 8 steps, 267 ms.
    LabSession session({}, options_for_tests());
    require(session.apply(StartLesson{"timeslicing", 2}));
    for (int pane : {0, 1}) {  // aiao-10hz: the same run with debug lines on and off
        require(session.apply(SetField{"jobs_per_update", std::int64_t{3}, pane}));
        require(session.apply(SetField{"update_every", std::int64_t{2}, pane}));
    }
    session.step(60);
    INFO(session.lesson_card().measured_over);
    CHECK(session.lesson_card().measured_over.find("T = 267 ms") != std::string::npos);
    // The measured ages of AIAO land near T/2 of that T.
    CHECK(session.summaries()[0].mean_input_age_ms() == Approx(1000.0 * batch_period_s(session.pane(0).config()) / 2).epsilon(0.35));
}

TEST_CASE("Every setting is accepted at its bounds and refused outside them with one line naming it", "[session][schema]") {
    for (const FieldSpec& f : settings_schema()) {
        INFO(f.key);
        const std::string key(f.key);
        auto set = [&](const std::string& text) {
            LabSettings s;
            return apply_assignment(s, key + "=" + text);
        };
        auto refused = [&](const std::string& text) {
            const std::string problem = set(text);
            INFO(text << " -> " << problem);
            CHECK_FALSE(problem.empty());
            CHECK(problem.rfind(key + ": ", 0) == 0);
            CHECK(problem.find('\n') == std::string::npos);
        };
        switch (f.kind) {
            case FieldKind::Int:
            case FieldKind::Float: {
                CHECK(set(format_value(f, f.min)) == "");
                CHECK(set(format_value(f, f.max)) == "");
                const double below = f.kind == FieldKind::Int ? f.min - 1 : f.min - std::max(1e-6, std::fabs(f.min) * 1e-3);
                const double above = f.kind == FieldKind::Int ? f.max + 1 : f.max + std::max(1e-6, std::fabs(f.max) * 1e-3);
                refused(format_value(f, below));
                refused(format_value(f, above));
                for (const char* bad : {"nan", "inf", "-inf", "1e999", "", "ten"}) refused(bad);
                if (f.kind == FieldKind::Int && f.max > f.min) refused(std::to_string(f.min + 0.5));  // not a whole number
                break;
            }
            case FieldKind::Bool:
                CHECK(set("true") == "");
                CHECK(set("FALSE") == "");
                refused("maybe");
                break;
            case FieldKind::Enum:
                for (const EnumName& n : f.names) {
                    CHECK(set(std::string(n.name)) == "");
                    std::string upper(n.name);
                    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
                    CHECK(set(upper) == "");  // one case-insensitive parser for every choice
                }
                refused("bogus");
                CHECK(set("bogus").find(accepted_values(f)) != std::string::npos);
                break;
            case FieldKind::Text:
                CHECK(set("x") == "");
                if (f.min > 0) refused("");
                break;
        }
    }
    LabSettings s;
    CHECK(apply_assignment(s, "speed=3").rfind("'speed' is not a setting; names: ", 0) == 0);
}

TEST_CASE("Every setting has one definition: unique names, flags and settings-file keys", "[session][schema]") {
    std::set<std::string_view> keys, flags, stored;
    for (const FieldSpec& f : settings_schema()) {
        INFO(f.key);
        CHECK(keys.insert(f.key).second);
        if (!f.cli_flag.empty()) CHECK(flags.insert(f.cli_flag).second);
        if (!f.settings_key.empty()) CHECK(stored.insert(f.settings_key).second);
        CHECK_FALSE(f.help.empty());
        CHECK((f.get && f.set));
        if (f.kind == FieldKind::Enum) CHECK_FALSE(f.names.empty());
        // Its default is a value it accepts.
        FieldValue v = get_field(LabSettings{}, f);
        CHECK(check_value(f, v) == "");
    }
}

TEST_CASE("Every key has one binding, listed for the help page and the footer", "[session][keys]") {
    for (SceneKind scene : {SceneKind::Npc, SceneKind::Exposure}) {
        for (int key = 0; key <= static_cast<int>(Key::Escape); ++key)
            for (std::uint8_t mods : {kNoMods, kShift, kCtrl}) {
                int matches = 0;
                for (const KeyBinding& b : key_bindings())
                    if (key >= static_cast<int>(b.first) && key <= static_cast<int>(b.last) && (mods & b.mods) == b.mods &&
                        !(mods & b.refused_mods) && (!b.scene || *b.scene == scene))
                        ++matches;
                CHECK(matches <= 1);
            }
        CHECK(find_binding(Key::Digit3, kNoMods, false, scene).argument == 2);
    }
    CHECK(find_binding(Key::Digit5, kNoMods, false, SceneKind::Exposure).binding == nullptr);  // four exposure modes
    CHECK(find_binding(Key::Right, kNoMods, true, SceneKind::Npc).binding != nullptr);       // held: keeps stepping
    CHECK(find_binding(Key::Space, kNoMods, true, SceneKind::Npc).binding == nullptr);       // held: toggles once
    CHECK(find_binding(Key::R, kCtrl, false, SceneKind::Npc).binding == nullptr);
    CHECK(key_footer(SceneKind::Npc) == "space pause  |  right step  |  1-5 modes");
    CHECK(key_footer(SceneKind::Exposure) == "space pause  |  right step  |  1-4 exposure modes");
}
