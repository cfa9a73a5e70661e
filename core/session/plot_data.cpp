#include "core/session/plot_data.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <ostream>

namespace tsl {

// --- PlotSeries ----------------------------------------------------------------

PlotSeries::PlotSeries(std::string name, std::string unit, std::size_t capacity)
    : name_(std::move(name)), unit_(std::move(unit)), ring_(std::max<std::size_t>(capacity, 1)) {
    assert(capacity > 0 && "PlotSeries: capacity must be at least 1 sample");
}

void PlotSeries::push(double x, double y) {
    if (!std::isfinite(x) || !std::isfinite(y)) return;
    if (size_ > 0 && x < newest().x) clear();  // the simulation was reset: its old samples are history
    if (size_ == ring_.size()) {
        ring_[oldest_] = {x, y};
        oldest_ = (oldest_ + 1) % ring_.size();
    } else {
        ring_[(oldest_ + size_) % ring_.size()] = {x, y};
        ++size_;
    }
}

void PlotSeries::clear() noexcept {
    oldest_ = 0;
    size_ = 0;
}

PlotSample PlotSeries::sample(std::size_t i) const {
    assert(i < size_ && "PlotSeries::sample: index out of range; check size() first");
    return ring_[(oldest_ + i) % ring_.size()];
}

std::size_t PlotSeries::lower_bound(double x) const noexcept {
    std::size_t lo = 0, hi = size_;
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (ring_[(oldest_ + mid) % ring_.size()].x < x) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

std::size_t PlotSeries::upper_bound(double x) const noexcept {
    std::size_t lo = 0, hi = size_;
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (ring_[(oldest_ + mid) % ring_.size()].x <= x) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

std::optional<double> PlotSeries::value_at(double x) const noexcept {
    const std::size_t after = upper_bound(x);
    if (after == 0) return std::nullopt;
    return ring_[(oldest_ + after - 1) % ring_.size()].y;
}

std::optional<std::pair<double, double>> PlotSeries::range_y(double x0, double x1) const noexcept {
    const std::size_t first = lower_bound(x0), end = upper_bound(x1);
    if (first >= end) return std::nullopt;
    double lo = ring_[(oldest_ + first) % ring_.size()].y, hi = lo;
    for (std::size_t i = first + 1; i < end; ++i) {
        const double y = ring_[(oldest_ + i) % ring_.size()].y;
        lo = std::min(lo, y);
        hi = std::max(hi, y);
    }
    return std::pair{lo, hi};
}

// --- Ticks and ranges ----------------------------------------------------------

namespace {

// mantissa × 10^exponent with mantissa 1, 2 or 5. Tick values are computed as
// (k × mantissa) scaled by the power of ten, so 3 × 0.1 prints as 0.3.
struct NiceStep {
    int mantissa = 1;
    int exponent = 0;

    double value() const { return mantissa * std::pow(10.0, exponent); }
    double tick(double k) const {
        const double units = k * mantissa;
        return exponent >= 0 || exponent < -300 ? units * std::pow(10.0, exponent) : units / std::pow(10.0, -exponent);
    }
    NiceStep next() const {
        if (mantissa == 1) return {2, exponent};
        if (mantissa == 2) return {5, exponent};
        return {1, exponent + 1};
    }
};

// Index range [first, last] of the multiples of `step` inside [lo, hi]. The
// tolerance keeps 0.3 a tick of [0.1, 0.3] although 0.3 / 0.1 < 3 in binary.
std::pair<double, double> multiples_inside(double lo, double hi, double step) {
    constexpr double kTolerance = 1e-9;
    return {std::ceil(lo / step - kTolerance), std::floor(hi / step + kTolerance)};
}

std::optional<NiceStep> choose_step(double& lo, double& hi, int max_ticks) {
    if (lo > hi) std::swap(lo, hi);
    const double span = hi - lo;
    if (max_ticks < 1 || !std::isfinite(lo) || !std::isfinite(hi) || !std::isfinite(span) || span <= 0) return std::nullopt;
    // Start an order of magnitude below the target step and walk up the 1-2-5
    // sequence: the first step whose multiples in range number <= max_ticks.
    NiceStep step{1, static_cast<int>(std::floor(std::log10(span / max_ticks))) - 1};
    for (int attempt = 0; attempt < 64; ++attempt, step = step.next()) {
        const auto [first, last] = multiples_inside(lo, hi, step.value());
        if (last - first + 1 <= max_ticks) return step;
    }
    return std::nullopt;  // unreachable for finite input: each step at least doubles
}

}  // namespace

std::vector<double> nice_ticks(double lo, double hi, int max_ticks) {
    if (max_ticks >= 1 && std::isfinite(lo) && lo == hi) return {lo};
    const std::optional<NiceStep> step = choose_step(lo, hi, max_ticks);
    if (!step) return {};
    const auto [first, last] = multiples_inside(lo, hi, step->value());
    std::vector<double> ticks;
    // Counted, not `++k`: beyond 2^53 (ticks on 1e16 + small spans) k + 1 == k.
    const auto count = static_cast<int>(last - first + 1);
    for (int n = 0; n < count; ++n) {
        // The tolerance may put the end ticks a rounding error outside: clamp them in.
        const double t = std::clamp(step->tick(first + n), lo, hi);
        if (ticks.empty() || t > ticks.back()) ticks.push_back(t);  // huge values can round to equal ticks
    }
    return ticks;
}

double nice_tick_step(double lo, double hi, int max_ticks) {
    const std::optional<NiceStep> step = choose_step(lo, hi, max_ticks);
    return step ? step->value() : 0.0;
}

std::string format_tick(double value, double step) {
    char buffer[64];
    step = std::abs(step);
    if (!std::isfinite(value) || !std::isfinite(step) || step == 0) {
        std::snprintf(buffer, sizeof buffer, "%g", value);
        return buffer;
    }
    const double magnitude = std::max(std::abs(value), step);
    if (magnitude >= 1e9 || step < 1e-6) {
        // Significant digits from the value's leading digit down to the step's.
        const int digits = static_cast<int>(std::floor(std::log10(magnitude)) - std::floor(std::log10(step))) + 2;
        std::snprintf(buffer, sizeof buffer, "%.*g", std::clamp(digits, 1, 17), value);
    } else {
        int decimals = 0;  // the fewest that write the step exactly: 0.05 needs 2, 2.5 needs 1
        for (double scaled = step; decimals < 12; ++decimals, scaled *= 10)
            if (std::abs(scaled - std::round(scaled)) <= 1e-6 * scaled) break;
        std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    }
    std::string text = buffer;
    // "-0" and "-0.00" are zero ticks reached from below: print them as zero.
    if (text[0] == '-' && text.find_first_of("123456789") == std::string::npos) text.erase(0, 1);
    return text;
}

AxisRange fit_range(double lo, double hi, bool include_zero) {
    if (!std::isfinite(lo) || !std::isfinite(hi)) return {};
    if (lo > hi) std::swap(lo, hi);
    if (include_zero) {
        lo = std::min(lo, 0.0);
        hi = std::max(hi, 0.0);
    }
    if (lo == hi) {
        if (lo == 0) return {0, 1};
        const double half = std::abs(lo) * 0.1;  // one value: a range around it
        lo -= half;
        hi += half;
    }
    // Headroom of 8% of the span, but padding never makes a one-signed range
    // cross zero: latency data starts at 0, not at -1.2.
    const double pad = (hi - lo) * 0.08;
    double padded_lo = lo - pad, padded_hi = hi + pad;
    if (lo >= 0 && padded_lo < 0) padded_lo = 0;
    if (hi <= 0 && padded_hi > 0) padded_hi = 0;
    // Snap outwards to the step of a fine tick grid (~8 ticks): 18.04 -> 20, 1.08 -> 1.2.
    const double step = nice_tick_step(padded_lo, padded_hi, 8);
    if (!(step > 0) || !std::isfinite(step)) return {padded_lo, padded_hi};
    AxisRange range{std::floor(padded_lo / step + 1e-9) * step, std::ceil(padded_hi / step - 1e-9) * step};
    if (!(range.hi > range.lo)) return {padded_lo, padded_hi};
    return range;
}

// --- CSV export ----------------------------------------------------------------

namespace {

void write_field(std::ostream& out, std::string_view text) {
    if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
        out << text;
        return;
    }
    out << '"';
    for (char c : text) {
        if (c == '"') out << '"';
        out << c;
    }
    out << '"';
}

void write_number(std::ostream& out, const char* format, double value) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, format, value);
    out << buffer;
}

}  // namespace

bool write_plot_csv(std::ostream& out, std::span<const PlotSeries* const> series, double x0, double x1,
                    std::string_view x_name) {
    if (x0 > x1) std::swap(x0, x1);
    write_field(out, x_name);
    std::vector<double> xs;
    for (const PlotSeries* s : series) {
        assert(s && "write_plot_csv: a series pointer is null; pass only series that exist");
        out << ',';
        write_field(out, s->unit().empty() ? s->name() : s->name() + " (" + s->unit() + ")");
        for (std::size_t i = s->lower_bound(x0), end = s->upper_bound(x1); i < end; ++i) xs.push_back(s->sample(i).x);
    }
    out << '\n';
    std::sort(xs.begin(), xs.end());
    xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
    for (double x : xs) {
        write_number(out, "%.9g", x);
        for (const PlotSeries* s : series) {
            out << ',';
            if (const std::optional<double> y = s->value_at(x)) write_number(out, "%.6g", *y);
        }
        out << '\n';
    }
    return static_cast<bool>(out);
}

Status export_plot_csv(const std::string& path, std::span<const PlotSeries* const> series, double x0, double x1,
                       std::string_view x_name) {
    return write_output_file(path, [&](std::ostream& out) { return write_plot_csv(out, series, x0, x1, x_name); });
}

std::string plot_csv_file_name(std::string_view stem, const std::tm& local_time) {
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local_time);
    return std::string(stem) + "-" + stamp + ".csv";
}

std::vector<int> flow_rows(std::span<const float> widths, float width, float spacing) {
    std::vector<int> rows;
    rows.reserve(widths.size());
    int row = 0;
    float x = 0;  // where the row's last entry ends
    for (std::size_t i = 0; i < widths.size(); ++i) {
        if (i == 0) {
            x = widths[i];
        } else if (x + spacing + widths[i] > width) {
            ++row;
            x = widths[i];
        } else {
            x += spacing + widths[i];
        }
        rows.push_back(row);
    }
    return rows;
}

LegendLayout layout_legend(std::span<const float> widths, std::span<const float> widths_without_units, const LegendSpace& space) {
    LegendLayout layout;
    if (widths.empty()) return layout;
    const float room = std::min(space.plot_height / 3, space.plot_height - space.above - space.readable);
    const float slack = 0.5f;  // rounding of the pixels measured
    auto fits = [&](int rows) { return rows <= 1 || rows * space.row_height <= room + slack; };
    layout.row = flow_rows(widths, space.width, space.spacing);
    layout.rows = layout.row.back() + 1;
    if (fits(layout.rows)) return layout;
    if (widths_without_units.size() == widths.size()) {
        std::vector<int> row = flow_rows(widths_without_units, space.width, space.spacing);
        const int rows = row.back() + 1;
        if (fits(rows) && space.plot_height - space.above - rows * space.row_height >= space.units_height - slack) {
            layout.without_units = true;
            layout.row = std::move(row);
            layout.rows = rows;
            return layout;
        }
    }
    layout.collapsed = true;
    layout.row.clear();
    layout.rows = 1;
    return layout;
}

}  // namespace tsl
