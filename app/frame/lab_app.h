// lab_app.h — one displayed frame of Timeslice Lab, the same in the window and
// headless: keyboard shortcuts → control panel → fixed simulation steps →
// scene drawn into a multisampled target → overlays and UI on top.
//
// The platform (window_main.cpp or screenshot.cpp) owns the GL context, feeds
// ImGui its display size and input, and calls frame(); LabApp never touches
// GLFW windows or EGL.
//
// Threading: main thread, with the GL context current.
#pragma once

#include "app/frame/app_state.h"
#include "app/render/exposure_renderer.h"
#include "app/ui/lesson_panel.h"
#include "app/ui/metrics_plots.h"
#include "app/frame/recording.h"
#include "app/render/npc_renderer.h"
#include "app/ui/timeline_panel.h"
#include "app/ui/timing_diagram.h"
#include "app/ui/ui_panels.h"
#include "app/ui/ui_style.h"

#include "core/exposure/exposure_scene.h"
#include "core/session/fixed_step_clock.h"
#include "core/jobs/job_system.h"
#include "core/content/lesson.h"
#include "core/npc/npc_comparison.h"
#include "core/npc/npc_scene.h"
#include "core/jobs/profiler.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tsl::app {

// A key press (or auto-repeat) as the platform saw it, queued so that a tap
// shorter than a frame is never lost (ImGui 1.86 only samples key state).
struct KeyPress {
    int key = 0;        // GLFW key code
    int mods = 0;       // GLFW modifier bits
    bool repeat = false;
};

struct FrameParams {
    double real_dt_s = 1.0 / 60.0;    // wall time since the previous frame (window)
    int forced_steps = -1;            // >= 0: simulate exactly this many steps (headless lock-step)
    unsigned target_framebuffer = 0;  // GL framebuffer to draw into (0: the window)
    int framebuffer_width = 0;        // its size in pixels
    int framebuffer_height = 0;
};

// What the last frame cost the main thread, in CPU time (time it was
// descheduled, e.g. while a software renderer's threads ran, is not counted).
struct FrameCost {
    double simulation_ms = 0;   // simulation steps (timeslicer, animation, metrics)
    double draw_ms = 0;         // building and submitting the scene's draw calls
    int steps = 0;
};

class LabApp {
public:
    explicit LabApp(const AppState& initial);
    ~LabApp();
    LabApp(const LabApp&) = delete;
    LabApp& operator=(const LabApp&) = delete;

    // Creates the ImGui context's fonts, the renderers and the scene shown
    // (the platform has already created the ImGui context and initialised its
    // backends). False with the reason — a shader that does not compile, a
    // level that does not load, named — on failure.
    bool init(std::string& error);

    // Fonts and theme follow the UI scale and palette; call before the
    // backends' NewFrame.
    void prepare_frame();
    // One frame: call after the backends' NewFrame; renders ImGui's draw data too.
    void frame(const FrameParams& params);
    // Summary of each pane's metrics since its last reset or change.
    const std::vector<NpcMetricsSummary>& summaries() const { return summaries_; }
    // The exposure scene's three figures, averaged the same way.
    const ExposureMetricsSummary& exposure_summary() const { return exposure_summary_; }

    // Classroom. The lesson named in the state (loaded by init), if any.
    const Lesson* lesson() const { return lesson_ ? &*lesson_ : nullptr; }
    // Step `index` (from 0, clamped): its preset, from frame 0, answer hidden.
    void go_to_step(int index);
    // Page Down: the answer if hidden, else the next step. Page Up: the step before.
    void lesson_forward();
    void lesson_back();
    // What the lesson card shows now: the step (or preset), and on reveal the
    // numbers measured since the step started.
    LessonCard lesson_card() const;
    // The last drawn lesson card fitted its rectangle without scrolling.
    bool lesson_card_fits() const { return lesson_card_fits_; }
    // Simulation steps with nothing drawn (headless runs skipping ahead).
    void simulate_only(int steps);

    AppState& state() { return state_; }
    const AppState& state() const { return state_; }
    const NpcScene& npc_scene(int pane = 0) const { return panes_.pane(pane); }
    const NpcComparison& panes() const { return panes_; }
    int pane_count() const { return panes_.size(); }
    const ExposureScene* exposure_scene() const { return exposure_.get(); }  // null until first shown
    bool showing_exposure() const { return state_.scene == "exposure" && exposure_; }
    std::int64_t frames_stepped() const;  // of the scene shown
    const Profiler& profiler() const { return profiler_; }
    JobSystem& jobs() { return jobs_; }
    const FrameCost& last_cost() const { return cost_; }
    const MetricsPlots& plots() const { return plots_; }
    const Recording& recording() const { return recording_; }
    // Displayed frames since start, and their recent average duration (window).
    std::int64_t frames_displayed() const { return frames_displayed_; }
    double display_frame_ms() const { return display_frame_ms_; }
    const UiStyle& style() const { return style_; }

    // Requests the platform acts on after a frame.
    bool quit_requested() const { return quit_requested_; }
    bool fullscreen_toggle_requested() { return std::exchange(fullscreen_toggle_requested_, false); }

    // The platform queues key presses here; the next frame handles them.
    std::vector<KeyPress> pending_keys;

    // Called with a one-line description of every user action (for --verbose
    // and the end-to-end test), e.g. "key space: paused at frame 120".
    std::function<void(const std::string&)> on_action;

private:
    void handle_shortcuts();
    void apply_state_to_scene();
    bool ensure_exposure(std::string& error);
    void step_scene(int steps);
    void sync_panes();
    void reset_scene();
    void load_preset(const std::string& name);
    void record_metrics();
    void start_recording();
    void capture_scene(unsigned framebuffer, const PixelRect& scene_px, int framebuffer_height);
    std::string mode_name() const;
    double step_s() const;
    void action(const std::string& what);
    void draw_dock(const PixelRect& rect);
    void draw_presenter_plot(const PixelRect& rect);
    void draw_lesson(const PixelRect& rect);
    bool load_lesson(const std::string& name, std::string& error);

    AppState state_;
    // Shared by every scene; declared before them so they outlive them.
    JobSystem jobs_;
    Profiler profiler_;
    // The NPC scene's panes (one, or 2-5 side by side), stepped together by
    // one clock: the same frame number and target path in every pane.
    NpcComparison panes_;
    std::vector<RenderTarget> pane_targets_;
    std::vector<NpcMetricsSummary> summaries_;   // per pane, since the last reset or change of its settings
    std::vector<PresetEntry> presets_;           // what the picker offers
    std::vector<PresetEntry> lessons_;           // the lessons there are
    std::optional<Lesson> lesson_;               // the lesson taught (state_.lesson), loaded
    ExposureMetricsSummary exposure_summary_;    // since the last reset or change of the exposure settings
    bool lesson_card_fits_ = true;
    std::unique_ptr<ExposureScene> exposure_;
    std::string notice_;  // the last problem to show in the panel (a level that did not load)
    TimelinePanel timeline_;
    MetricsPlots plots_;
    TimingDiagram diagram_;
    Recording recording_;
    bool snapshot_requested_ = false;
    bool record_requested_ = false;
    std::string shown_tab_;        // the dock tab ImGui showed last frame
    NpcRenderer npc_renderer_;
    ExposureRenderer exposure_renderer_;
    RenderTarget scene_target_;
    UiStyle style_;
    FixedStepClock clock_;
    FrameCost cost_;
    std::int64_t frames_displayed_ = 0;
    double display_frame_ms_ = 0;
    bool quit_requested_ = false;
    bool fullscreen_toggle_requested_ = false;
};

}  // namespace tsl::app
