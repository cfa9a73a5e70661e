// window_main.h — the interactive window: GLFW, OpenGL 3.3 core, Dear ImGui,
// and the lab's frames (frame_loop.h) until the user quits. What the user
// changes in the window is remembered in the settings file as it changes
// (RememberedSettings, settings_file.h); the options the window was started
// with are not.
#pragma once

#include "app/frame/boot.h"

#include <memory>
#include <string>
#include <vector>

namespace tsl::app {

struct WindowOptions {
    Boot boot;                  // the session after the settings file and the launch options (boot.h)
    std::string settings_path;  // where the settings are remembered ("" — neither read nor written)
    bool verbose = false;       // print each user action on stdout
};

// Exit status: 0 after a normal quit; 1 when no window can be opened (no
// display — the message names xvfb-run and the headless commands —, no
// OpenGL 3.3, a shader that does not compile).
int run_window(WindowOptions options);

// The message for a machine without a display.
std::string no_display_message();

}  // namespace tsl::app
