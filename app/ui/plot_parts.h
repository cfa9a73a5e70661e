// plot_parts.h — the plot widget's parts (plot_widget.h) that its drawing
// shares: the canvas's value <-> pixel mapping, read-out text, and the lines
// drawn as paths of at most two points per pixel column, solid or dashed
// (plot_parts.cpp). Internal to the widget.
#pragma once

#include "app/ui/plot_widget.h"

#include <imgui.h>

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tsl::app::plot_parts {

inline constexpr float kBodyPx = 17.0f;      // ui_style.cpp's body size at scale 1: line widths scale with the font
inline constexpr float kOffscreenPx = 1e5f;  // far-off samples are clamped here: finite for ImDrawList, clipped anyway
inline constexpr float kReadableLines = 6;   // the canvas keeps at least this many lines of text's height beside its legend
inline constexpr float kUnitsCanvasLines = 9;  // a canvas shorter than this many lines of text leaves the units to the legend

// The newest and oldest x of any line's samples (none: no samples).
std::optional<double> newest_x(std::span<const PlotLine> lines);
std::optional<double> oldest_x(std::span<const PlotLine> lines);
bool has_axis(std::span<const PlotLine> lines, PlotAxis axis);
// The distinct units of an axis's lines: "ms", or "ms, deg" when mixed.
std::string units_of(std::span<const PlotLine> lines, PlotAxis axis);
// A read-out value: about four significant digits, no exponent for everyday
// magnitudes, no trailing zeros ("12", "16.667", "0.5").
std::string value_text(double value);
// ImGui format strings take the unit verbatim: a '%' in it must be doubled.
std::string format_with_unit(const char* number_format, const std::string& unit);
float text_width(ImFont* font, float size, const char* text);

// The plot rectangle of one frame and the ranges at its edges.
struct Ticks {
    std::vector<double> values;
    std::vector<std::string> labels;
    float widest = 0;
};

struct Canvas {
    ImVec2 min, max;  // screen pixels
    AxisRange x, left, right;

    float px(double x_value) const {
        const double t = (x_value - x.lo) / (x.hi - x.lo);
        return static_cast<float>(std::clamp(min.x + t * (max.x - min.x), double{min.x - kOffscreenPx}, double{max.x + kOffscreenPx}));
    }
    float py(double y_value, PlotAxis axis) const {
        const AxisRange& r = axis == PlotAxis::Left ? left : right;
        const double t = (y_value - r.lo) / (r.hi - r.lo);
        return static_cast<float>(std::clamp(max.y - t * (max.y - min.y), double{min.y - kOffscreenPx}, double{max.y + kOffscreenPx}));
    }
    double x_at(float pixel) const { return x.lo + (pixel - min.x) / (max.x - min.x) * (x.hi - x.lo); }
    bool contains(ImVec2 p) const { return p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y; }
};

// A fixed range the user typed can be empty or inverted; never divide by it.
AxisRange usable(AxisRange r);

// Dashes of `dash` pixels with `gap`s along the path, clipped to the
// rectangle; the pattern runs on across corners and clipped parts.
void stroke_dashed(ImDrawList* list, std::span<const ImVec2> points, ImU32 colour, float thickness, float dash, float gap, ImVec2 clip_min,
                   ImVec2 clip_max);

// One line on the canvas: its samples in view (and one beyond each edge),
// a staircase held to `extend_to_x`; `points` is scratch space.
// Samples after `extend_to_x` (the newest time plotted) are not drawn.
void draw_line(ImDrawList* list, const Canvas& canvas, const PlotLine& line, double extend_to_x, std::vector<ImVec2>& points);

}  // namespace tsl::app::plot_parts
