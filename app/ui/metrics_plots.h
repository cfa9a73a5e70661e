// metrics_plots.h — the NPC scene's two live plots, fed from every pane's
// frame metrics (the same numbers `timeslice-lab metrics` writes):
//   Latency     — mean and max input age (ms), or mean and max facing error
//                 (deg), one colour per pane, so the panes' series overlay;
//   Frame cost  — each pane's main-thread update and worker busy time, the
//                 whole frame on the main thread (every pane's step plus the
//                 draw submission) against a 16.7 ms budget, and the jobs
//                 started per frame on a right-hand axis.
// x is simulation time, so the plots stop with the simulation and a reset
// starts them again.
//
// Threading: main thread.
#pragma once

#include "app/ui/plot_widget.h"
#include "app/ui/ui_style.h"

#include "core/npc/npc_scene.h"
#include "core/session/plot_data.h"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace tsl::app {

class MetricsPlots {
public:
    MetricsPlots();

    // After each step of every pane: one sample per series at the panes'
    // simulation time. `draw_ms`: the draw submission of the last displayed frame.
    void record(std::span<const std::unique_ptr<NpcScene>> panes, double draw_ms);
    void clear();

    // Both plots side by side in the rest of the current window. A CSV export's
    // outcome goes to `notice`.
    void draw(const UiFonts& fonts, std::string& notice);

    // One plot filling the rest of the current window, without its toolbar
    // (the presenter view): the latency plot, or the frame cost plot.
    void draw_one(bool cost, const UiFonts& fonts, std::string& notice);

    // Samples so far in pane `pane`'s mean input age series (tests, headless checks).
    std::size_t samples(int pane) const;

private:
    struct PaneSeries {
        PlotSeries age_mean, age_max, error_mean, error_max, main_ms, busy_ms;
        explicit PaneSeries(int pane, int panes);
    };
    void ensure_panes(int count);
    struct Lines {
        std::vector<PlotLine> latency, cost;
    };
    Lines lines() const;

    std::vector<std::unique_ptr<PaneSeries>> panes_;
    PlotSeries frame_ms_{"frame total (main thread)", "ms"};
    PlotSeries jobs_{"jobs started", "jobs"};
    PlotWidget latency_, cost_;
    bool show_error_ = false;  // false — the latency plot shows input age; true: facing error
};

}  // namespace tsl::app
