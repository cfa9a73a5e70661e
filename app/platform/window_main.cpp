#include "app/platform/window_main.h"

#include "app/platform/gl_context.h"
#include "app/frame/lab_app.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iostream>

namespace tsl::app {

namespace {

// Hides the mouse pointer after a few seconds without movement (on a
// projector it is large and sits on the picture), and shows it again as soon
// as it moves. ImGui's backend sets the pointer shape every frame, so it is
// told to leave the pointer alone while hidden.
class IdlePointer {
public:
    static constexpr std::chrono::milliseconds kIdle{3000};

    // Returns "pointer hidden" or "pointer shown" when that changed, else "".
    const char* update(GLFWwindow* window, bool enabled, std::chrono::steady_clock::time_point now) {
        double x = 0, y = 0;
        glfwGetCursorPos(window, &x, &y);
        if (x != x_ || y != y_ || !seen_) {
            x_ = x;
            y_ = y;
            seen_ = true;
            moved_ = now;
        }
        const bool hide = enabled && now - moved_ >= kIdle;
        if (hide == hidden_) return "";
        hidden_ = hide;
        ImGuiIO& io = ImGui::GetIO();
        if (hide) io.ConfigFlags |= ImGuiConfigFlags_NoMouseCursorChange;
        else io.ConfigFlags &= ~ImGuiConfigFlags_NoMouseCursorChange;
        glfwSetInputMode(window, GLFW_CURSOR, hide ? GLFW_CURSOR_HIDDEN : GLFW_CURSOR_NORMAL);
        return hide ? "pointer hidden (idle)" : "pointer shown";
    }

private:
    double x_ = 0, y_ = 0;
    bool seen_ = false, hidden_ = false;
    std::chrono::steady_clock::time_point moved_{};
};

std::string g_glfw_error;  // last GLFW error, for the message when window creation fails

void on_glfw_error(int, const char* description) { g_glfw_error = description ? description : "unknown GLFW error"; }

bool have_display() {
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY"})
        if (const char* v = std::getenv(name); v && *v) return true;
    return false;
}

// Installed before ImGui's callbacks, which chain to it: every press and
// repeat reaches the app's queue even when it is shorter than a frame.
void on_key(GLFWwindow* window, int key, int, int action, int mods) {
    auto* queue = static_cast<std::vector<KeyPress>*>(glfwGetWindowUserPointer(window));
    if (queue && action != GLFW_RELEASE) queue->push_back({key, mods, action == GLFW_REPEAT});
}

void toggle_fullscreen(GLFWwindow* window, AppState& state) {
    if (glfwGetWindowMonitor(window)) {
        glfwSetWindowMonitor(window, nullptr, 80, 60, state.window_width, state.window_height, GLFW_DONT_CARE);
        state.fullscreen = false;
        return;
    }
    GLFWmonitor* monitor = glfwGetPrimaryMonitor();
    const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
    if (!mode) return;
    glfwSetWindowMonitor(window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
    state.fullscreen = true;
}

}  // namespace

std::string no_display_message() {
    return "timeslice-lab: no display to open a window on (DISPLAY is not set). Run it under a virtual display with "
           "'xvfb-run -a timeslice-lab', or use the headless commands: 'timeslice-lab screenshot --out FILE.png', "
           "'trace', 'metrics', 'bench' (see 'timeslice-lab --help').";
}

int run_window(const WindowOptions& options) {
    if (!have_display()) {
        std::cerr << no_display_message() << '\n';
        return 1;
    }
    glfwSetErrorCallback(on_glfw_error);
    if (!glfwInit()) {
        std::cerr << no_display_message() << " (GLFW: " << g_glfw_error << ")\n";
        return 1;
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    AppState state = options.state;
    GLFWwindow* window = glfwCreateWindow(state.window_width, state.window_height, "Timeslice Lab", nullptr, nullptr);
    if (!window) {
        std::cerr << "timeslice-lab: cannot open a window with OpenGL 3.3 core (" << g_glfw_error
                  << "); the headless commands may still work: 'timeslice-lab screenshot --out FILE.png'\n";
        glfwTerminate();
        return 1;
    }
    glfwMakeContextCurrent(window);
    glfwSwapInterval(1);
    std::string error;
    if (!load_gl(reinterpret_cast<void* (*)(const char*)>(glfwGetProcAddress), error)) {
        std::cerr << "timeslice-lab: " << error << '\n';
        glfwDestroyWindow(window);
        glfwTerminate();
        return 1;
    }

    ImGui::CreateContext();
    glfwSetKeyCallback(window, on_key);
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");
    int status = 0;
    {
        LabApp app(state);
        glfwSetWindowUserPointer(window, &app.pending_keys);
        if (options.verbose)
            app.on_action = [](const std::string& what) { std::cout << "timeslice-lab: " << what << std::endl; };
        if (!app.init(error)) {
            std::cerr << "timeslice-lab: " << error << '\n';
            status = 1;
        } else {
            if (state.fullscreen) {
                app.state().fullscreen = false;
                toggle_fullscreen(window, app.state());
            }
            auto last = std::chrono::steady_clock::now();
            IdlePointer pointer;
            while (!glfwWindowShouldClose(window) && !app.quit_requested()) {
                glfwPollEvents();
                int fb_w = 0, fb_h = 0;
                glfwGetFramebufferSize(window, &fb_w, &fb_h);
                const auto now = std::chrono::steady_clock::now();
                const double dt = std::chrono::duration<double>(now - last).count();
                last = now;
                if (fb_w == 0 || fb_h == 0 || glfwGetWindowAttrib(window, GLFW_ICONIFIED)) {
                    glfwWaitEventsTimeout(0.1);  // minimised: nothing to draw, the simulation waits
                    continue;
                }
                if (const std::string change = pointer.update(window, app.state().hide_idle_cursor, now); !change.empty() && app.on_action)
                    app.on_action(change);
                app.prepare_frame();
                ImGui_ImplOpenGL3_NewFrame();
                ImGui_ImplGlfw_NewFrame();
                app.frame({dt, -1, 0, fb_w, fb_h});
                glfwSwapBuffers(window);
                if (app.fullscreen_toggle_requested()) toggle_fullscreen(window, app.state());
                if (!glfwGetWindowMonitor(window)) glfwGetWindowSize(window, &app.state().window_width, &app.state().window_height);
            }
            if (!options.settings_path.empty()) {
                const FileResult saved = save_settings(options.settings_path, settings_of(app.state()));
                if (!saved) std::cerr << "timeslice-lab: settings not saved: " << saved.error << '\n';
            }
            if (options.verbose)
                std::cout << "timeslice-lab: closed after " << app.frames_stepped() << " frames ("
                          << app.frames_displayed() << " displayed, " << std::lround(1000.0 / std::max(app.display_frame_ms(), 1e-3))
                          << " fps)" << std::endl;
        }
    }
    glfwSetWindowUserPointer(window, nullptr);
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(window);
    glfwTerminate();
    return status;
}

}  // namespace tsl::app
