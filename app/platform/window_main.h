// window_main.h — the interactive window: GLFW, OpenGL 3.3 core, Dear ImGui,
// and LabApp's frames until the user quits. Settings are loaded before and
// saved (atomically) after.
#pragma once

#include "app/frame/app_state.h"

#include <string>

namespace tsl::app {

struct WindowOptions {
    AppState state;              // after settings and --set
    std::string settings_path;   // where to save on exit ("" = do not save)
    bool verbose = false;        // print each user action on stdout
};

// Exit status: 0 after a normal quit; 1 when no window can be opened (no
// display — the message names xvfb-run and the headless commands —, no
// OpenGL 3.3, a shader that does not compile).
int run_window(const WindowOptions& options);

// The message for a machine without a display.
std::string no_display_message();

}  // namespace tsl::app
