// glfw_keys.h — GLFW's keys as the lab's (key_bindings.h), for every
// platform that takes its input from GLFW: the desktop window and the
// browser (emscripten's GLFW).
//
// Threading: main thread.
#pragma once

#include "app/platform/platform.h"

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

}  // namespace tsl::app
