#include "core/session/key_bindings.h"

namespace tsl {

namespace {

constexpr std::optional<SceneKind> kAnyScene = std::nullopt;

const KeyBinding kBindings[] = {
    {Key::Space, Key::Space, kNoMods, kNoMods, KeyAction::TogglePause, kAnyScene, false, "Space", "Pause or resume the simulation.",
     "space pause"},
    {Key::Right, Key::Right, kNoMods, kNoMods, KeyAction::StepOnce, kAnyScene, true, to_translate("Right arrow"),
     "Pause and advance one fixed step (hold to keep stepping). Stepped back, the next step again.", "right step"},
    {Key::Left, Key::Left, kNoMods, kNoMods, KeyAction::StepBack, kAnyScene, true, to_translate("Left arrow"),
     "Pause and step back one fixed step, over the last 30 s (hold to keep stepping). Space returns to the live moment.",
     ""},
    {Key::Digit1, Key::Digit5, kNoMods, kNoMods, KeyAction::SetMode, SceneKind::Npc, false, "1 - 5",
     "NPC scene: Update All, AIAO, SIAO, SISO, AISO for the pane being edited, or every pane when panes are linked.", "1-5 modes"},
    {Key::Digit1, Key::Digit4, kNoMods, kNoMods, KeyAction::SetExposureMode, SceneKind::Exposure, false, "1 - 4",
     "Exposure scene: single-threaded, same frame, next frame, timesliced, for the map being edited.", "1-4 exposure modes"},
    {Key::Digit1, Key::Digit2, kNoMods, kNoMods, KeyAction::SetStepMode, SceneKind::Engine, false, "1 - 2",
     "Engine scene: lock-step or free-step for the pane being edited.", "1-2 step modes"},
    {Key::Minus, Key::Minus, kNoMods, kNoMods, KeyAction::SetSlowRate, SceneKind::Npc, false, "-",
     "NPC scene: an update every 3 steps (10 updates a second at 30 steps/s; the article's 10 Hz when J = 1).", ""},
    {Key::Equal, Key::Equal, kNoMods, kNoMods, KeyAction::SetFastRate, SceneKind::Npc, false, "=",
     "NPC scene: an update every step (30 updates a second; the article's 30 Hz when J = 1).", ""},
    {Key::PageDown, Key::PageDown, kNoMods, kNoMods, KeyAction::LessonForward, kAnyScene, false, "Page Down",
     "Lesson: reveal the measured answer, then go to the next step (what a clicker sends).", ""},
    {Key::PageUp, Key::PageUp, kNoMods, kNoMods, KeyAction::LessonBack, kAnyScene, false, "Page Up", "Lesson: back to the step before.", ""},
    {Key::P, Key::P, kNoMods, kNoMods, KeyAction::TogglePresenter, kAnyScene, false, "P",
     "Presenter view: only the scene, the step's text and one plot.", ""},
    {Key::R, Key::R, kNoMods, kCtrl, KeyAction::ToggleRecording, kAnyScene, false, "R", "Record the scene area as a GIF; R again stops.", ""},
    {Key::H, Key::H, kNoMods, kNoMods, KeyAction::ToggleHideUi, kAnyScene, false, "H", "Hide or show everything but the scene.", ""},
    {Key::Tab, Key::Tab, kNoMods, kNoMods, KeyAction::TogglePanel, kAnyScene, false, "Tab",
     "Fold the control panel to a narrow strip (the scene gets its width), or open it.", ""},
    {Key::F, Key::F, kNoMods, kNoMods, KeyAction::ToggleFullscreen, kAnyScene, false, "F", "Full screen on or off.", ""},
    {Key::Slash, Key::Slash, kShift, kNoMods, KeyAction::ShowKeys, kAnyScene, false, "?", "This list.", ""},
    {Key::F1, Key::F1, kNoMods, kNoMods, KeyAction::ShowAbout, kAnyScene, false, "F1",
     "About the modes: what each one reads and saves, and its latency.", ""},
    {Key::B, Key::B, kNoMods, kCtrl, KeyAction::ShowBoard, kAnyScene, false, "B",
     "The lesson's results board: each step's guess beside what was measured and the model.", ""},
    {Key::G, Key::G, kNoMods, kCtrl, KeyAction::ShowGlossary, kAnyScene, false, "G",
     "Glossary: the articles' terms in English, Traditional and Simplified Chinese.", ""},
    {Key::Escape, Key::Escape, kNoMods, kNoMods, KeyAction::CloseHelp, kAnyScene, false, "Esc", "Close this page.", ""},
    {Key::Q, Key::Q, kCtrl, kNoMods, KeyAction::Quit, kAnyScene, false, "Ctrl+Q", "Quit.", ""},
};

}  // namespace

std::span<const KeyBinding> key_bindings() { return kBindings; }

KeyMatch find_binding(Key key, std::uint8_t mods, bool repeat, SceneKind scene) {
    for (const KeyBinding& b : kBindings) {
        if (key < b.first || key > b.last) continue;
        if ((mods & b.mods) != b.mods || (mods & b.refused_mods) != 0) continue;
        if (b.scene && *b.scene != scene) continue;
        if (repeat && !b.repeats) return {};
        return {&b, static_cast<int>(key) - static_cast<int>(b.first)};
    }
    return {};
}

std::string key_footer(SceneKind scene, const Words& tr) {
    std::string out;
    for (const KeyBinding& b : kBindings) {
        if (b.footer.empty() || (b.scene && *b.scene != scene)) continue;
        if (!out.empty()) out += "  |  ";
        out += tr.of(b.footer);
    }
    return out;
}

KeyCommands key_commands(KeyAction action, int argument, const LabSettings& s, bool lesson_open, std::int64_t frame) {
    KeyCommands out;
    const std::string at = std::to_string(static_cast<long long>(frame));
    const std::string digit = std::to_string(argument + 1);
    auto toggle = [&](SettingName key, bool on) { out.commands.push_back(SetField{key, !on}); };
    switch (action) {
        case KeyAction::TogglePause:
            out.commands.push_back(TogglePause{});
            out.log = std::string("key space: ") + (s.paused ? "resumed" : "paused") + " at frame " + at;
            break;
        case KeyAction::StepOnce:
            out.commands.push_back(StepOnce{});
            out.log = "key right: step from frame " + at;
            break;
        case KeyAction::StepBack:
            out.commands.push_back(StepBack{});
            out.log = "key left: back from frame " + at;
            break;
        case KeyAction::SetMode: {
            const std::string name(name_of(static_cast<Mode>(argument)));
            out.commands.push_back(SetField{setting::mode, name});
            if (s.mode_keys_restart) out.commands.push_back(ResetScene{});  // as the article's demo does
            out.log = "key " + digit + ": mode " + name;
            break;
        }
        case KeyAction::SetSlowRate:
        case KeyAction::SetFastRate: {
            const std::int64_t period = action == KeyAction::SetSlowRate ? 3 : 1;
            out.commands.push_back(SetField{setting::update_every, period});
            if (s.mode_keys_restart) out.commands.push_back(ResetScene{});
            out.log = std::string("key ") + (period == 3 ? "-" : "=") + ": an update every " + std::to_string(period) +
                      (period == 1 ? " step" : " steps");
            break;
        }
        case KeyAction::SetExposureMode: {
            const std::string name(name_of(static_cast<ExposureMode>(argument)));
            out.commands.push_back(SetField{setting::exposure_mode, name});
            out.log = "key " + digit + ": exposure " + name;
            break;
        }
        case KeyAction::SetStepMode: {
            const std::string name(name_of(static_cast<StepMode>(argument)));
            out.commands.push_back(SetField{setting::step_mode, name});
            out.log = "key " + digit + ": engine " + name;
            break;
        }
        case KeyAction::LessonForward:
        case KeyAction::LessonBack:
            if (!lesson_open) out.log = "key page: no lesson to move through";
            else if (action == KeyAction::LessonForward) out.commands.push_back(LessonForward{});
            else out.commands.push_back(LessonBack{});
            break;
        case KeyAction::TogglePresenter:
            toggle(setting::presenter, s.presenter);
            out.log = std::string("key p: presenter view ") + (s.presenter ? "off" : "on");
            break;
        case KeyAction::ShowKeys:
            out.commands.push_back(SetField{setting::help, std::string(s.help == HelpPage::Keys ? "none" : "keys")});
            out.log = std::string("key ?: shortcuts ") + (s.help == HelpPage::Keys ? "closed" : "shown");
            break;
        case KeyAction::ShowAbout:
            out.commands.push_back(SetField{setting::help, std::string(s.help == HelpPage::About ? "none" : "about")});
            out.log = std::string("key f1: about the modes ") + (s.help == HelpPage::About ? "closed" : "shown");
            break;
        case KeyAction::ShowBoard:
            out.commands.push_back(SetField{setting::help, std::string(s.help == HelpPage::Board ? "none" : "board")});
            out.log = std::string("key b: results board ") + (s.help == HelpPage::Board ? "closed" : "shown");
            break;
        case KeyAction::ShowGlossary:
            out.commands.push_back(SetField{setting::help, std::string(s.help == HelpPage::Glossary ? "none" : "glossary")});
            out.log = std::string("key g: glossary ") + (s.help == HelpPage::Glossary ? "closed" : "shown");
            break;
        case KeyAction::CloseHelp:
            if (s.help == HelpPage::None) break;
            out.commands.push_back(SetField{setting::help, std::string("none")});
            out.log = "key escape: help closed";
            break;
        case KeyAction::ToggleHideUi:
            toggle(setting::hide_ui, s.hide_ui);
            out.log = std::string("key h: UI ") + (s.hide_ui ? "shown" : "hidden");
            break;
        case KeyAction::TogglePanel:
            toggle(setting::panel_open, s.panel_open);
            out.log = std::string("key tab: control panel ") + (s.panel_open ? "folded" : "open");
            break;
        case KeyAction::ToggleRecording:
            out.app = KeyCommands::App::ToggleRecording;
            break;
        case KeyAction::ToggleFullscreen:
            out.app = KeyCommands::App::ToggleFullscreen;
            out.log = "key f: toggle full screen";
            break;
        case KeyAction::Quit:
            out.app = KeyCommands::App::Quit;
            out.log = "key ctrl+q: quit after " + at + " frames";
            break;
    }
    return out;
}

}  // namespace tsl
