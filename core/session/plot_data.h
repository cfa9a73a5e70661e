// plot_data.h — the data behind the app's plots, with no drawing in it: a
// named series of (x, y) samples in a bounded ring, "nice" axis ticks and
// ranges, where the legend goes, and the CSV export of what a plot shows.
//
// Sample semantics: x is simulation seconds and only grows; a sample holds its
// value until the next one (a staircase), which is what frame-quantized
// measurements mean. `value_at(x)` is that staircase's value, and the CSV
// export and the plot's hover read-out both use it.
//
// Threading: a PlotSeries is not synchronised; push and read it from one
// thread (the main thread, which both updates the simulation and draws).
#pragma once

#include "core/base/words.h"

#include "core/media/output_file.h"

#include <cstddef>
#include <ctime>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tsl {

struct PlotSample {
    double x = 0;  // simulation seconds
    double y = 0;  // in the series' unit
};

class PlotSeries {
public:
    static constexpr std::size_t kDefaultCapacity = 4096;

    // `unit` is shown on axes, legends and CSV headers: "ms", "deg", "jobs".
    explicit PlotSeries(std::string name, std::string unit = {}, std::size_t capacity = kDefaultCapacity);

    const std::string& name() const noexcept { return name_; }
    void rename(std::string name) { name_ = std::move(name); }
    const std::string& unit() const noexcept { return unit_; }
    std::size_t capacity() const noexcept { return ring_.size(); }
    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }

    // Appends a sample; when full, the oldest is dropped. An x smaller than
    // the newest x means the simulation was reset: the series clears first.
    // Samples with a non-finite x or y are ignored (nothing to draw).
    void push(double x, double y);
    void clear() noexcept;

    // The i-th sample, oldest first (0 <= i < size()).
    PlotSample sample(std::size_t i) const;
    PlotSample newest() const { return sample(size_ - 1); }

    // Binary searches over the samples (x never decreases along the ring):
    // the first index whose x is >= x, and the first whose x is > x.
    std::size_t lower_bound(double x) const noexcept;
    std::size_t upper_bound(double x) const noexcept;

    // The staircase value at x: y of the newest sample with sample.x <= x;
    // nullopt when x is before the first sample (or the series is empty).
    std::optional<double> value_at(double x) const noexcept;

    // Smallest and largest y over the samples with x in [x0, x1]; nullopt if none.
    std::optional<std::pair<double, double>> range_y(double x0, double x1) const noexcept;

private:
    std::string name_, unit_;
    std::vector<PlotSample> ring_;
    std::size_t oldest_ = 0;  // ring index of sample(0)
    std::size_t size_ = 0;
};

// Tick values covering [lo, hi] (either order) with a step of 1, 2 or 5 times
// a power of ten: the smallest such step that gives at most `max_ticks`
// ticks, all inside [lo, hi]. lo == hi gives {lo}; max_ticks < 1 or a
// non-finite bound or span gives {}.
std::vector<double> nice_ticks(double lo, double hi, int max_ticks);

// The step nice_ticks chooses for the same arguments, for format_tick and for
// snapping bounds; 0 when there is no step (lo == hi, bad input).
double nice_tick_step(double lo, double hi, int max_ticks);

// A tick label with only as many decimals as `step` needs:
// (0, 1) -> "0", (2.5, 0.5) -> "2.5", (0.05, 0.05) -> "0.05", (1000, 500) -> "1000".
// Very large or very small magnitudes switch to exponent notation ("1e+12").
std::string format_tick(double value, double step);

struct AxisRange {
    double lo = 0, hi = 1;
    bool operator==(const AxisRange&) const = default;
};

// A y range for data in [lo, hi]: includes 0 if asked, pads 8% of the span
// above (and below when the data goes negative, or lies above 0 without
// include_zero, never crossing 0), and snaps both ends outwards to a nice
// tick step so the top grid line is a round number. Never empty: all-zero
// data gives [0, 1], a single value v gives a range around it.
AxisRange fit_range(double lo, double hi, bool include_zero);

// The room a plot's legend has, in pixels. A plot is, top to bottom, its
// title row and toolbar (`above`), the legend and the canvas.
struct LegendSpace {
    float width = 0;         // a row's width
    float spacing = 0;       // between two entries on one row
    float row_height = 0;    // one row, with the spacing below it
    float plot_height = 0;   // the whole plot
    float above = 0;         // the title row and the toolbar
    float readable = 0;      // the least height the canvas keeps: about six lines of text
    float units_height = 0;  // the least canvas height that names the axes' units above them
};

struct LegendLayout {
    bool collapsed = false;      // one row: a "Legend (N)" button that opens every entry in a popup
    bool without_units = false;  // the entries leave out the units, which the axes name
    std::vector<int> row;        // each entry's row, from 0, when not collapsed
    int rows = 0;                // rows the legend takes: 1 when collapsed, 0 without entries
};

// Entries of `widths` placed left to right, `spacing` apart, starting a new
// row when the next would pass `width` (one wider than a row gets a row to
// itself): each entry's row, from 0.
std::vector<int> flow_rows(std::span<const float> widths, float width, float spacing);

// Where a legend goes. Its rows must take at most a third of the plot's
// height and leave the canvas its readable height; a legend of one row
// always fits. Tried in turn: the entries as they are (`widths`); without
// their units (`widths_without_units`, the same count, or empty when no
// entry has one) while the canvas left is tall enough to name the units on
// its axes; then one row, collapsed. So a legend never takes more than a
// third of its plot, and never leaves the canvas less than `readable` when
// the plot has room for that beside one row.
LegendLayout layout_legend(std::span<const float> widths, std::span<const float> widths_without_units, const LegendSpace& space);

// CSV of what a plot shows between x0 and x1: a header
// `x_name,<name> (<unit>),...` (just `<name>` when the unit is empty; fields
// with a comma, quote or line break quoted with quotes doubled, RFC 4180),
// then one row per distinct sample x of any series within [x0, x1], in
// ascending order, each cell the series' staircase value there (empty before
// its first sample). x is printed with %.9g, values with %.6g; lines end with
// "\n". Returns false if the stream failed. Every pointer must be non-null.
bool write_plot_csv(std::ostream& out, std::span<const PlotSeries* const> series, double x0, double x1,
                    std::string_view x_name);

// write_plot_csv into `path`, as every output (see output_file.h). The error names the path.
Status export_plot_csv(const std::string& path, std::span<const PlotSeries* const> series, double x0, double x1,
                       std::string_view x_name);

// "<stem>-YYYYMMDD-HHMMSS.csv" for a local time: "timeslice-lab-latency-20261121-142501.csv".
std::string plot_csv_file_name(std::string_view stem, const std::tm& local_time);

}  // namespace tsl
