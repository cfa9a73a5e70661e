// plot_pair.h — what a scene's two live plots share (metrics_plots.h for the
// NPC scene, engine_plots_panel.h for the engine scene): on the left what the
// scene measures, on the right what it costs with a 60 Hz frame's budget
// line; one export folder for both; side by side when the window is wide
// enough, one at a time otherwise; one of them alone without its toolbar in
// the presenter view.
//
// Threading: main thread.
#pragma once

#include "app/ui/notice.h"
#include "app/ui/plot_widget.h"
#include "app/ui/ui_style.h"

#include <functional>
#include <string>
#include <vector>

namespace tsl {
class LabSession;
}

namespace tsl::app {

// A plot's settings: its title, the seconds it shows, the stem of its CSV exports.
PlotOptions live_plot_options(const char* title, const char* export_stem, float window_s);

// A plot's "Export CSV" outcome, for the user: the file saved, or why not.
Notice export_notice(const PlotExport& exported);

// How a scene names its two plots: the child windows', plot IDs, and the
// radio buttons (with their tooltips) that pick one when there is room for one.
struct PlotPairNames {
    const char *measure_child, *cost_child;
    const char *measure_id, *cost_id;
    const char *measure_radio, *measure_tip, *cost_radio, *cost_tip;
};

class PlotPair {
public:
    // The cost plot gets the 16.7 ms budget line.
    PlotPair(PlotOptions measure, PlotOptions cost);

    // Where "Export CSV" writes, for both plots.
    void set_export_dir(const std::string& dir);
    // The moment shown when the lab stepped back (PlotWidget::set_moment), for both plots.
    void set_moment(std::optional<double> x) {
        measure_.set_moment(x);
        cost_.set_moment(x);
    }
    // The session's: the moment shown while it has stepped back, none at the live moment.
    void set_moment_of(const LabSession& session);

protected:
    // The lines of both plots for one frame.
    struct Lines {
        std::vector<PlotLine> measure, cost;
        std::string hidden;  // what waits for a lesson's reveal ("" — nothing)
    };

    // Both plots in child windows side by side, filling the rest of the
    // current window, each filled by its callback; false, drawing nothing,
    // when the window is too narrow for two readable plots (about 22
    // characters each, as at a projector's scale).
    static bool draw_side_by_side(const char* measure_child, const char* cost_child, const std::function<void()>& draw_measure,
                                  const std::function<void()>& draw_cost);
    // What waits for a lesson's reveal (Lines::hidden) above the plots, in
    // quiet text wrapped to the window; nothing for "".
    static void draw_hidden_note(const std::string& hidden);
    // Runs `draw` with `widget`'s toolbar hidden (the presenter view), then restores it.
    static void without_toolbar(PlotWidget& widget, const std::function<void()>& draw);

    // One plot of `lines`; with none, the bold note of what waits for the
    // reveal (`hidden`). A CSV export's outcome goes to `notice`.
    static void plot(PlotWidget& widget, const char* id, const std::vector<PlotLine>& lines, const std::string& hidden, const UiStyle& style,
                     Notice& notice);
    // Both plots side by side in the rest of the current window, or one at a
    // time picked on a row of radio buttons (`show_cost` keeps which).
    void draw_pair(const Lines& all, const PlotPairNames& names, bool& show_cost, const UiStyle& style, Notice& notice);
    // One of them filling the rest of the window, without its toolbar (the presenter view).
    void draw_alone(const Lines& all, const PlotPairNames& names, bool cost, const UiStyle& style, Notice& notice);

    PlotWidget measure_, cost_;
};

}  // namespace tsl::app
