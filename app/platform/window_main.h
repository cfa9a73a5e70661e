// window_main.h — the interactive window: GLFW, OpenGL 3.3 core, Dear ImGui,
// and the lab's frames (frame_loop.h) until the user quits. The settings file
// is written on exit.
#pragma once

#include "core/session/lab_session.h"

#include <memory>
#include <string>

namespace tsl::app {

struct WindowOptions {
    std::unique_ptr<LabSession> session;  // after the settings file and the launch options
    std::string settings_path;            // where to save on exit ("" = do not save)
    bool verbose = false;                 // print each user action on stdout
};

// Exit status: 0 after a normal quit; 1 when no window can be opened (no
// display — the message names xvfb-run and the headless commands —, no
// OpenGL 3.3, a shader that does not compile).
int run_window(WindowOptions options);

// The message for a machine without a display.
std::string no_display_message();

}  // namespace tsl::app
