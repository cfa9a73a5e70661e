#include "app/ui/engine_plots_panel.h"

#include "app/render/palette.h"

#include <imgui.h>

namespace tsl::app {

namespace {

PlotOptions plot_options(const char* title, const char* stem) {
    PlotOptions options;
    options.title = title;
    options.window_s = 4;
    options.export_stem = stem;
    return options;
}

// The systems' colours, as in the timeline.
constexpr std::uint32_t kSystemHues[kSystemCount] = {0xE69F00, 0x3A3A3A, 0xCC79A7};

}  // namespace

EnginePlotsPanel::EnginePlotsPanel()
    : staleness_(plot_options("Copy staleness", "timeslice-lab-engine-staleness")), cost_(plot_options("Tick cost", "timeslice-lab-engine-cost")) {
    PlotReference budget;
    budget.value = 1000.0 / 60.0;
    budget.label = "16.7 ms: a 60 Hz frame";
    cost_.options().reference = budget;
}

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
                out.staleness.push_back({&s.staleness[static_cast<std::size_t>(k)], hex(kSystemHues[k]), PlotShape::Staircase, stroke});
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

void EnginePlotsPanel::set_export_dir(const std::string& dir) {
    staleness_.options().export_dir = dir;
    cost_.options().export_dir = dir;
}

void EnginePlotsPanel::plot(PlotWidget& widget, const char* id, const std::vector<PlotLine>& lines, const std::string& hidden,
                            const UiStyle& style, Notice& notice) {
    if (lines.empty()) {
        ImGui::PushFont(style.fonts().bold);
        ImGui::TextWrapped("%s", hidden.c_str());
        ImGui::PopFont();
        return;
    }
    if (auto exported = widget.draw(id, {0, 0}, lines, style))
        notice = exported->result ? saved_notice(exported->path, "(the plot's visible series)") : problem_notice("CSV not saved: " + exported->result.error);
}

void EnginePlotsPanel::draw(const LabSession& session, const UiStyle& style, Notice& notice) {
    if (session.engine_plots().pane_count() == 0) {
        ImGui::TextDisabled("The plots fill in as the simulation runs.");
        return;
    }
    const Lines all = lines(session);
    if (!all.hidden.empty() && !(all.staleness.empty() && all.cost.empty())) ImGui::TextDisabled("%s", all.hidden.c_str());
    const float gap = ImGui::GetStyle().ItemSpacing.x * 2;
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    // Too narrow for two readable plots (a projector's scale): one at a time.
    if (avail.x < ImGui::GetFontSize() * 44 + gap) {
        if (ImGui::RadioButton("copy staleness", !show_cost_)) show_cost_ = false;
        tooltip("How many ticks of changes each system's copy has not received yet.");
        ImGui::SameLine();
        if (ImGui::RadioButton("tick cost", show_cost_)) show_cost_ = true;
        tooltip("Where the main thread's time goes in a tick, and the systems' work on every thread.");
        if (show_cost_) plot(cost_, "tick cost", all.cost, all.hidden, style, notice);
        else plot(staleness_, "staleness", all.staleness, all.hidden, style, notice);
        return;
    }
    const float half = (avail.x - gap) / 2, height = std::max(avail.y, ImGui::GetFontSize() * 12);
    ImGui::BeginChild("staleness plot", {half, height}, false, ImGuiWindowFlags_NoScrollbar);
    plot(staleness_, "staleness", all.staleness, all.hidden, style, notice);
    ImGui::EndChild();
    ImGui::SameLine(0, gap);
    ImGui::BeginChild("tick cost plot", {half, height}, false, ImGuiWindowFlags_NoScrollbar);
    plot(cost_, "tick cost", all.cost, all.hidden, style, notice);
    ImGui::EndChild();
}

void EnginePlotsPanel::draw_one(const LabSession& session, bool cost, const UiStyle& style, Notice& notice) {
    if (session.engine_plots().pane_count() == 0) {
        ImGui::TextDisabled("The plot fills in as the simulation runs.");
        return;
    }
    const Lines all = lines(session);
    PlotWidget& widget = cost ? cost_ : staleness_;
    const bool toolbar = widget.options().toolbar;
    widget.options().toolbar = false;
    plot(widget, cost ? "tick cost" : "staleness", cost ? all.cost : all.staleness, all.hidden, style, notice);
    widget.options().toolbar = toolbar;
}

}  // namespace tsl::app
