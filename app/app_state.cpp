#include "app_state.h"

#include <cstdlib>

#ifndef TSL_ASSETS_DIR
#error "TSL_ASSETS_DIR must be defined by the build"
#endif

namespace tsl::app {

std::string assets_directory() {
    if (const char* dir = std::getenv("TSL_ASSETS_DIR"); dir && *dir) return dir;
    return TSL_ASSETS_DIR;
}

void apply_settings(AppState& state, const Settings& s) {
    state.scene = s.scene;
    state.npc.timeslicing = s.timeslicing;
    state.npc.npc_count = s.npc_count;
    state.ui_scale = s.ui_scale;
    state.palette = parse_palette(s.palette).value_or(PaletteKind::Classic);
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
    s.window_width = state.window_width;
    s.window_height = state.window_height;
    return s;
}

}  // namespace tsl::app
