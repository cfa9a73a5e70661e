#include "app/ui/engine_plots_panel.h"

#include "app/render/palette.h"

#include <imgui.h>

namespace tsl::app {

namespace {

// The systems' colours, as in the timeline.
constexpr std::uint32_t kSystemHues[kSystemCount] = {0xE69F00, 0x3A3A3A, 0xCC79A7};

}  // namespace

EnginePlotsPanel::EnginePlotsPanel()
    : PlotPair(live_plot_options("Copy staleness", "timeslice-lab-engine-staleness", 4),
               live_plot_options("Tick cost", "timeslice-lab-engine-cost", 4)) {}

EnginePlotsPanel::Lines EnginePlotsPanel::lines(const LabSession& session) const {
    const EnginePlots& plots = session.engine_plots();
    const bool stale_hidden = session.answer_hidden("engine_ai_staleness") || session.answer_hidden("engine_ai_age");
    const bool tick_hidden = session.answer_hidden("engine_tick_ms"), wait_hidden = session.answer_hidden("engine_wait_ms");
    const bool merge_hidden = session.answer_hidden("engine_merge_ms"), work_hidden = session.answer_hidden("engine_work_ms");
    Lines out;
    for (int i = 0; i < plots.pane_count(); ++i) {
        const EnginePaneSeries& s = plots.pane(i);
        const PlotStroke stroke = i == 0 ? PlotStroke::Solid : PlotStroke::Dashed;
        if (!stale_hidden)
            for (int k = 0; k < kSystemCount; ++k)
                out.measure.push_back({&s.staleness[static_cast<std::size_t>(k)], hex(kSystemHues[k]), PlotShape::Staircase, stroke});
        if (!tick_hidden) out.cost.push_back({&s.tick_ms, hex(0x0072B2), PlotShape::Staircase, stroke});
        if (!wait_hidden) out.cost.push_back({&s.wait_ms, hex(0xD55E00), PlotShape::Staircase, stroke});
        if (!merge_hidden) out.cost.push_back({&s.merge_ms, hex(0x009E73), PlotShape::Staircase, stroke});
        if (!work_hidden) out.cost.push_back({&s.work_ms, hex(0x777777), PlotShape::Staircase, i == 0 ? PlotStroke::Thin : PlotStroke::Dashed});
    }
    std::string hidden;
    for (const auto& [is_hidden, what] : {std::pair{stale_hidden, "staleness"}, std::pair{tick_hidden || wait_hidden || merge_hidden, "main-thread time"},
                                          std::pair{work_hidden, "system work"}})
        if (is_hidden) hidden += (hidden.empty() ? "" : ", ") + std::string(what);
    if (!hidden.empty()) out.hidden = "Predict first: " + hidden + " shows after the reveal (Page Down).";
    return out;
}

void EnginePlotsPanel::plot(PlotWidget& widget, const char* id, const std::vector<PlotLine>& lines, const std::string& hidden,
                            const UiStyle& style, Notice& notice) {
    if (lines.empty()) {
        ImGui::PushFont(style.fonts().bold);
        ImGui::TextWrapped("%s", hidden.c_str());
        ImGui::PopFont();
        return;
    }
    if (auto exported = widget.draw(id, {0, 0}, lines, style)) notice = export_notice(*exported);
}

void EnginePlotsPanel::draw(const LabSession& session, const UiStyle& style, Notice& notice) {
    if (session.engine_plots().pane_count() == 0) {
        ImGui::TextDisabled("The plots fill in as the simulation runs.");
        return;
    }
    const Lines all = lines(session);
    if (!all.hidden.empty() && !(all.measure.empty() && all.cost.empty())) ImGui::TextDisabled("%s", all.hidden.c_str());
    const bool both = draw_side_by_side(
        "staleness plot", "tick cost plot", [&] { plot(measure_, "staleness", all.measure, all.hidden, style, notice); },
        [&] { plot(cost_, "tick cost", all.cost, all.hidden, style, notice); });
    if (both) return;
    // Too narrow for both: one at a time.
    if (ImGui::RadioButton("copy staleness", !show_cost_)) show_cost_ = false;
    tooltip("How many ticks of changes each system's copy has not received yet.");
    ImGui::SameLine();
    if (ImGui::RadioButton("tick cost", show_cost_)) show_cost_ = true;
    tooltip("Where the main thread's time goes in a tick, and the systems' work on every thread.");
    if (show_cost_) plot(cost_, "tick cost", all.cost, all.hidden, style, notice);
    else plot(measure_, "staleness", all.measure, all.hidden, style, notice);
}

void EnginePlotsPanel::draw_one(const LabSession& session, bool cost, const UiStyle& style, Notice& notice) {
    if (session.engine_plots().pane_count() == 0) {
        ImGui::TextDisabled("The plot fills in as the simulation runs.");
        return;
    }
    const Lines all = lines(session);
    PlotWidget& widget = cost ? cost_ : measure_;
    without_toolbar(widget, [&] { plot(widget, cost ? "tick cost" : "staleness", cost ? all.cost : all.measure, all.hidden, style, notice); });
}

}  // namespace tsl::app
