#include "app/ui/timeline_panel.h"

#include "app/render/palette.h"
#include "app/ui/ui_panels.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace tsl::app {

namespace {

// Okabe-Ito colours: distinguishable with every common colour-vision deficiency.
struct KindStyle {
    ZoneKind kind;
    Rgba colour;
    float height;  // share of the lane's height; smaller (nested) zones draw on top
};
// Nesting on the main thread: a step holds the update, which holds the wait,
// which holds the jobs the main thread ran while waiting (the job system's
// waiting thread helps): each nested bar is thinner, so all of them show.
constexpr KindStyle kKinds[] = {
    {ZoneKind::Step, hex(0xE3DFD6), 0.96f},     {ZoneKind::Update, hex(0x0072B2), 0.86f},
    {ZoneKind::Animation, hex(0xCC79A7), 0.86f}, {ZoneKind::Metrics, hex(0x999999), 0.86f},
    {ZoneKind::Draw, hex(0x56B4E9), 0.86f},      {ZoneKind::Spawn, hex(0xE69F00), 0.70f},
    {ZoneKind::Wait, hex(0xD55E00), 0.70f},      {ZoneKind::Job, hex(0x009E73), 0.36f},
};


std::string duration_text(std::int64_t ns) {
    char buffer[64];
    if (ns < 1'000'000) std::snprintf(buffer, sizeof buffer, "%.1f us", ns / 1e3);
    else std::snprintf(buffer, sizeof buffer, "%.3f ms", ns / 1e6);
    return buffer;
}

// 1, 2 or 5 times a power of ten, nanoseconds, about `target` wide.
std::int64_t nice_step(double target_ns) {
    const double base = std::pow(10.0, std::floor(std::log10(std::max(target_ns, 1.0))));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (base * m >= target_ns) return static_cast<std::int64_t>(base * m);
    return static_cast<std::int64_t>(base * 10);
}

}  // namespace

void TimelinePanel::refresh(const Profiler& profiler, int steps_shown) {
    const std::int64_t now = Profiler::now_ns();
    lanes_ = profiler.snapshot(now - 2'000'000'000);
    step_starts_.clear();
    step_frames_.clear();
    for (const LaneSnapshot& lane : lanes_) {
        if (lane.name != "main") continue;
        for (const Zone& z : lane.zones)
            if (z.kind == ZoneKind::Step) {
                step_starts_.push_back(z.start_ns);
                step_frames_.push_back(z.detail);
            }
    }
    // Legend entries: every (kind, label) in the capture; one unseen for 3 s goes.
    for (const LaneSnapshot& lane : lanes_)
        for (const Zone& z : lane.zones) {
            auto it = std::find_if(legend_.begin(), legend_.end(),
                                   [&](const LegendEntry& e) { return e.kind == z.kind && e.label == z.label; });
            if (it == legend_.end()) legend_.push_back({z.kind, z.label, now});
            else it->seen_ns = now;
        }
    std::erase_if(legend_, [&](const LegendEntry& e) { return now - e.seen_ns > 3'000'000'000; });
    std::sort(legend_.begin(), legend_.end(), [](const LegendEntry& a, const LegendEntry& b) { return a.label < b.label; });

    const std::size_t n = step_starts_.size();
    if (n == 0) {
        view_start_ = now - 100'000'000;
        view_end_ = now;
        return;
    }
    // A typical interval between steps, to end the view a little after the last one.
    const std::int64_t interval = n > 1 ? (step_starts_[n - 1] - step_starts_[0]) / static_cast<std::int64_t>(n - 1) : 33'000'000;
    if (zoom_ == ZoomMode::OneFrame && n >= 2) {
        view_start_ = step_starts_[n - 2];
        view_end_ = step_starts_[n - 1];
        return;
    }
    view_start_ = step_starts_[n - std::min<std::size_t>(n, static_cast<std::size_t>(std::max(1, steps_shown)))];
    std::int64_t last_end = step_starts_[n - 1];
    for (const LaneSnapshot& lane : lanes_)
        for (const Zone& z : lane.zones)
            if (z.start_ns <= step_starts_[n - 1] + interval) last_end = std::max(last_end, z.end_ns);
    view_end_ = std::max(last_end, view_start_ + 1000);
}

// Where the canvas's parts go, and the view's time <-> x mapping.
struct TimelinePanel::Geometry {
    ImVec2 origin, avail;
    float font = 0, lane_h = 0;
    float plot_x0 = 0, plot_x1 = 0, plot_w = 1, lanes_y0 = 0, lanes_y1 = 0;
    std::int64_t view_start = 0;
    double span = 1;
    float x_of(std::int64_t t) const { return plot_x0 + static_cast<float>((t - view_start) / span) * plot_w; }
    std::int64_t t_of(float x) const { return view_start + static_cast<std::int64_t>((x - plot_x0) / plot_w * span); }
};

void TimelinePanel::draw(const Profiler& profiler, FieldSection& fields, const UiFonts& fonts) {
    draw_controls(fields);
    if (zoom_ != ZoomMode::Manual) refresh(profiler, fields.settings().timeline_steps);
    draw_legend();
    draw_canvas(fonts);
}

void TimelinePanel::draw_controls(FieldSection& fields) {
    if (ImGui::Button("Fit")) zoom_ = ZoomMode::Fit;
    tooltip("Show the last few simulation steps, following the simulation.");
    ImGui::SameLine();
    if (ImGui::Button("One frame")) zoom_ = ZoomMode::OneFrame;
    tooltip("Show the last whole interval between two simulation steps.");
    ImGui::SameLine();
    if (zoom_ == ZoomMode::Manual) {
        if (ImGui::Button("Live")) zoom_ = ZoomMode::Fit;
        tooltip("The capture is frozen while you zoom and pan; this follows the simulation again.");
        ImGui::SameLine();
    }
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    fields.control("timeline_steps");
    ImGui::SameLine();
    ImGui::TextDisabled(zoom_ == ZoomMode::Manual ? "  frozen: wheel zooms, drag pans" : "  wheel zooms, drag pans");
}

// The zones seen lately, by kind, named by their own labels (so each scene
// shows its own: "decision job", "exposure rays", ...).
void TimelinePanel::draw_legend() const {
    ImDrawList* list = ImGui::GetWindowDrawList();
    const float font = ImGui::GetFontSize();
    for (const KindStyle& k : kKinds) {
        std::string names;
        for (const LegendEntry& e : legend_)
            if (e.kind == k.kind) names += (names.empty() ? "" : ", ") + e.label;
        if (names.empty()) continue;
        const float width = font * 1.0f + ImGui::CalcTextSize(names.c_str()).x;
        if (ImGui::GetCursorPosX() > ImGui::GetStyle().WindowPadding.x &&
            ImGui::GetCursorPosX() + width > ImGui::GetWindowContentRegionMax().x)
            ImGui::NewLine();  // wrap rather than run off the panel
        const ImVec2 p = ImGui::GetCursorScreenPos();
        list->AddRectFilled({p.x, p.y + font * 0.2f}, {p.x + font * 0.9f, p.y + font * 1.0f}, k.colour.packed(), 2.0f);
        ImGui::Dummy({font * 1.0f, font});
        ImGui::SameLine();
        ImGui::TextUnformatted(names.c_str());
        ImGui::SameLine(0, font * 1.1f);
    }
    ImGui::NewLine();
}

// Zoom at the cursor, pan by dragging: both freeze the capture.
void TimelinePanel::zoom_and_pan(const Geometry& g, bool hovered) {
    const ImGuiIO& io = ImGui::GetIO();
    if (hovered && io.MouseWheel != 0 && io.MousePos.x >= g.plot_x0) {
        const std::int64_t pivot = g.t_of(io.MousePos.x);
        const double factor = std::pow(0.8, io.MouseWheel);
        view_start_ = pivot - static_cast<std::int64_t>(static_cast<double>(pivot - view_start_) * factor);
        view_end_ = pivot + static_cast<std::int64_t>(static_cast<double>(view_end_ - pivot) * factor);
        view_end_ = std::max(view_end_, view_start_ + 1000);
        zoom_ = ZoomMode::Manual;
    }
    if (ImGui::IsItemActive() && io.MouseDelta.x != 0) {
        const auto shift = static_cast<std::int64_t>(io.MouseDelta.x / g.plot_w * g.span);
        view_start_ -= shift;
        view_end_ -= shift;
        zoom_ = ZoomMode::Manual;
    }
}

void TimelinePanel::draw_canvas(const UiFonts& fonts) {
    Geometry g;
    g.origin = ImGui::GetCursorScreenPos();
    g.avail = ImGui::GetContentRegionAvail();
    if (g.avail.x < 50 || g.avail.y < 40) return;
    ImGui::InvisibleButton("timeline canvas", g.avail);
    const bool hovered = ImGui::IsItemHovered();
    g.font = ImGui::GetFontSize();
    const float label_w = std::max(g.font * 9.5f, ImGui::CalcTextSize("threads (one per job)").x + g.font);
    const float axis_h = g.font * 1.5f, header_h = g.font * 1.3f;
    g.plot_x0 = g.origin.x + label_w;
    g.plot_x1 = g.origin.x + g.avail.x - g.font * 0.5f;
    g.plot_w = std::max(1.0f, g.plot_x1 - g.plot_x0);
    g.lanes_y0 = g.origin.y + header_h;
    g.lanes_y1 = g.origin.y + g.avail.y - axis_h;
    const std::size_t lane_count = std::max<std::size_t>(1, lanes_.size());
    g.lane_h = std::min(g.font * 2.2f, (g.lanes_y1 - g.lanes_y0) / static_cast<float>(lane_count));
    g.span = static_cast<double>(std::max<std::int64_t>(1, view_end_ - view_start_));
    g.view_start = view_start_;
    zoom_and_pan(g, hovered);
    g.view_start = view_start_;
    g.span = static_cast<double>(std::max<std::int64_t>(1, view_end_ - view_start_));

    ImDrawList* list = ImGui::GetWindowDrawList();
    list->PushClipRect(g.origin, {g.origin.x + g.avail.x, g.origin.y + g.avail.y}, true);
    list->AddRectFilled({g.plot_x0, g.lanes_y0}, {g.plot_x1, g.lanes_y1}, hex(0xFBFAF7).packed());
    Hover hover;
    for (std::size_t li = 0; li < lanes_.size(); ++li) draw_lane(list, g, li, fonts, hovered, hover);
    draw_time_marks(list, g, fonts);
    list->PopClipRect();

    if (hover.zone) {
        ImGui::BeginTooltip();
        ImGui::Text("%s", hover.zone->label);
        if (hover.zone->kind == ZoneKind::Job) ImGui::Text("key %u", hover.zone->detail);
        if (hover.zone->kind == ZoneKind::Step || hover.zone->kind == ZoneKind::Update) ImGui::Text("frame %u", hover.zone->detail);
        ImGui::Text("%s on %s", duration_text(hover.zone->end_ns - hover.zone->start_ns).c_str(), hover.lane->c_str());
        ImGui::EndTooltip();
    }
}

// One thread's lane: its name and a bar per zone, by kind; adjacent zones
// narrower than a pixel merge into one bar.
void TimelinePanel::draw_lane(ImDrawList* list, const Geometry& g, std::size_t li, const UiFonts& fonts, bool hovered, Hover& hover) const {
    const ImGuiIO& io = ImGui::GetIO();
    const LaneSnapshot& lane = lanes_[li];
    const float y0 = g.lanes_y0 + static_cast<float>(li) * g.lane_h, mid = y0 + g.lane_h / 2;
    if (li % 2) list->AddRectFilled({g.plot_x0, y0}, {g.plot_x1, y0 + g.lane_h}, hex(0xF2F0EB).packed());
    list->AddText(fonts.regular, g.font, {g.origin.x + g.font * 0.3f, mid - g.font / 2}, hex(0x1E1E1E).packed(), lane.name.c_str());
    for (const KindStyle& kind : kKinds) {
        float run_x0 = 0, run_x1 = -1;
        const float half = g.lane_h * kind.height / 2;
        auto flush = [&] {
            if (run_x1 < run_x0) return;
            list->AddRectFilled({run_x0, mid - half}, {std::max(run_x1, run_x0 + 1.0f), mid + half}, kind.colour.packed());
            if (kind.kind == ZoneKind::Wait)  // waiting: hatched, so it reads as time lost
                for (float hx = run_x0 - 2 * half; hx < run_x1; hx += 6.0f) {
                    const float a = std::max(hx, run_x0), b = std::min(hx + 2 * half, run_x1);
                    if (b > a) list->AddLine({a, mid + half - (a - hx)}, {b, mid + half - (b - hx)}, hex(0xFFFFFF, 0.8f).packed(), 1.2f);
                }
        };
        for (const Zone& z : lane.zones) {
            if (z.kind != kind.kind || z.end_ns < view_start_ || z.start_ns > view_end_) continue;
            const float x0 = std::max(g.x_of(z.start_ns), g.plot_x0), x1 = std::min(g.x_of(z.end_ns), g.plot_x1);
            if (x0 <= run_x1 + 1.0f) {
                run_x1 = std::max(run_x1, x1);
            } else {
                flush();
                run_x0 = x0;
                run_x1 = x1;
            }
            if (hovered && io.MousePos.y >= mid - half && io.MousePos.y <= mid + half && io.MousePos.x >= x0 - 1 &&
                io.MousePos.x <= std::max(x1, x0 + 1) + 1) {
                hover.zone = &z;  // the innermost kind wins: it is drawn last
                hover.lane = &lane.name;
            }
        }
        flush();
    }
}

// Step boundaries, labelled at the top; the time axis, relative to the view's left edge.
void TimelinePanel::draw_time_marks(ImDrawList* list, const Geometry& g, const UiFonts& fonts) const {
    const Rgba ink = hex(0x1E1E1E), faint = hex(0x7A7A7A);
    const float font = g.font;
    for (std::size_t i = 0; i < step_starts_.size(); ++i) {
        if (step_starts_[i] < view_start_ || step_starts_[i] > view_end_) continue;
        const float x = g.x_of(step_starts_[i]);
        list->AddLine({x, g.lanes_y0 - font * 0.2f}, {x, g.lanes_y1}, ink.with_alpha(0.55f).packed(), 1.5f);
        char label[32];
        std::snprintf(label, sizeof label, "step %u", step_frames_[i]);
        list->AddText(fonts.regular, font * 0.85f, {x + 3, g.origin.y}, faint.packed(), label);
    }
    const std::int64_t tick = nice_step(g.span / std::max(1.0f, g.plot_w / (font * 7)));
    for (std::int64_t t = 0; t <= static_cast<std::int64_t>(g.span); t += tick) {
        const float x = g.x_of(view_start_ + t);
        list->AddLine({x, g.lanes_y1}, {x, g.lanes_y1 + font * 0.3f}, faint.packed());
        const std::string text = tick >= 1'000'000 ? std::to_string(t / 1'000'000) + " ms"
                                 : tick >= 1'000   ? std::to_string(t / 1'000) + " us"
                                                   : std::to_string(t) + " ns";
        list->AddText(fonts.regular, font * 0.85f, {x + 2, g.lanes_y1 + font * 0.25f}, faint.packed(), text.c_str());
    }
}

}  // namespace tsl::app
