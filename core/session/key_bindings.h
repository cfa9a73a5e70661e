// key_bindings.h — every keyboard shortcut of the lab, defined once. The
// window's key handler looks keys up here, the "?" page lists this table, and
// the panel's footer is made from it, so the three can never disagree.
//
// Keys are the lab's own names: each platform (GLFW, the browser) translates
// its key codes into `Key` before asking.
#pragma once

#include "core/base/words.h"
#include "core/session/commands.h"
#include "core/settings/lab_settings.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tsl {

enum class Key : std::uint8_t {
    Space, Right, Left, Digit1, Digit2, Digit3, Digit4, Digit5, PageDown, PageUp,
    P, R, H, F, Q, B, G, Slash, F1, Escape, Minus, Equal, Tab,
};

enum KeyMods : std::uint8_t { kNoMods = 0, kShift = 1, kCtrl = 2 };

enum class KeyAction : std::uint8_t {
    TogglePause,      // space
    StepOnce,         // pause, then one fixed step (stepped back: the next one, replayed)
    StepBack,         // pause, then the step before (core/session/rewind.h)
    SetMode,          // the edited pane's mode: argument = the Mode's value (0: Update All, 1: AIAO ... 4: AISO)
    SetExposureMode,  // the exposure scene's execution mode: argument = the ExposureMode's value
    SetStepMode,      // the edited engine pane's step mode: argument = the StepMode's value
    SetSlowRate,      // the article's 10 Hz: an update every 3 steps (P = 3)
    SetFastRate,      // the article's 30 Hz: an update every step (P = 1)
    LessonForward,    // reveal, then the next step
    LessonBack,       // the step before
    TogglePresenter,
    ToggleRecording,  // start a GIF, or stop and save it
    ShowKeys,         // toggle the shortcuts page
    ShowAbout,        // toggle About the modes
    ShowBoard,        // toggle the lesson's results board
    ShowGlossary,     // toggle the glossary of the articles' terms
    CloseHelp,        // close a help page (only while one is open)
    ToggleHideUi,
    TogglePanel,      // fold the control panel to a strip, or open it
    ToggleFullscreen,
    Quit,
};

struct KeyBinding {
    Key first, last;              // the keys (a range: 1 - 5); the argument is the offset from `first`
    std::uint8_t mods;            // KeyMods that must be held
    std::uint8_t refused_mods;    // KeyMods that must not be held
    KeyAction action;
    std::optional<SceneKind> scene;  // only in this scene (none — everywhere)
    bool repeats;                 // auto-repeat acts again (hold to step)
    std::string_view keys;        // as the help page writes them: "Space", "1 - 5"
    std::string_view help;        // what it does, one sentence
    std::string_view footer;      // the panel footer's short form ("space pause"; "" — not in the footer)
};

std::span<const KeyBinding> key_bindings();

struct KeyMatch {
    const KeyBinding* binding = nullptr;
    int argument = 0;
};
// The binding a key press triggers in `scene` (nullptr when none). `repeat`:
// an auto-repeat of a held key, which only bindings that repeat accept.
KeyMatch find_binding(Key key, std::uint8_t mods, bool repeat, SceneKind scene);

// "space pause  |  right step  |  1-5 modes" for the scene.
std::string key_footer(SceneKind scene, const Words& tr = {});

// What a key action does: the session's commands, in order, and the line a
// --verbose run prints for it. Recording, full screen and quitting are the
// app's own: they come back as `app`, with no commands (the app words their
// line, which depends on the recording).
struct KeyCommands {
    enum class App : std::uint8_t { None, ToggleRecording, ToggleFullscreen, Quit };
    std::vector<Command> commands;
    std::string log;      // "key space: paused at frame 120" ("" — nothing to say)
    App app = App::None;
};
// `settings`: the session's before the key; `lesson_open`: a lesson is
// running; `frame`: the steps taken so far (for the log).
KeyCommands key_commands(KeyAction action, int argument, const LabSettings& settings, bool lesson_open, std::int64_t frame);

}  // namespace tsl
