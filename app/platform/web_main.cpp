// web_main.cpp — the browser platform (built by emscripten only, web/): a GLFW
// window on the page's canvas (emscripten's GLFW; WebGL 2, which is OpenGL ES
// 3.0), the lab's keys and ImGui's GLFW backend as on the desktop, and the
// frame loop (frame_loop.h) called by the browser once per animation frame
// through emscripten_set_main_loop_arg — never a blocking loop, which would
// freeze the page.
//
// The page (web/index.html) shows a status line; this file sets it to "ready"
// after the first frame. A few functions are exported for the page and its
// tests: the job system's workers, and a picture of the canvas read back from
// inside a frame (a WebGL canvas is cleared once shown).
//
// Threading: the browser's main thread; the job system's workers are web
// workers (emscripten's pthreads) on a cross-origin-isolated page.
#include "app/cli/assets.h"
#include "app/frame/lab_app.h"
#include "app/platform/frame_loop.h"
#include "app/platform/gl.h"
#include "app/platform/glfw_keys.h"
#include "app/render/gl_util.h"

#include "core/media/image_io.h"
#include "core/session/lab_session.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

namespace tsl::app {

namespace {

// The page's status line (index.html's setStatus).
void set_status(const std::string& text) {
    EM_ASM({ if (Module.setStatus) Module.setStatus(UTF8ToString($0)); }, text.c_str());
}

class WebPlatform final : public Platform {
public:
    explicit WebPlatform(GLFWwindow* window) : window_(window) {}

    void poll_events(std::vector<KeyPress>& keys) override {
        // The browser delivers events between frames, straight to the
        // callbacks; the presses since the last frame are queued there.
        keys.insert(keys.end(), queued_.begin(), queued_.end());
        queued_.clear();
        fit_canvas();
    }
    FrameTarget target() const override {
        FrameTarget t;
        glfwGetFramebufferSize(window_, &t.width, &t.height);
        return t;
    }
    double now_s() const override { return emscripten_get_now() * 1e-3; }
    void new_imgui_frame() override {
        ImGui_ImplGlfw_NewFrame();
        // Tab is the lab's key for the panel, as on the desktop (window_main.cpp).
        ImGuiIO& io = ImGui::GetIO();
        io.KeyMap[ImGuiKey_Tab] = io.WantTextInput ? GLFW_KEY_TAB : -1;
    }
    void present() override {}  // the browser shows the canvas when the frame's callback returns

    std::vector<KeyPress>* queue() { return &queued_; }

private:
    // The canvas fills the page (index.html's style): its drawing buffer
    // follows the size the page gives it, in CSS pixels.
    void fit_canvas() {
        double css_w = 0, css_h = 0;
        if (emscripten_get_element_css_size("#canvas", &css_w, &css_h) != EMSCRIPTEN_RESULT_SUCCESS) return;
        const int w = std::max(1, static_cast<int>(std::lround(css_w))), h = std::max(1, static_cast<int>(std::lround(css_h)));
        int now_w = 0, now_h = 0;
        glfwGetWindowSize(window_, &now_w, &now_h);
        if (w != now_w || h != now_h) glfwSetWindowSize(window_, w, h);
    }

    GLFWwindow* window_;
    std::vector<KeyPress> queued_;
};

// Everything the page's frames use; made once and never destroyed (the page
// lives until it is closed).
struct WebLab {
    GLFWwindow* window = nullptr;
    std::unique_ptr<LabApp> app;
    std::unique_ptr<WebPlatform> platform;
    std::unique_ptr<FrameLoop> loop;
    std::int64_t frames = 0;
    bool capture_requested = false;
    std::string capture_result;  // "" none yet, else the PNG's path or "error: ..."
};

WebLab* g_lab = nullptr;

void capture(WebLab& lab) {
    lab.capture_requested = false;
    const FrameTarget t = lab.platform->target();
    Image image;
    image.width = t.width;
    image.height = t.height;
    image.rgba.resize(static_cast<std::size_t>(t.width) * t.height * 4);
    read_framebuffer(0, 0, 0, t.width, t.height, image.rgba.data());
    const std::string path = "/tmp/canvas.png";
    const FileResult written = write_png(path, image);
    lab.capture_result = written ? path : "error: " + written.error;
}

void frame(void* arg) {
    WebLab& lab = *static_cast<WebLab*>(arg);
    if (!lab.loop->frame()) {
        emscripten_cancel_main_loop();
        set_status("closed (reload the page to start again)");
        return;
    }
    // The default framebuffer still holds this frame until the callback returns.
    if (lab.capture_requested) capture(lab);
    if (++lab.frames == 1) set_status("ready");
}

int start() {
    if (!glfwInit()) {
        set_status("error: GLFW cannot start");
        return 1;
    }
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    auto* lab = new WebLab;
    lab->window = glfwCreateWindow(1280, 720, "Timeslice Lab", nullptr, nullptr);
    if (!lab->window) {
        set_status("error: this browser gives the page no WebGL 2 context");
        return 1;
    }
    glfwMakeContextCurrent(lab->window);

    SessionOptions options;
    options.assets_dir = assets_directory();
    auto session = std::make_unique<LabSession>(LabSettings{}, std::move(options));
    lab->app = std::make_unique<LabApp>(std::move(session), "#version 300 es");
    lab->platform = std::make_unique<WebPlatform>(lab->window);
    ImGui::SetCurrentContext(lab->app->imgui_context());
    glfwSetWindowUserPointer(lab->window, lab->platform->queue());
    glfwSetKeyCallback(lab->window, queue_lab_key);
    ImGui_ImplGlfw_InitForOpenGL(lab->window, true);
    std::string error;
    if (!lab->app->init(error)) {
        std::fprintf(stderr, "timeslice-lab: %s\n", error.c_str());
        set_status("error: " + error);
        return 1;
    }
    std::printf("timeslice-lab: %s, %d workers\n", gl_description().c_str(), lab->app->session().jobs().worker_count());
    lab->loop = std::make_unique<FrameLoop>(*lab->platform, *lab->app);
    g_lab = lab;
    emscripten_set_main_loop_arg(frame, lab, 0, false);
    return 0;
}

}  // namespace

}  // namespace tsl::app

// For the page and its tests (called from JavaScript).
extern "C" {

// The job system's workers (-1 before the lab has started).
EMSCRIPTEN_KEEPALIVE int tsl_web_workers() {
    return tsl::app::g_lab ? tsl::app::g_lab->app->session().jobs().worker_count() : -1;
}

// Times a worker went to sleep after looking for jobs: more than 0 only when
// worker threads really run.
EMSCRIPTEN_KEEPALIVE double tsl_web_worker_sleeps() {
    return tsl::app::g_lab ? static_cast<double>(tsl::app::g_lab->app->session().jobs().stats().worker_sleeps) : -1;
}

// Frames drawn so far.
EMSCRIPTEN_KEEPALIVE double tsl_web_frames() { return tsl::app::g_lab ? static_cast<double>(tsl::app::g_lab->frames) : 0; }

// Asks the next frame to write what it drew to a PNG file in the page's
// memory; tsl_web_capture_result() then names it ("" until done).
EMSCRIPTEN_KEEPALIVE void tsl_web_request_capture() {
    if (!tsl::app::g_lab) return;
    tsl::app::g_lab->capture_result.clear();
    tsl::app::g_lab->capture_requested = true;
}
EMSCRIPTEN_KEEPALIVE const char* tsl_web_capture_result() { return tsl::app::g_lab ? tsl::app::g_lab->capture_result.c_str() : ""; }

}  // extern "C"

int main() { return tsl::app::start(); }
