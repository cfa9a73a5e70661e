// scene_views.cpp — the lab's three scenes as the frame shows them (scene_view.h).
#include "app/frame/scene_view.h"

#include "app/render/palette.h"
#include "app/ui/text.h"
#include "app/ui/timing_diagram.h"
#include "app/ui/ui_text.h"

#include <imgui.h>

#include <algorithm>

namespace tsl::app {

// --- The NPC scene ---------------------------------------------------------------------

std::vector<PixelRect> NpcView::pane_rects(const LabSession& session, const PixelRect& scene) const {
    const LabSettings& s = session.settings();
    if (s.npc.world.look == NpcLook::Article) return article_stage(scene, session.panes().size(), s.ui_scale).panes;
    return app::pane_rects(scene, session.panes().size(), s.ui_scale);
}

void NpcView::draw(const LabSession& session, const PixelRect& scene, float to_px, const DrawInto& draw_into) {
    const LabSettings& s = session.settings();
    const int panes = session.panes().size();
    targets_.resize(static_cast<std::size_t>(panes));
    if (s.npc.world.look == NpcLook::Article) {
        // The article's stage: each pane's ring at 0.45 of its 250 stage pixels, centred on it.
        const ArticleStage stage = article_stage(scene, panes, s.ui_scale);
        for (int i = 0; i < panes; ++i) {
            const NpcPaneSettings& pane = s.npc.panes[static_cast<std::size_t>(i)];
            const ImVec2 centre = stage.centre(i);
            draw_into(targets_[static_cast<std::size_t>(i)], stage.panes[static_cast<std::size_t>(i)], i,
                      [&](int w, int h, const PixelRect&, const PixelRect& px) {
                          const ViewTransform view{0.45 * 250.0 * stage.scale * to_px / kRingRadius,
                                                   {centre.x * to_px - px.x, centre.y * to_px - px.y}};
                          renderer_.draw(session.pane(i), {pane.debug_lines, pane.highlight_running, s.palette, true, stage.scale * to_px, s.follow_npc}, w, h,
                                         view);
                      });
        }
        return;
    }
    const std::vector<PixelRect> rects = app::pane_rects(scene, panes, s.ui_scale);
    for (int i = 0; i < panes; ++i) {
        const NpcPaneSettings& pane = s.npc.panes[static_cast<std::size_t>(i)];
        draw_into(targets_[static_cast<std::size_t>(i)], rects[static_cast<std::size_t>(i)], i,
                  [&](int w, int h, const PixelRect& view, const PixelRect&) {
                      renderer_.draw(session.pane(i), {pane.debug_lines, pane.highlight_running, s.palette, false, 1.0f, s.follow_npc}, w, h,
                                     view);
                  });
    }
}

void NpcView::draw_overlay(ImDrawList* list, const UiFonts& fonts, const LabSession& session, const PixelRect& scene, bool outline) {
    const int panes = session.panes().size();
    if (session.settings().npc.world.look == NpcLook::Article) {
        draw_article_overlay(list, fonts, session, article_stage(scene, panes, session.settings().ui_scale));
        return;
    }
    const std::vector<PixelRect> rects = app::pane_rects(scene, panes, session.settings().ui_scale);
    for (int i = 0; i < panes; ++i)
        draw_npc_overlay(list, fonts, session.settings(), session.pane(i), rects[static_cast<std::size_t>(i)], i, panes, outline);
}

namespace {

// The edited pane's timing diagram (the dock's tab, or a quiz's reveal in the presenter view).
void draw_edited_timing(const LabSession& session, const UiStyle& style) {
    if (const TraceLog* log = session.diagram_trace()) {
        const std::string pane = session.panes().size() > 1 ? formatted(tr("Pane %c"), pane_letter(session.settings().edited_pane)) : std::string();
        draw_timing_diagram(*log, *session.diagram_pane(), style, session.settings().palette, pane.c_str(), session.settings().follow_npc);
    } else {
        ImGui::TextDisabled("%s", tr("Recording the jobs from the next step on."));
    }
}

}  // namespace

void NpcView::draw_tabs(const DockTab& tab, ViewContext& c) {
    const LabSession& session = c.session;
    if (tab("plots", tr("Plots"))) {
        plots_.draw(session, c.style, c.notice);
        ImGui::EndTabItem();
    }
    if (tab("timing", tr("Timing diagram"))) {
        draw_edited_timing(session, c.style);
        ImGui::EndTabItem();
    }
    if (tab("timeline", tr("Timeline"))) {
        c.timeline.draw(session, c.fields, c.style);
        ImGui::EndTabItem();
    }
}

void NpcView::draw_plot(LessonPlot plot, ViewContext& c) {
    if (plot == LessonPlot::Timing) draw_edited_timing(c.session, c.style);
    else plots_.draw_one(c.session, plot == LessonPlot::Cost, c.style, c.notice);
}

// --- The exposure scene ------------------------------------------------------------------

std::vector<PixelRect> ExposureView::pane_rects(const LabSession& session, const PixelRect& scene) const {
    return app::pane_rects(scene, session.exposure_panes(), session.settings().ui_scale);
}

void ExposureView::draw(const LabSession& session, const PixelRect& scene, float, const DrawInto& draw_into) {
    const LabSettings& s = session.settings();
    const std::vector<PixelRect> rects = pane_rects(session, scene);
    targets_.resize(rects.size());
    for (std::size_t i = 0; i < rects.size(); ++i)
        draw_into(targets_[i], rects[i], static_cast<int>(i), [&](int w, int h, const PixelRect& view, const PixelRect&) {
            renderer_.draw(*session.exposure(static_cast<int>(i)), {s.show_rays, s.palette}, w, h, view);
        });
}

void ExposureView::draw_overlay(ImDrawList* list, const UiFonts& fonts, const LabSession& session, const PixelRect& scene, bool outline) {
    const std::vector<PixelRect> rects = pane_rects(session, scene);
    for (std::size_t i = 0; i < rects.size(); ++i) draw_exposure_overlay(list, fonts, session, rects[i], static_cast<int>(i), outline);
}

void ExposureView::draw_tabs(const DockTab& tab, ViewContext& c) {
    const LabSession& session = c.session;
    if (tab("plots", tr("Plots"))) {
        plots_.draw(session, c.style, c.notice);
        ImGui::EndTabItem();
    }
    if (tab("timeline", tr("Timeline"))) {
        c.timeline.draw(session, c.fields, c.style);
        ImGui::EndTabItem();
    }
    const int panes = session.exposure_panes();
    const int edited = std::min(session.settings().edited_exposure_pane, panes - 1);
    if (tab("tickets", panes > 1 ? formatted(tr("Path tickets (map %c)"), pane_letter(edited)).c_str() : tr("Path tickets"))) {
        draw_tickets_panel(*session.exposure(edited));
        ImGui::EndTabItem();
    }
}

void ExposureView::draw_plot(LessonPlot plot, ViewContext& c) { plots_.draw_one(c.session, plot == LessonPlot::Seen, c.style, c.notice); }

// --- The parallel engine -----------------------------------------------------------------

std::vector<PixelRect> EngineView::pane_rects(const LabSession& session, const PixelRect& scene) const {
    return app::pane_rects(scene, session.engine()->size(), session.settings().ui_scale);
}

void EngineView::draw(const LabSession& session, const PixelRect& scene, float, const DrawInto& draw_into) {
    const LabSettings& s = session.settings();
    const EnginePanes& engine = *session.engine();
    const std::vector<PixelRect> rects = pane_rects(session, scene);
    targets_.resize(static_cast<std::size_t>(engine.size()));
    for (int i = 0; i < engine.size(); ++i)
        draw_into(targets_[static_cast<std::size_t>(i)], rects[static_cast<std::size_t>(i)], i,
                  [&](int w, int h, const PixelRect& view, const PixelRect&) {
                      renderer_.draw(engine.pane(i), {s.show_routes, s.palette}, w, h, view);
                  });
}

void EngineView::draw_overlay(ImDrawList* list, const UiFonts& fonts, const LabSession& session, const PixelRect& scene, bool outline) {
    const std::vector<PixelRect> rects = pane_rects(session, scene);
    for (int i = 0; i < session.engine()->size(); ++i) draw_engine_overlay(list, fonts, session, rects[static_cast<std::size_t>(i)], i, outline);
}

void EngineView::draw_tabs(const DockTab& tab, ViewContext& c) {
    const LabSession& session = c.session;
    const EnginePanes& panes = *session.engine();
    const int edited = std::min(session.settings().edited_engine_pane, panes.size() - 1);
    if (tab("plots", tr("Plots"))) {
        plots_.draw(session, c.style, c.notice);
        ImGui::EndTabItem();
    }
    if (tab("counters", tr("Counters"))) {
        draw_engine_counters(session);
        ImGui::EndTabItem();
    }
    if (tab("timeline", tr("Timeline"))) {
        c.timeline.draw(session, c.fields, c.style);
        ImGui::EndTabItem();
    }
    if (tab("tickets", panes.size() > 1 ? formatted(tr("Path tickets (pane %c)"), pane_letter(edited)).c_str() : tr("Path tickets"))) {
        draw_path_tickets(panes.pane(edited).paths(), tr("No ticket held: the agents are resting, or have not asked yet."));
        ImGui::EndTabItem();
    }
}

void EngineView::draw_plot(LessonPlot plot, ViewContext& c) { plots_.draw_one(c.session, plot == LessonPlot::Cost, c.style, c.notice); }

}  // namespace tsl::app
