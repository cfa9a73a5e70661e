// exposure_plots_panel.h — the exposure scene's two live plots, from the
// session's series (core/session/exposure_plots.h):
//   Map age   — per pane, how many steps behind the eye the map the shy
//               character decides on is: flat at 0 single-threaded and same
//               frame, 1 next frame, a saw-tooth timesliced;
//   Time seen — per pane, what that age costs in play: the seconds a minute
//               the character ends a step in the sentinel's sight, averaged
//               since the last change of settings (as a lesson's reveal counts).
// Side by side, a line has its pane's colour (pane_colour, as in the panes'
// captions). Series that answer an open lesson question wait for the reveal.
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

class ExposurePlotsPanel : public PlotPair {
public:
    ExposurePlotsPanel();

    // Both plots side by side in the rest of the current window (one at a
    // time, picked on a row of buttons, when it is too narrow). A CSV export's
    // outcome goes to `notice`.
    void draw(const LabSession& session, const UiStyle& style, Notice& notice);
    // One plot filling the rest of the window, without its toolbar (the presenter view).
    void draw_one(const LabSession& session, bool seen, const UiStyle& style, Notice& notice);

private:
    Lines lines(const LabSession& session) const;  // measure: map age; cost: time seen

    bool show_seen_ = false;  // one plot at a time: the time seen
};

}  // namespace tsl::app
