// glfw_keys.h — GLFW's keys as the lab's (key_bindings.h), and the idle
// pointer, for every platform that takes its input from GLFW: the desktop
// window and the browser (emscripten's GLFW).
//
// Threading: main thread.
#pragma once

#include "app/frame/platform.h"

#include <optional>

struct GLFWwindow;

namespace tsl::app {

// GLFW's key code as the lab's key (the keypad's digits as the digits).
std::optional<Key> lab_key(int glfw_key);

// A GLFW key callback: every press and repeat of a lab key is appended to the
// std::vector<KeyPress> the window's user pointer points at (none: ignored).
// Installed before ImGui's callbacks, which chain to it, so that a press
// shorter than a frame still reaches the queue.
void queue_lab_key(GLFWwindow* window, int key, int scancode, int action, int mods);

// Whether the mouse pointer should be hidden: after a few seconds without
// movement (on a projector it is large and sits on the picture), shown again
// as soon as it moves. `update` reads the pointer and returns the change to
// apply and report ("pointer hidden (idle)", "pointer shown") or "". ImGui's
// backend sets the pointer's shape every frame, so while hidden ImGui is told
// to leave the pointer alone (done here); hiding it is the platform's part.
class IdlePointer {
public:
    const char* update(GLFWwindow* window, bool enabled, double now_s);
    bool hidden() const { return hidden_; }

private:
    static constexpr double kIdleS = 3.0;
    double x_ = 0, y_ = 0, moved_s_ = 0;
    bool seen_ = false, hidden_ = false;
};

}  // namespace tsl::app
