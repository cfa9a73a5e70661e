#include "app/frame/lab_app.h"

#include "app/platform/gl.h"

#include "core/content/preset.h"
#include "app/ui/text.h"

#include <imgui.h>

#include <GLFW/glfw3.h>  // key codes and modifier bits only
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <ctime>

namespace tsl::app {

namespace {

// CPU time of the calling thread, milliseconds.
double thread_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

}  // namespace

LabApp::LabApp(const AppState& initial)
    : state_(initial),
      jobs_({initial.workers}),
      panes_(SceneServices{&jobs_, &profiler_}) {
    profiler_.name_this_thread("main");
    state_.set_pane_count(static_cast<int>(state_.panes.size()));  // clamps, and loads the edited pane
    sync_panes();
    state_.npc = panes_.pane(state_.edited_pane).config();
    if (state_.exposure.assets_dir.empty()) state_.exposure.assets_dir = assets_directory();
}

LabApp::~LabApp() = default;

bool LabApp::init(std::string& error) {
    ImGui::GetIO().IniFilename = nullptr;  // layout is computed, not remembered
    style_.update(state_.ui_scale, state_.palette, state_.theme);
    if (!npc_renderer_.init(error) || !exposure_renderer_.init(error)) return false;
    if (state_.scene == "exposure" && !ensure_exposure(error)) return false;
    // The picker lists every preset that loads; a broken file is named in the panel.
    for (const std::string& name : list_presets(state_.exposure.assets_dir)) {
        const PresetLoad loaded = load_preset_by_name(state_.exposure.assets_dir, name);
        if (loaded.preset) presets_.push_back({name, loaded.preset->title, loaded.preset->description});
        else notice_ = loaded.error;
    }
    for (const std::string& name : list_lessons(state_.exposure.assets_dir)) {
        const LessonLoad loaded = load_lesson_by_name(state_.exposure.assets_dir, name);
        if (loaded.lesson) lessons_.push_back({name, loaded.lesson->title, loaded.lesson->description});
        else notice_ = loaded.error;
    }
    if (!state_.lesson.empty()) {
        const bool revealed = state_.lesson_revealed;
        if (!load_lesson(state_.lesson, error)) return false;
        go_to_step(state_.lesson_step);
        state_.lesson_revealed = revealed;
    }
    return true;
}

bool LabApp::load_lesson(const std::string& name, std::string& error) {
    LessonLoad loaded = load_lesson_by_name(state_.exposure.assets_dir, name);
    if (!loaded.lesson) {
        error = loaded.error;
        return false;
    }
    lesson_ = std::move(loaded.lesson);
    state_.lesson = name;
    return true;
}

void LabApp::go_to_step(int index) {
    if (!lesson_) return;
    index = std::clamp(index, 0, static_cast<int>(lesson_->steps.size()) - 1);
    state_.lesson_step = index;
    state_.lesson_revealed = false;
    load_preset(lesson_->steps[index].preset);
    if (state_.scene == "exposure") {  // the scene must exist now: its settings apply at the frame boundary
        std::string error;
        if (!ensure_exposure(error)) notice_ = error;
    }
    action("lesson " + lesson_->name + ": step " + std::to_string(index + 1) + " of " + std::to_string(lesson_->steps.size()));
}

void LabApp::lesson_forward() {
    if (!lesson_) return;
    if (!state_.lesson_revealed) {
        state_.lesson_revealed = true;
        action("lesson " + lesson_->name + ": step " + std::to_string(state_.lesson_step + 1) + " revealed");
    } else if (state_.lesson_step + 1 < static_cast<int>(lesson_->steps.size())) {
        go_to_step(state_.lesson_step + 1);
    }
}

void LabApp::lesson_back() {
    if (lesson_ && state_.lesson_step > 0) go_to_step(state_.lesson_step - 1);
}

LessonCard LabApp::lesson_card() const {
    LessonCard card;
    if (!lesson_) {
        // The presenter view without a lesson: what the preset shows.
        card.heading = "Preset";
        card.title = "Your own settings";
        card.text = "Pick a lesson or a preset in the panel (P shows it again), or press F1 to read about the modes.";
        for (const PresetEntry& p : presets_)
            if (p.name == state_.preset) {
                card.title = p.title;
                card.text = p.description;
            }
        return card;
    }
    const int count = static_cast<int>(lesson_->steps.size());
    const LessonStep& step = lesson_->steps[state_.lesson_step];
    card.heading = formatted("%s  |  step %d of %d", lesson_->title.c_str(), state_.lesson_step + 1, count);
    card.title = step.title;
    card.text = step.text;
    card.question = step.question;
    card.answer = step.answer;
    card.revealed = state_.lesson_revealed;
    card.can_go_back = state_.lesson_step > 0;
    card.can_go_forward = !state_.lesson_revealed || state_.lesson_step + 1 < count;

    std::vector<const LessonMeasure*> measures;
    for (const std::string& name : step.reveal) {
        measures.push_back(find_measure(name));
        card.columns.push_back(measures.back()->label);
    }
    auto values = [&](const auto& summary) {
        std::vector<std::string> out;
        for (const LessonMeasure* m : measures) {
            const std::optional<double> v = measure_value(*m, summary);
            out.push_back(v ? measure_text(*v, m->unit) : "-");
        }
        return out;
    };
    std::int64_t frames = 0;
    if (showing_exposure()) {
        const ExposureSceneConfig& e = exposure_->config();
        std::string label(label_of(e.mode));
        if (e.algorithm == ExposureAlgorithm::Sweep) label += ", sweep";
        card.rows.push_back({label, std::nullopt, values(exposure_summary_)});
        frames = exposure_summary_.frames;
    } else if (state_.scene == "npc" && !step.exposure_scene) {
        const int panes = std::min(pane_count(), static_cast<int>(summaries_.size()));
        for (int i = 0; i < panes; ++i) {
            const PaneState& pane = state_.panes[i];
            const std::string name = pane.caption.empty() ? std::string(label_of(panes_.pane(i).config().timeslicing.mode)) : pane.caption;
            RevealRow row{std::string(1, pane_letter(i)) + "  " + name, panes > 1 ? std::optional<Rgba>(pane_colour(i)) : std::nullopt,
                          values(summaries_[i])};
            // Panes that differ only in drawing (debug lines on and off) measure the same: one row for both.
            const bool same_as_first = i > 0 && panes_.pane(i).config() == panes_.pane(0).config() && row.values == card.rows.front().values;
            if (same_as_first) {
                card.rows.front().label.insert(1, std::string(", ") + pane_letter(i));
                continue;
            }
            card.rows.push_back(std::move(row));
        }
        if (card.rows.size() == 1) card.rows.front().chip.reset();
        frames = summaries_.empty() ? 0 : summaries_.front().frames;
    }
    card.measured_over = frames > 0 ? formatted("over %.1f s of this step", frames * step_s())
                                    : std::string("nothing yet: let the scene run");
    // Input ages read best against the batch period T of the timing model.
    const bool ages = std::find(step.reveal.begin(), step.reveal.end(), "input_age") != step.reveal.end();
    if (ages && !showing_exposure()) {
        const NpcSceneConfig& c = panes_.pane(pane_count() - 1).config();
        const double per_s = jobs_per_second(c.timeslicing, c.steps_per_s, c.npc_count);
        if (c.timeslicing.mode != Mode::UpdateAll && per_s > 0) card.measured_over += formatted(", T = %.0f ms", 1000.0 * c.npc_count / per_s);
    }
    return card;
}

std::string LabApp::mode_name() const {
    return std::string(showing_exposure() ? name_of(state_.exposure.mode) : name_of(state_.npc.timeslicing.mode));
}

// A GIF of the scene area, at the size it has when this frame is drawn (fixed
// for the whole recording); its first frame is the next step.
void LabApp::start_recording() { record_requested_ = true; }

// The scene area of the frame just drawn, into the recording and/or a PNG.
void LabApp::capture_scene(unsigned framebuffer, const PixelRect& scene_px, int framebuffer_height) {
    Image image;
    image.width = static_cast<int>(scene_px.w);
    image.height = static_cast<int>(scene_px.h);
    if (image.width < 1 || image.height < 1) return;
    image.rgba.resize(static_cast<std::size_t>(image.width) * image.height * 4);
    read_framebuffer(framebuffer, static_cast<int>(scene_px.x), framebuffer_height - static_cast<int>(scene_px.y) - image.height,
                     image.width, image.height, image.rgba.data());
    for (std::size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;  // the window's alpha is not the picture's
    if (snapshot_requested_) {
        snapshot_requested_ = false;
        notice_ = save_snapshot(image, state_.recording, state_.preset, mode_name());
    }
    if (record_requested_) {
        record_requested_ = false;
        notice_ = recording_.start(state_.recording, state_.preset, mode_name(), image.width, image.height, 1.0 / step_s());
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

void LabApp::load_preset(const std::string& name) {
    const PresetLoad loaded = load_preset_by_name(state_.exposure.assets_dir, name);
    if (!loaded.preset) {
        notice_ = loaded.error;
        return;
    }
    state_.apply_preset(*loaded.preset);
    sync_panes();
    reset_scene();
    action("preset " + name);
}

// After each step: every pane's frame metrics into its summary.
void LabApp::record_metrics() {
    summaries_.resize(panes_.size());
    for (int i = 0; i < panes_.size(); ++i) summaries_[i].add(panes_.pane(i).metrics());
}

void LabApp::prepare_frame() { style_.update(state_.ui_scale, state_.palette, state_.theme); }

void LabApp::action(const std::string& what) {
    if (on_action) on_action(what);
}

bool LabApp::ensure_exposure(std::string& error) {
    if (exposure_) return true;
    exposure_ = ExposureScene::create(state_.exposure, {&jobs_, &profiler_}, error);
    if (exposure_) state_.exposure = exposure_->config();
    return exposure_ != nullptr;
}

std::int64_t LabApp::frames_stepped() const { return showing_exposure() ? exposure_->frames_stepped() : panes_.pane(0).frames_stepped(); }
double LabApp::step_s() const { return showing_exposure() ? exposure_->step_s() : panes_.pane(0).step_s(); }

void LabApp::step_scene(int steps) {
    for (int i = 0; i < steps; ++i) {
        if (showing_exposure()) {
            exposure_->step();
            exposure_summary_.add(exposure_->metrics());
            continue;
        }
        panes_.step();
        record_metrics();
        plots_.record(panes_.panes(), cost_.draw_ms);
        diagram_.after_step();
    }
}

void LabApp::reset_scene() {
    if (showing_exposure()) exposure_->reset();
    else panes_.reset();
    summaries_.assign(panes_.size(), {});
    exposure_summary_ = {};
    plots_.clear();
    clock_.reset();
}

// One scene per pane of the state, each with its pane's settings. A new pane
// count starts every pane again from frame 0, so that they stay in lock-step.
void LabApp::sync_panes() {
    state_.sync_edited_pane();
    std::vector<NpcSceneConfig> configs;
    for (int i = 0; i < static_cast<int>(state_.panes.size()); ++i) configs.push_back(state_.pane_config(i));
    if (static_cast<int>(configs.size()) != panes_.size()) {
        diagram_.follow(nullptr);  // it records a pane about to go
        plots_.clear();
    } else {
        for (int i = 0; i < panes_.size(); ++i)
            if (configs[i] != panes_.pane(i).config()) summaries_[i] = {};  // the averages describe one setting
    }
    if (panes_.configure(configs)) {
        pane_targets_.resize(configs.size());
        summaries_.assign(configs.size(), {});
        clock_.reset();
    }
}

void LabApp::handle_shortcuts() {
    const std::vector<KeyPress> keys = std::exchange(pending_keys, {});
    if (ImGui::GetIO().WantCaptureKeyboard) return;  // typing into a field
    for (const KeyPress& press : keys) {
        const long long frame = static_cast<long long>(frames_stepped());
        if (press.key == GLFW_KEY_RIGHT) {  // the only key that auto-repeats: hold to step on
            state_.paused = true;
            clock_.request_step();
            action("key right: step from frame " + std::to_string(frame));
            continue;
        }
        if (press.key == GLFW_KEY_PAGE_DOWN || press.key == GLFW_KEY_PAGE_UP) {  // what presentation clickers send
            if (press.repeat) continue;
            if (!lesson_) {
                action("key page: no lesson to move through");
                continue;
            }
            if (press.key == GLFW_KEY_PAGE_DOWN) lesson_forward();
            else lesson_back();
            continue;
        }
        if (press.repeat) continue;
        const bool digit = (press.key >= GLFW_KEY_1 && press.key <= GLFW_KEY_5) || (press.key >= GLFW_KEY_KP_1 && press.key <= GLFW_KEY_KP_5);
        const int n = press.key >= GLFW_KEY_KP_1 ? press.key - GLFW_KEY_KP_1 : press.key - GLFW_KEY_1;
        if (press.key == GLFW_KEY_SPACE) {
            state_.paused = !state_.paused;
            action(std::string("key space: ") + (state_.paused ? "paused" : "resumed") + " at frame " + std::to_string(frame));
        } else if (digit && state_.scene == "exposure") {
            if (n < 4) {
                state_.exposure.mode = kAllExposureModes[n];
                action("key " + std::to_string(n + 1) + ": exposure " + std::string(name_of(kAllExposureModes[n])));
            }
        } else if (digit) {
            state_.npc.timeslicing.mode = kAllModes[n];
            action("key " + std::to_string(n + 1) + ": mode " + std::string(name_of(kAllModes[n])));
        } else if (press.key == GLFW_KEY_R && !(press.mods & GLFW_MOD_CONTROL)) {
            if (recording_.active()) {
                recording_.stop();
                notice_ = recording_.finished_message();
                action("key r: recording stopped after " + std::to_string(recording_.frames()) + " frames: " + notice_);
            } else {
                start_recording();
                action("key r: record");
            }
        } else if (press.key == GLFW_KEY_P) {
            state_.presenter = !state_.presenter;
            action(std::string("key p: presenter view ") + (state_.presenter ? "on" : "off"));
        } else if (press.key == GLFW_KEY_SLASH && (press.mods & GLFW_MOD_SHIFT)) {
            state_.overlay = state_.overlay == "keys" ? "" : "keys";
            action(std::string("key ?: shortcuts ") + (state_.overlay == "keys" ? "shown" : "closed"));
        } else if (press.key == GLFW_KEY_F1) {
            state_.overlay = state_.overlay == "about" ? "" : "about";
            action(std::string("key f1: about the modes ") + (state_.overlay == "about" ? "shown" : "closed"));
        } else if (press.key == GLFW_KEY_ESCAPE && !state_.overlay.empty()) {
            state_.overlay.clear();
            action("key escape: help closed");
        } else if (press.key == GLFW_KEY_H) {
            state_.hide_ui = !state_.hide_ui;
            action(std::string("key h: UI ") + (state_.hide_ui ? "hidden" : "shown"));
        } else if (press.key == GLFW_KEY_F) {
            fullscreen_toggle_requested_ = true;
            action("key f: toggle full screen");
        } else if (press.key == GLFW_KEY_Q && (press.mods & GLFW_MOD_CONTROL)) {
            quit_requested_ = true;
            action("key ctrl+q: quit after " + std::to_string(frame) + " frames");
        }
    }
}

// The panel and the keys edit state_; the scenes follow at the frame boundary.
void LabApp::apply_state_to_scene() {
    sync_panes();
    state_.npc = panes_.pane(state_.edited_pane).config();  // read back what the scene accepted
    if (state_.scene == "exposure") {
        std::string error;
        if (!ensure_exposure(error)) {
            notice_ = error;
            state_.scene = "npc";
        }
    }
    if (exposure_ && state_.exposure != exposure_->config()) {
        const std::string error = exposure_->set_config(state_.exposure);
        notice_ = error;  // empty when it worked
        state_.exposure = exposure_->config();
        exposure_summary_ = {};  // the averages describe one setting
    }
    // The timing diagram records the edited pane (cheap: a few events per job,
    // two batches kept, nothing past TimingDiagram::kMaxKeys NPCs).
    diagram_.follow(showing_exposure() ? nullptr : &panes_.pane(state_.edited_pane));
    const int workers = state_.workers < 0 ? default_worker_count() : state_.workers;
    if (workers != jobs_.worker_count()) jobs_.set_worker_count(workers);
}

void LabApp::draw_dock(const PixelRect& rect) {
    if (rect.empty()) return;
    begin_fixed_window("Dock", rect, ImGuiWindowFlags_NoScrollbar);
    // A tab asked for by --set dock=... is selected once; clicks on tabs
    // write back which one is shown.
    const std::string& want = state_.dock_tab;
    const bool available = want == "timeline" || (showing_exposure() ? want == "tickets" : want == "plots" || want == "timing");
    const bool requested = available && want != shown_tab_;
    auto tab = [&](const char* name, const char* label) {
        const bool select = requested && state_.dock_tab == name;
        if (!ImGui::BeginTabItem(label, nullptr, select ? ImGuiTabItemFlags_SetSelected : 0)) return false;
        shown_tab_ = name;
        if (!requested) state_.dock_tab = name;
        return true;
    };
    if (ImGui::BeginTabBar("dock tabs")) {
        if (!showing_exposure() && tab("plots", "Plots")) {
            plots_.draw(style_.fonts(), notice_);
            ImGui::EndTabItem();
        }
        if (!showing_exposure() && tab("timing", "Timing diagram")) {
            if (diagram_.followed()) {
                const std::string pane = pane_count() > 1 ? std::string("Pane ") + pane_letter(state_.edited_pane) : std::string();
                diagram_.draw(style_.fonts(), state_.palette, pane.c_str());
            } else {
                ImGui::TextDisabled("Recording the jobs from the next step on.");
            }
            ImGui::EndTabItem();
        }
        if (tab("timeline", "Timeline")) {
            timeline_.draw(profiler_, state_.timeline_frames, style_.fonts());
            ImGui::EndTabItem();
        }
        if (showing_exposure() && tab("tickets", "Path tickets")) {
            draw_tickets_panel(*exposure_);
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
    begin_fixed_window("Presenter plot", rect, ImGuiWindowFlags_NoScrollbar);
    const LessonStep* step = lesson_ ? &lesson_->steps[state_.lesson_step] : nullptr;
    const LessonPlot plot = showing_exposure() ? LessonPlot::Timeline : step ? step->shown_plot() : LessonPlot::Latency;
    if (plot == LessonPlot::Timeline) timeline_.draw(profiler_, state_.timeline_frames, style_.fonts());
    else plots_.draw_one(plot == LessonPlot::Cost, style_.fonts(), notice_);
    ImGui::End();
}

void LabApp::draw_lesson(const PixelRect& rect) {
    if (rect.empty()) return;
    const LessonCardResult result = draw_lesson_card(lesson_card(), style_.fonts(), rect);
    lesson_card_fits_ = result.fits;
    if (result.forward) lesson_forward();
    if (result.back) lesson_back();
}

void LabApp::simulate_only(int steps) {
    apply_state_to_scene();
    step_scene(steps);
}

void LabApp::frame(const FrameParams& params) {
    ++frames_displayed_;
    if (params.forced_steps < 0) {  // a real clock: keep a smoothed frame time for the readout
        const double ms = params.real_dt_s * 1000.0;
        display_frame_ms_ = display_frame_ms_ == 0 ? ms : display_frame_ms_ * 0.9 + ms * 0.1;
    }
    ImGui::NewFrame();
    handle_shortcuts();

    const ImGuiIO& io = ImGui::GetIO();
    const Layout layout = compute_layout(state_, io.DisplaySize);
    if (!layout.panel.empty()) {
        const PanelContext context{&panes_.pane(state_.edited_pane), exposure_.get(), frames_stepped(), step_s(), display_frame_ms_,
                                   &notice_, &summaries_, &presets_, &lessons_, &recording_};
        const PanelRequests requests = draw_control_panel(state_, context, style_.fonts(), layout.panel);
        if (requests.toggle_pause) state_.paused = !state_.paused;
        if (requests.step) {
            state_.paused = true;
            clock_.request_step();
        }
        if (!requests.load_preset.empty()) load_preset(requests.load_preset);
        if (!requests.start_lesson.empty()) {
            std::string error;
            if (load_lesson(requests.start_lesson, error)) go_to_step(0);
            else notice_ = error;
        }
        if (requests.stop_lesson) {
            lesson_.reset();
            state_.lesson.clear();
        }
        if (!requests.help.empty()) state_.overlay = requests.help;
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
        if (requests.reset) {
            reset_scene();
            action("reset");
        }
    }
    draw_dock(layout.dock);
    draw_presenter_plot(layout.plot);
    draw_lesson(layout.lesson);
    if (!state_.overlay.empty() && !draw_help_page(state_.overlay, style_.fonts(), io.DisplaySize)) state_.overlay.clear();
    apply_state_to_scene();

    // Simulation: whole fixed steps only.
    clock_.step_s = step_s();
    clock_.time_scale = state_.time_scale;
    clock_.paused = state_.paused;
    const double sim_start = thread_cpu_ms();
    cost_.steps = params.forced_steps >= 0 ? params.forced_steps : clock_.advance(params.real_dt_s);
    // Recording: exactly one step per displayed frame, so every step is captured once.
    if (recording_.active() && params.forced_steps < 0 && !state_.paused) cost_.steps = 1;
    step_scene(cost_.steps);
    cost_.simulation_ms = thread_cpu_ms() - sim_start;

    // Scene, then what is drawn over it, then the UI.
    glBindFramebuffer(GL_FRAMEBUFFER, params.target_framebuffer);
    glViewport(0, 0, params.framebuffer_width, params.framebuffer_height);
    glDisable(GL_SCISSOR_TEST);
    const Rgba bg = palette(state_.palette).background;
    glClearColor(bg.r, bg.g, bg.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    const float to_px = io.DisplaySize.x > 0 ? params.framebuffer_width / io.DisplaySize.x : 1.0f;
    auto scaled = [to_px](const PixelRect& r) { return PixelRect{r.x * to_px, r.y * to_px, r.w * to_px, r.h * to_px}; };
    const PixelRect scene_px = scaled(layout.scene);
    const double draw_start = thread_cpu_ms();
    cost_.draw_ms = 0;
    if (!scene_px.empty() && showing_exposure()) {
        const int w = static_cast<int>(scene_px.w), h = static_cast<int>(scene_px.h);
        const PixelRect view = scaled(split_scene_area(layout.scene.w, layout.scene.h).view);
        scene_target_.ensure(w, h, 4);
        scene_target_.bind_for_drawing();
        {
            ZoneScope zone(&profiler_, ZoneKind::Draw, "draw submission");
            ExposureDrawOptions options = state_.exposure_draw;
            options.palette = state_.palette;
            exposure_renderer_.draw(*exposure_, options, w, h, view);
        }
        cost_.draw_ms = thread_cpu_ms() - draw_start;  // submission only: the resolve below waits for the GPU
        scene_target_.resolve_into(params.target_framebuffer, static_cast<int>(scene_px.x),
                                   params.framebuffer_height - static_cast<int>(scene_px.y) - h);
    } else if (!scene_px.empty()) {
        // Each pane into its own multisampled target, resolved into its place.
        const std::vector<PixelRect> rects = pane_rects(layout.scene, pane_count());
        double submit_ms = 0;
        for (int i = 0; i < pane_count(); ++i) {
            const PixelRect pane_px = scaled(rects[i]);
            const int w = static_cast<int>(pane_px.w), h = static_cast<int>(pane_px.h);
            if (w < 1 || h < 1) continue;
            const PixelRect view = scaled(split_scene_area(rects[i].w, rects[i].h).view);
            const double start = thread_cpu_ms();
            pane_targets_[i].ensure(w, h, 4);
            pane_targets_[i].bind_for_drawing();
            {
                ZoneScope zone(&profiler_, ZoneKind::Draw, "draw submission");
                NpcDrawOptions options = state_.pane_draw(i);
                options.palette = state_.palette;
                npc_renderer_.draw(panes_.pane(i), options, w, h, view);
            }
            submit_ms += thread_cpu_ms() - start;
            pane_targets_[i].resolve_into(params.target_framebuffer, static_cast<int>(pane_px.x),
                                          params.framebuffer_height - static_cast<int>(pane_px.y) - h);
        }
        cost_.draw_ms = submit_ms;  // submission only: the resolves wait for the GPU
    }
    if (showing_exposure()) draw_exposure_overlay(ImGui::GetBackgroundDrawList(), style_.fonts(), state_, *exposure_, layout.scene);
    else {
        const std::vector<PixelRect> rects = pane_rects(layout.scene, pane_count());
        for (int i = 0; i < pane_count(); ++i)
            draw_npc_overlay(ImGui::GetBackgroundDrawList(), style_.fonts(), state_, panes_.pane(i), rects[i], i, pane_count());
    }

    ImGui::Render();
    glBindFramebuffer(GL_FRAMEBUFFER, params.target_framebuffer);
    glViewport(0, 0, params.framebuffer_width, params.framebuffer_height);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    if (recording_.active() || snapshot_requested_ || record_requested_) capture_scene(params.target_framebuffer, scene_px, params.framebuffer_height);
}

}  // namespace tsl::app
