// lab_app.h — one displayed frame of Timeslice Lab around a LabSession, the
// same in the window and headless:
//
//   keys → commands → session.apply        (shortcuts, from core/session/key_bindings.h)
//   session.advance + session.step         (whole fixed steps only)
//   scene drawn into multisampled targets, overlays on top
//   session.end_frame(draw CPU)            (the frame-total plot sample)
//   UI drawn from the session → requests   (the panel, dock, lesson card, from the state on screen: commands, not changes)
//   requests → session.apply / recording   (before the next frame's step)
//
// The app owns the ImGui context and the ImGui OpenGL backend; the platform
// (platform.h) owns the GL context, the window and its input backend, and
// calls frame() through FrameLoop (frame_loop.h).
//
// Threading: main thread, with the GL context current.
#pragma once

#include "app/frame/platform.h"
#include "app/frame/recording.h"
#include "app/frame/scene_view.h"
#include "app/ui/glossary_page.h"
#include "app/ui/lesson_panel.h"
#include "app/ui/timeline_panel.h"
#include "app/ui/timing_diagram.h"
#include "app/ui/ui_panels.h"
#include "app/ui/ui_style.h"
#include "app/ui/ui_text.h"

#include "core/session/lab_session.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

struct ImGuiContext;

namespace tsl::app {

struct FrameParams {
    double real_dt_s = 1.0 / 60.0;  // wall time since the previous frame (window)
    int forced_steps = -1;          // >= 0: simulate exactly this many steps (headless lock-step)
    FrameTarget target;             // where to draw
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
    // Takes the session; creates the ImGui context and its OpenGL backend
    // (the GL context must be current). `glsl_version`: "#version 330 core",
    // or "#version 300 es" for OpenGL ES.
    explicit LabApp(std::unique_ptr<LabSession> session, const char* glsl_version = "#version 330 core");
    ~LabApp();
    LabApp(const LabApp&) = delete;
    LabApp& operator=(const LabApp&) = delete;

    // The renderers and fonts, or why not (a shader that does not compile, named).
    Status init();
    ImGuiContext* imgui_context() const { return imgui_; }

    // One frame; the platform has started its part of ImGui's frame.
    void frame(const FrameParams& params);

    LabSession& session() { return *session_; }
    const LabSession& session() const { return *session_; }
    // Applies a command as a user would; its problem (if any) becomes the notice.
    void apply(const Command& command);

    const FrameCost& last_cost() const { return cost_; }
    const Recording& recording() const { return recording_; }
    // The last drawn lesson card fitted its rectangle without scrolling.
    bool lesson_card_fits() const { return lesson_card_fits_; }
    // Displayed frames since start, and their recent average duration (window).
    std::int64_t frames_displayed() const { return frames_displayed_; }
    double display_frame_ms() const { return display_frame_ms_; }
    const UiStyle& style() const { return style_; }
    // What the app last told the user (a file saved, a problem); empty once closed.
    const Notice& notice() const { return notice_; }
    // Shows `notice` in place of the current one (the platform's news: a settings file that did not load).
    void post(Notice notice) { notice_ = std::move(notice); }

    // Requests the platform acts on after a frame.
    bool quit_requested() const { return quit_requested_; }
    bool fullscreen_toggle_requested() { return std::exchange(fullscreen_toggle_requested_, false); }

    // The platform queues key presses here; the next frame handles them.
    std::vector<KeyPress> pending_keys;

    // Called with a one-line description of every user action (for --verbose
    // and the end-to-end test), e.g. "key space: paused at frame 120".
    std::function<void(const std::string&)> on_action;
    // The platform's "copy link to this view" (the browser page's): when set,
    // the panel offers the button, and a press calls it.
    std::function<void()> copy_link;
    // The platform's "Open a file..." (the browser page's file picker): when
    // set, the panel offers the button, and a press calls it.
    std::function<void()> open_file;
    // The platform's hand-over of a saved file (Platform::hand_over_file, set
    // by FrameLoop): what to say instead of "Saved PATH", or "" to keep it.
    std::function<std::string(const std::string& path)> hand_over_file;

    // What the panel's "PNG" button and the latency plot's "Export CSV" do,
    // for a platform's own controls and tests (the browser page's): the PNG
    // is taken from the next frame's scene; the CSV is written now (its
    // outcome becomes the notice; nothing before the plot has a sample).
    void request_snapshot() { snapshot_requested_ = true; }
    // What the panel's "Cancel" does while a GIF records: it ends, nothing is saved.
    void cancel_recording();
    void export_plot_csv();
    // The frame of the scene the panel, dock and card last drew from: the
    // frame on screen, since they are drawn after the step (-1 before any).
    std::int64_t panel_frame() const { return panel_frame_; }
    // The lesson card this frame drew, while it is the session's (nullptr:
    // none drawn, or a command applied since): the page mirrors it as text
    // without building it again.
    const LessonCard* card_drawn() const { return card_ ? &*card_ : nullptr; }
    // The setting that holds the shown scene's mode (the page's mode menu changes it).
    SettingName mode_setting() const { return view().mode_setting(); }
    // The last frame showed Chinese (the glossary, or a card's "Terms"): the
    // page fetches its Chinese font then, not with its first download.
    bool showed_chinese() const { return showed_chinese_; }
    // The fonts' Chinese characters from the catalog's glossary and
    // translations again (the page, once a language's files have arrived).
    void set_wide_characters();
    // The Chinese font's file has appeared: the fonts are built again with it.
    void chinese_font_arrived() { style_.rebuild_fonts(); }
    // The page: a language's files have arrived in the assets folder. The
    // catalog is read again, and the fonts take their characters.
    void translations_arrived() {
        session_->reread_catalog();
        set_ui_words(session_->words());  // the words read before are gone with the catalog
        card_.reset();
        set_wide_characters();
        style_.rebuild_fonts();
    }
    // What the frame shows that no window or item says, as the UI probe's
    // state line writes it ("scene=npc frame=120 paused=0 ...", ui_probe.h).
    std::string probe_state() const;

private:
    void handle_keys();
    void key_action(KeyAction action, int argument);
    void handle_requests(UiRequests& requests);
    void draw_ui(const Layout& layout, UiRequests& requests);
    void select_clicked_pane(const Layout& layout, UiRequests& requests);  // a click on a pane of the scene edits that pane
    void draw_dock(const PixelRect& rect, UiRequests& requests);
    void draw_presenter_plot(const PixelRect& rect);
    void draw_board(UiRequests& requests);
    double draw_scene(const FrameParams& params, const Layout& layout);
    void draw_overlays(const Layout& layout);
    void draw_notice_and_badge(const Layout& layout);
    void hand_over_saved_file();  // a Saved notice's file to the platform (hand_over_file)
    void render_ui(const FrameParams& params, const Layout& layout);
    void capture_scene(const FrameTarget& target, const PixelRect& scene_px);
    void start_recording() { record_requested_ = true; }
    std::string mode_name() const;
    SceneView& view() { return views_.of(session_->settings().scene); }
    const SceneView& view() const { return views_.of(session_->settings().scene); }
    void action(const std::string& what);

    ImGuiContext* imgui_ = nullptr;  // created first, destroyed last
    std::unique_ptr<LabSession> session_;
    Notice notice_;  // the last problem or saved file, over the scene until closed
    std::optional<std::string> export_folder_for_;  // the record_folder setting the plots' export folder was resolved from (none yet)
    TimelinePanel timeline_;
    Recording recording_;
    bool snapshot_requested_ = false;
    bool board_png_requested_ = false;  // "Save PNG": the next frame draws the board for its picture
    bool board_picture_ = false;        // this frame's board is drawn for its picture, read once the frame is drawn
    PixelRect board_rect_;              // where the results board was drawn (UI coordinates)
    bool record_requested_ = false;
    std::int64_t panel_frame_ = -1;
    std::optional<LessonCard> card_;  // card_drawn()
    bool picture_ = false;  // this frame's scene goes into a snapshot or recording (drawn without the edited pane's outline)
    bool lesson_card_fits_ = true;
    std::string shown_tab_;  // the dock tab ImGui showed last frame
    std::string glossary_term_;  // the glossary page's chosen term (a card's link sets it)
    bool showed_chinese_ = false;  // showed_chinese()
    SceneViews views_;  // one per scene: renderer, overlay, dock tabs, presenter plot
    UiStyle style_;
    FrameCost cost_;
    std::int64_t frames_displayed_ = 0;
    double display_frame_ms_ = 0;
    bool quit_requested_ = false;
    bool fullscreen_toggle_requested_ = false;
};

}  // namespace tsl::app
