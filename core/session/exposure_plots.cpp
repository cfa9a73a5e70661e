#include "core/session/exposure_plots.h"

#include <string>

namespace tsl {

namespace {

// to_translate("map age") alone, "A map age" beside another pane.
std::string named(int pane, int panes, const std::string& what) {
    return panes > 1 ? std::string(1, static_cast<char>('A' + pane)) + " " + what : what;
}

}  // namespace

ExposurePaneSeries::ExposurePaneSeries(int pane, int panes)
    : map_age(named(pane, panes, to_translate("map age")), to_translate("steps")), seen(named(pane, panes, to_translate("seen")), to_translate("s a minute")) {}

void ExposurePlots::set_pane_count(int count) {
    if (count == pane_count()) return;
    panes_.clear();
    for (int i = 0; i < count; ++i) panes_.push_back(std::make_unique<ExposurePaneSeries>(i, count));
}

void ExposurePlots::record_step(std::span<const std::unique_ptr<ExposureScene>> scenes,
                                const std::function<const ExposureMetricsSummary*(int pane)>& settled) {
    set_pane_count(static_cast<int>(scenes.size()));
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        const ExposureScene& scene = *scenes[i];
        const double x = static_cast<double>(scene.frames_stepped()) * scene.step_s();
        panes_[i]->map_age.push(x, static_cast<double>(scene.metrics().map_age_steps));
        if (const ExposureMetricsSummary* s = settled(static_cast<int>(i)); s && s->frames > 0) panes_[i]->seen.push(x, s->seen_s_per_minute());
    }
}

void ExposurePlots::clear() {
    for (const auto& pane : panes_) {
        pane->map_age.clear();
        pane->seen.clear();
    }
}

}  // namespace tsl
