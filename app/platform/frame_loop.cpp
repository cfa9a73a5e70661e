#include "app/platform/frame_loop.h"

#include <imgui.h>

#include <algorithm>

namespace tsl::app {

bool FrameLoop::frame(int forced_steps) {
    ImGui::SetCurrentContext(app_.imgui_context());
    platform_.poll_events(app_.pending_keys);
    if (platform_.should_close() || app_.quit_requested()) return false;
    const double now = platform_.now_s();
    const double dt = last_s_ < 0 ? 0.0 : now - last_s_;
    last_s_ = now;
    const FrameTarget target = platform_.target();
    if (target.width <= 0 || target.height <= 0) {
        platform_.idle();  // minimised: nothing to draw, the simulation waits
        return true;
    }
    if (const char* change = platform_.update_pointer(app_.session().settings().hide_idle_cursor); *change && app_.on_action)
        app_.on_action(change);
    platform_.new_imgui_frame();
    app_.frame({dt, forced_steps, target});
    platform_.present();
    follow_window();
    return !app_.quit_requested();
}

// Full screen when asked, and the window's size (not a full screen's) remembered.
void FrameLoop::follow_window() {
    if (app_.fullscreen_toggle_requested()) {
        platform_.toggle_fullscreen();
        app_.apply(SetField{setting::fullscreen, platform_.fullscreen()});
    }
    if (platform_.fullscreen()) return;
    int width = 0, height = 0;
    platform_.window_size(width, height);
    const LabSettings& s = app_.session().settings();
    if (width <= 0 || height <= 0) return;
    // A window smaller than the settings' range is remembered at the smallest size.
    const auto fit = [](SettingName key, int v) {
        const FieldSpec& f = field_of(key);
        return static_cast<std::int64_t>(std::clamp<double>(v, f.min, f.max));
    };
    if (fit(setting::window_width, width) != s.window_width) app_.apply(SetField{setting::window_width, fit(setting::window_width, width)});
    if (fit(setting::window_height, height) != s.window_height) app_.apply(SetField{setting::window_height, fit(setting::window_height, height)});
}

}  // namespace tsl::app
