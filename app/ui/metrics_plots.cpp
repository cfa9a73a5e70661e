#include "app/ui/metrics_plots.h"

#include "app/render/palette.h"

#include <imgui.h>

namespace tsl::app {

namespace {

PlotOptions plot_options(const char* title, const char* stem, float window_s) {
    PlotOptions options;
    options.title = title;
    options.window_s = window_s;
    options.export_stem = stem;
    return options;
}

}  // namespace

MetricsPlots::MetricsPlots()
    : latency_(plot_options("Latency", "timeslice-lab-latency", 6)), cost_(plot_options("Frame cost", "timeslice-lab-frame-cost", 6)) {
    PlotReference budget;
    budget.value = 1000.0 / 60.0;
    budget.label = "16.7 ms: a 60 Hz frame";
    cost_.options().reference = budget;
}

MetricsPlots::Lines MetricsPlots::lines(const SessionPlots& plots) {
    const int count = plots.pane_count();
    if (count != pane_count_) {
        pane_count_ = count;
        // In a comparison the worker series would double the legend: hidden until asked for.
        for (int i = 0; i < count; ++i) cost_.set_hidden(plots.pane(i).busy_ms, count > 1);
        cost_.set_hidden(plots.jobs(), true);  // a square wave of whole jobs: shown on request
    }
    auto colour = [&](int pane) { return count > 1 ? pane_colour(pane) : hex(0x0072B2); };
    std::vector<PlotLine> latency, cost;
    for (int i = 0; i < count; ++i) {
        const PaneSeries& s = plots.pane(i);
        // Input age is held between decisions: a staircase, one step per frame.
        latency.push_back({show_error_ ? &s.error_mean : &s.age_mean, colour(i), PlotShape::Staircase, PlotStroke::Solid});
        latency.push_back({show_error_ ? &s.error_max : &s.age_max, colour(i), PlotShape::Staircase, PlotStroke::Dashed});
        cost.push_back({&s.main_ms, colour(i), PlotShape::Staircase, PlotStroke::Solid});
        cost.push_back({&s.busy_ms, count > 1 ? colour(i) : hex(0x009E73), PlotShape::Staircase, PlotStroke::Dashed});
    }
    cost.push_back({&plots.frame_total(), hex(0x555555), PlotShape::Staircase, PlotStroke::Thin});
    cost.push_back({&plots.jobs(), hex(0xE69F00, 0.6f), PlotShape::Staircase, PlotStroke::Thin, PlotAxis::Right});
    return {std::move(latency), std::move(cost)};
}

void MetricsPlots::draw_one(const SessionPlots& plots, bool cost_plot, const UiStyle& style, std::string& notice) {
    if (plots.pane_count() == 0) {
        ImGui::TextDisabled("The plot fills in as the simulation runs.");
        return;
    }
    const Lines all = lines(plots);
    PlotWidget& plot = cost_plot ? cost_ : latency_;
    const bool toolbar = plot.options().toolbar;
    plot.options().toolbar = false;
    if (auto exported = plot.draw(cost_plot ? "cost" : "latency", {0, 0}, cost_plot ? all.cost : all.latency, style))
        notice = exported->result ? "Saved " + exported->path : exported->result.error;
    plot.options().toolbar = toolbar;
}

void MetricsPlots::draw(const SessionPlots& plots, const UiStyle& style, std::string& notice) {
    if (plots.pane_count() == 0) {
        ImGui::TextDisabled("The plots fill in as the simulation runs.");
        return;
    }
    auto [latency, cost] = lines(plots);

    const float gap = ImGui::GetStyle().ItemSpacing.x * 2;
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float half = (avail.x - gap) / 2;
    ImGui::BeginChild("latency plot", {half, avail.y}, false, ImGuiWindowFlags_NoScrollbar);
    if (ImGui::RadioButton("input age", !show_error_)) show_error_ = false;
    tooltip("How old the target position behind each NPC's decision is, in ms: the mode's latency.");
    ImGui::SameLine();
    if (ImGui::RadioButton("facing error", show_error_)) show_error_ = true;
    tooltip("Degrees between where each NPC faces and the true direction to the target: what the latency costs.");
    if (auto exported = latency_.draw("latency", {0, 0}, latency, style))
        notice = exported->result ? "Saved " + exported->path : exported->result.error;
    ImGui::EndChild();
    ImGui::SameLine(0, gap);
    ImGui::BeginChild("cost plot", {half, avail.y}, false, ImGuiWindowFlags_NoScrollbar);
    if (auto exported = cost_.draw("cost", {0, 0}, cost, style))
        notice = exported->result ? "Saved " + exported->path : exported->result.error;
    ImGui::EndChild();
}

}  // namespace tsl::app
