// web_main.cpp — the browser platform (built by emscripten only, web/): a GLFW
// window on the page's canvas (emscripten's GLFW; WebGL 2, which is OpenGL ES
// 3.0), the lab's keys and ImGui's GLFW backend as on the desktop, and the
// frame loop (frame_loop.h) called by the browser once per animation frame
// through emscripten_set_main_loop_arg — never a blocking loop, which would
// freeze the page.
//
// Links into the lab: the page's address takes what the desktop's --scene,
// --preset, --lesson, --step, --reveal and --set do, as the parameters scene,
// preset, lesson, step, reveal and set (repeatable: set=mode=siso), applied
// through the same launch() (core/session/launch.h) with the same one-line
// problems, shown on the status line. "Copy link to this view" writes the
// address of what is shown (launch_request_for) to the clipboard.
//
// The page (web/index.html) shows a status line; this file sets it to "ready"
// after the first frame. A few functions are exported for the page and its
// tests: the job system's workers, and a picture of the canvas read back from
// inside a frame (a WebGL canvas is cleared once shown).
//
// Threading: the browser's main thread; the job system's workers are web
// workers (emscripten's pthreads) on a cross-origin-isolated page. The
// single-threaded build (web/CMakeLists.txt, TSL_WEB_THREADS=OFF: no
// __EMSCRIPTEN_PTHREADS__) tells the session that no worker can start, so the
// choices that need one fall back to the main thread and are shown disabled.
#include "app/cli/assets.h"
#include "app/frame/lab_app.h"
#include "app/platform/frame_loop.h"
#include "app/platform/gl.h"
#include "app/platform/glfw_keys.h"
#include "app/platform/web_lab.h"
#include "app/render/gl_util.h"

#include "app/ui/field_controls.h"

#include "core/media/image_io.h"
#include "core/session/lab_session.h"
#include "core/session/launch.h"
#include "core/settings/settings_schema.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

namespace tsl::app {

namespace {

// The page's status line (index.html's setStatus).
void set_status(const std::string& text) {
    EM_ASM({ if (Module.setStatus) Module.setStatus(UTF8ToString($0)); }, text.c_str());
}

// "%41" → "A", "+" → " " (a query's encoding).
std::string url_decoded(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '+') {
            out += ' ';
        } else if (text[i] == '%' && i + 2 < text.size() && std::isxdigit(static_cast<unsigned char>(text[i + 1])) &&
                   std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
            out += static_cast<char>(std::strtol(std::string(text.substr(i + 1, 2)).c_str(), nullptr, 16));
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

// Everything but letters, digits and -._~ as %XX.
std::string url_encoded(std::string_view text) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '-' || c == '.' || c == '_' || c == '~') {
            out += c;
        } else {
            out += '%';
            out += hex[u >> 4];
            out += hex[u & 15];
        }
    }
    return out;
}

// The launch the page's query asks for ("?lesson=timeslicing&step=3&set=mode=siso"),
// or the problem with it, one line.
struct QueryLaunch {
    LaunchRequest request;
    std::string problem;
};
QueryLaunch launch_of_query(std::string_view query) {
    QueryLaunch out;
    if (!query.empty() && query.front() == '?') query.remove_prefix(1);
    while (!query.empty()) {
        const std::size_t amp = query.find('&');
        const std::string_view item = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        if (item.empty()) continue;
        const std::size_t eq = item.find('=');
        const std::string key = url_decoded(item.substr(0, eq));
        const std::string value = eq == std::string_view::npos ? std::string() : url_decoded(item.substr(eq + 1));
        if (key == "scene") {
            out.request.scene = value;
        } else if (key == "preset") {
            out.request.preset = value;
        } else if (key == "lesson") {
            out.request.lesson = value;
        } else if (key == "step") {
            char* end = nullptr;
            const long step = std::strtol(value.c_str(), &end, 10);
            if (value.empty() || *end != 0 || step < 1 || step > 1000) {
                out.problem = "step=" + value + ": a whole number from 1 to 1000 is needed";
                return out;
            }
            out.request.step = static_cast<int>(step);
            out.request.step_given = true;
        } else if (key == "reveal") {
            out.request.reveal = value.empty() || value == "true" || value == "1";
        } else if (key == "set") {
            out.request.sets.push_back(value);
        } else {
            out.problem = "'" + key + "' is not a parameter of this page (scene, preset, lesson, step, reveal, set)";
            return out;
        }
    }
    return out;
}

// The view's parameters ("?lesson=timeslicing&step=3&set=mode%3Dsiso").
std::string query_of(const LaunchRequest& request) {
    std::string query;
    const auto add = [&](std::string_view key, const std::string& value) {
        query += (query.empty() ? "?" : "&") + std::string(key) + "=" + url_encoded(value);
    };
    if (!request.lesson.empty()) {
        add("lesson", request.lesson);
        add("step", std::to_string(request.step));
    }
    if (!request.preset.empty()) add("preset", request.preset);
    if (!request.scene.empty()) add("scene", request.scene);
    for (const std::string& assignment : request.sets) add("set", assignment);
    return query;
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
    std::string link;            // the last "copy link to this view" ("" — none yet)
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
    // The page has no clock of a thread's CPU time (emscripten's clock_gettime
    // refuses CLOCK_THREAD_CPUTIME_ID): the main thread's work is timed on the
    // wall clock (performance.now), and the figures say "wall".
    options.cpu_clock_ms = [] { return emscripten_get_now(); };
    options.cpu_clock_is_wall = true;
#ifndef __EMSCRIPTEN_PTHREADS__
    options.threads_unavailable = "needs a cross-origin isolated page; see web/README.md";
#endif
    auto session = std::make_unique<LabSession>(LabSettings{}, std::move(options));
    // The page's parameters, as the desktop's launch options; a problem is
    // shown on the status line and the lab starts with what did apply.
    std::string launch_problem;
    {
        const QueryLaunch asked = launch_of_query(emscripten_run_script_string("location.search"));
        if (!asked.problem.empty()) launch_problem = asked.problem;
        else if (const CommandResult r = launch(*session, asked.request); !r) launch_problem = r.problem;
    }
    lab->app = std::make_unique<LabApp>(std::move(session), "#version 300 es");
    lab->platform = std::make_unique<WebPlatform>(lab->window);
    lab->app->copy_link = [lab] {
        lab->link = query_of(launch_request_for(lab->app->session()));
        EM_ASM(
            {
                const url = location.origin + location.pathname + UTF8ToString($0);
                console.log('timeslice-lab: link to this view: ' + url);
                if (navigator.clipboard) navigator.clipboard.writeText(url).catch((e) => console.warn('the clipboard refused the link: ' + e));
            },
            lab->link.c_str());
    };
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
    if (!launch_problem.empty()) {
        std::fprintf(stderr, "timeslice-lab: %s\n", launch_problem.c_str());
        set_status("error: " + launch_problem);
    }
    emscripten_set_main_loop_arg(frame, lab, 0, false);
    return 0;
}

}  // namespace

LabApp* web_app() { return g_lab ? g_lab->app.get() : nullptr; }

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

// 1 in the threaded build, 0 in the single-threaded one.
EMSCRIPTEN_KEEPALIVE int tsl_web_threaded() {
#ifdef __EMSCRIPTEN_PTHREADS__
    return 1;
#else
    return 0;
#endif
}

// The frame-total plot's newest sample, ms (the main thread's work for a
// frame on the session's clock), and that plot's name; -1 before any sample.
EMSCRIPTEN_KEEPALIVE double tsl_web_frame_total_ms() {
    if (!tsl::app::g_lab) return -1;
    const tsl::PlotSeries& series = tsl::app::g_lab->app->session().plots().frame_total();
    return series.empty() ? -1 : series.newest().y;
}
EMSCRIPTEN_KEEPALIVE const char* tsl_web_frame_total_name() {
    return tsl::app::g_lab ? tsl::app::g_lab->app->session().plots().frame_total().name().c_str() : "";
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
// A setting's value as --set writes it ("siso"); "" for no such setting.
EMSCRIPTEN_KEEPALIVE const char* tsl_web_setting(const char* key) {
    static std::string value;
    value.clear();
    const tsl::FieldSpec* field = tsl::find_field(key);
    if (tsl::app::g_lab && field) value = tsl::format_value(*field, tsl::get_field(tsl::app::g_lab->app->session().settings(), *field));
    return value.c_str();
}

// The lesson and step shown ("timeslicing 3"), "" without a lesson.
EMSCRIPTEN_KEEPALIVE const char* tsl_web_lesson() {
    static std::string value;
    value.clear();
    if (!tsl::app::g_lab) return "";
    const tsl::LabSession& session = tsl::app::g_lab->app->session();
    if (session.lesson()) value = session.lesson()->name + " " + std::to_string(session.lesson_step() + 1);
    return value.c_str();
}

// The last line the panel drew in sight about choices that need worker threads ("" — none).
EMSCRIPTEN_KEEPALIVE const char* tsl_web_unavailable_line() { return tsl::app::last_unavailable_line().c_str(); }

// Presses "Copy link to this view" (as the panel's button does) and returns the link's parameters.
EMSCRIPTEN_KEEPALIVE const char* tsl_web_copy_link() {
    if (!tsl::app::g_lab) return "";
    tsl::app::g_lab->app->copy_link();
    return tsl::app::g_lab->link.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* tsl_web_capture_result() { return tsl::app::g_lab ? tsl::app::g_lab->capture_result.c_str() : ""; }

}  // extern "C"

int main() { return tsl::app::start(); }
