// engine_plots_panel.h — the engine scene's two live plots, from the session's
// series (core/session/engine_plots.h):
//   Copy staleness — per pane and system, how many ticks of changes its copy
//                    has not received: flat at 0 in lock-step, a saw-tooth up
//                    to its ticks for a free-step system;
//   Tick cost      — per pane, the main thread's time in the tick, its waiting,
//                    the merge and distribution, and the systems' work summed
//                    over every thread.
// In a comparison a line has its pane's colour (pane_colour, as in the panes'
// captions), and what it shows is told by its stroke; the legend has an
// entry per kind of line and one per pane. Shown at first, and again when
// the panes change: the AI copy's staleness (the other systems' on a click
// of their legend entry), the main thread's tick and its waiting, with the
// merge when the panes differ in their change queues and the systems' work
// when they differ in threading. Series that answer an open lesson question
// wait for the reveal.
//
// Threading: main thread.
#pragma once

#include "app/ui/notice.h"
#include "app/ui/plot_pair.h"
#include "app/ui/ui_style.h"

#include "core/session/lab_session.h"

#include <string>
#include <vector>

namespace tsl::app {

// The two widgets and their layout are PlotPair's (plot_pair.h).
class EnginePlotsPanel : public PlotPair {
public:
    EnginePlotsPanel();

    // Both plots side by side in the rest of the current window (one at a
    // time, picked on a row of buttons, when it is too narrow). A CSV export's
    // outcome goes to `notice`.
    void draw(const LabSession& session, const UiStyle& style, Notice& notice);
    // One plot filling the rest of the window, without its toolbar (the presenter view).
    void draw_one(const LabSession& session, bool cost, const UiStyle& style, Notice& notice);

private:
    Lines lines(const LabSession& session);  // measure: the staleness plot's
    void choose_shown(const LabSession& session);  // the series shown at first, for these panes

    bool show_cost_ = false;  // one plot at a time: the tick cost plot
    // What the shown series were chosen for: the pane count; and with it
    // whether the panes differ in their change queues, and in threading.
    struct CostShown {
        int panes = -1;
        bool queues_differ = false, threading_differ = false;
        bool operator==(const CostShown&) const = default;
    };
    int staleness_shown_for_ = -1;
    CostShown cost_shown_for_{};
};

}  // namespace tsl::app
