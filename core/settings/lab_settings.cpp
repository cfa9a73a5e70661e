// lab_settings.cpp — the names of the lab's own choices (scene, palette,
// theme, dock tab, help page) and LabSettings' pane helpers.
#include "core/settings/lab_settings.h"

#include <algorithm>

namespace tsl {

const EnumName kSceneNames[kSceneKinds] = {
    {"npc", static_cast<int>(SceneKind::Npc), "NPCs facing a target",
     "Timeslicing batched algorithms: one decision job per NPC, spread over frames in four timing modes."},
    {"exposure", static_cast<int>(SceneKind::Exposure), "Sentinel exposure grid",
     "Delayed result gathering: which cells a sentinel sees, computed on one thread, on many, next frame, or timesliced."},
    {"engine", static_cast<int>(SceneKind::Engine), "The parallel engine",
     "Agents run by AI, physics and animation systems, each with its own copy of the data, their changes queued per thread and "
     "merged after each tick, in lock-step or free-step."},
};
const EnumName kPaletteNames[4] = {
    {"classic", static_cast<int>(PaletteKind::Classic), "classic"},
    {"colour-blind", static_cast<int>(PaletteKind::ColourBlind), "colour-blind palette"},
    {"color-blind", static_cast<int>(PaletteKind::ColourBlind)},
    {"okabe-ito", static_cast<int>(PaletteKind::ColourBlind)},
};
const EnumName kThemeNames[2] = {
    {"light", static_cast<int>(UiTheme::Light), "light"},
    {"high-contrast", static_cast<int>(UiTheme::HighContrast), "high contrast"},
};
const EnumName kDockNames[5] = {
    {"plots", static_cast<int>(DockTab::Plots), "Plots"},
    {"timing", static_cast<int>(DockTab::Timing), "Timing diagram"},
    {"timeline", static_cast<int>(DockTab::Timeline), "Timeline"},
    {"tickets", static_cast<int>(DockTab::Tickets), "Path tickets"},
    {"counters", static_cast<int>(DockTab::Counters), "Counters"},
};
const EnumName kHelpNames[5] = {
    {"none", static_cast<int>(HelpPage::None)},
    {"keys", static_cast<int>(HelpPage::Keys), "Keyboard shortcuts"},
    {"about", static_cast<int>(HelpPage::About), "About the modes"},
    {"board", static_cast<int>(HelpPage::Board), "Results board"},
    {"glossary", static_cast<int>(HelpPage::Glossary), "Glossary"},
};

std::string_view name_of(SceneKind scene) { return name_for(kSceneNames, static_cast<int>(scene)); }
std::string_view name_of(PaletteKind palette) { return name_for(kPaletteNames, static_cast<int>(palette)); }
std::string_view name_of(UiTheme theme) { return name_for(kThemeNames, static_cast<int>(theme)); }
std::string_view name_of(DockTab tab) { return name_for(kDockNames, static_cast<int>(tab)); }
std::string_view name_of(HelpPage page) { return name_for(kHelpNames, static_cast<int>(page)); }
std::optional<PaletteKind> parse_palette(std::string_view text) { return parse_enum<PaletteKind>(kPaletteNames, text); }
std::optional<UiTheme> parse_theme(std::string_view text) { return parse_enum<UiTheme>(kThemeNames, text); }

namespace {

// The pane a pane setting changes: `pane` when it names one, else `edited`.
int clamped_pane(int pane, int edited, std::size_t count) { return std::clamp(pane < 0 ? edited : pane, 0, std::max(0, static_cast<int>(count) - 1)); }

// 1 .. max panes; new ones copy the last, without its caption (where a pane has one).
template <class Pane>
void resize_panes(std::vector<Pane>& panes, int count, int max, int& edited) {
    count = std::clamp(count, 1, max);
    if (panes.empty()) panes.emplace_back();
    while (static_cast<int>(panes.size()) < count) {
        Pane copy = panes.back();
        if constexpr (requires { copy.caption; }) copy.caption.clear();
        panes.push_back(copy);
    }
    panes.resize(static_cast<std::size_t>(count));
    edited = std::min(edited, count - 1);
}

// The pane `pane` names (else the edited one); an empty list first gets a default pane.
template <class Pane>
Pane& pane_in(std::vector<Pane>& panes, int pane, int edited) {
    if (panes.empty()) panes.emplace_back();
    return panes[static_cast<std::size_t>(clamped_pane(pane, edited, panes.size()))];
}

// The same without adding one: a default pane when the list is empty.
template <class Pane>
const Pane& pane_in(const std::vector<Pane>& panes, int pane, int edited) {
    static const Pane none;
    return panes.empty() ? none : panes[static_cast<std::size_t>(clamped_pane(pane, edited, panes.size()))];
}

}  // namespace

int LabSettings::pane_index(int pane) const { return clamped_pane(pane, edited_pane, npc.panes.size()); }

NpcPaneSettings& LabSettings::pane(int pane) { return pane_in(npc.panes, pane, edited_pane); }

const NpcPaneSettings& LabSettings::pane(int pane) const { return pane_in(npc.panes, pane, edited_pane); }

void LabSettings::set_pane_count(int count) { resize_panes(npc.panes, count, kMaxPanes, edited_pane); }

void LabSettings::select_pane(int index) { edited_pane = std::clamp(index, 0, static_cast<int>(npc.panes.size()) - 1); }

int LabSettings::engine_pane_index(int pane) const { return clamped_pane(pane, edited_engine_pane, engine.panes.size()); }

EnginePaneConfig& LabSettings::engine_pane(int pane) { return pane_in(engine.panes, pane, edited_engine_pane); }

const EnginePaneConfig& LabSettings::engine_pane(int pane) const { return pane_in(engine.panes, pane, edited_engine_pane); }

void LabSettings::set_engine_pane_count(int count) { resize_panes(engine.panes, count, kMaxEnginePanes, edited_engine_pane); }

ExposurePaneConfig& LabSettings::exposure_pane(int pane) { return pane_in(exposure.panes, pane, edited_exposure_pane); }

const ExposurePaneConfig& LabSettings::exposure_pane(int pane) const { return pane_in(exposure.panes, pane, edited_exposure_pane); }

void LabSettings::set_exposure_pane_count(int count) { resize_panes(exposure.panes, count, kMaxExposurePanes, edited_exposure_pane); }

}  // namespace tsl
