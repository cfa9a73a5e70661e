// web_checks.cpp — functions the browser test calls (web/test_*.py) to look
// into the page and to compare it with the desktop build:
//   - which threads run the job system's jobs (JobSystem::jobs_run);
//   - `trace` run in the page by the desktop's own code (run_trace,
//     run_engine_trace in app/cli/headless_commands.cpp, on the same command
//     line parsed by the same options), written into the page's memory file
//     system for the test to compare with the desktop's file;
//   - `record` run in the page by the desktop's own code (recording_session
//     and GifRecording in app/cli/record.cpp), drawn through the page's WebGL
//     context one GIF frame per animation frame;
//   - the page's layout: the rectangles of the panel, the scene's panes, the
//     dock and the lesson card, as the frame computes them (app/ui/layout.h);
//   - whether the page's clock puts a job on a worker after the kick that
//     scheduled it (core/base/page_clock.c).
// Built into the page only (web/CMakeLists.txt). Main thread.
#include "app/cli/headless_commands.h"
#include "app/cli/record.h"
#include "app/cli/scene_options.h"
#include "app/frame/lab_app.h"
#include "app/platform/headless_session.h"
#include "app/web/web_lab.h"
#include "app/render/palette.h"
#include "app/ui/layout.h"

#include "core/jobs/profiler.h"
#include "core/settings/settings_schema.h"

#include <CLI/CLI.hpp>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace tsl::app {

namespace {

#ifdef __EMSCRIPTEN_PTHREADS__  // trace and record: the threaded page only (their sessions have workers, as the desktop's)

// --- trace ---------------------------------------------------------------------------

// A trace being written by a thread of its own: the desktop's code blocks
// until the file is written, and the page's main thread must not (workers
// start only while it returns to the browser), so it runs beside it.
struct TraceRun {
    std::thread thread;
    std::atomic<bool> done{false};
    int status = 0;
};
TraceRun* g_trace = nullptr;

// The settings `timeslice-lab trace ARGS` runs with (main.cpp's trace
// command: the same options, parsed by CLI11, resolved by NpcRunOptions),
// and whether it runs the engine scene; the problem otherwise.
std::string trace_settings(const std::string& args, LabSettings& settings, std::int64_t& frames, bool& engine) {
    CLI::App command("trace");
    NpcRunOptions options;
    std::string scene;
    command.add_option("--scene", scene, "npc or engine")->check(field_validator(field_of(setting::scene)));
    add_npc_run_options(command, options);
    try {
        command.parse(args, false);
    } catch (const CLI::ParseError& e) {
        return e.what();
    }
    const Result<FieldValue> value = scene.empty() ? Failed{"no --scene"} : parse_value(field_of(setting::scene), scene);
    const bool scene_given = bool(value);
    if (scene_given && int_value(*value) == static_cast<int>(SceneKind::Exposure)) return "the exposure scene has no trace";
    if (const CommandResult resolved = options.resolve(command, settings); !resolved) return resolved.problem;
    const bool engine_asked = scene_given && int_value(*value) == static_cast<int>(SceneKind::Engine);
    if (scene_given && !engine_asked && settings.scene == SceneKind::Engine) return "the preset is for the engine scene";
    engine = engine_asked || settings.scene == SceneKind::Engine;
    frames = options.frames;
    return {};
}

// --- record --------------------------------------------------------------------------

struct RecordRun {
    std::unique_ptr<HeadlessSession> target;
    std::unique_ptr<GifRecording> recording;
    std::string result;  // "" while recording, then "ok" or "error: ..."
};
RecordRun* g_record = nullptr;

// Back to the page's ImGui context (a recording's app has its own; the
// page's GLFW callbacks use whichever is current).
void restore_page_imgui() {
    if (LabApp* app = web_app()) ImGui::SetCurrentContext(app->imgui_context());
}

void end_record(const std::string& result) {
    g_record->recording.reset();
    g_record->target.reset();
    restore_page_imgui();
    g_record->result = result;
}

// One GIF frame per animation frame, beside the page's own frame.
EM_BOOL record_frame(double, void*) {
    if (!g_record || !g_record->recording) return EM_FALSE;
    GifRecording& recording = *g_record->recording;
    if (!recording.all_added()) {
        const Status added = recording.add_frame();
        restore_page_imgui();
        if (!added) {
            end_record("error: " + added.error());
            return EM_FALSE;
        }
        return EM_TRUE;
    }
    const Status done = recording.finish();
    end_record(done ? "ok" : "error: " + done.error());
    return EM_FALSE;
}

#endif  // __EMSCRIPTEN_PTHREADS__

// --- layout --------------------------------------------------------------------------

void add_rect(std::string& json, const char* name, const PixelRect& r) {
    char text[160];
    std::snprintf(text, sizeof text, "\"%s\":[%.1f,%.1f,%.1f,%.1f]", name, r.x, r.y, r.w, r.h);
    if (json.size() > 1) json += ',';
    json += text;
}

}  // namespace

// The page has one WebGL context, its canvas's: no other can be made. A
// session without a window draws in it instead (HeadlessSession::in_current_context).
Result<std::unique_ptr<OffscreenContext>> OffscreenContext::create() {
    return Failed{"the page has no offscreen context of its own; draw in the canvas's"};
}

}  // namespace tsl::app

extern "C" {

// Runs by the job system's workers so far (plain jobs and loop claims), and
// by every other thread together (the main thread helping in complete()).
EMSCRIPTEN_KEEPALIVE double tsl_web_jobs_run_on_workers() {
    tsl::app::LabApp* app = tsl::app::web_app();
    return app ? static_cast<double>(app->session().jobs().stats().runs_on_workers) : -1;
}
EMSCRIPTEN_KEEPALIVE double tsl_web_jobs_run_elsewhere() {
    tsl::app::LabApp* app = tsl::app::web_app();
    return app ? static_cast<double>(app->session().jobs().stats().runs_elsewhere) : -1;
}
// Decision jobs the first NPC pane started in its last step (inline or not).
EMSCRIPTEN_KEEPALIVE double tsl_web_jobs_started() {
    tsl::app::LabApp* app = tsl::app::web_app();
    return app && app->session().panes().size() > 0 ? app->session().pane(0).metrics().jobs_started : -1;
}

// The page's clock across threads (core/base/page_clock.c): `trials` jobs,
// one at a time, scheduled on the session's job system by the main thread,
// which notes the time just before and then waits for each without helping
// (so a worker runs it); the least time from that note to the job's start on
// its worker, in microseconds, on Profiler::now_ns (the clock of the
// timeline's zones). A job cannot start before it is scheduled, so on one
// clock this is at least minus the browser's rounding of two reads. NaN where
// no worker ran them: the single-threaded page, or none within a second.
EMSCRIPTEN_KEEPALIVE double tsl_web_clock_kick_to_job_us(int trials) {
    tsl::app::LabApp* app = tsl::app::web_app();
    if (!app || app->session().jobs().worker_count() == 0) return NAN;
    tsl::JobSystem& jobs = app->session().jobs();
    double least_us = INFINITY;
    for (int k = 0; k < trials; ++k) {
        std::atomic<std::int64_t> started_ns{0};
        std::atomic<bool> on_worker{false};
        const std::int64_t kick_ns = tsl::Profiler::now_ns();
        const tsl::JobHandle job = jobs.schedule([&] {
            started_ns.store(tsl::Profiler::now_ns(), std::memory_order_relaxed);
            on_worker.store(tsl::JobSystem::current_worker_index() != 0, std::memory_order_release);
        });
        while (started_ns.load(std::memory_order_acquire) == 0 && tsl::Profiler::now_ns() - kick_ns < 1'000'000'000) {
        }
        jobs.complete(job);  // runs it here if no worker came
        if (!on_worker.load(std::memory_order_acquire)) return NAN;
        least_us = std::min(least_us, static_cast<double>(started_ns.load(std::memory_order_relaxed) - kick_ns) * 1e-3);
    }
    return least_us;
}

// Starts `timeslice-lab trace ARGS --out OUT` ("--preset siso-10hz --frames
// 90", OUT in the page's file system) on a thread of its own: "" when started,
// else the problem. tsl_web_trace_status(): -1 while it runs, then the
// command's exit status.
EMSCRIPTEN_KEEPALIVE const char* tsl_web_trace_start(const char* args, const char* out) {
    static std::string problem;
    problem.clear();
#ifndef __EMSCRIPTEN_PTHREADS__
    (void)args;
    (void)out;
    problem = "the trace runs in the threaded page only (it needs a thread beside the page's)";
#else
    using namespace tsl::app;
    if (g_trace && !g_trace->done.load()) {
        problem = "a trace is being written";
        return problem.c_str();
    }
    tsl::LabSettings settings;
    std::int64_t frames = 0;
    bool engine = false;
    problem = trace_settings(args, settings, frames, engine);
    if (!problem.empty()) return problem.c_str();
    if (g_trace && g_trace->thread.joinable()) g_trace->thread.join();
    delete g_trace;
    g_trace = new TraceRun;
    g_trace->thread = std::thread([run = g_trace, settings, frames, engine, path = std::string(out)] {
        run->status = engine ? run_engine_trace(settings, frames, path, false) : run_trace(settings, frames, path, false);
        run->done.store(true);
    });
#endif
    return problem.c_str();
}
EMSCRIPTEN_KEEPALIVE int tsl_web_trace_status() {
#ifndef __EMSCRIPTEN_PTHREADS__
    return -2;
#else
    using namespace tsl::app;
    if (!g_trace) return -2;
    if (!g_trace->done.load()) return -1;
    if (g_trace->thread.joinable()) g_trace->thread.join();
    return g_trace->status;
#endif
}

// Starts `timeslice-lab record --preset PRESET --seconds SECONDS --size
// WIDTHxHEIGHT` (and --scene, --set NAME=VALUE as there) writing OUT in the
// page's file system, a frame per animation frame: "" when started, else the
// problem. tsl_web_record_result(): "" while it records, then "ok" or "error: ...".
EMSCRIPTEN_KEEPALIVE const char* tsl_web_record_start(const char* args, const char* out) {
    using namespace tsl::app;
    static std::string problem;
    problem.clear();
#ifndef __EMSCRIPTEN_PTHREADS__
    (void)args;
    (void)out;
    problem = "the recording runs in the threaded page only (its session has workers, as the desktop's)";
    return problem.c_str();
#else
    if (g_record && g_record->result.empty()) {
        problem = "a recording is being made";
        return problem.c_str();
    }
    RecordOptions options;
    options.out = out;
    options.progress = false;
    std::string size = "496x300";
    CLI::App command("record");
    command.add_option("--preset", options.preset);
    command.add_option("--seconds", options.seconds);
    command.add_option("--size", size);
    command.add_option("--scene", options.scene);
    command.add_option("--set", options.sets);
    try {
        command.parse(args, false);
    } catch (const CLI::ParseError& e) {
        problem = e.what();
        return problem.c_str();
    }
    if (std::sscanf(size.c_str(), "%dx%d", &options.width, &options.height) != 2 || options.width < 1 || options.height < 1) {
        problem = "--size " + size + ": WIDTHxHEIGHT needed";
        return problem.c_str();
    }
    tsl::Result<std::unique_ptr<tsl::LabSession>> lab = recording_session(options, options.preset);
    if (!lab) {
        problem = lab.error();
        return problem.c_str();
    }
    delete g_record;
    g_record = new RecordRun;
    const tsl::Status started = [&]() -> tsl::Status {
        tsl::Result<std::unique_ptr<HeadlessSession>> target = HeadlessSession::in_current_context(options.width, options.height);
        if (!target) return target.failure();
        g_record->target = std::move(*target);
        tsl::Result<std::unique_ptr<GifRecording>> recording =
            GifRecording::start(*g_record->target, std::move(*lab), options.seconds, options.out, "#version 300 es");
        if (!recording) return recording.failure();
        g_record->recording = std::move(*recording);
        return {};
    }();
    restore_page_imgui();
    if (!started) {
        problem = started.error();
        g_record->target.reset();
        g_record->result = "error: " + problem;
        return problem.c_str();
    }
    emscripten_request_animation_frame_loop(record_frame, nullptr);
    return problem.c_str();
#endif
}
EMSCRIPTEN_KEEPALIVE const char* tsl_web_record_result() {
#ifdef __EMSCRIPTEN_PTHREADS__
    if (tsl::app::g_record) return tsl::app::g_record->result.c_str();
#endif
    return "error: none started";
}

// The page's layout as its frame computes it, JSON: the display (UI
// coordinates) and the canvas's drawing buffer in pixels, the rectangles
// [x, y, w, h] in UI coordinates of the panel, scene, dock, lesson card and
// presenter plot (app/ui/layout.h; [0,0,0,0] where there is none) and of
// each pane of the scene as draw_scene places them, and the palette's
// background colour (0-255).
EMSCRIPTEN_KEEPALIVE const char* tsl_web_layout() {
    using namespace tsl::app;
    static std::string json;
    json = "{}";
    LabApp* app = web_app();
    if (!app) return json.c_str();
    ImGui::SetCurrentContext(app->imgui_context());
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const tsl::LabSession& session = app->session();
    const tsl::LabSettings& s = session.settings();
    const Layout layout = compute_layout(s, session.lesson() != nullptr, display);
    std::vector<tsl::PixelRect> panes;
    if (session.showing_exposure()) panes = {layout.scene};
    else if (session.showing_engine()) panes = pane_rects(layout.scene, session.engine()->size(), s.ui_scale);
    else if (s.npc.world.look == tsl::NpcLook::Article) panes = article_stage(layout.scene, session.panes().size(), s.ui_scale).panes;
    else panes = pane_rects(layout.scene, session.panes().size(), s.ui_scale);
    int fb_w = 0, fb_h = 0;
    emscripten_get_canvas_element_size("#canvas", &fb_w, &fb_h);
    const Rgba bg = palette(s.palette).background;
    char head[200];
    std::snprintf(head, sizeof head, "{\"display\":[%.1f,%.1f],\"framebuffer\":[%d,%d],\"background\":[%d,%d,%d]", display.x, display.y, fb_w, fb_h,
                  static_cast<int>(std::lround(bg.r * 255)), static_cast<int>(std::lround(bg.g * 255)), static_cast<int>(std::lround(bg.b * 255)));
    json = head;
    add_rect(json, "panel", layout.panel);
    add_rect(json, "scene", layout.scene);
    add_rect(json, "dock", layout.dock);
    add_rect(json, "lesson", layout.lesson);
    add_rect(json, "plot", layout.plot);
    json += ",\"panes\":[";
    for (std::size_t i = 0; i < panes.size(); ++i) {
        char text[120];
        std::snprintf(text, sizeof text, "%s[%.1f,%.1f,%.1f,%.1f]", i ? "," : "", panes[i].x, panes[i].y, panes[i].w, panes[i].h);
        json += text;
    }
    json += "]}";
    return json.c_str();
}

}  // extern "C"
