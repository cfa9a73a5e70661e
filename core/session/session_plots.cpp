#include "core/session/session_plots.h"

namespace tsl {

namespace {

// to_translate("mean input age") alone, "A mean age" in a comparison.
std::string series_name(int pane, int panes, const char* alone, const char* in_comparison) {
    return panes > 1 ? std::string(1, static_cast<char>('A' + pane)) + " " + in_comparison : std::string(alone);
}

}  // namespace

PaneSeries::PaneSeries(int pane, int panes)
    : age_mean(series_name(pane, panes, to_translate("mean input age"), to_translate("mean age")), "ms"),
      age_max(series_name(pane, panes, to_translate("max input age"), to_translate("max age")), "ms"),
      error_mean(series_name(pane, panes, to_translate("mean error"), to_translate("mean error")), to_translate("deg")),
      error_max(series_name(pane, panes, to_translate("max error"), to_translate("max error")), to_translate("deg")),
      main_ms(series_name(pane, panes, to_translate("main-thread update"), to_translate("main update")), "ms"),
      busy_ms(series_name(pane, panes, to_translate("worker busy"), to_translate("worker busy")), "ms"),
      age_acted(series_name(pane, panes, to_translate("acted-on age"), to_translate("acted-on age")), "ms") {}

void SessionPlots::set_pane_count(int count) {
    if (static_cast<int>(panes_.size()) == count) return;
    panes_.clear();
    for (int i = 0; i < count; ++i) panes_.push_back(std::make_unique<PaneSeries>(i, count));
    frame_ms_.clear();
    jobs_.clear();
}

void SessionPlots::record_step(std::span<const std::unique_ptr<NpcScene>> panes) {
    if (panes.empty()) return;
    set_pane_count(static_cast<int>(panes.size()));
    const double x = static_cast<double>(panes[0]->frames_stepped()) * panes[0]->step_s();
    double jobs = 0;
    for (std::size_t i = 0; i < panes.size(); ++i) {
        const NpcFrameMetrics& m = panes[i]->metrics();
        PaneSeries& s = *panes_[i];
        s.age_mean.push(x, m.mean_input_age_ms);
        s.age_max.push(x, m.max_input_age_ms);
        s.error_mean.push(x, m.mean_error_deg);
        s.error_max.push(x, m.max_error_deg);
        s.main_ms.push(x, m.main_update_ms);
        s.busy_ms.push(x, m.worker_busy_ms);
        s.age_acted.push(x, m.mean_end_to_end_age_ms);
        jobs += m.jobs_started;
    }
    jobs_.push(x, jobs);
}

void SessionPlots::record_frame(double x_s, double frame_ms) { frame_ms_.push(x_s, frame_ms); }

void SessionPlots::clear() {
    for (const auto& pane : panes_)
        for (PlotSeries* s : {&pane->age_mean, &pane->age_max, &pane->error_mean, &pane->error_max, &pane->main_ms, &pane->busy_ms, &pane->age_acted})
            s->clear();
    frame_ms_.clear();
    jobs_.clear();
}

}  // namespace tsl
