// exposure_plots.h — the data behind the exposure scene's live plots, recorded
// by the session after every step: per pane, the age of the map the shy
// character decides on (steps since the eye it was computed from), and what
// that age costs in play, the time the character is seen (seconds a minute,
// averaged as a lesson's reveal counts it: from the settled start after the
// last change of settings; nothing before it).
//
// x is simulation time. Threading: main thread.
#pragma once

#include "core/exposure/exposure_scene.h"
#include "core/session/plot_data.h"

#include <functional>
#include <memory>
#include <span>
#include <vector>

namespace tsl {

struct ExposurePaneSeries {
    PlotSeries map_age;  // steps: "map age", "A map age"
    PlotSeries seen;     // s a minute: "seen", "A seen"
    ExposurePaneSeries(int pane, int panes);
};

class ExposurePlots {
public:
    // One sample per series of every pane (`settled`: each pane's averages
    // from its settled start, null before it); a new pane count starts them again.
    void record_step(std::span<const std::unique_ptr<ExposureScene>> scenes, const std::function<const ExposureMetricsSummary*(int pane)>& settled);
    void clear();
    void set_pane_count(int count);

    int pane_count() const { return static_cast<int>(panes_.size()); }
    const ExposurePaneSeries& pane(int index) const { return *panes_.at(static_cast<std::size_t>(index)); }

private:
    std::vector<std::unique_ptr<ExposurePaneSeries>> panes_;
};

}  // namespace tsl
