// The keys as commands (core/session/key_bindings.h): what each key action
// asks of the session, and that the line a --verbose run prints says what the
// session then shows.
#include "build_paths.h"

#include "core/session/key_bindings.h"
#include "core/session/lab_session.h"

#include <catch2/catch.hpp>

#include <string>

using namespace tsl;

namespace {

SessionOptions options_for_tests() {
    SessionOptions options;
    options.assets_dir = std::string(tsl::test::kSourceDir) + "/assets";
    options.profile = false;
    return options;
}

// The key action carried out on `session` as the window does; its log line.
std::string press(LabSession& session, KeyAction action, int argument = 0) {
    const KeyCommands keyed =
        key_commands(action, argument, session.settings(), session.lesson() != nullptr, session.frames_stepped());
    for (const Command& command : keyed.commands) {
        const CommandResult result = session.apply(command);
        INFO(result.problem);
        REQUIRE(result);
    }
    return keyed.log;
}

template <class C>
bool holds(const KeyCommands& keyed, std::size_t index) {
    return index < keyed.commands.size() && std::holds_alternative<C>(keyed.commands[index]);
}

}  // namespace

TEST_CASE("Each toggle key's line says what the session shows after it", "[keys]") {
    LabSession session(LabSettings{}, options_for_tests());
    session.step(12);
    CHECK(press(session, KeyAction::TogglePause) == "key space: paused at frame 12");
    CHECK(session.settings().paused);
    CHECK(press(session, KeyAction::TogglePause) == "key space: resumed at frame 12");
    CHECK_FALSE(session.settings().paused);
    for (int round = 0; round < 2; ++round) {
        const bool on = round == 0;
        CHECK(press(session, KeyAction::TogglePresenter) == std::string("key p: presenter view ") + (on ? "on" : "off"));
        CHECK(session.settings().presenter == on);
        CHECK(press(session, KeyAction::ToggleHideUi) == std::string("key h: UI ") + (on ? "hidden" : "shown"));
        CHECK(session.settings().hide_ui == on);
        CHECK(press(session, KeyAction::TogglePanel) == std::string("key tab: control panel ") + (on ? "folded" : "open"));
        CHECK(session.settings().panel_open == !on);
    }
    // The two help pages: each key opens its page (over the other) and closes it.
    CHECK(press(session, KeyAction::ShowKeys) == "key ?: shortcuts shown");
    CHECK(session.settings().help == HelpPage::Keys);
    CHECK(press(session, KeyAction::ShowKeys) == "key ?: shortcuts closed");
    CHECK(session.settings().help == HelpPage::None);
    CHECK(press(session, KeyAction::ShowAbout) == "key f1: about the modes shown");
    CHECK(session.settings().help == HelpPage::About);
    CHECK(press(session, KeyAction::ShowKeys) == "key ?: shortcuts shown");
    CHECK(session.settings().help == HelpPage::Keys);
    CHECK(press(session, KeyAction::ShowAbout) == "key f1: about the modes shown");
    CHECK(press(session, KeyAction::ShowAbout) == "key f1: about the modes closed");
    CHECK(session.settings().help == HelpPage::None);
}

TEST_CASE("Escape closes an open help page and does nothing otherwise", "[keys]") {
    LabSession session(LabSettings{}, options_for_tests());
    const KeyCommands nothing = key_commands(KeyAction::CloseHelp, 0, session.settings(), false, 0);
    CHECK(nothing.commands.empty());
    CHECK(nothing.log.empty());
    press(session, KeyAction::ShowKeys);
    CHECK(press(session, KeyAction::CloseHelp) == "key escape: help closed");
    CHECK(session.settings().help == HelpPage::None);
}

TEST_CASE("Number keys set the scene's mode, restarting it only when mode_keys_restart asks", "[keys]") {
    LabSettings settings;
    KeyCommands keyed = key_commands(KeyAction::SetMode, 3, settings, false, 0);
    CHECK(keyed.log == "key 4: mode siso");
    CHECK(holds<SetField>(keyed, 0));
    CHECK(keyed.commands.size() == 1);
    settings.mode_keys_restart = true;
    keyed = key_commands(KeyAction::SetMode, 3, settings, false, 0);
    CHECK(holds<ResetScene>(keyed, 1));
    keyed = key_commands(KeyAction::SetSlowRate, 0, settings, false, 0);
    CHECK(keyed.log == "key -: an update every 3 steps");
    CHECK(holds<ResetScene>(keyed, 1));

    LabSession session(LabSettings{}, options_for_tests());
    CHECK(press(session, KeyAction::SetMode, 3) == "key 4: mode siso");
    CHECK(session.settings().pane().timeslicing.mode == Mode::SISO);
    CHECK(press(session, KeyAction::SetFastRate) == "key =: an update every 1 step");
    CHECK(session.settings().pane().timeslicing.update_every_frames == 1);
    CHECK(press(session, KeyAction::SetExposureMode, 3) == "key 4: exposure timesliced");
    CHECK(session.settings().exposure_pane().mode == ExposureMode::Timesliced);
    CHECK(press(session, KeyAction::SetStepMode, 1) == "key 2: engine free-step");
    CHECK(session.settings().engine_pane().step_mode == StepMode::FreeStep);
}

TEST_CASE("Page keys move through a lesson, and say so when there is none", "[keys]") {
    LabSession session(LabSettings{}, options_for_tests());
    CHECK(press(session, KeyAction::LessonForward) == "key page: no lesson to move through");
    REQUIRE(session.apply(StartLesson{"timeslicing"}));
    const KeyCommands forward = key_commands(KeyAction::LessonForward, 0, session.settings(), true, 0);
    CHECK(holds<LessonForward>(forward, 0));
    CHECK(forward.log.empty());
    CHECK(holds<LessonBack>(key_commands(KeyAction::LessonBack, 0, session.settings(), true, 0), 0));
}

TEST_CASE("Recording, full screen and quitting are left to the app", "[keys]") {
    const LabSettings settings;
    const KeyCommands record = key_commands(KeyAction::ToggleRecording, 0, settings, false, 0);
    CHECK(record.app == KeyCommands::App::ToggleRecording);
    CHECK(record.commands.empty());
    CHECK(key_commands(KeyAction::ToggleFullscreen, 0, settings, false, 0).app == KeyCommands::App::ToggleFullscreen);
    const KeyCommands quit = key_commands(KeyAction::Quit, 0, settings, false, 90);
    CHECK(quit.app == KeyCommands::App::Quit);
    CHECK(quit.log == "key ctrl+q: quit after 90 frames");
    CHECK(key_commands(KeyAction::StepOnce, 0, settings, false, 7).log == "key right: step from frame 7");
}
