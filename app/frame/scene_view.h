// scene_view.h — one scene as the frame shows it: its renderer and the
// targets it draws into, its overlay, the panes a click selects, its dock
// tabs and its presenter plot. LabApp keeps one per SceneKind and asks the
// one shown; it names no scene (core/session/session_scene.h is the same
// unit without a window). The lab's three: NpcView, ExposureView, EngineView.
//
// Threading: main thread, with the GL context current.
#pragma once

#include "app/render/engine_renderer.h"
#include "app/render/exposure_renderer.h"
#include "app/render/gl_util.h"
#include "app/render/npc_renderer.h"
#include "app/ui/engine_plots_panel.h"
#include "app/ui/exposure_plots_panel.h"
#include "app/ui/field_controls.h"
#include "app/ui/layout.h"
#include "app/ui/metrics_plots.h"
#include "app/ui/timeline_panel.h"
#include "app/ui/ui_panels.h"
#include "app/ui/ui_style.h"

#include "core/session/lab_session.h"

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct ImDrawList;

namespace tsl::app {

// Draws one pane into `into` over `area` of the display (points): `draw`
// gets the target's size in pixels, the view inside it and the area in
// pixels. `pane` names the drawing on the timeline.
using PaneDraw = std::function<void(int w, int h, const PixelRect& view, const PixelRect& px)>;
using DrawInto = std::function<void(RenderTarget& into, const PixelRect& area, int pane, const PaneDraw& draw)>;

// What a view's dock tabs and plots draw with.
struct ViewContext {
    const LabSession& session;
    const UiStyle& style;
    Notice& notice;
    TimelinePanel& timeline;  // every scene's timeline tab
    FieldSection& fields;     // the timeline's controls
};

// Opens the dock tab `name` with its `label`; false while another is shown.
using DockTab = std::function<bool(const char* name, const char* label)>;

class SceneView {
public:
    virtual ~SceneView() = default;
    virtual Status init() = 0;  // the renderer, or why not (a shader that does not compile, named)
    // The mode the scene runs in, for file names and the probe ("siao", "timesliced", "free-step").
    virtual std::string mode_name(const LabSettings& settings) const = 0;
    // The setting that holds that mode (the page's mode menu changes it).
    virtual SettingName mode_setting() const = 0;
    // The panes a click on the scene selects (none: fewer than two), which is
    // edited, and the field that selects one.
    virtual std::vector<PixelRect> pane_rects(const LabSession& session, const PixelRect& scene) const = 0;
    virtual int edited_pane(const LabSettings& settings) const { return settings.edited_pane; }
    virtual SettingName pane_field() const { return setting::pane; }
    // The scene into `scene` (display points), each pane through `draw_into`.
    // `to_px`: pixels per point.
    virtual void draw(const LabSession& session, const PixelRect& scene, float to_px, const DrawInto& draw_into) = 0;
    // Captions, legends and the edited pane's outline (`outline`) over it.
    virtual void draw_overlay(ImDrawList* list, const UiFonts& fonts, const LabSession& session, const PixelRect& scene, bool outline) = 0;
    // Its sections of the control panel (PanelContext::scene_sections).
    virtual void draw_panel_sections(FieldSection& fields, const LabSession& session, const UiFonts& fonts) = 0;
    // The dock's tabs, in order (the timeline's among them).
    virtual bool has_tab(std::string_view name) const = 0;
    virtual void draw_tabs(const DockTab& tab, ViewContext& context) = 0;
    // The presenter view's plot for `step` (null: a preset), and the plots
    // other than the timeline drawn filling the window.
    virtual LessonPlot presenter_plot(const LessonStep* step) const = 0;
    virtual void draw_plot(LessonPlot plot, ViewContext& context) {
        (void)plot;
        (void)context;
    }
    // Where the plots' "Export CSV" writes.
    virtual void set_export_dir(const std::string& folder) { (void)folder; }
    // Gives back the GPU targets its panes were drawn into: the frame calls
    // it for every scene not shown (LabApp), so a hidden scene holds none.
    void release_targets() { targets_.clear(); }

protected:
    std::vector<RenderTarget> targets_;  // one per pane, while the scene is shown
};

class NpcView final : public SceneView {
public:
    Status init() override { return renderer_.init(); }
    std::string mode_name(const LabSettings& s) const override { return std::string(name_of(s.pane().timeslicing.mode)); }
    SettingName mode_setting() const override { return setting::mode; }
    std::vector<PixelRect> pane_rects(const LabSession& session, const PixelRect& scene) const override;
    void draw(const LabSession& session, const PixelRect& scene, float to_px, const DrawInto& draw_into) override;
    void draw_overlay(ImDrawList* list, const UiFonts& fonts, const LabSession& session, const PixelRect& scene, bool outline) override;
    void draw_panel_sections(FieldSection& fields, const LabSession& session, const UiFonts& fonts) override {
        draw_comparison_section(fields, session, fonts);
        draw_npc_sections(fields, session, fonts);
    }
    bool has_tab(std::string_view name) const override { return name == "plots" || name == "timing" || name == "timeline"; }
    void draw_tabs(const DockTab& tab, ViewContext& context) override;
    LessonPlot presenter_plot(const LessonStep* step) const override { return step ? step->shown_plot() : LessonPlot::Latency; }
    void draw_plot(LessonPlot plot, ViewContext& context) override;
    void set_export_dir(const std::string& folder) override { plots_.set_export_dir(folder); }
    // The latency plot's visible series as CSV (the panel's "Export CSV").
    std::optional<PlotExport> export_latency(const LabSession& session) { return plots_.export_latency(session); }

private:
    NpcRenderer renderer_;
    MetricsPlots plots_;
};

class ExposureView final : public SceneView {
public:
    Status init() override { return renderer_.init(); }
    std::string mode_name(const LabSettings& s) const override { return std::string(name_of(s.exposure_pane().mode)); }
    SettingName mode_setting() const override { return setting::exposure_mode; }
    std::vector<PixelRect> pane_rects(const LabSession& session, const PixelRect& scene) const override;
    int edited_pane(const LabSettings& settings) const override { return settings.edited_exposure_pane; }
    SettingName pane_field() const override { return setting::exposure_pane; }
    void draw(const LabSession& session, const PixelRect& scene, float to_px, const DrawInto& draw_into) override;
    void draw_overlay(ImDrawList* list, const UiFonts& fonts, const LabSession& session, const PixelRect& scene, bool outline) override;
    void draw_panel_sections(FieldSection& fields, const LabSession& session, const UiFonts& fonts) override {
        draw_exposure_sections(fields, session, fonts);
    }
    bool has_tab(std::string_view name) const override { return name == "plots" || name == "timeline" || name == "tickets"; }
    void draw_tabs(const DockTab& tab, ViewContext& context) override;
    LessonPlot presenter_plot(const LessonStep* step) const override { return step ? step->shown_plot() : LessonPlot::Timeline; }
    void draw_plot(LessonPlot plot, ViewContext& context) override;
    void set_export_dir(const std::string& folder) override { plots_.set_export_dir(folder); }

private:
    ExposureRenderer renderer_;
    ExposurePlotsPanel plots_;
};

class EngineView final : public SceneView {
public:
    Status init() override { return renderer_.init(); }
    std::string mode_name(const LabSettings& s) const override { return std::string(name_of(s.engine_pane().step_mode)); }
    SettingName mode_setting() const override { return setting::step_mode; }
    std::vector<PixelRect> pane_rects(const LabSession& session, const PixelRect& scene) const override;
    int edited_pane(const LabSettings& settings) const override { return settings.edited_engine_pane; }
    SettingName pane_field() const override { return setting::engine_pane; }
    void draw(const LabSession& session, const PixelRect& scene, float to_px, const DrawInto& draw_into) override;
    void draw_overlay(ImDrawList* list, const UiFonts& fonts, const LabSession& session, const PixelRect& scene, bool outline) override;
    void draw_panel_sections(FieldSection& fields, const LabSession& session, const UiFonts& fonts) override {
        draw_engine_sections(fields, session, fonts);
    }
    bool has_tab(std::string_view name) const override {
        return name == "plots" || name == "counters" || name == "timeline" || name == "tickets";
    }
    void draw_tabs(const DockTab& tab, ViewContext& context) override;
    LessonPlot presenter_plot(const LessonStep* step) const override { return step ? step->shown_plot() : LessonPlot::Timeline; }
    void draw_plot(LessonPlot plot, ViewContext& context) override;
    void set_export_dir(const std::string& folder) override { plots_.set_export_dir(folder); }

private:
    EngineRenderer renderer_;
    EnginePlotsPanel plots_;
};

// The lab's views, one per SceneKind.
struct SceneViews {
    NpcView npc;
    ExposureView exposure;
    EngineView engine;
    SceneView& of(SceneKind kind) {
        const std::array<SceneView*, kSceneKinds> all = {&npc, &exposure, &engine};
        return *all[static_cast<std::size_t>(kind)];
    }
    const SceneView& of(SceneKind kind) const {
        const std::array<const SceneView*, kSceneKinds> all = {&npc, &exposure, &engine};
        return *all[static_cast<std::size_t>(kind)];
    }
};

}  // namespace tsl::app
