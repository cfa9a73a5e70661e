#include "app/frame/app_state.h"

#include "core/content/preset.h"

#include <algorithm>
#include <cstdlib>

#ifndef TSL_ASSETS_DIR
#error "TSL_ASSETS_DIR must be defined by the build"
#endif

namespace tsl::app {

std::string assets_directory() {
    if (const char* dir = std::getenv("TSL_ASSETS_DIR"); dir && *dir) return dir;
    return TSL_ASSETS_DIR;
}

void AppState::sync_edited_pane() {
    edited_pane = std::clamp(edited_pane, 0, static_cast<int>(panes.size()) - 1);
    panes[edited_pane].timeslicing = npc.timeslicing;
    panes[edited_pane].draw = npc_draw;
}

void AppState::select_pane(int index) {
    sync_edited_pane();
    edited_pane = std::clamp(index, 0, static_cast<int>(panes.size()) - 1);
    npc.timeslicing = panes[edited_pane].timeslicing;
    npc_draw = panes[edited_pane].draw;
}

void AppState::set_pane_count(int count) {
    sync_edited_pane();
    count = std::clamp(count, 1, kMaxPanes);
    while (static_cast<int>(panes.size()) < count) {
        PaneState copy = panes.back();
        copy.caption.clear();
        panes.push_back(copy);
    }
    panes.resize(count);
    select_pane(std::min(edited_pane, count - 1));
}

NpcSceneConfig AppState::pane_config(int index) const {
    NpcSceneConfig config = npc;
    if (index != edited_pane) config.timeslicing = panes.at(index).timeslicing;
    return config;
}

void AppState::apply_preset(const Preset& p) {
    preset = p.name;
    workers = p.workers;
    if (p.exposure_scene) {
        const std::string assets = exposure.assets_dir;
        exposure = p.exposure;
        exposure.assets_dir = assets;
        exposure_draw.rays = p.show_rays;
        scene = "exposure";
        return;
    }
    const TimeslicerConfig keep = npc.timeslicing;
    npc = p.scene;
    npc.timeslicing = keep;
    panes.clear();
    for (const PanePreset& pane : p.panes) {
        PaneState s;
        s.timeslicing = pane.timeslicing;
        s.draw.debug_lines = pane.debug_lines;
        s.draw.highlight_running = pane.highlight_running;
        s.caption = pane.caption;
        panes.push_back(s);
    }
    if (panes.empty()) panes.emplace_back();
    edited_pane = 0;
    npc.timeslicing = panes[0].timeslicing;
    npc_draw = panes[0].draw;
    scene = "npc";
}

void apply_settings(AppState& state, const Settings& s) {
    state.scene = s.scene;
    state.npc.timeslicing = s.timeslicing;
    state.npc.npc_count = s.npc_count;
    state.panes.assign(1, PaneState{state.npc.timeslicing, state.npc_draw, {}});
    state.edited_pane = 0;
    state.ui_scale = s.ui_scale;
    state.palette = parse_palette(s.palette).value_or(PaletteKind::Classic);
    state.theme = parse_theme(s.theme).value_or(UiTheme::Light);
    state.window_width = s.window_width;
    state.window_height = s.window_height;
}

Settings settings_of(const AppState& state) {
    Settings s;
    s.scene = state.scene;
    s.timeslicing = state.npc.timeslicing;
    s.npc_count = state.npc.npc_count;
    s.ui_scale = state.ui_scale;
    s.palette = std::string(name_of(state.palette));
    s.theme = std::string(name_of(state.theme));
    s.window_width = state.window_width;
    s.window_height = state.window_height;
    return s;
}

}  // namespace tsl::app
