// plot_parts.cpp — the plot widget's shared parts (plot_parts.h).
#include "app/ui/plot_parts.h"

#include <algorithm>
#include <cassert>
#include <cfloat>
#include <cmath>
#include <cstdio>

namespace tsl::app::plot_parts {

std::optional<double> newest_x(std::span<const PlotLine> lines) {
    std::optional<double> newest;
    for (const PlotLine& line : lines) {
        assert(line.series && "PlotLine::series is null: point every line at the PlotSeries it draws");
        if (!line.series->empty()) newest = std::max(newest.value_or(-DBL_MAX), line.series->newest().x);
    }
    return newest;
}

std::optional<double> oldest_x(std::span<const PlotLine> lines) {
    std::optional<double> oldest;
    for (const PlotLine& line : lines)
        if (!line.series->empty()) oldest = std::min(oldest.value_or(DBL_MAX), line.series->sample(0).x);
    return oldest;
}

bool has_axis(std::span<const PlotLine> lines, PlotAxis axis) {
    return std::any_of(lines.begin(), lines.end(), [&](const PlotLine& l) { return l.axis == axis; });
}

std::string units_of(std::span<const PlotLine> lines, PlotAxis axis) {
    std::string units;
    for (const PlotLine& line : lines) {
        const std::string& unit = line.series->unit();
        if (line.axis != axis || unit.empty()) continue;
        if (units == unit || units.find(", " + unit) != std::string::npos || units.rfind(unit + ", ", 0) == 0) continue;
        units += (units.empty() ? "" : ", ") + unit;
    }
    return units;
}

std::string value_text(double value) {
    char buffer[48];
    const double magnitude = std::abs(value);
    if (magnitude != 0 && (magnitude < 0.001 || magnitude >= 1e7)) {
        std::snprintf(buffer, sizeof buffer, "%.4g", value);
        return buffer;
    }
    const int decimals = magnitude >= 1000 ? 0 : magnitude >= 100 ? 1 : magnitude >= 10 ? 2 : 3;
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    std::string text = buffer;
    if (text.find('.') != std::string::npos) {
        text.erase(text.find_last_not_of('0') + 1);
        if (text.back() == '.') text.pop_back();
    }
    if (text == "-0") text = "0";
    return text;
}

std::string format_with_unit(const char* number_format, const std::string& unit) {
    std::string text = number_format;
    if (!unit.empty()) text += ' ';
    for (char c : unit) text += c == '%' ? std::string("%%") : std::string(1, c);
    return text;
}

float text_width(ImFont* font, float size, const char* text) { return font->CalcTextSizeA(size, FLT_MAX, 0, text).x; }

AxisRange usable(AxisRange r) {
    if (!std::isfinite(r.lo) || !std::isfinite(r.hi)) return {0, 1};
    if (r.lo > r.hi) std::swap(r.lo, r.hi);
    if (r.hi - r.lo < std::max(std::abs(r.hi), 1.0) * 1e-9) r.hi = r.lo + std::max(std::abs(r.lo) * 1e-3, 1e-6);
    return r;
}

namespace {

// Points per AddPolyline call: an anti-aliased thick line takes 4 vertices a
// point, and one call must stay under ImGui's 16-bit vertex index limit.
constexpr std::size_t kPolylineChunk = 4096;
constexpr int kMaxDashes = 50'000;  // per line: a dashed line over noisy data stays bounded

//-----------------------------------------------------------------------------
// [SECTION] Paths: one point pair per pixel column, solid and dashed strokes
//-----------------------------------------------------------------------------

// Screen points of samples [first, end) of one series. Samples that fall in
// the same pixel column collapse to that column's highest and lowest point in
// the order they occurred, so the drawn path has at most two points per
// column for straight lines (four, all on one vertical, for staircases) and
// looks the same as drawing every sample.
template <class ToScreen>
void decimate(const PlotSeries& series, std::size_t first, std::size_t end, PlotShape shape, ToScreen to_screen,
              std::vector<ImVec2>& out) {
    out.clear();
    auto emit = [&](ImVec2 p) {
        if (out.empty() || out.back().x != p.x || out.back().y != p.y) out.push_back(p);
    };
    struct Column {
        long index = 0;
        ImVec2 first, last, top, bottom;  // top: smallest screen y (largest value)
        std::size_t top_order = 0, bottom_order = 0, count = 0;
    } column;
    std::optional<float> held_y;  // staircase: the level carried into the next column
    auto flush = [&] {
        if (column.count == 0) return;
        const bool top_first = column.top_order <= column.bottom_order;
        const ImVec2 a = top_first ? column.top : column.bottom, b = top_first ? column.bottom : column.top;
        if (shape == PlotShape::Staircase) {
            // The held level runs across to this column, then one vertical
            // spans every value in it and ends at its last one.
            const float x = column.first.x;
            if (held_y) emit({x, *held_y});
            emit({x, column.first.y});
            emit({x, a.y});
            emit({x, b.y});
            emit({x, column.last.y});
            held_y = column.last.y;
        } else if (column.count == 1) {
            emit(column.first);
        } else {
            emit(a);
            emit(b);
        }
        column.count = 0;
    };
    for (std::size_t i = first; i < end; ++i) {
        const ImVec2 p = to_screen(series.sample(i));
        const long index = std::lround(std::floor(p.x));
        if (column.count == 0 || index != column.index) {
            flush();
            column = {index, p, p, p, p, 0, 0, 1};
            continue;
        }
        ++column.count;
        column.last = p;
        if (p.y < column.top.y) {
            column.top = p;
            column.top_order = column.count;
        }
        if (p.y > column.bottom.y) {
            column.bottom = p;
            column.bottom_order = column.count;
        }
    }
    flush();
}

// Polylines broken at every sharp turn. ImGui mitres each joint, and where a
// path doubles back (the min/max zigzag of a dense column) the mitre turns
// into a spike or a gap; ending the polyline there and starting a new one at
// the same point leaves two overlapping butt ends instead.
void stroke_solid(ImDrawList* list, std::span<const ImVec2> points, ImU32 colour, float thickness) {
    if (points.size() == 1) {
        list->AddCircleFilled(points[0], thickness, colour);  // a lone sample still shows
        return;
    }
    auto sharp_turn = [&](std::size_t i) {
        const ImVec2 in{points[i].x - points[i - 1].x, points[i].y - points[i - 1].y};
        const ImVec2 out{points[i + 1].x - points[i].x, points[i + 1].y - points[i].y};
        const float dot = in.x * out.x + in.y * out.y;
        // Turning by more than ~100 degrees: cos < -0.17.
        return dot < -0.17f * std::sqrt((in.x * in.x + in.y * in.y) * (out.x * out.x + out.y * out.y));
    };
    std::size_t start = 0;
    for (std::size_t i = 1; i < points.size(); ++i) {
        const bool last = i + 1 == points.size();
        if (last || i - start + 1 == kPolylineChunk || sharp_turn(i)) {
            list->AddPolyline(points.data() + start, static_cast<int>(i - start + 1), colour, ImDrawFlags_None, thickness);
            start = i;
        }
    }
}

// Clips segment a->b to the rectangle (Liang-Barsky): the visible part as
// parameters t0 <= t1 in [0, 1], or false when none is visible.
bool clip_segment(ImVec2 a, ImVec2 b, ImVec2 min, ImVec2 max, float& t0, float& t1) {
    t0 = 0;
    t1 = 1;
    const float d[2] = {b.x - a.x, b.y - a.y};
    const float lo[2] = {min.x - a.x, min.y - a.y}, hi[2] = {max.x - a.x, max.y - a.y};
    for (int axis = 0; axis < 2; ++axis) {
        if (d[axis] == 0) {
            if (lo[axis] > 0 || hi[axis] < 0) return false;
            continue;
        }
        float enter = lo[axis] / d[axis], leave = hi[axis] / d[axis];
        if (enter > leave) std::swap(enter, leave);
        t0 = std::max(t0, enter);
        t1 = std::min(t1, leave);
        if (t0 > t1) return false;
    }
    return true;
}

}  // namespace

// Dashes along the path; the pattern continues across corners and across the
// parts clipped away, so it does not crawl when the view scrolls... much.
void stroke_dashed(ImDrawList* list, std::span<const ImVec2> points, ImU32 colour, float thickness, float dash,
                   float gap, ImVec2 clip_min, ImVec2 clip_max) {
    const float period = dash + gap;
    float phase = 0;  // distance into the current dash + gap
    int dashes = 0;
    for (std::size_t i = 1; i < points.size() && dashes < kMaxDashes; ++i) {
        const ImVec2 a = points[i - 1], b = points[i];
        const float length = std::hypot(b.x - a.x, b.y - a.y);
        if (length <= 0) continue;
        float t0, t1;
        if (!clip_segment(a, b, clip_min, clip_max, t0, t1)) {
            phase = std::fmod(phase + length, period);
            continue;
        }
        float along = t0 * length;
        phase = std::fmod(phase + along, period);
        const float end = t1 * length;
        auto at = [&](float s) { return ImVec2{a.x + (b.x - a.x) * s / length, a.y + (b.y - a.y) * s / length}; };
        while (along < end && dashes < kMaxDashes) {
            const float run = std::min((phase < dash ? dash : period) - phase, end - along);
            if (phase < dash) {
                list->AddLine(at(along), at(along + run), colour, thickness);
                ++dashes;
            }
            along += run;
            phase = std::fmod(phase + run, period);
        }
        phase = std::fmod(phase + (length - end), period);
    }
}

void draw_line(ImDrawList* list, const Canvas& canvas, const PlotLine& line, double extend_to_x,
               std::vector<ImVec2>& points) {
    const PlotSeries& series = *line.series;
    if (series.empty()) return;
    // One sample beyond each edge, so lines enter and leave the plot at its
    // borders; none after `extend_to_x` (a moment stepped back to ends the line there).
    const double last = std::min(canvas.x.hi, extend_to_x);
    std::size_t first = series.lower_bound(canvas.x.lo), end = series.upper_bound(last);
    if (first > 0) --first;
    if (end < series.size() && last >= canvas.x.hi) ++end;
    decimate(series, first, end, line.shape,
             [&](PlotSample s) { return ImVec2{canvas.px(s.x), canvas.py(s.y, line.axis)}; }, points);
    // A staircase holds its newest value up to the newest time plotted.
    if (line.shape == PlotShape::Staircase && !points.empty() && (end == series.size() || series.sample(end).x > extend_to_x)) {
        const float x = canvas.px(std::min(extend_to_x, canvas.x.hi));
        if (x > points.back().x) points.push_back({x, points.back().y});
    }
    const float scale = ImGui::GetFontSize() / kBodyPx;
    const ImU32 colour = line.colour.packed();
    switch (line.stroke) {
        case PlotStroke::Solid: stroke_solid(list, points, colour, std::max(1.0f, 2.0f * scale)); break;
        case PlotStroke::Thin: stroke_solid(list, points, colour, std::max(1.0f, 1.0f * scale)); break;
        case PlotStroke::Dashed:
            stroke_dashed(list, points, colour, std::max(1.0f, 1.6f * scale), 7 * scale, 5 * scale,
                          {canvas.min.x - 2, canvas.min.y - 2}, {canvas.max.x + 2, canvas.max.y + 2});
            break;
        case PlotStroke::Dotted:
            stroke_dashed(list, points, colour, std::max(1.0f, 2.0f * scale), std::max(1.0f, 2.0f * scale), 3.5f * scale,
                          {canvas.min.x - 2, canvas.min.y - 2}, {canvas.max.x + 2, canvas.max.y + 2});
            break;
    }
}

}  // namespace tsl::app::plot_parts
