// The lab without a window: a LabSession changed only through commands, as
// the window, the command line and lessons change it — panes selected and
// added, presets and lesson steps loaded with --set on top, the frame-total
// sample on one clock, T when J does not divide N — and the settings schema
// every one of those reads.
#include "build_paths.h"
#include "core/session/key_bindings.h"
#include "core/session/lab_session.h"
#include "core/session/launch.h"
#include "core/session/launch_query.h"
#include "core/settings/settings_schema.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <thread>

using namespace tsl;

namespace {

const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

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

TEST_CASE("A preset changed since it loaded is marked modified, and files are named from what is shown", "[session]") {
    LabSession session({}, options_for_tests());
    CHECK_FALSE(session.preset_modified());
    CHECK(session.shown_name() == "aiao-30ups");  // no preset: the defaults (P = 1 at 30 steps/s), by their settings
    require(session.apply(LoadPreset{"aiao-10hz"}));
    CHECK_FALSE(session.preset_modified());
    CHECK(session.shown_name() == "aiao-10hz");
    // A view setting is not part of the preset.
    require(session.apply(SetField{"ui_scale", 1.5}));
    CHECK_FALSE(session.preset_modified());
    // Linked panes: the mode changes both, and the name follows.
    require(session.apply(SetField{"mode", std::string("siao")}));
    CHECK(session.preset_modified());
    CHECK(session.shown_name() == "siao-10ups");
    CHECK_FALSE(session.lesson_card().changed.empty());
    require(session.apply(SetField{"link_panes", false}));
    require(session.apply(SetField{"mode", std::string("siso"), 1}));
    require(session.apply(SetField{"update_every", std::int64_t{1}}));
    require(session.apply(SetField{"update_every", std::int64_t{1}, 1}));
    CHECK(session.shown_name() == "siao-vs-siso-30ups");
    require(session.apply(LoadPreset{"aiao-10hz"}));
    CHECK_FALSE(session.preset_modified());
    CHECK(session.lesson_card().changed.empty());
    require(session.apply(LoadPreset{"exposure-timesliced"}));
    require(session.apply(SetField{"exposure_mode", std::string("next-frame")}));
    CHECK(session.shown_name() == "exposure-next-frame");
    // The engine scene: its pane settings count as a change, and the name
    // says the panes' step modes once changed.
    require(session.apply(LoadPreset{"engine-lock-vs-free"}));
    CHECK_FALSE(session.preset_modified());
    CHECK(session.shown_name() == "engine-lock-vs-free");
    require(session.apply(SetField{"step_mode", std::string("free-step")}));
    CHECK(session.preset_modified());
    CHECK(session.shown_name() == "engine-free-step");
}

TEST_CASE("The pickers list presets by scene in the order the lessons teach them", "[session][content]") {
    LabSession session({}, options_for_tests());
    const Catalog& catalog = session.catalog();
    CHECK(catalog.problem.empty());
    REQUIRE(catalog.lessons.size() >= 2);
    CHECK(catalog.lessons.front().name == "timeslicing");  // the NPC scene's lessons first
    CHECK(catalog.lessons[1].name == "which-mode");
    CHECK(catalog.lessons.back().name == "parallel-engine");  // the engine scene's last
    std::vector<std::string> names;
    int scene = 0;
    for (const CatalogEntry& p : catalog.presets) {
        const int rank = static_cast<int>(p.scene);
        CHECK(rank >= scene);  // every NPC preset before every exposure one, and those before the engine's
        scene = rank;
        names.push_back(p.name);
    }
    auto at = [&](const std::string& name) { return std::find(names.begin(), names.end(), name) - names.begin(); };
    CHECK(at("update-all") == 0);
    CHECK(at("rudimentary-slicing") == 1);
    CHECK(at("aiao-10hz") < at("siao-10hz"));
    CHECK(at("siso-10hz") < at("aiso-10hz"));
    CHECK(at("next-frame-jobs") < at("choose-siao"));  // the first lesson's presets, then the second's
    CHECK(at("choose-map") < at("four-modes-10hz"));  // in the second lesson's order
    CHECK(at("four-modes-10hz") < at("choose-aiso"));
    CHECK(at("choose-aiso") < at("aiao-30hz"));  // the lessons' presets, then the others
    CHECK(at("exposure-single") < at("exposure-sweep"));
    CHECK(at("engine-lock-vs-free") < at("engine-tiny-tasks"));  // in the engine lesson's order
    CHECK(at("engine-tiny-tasks") < at("engine-10k"));            // then the presets no lesson uses
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
    CHECK(session.plots().frame_total().name() == "frame total (main thread)");
    CHECK_FALSE(session.main_clock_is_wall());
    const double before = clock_ms;
    const double read = session.main_clock_ms();  // the session's clock, read once more
    CHECK(read == before + 1.0);

    // A wall clock (a platform without a thread CPU clock): the figures say so.
    options.cpu_clock_is_wall = true;
    LabSession wall({}, options);
    CHECK(wall.main_clock_is_wall());
    CHECK(wall.plots().frame_total().name() == "frame total (main thread, wall)");
    wall.step(3);
    wall.end_frame(0.5);
    CHECK(wall.plots().frame_total().newest().y == 1.5);
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
            return apply_assignment(s, key + "=" + text).error();
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
    CHECK(apply_assignment(s, "speed=3").error().rfind("'speed' is not a setting; names: ", 0) == 0);
}

TEST_CASE("NAME=VALUE is read in one place: split at the first '=', the value kept whole", "[session][schema]") {
    const std::optional<Assignment> caption = split_assignment("caption=a=b");
    REQUIRE(caption);
    CHECK(caption->name == "caption");
    CHECK(caption->value == "a=b");
    CHECK(split_assignment("npcs=")->value.empty());
    CHECK_FALSE(split_assignment("npcs"));
    LabSettings s;
    CHECK(apply_assignment(s, "npcs").error().rfind("'npcs' is not NAME=VALUE; names: ", 0) == 0);
    // The launch's --set gives the same reading.
    LabSession session({}, options_for_tests());
    LaunchRequest request;
    request.sets = {"npcs=700"};
    REQUIRE(launch(session, request));
    CHECK(session.settings().npc.world.npc_count == 700);
    request.sets = {"npcs"};
    CHECK(launch(session, request).problem == "'npcs' is not NAME=VALUE");
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
        const Result<FieldValue> checked = check_value(f, get_field(LabSettings{}, f));
        INFO(checked.error());
        CHECK(checked);
    }
}

TEST_CASE("Code names a setting by its constant: one name for every row of the table, in its order", "[session][schema]") {
    const std::span<const FieldSpec> table = settings_schema();
    REQUIRE(table.size() == std::size(kSettingNames));
    for (std::size_t i = 0; i < table.size(); ++i) {
        INFO(kSettingNames[i].key);
        CHECK(table[i].key == kSettingNames[i].key);
        CHECK(&field_of(kSettingNames[i]) == &table[i]);
    }
    CHECK(field_of(setting::jobs_per_update).label == "jobs per update (J)");
    CHECK(setting::engine_pane == std::string_view("engine_pane"));
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
    CHECK(find_binding(Key::Left, kNoMods, true, SceneKind::Npc).binding->action == KeyAction::StepBack);  // held: keeps stepping back
    CHECK(find_binding(Key::Space, kNoMods, true, SceneKind::Npc).binding == nullptr);       // held: toggles once
    CHECK(find_binding(Key::R, kCtrl, false, SceneKind::Npc).binding == nullptr);
    CHECK(key_footer(SceneKind::Npc) == "space pause  |  right step  |  1-5 modes");
    CHECK(key_footer(SceneKind::Exposure) == "space pause  |  right step  |  1-4 exposure modes");
}

TEST_CASE("Once settled, the mean input age is the model's, for every mode, J, P, gathering and save timing", "[session][model]") {
    int runs = 0;
    for (Mode mode : kAllModes)
        for (std::uint32_t npcs : {7u, 10u})
            for (std::uint32_t j : {1u, 3u})
                for (std::uint32_t p : {1u, 3u})
                    for (Gathering g : {Gathering::SameFrame, Gathering::NextFrame})
                        for (SyncSave save : {SyncSave::LastFinish, SyncSave::NextBatch}) {
                            NpcSceneConfig config;
                            config.npc_count = npcs;
                            config.timeslicing = {mode, j, p, g, Threading::Inline, save};
                            NpcScene scene(config);
                            const std::int64_t period = batch_period_steps(config);
                            for (std::int64_t f = 0; f < 3 * period; ++f) scene.step();  // settle
                            double sum = 0;
                            for (std::int64_t f = 0; f < 4 * period; ++f) {  // whole periods
                                scene.step();
                                sum += scene.metrics().mean_input_age_ms / (1000.0 * scene.step_s());
                            }
                            INFO(name_of(mode) << " N=" << npcs << " J=" << j << " P=" << p << ' ' << name_of(g) << " save "
                                               << name_for(kSyncSaveNames, static_cast<int>(save)));
                            CHECK(sum / static_cast<double>(4 * period) == Approx(model_input_age_steps(config)).margin(1e-9));
                            ++runs;
                        }
    CHECK(runs == 5 * 2 * 2 * 2 * 2 * 2);
}

TEST_CASE("The lesson's reveals land within 5% of the model the card states, from a settled start", "[session][lessons][model]") {
    SessionOptions options = options_for_tests();
    LabSession session({}, options);
    // Steps 3 to 6 of the timeslicing lesson: AIAO, SIAO, SISO, AISO at 10 updates a second.
    for (int step = 2; step <= 5; ++step) {
        require(session.apply(StartLesson{"timeslicing", step}));
        CHECK(session.answer_hidden("input_age"));
        session.step(150);  // 5 s: 2 batches to settle, then 3 whole ones
        const LessonCard hidden = session.lesson_card();
        CHECK_FALSE(hidden.revealed);
        require(session.apply(LessonForward{}));
        CHECK_FALSE(session.answer_hidden("input_age"));
        const LessonCard card = session.lesson_card();
        INFO(card.title << ": " << card.measured_over);
        REQUIRE(card.columns.size() >= 2);
        CHECK(card.columns.back() == "model");
        REQUIRE(card.rows.size() == 1);  // debug on and off measure the same: one row
        const std::vector<std::string>& v = card.rows.front().values;
        const double measured = std::stod(v.front()), model = std::stod(v.back());
        INFO("measured " << measured << " ms, model " << model << " ms");
        CHECK(measured == Approx(model).epsilon(0.05));
        CHECK(session.reveal_summaries()[0].frames == 3 * 30);  // whole batches only
    }
}

// SISO's input age climbs through a batch in every NPC at once, so a reveal
// that counted part of a batch would move within it: the card's figures may
// change only when a batch completes.
TEST_CASE("A reveal counts whole batches only: the card's figures hold through a batch and move when it completes", "[session][lessons]") {
    SessionOptions options = options_for_tests();
    LabSession session({}, options);
    require(session.apply(StartLesson{"timeslicing", 4}));  // SISO at 10 updates a second: a batch is 30 steps
    REQUIRE(session.preset() == "siso-10hz");
    session.step(150);  // 2 batches to settle, then 3 whole ones
    require(session.apply(LessonForward{}));
    auto shown = [&] {
        const LessonCard card = session.lesson_card();
        REQUIRE(card.rows.size() == 1);
        return card.rows.front().values.front();
    };
    const std::string whole = shown();
    const std::string over = session.lesson_card().measured_over;
    for (int f = 1; f < 30; ++f) {  // through the fourth batch
        session.step(1);
        INFO("step " << f << " of the batch");
        CHECK(shown() == whole);
        CHECK(session.lesson_card().measured_over == over);
        CHECK(session.reveal_summaries()[0].frames == 3 * 30);
    }
    session.step(1);  // the fourth batch completes
    CHECK(session.reveal_summaries()[0].frames == 4 * 30);
    CHECK(session.lesson_card().measured_over != over);
    CHECK(std::stod(shown()) == Approx(std::stod(whole)).epsilon(0.01));  // every whole batch is alike
}

// The timesliced map is computed over four steps and shown when a pass
// completes: its age climbs through a pass, so a reveal that counted part of
// one would move within it. The card's figures may change only on a step that
// completed a map.
TEST_CASE("The exposure reveal counts whole passes of the map: the card's figures move only when a pass completes", "[session][lessons][exposure]") {
    SessionOptions options = options_for_tests();
    LabSession session({}, options);
    require(session.apply(StartLesson{"delayed-gathering", 7}));
    REQUIRE(session.preset() == "exposure-timesliced");
    session.step(60);
    require(session.apply(LessonForward{}));
    auto shown = [&] {
        const LessonCard card = session.lesson_card();
        REQUIRE(card.rows.size() == 1);
        return card.rows.front().values;  // cells per step, map age, oldest map
    };
    REQUIRE(shown().size() == 3);
    const std::string first_age = shown()[1];
    int passes = 0, held = 0;
    std::vector<std::string> before = shown();
    std::string over = session.lesson_card().measured_over;
    std::int64_t counted = session.reveal_exposure_summary().frames;
    for (int s = 0; s < 24; ++s) {
        session.step(1);
        const bool completed = session.exposure()->metrics().map_changed;
        INFO("step " << s << (completed ? ", a pass completed" : ""));
        if (completed) {
            ++passes;
            CHECK(session.reveal_exposure_summary().frames > counted);
            CHECK(session.lesson_card().measured_over != over);
        } else {
            ++held;
            CHECK(shown() == before);
            CHECK(session.lesson_card().measured_over == over);
            CHECK(session.reveal_exposure_summary().frames == counted);
        }
        before = shown();
        over = session.lesson_card().measured_over;
        counted = session.reveal_exposure_summary().frames;
    }
    CHECK(passes == 6);  // 25% of the map a step: a pass every fourth step
    CHECK(held == 18);
    CHECK(shown()[1] == first_age);  // over whole passes the map's mean age is the same, whichever pass the count stops at
}

// The free-step AI's copy falls behind through its three-tick run, so a reveal
// that counted part of a run would move within it: the card's figures may
// change only when a whole period of the systems (three ticks here) completes.
TEST_CASE("The engine reveal counts whole periods of its systems: the card's figures move only when a period completes", "[session][lessons][engine]") {
    SessionOptions options = options_for_tests();
    LabSession session({}, options);
    require(session.apply(StartLesson{"parallel-engine", 0}));
    REQUIRE(session.preset() == "engine-lock-vs-free");
    session.step(40);
    require(session.apply(LessonForward{}));
    auto shown = [&] {
        std::vector<std::string> all;
        for (const RevealRow& row : session.lesson_card().rows) all.insert(all.end(), row.values.begin(), row.values.end());
        return all;
    };
    REQUIRE(session.lesson_card().rows.size() == 2);
    std::vector<std::string> before = shown();
    const std::vector<std::string> first = before;
    std::int64_t counted = session.reveal_engine_summaries()[0].ticks;
    REQUIRE(counted > 0);
    CHECK(counted % 3 == 0);
    int moves = 0;
    for (int t = 0; t < 12; ++t) {
        session.step(1);
        const std::int64_t now = session.reveal_engine_summaries()[0].ticks;
        INFO("tick " << t << ": " << now << " ticks counted");
        CHECK(now % 3 == 0);
        if (now == counted) CHECK(shown() == before);
        else {
            ++moves;
            CHECK(now == counted + 3);
        }
        before = shown();
        counted = now;
    }
    CHECK(moves == 4);
    CHECK(shown() == first);  // over whole periods, every run alike
}

TEST_CASE("Where no worker thread can start, the choices that need one fall back to the main thread and say so", "[session][threads]") {
    // Which choices need a worker.
    CHECK_FALSE(needs_worker_threads("threading", static_cast<std::int64_t>(Threading::Inline)));
    CHECK(needs_worker_threads("threading", static_cast<std::int64_t>(Threading::ThreadPerJob)));
    CHECK(needs_worker_threads("threading", static_cast<std::int64_t>(Threading::Pool)));
    CHECK_FALSE(needs_worker_threads("exposure_mode", static_cast<std::int64_t>(ExposureMode::Single)));
    CHECK(needs_worker_threads("exposure_mode", static_cast<std::int64_t>(ExposureMode::SameFrame)));
    CHECK(needs_worker_threads("exposure_mode", static_cast<std::int64_t>(ExposureMode::NextFrame)));
    CHECK_FALSE(needs_worker_threads("exposure_mode", static_cast<std::int64_t>(ExposureMode::Timesliced)));
    CHECK(needs_worker_threads("engine_threading", static_cast<std::int64_t>(EngineThreading::Pool)));
    CHECK_FALSE(needs_worker_threads("engine_threading", static_cast<std::int64_t>(EngineThreading::Inline)));
    CHECK(needs_worker_threads("workers", 1));
    CHECK_FALSE(needs_worker_threads("workers", 0));
    CHECK_FALSE(needs_worker_threads("workers", -1));
    CHECK_FALSE(needs_worker_threads("mode", static_cast<std::int64_t>(Mode::SISO)));

    SessionOptions options = options_for_tests();
    options.threads_unavailable = "none here";
    LabSettings start;
    start.workers = 3;
    start.exposure_pane().mode = ExposureMode::NextFrame;
    LabSession session(start, options);
    // It starts on the main thread, quietly.
    CHECK(session.startup_problem().empty());
    CHECK(session.worker_count() == 0);
    CHECK(session.settings().workers == 0);
    CHECK(session.settings().exposure_pane().mode == ExposureMode::Single);
    for (const EnginePaneConfig& pane : session.settings().engine.panes) CHECK(pane.threading == EngineThreading::Inline);

    // A command asking for a worker: the main-thread choice instead, and a note saying so (done, not refused).
    CommandResult result = session.apply(SetField{"threading", std::string("pool")});
    CHECK(result);
    CHECK(result.note() == "threading pool \xe2\x86\x92 inline (worker threads: none here)");
    CHECK(session.edited_pane().config().timeslicing.threading == Threading::Inline);
    result = session.apply(SetField{"workers", std::int64_t{2}});
    CHECK(result.note() == "workers 2 \xe2\x86\x92 0 (worker threads: none here)");
    CHECK(session.worker_count() == 0);
    result = session.apply(SetField{"exposure_mode", std::string("same-frame")});
    CHECK(result.note() == "exposure_mode same-frame \xe2\x86\x92 single (worker threads: none here)");
    CHECK(session.settings().exposure_pane().mode == ExposureMode::Single);
    result = session.apply(SetField{"engine_threading", std::string("pool")});
    CHECK(result.note() == "engine_threading pool \xe2\x86\x92 inline (worker threads: none here)");
    // The main thread's choices are taken as asked, without a note.
    result = session.apply(SetField{"exposure_mode", std::string("timesliced")});
    CHECK((result && result.note().empty()));
    CHECK(session.settings().exposure_pane().mode == ExposureMode::Timesliced);
    require(session.apply(SetField{"mode", std::string("siso")}));

    // A preset of threads: loaded, each pane on the main thread, the change named once.
    result = session.apply(LoadPreset{"threading"});
    CHECK(result);
    CHECK(session.preset() == "threading");
    CHECK(result.note().find("threading ") == 0);
    CHECK(result.note().find("(worker threads: none here)") != std::string::npos);
    for (const NpcPaneSettings& pane : session.settings().npc.panes) CHECK(pane.timeslicing.threading == Threading::Inline);
    session.step(30);
    CHECK(session.frames_stepped() == 30);

    // Where threads can start, the same commands are taken as asked.
    LabSession threaded(start, options_for_tests());
    require(threaded.apply(SetField{"threading", std::string("pool")}));
    CHECK(threaded.edited_pane().config().timeslicing.threading == Threading::Pool);
    CHECK(threaded.settings().workers == 3);
}

TEST_CASE("A step reached by a link defines the lesson's terms its card uses; a step the class walked to does not repeat them", "[session][lessons]") {
    LabSession session({}, options_for_tests());
    auto card_terms = [&] { return session.lesson_card().terms; };
    auto defines_T = [&] {
        const std::vector<CardTerm> terms = card_terms();
        return terms.size() == 1 && terms[0].name == "T" && terms[0].line().rfind("T: one batch", 0) == 0;
    };
    // Step 3's question asks for "a share of one batch T": opened there by a link, its card says what T is.
    REQUIRE(session.apply(StartLesson{"timeslicing", 2, false}));
    CHECK(defines_T());
    // Walked on to step 4, whose answer speaks of T: the class met it on step 3.
    REQUIRE(session.apply(GoToStep{3}));
    REQUIRE(session.apply(LessonForward{}));
    CHECK(card_terms().empty());
    // Step 4 opened by a link: its question has no T, its answer (once revealed) has.
    REQUIRE(session.apply(StartLesson{"timeslicing", 3, false}));
    CHECK(card_terms().empty());
    REQUIRE(session.apply(LessonForward{}));
    CHECK(defines_T());
    // From the first step, T is defined where a card first says it: step 3's question.
    REQUIRE(session.apply(StartLesson{"timeslicing", 0, false}));
    CHECK(card_terms().empty());
    REQUIRE(session.apply(LessonForward{}));
    REQUIRE(session.apply(LessonForward{}));  // step 2
    REQUIRE(session.apply(LessonForward{}));  // revealed: its expectations' "0.45 T" sit beside T's value
    CHECK(card_terms().empty());
    REQUIRE(session.apply(LessonForward{}));  // step 3
    CHECK(defines_T());
    REQUIRE(session.apply(LessonForward{}));  // revealed: still said
    CHECK(defines_T());
    REQUIRE(session.apply(LessonForward{}));  // step 4: met on step 3
    CHECK(card_terms().empty());
    // A lesson without terms defines none.
    REQUIRE(session.apply(StartLesson{"delayed-gathering", 1, true}));
    CHECK(card_terms().empty());
}

TEST_CASE("Where no worker thread can start, a lesson link opens its step as asked and the card says what runs instead", "[session][launch]") {
    SessionOptions options = options_for_tests();
    options.threads_unavailable = "none here";
    LabSession session({}, options);
    LaunchRequest asked;
    asked.lesson = "timeslicing";
    asked.step = 7;  // the threading step: its preset hands jobs to the pool
    asked.step_given = true;
    asked.reveal = true;
    asked.sets = {"ui_scale=1.25"};
    const CommandResult result = launch(session, asked);
    // Done, every part of it: the step revealed, the presenter view, the set.
    CHECK(result);
    CHECK(session.lesson_step() == 6);
    CHECK(session.lesson_revealed());
    CHECK(session.settings().presenter);
    CHECK(session.settings().ui_scale == 1.25f);
    // What was moved to the main thread, named once.
    INFO(result.note());
    CHECK(result.note().find("threading pool \xe2\x86\x92 inline") != std::string::npos);
    const std::size_t why = result.note().find("(worker threads: none here)");
    CHECK(why != std::string::npos);
    CHECK(result.note().find("(worker threads", why + 1) == std::string::npos);
    // The card says it before the question, naming the change; a step on the main thread says nothing.
    const LessonCard card = session.lesson_card();
    CHECK(card.on_this_page.find("no worker thread can start (none here)") != std::string::npos);
    CHECK(card.on_this_page.find("threading pool \xe2\x86\x92 inline") != std::string::npos);
    require(session.apply(GoToStep{2}));
    CHECK(session.lesson_card().on_this_page.empty());
    // A preset of threads says it too; where threads start, nothing is said.
    require(session.apply(StopLesson{}));
    require(session.apply(LoadPreset{"threading"}));
    CHECK(session.lesson_card().on_this_page.find("What this preset gives to workers runs inline") != std::string::npos);
    LabSession threaded({}, options_for_tests());
    const CommandResult as_asked = launch(threaded, asked);
    CHECK((as_asked && as_asked.note().empty()));
    CHECK(threaded.lesson_card().on_this_page.empty());
}

TEST_CASE("A view's launch request starts the same view again: lesson step, preset or scene, and what changed", "[session][launch]") {
    // A lesson step with changes on top.
    LabSession shown({}, options_for_tests());
    LaunchRequest asked;
    asked.lesson = "timeslicing";
    asked.step = 3;
    asked.step_given = true;
    asked.sets = {"mode=siso", "jobs_per_update=4"};
    require(launch(shown, asked));
    LaunchRequest again = launch_request_for(shown);
    CHECK(again.lesson == "timeslicing");
    CHECK(again.step == 3);
    CHECK(again.preset.empty());
    CHECK(std::find(again.sets.begin(), again.sets.end(), "mode=siso") != again.sets.end());
    CHECK(std::find(again.sets.begin(), again.sets.end(), "jobs_per_update=4") != again.sets.end());
    LabSession relaunched({}, options_for_tests());
    require(launch(relaunched, again));
    CHECK(relaunched.lesson_step() == 2);
    CHECK(relaunched.settings().npc == shown.settings().npc);
    CHECK(relaunched.settings().scene == shown.settings().scene);
    // Not revealed, in the presenter view as a lesson starts: neither is said.
    CHECK_FALSE(again.reveal);
    CHECK(std::none_of(again.sets.begin(), again.sets.end(), [](const std::string& s) { return s.rfind("presenter=", 0) == 0; }));
    // Revealed: the link says so, and opens it revealed; the presenter view turned off is said.
    require(shown.apply(LessonForward{}));
    require(shown.apply(SetField{"presenter", false}));
    again = launch_request_for(shown);
    CHECK(again.reveal);
    CHECK(query_of(again).find("&reveal=1") != std::string::npos);
    CHECK(std::find(again.sets.begin(), again.sets.end(), "presenter=false") != again.sets.end());
    LabSession revealed({}, options_for_tests());
    require(launch(revealed, again));
    CHECK(revealed.lesson_revealed());
    CHECK_FALSE(revealed.settings().presenter);

    // A preset as loaded: its name and nothing else.
    LabSession preset({}, options_for_tests());
    require(preset.apply(LoadPreset{"siso-10hz"}));
    again = launch_request_for(preset);
    CHECK(again.preset == "siso-10hz");
    CHECK(again.lesson.empty());
    CHECK(again.scene.empty());
    CHECK(again.sets.empty());

    // No preset: the scene, and the settings that differ from the defaults.
    LabSession own({}, options_for_tests());
    require(own.apply(SetField{"scene", std::string("exposure")}));
    require(own.apply(SetField{"exposure_mode", std::string("timesliced")}));
    again = launch_request_for(own);
    CHECK(again.scene == "exposure");
    CHECK(std::find(again.sets.begin(), again.sets.end(), "exposure_mode=timesliced") != again.sets.end());
    LabSession own_again({}, options_for_tests());
    require(launch(own_again, again));
    CHECK(own_again.settings().scene == SceneKind::Exposure);
    CHECK(own_again.settings().exposure == own.settings().exposure);
}

TEST_CASE("Where the job system may have only so many workers, a setting asking for more gets that many and says so", "[session]") {
    SessionOptions options = options_for_tests();
    options.max_workers = 2;
    options.max_workers_reason = "the page has 2 web workers for the job system";
    LabSettings start;
    start.workers = 5;  // more than allowed from the start: capped
    LabSession session(start, options);
    CHECK(session.worker_count() == 2);
    CHECK(session.startup_fitted() == std::vector<FitChange>{{"workers 5 \xe2\x86\x92 2", "the page has 2 web workers for the job system"}});
    const CommandResult result = session.apply(SetField{"workers", std::int64_t{8}});
    CHECK(result);
    CHECK(result.note() == "workers 8 \xe2\x86\x92 2 (the page has 2 web workers for the job system)");
    CHECK(session.settings().workers == 2);
    CHECK(session.worker_count() == 2);
    require(session.apply(SetField{"workers", std::int64_t{1}}));
    CHECK(session.worker_count() == 1);
    // The default (one per core besides the main thread) is capped without a word.
    require(session.apply(SetField{"workers", std::int64_t{-1}}));
    CHECK(session.worker_count() == std::min(2, std::max(0, static_cast<int>(std::thread::hardware_concurrency()) - 1)));
}

TEST_CASE("A launch request as a page's query and back: the desktop's launch options as parameters", "[session][launch]") {
    LaunchRequest request;
    request.lesson = "timeslicing";
    request.step = 3;
    request.step_given = true;
    request.sets = {"mode=siso", "target_name=a b&c"};
    const std::string query = query_of(request);
    CHECK(query == "?lesson=timeslicing&step=3&set=mode%3Dsiso&set=target_name%3Da%20b%26c");
    const QueryLaunch back = launch_of_query(query);
    CHECK(back.problem.empty());
    CHECK(back.request.lesson == "timeslicing");
    CHECK(back.request.step == 3);
    CHECK(back.request.step_given);
    CHECK(back.request.sets == request.sets);
    CHECK(query_of(LaunchRequest{}).empty());

    // As typed by hand: unencoded values, '+' for a space, no '?', a bare reveal.
    const QueryLaunch typed = launch_of_query("scene=exposure&preset=siso-10hz&set=mode=aiao&set=a+b&reveal");
    CHECK(typed.problem.empty());
    CHECK(typed.request.scene == "exposure");
    CHECK(typed.request.preset == "siso-10hz");
    CHECK(typed.request.sets == std::vector<std::string>{"mode=aiao", "a b"});
    CHECK(typed.request.reveal);

    CHECK(launch_of_query("?step=abc").problem == "step=abc: a whole number from 1 to 1000 is needed");
    CHECK(launch_of_query("?step=0").problem == "step=0: a whole number from 1 to 1000 is needed");
    CHECK(launch_of_query("?lessn=timeslicing").problem ==
          "'lessn' is not a parameter of this page (scene, preset, lesson, step, reveal, set, lang, quiz, seed)");
}
