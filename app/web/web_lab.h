// web_lab.h — what the page's platform (web_main.cpp) lends to the other
// files of the browser edition: the page's app, once it has started.
#pragma once

#include <string>

struct GLFWwindow;

namespace tsl::app {

class LabApp;

// The page's status line (index.html's setStatus): "ready", "done", an
// "error: ..." it keeps, or a word of progress.
void set_status(const std::string& text);

// A GLFW window on the page's canvas with an OpenGL ES 3.0 (WebGL 2) context,
// made current; nullptr after saying why on the status line.
GLFWwindow* open_canvas_window(int width, int height, const char* title);

// The page's app; nullptr before it has started (or when it could not).
LabApp* web_app();

// Gives the page the lesson card, the pause and the mode as its own text and
// buttons when they changed (web_card.cpp); call once a frame.
void mirror_card(const LabApp& app);

}  // namespace tsl::app
