// web_bench.cpp — index.html?bench: the lookup, threads (dispatch, fork-join,
// parallel for), exposure and frame groups of `timeslice-lab bench` (the same
// code: app/cli/bench*.cpp), run in the browser page, each record printed on
// a line of the page's <pre id="bench"> as it is measured; at the end the
// <pre> and the console get the whole run as `bench --json` prints it (one
// array, the same layout); then the status line says "done".
//
// Parameters: ?bench runs the four groups; ?bench=lookup,frame the ones named;
// &quick as --quick. The tables `bench` prints for people go to the console.
//
// Each group runs inside one animation frame (the page's main thread is held
// for as long as it takes; between groups the browser draws and handles its
// events). The threaded build's job systems have the default workers (one per
// core the browser reports, besides the main thread); the single-threaded
// build's have none, every job runs on the main thread. The page has no
// clock of a thread's CPU time: the frame group reads the main thread's
// wall-clock time (performance.now), as the lab's own page does.
//
// What the page cannot have is left out, by bench.cpp: OpenMP and oneTBB (the
// thread groups' peers) and the thread per job.
//
// Threading: the browser's main thread.
#include "app/web/web_bench.h"

#include "app/cli/assets.h"
#include "app/cli/bench.h"
#include "app/frame/lab_app.h"
#include "app/platform/frame_loop.h"
#include "app/render/gl.h"
#include "app/frame/platform.h"
#include "app/web/web_lab.h"
#include "app/render/gl_util.h"

#include "core/session/lab_session.h"
#include "core/session/launch_query.h"

#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tsl::app {

namespace {

constexpr int kWidth = 1600, kHeight = 900;  // as the desktop's frame group
const std::vector<std::string> kPageGroups = {"lookup", "threads", "exposure", "frame"};

// One line of records into the page's <pre id="bench"> and the console.
void print_record(const std::string& line) {
    EM_ASM({ if (Module.benchLine) Module.benchLine(UTF8ToString($0)); else console.log(UTF8ToString($0)); }, line.c_str());
}

// The page's query items ("bench=lookup,frame" → {"bench", "lookup,frame"}).
std::vector<std::pair<std::string, std::string>> page_query() { return query_items(emscripten_run_script_string("location.search")); }

// The frame group's surface: the page's canvas (its default framebuffer) at
// 1600 x 900, drawn through the same frame loop as the lab's page.
class PageSurface final : public BenchSurface, public Platform {
public:
    std::string context_kind() const override { return gl_description(); }
    std::string clock() const override { return "main-thread wall-clock time (the page has no thread CPU clock)"; }
    std::string frame_record() const override { return "frame_wall_ms"; }
    std::string where() const override { return "on the page's canvas"; }
    std::string gpu_note() const override {
        return "The GPU's own work (here WebGL in the browser's GPU process) is not counted.";
    }
    std::unique_ptr<LabApp> make_app(const LabSettings& settings) override {
        SessionOptions options;
        options.assets_dir = assets_directory();
        options.cpu_clock_ms = [] { return emscripten_get_now(); };
        options.cpu_clock_is_wall = true;
#ifndef __EMSCRIPTEN_PTHREADS__
        options.threads_unavailable = "needs a cross-origin isolated page; see web/README.md";
#endif
        return std::make_unique<LabApp>(std::make_unique<LabSession>(settings, std::move(options)), "#version 300 es");
    }
    void render(LabApp& app, int steps) override { FrameLoop(*this, app).frame(steps); }
    // The page's glFinish (WebGL's finish) does not wait for the browser's GPU
    // process, which draws the frames later, on its own threads: measured here
    // (2 cores, SwiftShader), it went on drawing for 3.5 s after the last of
    // --quick's frames, beside the NPC step's figures, taking the cores the
    // page's worker needed. The wait is glFinish and then a pixel read back,
    // which with it returns once the frames are drawn: with the read alone,
    // the NPC step's figures measured after the frames came out 1.5-1.9x the
    // desktop's, against 1.0-1.3x with both (one run each, the same machine;
    // web/README.md).
    void wait_for_gpu() override {
        glFinish();
        unsigned char pixel[4];
        glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
    }

    // Platform: no events, a fixed-size target, the page's clock.
    void poll_events(std::vector<KeyPress>&) override {}
    FrameTarget target() const override { return {0, kWidth, kHeight}; }
    double now_s() const override { return emscripten_get_now() * 1e-3; }
    void new_imgui_frame() override {
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = {static_cast<float>(kWidth), static_cast<float>(kHeight)};
        io.DeltaTime = 1.0f / 30.0f;
    }
    void present() override { glFinish(); }
};

struct WebBench {
    GLFWwindow* window = nullptr;
    BenchOptions options;
    std::vector<std::string> groups;
    std::size_t next = 0;
    nlohmann::ordered_json records = nlohmann::ordered_json::array();  // every group's, in order
};

void bench_frame(void* arg) {
    WebBench& bench = *static_cast<WebBench*>(arg);
    if (bench.next == bench.groups.size()) {
        emscripten_cancel_main_loop();
        std::printf("timeslice-lab: bench: %d records\n", static_cast<int>(bench.records.size()));
        // The whole run as `bench --json` prints it: one array, the same indentation.
        const std::string all = bench.records.dump(2);
        EM_ASM({ if (Module.benchDone) Module.benchDone(UTF8ToString($0)); }, all.c_str());
        set_status("done");
        return;
    }
    const std::string group = bench.groups[bench.next++];
    std::string table;
    std::vector<BenchRecord> records;
    try {
        if (group == "lookup") records = bench_lookup(bench.options, table);
        else if (group == "threads") records = bench_threads(bench.options, table);
        else if (group == "exposure") records = bench_exposure(bench.options, table);
        else {
            PageSurface surface;
            records = bench_frame_cpu_on(surface, bench.options, table);
        }
    } catch (const std::exception& error) {
        emscripten_cancel_main_loop();
        set_status(std::string("error: bench: ") + error.what());
        return;
    }
    std::fputs(table.c_str(), stdout);
    std::fflush(stdout);
    for (const BenchRecord& r : records) {
        print_record(record_json(r).dump());  // as it goes; replaced by the whole array at the end
        bench.records.push_back(record_json(r));
    }
    if (bench.next < bench.groups.size())
        set_status("bench: " + bench.groups[bench.next] + " (" + std::to_string(bench.next + 1) + " of " +
                   std::to_string(bench.groups.size()) + ")…");
}

}  // namespace

bool web_bench_requested() {
    for (const auto& [key, value] : page_query())
        if (key == "bench") return true;
    return false;
}

int start_web_bench() {
    auto* bench = new WebBench;  // lives as long as the page
#ifndef __EMSCRIPTEN_PTHREADS__
    bench->options.workers = 0;  // no thread besides the main one can start here
#endif
    for (const auto& [key, value] : page_query()) {
        if (key == "quick") {
            bench->options.quick = true;
        } else if (key == "bench") {
            std::string_view list = value;
            while (!list.empty()) {
                const std::size_t comma = list.find(',');
                const std::string name(list.substr(0, comma));
                list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
                if (std::find(kPageGroups.begin(), kPageGroups.end(), name) == kPageGroups.end()) {
                    set_status("error: bench=" + value + ": '" + name + "' is not a group of this page (lookup, threads, exposure, frame)");
                    return 1;
                }
                bench->groups.push_back(name);
            }
        } else {
            set_status("error: '" + key + "' is not a parameter of the bench page (bench, quick)");
            return 1;
        }
    }
    if (bench->groups.empty()) bench->groups = kPageGroups;
    bench->options.json = true;

    // The frame group draws on the canvas through WebGL 2, as the lab does.
    bench->window = open_canvas_window(kWidth, kHeight, "Timeslice Lab: bench");
    if (!bench->window) return 1;
    std::printf("timeslice-lab: bench: %s; groups:", gl_description().c_str());
    for (const std::string& g : bench->groups) std::printf(" %s", g.c_str());
    std::printf("%s\n", bench->options.quick ? " (quick)" : "");
    set_status("bench: " + bench->groups.front() + " (1 of " + std::to_string(bench->groups.size()) + ")…");
    emscripten_set_main_loop_arg(bench_frame, bench, 0, false);
    return 0;
}

}  // namespace tsl::app
