// metrics_plots.h — the NPC scene's two live plots, drawn from the session's
// series (core/session/session_plots.h; the same numbers `timeslice-lab
// metrics` writes):
//   Latency     — mean and max input age (ms), or mean and max facing error
//                 (deg), one colour per pane, so the panes' series overlay;
//   Frame cost  — each pane's main-thread update and worker busy time, the
//                 whole frame on the main thread (every pane's steps plus the
//                 draw submission, in CPU time) against a 16.7 ms budget, and
//                 the jobs started per step on a right-hand axis.
// This class holds only the widgets' view state (window, hidden series);
// the two widgets and their layout are PlotPair's (plot_pair.h).
//
// Threading: main thread.
#pragma once

#include "app/ui/notice.h"
#include "app/ui/plot_pair.h"
#include "app/ui/ui_style.h"

#include "core/session/lab_session.h"

namespace tsl::app {

class MetricsPlots : public PlotPair {
public:
    MetricsPlots();

    // Both plots side by side in the rest of the current window (one at a
    // time, picked on a row of buttons, when it is too narrow). A CSV export's
    // outcome goes to `notice`.
    // Series that answer an open lesson question are left out until the reveal.
    void draw(const LabSession& session, const UiStyle& style, Notice& notice);

    // One plot filling the rest of the current window, without its toolbar
    // (the presenter view): the latency plot, or the frame cost plot.
    void draw_one(const LabSession& session, bool cost, const UiStyle& style, Notice& notice);

    // What the latency plot's "Export CSV" does now: its visible series to
    // its next export path; nullopt while it has nothing to show.
    std::optional<PlotExport> export_latency(const LabSession& session);

private:
    Lines lines(const LabSession& session);  // measure: the latency plot's

    int pane_count_ = 0;       // the pane count the hidden series were chosen for
    bool show_error_ = false;  // false — the latency plot shows input age; true: facing error
    bool show_cost_ = false;   // one plot at a time: the frame cost plot
};

}  // namespace tsl::app
