// lab_app.cpp
//
// [SECTION] Construction
// [SECTION] The frame
// [SECTION] Keys
// [SECTION] The UI and its requests
// [SECTION] The scene
// [SECTION] Recording
#include "app/frame/lab_app.h"

#include "app/platform/gl.h"
#include "app/render/palette.h"
#include "app/ui/text.h"

#include <imgui.h>

#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <ctime>

namespace tsl::app {

namespace {

// CPU time of the calling thread, milliseconds.
double thread_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

}  // namespace

// --- [SECTION] Construction -------------------------------------------------------------

LabApp::LabApp(std::unique_ptr<LabSession> session, const char* glsl_version)
    : imgui_(ImGui::CreateContext()), session_(std::move(session)) {
    ImGui::SetCurrentContext(imgui_);
    ImGui::GetIO().IniFilename = nullptr;  // layout is computed, not remembered
    ImGui_ImplOpenGL3_Init(glsl_version);
    session_->on_event = [this](const std::string& what) { action(what); };
    notice_ = session_->catalog().problem;  // a preset or lesson file that does not load, named
}

LabApp::~LabApp() {
    session_->on_event = nullptr;
    ImGui::SetCurrentContext(imgui_);
    ImGui_ImplOpenGL3_Shutdown();
    ImGui::DestroyContext(imgui_);
}

bool LabApp::init(std::string& error) {
    const LabSettings& s = session_->settings();
    style_.update(s.ui_scale, s.palette, s.theme);
    return npc_renderer_.init(error) && exposure_renderer_.init(error);
}

void LabApp::apply(const Command& command) {
    if (const CommandResult result = session_->apply(command); !result) notice_ = result.problem;
}

void LabApp::action(const std::string& what) {
    if (on_action) on_action(what);
}

std::string LabApp::mode_name() const {
    const LabSettings& s = session_->settings();
    return std::string(session_->showing_exposure() ? name_of(s.exposure.mode) : name_of(s.pane().timeslicing.mode));
}

// --- [SECTION] The frame ------------------------------------------------------------------

void LabApp::frame(const FrameParams& params) {
    ImGui::SetCurrentContext(imgui_);
    ++frames_displayed_;
    if (params.forced_steps < 0) {  // a real clock: keep a smoothed frame time for the readout
        const double ms = params.real_dt_s * 1000.0;
        display_frame_ms_ = display_frame_ms_ == 0 ? ms : display_frame_ms_ * 0.9 + ms * 0.1;
    }
    // Fonts and theme follow the UI scale and palette, rebuilt between frames.
    const LabSettings& settings = session_->settings();
    style_.update(settings.ui_scale, settings.palette, settings.theme);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    handle_keys();

    const Layout layout = compute_layout(settings, session_->lesson() != nullptr, ImGui::GetIO().DisplaySize);
    UiRequests requests;
    draw_ui(layout, requests);
    handle_requests(requests);

    // Simulation: whole fixed steps only.
    cost_.steps = params.forced_steps >= 0 ? params.forced_steps : session_->advance(params.real_dt_s);
    // Recording: exactly one step per displayed frame, so every step is captured once.
    if (recording_.active() && params.forced_steps < 0 && !session_->settings().paused) cost_.steps = 1;
    session_->step(cost_.steps);
    cost_.simulation_ms = session_->frame_steps_cpu_ms();

    cost_.draw_ms = draw_scene(params, layout);
    session_->end_frame(cost_.draw_ms);
    draw_overlays(layout);

    ImGui::Render();
    glBindFramebuffer(GL_FRAMEBUFFER, params.target.framebuffer);
    glViewport(0, 0, params.target.width, params.target.height);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    if (recording_.active() || snapshot_requested_ || record_requested_) {
        const float to_px = ImGui::GetIO().DisplaySize.x > 0 ? static_cast<float>(params.target.width) / ImGui::GetIO().DisplaySize.x : 1.0f;
        capture_scene(params.target, {layout.scene.x * to_px, layout.scene.y * to_px, layout.scene.w * to_px, layout.scene.h * to_px});
    }
}

// --- [SECTION] Keys ---------------------------------------------------------------------------

void LabApp::handle_keys() {
    const std::vector<KeyPress> keys = std::exchange(pending_keys, {});
    if (ImGui::GetIO().WantCaptureKeyboard) return;  // typing into a field
    for (const KeyPress& press : keys) {
        const KeyMatch match = find_binding(press.key, press.mods, press.repeat, session_->settings().scene);
        if (match.binding) key_action(match.binding->action, match.argument);
    }
}

void LabApp::key_action(KeyAction what, int argument) {
    const LabSettings& s = session_->settings();
    const std::string frame = std::to_string(static_cast<long long>(session_->frames_stepped()));
    auto toggle = [&](const char* key, bool on) { apply(SetField{key, !on}); };
    switch (what) {
        case KeyAction::TogglePause:
            apply(TogglePause{});
            action(std::string("key space: ") + (s.paused ? "paused" : "resumed") + " at frame " + frame);
            break;
        case KeyAction::StepOnce:
            apply(StepOnce{});
            action("key right: step from frame " + frame);
            break;
        case KeyAction::SetMode: {
            const std::string name(name_of(static_cast<Mode>(argument)));
            apply(SetField{"mode", name});
            action("key " + std::to_string(argument + 1) + ": mode " + name);
            break;
        }
        case KeyAction::SetExposureMode: {
            const std::string name(name_of(static_cast<ExposureMode>(argument)));
            apply(SetField{"exposure_mode", name});
            action("key " + std::to_string(argument + 1) + ": exposure " + name);
            break;
        }
        case KeyAction::LessonForward:
        case KeyAction::LessonBack:
            if (!session_->lesson()) action("key page: no lesson to move through");
            else if (what == KeyAction::LessonForward) apply(LessonForward{});
            else apply(LessonBack{});
            break;
        case KeyAction::TogglePresenter:
            toggle("presenter", s.presenter);
            action(std::string("key p: presenter view ") + (s.presenter ? "on" : "off"));
            break;
        case KeyAction::ToggleRecording:
            if (recording_.active()) {
                recording_.stop();
                notice_ = recording_.finished_message();
                action("key r: recording stopped after " + std::to_string(recording_.frames()) + " frames: " + notice_);
            } else {
                start_recording();
                action("key r: record");
            }
            break;
        case KeyAction::ShowKeys:
            apply(SetField{"help", std::string(s.help == HelpPage::Keys ? "none" : "keys")});
            action(std::string("key ?: shortcuts ") + (s.help == HelpPage::Keys ? "shown" : "closed"));
            break;
        case KeyAction::ShowAbout:
            apply(SetField{"help", std::string(s.help == HelpPage::About ? "none" : "about")});
            action(std::string("key f1: about the modes ") + (s.help == HelpPage::About ? "shown" : "closed"));
            break;
        case KeyAction::CloseHelp:
            if (s.help == HelpPage::None) break;
            apply(SetField{"help", std::string("none")});
            action("key escape: help closed");
            break;
        case KeyAction::ToggleHideUi:
            toggle("hide_ui", s.hide_ui);
            action(std::string("key h: UI ") + (s.hide_ui ? "hidden" : "shown"));
            break;
        case KeyAction::ToggleFullscreen:
            fullscreen_toggle_requested_ = true;
            action("key f: toggle full screen");
            break;
        case KeyAction::Quit:
            quit_requested_ = true;
            action("key ctrl+q: quit after " + frame + " frames");
            break;
    }
}

// --- [SECTION] The UI and its requests -------------------------------------------------------

void LabApp::draw_ui(const Layout& layout, UiRequests& requests) {
    if (!layout.panel.empty()) {
        const PanelContext context{*session_, display_frame_ms_, notice_, recording_};
        draw_control_panel(context, style_.fonts(), layout.panel, requests);
    }
    draw_dock(layout.dock, requests);
    draw_presenter_plot(layout.plot);
    if (!layout.lesson.empty()) {
        const LessonCardResult result = draw_lesson_card(session_->lesson_card(), style_.fonts(), layout.lesson);
        lesson_card_fits_ = result.fits;
        if (result.forward) requests.commands.emplace_back(LessonForward{});
        if (result.back) requests.commands.emplace_back(LessonBack{});
    }
    const HelpPage help = session_->settings().help;
    if (help != HelpPage::None && !draw_help_page(help, style_.fonts(), ImGui::GetIO().DisplaySize))
        requests.commands.emplace_back(SetField{"help", std::string("none")});
}

void LabApp::handle_requests(UiRequests& requests) {
    for (const Command& command : requests.commands) apply(command);
    if (requests.record_start) start_recording();
    if (requests.record_stop) {
        recording_.stop();
        notice_ = recording_.finished_message();
    }
    if (requests.record_cancel) {
        recording_.cancel();
        notice_ = recording_.finished_message();
    }
    if (requests.snapshot) snapshot_requested_ = true;
}

void LabApp::draw_dock(const PixelRect& rect, UiRequests& requests) {
    if (rect.empty()) return;
    const LabSession& session = *session_;
    const bool exposure = session.showing_exposure();
    begin_fixed_window("Dock", rect, ImGuiWindowFlags_NoScrollbar);
    // A tab asked for by --set dock=... is selected once; clicks on tabs
    // write back which one is shown.
    const std::string want(name_of(session.settings().dock));
    const bool available = want == "timeline" || (exposure ? want == "tickets" : want == "plots" || want == "timing");
    const bool requested = available && want != shown_tab_;
    auto tab = [&](const char* name, const char* label) {
        const bool select = requested && want == name;
        if (!ImGui::BeginTabItem(label, nullptr, select ? ImGuiTabItemFlags_SetSelected : 0)) return false;
        shown_tab_ = name;
        if (!requested && want != name) requests.commands.emplace_back(SetField{"dock", std::string(name)});
        return true;
    };
    FieldSection fields(session.settings(), requests.commands);
    if (ImGui::BeginTabBar("dock tabs")) {
        if (!exposure && tab("plots", "Plots")) {
            plots_.draw(session.plots(), style_, notice_);
            ImGui::EndTabItem();
        }
        if (!exposure && tab("timing", "Timing diagram")) {
            if (const TraceLog* log = session.diagram_trace()) {
                const std::string pane = session.panes().size() > 1 ? std::string("Pane ") + pane_letter(session.settings().edited_pane) : std::string();
                draw_timing_diagram(*log, *session.diagram_pane(), style_.fonts(), session.settings().palette, pane.c_str());
            } else {
                ImGui::TextDisabled("Recording the jobs from the next step on.");
            }
            ImGui::EndTabItem();
        }
        if (tab("timeline", "Timeline")) {
            timeline_.draw(session.profiler(), fields, style_.fonts());
            ImGui::EndTabItem();
        }
        if (exposure && tab("tickets", "Path tickets")) {
            draw_tickets_panel(*session.exposure());
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
    ImGui::End();
}

// The presenter view's one plot: the step's choice (latency or frame cost), or
// the timeline for the exposure scene.
void LabApp::draw_presenter_plot(const PixelRect& rect) {
    if (rect.empty()) return;
    const LabSession& session = *session_;
    begin_fixed_window("Presenter plot", rect, ImGuiWindowFlags_NoScrollbar);
    const LessonStep* step = session.lesson() ? &session.lesson()->steps[static_cast<std::size_t>(session.lesson_step())] : nullptr;
    const LessonPlot plot = session.showing_exposure() ? LessonPlot::Timeline : step ? step->shown_plot() : LessonPlot::Latency;
    if (plot == LessonPlot::Timeline) {
        std::vector<Command> ignored;  // the presenter view has no controls
        FieldSection fields(session.settings(), ignored);
        timeline_.draw(session.profiler(), fields, style_.fonts());
    } else {
        plots_.draw_one(session.plots(), plot == LessonPlot::Cost, style_, notice_);
    }
    ImGui::End();
}

// --- [SECTION] The scene ---------------------------------------------------------------------

// Draws every pane (or the exposure map) into its multisampled target and
// resolves it into place; returns the main thread's CPU time for the draw
// submission (the resolves wait for the GPU and are not counted).
double LabApp::draw_scene(const FrameParams& params, const Layout& layout) {
    const LabSession& session = *session_;
    const LabSettings& s = session.settings();
    const FrameTarget& target = params.target;
    glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer);
    glViewport(0, 0, target.width, target.height);
    glDisable(GL_SCISSOR_TEST);
    const Rgba bg = palette(s.palette).background;
    glClearColor(bg.r, bg.g, bg.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float to_px = display.x > 0 ? static_cast<float>(target.width) / display.x : 1.0f;
    auto scaled = [to_px](const PixelRect& r) { return PixelRect{r.x * to_px, r.y * to_px, r.w * to_px, r.h * to_px}; };
    Profiler* profiler = &session_->profiler();
    double submit_ms = 0;
    auto draw_into = [&](RenderTarget& into, const PixelRect& area, auto&& draw) {
        const PixelRect px = scaled(area);
        const int w = static_cast<int>(px.w), h = static_cast<int>(px.h);
        if (w < 1 || h < 1) return;
        const double start = thread_cpu_ms();
        into.ensure(w, h, 4);
        into.bind_for_drawing();
        {
            ZoneScope zone(profiler, ZoneKind::Draw, "draw submission");
            draw(w, h, scaled(split_scene_area(area.w, area.h).view), px);
        }
        submit_ms += thread_cpu_ms() - start;
        into.resolve_into(target.framebuffer, static_cast<int>(px.x), target.height - static_cast<int>(px.y) - h);
    };
    if (layout.scene.empty()) return 0;
    if (session.showing_exposure()) {
        draw_into(scene_target_, layout.scene, [&](int w, int h, const PixelRect& view, const PixelRect&) {
            exposure_renderer_.draw(*session.exposure(), {s.show_rays, s.palette}, w, h, view);
        });
        return submit_ms;
    }
    const int panes = session.panes().size();
    pane_targets_.resize(static_cast<std::size_t>(panes));
    if (s.npc.world.look == NpcLook::Article) {
        // The article's stage: each pane's ring at 0.45 of its 250 stage pixels, centred on it.
        const ArticleStage stage = article_stage(layout.scene, panes);
        for (int i = 0; i < panes; ++i) {
            const NpcPaneSettings& pane = s.npc.panes[static_cast<std::size_t>(i)];
            const ImVec2 centre = stage.centre(i);
            draw_into(pane_targets_[static_cast<std::size_t>(i)], stage.panes[static_cast<std::size_t>(i)],
                      [&](int w, int h, const PixelRect&, const PixelRect& px) {
                          const ViewTransform view{0.45 * 250.0 * stage.scale * to_px / kRingRadius,
                                                   {centre.x * to_px - px.x, centre.y * to_px - px.y}};
                          npc_renderer_.draw(session.pane(i), {pane.debug_lines, pane.highlight_running, s.palette, true, stage.scale * to_px}, w,
                                             h, view);
                      });
        }
        return submit_ms;
    }
    const std::vector<PixelRect> rects = pane_rects(layout.scene, panes);
    for (int i = 0; i < panes; ++i) {
        const NpcPaneSettings& pane = s.npc.panes[static_cast<std::size_t>(i)];
        draw_into(pane_targets_[static_cast<std::size_t>(i)], rects[static_cast<std::size_t>(i)],
                  [&](int w, int h, const PixelRect& view, const PixelRect&) {
                      npc_renderer_.draw(session.pane(i), {pane.debug_lines, pane.highlight_running, s.palette}, w, h, view);
                  });
    }
    return submit_ms;
}

// Captions, progress and legends over the scene, from the state after this frame's steps.
void LabApp::draw_overlays(const Layout& layout) {
    const LabSession& session = *session_;
    ImDrawList* list = ImGui::GetBackgroundDrawList();
    if (session.showing_exposure()) {
        draw_exposure_overlay(list, style_.fonts(), session.settings(), *session.exposure(), layout.scene);
        return;
    }
    const int panes = session.panes().size();
    if (session.settings().npc.world.look == NpcLook::Article) {
        draw_article_overlay(list, style_.fonts(), session, article_stage(layout.scene, panes));
        return;
    }
    const std::vector<PixelRect> rects = pane_rects(layout.scene, panes);
    for (int i = 0; i < panes; ++i)
        draw_npc_overlay(list, style_.fonts(), session.settings(), session.pane(i), rects[static_cast<std::size_t>(i)], i, panes);
}

// --- [SECTION] Recording ------------------------------------------------------------------

// The scene area of the frame just drawn, into the recording and/or a PNG. A
// recording's size is the scene area's when it starts; its first frame is the next step.
void LabApp::capture_scene(const FrameTarget& target, const PixelRect& scene_px) {
    Image image;
    image.width = static_cast<int>(scene_px.w);
    image.height = static_cast<int>(scene_px.h);
    if (image.width < 1 || image.height < 1) return;
    image.rgba.resize(static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 4);
    read_framebuffer(target.framebuffer, static_cast<int>(scene_px.x), target.height - static_cast<int>(scene_px.y) - image.height,
                     image.width, image.height, image.rgba.data());
    for (std::size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;  // the window's alpha is not the picture's
    const LabSettings& s = session_->settings();
    if (snapshot_requested_) {
        snapshot_requested_ = false;
        notice_ = save_snapshot(image, s.recording, session_->preset(), mode_name());
    }
    if (record_requested_) {
        record_requested_ = false;
        notice_ = recording_.start(s.recording, session_->preset(), mode_name(), image.width, image.height, 1.0 / session_->step_s());
        action(recording_.active() ? "recording " + recording_.path() : "recording failed: " + notice_);
        return;
    }
    if (!recording_.active() || cost_.steps == 0) return;
    if (image.width != recording_.width() || image.height != recording_.height()) {
        recording_.stop();
        notice_ = "The scene area changed size, so the recording ended. " + recording_.finished_message();
        return;
    }
    if (!recording_.add(image)) {
        notice_ = recording_.finished_message();
        action("recording ended: " + notice_);
    }
}

}  // namespace tsl::app
