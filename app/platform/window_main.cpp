// window_main.cpp — the desktop platform: a GLFW window with an OpenGL 3.3
// core context, its keys translated to the lab's, ImGui's GLFW backend, and
// the frame loop until the user quits.
#include "app/platform/window_main.h"

#include "app/frame/lab_app.h"
#include "app/frame/settings_keeper.h"
#include "app/platform/frame_loop.h"
#include "app/platform/gl_context.h"
#include "app/platform/glfw_keys.h"
#include "app/ui/ui_probe.h"

#include "core/settings/settings_file.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iostream>

namespace tsl::app {

namespace {

std::string g_glfw_error;  // last GLFW error, for the message when window creation fails

void on_glfw_error(int, const char* description) { g_glfw_error = description ? description : "unknown GLFW error"; }

bool have_display() {
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY"})
        if (const char* v = std::getenv(name); v && *v) return true;
    return false;
}

class GlfwPlatform final : public Platform {
public:
    explicit GlfwPlatform(GLFWwindow* window) : window_(window) {}

    void poll_events(std::vector<KeyPress>& keys) override {
        glfwSetWindowUserPointer(window_, &keys);
        glfwPollEvents();
        // In lockstep with a test (ui_probe.h), the next frame waits until it is granted.
        while (lockstep_ && ui_probe_frames_granted() <= presented_ && !glfwWindowShouldClose(window_)) glfwWaitEventsTimeout(0.005);
        glfwSetWindowUserPointer(window_, nullptr);
    }
    bool should_close() const override { return glfwWindowShouldClose(window_); }
    FrameTarget target() const override {
        FrameTarget t;
        glfwGetFramebufferSize(window_, &t.width, &t.height);
        if (glfwGetWindowAttrib(window_, GLFW_ICONIFIED)) t.width = t.height = 0;
        return t;
    }
    double now_s() const override {
        if (lockstep_) return static_cast<double>(presented_) * kProbeFrameS;
        return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    }
    void new_imgui_frame() override {
        ImGui_ImplGlfw_NewFrame();
        if (lockstep_) ImGui::GetIO().DeltaTime = static_cast<float>(kProbeFrameS);
        // Tab is the lab's key for the panel. Dear ImGui would also take it to
        // put the next field of the focused window into text entry (even a
        // field that window no longer shows, in the presenter view), and every
        // key of the lab would then wait for that field: Tab moves between
        // fields only while one is being typed into.
        ImGuiIO& io = ImGui::GetIO();
        io.KeyMap[ImGuiKey_Tab] = io.WantTextInput ? GLFW_KEY_TAB : -1;
    }
    void present() override {
        glfwSwapBuffers(window_);
        ++presented_;
    }
    void idle() override { glfwWaitEventsTimeout(0.1); }
    bool fullscreen() const override { return glfwGetWindowMonitor(window_) != nullptr; }
    void window_size(int& width, int& height) const override { glfwGetWindowSize(window_, &width, &height); }

    void toggle_fullscreen() override {
        if (glfwGetWindowMonitor(window_)) {
            glfwSetWindowMonitor(window_, nullptr, 80, 60, windowed_w_, windowed_h_, GLFW_DONT_CARE);
            return;
        }
        GLFWmonitor* monitor = glfwGetPrimaryMonitor();
        const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
        if (!mode) return;
        glfwGetWindowSize(window_, &windowed_w_, &windowed_h_);
        glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
    }

    const char* update_pointer(bool enabled) override {
        const char* change = pointer_.update(window_, enabled, now_s());
        if (*change) glfwSetInputMode(window_, GLFW_CURSOR, pointer_.hidden() ? GLFW_CURSOR_HIDDEN : GLFW_CURSOR_NORMAL);
        return change;
    }

private:
    GLFWwindow* window_;
    const bool lockstep_ = ui_probe_lockstep();
    std::int64_t presented_ = 0;  // frames shown
    int windowed_w_ = 1600, windowed_h_ = 900;
    IdlePointer pointer_;
};

// ImGui's GLFW backend for the app's context, shut down before the app (and its context) goes.
class GlfwImGui {
public:
    GlfwImGui(GLFWwindow* window, LabApp& app) {
        ImGui::SetCurrentContext(app.imgui_context());
        glfwSetKeyCallback(window, queue_lab_key);
        ImGui_ImplGlfw_InitForOpenGL(window, true);
    }
    ~GlfwImGui() { ImGui_ImplGlfw_Shutdown(); }
    GlfwImGui(const GlfwImGui&) = delete;
    GlfwImGui& operator=(const GlfwImGui&) = delete;
};

int run_app(GLFWwindow* window, WindowOptions& options) {
    LabApp app(std::move(options.boot.session));
    GlfwImGui input(window, app);
    if (options.verbose) {
        app.on_action = [](const std::string& what) { std::cout << "timeslice-lab: " << what << std::endl; };
        // Where a lesson given on the command line starts (its step was chosen before the window opened).
        if (const Lesson* lesson = app.session().lesson())
            app.on_action("lesson " + lesson->name + ": step " + std::to_string(app.session().lesson_step() + 1) + " of " +
                          std::to_string(lesson->steps.size()));
    }
    if (const Status made = app.init(); !made) {
        std::cerr << "timeslice-lab: " << made.error() << '\n';
        return 1;
    }
    GlfwPlatform platform(window);
    if (app.session().settings().fullscreen) platform.toggle_fullscreen();
    post_store_problems(app, options.boot);
    // Settings the user changes are written to the file as they change,
    // atomically (settings_keeper.h); the launch options are not.
    SettingsKeeper keeper(options.boot.from_store, app.session().settings(),
                          [&options](const LabSettings& to_save) { return save_settings(options.settings_path, to_save); });
    const bool keep = !options.settings_path.empty();
    FrameLoop loop(platform, app);
    while (loop.frame())
        if (keep) keeper.after_frame(app, glfwGetTime());
    if (keep) keeper.at_exit(app);
    if (options.verbose)
        std::cout << "timeslice-lab: closed after " << app.session().frames_stepped() << " frames (" << app.frames_displayed() << " displayed, "
                  << std::lround(1000.0 / std::max(app.display_frame_ms(), 1e-3)) << " fps)" << std::endl;
    return 0;
}

}  // namespace

std::string no_display_message() {
    return "timeslice-lab: no display to open a window on (DISPLAY is not set). Run it under a virtual display with "
           "'xvfb-run -a timeslice-lab', or use the headless commands: 'timeslice-lab screenshot --out FILE.png', "
           "'trace', 'metrics', 'bench' (see 'timeslice-lab --help').";
}

int run_window(WindowOptions options) {
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
    const LabSettings& s = options.boot.session->settings();
    // The first window fits the monitor's work area (a 720p projector, a small
    // laptop), centred on it: the size remembered, or less.
    int area_x = 0, area_y = 0, area_w = 0, area_h = 0;
    if (GLFWmonitor* monitor = glfwGetPrimaryMonitor()) glfwGetMonitorWorkarea(monitor, &area_x, &area_y, &area_w, &area_h);
    const int width = area_w > 0 ? std::min(s.window_width, area_w) : s.window_width;
    const int height = area_h > 0 ? std::min(s.window_height, area_h) : s.window_height;
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    GLFWwindow* window = glfwCreateWindow(width, height, "Timeslice Lab", nullptr, nullptr);
    if (window && area_w > 0 && area_h > 0) {
        int left = 0, top = 0, right = 0, bottom = 0;  // the window manager's frame, where there is one
        glfwGetWindowFrameSize(window, &left, &top, &right, &bottom);
        const int fitted_w = std::max(320, std::min(width, area_w - left - right)), fitted_h = std::max(240, std::min(height, area_h - top - bottom));
        if (fitted_w != width || fitted_h != height) glfwSetWindowSize(window, fitted_w, fitted_h);
        glfwSetWindowPos(window, area_x + left + std::max(0, (area_w - left - right - fitted_w) / 2),
                         area_y + top + std::max(0, (area_h - top - bottom - fitted_h) / 2));
    }
    if (window) glfwShowWindow(window);
    if (!window) {
        std::cerr << "timeslice-lab: cannot open a window with OpenGL 3.3 core (" << g_glfw_error
                  << "); the headless commands may still work: 'timeslice-lab screenshot --out FILE.png'\n";
        glfwTerminate();
        return 1;
    }
    glfwMakeContextCurrent(window);
    glfwSwapInterval(1);
    int status = 1;
    if (const Status loaded = load_gl(reinterpret_cast<void* (*)(const char*)>(glfwGetProcAddress)); loaded) status = run_app(window, options);
    else std::cerr << "timeslice-lab: " << loaded.error() << '\n';
    glfwDestroyWindow(window);
    glfwTerminate();
    return status;
}

}  // namespace tsl::app
