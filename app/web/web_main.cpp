// web_main.cpp — the browser platform (built by emscripten only, web/): a GLFW
// window on the page's canvas (emscripten's GLFW; WebGL 2, which is OpenGL ES
// 3.0), the lab's keys and ImGui's GLFW backend as on the desktop, and the
// frame loop (frame_loop.h) called by the browser once per animation frame
// through emscripten_set_main_loop_arg — never a blocking loop, which would
// freeze the page.
//
// Links into the lab: the page's address takes what the desktop's --scene,
// --preset, --lesson, --step, --reveal and --set do, as the parameters scene,
// preset, lesson, step, reveal and set (core/session/launch_query.h), applied
// through the same launch() (core/session/launch.h) with the same one-line
// problems, shown on the status line. "Copy link to this view" writes the
// address of what is shown (launch_request_for) to the clipboard.
//
// The page's files — what the app saves offered as downloads, the settings
// kept in the browser's storage, preset and lesson files opened from disk —
// are web_files.cpp's; this file wires them in.
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
//
// [SECTION] The page as a Platform
// [SECTION] Keys and characters
// [SECTION] Start and the frame
// [SECTION] What the page and its tests call
#include "app/cli/assets.h"
#include "app/frame/boot.h"
#include "app/frame/lab_app.h"
#include "app/frame/settings_keeper.h"
#include "app/platform/frame_loop.h"
#include "app/render/gl.h"
#include "app/platform/glfw_keys.h"
#include "app/web/web_bench.h"
#include "app/web/web_files.h"
#include "app/web/web_lab.h"
#include "app/render/gl_util.h"

#include "app/ui/field_controls.h"
#include "app/ui/text.h"
#include "app/ui/ui_text.h"

#include "core/media/image_io.h"
#include "core/session/lab_session.h"
#include "core/session/launch.h"
#include "core/session/launch_query.h"
#include "core/settings/settings_schema.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_internal.h>  // FindWindowByName (tsl_web_window)
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace tsl::app {

namespace {

// --- [SECTION] The page as a Platform ---------------------------------------------

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
        // ImGui works in the page's CSS pixels; the canvas has the screen's
        // (fit_canvas): the display and the pointer in CSS pixels, the
        // framebuffer scale the device pixel ratio (ui_style.h makes the
        // fonts' pixels the screen's, so text is sharp at 2).
        ImGuiIO& io = ImGui::GetIO();
        if (density_ != 1.0f) {
            io.DisplaySize = {io.DisplaySize.x / density_, io.DisplaySize.y / density_};
            io.DisplayFramebufferScale = {density_, density_};
            if (ImGui::IsMousePosValid(&io.MousePos)) io.MousePos = {io.MousePos.x / density_, io.MousePos.y / density_};
        }
        // Tab is the lab's key for the panel, as on the desktop (window_main.cpp).
        io.KeyMap[ImGuiKey_Tab] = io.WantTextInput ? GLFW_KEY_TAB : -1;
    }
    void present() override {}  // the browser shows the canvas when the frame's callback returns
    // The page's files are in its memory: a saved file becomes a download (web_files.h).
    std::string hand_over_file(const std::string& path) override { return download_file(path); }

    // F: the page on the whole screen, and back — the page, not only its
    // canvas, so that its own text (the card as text, a notice, the status
    // line) stays in sight. A browser allows that only while it handles the
    // user's own input, so the F key asks for it in its own key event
    // (key_event), before the lab's frame sees the key; the frame's request
    // then finds it done. Any other request asks at once and, if refused,
    // again at the next click, key or touch.
    void key_event(int key, int action, int mods) {
        if (key != GLFW_KEY_F || action != GLFW_PRESS || mods != 0 || ImGui::GetIO().WantTextInput) return;
        toggle_fullscreen_now();
        toggled_by_key_ = true;
    }
    void toggle_fullscreen() override {
        if (std::exchange(toggled_by_key_, false)) return;
        toggle_fullscreen_now();
    }
    bool fullscreen() const override { return EM_ASM_INT({ return document.fullscreenElement ? 1 : 0; }) != 0; }
    // emscripten's GLFW cannot hide the pointer: the canvas's style does.
    const char* update_pointer(bool enabled) override {
        const char* change = pointer_.update(window_, enabled, now_s());
        if (*change) EM_ASM({ Module.canvas.style.cursor = $0 ? 'none' : 'auto'; }, pointer_.hidden());
        return change;
    }

    std::vector<KeyPress>* queue() { return &queued_; }

private:
    // The canvas fills the page (index.html's style): its drawing buffer
    // follows the size the page gives it, in the screen's pixels (CSS pixels
    // times the device pixel ratio: 2 on most tablets and phones, and what
    // the browser's zoom makes it). emscripten's GLFW (3.1.6) knows no such
    // ratio: its window, framebuffer and pointer are all in the canvas's
    // pixels, and new_imgui_frame turns them into CSS pixels for ImGui.
    // Set on the canvas itself, never through glfwSetWindowSize: emscripten's
    // GLFW takes a size equal to the screen's (a browser on the whole screen,
    // F11, a kiosk) as a request for full screen, which the browser refuses
    // outside a click.
    void fit_canvas() {
        double css_w = 0, css_h = 0;
        if (emscripten_get_element_css_size("#canvas", &css_w, &css_h) != EMSCRIPTEN_RESULT_SUCCESS) return;
        const double ratio = std::clamp(emscripten_get_device_pixel_ratio(), 1.0, 4.0);
        const int w = std::max(1, static_cast<int>(std::lround(css_w * ratio))), h = std::max(1, static_cast<int>(std::lround(css_h * ratio)));
        density_ = css_w > 0 ? static_cast<float>(w / css_w) : 1.0f;
        int now_w = 0, now_h = 0;
        glfwGetWindowSize(window_, &now_w, &now_h);
        if (w != now_w || h != now_h) EM_ASM({ Browser.setCanvasSize($0, $1); }, w, h);  // GLFW hears of it as a resize
    }

    void toggle_fullscreen_now() {
        if (fullscreen()) {
            EM_ASM({ if (document.exitFullscreen) document.exitFullscreen().catch((e) => console.warn('full screen: ' + e)); });
            return;
        }
        EM_ASM({
            const ask = () => document.documentElement.requestFullscreen();
            ask().catch(() => {  // no input of the user's to allow it yet: at the next one
                const kinds = ['mouseup', 'keyup', 'touchend'];
                const again = () => {
                    for (const kind of kinds) window.removeEventListener(kind, again, true);
                    ask().catch((e) => console.warn('full screen refused: ' + e));
                };
                for (const kind of kinds) window.addEventListener(kind, again, true);
            });
        });
    }

    GLFWwindow* window_;
    std::vector<KeyPress> queued_;
    IdlePointer pointer_;
    bool toggled_by_key_ = false;  // the F key asked in its own event; the frame's request is done
    float density_ = 1.0f;         // the canvas's pixels per CSS pixel (fit_canvas)
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
    std::string address_shows;   // the lesson step the address names (address_key)
    bool chinese_font_asked = false;  // fetch_chinese_font has started its download
    std::array<bool, kLanguages> language_asked{};  // fetch_language has started that language's download
    std::array<bool, kLanguages> language_done{};   // ... and it has arrived, or failed (the page says what it can then)
    // The single-threaded page's notice, said once its language's words are
    // here: what the link asked that runs on the main thread instead ("" —
    // nothing); `notice_due`: not said yet.
    std::string notice_changes;
    bool notice_due = false;
};

WebLab* g_lab = nullptr;

// --- [SECTION] Keys and characters ------------------------------------------------

// The page's key callback: the lab's queue (as on the desktop), then what the
// page must do inside the key's own event (full screen). The keys that are
// characters on one layout and not another ("?" is Shift+/ in the US, Shift+ß
// in Germany, Shift+, in France) come by the character typed (web_char):
// emscripten's GLFW names a key by the US key at its place.
void web_key(GLFWwindow* window, int key, int scancode, int action, int mods) {
    if (key != GLFW_KEY_SLASH && key != GLFW_KEY_MINUS && key != GLFW_KEY_KP_SUBTRACT && key != GLFW_KEY_EQUAL) queue_lab_key(window, key, scancode, action, mods);
    if (g_lab && g_lab->platform) g_lab->platform->key_event(key, action, mods);
}

// A character typed: "?", "-" and "=" as the lab's keys, on any layout.
void web_char(GLFWwindow* window, unsigned int codepoint) {
    auto* queue = static_cast<std::vector<KeyPress>*>(glfwGetWindowUserPointer(window));
    if (!queue) return;
    if (codepoint == '?') queue->push_back({Key::Slash, kShift, false});
    else if (codepoint == '-') queue->push_back({Key::Minus, kNoMods, false});
    else if (codepoint == '=') queue->push_back({Key::Equal, kNoMods, false});
}

}  // namespace

LabApp* web_app() { return g_lab ? g_lab->app.get() : nullptr; }

namespace {

// --- [SECTION] Start and the frame ------------------------------------------------

void capture(WebLab& lab) {
    lab.capture_requested = false;
    const FrameTarget t = lab.platform->target();
    Image image;
    image.width = t.width;
    image.height = t.height;
    image.rgba.resize(static_cast<std::size_t>(t.width) * t.height * 4);
    read_framebuffer(0, 0, 0, t.width, t.height, image.rgba.data());
    const std::string path = "/tmp/canvas.png";
    const Status written = write_png(path, image);
    lab.capture_result = written ? path : "error: " + written.error();
}

// The lesson, step and reveal shown ("" — no lesson): what the address follows.
std::string address_key(const LabSession& s) {
    if (!s.lesson()) return {};
    return s.lesson()->name + " " + std::to_string(s.lesson_step()) + (s.lesson_revealed() ? " revealed" : "");
}

// The address follows the lesson: a history entry for each step and reveal
// shown, so that the browser's Back and Forward move between them
// (tsl_web_show_address) and a copied address opens what is shown.
void follow_in_address(WebLab& lab) {
    std::string shown = address_key(lab.app->session());
    if (shown == lab.address_shows) return;
    lab.address_shows = std::move(shown);
    const std::string query = query_of(launch_request_for(lab.app->session()));
    EM_ASM({ history.pushState(null, '', location.pathname + UTF8ToString($0)); }, query.c_str());
}

// The Chinese font (cut to the glossary's characters, web/CMakeLists.txt) is
// not in the first download: it is fetched the first time a frame shows
// Chinese, into the place the desktop reads it from, and the fonts are built
// again once it is there. Until then Chinese shows as "?", and the glossary
// says why.
void fetch_chinese_font(WebLab& lab) {
    if (lab.chinese_font_asked || !lab.app->showed_chinese()) return;
    lab.chinese_font_asked = true;
    std::error_code ec;
    std::filesystem::create_directories("/usr/share/fonts/truetype/wqy", ec);
    emscripten_async_wget(
        "wqy-microhei.ttf", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        [](const char*) {
            if (g_lab) g_lab->app->chinese_font_arrived();
        },
        [](const char*) { EM_ASM({ console.warn('the Chinese font (wqy-microhei.ttf) did not load: Chinese shows as ?'); }); });
}

// A language besides English is not in the first download (its words, and
// the lessons' and presets' tables in it: web/split_languages.py): the first
// time it is chosen, its one file lang-<code>.json is fetched, each of the
// files it holds written into the assets folder, and the catalog, the lesson
// under way and the fonts are read again. Until then, or if it does not
// arrive, the page shows English (the card says so).
void fetch_language(WebLab& lab) {
    const Language language = lab.app->session().settings().language;
    if (language == Language::En || lab.language_asked[static_cast<std::size_t>(language)]) return;
    lab.language_asked[static_cast<std::size_t>(language)] = true;
    const std::string url = "lang-" + std::string(language_code(language)) + ".json";
    // The language asked for travels with the request (the class may choose another before it arrives).
    emscripten_async_wget_data(
        url.c_str(), reinterpret_cast<void*>(static_cast<std::uintptr_t>(language)),
        [](void* asked, void* data, int size) {
            if (g_lab) g_lab->language_done[reinterpret_cast<std::uintptr_t>(asked)] = true;
            const nlohmann::json bundle = nlohmann::json::parse(static_cast<const char*>(data), static_cast<const char*>(data) + size, nullptr, false);
            if (!g_lab || !bundle.is_object() || !bundle.contains("files") || !bundle["files"].is_object()) return;
            const auto write = [](const std::string& path, const std::string& text) {
                const std::filesystem::path file = std::filesystem::path(assets_directory()) / path;
                std::error_code ec;
                std::filesystem::create_directories(file.parent_path(), ec);
                std::ofstream(file, std::ios::binary) << text;
            };
            for (const auto& [path, text] : bundle["files"].items())
                if (text.is_string() && path.find("..") == std::string::npos) write(path, text.get<std::string>());
            // The words as the language's file (core/content/translation.h): "English" = "...", each a JSON
            // string, which TOML reads as the same basic string.
            if (bundle.contains("words") && bundle["words"].is_object()) {
                std::string words;
                for (const auto& [english, text] : bundle["words"].items())
                    if (text.is_string()) words += nlohmann::json(english).dump() + " = " + text.dump() + "\n";
                write("lang/" + std::string(language_code(static_cast<Language>(reinterpret_cast<std::uintptr_t>(asked)))) + ".toml", words);
            }
            g_lab->app->translations_arrived();
        },
        [](void* asked) {
            EM_ASM({ console.warn('the file of a language did not load: the page stays in English'); });
            if (g_lab) g_lab->language_done[reinterpret_cast<std::uintptr_t>(asked)] = true;
        });
}

// The single-threaded page's notice, once, calmly (index.html links to why),
// in the lab's language: said once that language's words have arrived (or
// could not), at once in English.
void say_notice(WebLab& lab) {
    const Language language = lab.app->session().settings().language;
    if (!lab.notice_due || (language != Language::En && !lab.language_done[static_cast<std::size_t>(language)])) return;
    lab.notice_due = false;
    const Words& tr = ui_words();
    std::string note = tr("This page runs every job on the main thread: it is not cross-origin isolated, so it has no worker threads.");
    if (!lab.notice_changes.empty()) note += formatted(tr(" Changed: %s."), lab.notice_changes.c_str());
    std::printf("timeslice-lab: %s\n", note.c_str());
    set_status("notice: " + note);
}

void frame(void* arg) {
    WebLab& lab = *static_cast<WebLab*>(arg);
    if (!lab.loop->frame()) {
        emscripten_cancel_main_loop();
        set_status(tr("closed (reload the page to start again)"));
        return;
    }
    follow_in_address(lab);
    fetch_chinese_font(lab);
    fetch_language(lab);
    say_notice(lab);
    mirror_card(*lab.app);
    // The default framebuffer still holds this frame until the callback returns.
    if (lab.capture_requested) capture(lab);
    store_changed_settings(*lab.app);
    if (++lab.frames == 1) set_status("ready");
}

int start() {
    GLFWwindow* window = open_canvas_window(1280, 720, "Timeslice Lab");
    if (!window) return 1;
    auto* lab = new WebLab;
    lab->window = window;

    SessionOptions options;
    options.assets_dir = assets_directory();
    options.rewind = true;  // the left arrow steps back (core/session/rewind.h)
    // A quarter of the desktop's budget: a tablet's browser holds the page's memory too
    // (a large scene keeps a state less often, and each step back replays more).
    options.rewind_budget_bytes = Rewind::kBudgetBytes / 4;
    // The page has no clock of a thread's CPU time (emscripten's clock_gettime
    // refuses CLOCK_THREAD_CPUTIME_ID): the main thread's work is timed on the
    // wall clock (performance.now), and the figures say "wall".
    options.cpu_clock_ms = [] { return emscripten_get_now(); };
    options.cpu_clock_is_wall = true;
#ifdef __EMSCRIPTEN_PTHREADS__
    // The job system's workers are web workers the page started with (one per
    // core the browser reports, at most TSL_WEB_MAX_WORKERS; web/CMakeLists.txt):
    // a thread past those would start only once this frame returned.
    options.max_workers = std::min(EM_ASM_INT({ return navigator.hardwareConcurrency || 1; }), TSL_WEB_MAX_WORKERS);
    options.max_workers_reason = "the page has " + std::to_string(options.max_workers) + " web workers for the job system";
#else
    options.threads_unavailable = "this page is not cross-origin isolated, which threads in a browser need";
#endif
    // The settings the browser kept (web_files.h), as the desktop reads
    // settings.toml, and the page's parameters, as the desktop's launch
    // options (boot.h). A launch problem is shown on the status line and the
    // lab starts with what did apply; what was changed to fit the page (a
    // lesson step's workers where none can start) does not stop the launch,
    // and is a calm notice.
    const SettingsLoad stored = load_stored_settings();
    const QueryLaunch asked = launch_of_query(emscripten_run_script_string("location.search"));
    // The browser's language, as the desktop takes the locale's: before the stored settings and lang=.
    const Language language = language_from_locale(emscripten_run_script_string("navigator.language || ''"));
    Boot boot = boot_lab(std::move(options), &stored, asked.problem.empty() ? asked.request : LaunchRequest{}, language);
    const std::string launch_problem = asked.problem.empty() ? boot.launched.problem : asked.problem;
    std::string launch_note = boot.launched.note();
    lab->app = std::make_unique<LabApp>(std::move(boot.session), "#version 300 es");
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
    lab->app->open_file = [] { pick_file(); };
    ImGui::SetCurrentContext(lab->app->imgui_context());
    glfwSetWindowUserPointer(lab->window, lab->platform->queue());
    glfwSetKeyCallback(lab->window, web_key);
    glfwSetCharCallback(lab->window, web_char);
    ImGui_ImplGlfw_InitForOpenGL(lab->window, true);
    if (const Status made = lab->app->init(); !made) {
        std::fprintf(stderr, "timeslice-lab: %s\n", made.error().c_str());
        set_status("error: " + made.error());
        return 1;
    }
    std::printf("timeslice-lab: %s, %d workers\n", gl_description().c_str(), lab->app->session().jobs().worker_count());
    lab->loop = std::make_unique<FrameLoop>(*lab->platform, *lab->app);
    lab->address_shows = address_key(lab->app->session());  // the address it was opened at
    start_storing_settings(boot.from_store, lab->app->session().settings());
    g_lab = lab;
    if (const std::string all = post_store_problems(*lab->app, boot); !all.empty()) set_status("error: " + all);
    if (!launch_problem.empty()) {
        std::fprintf(stderr, "timeslice-lab: %s\n", launch_problem.c_str());
        set_status("error: " + launch_problem);
    } else {
#ifndef __EMSCRIPTEN_PTHREADS__
        // Once, calmly: the page runs everything on the main thread (index.html
        // links to why), and what the link asked that runs there instead (the
        // changes alone: the first sentence gives their reason).
        for (const FitChange& f : boot.launched.fitted) lab->notice_changes += (lab->notice_changes.empty() ? "" : "; ") + f.changes;
        lab->notice_due = true;  // in the page's language, once its words are here (say_notice)
        launch_note.clear();
#endif
        if (!launch_note.empty()) {
            std::printf("timeslice-lab: %s\n", launch_note.c_str());
            set_status("notice: " + launch_note);
        }
    }
    emscripten_set_main_loop_arg(frame, lab, 0, false);
    return 0;
}

}  // namespace

void set_status(const std::string& text) {
    EM_ASM({ if (Module.setStatus) Module.setStatus(UTF8ToString($0)); }, text.c_str());
}

GLFWwindow* open_canvas_window(int width, int height, const char* title) {
    if (!glfwInit()) {
        set_status("error: GLFW cannot start");
        return nullptr;
    }
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    GLFWwindow* window = glfwCreateWindow(width, height, title, nullptr, nullptr);
    if (!window) {
        set_status("error: this browser gives the page no WebGL 2 context");
        return nullptr;
    }
    glfwMakeContextCurrent(window);
    return window;
}

}  // namespace tsl::app

// --- [SECTION] What the page and its tests call -----------------------------------

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

// The lesson and step shown ("timeslicing 3", "timeslicing 3 revealed"), "" without a lesson.
EMSCRIPTEN_KEEPALIVE const char* tsl_web_lesson() {
    static std::string value;
    value.clear();
    if (!tsl::app::g_lab) return "";
    const tsl::LabSession& session = tsl::app::g_lab->app->session();
    if (session.lesson())
        value = session.lesson()->name + " " + std::to_string(session.lesson_step() + 1) + (session.lesson_revealed() ? " revealed" : "");
    return value.c_str();
}

// What the lesson card says runs here instead of what its step asks ("" — the step runs as written).
EMSCRIPTEN_KEEPALIVE const char* tsl_web_on_this_page() {
    static std::string value;
    value = tsl::app::g_lab ? tsl::app::g_lab->app->session().lesson_card().on_this_page : std::string();
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

// The wheel and two-finger scrolls as the desktop's GLFW gives them, the page
// having measured them (index.html): one notch of a wheel is 1, up and left positive.
EMSCRIPTEN_KEEPALIVE void tsl_web_scroll(double x, double y) {
    if (tsl::app::g_lab) ImGui_ImplGlfw_ScrollCallback(tsl::app::g_lab->window, x, y);
}

// The lessons as the panel's picker lists them, for the page's start card:
// [{"name": ..., "title": ..., "description": ...}, ...] in teaching order.
EMSCRIPTEN_KEEPALIVE const char* tsl_web_lessons() {
    static std::string value;
    nlohmann::json lessons = nlohmann::json::array();
    if (tsl::app::g_lab)
        for (const tsl::CatalogEntry& e : tsl::app::g_lab->app->session().catalog().lessons)
            lessons.push_back({{"name", e.name},
                               {"title", e.title_in(tsl::app::g_lab->app->session().settings().language)},
                               {"description", e.description_in(tsl::app::g_lab->app->session().settings().language)}});
    value = lessons.dump();
    return value.c_str();
}

// The browser's Back or Forward (index.html's popstate): the lesson step the
// address names, revealed or not. Only the lesson follows the address; the
// settings stay as they are.
EMSCRIPTEN_KEEPALIVE void tsl_web_show_address(const char* query) {
    using namespace tsl;
    app::WebLab* lab = app::g_lab;
    if (!lab) return;
    const QueryLaunch asked = launch_of_query(query);
    if (!asked.problem.empty()) return;
    const LaunchRequest& r = asked.request;
    LabSession& s = lab->app->session();
    if (r.lesson.empty()) {
        if (s.lesson()) lab->app->apply(StopLesson{});
    } else if (!s.lesson() || s.lesson()->name != r.lesson) {
        lab->app->apply(StartLesson{r.lesson, r.step - 1, r.reveal});
    } else if (s.lesson_step() != r.step - 1 || (s.lesson_revealed() && !r.reveal)) {
        lab->app->apply(GoToStep{r.step - 1});
        if (r.reveal) lab->app->apply(LessonForward{});
    } else if (r.reveal && !s.lesson_revealed()) {
        lab->app->apply(LessonForward{});
    }
    lab->address_shows = app::address_key(s);  // shown because the address says so: no new entry
}

// The UI probe's state line of the frame shown (ui_probe.h): "scene=npc frame=120 ... help=keys ...".
EMSCRIPTEN_KEEPALIVE const char* tsl_web_state() {
    static std::string value;
    value = tsl::app::g_lab ? tsl::app::g_lab->app->probe_state() : std::string();
    return value.c_str();
}

// A window of the last frame as "X Y W H SCROLL_Y SCROLL_MAX_Y" in pixels ("" — not shown).
EMSCRIPTEN_KEEPALIVE const char* tsl_web_window(const char* name) {
    static std::string value;
    value.clear();
    const ImGuiWindow* w = tsl::app::g_lab ? ImGui::FindWindowByName(name) : nullptr;
    if (w && w->WasActive)
        value = std::to_string(w->Pos.x) + " " + std::to_string(w->Pos.y) + " " + std::to_string(w->Size.x) + " " + std::to_string(w->Size.y) + " " +
                std::to_string(w->Scroll.y) + " " + std::to_string(w->ScrollMax.y);
    return value.c_str();
}

// The body text's size as drawn, in CSS pixels, and as its glyphs were
// rasterised, in the canvas's pixels: "17 34" at a device pixel ratio of 2.
EMSCRIPTEN_KEEPALIVE const char* tsl_web_font_px() {
    static std::string value;
    value.clear();
    if (!tsl::app::g_lab) return "";
    ImGui::SetCurrentContext(tsl::app::g_lab->app->imgui_context());
    const ImFont* font = ImGui::GetIO().FontDefault;
    if (font) value = std::to_string(font->FontSize * ImGui::GetIO().FontGlobalScale) + " " + std::to_string(font->FontSize);
    return value.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* tsl_web_capture_result() { return tsl::app::g_lab ? tsl::app::g_lab->capture_result.c_str() : ""; }

}  // extern "C"

int main() {
    // index.html?bench: the benchmarks instead of the lab (web_bench.cpp).
    if (tsl::app::web_bench_requested()) return tsl::app::start_web_bench();
    return tsl::app::start();
}
