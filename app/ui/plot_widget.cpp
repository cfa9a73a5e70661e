// plot_widget.cpp — the time plot of plot_widget.h (its canvas mapping and
// strokes: plot_parts.cpp).
//
// [SECTION] State: view range, freeze, hidden series, fit, export
// [SECTION] Title row, toolbar, legend
// [SECTION] Canvas: axes, grid, reference, lines, hover read-out
// [SECTION] Context menu
#include "app/ui/plot_widget.h"

#include "app/ui/plot_parts.h"
#include "app/ui/text.h"
#include "app/ui/ui_text.h"

#include <algorithm>
#include <cassert>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>

namespace tsl::app {

using namespace plot_parts;  // the canvas, read-out text and strokes (plot_parts.h)

//-----------------------------------------------------------------------------
// [SECTION] State: view range, freeze, hidden series, fit, export
//-----------------------------------------------------------------------------

PlotWidget::PlotWidget(PlotOptions options) : options_(std::move(options)) {}

AxisRange PlotWidget::view_x(std::span<const PlotLine> lines) const {
    const double window = std::isfinite(options_.window_s) && options_.window_s > 0 ? options_.window_s : 10.0;
    const std::optional<double> newest = newest_shown(lines);
    const bool reset = newest && *newest < frozen_newest_x_;  // x only grows, except when the simulation restarts
    if (frozen_ && !reset) return {frozen_right_x_ - window, frozen_right_x_};
    if (!newest) return {0, window};
    // Until a whole window of samples exists the plot fills from the left
    // (like a chart recorder starting) rather than showing empty time before 0.
    const double right = std::max(*newest, *oldest_x(lines) + window);
    return {right - window, right};
}

std::optional<double> PlotWidget::newest_shown(std::span<const PlotLine> lines) const {
    const std::optional<double> newest = newest_x(lines);
    if (newest && moment_) return std::min(*newest, *moment_);
    return newest;
}

void PlotWidget::set_frozen(bool frozen, std::span<const PlotLine> lines) {
    if (frozen && !frozen_) {
        frozen_right_x_ = view_x(lines).hi;
        frozen_newest_x_ = newest_shown(lines).value_or(-DBL_MAX);
    }
    frozen_ = frozen;
}

bool PlotWidget::hidden(const PlotSeries& series) const {
    return std::find(hidden_.begin(), hidden_.end(), series.name()) != hidden_.end();
}

void PlotWidget::set_hidden(const PlotSeries& series, bool hide) {
    std::erase(hidden_, series.name());
    if (hide) hidden_.push_back(series.name());
}

void PlotWidget::set_fixed_y(bool fixed) {
    if (fixed && !options_.fixed_y) {
        // Start from what is on screen, so switching does not make the plot jump.
        if (shown_left_) options_.left_fixed = *shown_left_;
        if (shown_right_) options_.right_fixed = *shown_right_;
    }
    options_.fixed_y = fixed;
    shown_left_.reset();
    shown_right_.reset();
}

AxisRange PlotWidget::fit_axis(std::span<const PlotLine> lines, PlotAxis axis, AxisRange view) {
    double lo = DBL_MAX, hi = -DBL_MAX;
    auto include = [&](double v) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    };
    for (const PlotLine& line : lines) {
        if (line.axis != axis || hidden(*line.series)) continue;
        if (const auto range = line.series->range_y(view.lo, view.hi)) {
            include(range->first);
            include(range->second);
        }
        if (const auto entering = line.series->value_at(view.lo)) include(*entering);  // the level at the left edge
    }
    const std::optional<PlotReference>& reference = options_.reference;
    if (reference && reference->axis == axis && reference->include_in_fit) include(reference->value);
    const AxisRange fitted = lo <= hi ? fit_range(lo, hi, options_.include_zero) : fit_range(0, 0, options_.include_zero);
    // Grow at once, shrink only when the data would use less than half of the
    // axis: otherwise the scale flickers between neighbouring round bounds.
    std::optional<AxisRange>& shown = axis == PlotAxis::Left ? shown_left_ : shown_right_;
    if (shown && fitted.lo >= shown->lo && fitted.hi <= shown->hi &&
        fitted.hi - fitted.lo >= 0.5 * (shown->hi - shown->lo))
        return *shown;
    shown = fitted;
    return fitted;
}

PlotExport PlotWidget::export_csv(std::span<const PlotLine> lines, const std::string& path) const {
    const AxisRange x = view_x(lines);
    std::vector<const PlotSeries*> visible;
    for (const PlotLine& line : lines)
        if (!hidden(*line.series)) visible.push_back(line.series);
    // The folder is made when first needed (the default one in the pictures folder too).
    std::error_code made;
    const std::filesystem::path folder = std::filesystem::path(path).parent_path();
    if (!folder.empty() && !std::filesystem::is_directory(folder, made)) std::filesystem::create_directories(folder, made);
    if (made) return {path, Failed{formatted(tr("cannot make the folder '%s': %s"), folder.string().c_str(), made.message().c_str())}};
    return {path, export_plot_csv(path, visible, x.lo, x.hi, options_.x_name)};
}

std::string PlotWidget::next_export_path() const {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    const std::filesystem::path dir = options_.export_dir.empty() ? "." : options_.export_dir;
    const std::string name = plot_csv_file_name(options_.export_stem, local);
    std::filesystem::path path = dir / name;
    std::error_code error;
    // Two exports within one second keep both files.
    for (int n = 2; std::filesystem::exists(path, error) && n < 1000; ++n)
        path = dir / (name.substr(0, name.size() - 4) + "-" + std::to_string(n) + ".csv");
    const std::filesystem::path absolute = std::filesystem::absolute(path, error);
    return error ? path.string() : absolute.lexically_normal().string();
}

std::optional<PlotExport> PlotWidget::draw(const char* id, ImVec2 size, std::span<const PlotLine> lines,
                                           const UiStyle& style) {
    const UiFonts& fonts = style.fonts();
    colours_ = style.plot_colours();
    const std::optional<double> newest = newest_shown(lines);
    if (frozen_ && newest && *newest < frozen_newest_x_) frozen_ = false;  // the simulation was reset
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    if (size.x <= 0) size.x = avail.x;
    if (size.y <= 0) size.y = avail.y;

    ImGui::PushID(id);
    ImGui::BeginGroup();  // NewLine returns to the group's left edge, not the window's
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const float right_x = start.x + size.x;
    // Short of room (a projector's scale, a narrow dock), the toolbar folds
    // into an "Options" button that opens the plot's menu.
    const float font = ImGui::GetFontSize();
    const bool full_toolbar = options_.toolbar && size.y >= font * 13 && size.x >= font * 17;
    draw_title_row(lines, right_x, fonts, options_.toolbar && !full_toolbar);
    bool export_now = full_toolbar && draw_toolbar(lines, right_x);
    draw_legend(lines, right_x, size.y, ImGui::GetCursorScreenPos().y - start.y);
    const float used_y = ImGui::GetCursorScreenPos().y - start.y;
    export_now |= draw_canvas({size.x, std::max(size.y - used_y, ImGui::GetFontSize() * 5)}, lines, fonts);
    ImGui::EndGroup();
    ImGui::PopID();
    if (!export_now) return std::nullopt;
    return export_csv(lines, next_export_path());
}

//-----------------------------------------------------------------------------
// [SECTION] Title row, toolbar, legend
//-----------------------------------------------------------------------------

void PlotWidget::draw_title_row(std::span<const PlotLine> lines, float right_x, const UiFonts& fonts, bool menu_button) {
    const std::optional<double> newest = newest_shown(lines);
    std::string status;
    if (frozen_ && frozen_newest_x_ > -DBL_MAX) status = formatted(tr("frozen at t = %.2f s"), frozen_newest_x_);
    else if (frozen_) status = tr("frozen");
    else if (newest && moment_ && *moment_ < newest_x(lines).value_or(0)) status = formatted(tr("t = %.2f s, stepped back"), *newest);
    else if (newest) status = formatted("t = %.2f s", *newest);
    else status = tr("no samples yet");

    if (!options_.title.empty()) {
        ImGui::PushFont(fonts.bold ? fonts.bold : ImGui::GetFont());
        ImGui::TextUnformatted(options_.title.c_str());
        ImGui::PopFont();
        ImGui::SameLine();
    }
    if (menu_button) {
        if (ImGui::SmallButton(tr_label("Options"))) ImGui::OpenPopup("plot menu");  // the canvas's context menu
        tooltip(tr("Window, y range, freeze and export (also a right-click on the plot)."));
        ImGui::SameLine();
    }
    // The time, right-aligned: the newest sample while live, the newest when frozen.
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float width = ImGui::CalcTextSize(status.c_str()).x;
    ImGui::SetCursorScreenPos({std::max(at.x, right_x - width), at.y});
    if (frozen_) ImGui::TextColored({colours_.frozen.r, colours_.frozen.g, colours_.frozen.b, 1}, "%s", status.c_str());
    else ImGui::TextDisabled("%s", status.c_str());
}

bool PlotWidget::draw_toolbar(std::span<const PlotLine> lines, float right_x) {
    const float font = ImGui::GetFontSize();
    const ImGuiStyle& style = ImGui::GetStyle();
    // The label as shown (a translated label carries its English ID after "###").
    auto button_width = [&](const char* label) { return ImGui::CalcTextSize(label, nullptr, true).x + style.FramePadding.x * 2; };
    // Next item on this row if it fits, else on a new one.
    auto next = [&](float width) {
        ImGui::SameLine();
        if (ImGui::GetCursorScreenPos().x + width > right_x) ImGui::NewLine();
    };

    ImGui::SetNextItemWidth(font * 6);
    ImGui::SliderFloat(tr_label("window"), &options_.window_s, kMinWindowS, kMaxWindowS, "%.0f s", ImGuiSliderFlags_AlwaysClamp);
    tooltip(tr("Simulation seconds shown, ending at the newest sample."));

    const char* y_mode = options_.fixed_y ? tr_label("Fixed y") : tr_label("Auto-fit y");
    next(button_width(y_mode));
    if (ImGui::Button(y_mode)) set_fixed_y(!options_.fixed_y);
    tooltip(options_.fixed_y ? tr("The y axis keeps the range you set (drag the max, or right-click the plot). Click to auto-fit.")
                          : tr("The y axis fits the visible series. Click to keep the current range fixed."));
    if (options_.fixed_y) {
        next(font * 7.5f);
        ImGui::SetNextItemWidth(font * 7.5f);
        AxisRange& r = options_.left_fixed;
        const std::string format = format_with_unit(tr("max %.4g"), units_of(lines, PlotAxis::Left));
        ImGui::DragScalar("##left max", ImGuiDataType_Double, &r.hi, static_cast<float>(std::max(r.hi - r.lo, 1e-6) * 0.005),
                          nullptr, nullptr, format.c_str());
        r = usable(r);
        tooltip(tr("Top of the left axis; drag or double-click to type. Right-click the plot for the other bounds."));
    }

    const bool was_frozen = frozen_;
    const char* freeze = was_frozen ? tr_label("Live") : tr_label("Freeze");
    next(button_width(freeze));
    if (was_frozen) ImGui::PushStyleColor(ImGuiCol_Button, style.Colors[ImGuiCol_ButtonActive]);
    if (ImGui::Button(freeze)) set_frozen(!was_frozen, lines);
    if (was_frozen) ImGui::PopStyleColor();
    tooltip(was_frozen ? tr("The view is held still while samples keep arriving. Click to follow the newest again.")
                    : tr("Hold the view still while samples keep arriving (to read a spike)."));

    const char* export_label = tr_label("Export CSV");
    next(button_width(export_label));
    const bool export_now = ImGui::Button(export_label);
    if (ImGui::IsItemHovered()) {
        const std::string tip = formatted(tr("Writes the visible series over the shown window to\n%s"), next_export_path().c_str());
        tooltip(tip.c_str());
    }
    return export_now;
}

namespace {

// A series' name or a line's kind in the chosen language: its pane letters
// ("A", "A, B") as they are, then what it shows ("mean age"), translated.
std::string shown_name(const std::string& name) {
    const auto letter = [&](std::size_t at) { return at < name.size() && name[at] >= 'A' && name[at] <= 'E'; };
    std::size_t at = 0;
    while (letter(at) && name.compare(at + 1, 2, ", ") == 0 && letter(at + 3)) at += 3;  // "A, " of "A, B mean age"
    if (letter(at) && at + 1 < name.size() && name[at + 1] == ' ') return name.substr(0, at + 2) + tr_of(name.substr(at + 2));
    return tr_of(name);
}

std::string shown_unit(const PlotSeries& series) { return tr_of(series.unit()); }

// One entry of the legend: a swatch in a line's colour and stroke, and the
// series a click hides or shows.
struct LegendEntry {
    std::string label;
    Rgba colour;
    PlotStroke stroke;
    std::vector<const PlotSeries*> series;
    std::vector<std::string> names;  // the lines' names, for the tooltip
    bool pane = false;               // a group's entry: a pane's colour
};

// Lines in groups (a comparison's panes) with two or more groups: one entry
// per kind of line ("mean age", in its stroke, in ink) and one per group (its
// colour), so four panes take one row, not eight entries; lines outside the
// groups keep an entry each. Otherwise an entry per line.
// Without `units`, the labels leave them to the axes ("mean age", not "mean age (ms)").
std::vector<LegendEntry> legend_entries(std::span<const PlotLine> lines, bool two_axes, Rgba ink, bool units = true) {
    auto label_of = [&](const PlotLine& line, const std::string& name) {
        const std::string unit = units ? shown_unit(*line.series) : std::string();
        const bool right = two_axes && line.axis == PlotAxis::Right;
        if (right) return unit.empty() ? formatted(tr("%s (right axis)"), name.c_str()) : formatted(tr("%s (%s, right axis)"), name.c_str(), unit.c_str());
        return unit.empty() ? name : formatted(tr("%s (%s)"), name.c_str(), unit.c_str());
    };
    std::vector<std::string> groups;
    for (const PlotLine& line : lines)
        if (!line.group.empty() && std::find(groups.begin(), groups.end(), line.group) == groups.end()) groups.push_back(line.group);
    std::vector<LegendEntry> entries;
    auto add_to = [&](const std::string& label, Rgba colour, PlotStroke stroke, const PlotLine& line, bool pane) {
        for (LegendEntry& e : entries)
            if (e.label == label && e.pane == pane) {
                e.series.push_back(line.series);
                e.names.push_back(shown_name(line.name()));
                return;
            }
        entries.push_back({label, colour, stroke, {line.series}, {shown_name(line.name())}, pane});
    };
    if (groups.size() >= 2) {
        for (const PlotLine& line : lines)
            if (!line.group.empty()) add_to(label_of(line, shown_name(line.kind)), ink, line.stroke, line, false);
        for (const PlotLine& line : lines)
            if (!line.group.empty()) add_to(line.group, line.colour, PlotStroke::Solid, line, true);
    }
    for (const PlotLine& line : lines)
        if (groups.size() < 2 || line.group.empty())
            entries.push_back({label_of(line, shown_name(line.name())), line.colour, line.stroke, {line.series}, {shown_name(line.name())}, false});
    return entries;
}

float swatch_width(float font) { return font * 1.6f; }
float entry_width(const LegendEntry& entry, float font) {
    return swatch_width(font) + font * 0.4f + ImGui::CalcTextSize(entry.label.c_str()).x;
}

// A piece of a line in its stroke, `width` long, at the middle of a text line at `p`.
void draw_swatch(ImDrawList* list, ImVec2 p, float width, float font, PlotStroke stroke, ImU32 colour) {
    const float mid = p.y + font * 0.5f, scale = font / kBodyPx;
    switch (stroke) {
        case PlotStroke::Dashed: {
            const float dash = width / 3.4f;
            for (float x = p.x; x < p.x + width; x += dash * 1.2f)
                list->AddLine({x, mid}, {std::min(x + dash * 0.7f, p.x + width), mid}, colour, std::max(1.0f, 1.6f * scale));
            break;
        }
        case PlotStroke::Dotted: {
            const float dot = std::max(1.0f, 2.2f * scale), pitch = 4.5f * scale;
            for (float x = p.x; x + dot <= p.x + width; x += pitch) list->AddLine({x, mid}, {x + dot, mid}, colour, dot);
            break;
        }
        case PlotStroke::Solid:
        case PlotStroke::Thin:
            list->AddLine({p.x, mid}, {p.x + width, mid}, colour, std::max(1.0f, (stroke == PlotStroke::Thin ? 1.0f : 2.5f) * scale));
            break;
    }
}

// One legend entry at the cursor: its swatch and label; a click hides or
// shows its series (all of them hidden: it shows them).
void draw_entry(PlotWidget& plot, const LegendEntry& entry, int id, const PlotColours& colours) {
    const float font = ImGui::GetFontSize(), width = entry_width(entry, font);
    ImDrawList* list = ImGui::GetWindowDrawList();
    const bool is_hidden = std::all_of(entry.series.begin(), entry.series.end(), [&](const PlotSeries* s) { return plot.hidden(*s); });
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::PushID(id);
    if (ImGui::InvisibleButton("legend entry", {width, font}))
        for (const PlotSeries* s : entry.series) plot.set_hidden(*s, !is_hidden);
    const bool hovered = ImGui::IsItemHovered();
    ImGui::PopID();
    std::string tip;
    if (entry.names.size() == 1) {
        tip = formatted(is_hidden ? tr("Hidden. Click to show %s.") : tr("Click to hide %s."), entry.names[0].c_str());
    } else {
        tip = is_hidden ? tr("Hidden. Click to show:") : tr("Click to hide:");
        for (const std::string& name : entry.names) tip += "\n" + name;
    }
    tooltip(tip.c_str());

    const ImU32 colour = entry.colour.with_alpha(is_hidden ? 0.25f : entry.colour.a).packed();
    if (hovered) list->AddRectFilled({p.x - 2, p.y - 1}, {p.x + width + 2, p.y + font + 1}, colours.ink.with_alpha(0.06f).packed(), 3);
    draw_swatch(list, p, swatch_width(font), font, entry.stroke, colour);
    list->AddText({p.x + swatch_width(font) + font * 0.4f, p.y}, (is_hidden ? colours.faint.with_alpha(0.7f) : colours.ink).packed(),
                  entry.label.c_str());
}

}  // namespace

// The entries flowed into rows (layout_legend, plot_data.h), with their units
// or, when that takes fewer rows and the axes name the units, without; when
// those would still crowd the canvas, one row instead: a "Legend (N)" button
// that opens every entry in a popup, and beside it the panes' entries and
// those of the lines shown, as many as fit.
void PlotWidget::draw_legend(std::span<const PlotLine> lines, float right_x, float plot_height, float above) {
    const float font = ImGui::GetFontSize(), spacing = font * 1.1f;
    const bool two_axes = has_axis(lines, PlotAxis::Right);
    const std::vector<LegendEntry> entries = legend_entries(lines, two_axes, colours_.ink);
    std::vector<float> widths, widths_without_units;
    for (const LegendEntry& entry : entries) widths.push_back(entry_width(entry, font));
    // An axis of mixed units ("ms, deg") leaves each line's to the legend.
    std::vector<LegendEntry> without_units;
    if (units_of(lines, PlotAxis::Left).find(", ") == std::string::npos && units_of(lines, PlotAxis::Right).find(", ") == std::string::npos) {
        without_units = legend_entries(lines, two_axes, colours_.ink, false);
        for (const LegendEntry& entry : without_units) widths_without_units.push_back(entry_width(entry, font));
    }
    LegendSpace space;
    space.width = right_x - ImGui::GetCursorScreenPos().x;
    space.spacing = spacing;
    space.row_height = ImGui::GetTextLineHeightWithSpacing();
    space.plot_height = plot_height;
    space.above = above;
    space.readable = ImGui::GetTextLineHeight() * kReadableLines;
    space.units_height = font * kUnitsCanvasLines;
    const LegendLayout layout = layout_legend(widths, widths_without_units, space);
    if (!layout.collapsed) {
        const std::vector<LegendEntry>& shown = layout.without_units ? without_units : entries;
        for (std::size_t i = 0; i < shown.size(); ++i) {
            if (i > 0 && layout.row[i] == layout.row[i - 1]) ImGui::SameLine(0, spacing);
            draw_entry(*this, shown[i], static_cast<int>(i), colours_);
        }
        return;
    }

    const std::string button = formatted(tr("Legend (%zu)"), entries.size());
    if (ImGui::SmallButton(button.c_str())) ImGui::OpenPopup("legend");
    tooltip(tr("Every line's entry: click one there to hide or show its series."));
    // Beside it, while they fit: the panes' entries, then those of the lines shown.
    std::vector<std::size_t> beside;
    for (std::size_t i = 0; i < entries.size(); ++i)
        if (entries[i].pane) beside.push_back(i);
    for (std::size_t i = 0; i < entries.size(); ++i)
        if (!entries[i].pane && !std::all_of(entries[i].series.begin(), entries[i].series.end(), [&](const PlotSeries* s) { return hidden(*s); }))
            beside.push_back(i);
    float x = ImGui::GetItemRectMax().x;
    for (std::size_t i : beside) {
        if (x + spacing + widths[i] > right_x) break;
        ImGui::SameLine(0, spacing);
        draw_entry(*this, entries[i], static_cast<int>(i), colours_);
        x += spacing + widths[i];
    }
    if (ImGui::BeginPopup("legend")) {
        ImGui::TextDisabled("%s", tr("Click an entry to hide or show its series."));
        for (std::size_t i = 0; i < entries.size(); ++i) draw_entry(*this, entries[i], static_cast<int>(i), colours_);
        ImGui::EndPopup();
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Canvas: axes, grid, reference, lines, hover read-out
//-----------------------------------------------------------------------------

// Where everything of one canvas goes: the plot rectangle and its ranges, the
// ticks and their labels, the units.
struct CanvasLayout {
    ImVec2 origin, size;
    float font = 0, small = 0;
    ImFont* text_font = nullptr;
    bool has_left = false, has_right = false;
    bool short_canvas = false;  // no room above the axes: the units are left to the legend
    Canvas c;
    Ticks left_ticks, right_ticks, x_ticks;
    std::string left_unit, right_unit;
};

namespace {

Ticks ticks_of(AxisRange r, int max_ticks, ImFont* font, float size) {
    Ticks t;
    t.values = nice_ticks(r.lo, r.hi, max_ticks);
    // A short axis allows few ticks, and a nice step that few may leave one
    // tick inside the range (0 of 0 .. 19,000 with a step of 20,000): take a
    // finer step until two are labelled.
    while (t.values.size() < 2 && max_ticks < 6 && r.hi > r.lo) t.values = nice_ticks(r.lo, r.hi, ++max_ticks);
    const double step = nice_tick_step(r.lo, r.hi, max_ticks);
    for (double v : t.values) {
        t.labels.push_back(format_tick(v, step));
        t.widest = std::max(t.widest, text_width(font, size, t.labels.back().c_str()));
    }
    return t;
}

// Frame, grid, tick labels and units.
void draw_axes(ImDrawList* list, const CanvasLayout& l, const PlotColours& colours) {
    const Canvas& c = l.c;
    const float font = l.font, small = l.small;
    list->AddRectFilled(c.min, c.max, colours.paper.packed());
    const PlotAxis grid_axis = l.has_left || !l.has_right ? PlotAxis::Left : PlotAxis::Right;
    for (double v : (grid_axis == PlotAxis::Left ? l.left_ticks : l.right_ticks).values) {
        const float y = std::round(c.py(v, grid_axis)) + 0.5f;
        list->AddLine({c.min.x, y}, {c.max.x, y}, colours.grid.packed());
    }
    for (std::size_t i = 0; i < l.x_ticks.values.size(); ++i) {
        const float x = std::round(c.px(l.x_ticks.values[i])) + 0.5f;
        list->AddLine({x, c.min.y}, {x, c.max.y}, colours.grid.packed());
        list->AddLine({x, c.max.y}, {x, c.max.y + font * 0.25f}, colours.faint.packed());
        const float w = text_width(l.text_font, small, l.x_ticks.labels[i].c_str());
        const float left = std::max(c.min.x, std::min(x - w / 2, l.origin.x + l.size.x - w));  // inside the canvas
        list->AddText(l.text_font, small, {left, c.max.y + font * 0.3f}, colours.faint.packed(), l.x_ticks.labels[i].c_str());
    }
    list->AddRect(c.min, c.max, colours.border.packed());
    auto label_axis = [&](const Ticks& ticks, PlotAxis axis) {
        for (std::size_t i = 0; i < ticks.values.size(); ++i) {
            const float y = c.py(ticks.values[i], axis) - small / 2;
            const float w = text_width(l.text_font, small, ticks.labels[i].c_str());
            const float x = axis == PlotAxis::Left ? c.min.x - font * 0.3f - w : c.max.x + font * 0.3f;
            list->AddText(l.text_font, small, {x, std::max(l.origin.y, std::min(y, c.max.y - small / 2))}, colours.faint.packed(),
                          ticks.labels[i].c_str());
        }
    };
    label_axis(l.left_ticks, PlotAxis::Left);
    if (l.has_right) label_axis(l.right_ticks, PlotAxis::Right);
    // Units above the axes (a short canvas leaves them to the legend), time's below the left labels.
    if (!l.short_canvas) list->AddText(l.text_font, small, {l.origin.x, l.origin.y}, colours.ink.packed(), l.left_unit.c_str());
    if (l.has_right && !l.short_canvas)
        list->AddText(l.text_font, small, {l.origin.x + l.size.x - text_width(l.text_font, small, l.right_unit.c_str()), l.origin.y},
                      colours.ink.packed(), l.right_unit.c_str());
    list->AddText(l.text_font, small, {c.min.x - font * 0.3f - text_width(l.text_font, small, "t (s)"), c.max.y + font * 0.3f},
                  colours.ink.packed(), "t (s)");
}

}  // namespace

// Ranges, ticks and gutters for a canvas of `size` at the cursor.
CanvasLayout PlotWidget::layout_canvas(ImVec2 origin, ImVec2 size, std::span<const PlotLine> lines, const UiFonts& fonts) {
    CanvasLayout l;
    l.origin = origin;
    l.size = size;
    l.font = ImGui::GetFontSize();
    l.small = l.font * 0.85f;
    l.text_font = fonts.regular ? fonts.regular : ImGui::GetFont();
    l.has_left = has_axis(lines, PlotAxis::Left);
    l.has_right = has_axis(lines, PlotAxis::Right);
    Canvas& c = l.c;
    c.x = view_x(lines);
    c.left = options_.fixed_y ? usable(options_.left_fixed) : fit_axis(lines, PlotAxis::Left, c.x);
    c.right = options_.fixed_y ? usable(options_.right_fixed) : fit_axis(lines, PlotAxis::Right, c.x);
    l.short_canvas = size.y < l.font * kUnitsCanvasLines;
    const float top_margin = l.font * (l.short_canvas ? 0.6f : 1.3f), bottom_margin = l.font * 1.6f;
    c.min.y = origin.y + top_margin;
    c.max.y = std::max(c.min.y + 1, origin.y + size.y - bottom_margin);
    const int y_ticks_max = std::clamp(static_cast<int>((c.max.y - c.min.y) / (l.font * 2.0f)), 2, 10);
    l.left_ticks = ticks_of(c.left, y_ticks_max, l.text_font, l.small);
    if (l.has_right) l.right_ticks = ticks_of(c.right, y_ticks_max, l.text_font, l.small);
    l.left_unit = units_of(lines, PlotAxis::Left);
    l.right_unit = units_of(lines, PlotAxis::Right);
    const float left_gutter = std::max({l.left_ticks.widest, text_width(l.text_font, l.small, "t (s)"),
                                        text_width(l.text_font, l.small, l.left_unit.c_str())}) + l.font * 0.6f;
    const float right_gutter = l.has_right ? std::max(l.right_ticks.widest, text_width(l.text_font, l.small, l.right_unit.c_str())) + l.font * 0.6f
                                           : l.font * 1.2f;  // room for half of the last time label
    c.min.x = origin.x + left_gutter;
    c.max.x = std::max(c.min.x + 1, origin.x + size.x - right_gutter);
    const int x_ticks_max = std::clamp(static_cast<int>((c.max.x - c.min.x) / (l.font * 5.0f)), 2, 12);
    l.x_ticks = ticks_of(c.x, x_ticks_max, l.text_font, l.small);
    return l;
}

// The reference line, the series and the reference's label, clipped to the plot.
void PlotWidget::draw_data(ImDrawList* list, const CanvasLayout& l, std::span<const PlotLine> lines) {
    const Canvas& c = l.c;
    list->PushClipRect(c.min, c.max, true);
    const float scale = l.font / kBodyPx;
    const std::optional<PlotReference>& ref = options_.reference;
    const bool show_ref = ref && (ref->axis == PlotAxis::Left || l.has_right) && c.py(ref->value, ref->axis) >= c.min.y &&
                          c.py(ref->value, ref->axis) <= c.max.y;
    if (show_ref) {  // the line under the data, its label over it
        const float y = c.py(ref->value, ref->axis);
        const ImVec2 ends[] = {{c.min.x, y}, {c.max.x, y}};
        stroke_dashed(list, ends, ref->colour.packed(), std::max(1.0f, 1.5f * scale), 9 * scale, 6 * scale, c.min, c.max);
    }
    const std::optional<double> newest = newest_shown(lines);
    for (const PlotLine& line : lines)
        if (!hidden(*line.series)) draw_line(list, c, line, newest.value_or(c.x.hi), points_);
    if (show_ref && !ref->label.empty()) {
        const float y = c.py(ref->value, ref->axis), w = text_width(l.text_font, l.small, ref->label.c_str());
        const ImVec2 at{c.max.x - w - l.font * 0.4f, y - l.small - 2 < c.min.y ? y + 2 : y - l.small - 2};  // below it at the very top
        list->AddRectFilled({at.x - 3, at.y}, {at.x + w + 3, at.y + l.small}, colours_.paper.with_alpha(0.85f).packed(), 2);
        list->AddText(l.text_font, l.small, at, ref->colour.packed(), ref->label.c_str());
    }
    list->PopClipRect();
    if (!newest) {
        const char* empty = tr("no samples yet");
        const float w = text_width(l.text_font, l.font, empty);
        list->AddText(l.text_font, l.font, {(c.min.x + c.max.x - w) / 2, (c.min.y + c.max.y - l.font) / 2}, colours_.faint.packed(), empty);
    }
}

// Hover read-out: a cursor line, markers, and every visible value at that time.
void PlotWidget::draw_hover(ImDrawList* list, const CanvasLayout& l, std::span<const PlotLine> lines) {
    const Canvas& c = l.c;
    const float font = l.font;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    if (!c.contains(mouse)) return;
    const std::optional<double> newest = newest_shown(lines);
    const double x = c.x_at(mouse.x);
    list->AddLine({mouse.x, c.min.y}, {mouse.x, c.max.y}, colours_.cursor.packed(), std::max(1.0f, font / kBodyPx));
    ImGui::BeginTooltip();
    ImGui::Text("t = %.3f s", x);
    ImDrawList* tip = ImGui::GetWindowDrawList();
    const bool after_newest = !newest || x > *newest;  // no value is known there yet
    if (after_newest) ImGui::TextDisabled("%s", tr("after the newest sample"));
    for (const PlotLine& line : lines) {
        if (hidden(*line.series) || after_newest) continue;
        const std::optional<double> value = line.series->value_at(x);
        if (value) {
            const ImVec2 marker{mouse.x, c.py(*value, line.axis)};
            if (c.contains(marker)) {
                list->AddCircleFilled(marker, font * 0.24f, colours_.paper.packed());
                list->AddCircleFilled(marker, font * 0.17f, line.colour.packed());
            }
        }
        const ImVec2 p = ImGui::GetCursorScreenPos();
        tip->AddRectFilled({p.x, p.y + font * 0.3f}, {p.x + font * 0.7f, p.y + font * 0.8f}, line.colour.packed(), 2);
        ImGui::Dummy({font * 0.8f, font});
        ImGui::SameLine();
        const std::string text = value ? value_text(*value) + (line.series->unit().empty() ? "" : " " + shown_unit(*line.series))
                                       : std::string(tr("no sample yet"));
        ImGui::Text("%s: %s", shown_name(line.name()).c_str(), text.c_str());
    }
    if (options_.reference && !options_.reference->label.empty()) ImGui::TextDisabled("%s", options_.reference->label.c_str());
    ImGui::EndTooltip();
}

bool PlotWidget::draw_canvas(ImVec2 size, std::span<const PlotLine> lines, const UiFonts& fonts) {
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("plot", size);
    const bool hovered = ImGui::IsItemHovered();
    const bool export_now = draw_context_menu(lines, has_axis(lines, PlotAxis::Right));  // belongs to the item just drawn
    const CanvasLayout layout = layout_canvas(origin, size, lines, fonts);
    ImDrawList* list = ImGui::GetWindowDrawList();
    list->PushClipRect(origin, {origin.x + size.x, origin.y + size.y}, true);
    draw_axes(list, layout, colours_);
    draw_data(list, layout, lines);
    if (hovered) draw_hover(list, layout, lines);
    list->PopClipRect();
    return export_now;
}

//-----------------------------------------------------------------------------
// [SECTION] Context menu
//-----------------------------------------------------------------------------

bool PlotWidget::draw_context_menu(std::span<const PlotLine> lines, bool has_right) {
    if (!ImGui::BeginPopupContextItem("plot menu")) return false;
    const float font = ImGui::GetFontSize();
    if (ImGui::MenuItem(tr_label("Auto-fit y"), nullptr, !options_.fixed_y)) set_fixed_y(false);
    if (ImGui::MenuItem(tr_label("Fixed y range"), nullptr, options_.fixed_y)) set_fixed_y(true);
    if (options_.fixed_y) {
        auto bounds = [&](const char* id, const char* shown, AxisRange& r, const std::string& unit) {
            ImGui::PushID(id);
            const float speed = static_cast<float>(std::max(r.hi - r.lo, 1e-6) * 0.005);
            ImGui::SetNextItemWidth(font * 8);
            ImGui::DragScalar("##min", ImGuiDataType_Double, &r.lo, speed, nullptr, nullptr, format_with_unit(tr("min %.4g"), unit).c_str());
            ImGui::SameLine();
            ImGui::SetNextItemWidth(font * 8);
            ImGui::DragScalar("##max", ImGuiDataType_Double, &r.hi, speed, nullptr, nullptr, format_with_unit(tr("max %.4g"), unit).c_str());
            ImGui::SameLine();
            ImGui::TextUnformatted(shown);
            r = usable(r);
            ImGui::PopID();
        };
        bounds("left axis", tr("left axis"), options_.left_fixed, units_of(lines, PlotAxis::Left));
        if (has_right) bounds("right axis", tr("right axis"), options_.right_fixed, units_of(lines, PlotAxis::Right));
    }
    ImGui::Separator();
    bool frozen = frozen_;
    if (ImGui::MenuItem(tr_label("Freeze the view"), nullptr, &frozen)) set_frozen(frozen, lines);
    ImGui::SetNextItemWidth(font * 6);
    ImGui::SliderFloat(tr_label("window"), &options_.window_s, kMinWindowS, kMaxWindowS, "%.0f s", ImGuiSliderFlags_AlwaysClamp);
    ImGui::Separator();
    const bool export_now = ImGui::MenuItem(tr_label("Export CSV"));
    ImGui::EndPopup();
    return export_now;
}

}  // namespace tsl::app
