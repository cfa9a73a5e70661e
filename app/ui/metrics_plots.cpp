#include "app/ui/metrics_plots.h"

#include "app/render/palette.h"

#include <imgui.h>

namespace tsl::app {

namespace {

// "mean input age" alone, "A mean input age" in a comparison.
std::string series_name(int pane, int panes, const char* what) {
    return panes > 1 ? std::string(1, pane_letter(pane)) + " " + what : std::string(what);
}

PlotOptions plot_options(const char* title, const char* stem, float window_s) {
    PlotOptions options;
    options.title = title;
    options.window_s = window_s;
    options.export_stem = stem;
    return options;
}

}  // namespace

MetricsPlots::PaneSeries::PaneSeries(int pane, int panes)
    : age_mean(series_name(pane, panes, panes > 1 ? "mean age" : "mean input age"), "ms"),
      age_max(series_name(pane, panes, panes > 1 ? "max age" : "max input age"), "ms"),
      error_mean(series_name(pane, panes, "mean error"), "deg"),
      error_max(series_name(pane, panes, "max error"), "deg"),
      main_ms(series_name(pane, panes, panes > 1 ? "main update" : "main-thread update"), "ms"),
      busy_ms(series_name(pane, panes, "worker busy"), "ms") {}

MetricsPlots::MetricsPlots()
    : latency_(plot_options("Latency", "timeslice-lab-latency", 6)), cost_(plot_options("Frame cost", "timeslice-lab-frame-cost", 6)) {
    PlotReference budget;
    budget.value = 1000.0 / 60.0;
    budget.label = "16.7 ms: a 60 Hz frame";
    cost_.options().reference = budget;
}

void MetricsPlots::ensure_panes(int count) {
    if (static_cast<int>(panes_.size()) == count) return;
    panes_.clear();
    for (int i = 0; i < count; ++i) panes_.push_back(std::make_unique<PaneSeries>(i, count));
    frame_ms_.clear();
    jobs_.clear();
    // In a comparison the worker series would double the legend: hidden until asked for.
    for (const auto& pane : panes_) cost_.set_hidden(pane->busy_ms, count > 1);
    cost_.set_hidden(jobs_, true);  // a square wave of whole jobs: shown on request
}

void MetricsPlots::record(std::span<const std::unique_ptr<NpcScene>> panes, double draw_ms) {
    if (panes.empty()) return;
    ensure_panes(static_cast<int>(panes.size()));
    const double x = static_cast<double>(panes[0]->frames_stepped()) * panes[0]->step_s();
    double frame_ms = draw_ms, jobs = 0;
    for (std::size_t i = 0; i < panes.size(); ++i) {
        const NpcFrameMetrics& m = panes[i]->metrics();
        PaneSeries& s = *panes_[i];
        s.age_mean.push(x, m.mean_input_age_ms);
        s.age_max.push(x, m.max_input_age_ms);
        s.error_mean.push(x, m.mean_error_deg);
        s.error_max.push(x, m.max_error_deg);
        s.main_ms.push(x, m.main_update_ms);
        s.busy_ms.push(x, m.worker_busy_ms);
        frame_ms += m.step_ms;
        jobs += m.jobs_started;
    }
    frame_ms_.push(x, frame_ms);
    jobs_.push(x, jobs);
}

void MetricsPlots::clear() {
    for (const auto& pane : panes_)
        for (PlotSeries* s : {&pane->age_mean, &pane->age_max, &pane->error_mean, &pane->error_max, &pane->main_ms, &pane->busy_ms})
            s->clear();
    frame_ms_.clear();
    jobs_.clear();
}

std::size_t MetricsPlots::samples(int pane) const {
    return pane < static_cast<int>(panes_.size()) ? panes_[pane]->age_mean.size() : 0;
}

MetricsPlots::Lines MetricsPlots::lines() const {
    const int count = static_cast<int>(panes_.size());
    auto colour = [&](int pane) { return count > 1 ? pane_colour(pane) : hex(0x0072B2); };

    std::vector<PlotLine> latency, cost;
    for (int i = 0; i < count; ++i) {
        const PaneSeries& s = *panes_[i];
        // Input age is held between decisions: a staircase, one step per frame.
        latency.push_back({show_error_ ? &s.error_mean : &s.age_mean, colour(i), PlotShape::Staircase, PlotStroke::Solid});
        latency.push_back({show_error_ ? &s.error_max : &s.age_max, colour(i), PlotShape::Staircase, PlotStroke::Dashed});
        cost.push_back({&s.main_ms, colour(i), PlotShape::Staircase, PlotStroke::Solid});
        cost.push_back({&s.busy_ms, count > 1 ? colour(i) : hex(0x009E73), PlotShape::Staircase, PlotStroke::Dashed});
    }
    cost.push_back({&frame_ms_, hex(0x555555), PlotShape::Staircase, PlotStroke::Thin});
    cost.push_back({&jobs_, hex(0xE69F00, 0.6f), PlotShape::Staircase, PlotStroke::Thin, PlotAxis::Right});

    return {std::move(latency), std::move(cost)};
}

void MetricsPlots::draw_one(bool cost_plot, const UiFonts& fonts, std::string& notice) {
    if (panes_.empty()) {
        ImGui::TextDisabled("The plot fills in as the simulation runs.");
        return;
    }
    const Lines all = lines();
    PlotWidget& plot = cost_plot ? cost_ : latency_;
    const bool toolbar = plot.options().toolbar;
    plot.options().toolbar = false;
    if (auto exported = plot.draw(cost_plot ? "cost" : "latency", {0, 0}, cost_plot ? all.cost : all.latency, fonts))
        notice = exported->result ? "Saved " + exported->path : exported->result.error;
    plot.options().toolbar = toolbar;
}

void MetricsPlots::draw(const UiFonts& fonts, std::string& notice) {
    if (panes_.empty()) {
        ImGui::TextDisabled("The plots fill in as the simulation runs.");
        return;
    }
    auto [latency, cost] = lines();

    const float gap = ImGui::GetStyle().ItemSpacing.x * 2;
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float half = (avail.x - gap) / 2;
    ImGui::BeginChild("latency plot", {half, avail.y}, false, ImGuiWindowFlags_NoScrollbar);
    if (ImGui::RadioButton("input age", !show_error_)) show_error_ = false;
    tooltip("How old the target position behind each NPC's decision is, in ms: the mode's latency.");
    ImGui::SameLine();
    if (ImGui::RadioButton("facing error", show_error_)) show_error_ = true;
    tooltip("Degrees between where each NPC faces and the true direction to the target: what the latency costs.");
    if (auto exported = latency_.draw("latency", {0, 0}, latency, fonts))
        notice = exported->result ? "Saved " + exported->path : exported->result.error;
    ImGui::EndChild();
    ImGui::SameLine(0, gap);
    ImGui::BeginChild("cost plot", {half, avail.y}, false, ImGuiWindowFlags_NoScrollbar);
    if (auto exported = cost_.draw("cost", {0, 0}, cost, fonts))
        notice = exported->result ? "Saved " + exported->path : exported->result.error;
    ImGui::EndChild();
}

}  // namespace tsl::app
