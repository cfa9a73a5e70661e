// lab_app.cpp
//
// [SECTION] Construction
// [SECTION] The frame
// [SECTION] Keys
// [SECTION] The UI and its requests
// [SECTION] The scene
// [SECTION] Recording
#include "app/frame/lab_app.h"

#include "app/render/gl.h"
#include "app/render/palette.h"
#include "app/ui/text.h"
#include "app/ui/ui_probe.h"
#include "app/ui/ui_text.h"

#include "core/settings/settings_file.h"

#include <imgui.h>

#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <cfloat>
#include <ctime>

namespace tsl::app {

// --- [SECTION] Construction -------------------------------------------------------------

LabApp::LabApp(std::unique_ptr<LabSession> session, const char* glsl_version)
    : imgui_(ImGui::CreateContext()), session_(std::move(session)) {
    ImGui::SetCurrentContext(imgui_);
    ImGui::GetIO().IniFilename = nullptr;  // layout is computed, not remembered
    ImGui_ImplOpenGL3_Init(glsl_version);
    session_->on_event = [this](const std::string& what) { action(what); };
    if (!session_->catalog().problem.empty()) notice_ = problem_notice(session_->catalog().problem);  // a preset or lesson file that does not load, named
}

LabApp::~LabApp() {
    session_->on_event = nullptr;
    ImGui::SetCurrentContext(imgui_);
    ImGui_ImplOpenGL3_Shutdown();
    ImGui::DestroyContext(imgui_);
}

Status LabApp::init() {
    const LabSettings& s = session_->settings();
    set_wide_characters();
    style_.update(s.ui_scale, s.palette, s.theme);
    for (int k = 0; k < kSceneKinds; ++k)
        if (Status made = views_.of(static_cast<SceneKind>(k)).init(); !made) return made;
    return {};
}

// The Chinese characters the glossary and the translations write, and only those, in the fonts.
void LabApp::set_wide_characters() {
    const Catalog& catalog = session_->catalog();
    std::string extra = kGlossaryPageWords + catalog.translated_text;
    for (Language language : kAllLanguages) extra += language_name(language);  // the language combo
    for (const Translation& t : catalog.translations) extra += every_text(t);
    style_.set_wide_characters(wide_characters(catalog.glossary ? *catalog.glossary : Glossary{}, extra));
}

void LabApp::apply(const Command& command) {
    card_.reset();  // drawn before the command
    const CommandResult result = session_->apply(command);
    if (!result) notice_ = problem_notice(result.problem);
    else if (!result.fitted.empty()) notice_ = info_notice(result.note());  // done, changed to fit where the lab runs
}

void LabApp::action(const std::string& what) {
    if (on_action) on_action(what);
}

std::string LabApp::mode_name() const { return view().mode_name(session_->settings()); }

// --- [SECTION] The frame ------------------------------------------------------------------

void LabApp::frame(const FrameParams& params) {
    ImGui::SetCurrentContext(imgui_);
    ++frames_displayed_;
    if (params.forced_steps < 0) {  // a real clock: keep a smoothed frame time for the readout
        const double ms = params.real_dt_s * 1000.0;
        display_frame_ms_ = display_frame_ms_ == 0 ? ms : display_frame_ms_ * 0.9 + ms * 0.1;
    }
    // Fonts and theme follow the UI scale and palette, rebuilt between frames;
    // the fonts' pixels follow the display's (the platform's framebuffer scale).
    const LabSettings& settings = session_->settings();
    style_.update(settings.ui_scale, settings.palette, settings.theme, ImGui::GetIO().DisplayFramebufferScale.x);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    handle_keys();

    const Layout layout = compute_layout(settings, session_->lesson() != nullptr, ImGui::GetIO().DisplaySize);
    if (export_folder_for_ != settings.recording.folder) {
        export_folder_for_ = settings.recording.folder;
        const std::string folder = settings.recording.folder.empty() ? default_output_folder() : settings.recording.folder;
        for (int k = 0; k < kSceneKinds; ++k) views_.of(static_cast<SceneKind>(k)).set_export_dir(folder);
    }
    // Simulation: whole fixed steps only.
    cost_.steps = params.forced_steps >= 0 ? params.forced_steps : session_->advance(params.real_dt_s);
    // Recording: exactly one step per displayed frame, so every step is captured once.
    if (recording_.active() && params.forced_steps < 0 && !session_->settings().paused) cost_.steps = 1;
    session_->step(cost_.steps);
    cost_.simulation_ms = session_->frame_steps_cpu_ms();

    cost_.draw_ms = draw_scene(params, layout);
    session_->end_frame(cost_.draw_ms);
    draw_overlays(layout);

    // The panel, dock and card after the step: their numbers are the frame's
    // on screen. What they ask for applies now, before the next frame's step.
    UiRequests requests;
    draw_ui(layout, requests);
    select_clicked_pane(layout, requests);
    draw_notice_and_badge(layout);
    handle_requests(requests);

    render_ui(params, layout);
    hand_over_saved_file();  // a snapshot or a recording's end, saved while rendering
}

// The probe's state line (app/ui/ui_probe.h): what this frame shows of the
// session, for the window tests.
std::string LabApp::probe_state() const {
    const LabSettings& s = session_->settings();
    const Lesson* lesson = session_->lesson();
    const int pane = view().edited_pane(s);
    return "scene=" + std::string(name_of(s.scene)) + " frame=" + std::to_string(static_cast<long long>(session_->frames_stepped())) +
           " paused=" + (s.paused ? "1" : "0") +
           " mode=" + mode_name() + " lesson=" + (lesson ? lesson->name : std::string("-")) +
           " step=" + std::to_string(lesson ? session_->lesson_step() + 1 : 0) + " revealed=" + (session_->lesson_revealed() ? "1" : "0") +
           " pane=" + static_cast<char>('A' + pane) + " help=" + std::string(name_of(s.help)) +
           " lang=" + std::string(language_code(s.language)) + " wide_glyphs=" + std::to_string(style_.wide_characters_drawn()) + "/" + std::to_string(style_.wide_characters_wanted()) +
           " guess=" + (card_ && !card_->guess.value.empty() ? card_->guess.value : std::string("-")) +
           " recording=" + (recording_.active() ? std::to_string(recording_.frames()) : std::string("-")) + " notice=" +
           (notice_.text.empty() ? "-" : notice_.kind == Notice::Kind::Problem ? "problem" : notice_.kind == Notice::Kind::Saved ? "saved" : "info");
}

void LabApp::hand_over_saved_file() {
    if (notice_.kind != Notice::Kind::Saved || !hand_over_file) return;
    const std::string said = hand_over_file(notice_.path);
    if (said.empty()) return;
    notice_ = info_notice(said + (notice_.detail.empty() ? "" : " " + notice_.detail));
    action("handed over: " + notice_.text);
}

void LabApp::cancel_recording() {
    recording_.cancel();
    notice_ = recording_.finished();
}

void LabApp::export_plot_csv() {
    if (const std::optional<PlotExport> exported = views_.npc.export_latency(*session_)) notice_ = export_notice(*exported);
}

// ImGui's draw lists: first the background list (the captions over the
// scene), then — after a recording or snapshot has taken the scene area —
// the windows, tooltips, the notice and the REC badge, which pictures of the
// scene leave out.
void LabApp::render_ui(const FrameParams& params, const Layout& layout) {
    ui_probe_end_frame(frames_displayed_, ui_probe_active() ? probe_state() : std::string());
    ImGui::Render();
    glBindFramebuffer(GL_FRAMEBUFFER, params.target.framebuffer);
    glViewport(0, 0, params.target.width, params.target.height);
    ImDrawData* all = ImGui::GetDrawData();
    ImDrawData part = *all;
    const int background = all->CmdListsCount > 0 && all->CmdLists[0] == ImGui::GetBackgroundDrawList() ? 1 : 0;
    part.CmdListsCount = background;
    ImGui_ImplOpenGL3_RenderDrawData(&part);
    if (picture_) {
        const float to_px = ImGui::GetIO().DisplaySize.x > 0 ? static_cast<float>(params.target.width) / ImGui::GetIO().DisplaySize.x : 1.0f;
        capture_scene(params.target, {layout.scene.x * to_px, layout.scene.y * to_px, layout.scene.w * to_px, layout.scene.h * to_px});
    }
    part.CmdLists = all->CmdLists + background;
    part.CmdListsCount = all->CmdListsCount - background;
    ImGui_ImplOpenGL3_RenderDrawData(&part);
    if (board_picture_) {
        board_picture_ = false;
        const float to_px = ImGui::GetIO().DisplaySize.x > 0 ? static_cast<float>(params.target.width) / ImGui::GetIO().DisplaySize.x : 1.0f;
        Image image;
        image.width = std::min(static_cast<int>(board_rect_.w * to_px), params.target.width);
        image.height = std::min(static_cast<int>(board_rect_.h * to_px), params.target.height);
        const int x = std::max(0, static_cast<int>(board_rect_.x * to_px)), y = std::max(0, static_cast<int>(board_rect_.y * to_px));
        if (image.width > 0 && image.height > 0 && session_->settings().help == HelpPage::Board) {
            image.rgba.resize(static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 4);
            read_framebuffer(params.target.framebuffer, x, params.target.height - y - image.height, image.width, image.height, image.rgba.data());
            for (std::size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;
            notice_ = save_board_png(image, session_->settings().recording, session_->results_board().lesson);
            action("results board PNG: " + notice_.text);
        }
    }
}

// The notice over the bottom of the scene, and while recording a REC badge
// with its progress in the scene's top-right corner — in every view.
void LabApp::draw_notice_and_badge(const Layout& layout) {
    hand_over_saved_file();  // a CSV exported or a recording ended in this frame's UI
    // Under the scene (the dock, the presenter view's plot), never over it unless nothing is under it.
    const PixelRect& under = !layout.dock.empty() ? layout.dock : !layout.plot.empty() ? layout.plot : layout.scene;
    const NoticeActions actions = draw_notice(notice_, under, style_.fonts());
    if (actions.open_folder) {
        if (const Status opened = open_containing_folder(notice_.path); !opened) notice_ = problem_notice(opened.error());
        action("notice: open folder of " + notice_.path);
    }
    if (actions.close) notice_ = {};
    if (!recording_.active() || layout.scene.empty()) return;
    ImDrawList* list = ImGui::GetForegroundDrawList();
    const UiFonts& fonts = style_.fonts();
    const float font = ImGui::GetFontSize(), pad = font * 0.4f;
    const int expected = recording_.frames_expected();
    const std::string text = expected > 0 ? formatted("REC  %d / %d", recording_.frames(), expected) : formatted("REC  %d frames", recording_.frames());
    const ImVec2 size = fonts.bold->CalcTextSizeA(font, FLT_MAX, 0, text.c_str());
    const float w = font * 1.2f + size.x + 2 * pad, h = size.y + 2 * pad + (expected > 0 ? font * 0.35f : 0.0f);
    const ImVec2 a{layout.scene.x + layout.scene.w - w - pad, layout.scene.y + pad}, b{a.x + w, a.y + h};
    list->AddRectFilled(a, b, hex(0xFFFFFF, 0.92f).packed(), font * 0.3f);
    list->AddRect(a, b, hex(0xC62828).packed(), font * 0.3f, 0, std::max(1.0f, font * 0.1f));
    list->AddCircleFilled({a.x + pad + font * 0.4f, a.y + pad + size.y * 0.5f}, font * 0.33f, hex(0xD32F2F).packed());
    list->AddText(fonts.bold, font, {a.x + pad + font * 1.0f, a.y + pad}, hex(0x1E1E1E).packed(), text.c_str());
    if (expected > 0) {
        const float done = std::min(1.0f, static_cast<float>(recording_.frames()) / static_cast<float>(expected));
        const float y = b.y - pad * 0.5f - font * 0.25f;
        list->AddRectFilled({a.x + pad, y}, {b.x - pad, y + font * 0.2f}, hex(0xE0E0E0).packed());
        list->AddRectFilled({a.x + pad, y}, {a.x + pad + (w - 2 * pad) * done, y + font * 0.2f}, hex(0xD32F2F).packed());
    }
}

// --- [SECTION] Keys ---------------------------------------------------------------------------

void LabApp::handle_keys() {
    const std::vector<KeyPress> keys = std::exchange(pending_keys, {});
    // Typing into a field, the keys are the field's; but Page Down and Page Up
    // (a clicker's, which no field uses) still move the lesson: a guess typed
    // is kept as it is typed, and the reveal follows it.
    const bool typing = ImGui::GetIO().WantCaptureKeyboard;
    for (const KeyPress& press : keys) {
        const KeyMatch match = find_binding(press.key, press.mods, press.repeat, session_->settings().scene);
        const bool lesson_key = match.binding && (match.binding->action == KeyAction::LessonForward || match.binding->action == KeyAction::LessonBack);
        if (match.binding && (!typing || lesson_key)) key_action(match.binding->action, match.argument);
    }
}

// What a key does comes from core (key_commands); recording, full screen and
// quitting are carried out here.
void LabApp::key_action(KeyAction what, int argument) {
    const KeyCommands keyed =
        key_commands(what, argument, session_->settings(), session_->lesson() != nullptr, session_->frames_stepped());
    for (const Command& command : keyed.commands) apply(command);
    switch (keyed.app) {
        case KeyCommands::App::None:
            break;
        case KeyCommands::App::ToggleRecording:
            if (recording_.active()) {
                recording_.stop();
                notice_ = recording_.finished();
                action("key r: recording stopped after " + std::to_string(recording_.frames()) + " frames: " + notice_.text);
            } else {
                start_recording();
                action("key r: record");
            }
            return;
        case KeyCommands::App::ToggleFullscreen:
            fullscreen_toggle_requested_ = true;
            break;
        case KeyCommands::App::Quit:
            quit_requested_ = true;
            break;
    }
    if (!keyed.log.empty()) action(keyed.log);
}

// --- [SECTION] The UI and its requests -------------------------------------------------------

void LabApp::draw_ui(const Layout& layout, UiRequests& requests) {
    set_ui_words(session_->words());
    showed_chinese_ = session_->settings().language != Language::En;
    panel_frame_ = session_->frames_stepped();
    card_.reset();
    if (!layout.panel.empty() && !session_->settings().panel_open) {
        draw_folded_panel(layout.panel, requests);
    } else if (!layout.panel.empty()) {
        const RecordingProgress progress{recording_.active(), recording_.frames(), recording_.frames_expected(),
                                         recording_.width(),  recording_.height(), recording_.estimated_bytes()};
        const PanelContext context{*session_, display_frame_ms_, progress, static_cast<bool>(copy_link), static_cast<bool>(open_file),
                                   [&](FieldSection& fields) { view().draw_panel_sections(fields, *session_, style_.fonts()); }};
        draw_control_panel(context, style_.fonts(), layout.panel, requests);
    }
    draw_dock(layout.dock, requests);
    draw_presenter_plot(layout.plot);
    if (!layout.lesson.empty()) {
        const LessonCardResult result = draw_lesson_card(card_.emplace(session_->lesson_card()), style_.fonts(), layout.lesson);
        lesson_card_fits_ = result.fits;
        if (result.forward) requests.commands.emplace_back(LessonForward{});
        if (result.back) requests.commands.emplace_back(LessonBack{});
        if (result.guess) requests.commands.emplace_back(Guess{*result.guess});
        if (result.restore && session_->lesson()) requests.commands.emplace_back(GoToStep{session_->lesson_step()});
        else if (result.restore) requests.commands.emplace_back(LoadPreset{session_->preset()});
        showed_chinese_ |= result.terms_shown;
        if (result.glossary_term) {  // a term's link: the glossary, open at it
            glossary_term_ = *result.glossary_term;
            requests.commands.emplace_back(SetField{setting::help, std::string("glossary")});
        }
    }
    const HelpPage help = session_->settings().help;
    if (help == HelpPage::Glossary) showed_chinese_ = true;
    if (help == HelpPage::Board) {
        draw_board(requests);
    } else if (help == HelpPage::Glossary) {
        const std::optional<Glossary>& glossary = session_->catalog().glossary;
        const bool chinese_missing = style_.wide_characters_drawn() < style_.wide_characters_wanted();
        if (!draw_glossary_page(glossary ? &*glossary : nullptr, glossary_term_, chinese_missing, style_.fonts(), ImGui::GetIO().DisplaySize))
            requests.commands.emplace_back(SetField{setting::help, std::string("none")});
    } else if (help != HelpPage::None) {
        if (const HelpPage next = draw_help_page(help, style_.fonts(), ImGui::GetIO().DisplaySize); next != help)
            requests.commands.emplace_back(SetField{setting::help, std::string(name_of(next))});
    }
}

// The lesson's results board (B, or Next at a lesson's end), and what its buttons ask for.
void LabApp::draw_board(UiRequests& requests) {
    const ResultsBoard board = session_->results_board();
    // Asked for a picture last frame: this frame draws it without its buttons, and render_ui reads it.
    board_picture_ = std::exchange(board_png_requested_, false);
    const BoardActions asked = draw_results_board(board, style_.fonts(), ImGui::GetIO().DisplaySize, board_rect_, board_picture_);
    if (asked.close) requests.commands.emplace_back(SetField{setting::help, std::string("none")});
    if (asked.clear) requests.commands.emplace_back(ClearBoard{});
    if (asked.save_csv) {
        notice_ = save_board_csv(board_csv(board), session_->settings().recording, board.lesson);
        action("results board CSV: " + notice_.text);
    }
    if (asked.save_png) board_png_requested_ = true;
}

// A click on the scene (not on a window over it) selects the pane under the
// pointer, as a click on its row in the panes table does: the mode keys and
// controls then change that pane.
void LabApp::select_clicked_pane(const Layout& layout, UiRequests& requests) {
    const ImGuiIO& io = ImGui::GetIO();
    if (!ImGui::IsMouseClicked(ImGuiMouseButton_Left) || io.WantCaptureMouse || layout.scene.empty()) return;
    const ImVec2 at = io.MousePos;
    const SceneView& shown = view();
    const std::vector<PixelRect> rects = shown.pane_rects(*session_, layout.scene);
    if (rects.size() < 2) return;
    for (std::size_t i = 0; i < rects.size(); ++i) {
        const PixelRect& r = rects[i];
        if (at.x < r.x || at.y < r.y || at.x >= r.x + r.w || at.y >= r.y + r.h) continue;
        if (static_cast<int>(i) == shown.edited_pane(session_->settings())) return;
        requests.commands.emplace_back(SetField{shown.pane_field(), static_cast<std::int64_t>(i + 1)});
        action(std::string("click: pane ") + pane_letter(static_cast<int>(i)) + " selected");
        return;
    }
}

void LabApp::handle_requests(UiRequests& requests) {
    for (const Command& command : requests.commands) apply(command);
    if (requests.record_start) start_recording();
    if (requests.record_stop) {
        recording_.stop();
        notice_ = recording_.finished();
    }
    if (requests.record_cancel) cancel_recording();
    if (requests.snapshot) snapshot_requested_ = true;
    if (requests.open_file && open_file) {
        open_file();
        action("open a file");
    }
    if (requests.copy_link && copy_link) {
        copy_link();
        action("copy link to this view");
    }
}

void LabApp::draw_dock(const PixelRect& rect, UiRequests& requests) {
    if (rect.empty()) return;
    const LabSession& session = *session_;
    SceneView& shown = view();
    begin_fixed_window("Dock", rect);  // scrolls when a large UI scale leaves a plot less than its least height
    // A tab asked for by --set dock=... is selected once; clicks on tabs
    // write back which one is shown.
    const std::string want(name_of(session.settings().dock));
    const bool requested = shown.has_tab(want) && want != shown_tab_;
    const DockTab tab = [&](const char* name, const char* label) {
        const bool select = requested && want == name;
        // Its ID the tab's name: the same in every language, and whichever pane "Path tickets (pane B)" names.
        if (!ImGui::BeginTabItem((std::string(label) + "###" + name).c_str(), nullptr, select ? ImGuiTabItemFlags_SetSelected : 0)) return false;
        shown_tab_ = name;
        if (!requested && want != name) requests.commands.emplace_back(SetField{setting::dock, std::string(name)});
        return true;
    };
    FieldSection fields(session.settings(), requests.commands);
    ViewContext context{session, style_, notice_, timeline_, fields};
    if (ImGui::BeginTabBar("dock tabs")) {
        shown.draw_tabs(tab, context);
        ImGui::EndTabBar();
    }
    ImGui::End();
}

// The presenter view's one plot: the step's choice (latency or frame cost), or
// the timeline for the exposure scene.
void LabApp::draw_presenter_plot(const PixelRect& rect) {
    if (rect.empty()) return;
    const LabSession& session = *session_;
    const LessonStep* step = session.lesson() ? &session.lesson()->steps[static_cast<std::size_t>(session.lesson_step())] : nullptr;
    SceneView& shown = view();
    LessonPlot plot = shown.presenter_plot(step);
    if (plot == LessonPlot::Timing && !session.lesson_revealed()) plot = LessonPlot::Latency;  // the diagram names the mode
    // A plot fills the window; the timeline's lanes keep their height and scroll.
    begin_fixed_window("Presenter plot", rect, plot == LessonPlot::Timeline ? 0 : ImGuiWindowFlags_NoScrollbar);
    std::vector<Command> ignored;  // the presenter view has no controls
    FieldSection fields(session.settings(), ignored);
    ViewContext context{session, style_, notice_, timeline_, fields};
    if (plot == LessonPlot::Timeline) timeline_.draw(session, fields, style_);
    else shown.draw_plot(plot, context);
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
    // `pane`: whose drawing it is, for the timeline.
    const DrawInto draw_into = [&](RenderTarget& into, const PixelRect& area, int pane, const PaneDraw& draw) {
        const PixelRect px = scaled(area);
        const int w = static_cast<int>(px.w), h = static_cast<int>(px.h);
        if (w < 1 || h < 1) return;
        const double start = session_->main_clock_ms();
        into.ensure(w, h, 4);
        into.bind_for_drawing();
        {
            ZoneScope zone(profiler, ZoneKind::Draw, "draw submission", 0, static_cast<std::uint8_t>(pane));
            draw(w, h, scaled(split_scene_area(area.w, area.h, s.ui_scale).view), px);
        }
        submit_ms += session_->main_clock_ms() - start;
        into.resolve_into(target.framebuffer, static_cast<int>(px.x), target.height - static_cast<int>(px.y) - h);
    };
    for (int k = 0; k < kSceneKinds; ++k)
        if (static_cast<SceneKind>(k) != s.scene) views_.of(static_cast<SceneKind>(k)).release_targets();
    if (layout.scene.empty()) return 0;
    view().draw(session, layout.scene, to_px, draw_into);
    return submit_ms;
}

// Captions, progress and legends over the scene, from the state after this frame's steps.
void LabApp::draw_overlays(const Layout& layout) {
    const LabSession& session = *session_;
    // A picture of the scene (a snapshot, a recording's frame) leaves out the edited pane's outline: it is a control, not the scene.
    // (Asked for by this frame's panel, after this point: the next frame's picture.)
    picture_ = recording_.active() || snapshot_requested_ || record_requested_;
    const bool outline = !picture_;
    view().draw_overlay(ImGui::GetBackgroundDrawList(), style_.fonts(), session, layout.scene, outline);
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
        notice_ = save_snapshot(image, s.recording, session_->shown_name(), mode_name());
        action("snapshot: " + notice_.text);
    }
    if (record_requested_) {
        record_requested_ = false;
        const Status started =
            recording_.start(s.recording, session_->shown_name(), mode_name(), image.width, image.height, 1.0 / session_->step_s());
        notice_ = started ? Notice{} : recording_.finished();
        action(recording_.active() ? "recording " + recording_.path() : "recording failed: " + notice_.text);
        return;
    }
    if (!recording_.active() || cost_.steps == 0) return;
    // The scene area changed size (the presenter view, a resized window): the
    // recording goes on at its own size, the picture scaled to fit it.
    if (image.width != recording_.width() || image.height != recording_.height()) {
        const Rgba bg = palette(s.palette).background;
        const std::uint8_t fill[4] = {static_cast<std::uint8_t>(bg.r * 255 + 0.5f), static_cast<std::uint8_t>(bg.g * 255 + 0.5f),
                                      static_cast<std::uint8_t>(bg.b * 255 + 0.5f), 255};
        image = fit_image(image, recording_.width(), recording_.height(), fill);
    }
    if (!recording_.add(image)) {
        notice_ = recording_.finished();
        action("recording ended: " + notice_.text);
    }
}

}  // namespace tsl::app
