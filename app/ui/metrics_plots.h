// metrics_plots.h — the NPC scene's two live plots, drawn from the session's
// series (core/session/session_plots.h; the same numbers `timeslice-lab
// metrics` writes):
//   Latency     — mean and max input age (ms), or mean and max facing error
//                 (deg), one colour per pane, so the panes' series overlay;
//   Frame cost  — each pane's main-thread update and worker busy time, the
//                 whole frame on the main thread (every pane's steps plus the
//                 draw submission, in CPU time) against a 16.7 ms budget, and
//                 the jobs started per step on a right-hand axis.
// This class holds only the widgets' view state (window, hidden series).
//
// Threading: main thread.
#pragma once

#include "app/ui/plot_widget.h"
#include "app/ui/ui_style.h"

#include "core/session/session_plots.h"

#include <string>
#include <vector>

namespace tsl::app {

class MetricsPlots {
public:
    MetricsPlots();

    // Both plots side by side in the rest of the current window. A CSV export's
    // outcome goes to `notice`.
    void draw(const SessionPlots& plots, const UiStyle& style, std::string& notice);

    // One plot filling the rest of the current window, without its toolbar
    // (the presenter view): the latency plot, or the frame cost plot.
    void draw_one(const SessionPlots& plots, bool cost, const UiStyle& style, std::string& notice);

private:
    struct Lines {
        std::vector<PlotLine> latency, cost;
    };
    Lines lines(const SessionPlots& plots);

    PlotWidget latency_, cost_;
    int pane_count_ = 0;       // the pane count the hidden series were chosen for
    bool show_error_ = false;  // false — the latency plot shows input age; true: facing error
};

}  // namespace tsl::app
