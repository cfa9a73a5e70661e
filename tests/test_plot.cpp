// The plots' data: nice ticks and axis ranges, the bounded staircase series,
// and the CSV export of what a plot shows.
#include "core/session/plot_data.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <unistd.h>
#include <vector>

using namespace tsl;

namespace {

// The mantissa of a positive number: 1.0 <= m < 10.
double mantissa_of(double v) { return v / std::pow(10.0, std::floor(std::log10(v))); }

bool is_one_two_or_five(double step) {
    const double m = mantissa_of(step);
    return std::abs(m - 1) < 1e-9 || std::abs(m - 2) < 1e-9 || std::abs(m - 5) < 1e-9 || std::abs(m - 10) < 1e-9;
}

std::string csv_of(std::vector<const PlotSeries*> series, double x0, double x1) {
    std::ostringstream out;
    REQUIRE(write_plot_csv(out, series, x0, x1, "time_s"));
    return out.str();
}

}  // namespace

TEST_CASE("nice_ticks steps by 1 or 2 or 5 times a power of ten within the range and the tick budget", "[plot]") {
    struct Case {
        double lo, hi;
        int max_ticks;
    };
    const Case cases[] = {{0, 1, 5},          {0.1, 0.3, 5},     {-7.3, 12.9, 6},  {1e-9, 3e-9, 4},
                          {1e6, 3.7e6, 8},     {-1e-3, -2e-4, 5}, {0, 16.7, 8},     {123.45, 123.46, 5},
                          {990, 1010, 3},      {0, 1e300, 5},     {-2.5, 2.5, 2},   {17.3, 17.9, 10},
                          {0, 29.999, 7},      {-1e-300, 1e-300, 4}};
    for (const Case& c : cases) {
        INFO("[" << c.lo << ", " << c.hi << "] at most " << c.max_ticks);
        const std::vector<double> ticks = nice_ticks(c.lo, c.hi, c.max_ticks);
        const double step = nice_tick_step(c.lo, c.hi, c.max_ticks);
        REQUIRE(step > 0);
        CHECK(is_one_two_or_five(step));
        REQUIRE(!ticks.empty());
        CHECK(static_cast<int>(ticks.size()) <= c.max_ticks);
        for (std::size_t i = 0; i < ticks.size(); ++i) {
            CHECK(ticks[i] >= c.lo);
            CHECK(ticks[i] <= c.hi);
            const double k = ticks[i] / step;
            CHECK(std::abs(k - std::round(k)) < 1e-6);  // on the step's grid
            if (i > 0) CHECK(ticks[i] - ticks[i - 1] == Approx(step).epsilon(1e-9));
        }
        // Covers the range: neither end leaves a whole step without a tick.
        CHECK(ticks.front() - c.lo < step);
        CHECK(c.hi - ticks.back() < step);
        // And it is the smallest nice step that fits: the next smaller one
        // (step / 2 or step / 2.5) would need more ticks than allowed.
        const double smaller = std::abs(mantissa_of(step) - 5) < 1e-9 ? step / 2.5 : step / 2;
        const double more = std::floor(c.hi / smaller + 1e-9) - std::ceil(c.lo / smaller - 1e-9) + 1;
        CHECK(more > c.max_ticks);
    }
}

TEST_CASE("nice_ticks gives round values on familiar ranges", "[plot]") {
    using V = std::vector<double>;
    CHECK(nice_ticks(0, 1, 5) == V{0, 0.5, 1});
    CHECK(nice_ticks(0, 16.7, 8) == V{0, 5, 10, 15});
    CHECK(nice_ticks(-7.3, 12.9, 6) == V{-5, 0, 5, 10});
    CHECK(nice_ticks(12.9, -7.3, 6) == V{-5, 0, 5, 10});  // either order
    // 0.3 / 0.1 is 2.9999999999999996 in binary: the end tick must still be there, and print as 0.3.
    CHECK(nice_ticks(0.1, 0.3, 5) == V{0.1, 0.15, 0.2, 0.25, 0.3});
}

TEST_CASE("nice_ticks handles an empty range and bad input and spans too fine for doubles", "[plot]") {
    CHECK(nice_ticks(3, 3, 5) == std::vector<double>{3});
    CHECK(nice_tick_step(3, 3, 5) == 0);
    CHECK(nice_ticks(0, 1, 0).empty());
    CHECK(nice_ticks(std::nan(""), 1, 5).empty());
    CHECK(nice_ticks(0, std::numeric_limits<double>::infinity(), 5).empty());
    CHECK(nice_ticks(-1e308, 1e308, 5).empty());  // the span itself overflows
    // Near 1e16 consecutive doubles are 2 apart, so a step of 1 cannot be
    // counted with k + 1: this must end, in range, within budget.
    const std::vector<double> ticks = nice_ticks(1e16, 1e16 + 4, 5);
    CHECK(!ticks.empty());
    CHECK(ticks.size() <= 5);
    for (double t : ticks) {
        CHECK(t >= 1e16);
        CHECK(t <= 1e16 + 4);
    }
}

TEST_CASE("format_tick prints only the decimals the step needs", "[plot]") {
    CHECK(format_tick(0, 1) == "0");
    CHECK(format_tick(2.5, 0.5) == "2.5");
    CHECK(format_tick(0.05, 0.05) == "0.05");
    CHECK(format_tick(1000, 500) == "1000");
    CHECK(format_tick(12.5, 2.5) == "12.5");
    CHECK(format_tick(1.25, 0.25) == "1.25");
    CHECK(format_tick(0.1 + 0.2, 0.1) == "0.3");
    CHECK(format_tick(-15, 5) == "-15");
    CHECK(format_tick(-0.0, 1) == "0");        // no "-0"
    CHECK(format_tick(-1e-17, 0.1) == "0.0");  // a zero tick reached from below
    CHECK(format_tick(1e12, 1e11) == "1e+12");
    CHECK(format_tick(3e-9, 1e-9) == "3e-09");
}

TEST_CASE("fit_range pads 8 percent above and snaps to a nice bound", "[plot]") {
    CHECK(fit_range(0, 16.7, true) == AxisRange{0, 20});
    CHECK(fit_range(3, 5, true) == AxisRange{0, 6});
    CHECK(fit_range(-10, -2, true) == AxisRange{-12, 0});
    const AxisRange off_zero = fit_range(3, 5, false);
    CHECK(off_zero.lo == Approx(2.5));
    CHECK(off_zero.hi == Approx(5.5));
    // Headroom: the top is at least 8% of the span above the data.
    for (double top : {0.37, 1.0, 7.9, 16.7, 33.3, 99.0, 1234.0}) {
        const AxisRange r = fit_range(0, top, true);
        INFO("data [0, " << top << "] -> [" << r.lo << ", " << r.hi << "]");
        CHECK(r.lo == 0);
        CHECK(r.hi >= top * 1.08 - 1e-12);
        CHECK(r.hi <= top * 1.6);  // snapped, not blown up
    }
}

TEST_CASE("fit_range never returns an empty range", "[plot]") {
    CHECK(fit_range(0, 0, true) == AxisRange{0, 1});
    CHECK(fit_range(0, 0, false) == AxisRange{0, 1});
    const AxisRange one_value = fit_range(5, 5, false);
    CHECK(one_value.lo < 5);
    CHECK(one_value.hi > 5);
    CHECK(one_value.lo > 0);  // positive data does not get a negative axis
    const AxisRange bad = fit_range(std::nan(""), 3, true);
    CHECK(bad.hi > bad.lo);
}

TEST_CASE("PlotSeries keeps the newest samples up to its capacity", "[plot]") {
    CHECK(PlotSeries("latency", "ms").capacity() == 4096);
    PlotSeries s("latency", "ms", 4);
    CHECK(s.name() == "latency");
    CHECK(s.unit() == "ms");
    CHECK(s.empty());
    for (int i = 0; i < 6; ++i) s.push(i, i * 10.0);
    REQUIRE(s.size() == 4);
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(s.sample(i).x == static_cast<double>(i + 2));  // 0 and 1 were dropped, oldest first
        CHECK(s.sample(i).y == static_cast<double>((i + 2) * 10));
    }
    CHECK(s.newest().x == 5);
    s.push(std::nan(""), 1);  // ignored
    s.push(6, std::numeric_limits<double>::infinity());
    CHECK(s.size() == 4);
    CHECK(s.newest().x == 5);
    s.clear();
    CHECK(s.empty());
    CHECK(!s.value_at(100));
}

TEST_CASE("PlotSeries value_at is the newest sample at or before x like a staircase", "[plot]") {
    PlotSeries s("jobs", "jobs", 8);
    s.push(1, 10);
    s.push(2, 20);
    s.push(2, 25);  // same x: the newer sample wins
    s.push(4, 40);
    CHECK(!s.value_at(0.5));
    CHECK(s.value_at(1) == 10);
    CHECK(s.value_at(1.5) == 10);
    CHECK(s.value_at(2) == 25);
    CHECK(s.value_at(3.99) == 25);
    CHECK(s.value_at(4) == 40);
    CHECK(s.value_at(100) == 40);
    // Also after the ring has wrapped.
    PlotSeries wrapped("w", "", 3);
    for (int i = 0; i < 10; ++i) wrapped.push(i, i * i);
    CHECK(!wrapped.value_at(6.5));  // 7 is the oldest kept
    CHECK(wrapped.value_at(8.5) == 64);
    CHECK(wrapped.lower_bound(8) == 1);
    CHECK(wrapped.upper_bound(8) == 2);
}

TEST_CASE("PlotSeries range_y covers the samples inside the closed x range", "[plot]") {
    PlotSeries s("angle", "deg", 16);
    const double ys[] = {5, -3, 12, 7, 30, 1};
    for (int i = 0; i < 6; ++i) s.push(i, ys[i]);
    const auto all = s.range_y(0, 5);
    REQUIRE(all);
    CHECK(*all == std::pair{-3.0, 30.0});
    CHECK(s.range_y(2, 3) == std::pair{7.0, 12.0});      // both ends included
    CHECK(s.range_y(1.5, 3.5) == std::pair{7.0, 12.0});  // samples 2 and 3
    CHECK(!s.range_y(3.2, 3.8));                          // no sample inside
    CHECK(!s.range_y(6, 9));
}

TEST_CASE("PlotSeries clears itself when x goes back because the simulation was reset", "[plot]") {
    PlotSeries s("latency", "ms", 16);
    s.push(5, 1);
    s.push(6, 2);
    s.push(6, 3);  // equal x is not a reset
    CHECK(s.size() == 3);
    s.push(1, 4);
    REQUIRE(s.size() == 1);
    CHECK(s.sample(0).x == 1);
    CHECK(s.sample(0).y == 4);
    CHECK(!s.value_at(0.5));
}

TEST_CASE("write_plot_csv quotes names and writes one row per distinct x with staircase values", "[plot]") {
    PlotSeries worst("frame time, worst", "ms");
    PlotSeries started("jobs \"started\"", "jobs");
    worst.push(0.5, 16.7);
    worst.push(1.0, 33.4);
    worst.push(2.0, 16.7);
    started.push(1.0, 3);
    started.push(1.5, 4);
    started.push(2.5, 5);
    const std::string header = "time_s,\"frame time, worst (ms)\",\"jobs \"\"started\"\" (jobs)\"\n";
    // x = 1 is in both series: one row. At 1.5 and 2 the other series holds its last value.
    CHECK(csv_of({&worst, &started}, 0.75, 2.0) == header +
                                                      "1,33.4,3\n"
                                                      "1.5,33.4,4\n"
                                                      "2,16.7,4\n");
    // Before a series' first sample its cell is empty.
    CHECK(csv_of({&worst, &started}, 0, 1) == header +
                                                 "0.5,16.7,\n"
                                                 "1,33.4,3\n");
    // No unit: just the name. Nothing in range: the header alone.
    PlotSeries plain("count");
    plain.push(10, 1);
    CHECK(csv_of({&plain}, 0, 5) == "time_s,count\n");
}

TEST_CASE("export_plot_csv writes the file or says why it could not", "[plot]") {
    PlotSeries s("latency", "ms");
    s.push(1, 2);
    const std::vector<const PlotSeries*> series{&s};
    const auto dir = std::filesystem::temp_directory_path() / ("tsl-test-plot-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "out.csv").string();
    REQUIRE(export_plot_csv(path, series, 0, 10, "time_s"));
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    CHECK(text.str() == "time_s,latency (ms)\n1,2\n");

    const std::string bad = (dir / "missing" / "out.csv").string();
    const Status failed = export_plot_csv(bad, series, 0, 10, "time_s");
    CHECK_FALSE(failed);
    CHECK(failed.error().find(bad) != std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("plot_csv_file_name stamps the stem with the local date and time", "[plot]") {
    std::tm when{};
    when.tm_year = 2026 - 1900;
    when.tm_mon = 10;
    when.tm_mday = 21;
    when.tm_hour = 14;
    when.tm_min = 25;
    when.tm_sec = 1;
    CHECK(plot_csv_file_name("timeslice-lab-latency", when) == "timeslice-lab-latency-20261121-142501.csv");
}

TEST_CASE("flow_rows fills a row left to right and starts the next when an entry would pass its width", "[plot]") {
    const std::vector<float> widths{100, 100, 100, 250, 40};
    CHECK(flow_rows(widths, 330, 10) == std::vector<int>{0, 0, 0, 1, 1});
    CHECK(flow_rows(widths, 319, 10) == std::vector<int>{0, 0, 1, 2, 2});
    const std::vector<float> wide{500, 20, 500};  // wider than a row: a row each, the small one beside the first
    CHECK(flow_rows(wide, 300, 10) == std::vector<int>{0, 1, 2});
    CHECK(flow_rows({}, 300, 10).empty());
}

namespace {

// The presenter view's plot at 1280 x 720 and UI scale 1.5, as measured there.
LegendSpace presenter_plot() {
    LegendSpace space;
    space.width = 662;
    space.spacing = 28;
    space.row_height = 34.5f;
    space.plot_height = 280;
    space.above = 34;
    space.readable = 6 * 25.5f;
    space.units_height = 9 * 25.5f;
    return space;
}

float canvas_left(const LegendSpace& space, const LegendLayout& layout) {
    return space.plot_height - space.above - static_cast<float>(layout.rows) * space.row_height;
}

}  // namespace

TEST_CASE("layout_legend collapses a legend that would push its plot's canvas below a readable height", "[plot]") {
    const LegendSpace space = presenter_plot();
    // The engine's tick cost legend of a line each: eight entries too wide for two on a row.
    const std::vector<float> eight(8, 340);
    const LegendLayout layout = layout_legend(eight, {}, space);
    CHECK(layout.collapsed);
    CHECK(layout.rows == 1);
    CHECK(canvas_left(space, layout) >= space.readable);

    // Kinds and panes: two rows of the 280 px plot fit.
    const std::vector<float> grouped{153, 187, 164, 300, 62, 62};
    const LegendLayout fits = layout_legend(grouped, {}, space);
    CHECK_FALSE(fits.collapsed);
    CHECK(fits.rows == 2);
    CHECK(fits.row == std::vector<int>{0, 0, 0, 1, 1, 1});

    // One row is never folded, even where the canvas cannot be readable.
    LegendSpace tiny = space;
    tiny.plot_height = 120;
    const LegendLayout one = layout_legend(std::vector<float>{100, 100}, {}, tiny);
    CHECK_FALSE(one.collapsed);
    CHECK(one.rows == 1);
    CHECK(layout_legend({}, {}, space).rows == 0);
}

TEST_CASE("layout_legend leaves the units to the axes only when that saves rows and the canvas names them", "[plot]") {
    LegendSpace space = presenter_plot();
    space.plot_height = 397;  // the 4-pane frame cost plot
    const std::vector<float> with_units{240, 240, 62, 62, 62, 62, 400, 410};  // four rows
    const std::vector<float> without_units{180, 180, 62, 62, 62, 62, 330, 340};
    const LegendLayout layout = layout_legend(with_units, without_units, space);
    CHECK_FALSE(layout.collapsed);
    CHECK(layout.without_units);
    CHECK(layout.rows == 3);
    CHECK(canvas_left(space, layout) >= space.units_height);

    space.plot_height = 330;  // three rows fit, but the canvas left would be too short to name the units
    const LegendLayout folded = layout_legend(with_units, without_units, space);
    CHECK(folded.collapsed);
    CHECK_FALSE(folded.without_units);
}

TEST_CASE("No legend takes more than a third of its plot or leaves the canvas less than its readable height", "[plot]") {
    for (float plot_height = 60; plot_height <= 1200; plot_height += 13) {
        for (float width = 150; width <= 1500; width += 97) {
            for (int count = 1; count <= 14; ++count) {
                for (float scale : {14.0f, 25.5f, 34.0f}) {
                    LegendSpace space;
                    space.width = width;
                    space.spacing = scale * 1.1f;
                    space.row_height = scale * 1.35f;
                    space.plot_height = plot_height;
                    space.above = scale * 1.35f;
                    space.readable = scale * 6;
                    space.units_height = scale * 9;
                    std::vector<float> widths, shorter;
                    for (int i = 0; i < count; ++i) {
                        widths.push_back(scale * static_cast<float>(3 + (i * 7) % 17));
                        shorter.push_back(widths.back() - scale * 2);
                    }
                    for (const std::vector<float>& without : {std::vector<float>{}, shorter}) {
                        const LegendLayout layout = layout_legend(widths, without, space);
                        INFO("plot " << plot_height << " px, rows " << width << " px wide, " << count << " entries, text " << scale << " px");
                        REQUIRE(layout.rows >= 1);
                        REQUIRE(layout.collapsed == (layout.row.empty()));
                        if (!layout.collapsed) REQUIRE(layout.row.back() + 1 == layout.rows);
                        const float legend = static_cast<float>(layout.rows) * space.row_height;
                        const float canvas = canvas_left(space, layout);
                        if (layout.rows > 1) {
                            CHECK(legend <= plot_height / 3 + 0.5f);
                            CHECK(canvas >= space.readable - 0.5f);
                        }
                        if (plot_height - space.above - space.row_height >= space.readable) CHECK(canvas >= space.readable - 0.5f);
                        if (layout.without_units) CHECK(canvas >= space.units_height - 0.5f);
                    }
                }
            }
        }
    }
}
