// plot_widget.h — a time plot drawn with ImDrawList (ImPlot is not
// available): series of simulation-time samples scrolling through a window of
// a few seconds, with a legend, axes in their units and a hover read-out.
//
// Usage, once per frame inside an ImGui window (main thread only):
//
//     PlotLine lines[] = {
//         {&latency_mean, hex(0x0072B2)},
//         {&latency_max, hex(0x0072B2), PlotShape::Staircase, PlotStroke::Dashed},
//         {&jobs_started, hex(0x009E73), PlotShape::Staircase, PlotStroke::Solid, PlotAxis::Right},
//     };
//     if (auto exported = plot.draw("latency", {0, 260}, lines, style))
//         notice(exported->result ? "saved " + exported->path : exported->result.error());
//
// The widget owns only view state (freeze, hidden series, the shown y range);
// the samples stay in the caller's PlotSeries (core/session/plot_data.h), pushed by
// the update, never by drawing. What the user can do with it:
//   - the toolbar sets the window (1–30 s), auto-fit or a fixed y range, freeze
//     (the view stays still while samples keep arriving) and exports the
//     visible window to CSV;
//   - clicking a legend entry hides or shows its series (hidden series are
//     left out of the fit, the read-out and the export); a comparison's
//     legend has an entry per kind of line and one per pane (PlotLine::group);
//     a legend whose rows would take more than a third of the plot, or leave
//     the canvas less than six lines of text, leaves the units to the axes
//     if that is enough, else folds into one row: a "Legend (N)" button
//     that lists every entry in a popup, where a click still hides or shows,
//     and beside it the entries of the panes and of the lines shown that
//     fit on the row (layout_legend, core/session/plot_data.h);
//   - hovering the plot shows a cursor line and every visible series' value
//     at that time (the staircase value: the newest sample at or before it);
//   - right-click on the plot opens the same settings plus the fixed range's
//     bounds for both axes.
//
// Cost: per line, two binary searches for the window and at most ~2 points
// per pixel column (min and max of the samples that fall in it), so 10k
// samples per series draw as cheaply as a thousand.
#pragma once

#include "app/render/palette.h"
#include "app/ui/ui_style.h"

#include "core/session/plot_data.h"

#include <imgui.h>

#include <cfloat>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tsl::app {

enum class PlotAxis { Left, Right };
enum class PlotShape { Straight, Staircase };  // Staircase: hold each value until the next sample
enum class PlotStroke { Solid, Thin, Dashed, Dotted };

// One series as drawn. Build these per frame; they only point at the data.
struct PlotLine {
    const PlotSeries* series = nullptr;     // required — samples, legend name and unit
    Rgba colour = hex(0x0072B2);            // Okabe-Ito blue — line, legend swatch, read-out bullet
    PlotShape shape = PlotShape::Straight;  // Staircase for frame-quantized data
    PlotStroke stroke = PlotStroke::Solid;  // Thin, Dashed or Dotted for secondary series ("max", "target")
    PlotAxis axis = PlotAxis::Left;         // Right for a second unit ("jobs" beside "ms")
    std::string label{};                    // "" — the series' name; else the legend's and read-out's name for it
    // A comparison's lines: `group` names the pane(s) ("A", "A, B"), `kind`
    // what the line shows ("mean age"). With two groups or more the legend
    // has one entry per kind (in ink) and one per group (in its colour).
    std::string group{}, kind{};
    const std::string& name() const { return label.empty() ? series->name() : label; }
};

// A horizontal line at a fixed value: a budget, a target.
struct PlotReference {
    double value = 0;                // in the unit of `axis`
    std::string label{};             // "" — drawn above the line's right end: "16.7 ms budget"
    Rgba colour = hex(0xD55E00);     // Okabe-Ito vermilion
    PlotAxis axis = PlotAxis::Left;  // which axis `value` is on
    bool include_in_fit = false;     // false — auto-fit ignores it; true keeps it in view
};

// The widget's settings; the toolbar and the context menu bind to these fields.
struct PlotOptions {
    std::string title{};                             // "" — bold heading; the row also shows the time
    float window_s = 10;                             // 10 — simulation seconds shown (1..30 from the toolbar)
    bool fixed_y = false;                            // false — auto-fit y; true: use left_fixed / right_fixed
    AxisRange left_fixed{0, 50};                     // the left axis in fixed mode (taken from the fit on switching)
    AxisRange right_fixed{0, 10};                    // the right axis in fixed mode
    bool include_zero = true;                        // true — auto-fit ranges include 0
    std::optional<PlotReference> reference{};        // none — a dashed reference line
    std::string x_name = "time_s";                   // "time_s" — the x column's CSV header
    std::string export_dir = ".";                    // "." — where "Export CSV" writes
    std::string export_stem = "timeslice-lab-plot";  // file name: <stem>-YYYYMMDD-HHMMSS.csv
    bool toolbar = true;                             // true — false: no toolbar row (right-click still opens the settings);
                                                     // short of room, an "Options" button on the title row instead
};

// What an export did. `path` is absolute when it could be made so.
struct PlotExport {
    std::string path{};
    Status result{};  // !result: result.error() says why ("cannot write '...': Permission denied")
};

struct CanvasLayout;  // plot_widget.cpp: where one canvas's parts go

class PlotWidget {
public:
    static constexpr float kMinWindowS = 1, kMaxWindowS = 30;

    explicit PlotWidget(PlotOptions options = {});

    PlotOptions& options() { return options_; }
    const PlotOptions& options() const { return options_; }

    // Draws title row, toolbar, legend and plot into the current ImGui window,
    // filling `size` (0 in a dimension: the space available). `id` must be
    // unique within the window. Every line's series must be non-null.
    // Returns the export's outcome on the frame "Export CSV" was used, so the
    // caller can show it; nullopt on every other frame.
    // The colours follow the style's theme (UiStyle::plot_colours).
    std::optional<PlotExport> draw(const char* id, ImVec2 size, std::span<const PlotLine> lines, const UiStyle& style);

    // The x range shown for these lines: [newest x - window_s, newest x] when
    // live (or [oldest x, oldest x + window_s] until a whole window of samples
    // exists; [0, window_s] without samples), the range at the moment of
    // freezing when frozen. A simulation reset (newest x earlier than when the
    // view was frozen) unfreezes it.
    AxisRange view_x(std::span<const PlotLine> lines) const;

    // What "Export CSV" does, to a path of your choice: the visible series
    // over view_x, through write_plot_csv, written atomically.
    PlotExport export_csv(std::span<const PlotLine> lines, const std::string& path) const;
    // The path "Export CSV" would write now: export_dir/<stem>-<local time>.csv,
    // with "-2", "-3", ... added if that file exists.
    std::string next_export_path() const;

    // The moment shown, in simulation seconds, when it is earlier than the
    // newest sample (the lab stepped back in time: core/session/rewind.h):
    // the plot ends there, as it did then. nullopt — the newest sample.
    void set_moment(std::optional<double> x) { moment_ = x; }

    bool frozen() const { return frozen_; }
    void set_frozen(bool frozen, std::span<const PlotLine> lines);
    bool hidden(const PlotSeries& series) const;
    void set_hidden(const PlotSeries& series, bool hidden);

private:
    void draw_title_row(std::span<const PlotLine> lines, float right_x, const UiFonts& fonts, bool menu_button);
    bool draw_toolbar(std::span<const PlotLine> lines, float right_x);  // true: export requested
    // `plot_height`: the whole plot's; `above`: its title row's and toolbar's.
    void draw_legend(std::span<const PlotLine> lines, float right_x, float plot_height, float above);
    bool draw_canvas(ImVec2 size, std::span<const PlotLine> lines, const UiFonts& fonts);  // true: export requested
    CanvasLayout layout_canvas(ImVec2 origin, ImVec2 size, std::span<const PlotLine> lines, const UiFonts& fonts);
    void draw_data(ImDrawList* list, const CanvasLayout& layout, std::span<const PlotLine> lines);
    void draw_hover(ImDrawList* list, const CanvasLayout& layout, std::span<const PlotLine> lines);
    bool draw_context_menu(std::span<const PlotLine> lines, bool has_right);
    AxisRange fit_axis(std::span<const PlotLine> lines, PlotAxis axis, AxisRange view);
    void set_fixed_y(bool fixed);

    PlotOptions options_;
    std::optional<double> newest_shown(std::span<const PlotLine> lines) const;  // the newest sample's x, at most moment_
    std::optional<double> moment_;
    bool frozen_ = false;
    double frozen_right_x_ = 0;                    // view_x().hi while frozen
    double frozen_newest_x_ = -DBL_MAX;            // newest x when frozen: a smaller one later means a reset
    std::vector<std::string> hidden_;              // names of hidden series
    std::optional<AxisRange> shown_left_, shown_right_;  // auto-fit ranges last drawn (for hysteresis)
    std::vector<ImVec2> points_;                   // scratch for one line's screen path
    PlotColours colours_{};                        // the theme's, taken at each draw
};

}  // namespace tsl::app
