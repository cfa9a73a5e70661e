// timeline_panel.cpp
//
// [SECTION] The capture: lanes, rows by pane, the view
// [SECTION] Controls and legend
// [SECTION] The canvas: rows, bars, labels, time marks
#include "app/ui/timeline_panel.h"

#include "core/session/lab_session.h"

#include "app/render/palette.h"
#include "app/ui/text.h"
#include "app/ui/ui_panels.h"
#include "app/ui/ui_text.h"

#include <imgui.h>
#include <imgui_internal.h>  // SetItemUsingMouseWheel

#include <algorithm>
#include <array>
#include <cfloat>
#include <cstdlib>
#include <cmath>
#include <cstdio>
#include <string>

namespace tsl::app {

namespace {

// A lane's name in the UI's language: "main", "worker 2", "worker 1 (pool 2)",
// "thread 3", "threads (one per job)" (the names the profiler gives, in
// English for the trace files); a name of another form as it is.
std::string lane_words(const std::string& lane) {
    const Words& tr = ui_words();
    if (lane == "main") return tr("main");
    if (lane == "threads (one per job)") return tr("threads (one per job)");
    int worker = 0, pool = 0, thread = 0;
    char end = 0;
    if (std::sscanf(lane.c_str(), "worker %d (pool %d)%c", &worker, &pool, &end) == 2) return formatted(tr("worker %d (pool %d)"), worker, pool);
    if (std::sscanf(lane.c_str(), "worker %d%c", &worker, &end) == 1) return formatted(tr("worker %d"), worker);
    if (std::sscanf(lane.c_str(), "thread %d%c", &thread, &end) == 1) return formatted(tr("thread %d"), thread);
    return lane;
}

}  // namespace

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
    {ZoneKind::OtherWork, hex(0xF0E442), 0.86f},
    // The engine: its merge on the main thread as an update, its systems'
    // sub-tasks as jobs (the main thread runs some while it waits).
    {ZoneKind::Distribute, hex(0x0072B2), 0.86f}, {ZoneKind::AiTask, hex(0xE69F00), 0.36f},
    {ZoneKind::PhysicsTask, hex(0x3A3A3A), 0.36f}, {ZoneKind::AnimationTask, hex(0xCC79A7), 0.36f},
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

namespace {

// Lanes in reading order: main, the workers by number, the others by name.
bool lane_before(const LaneSnapshot& a, const LaneSnapshot& b) {
    auto rank = [](const std::string& name) -> std::pair<int, long> {
        if (name == "main") return {0, 0};
        if (name.rfind("worker ", 0) == 0) return {1, std::strtol(name.c_str() + 7, nullptr, 10)};
        return {2, 0};
    };
    const auto ra = rank(a.name), rb = rank(b.name);
    return ra != rb ? ra < rb : a.name < b.name;
}

}  // namespace

// --- [SECTION] The capture: lanes, rows by pane, the view -----------------------------

void TimelinePanel::refresh(const Profiler& profiler, int steps_shown) {
    const std::int64_t now = Profiler::now_ns();
    // Stepped back, the capture reaches as far back as the rings keep (up to the 30 s kept for stepping back, and a little).
    lanes_ = profiler.snapshot(now - (moment_ ? 60'000'000'000 : 2'000'000'000));
    std::erase_if(lanes_, [](const LaneSnapshot& lane) { return lane.zones.empty() && lane.name != "main"; });
    std::stable_sort(lanes_.begin(), lanes_.end(), lane_before);
    // Rows: a lane each, or when two panes or more worked, a row per pane in
    // each lane (panes in order; zones of no pane last).
    std::vector<std::array<bool, 256>> panes_in(lanes_.size(), std::array<bool, 256>{});
    std::array<bool, 256> seen{};
    for (std::size_t li = 0; li < lanes_.size(); ++li)
        for (const Zone& z : lanes_[li].zones) panes_in[li][z.pane] = seen[z.pane] = true;
    by_pane_ = std::count(seen.begin(), seen.begin() + kNoPane, true) >= 2;
    rows_.clear();
    for (std::size_t li = 0; li < lanes_.size(); ++li) {
        const std::size_t first = rows_.size();
        if (by_pane_)
            for (int pane = 0; pane < 256; ++pane)
                if (panes_in[li][static_cast<std::size_t>(pane)])
                    rows_.push_back({li, static_cast<std::uint8_t>(pane), false, 1, rows_.size() == first});
        if (rows_.size() == first) rows_.push_back({li, kNoPane, true, 1, true});
        for (std::size_t r = first; r < rows_.size(); ++r) rows_[r].lane_rows = static_cast<int>(rows_.size() - first);
    }
    step_starts_.clear();
    step_frames_.clear();
    for (const LaneSnapshot& lane : lanes_) {
        if (lane.name != "main") continue;
        for (const Zone& z : lane.zones)
            if (z.kind == ZoneKind::Step && (step_frames_.empty() || step_frames_.back() != z.detail)) {
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
    // The last step shown: the newest, or stepped back, the newest that led to the moment shown (its step zone is the frame before).
    std::size_t last = n - 1;
    moment_in_capture_ = false;
    if (moment_) {
        for (std::size_t i = n; i-- > 0;)
            if (static_cast<std::int64_t>(step_frames_[i]) == *moment_ - 1) {
                last = i;
                moment_in_capture_ = true;
                break;
            }
    }
    view_start_ = step_starts_[last + 1 - std::min<std::size_t>(last + 1, static_cast<std::size_t>(std::max(1, steps_shown)))];
    const std::int64_t next = last + 1 < n ? step_starts_[last + 1] : step_starts_[last] + interval;
    std::int64_t last_end = step_starts_[last];
    for (const LaneSnapshot& lane : lanes_)
        for (const Zone& z : lane.zones)
            if (z.start_ns >= view_start_ && z.start_ns < next) last_end = std::max(last_end, z.end_ns);
    view_end_ = std::max(last_end, view_start_ + 1000);
}

// Where the canvas's parts go, and the view's time <-> x mapping.
struct TimelinePanel::Geometry {
    ImVec2 origin, avail;
    float font = 0, label_w = 0, chip = 0;
    std::vector<float> row_y;  // each row's top, then the last one's bottom
    float plot_x0 = 0, plot_x1 = 0, plot_w = 1, lanes_y0 = 0, lanes_y1 = 0;
    std::int64_t view_start = 0;
    double span = 1;
    float x_of(std::int64_t t) const { return plot_x0 + static_cast<float>((t - view_start) / span) * plot_w; }
    std::int64_t t_of(float x) const { return view_start + static_cast<std::int64_t>((x - plot_x0) / plot_w * span); }
};

void TimelinePanel::draw(const LabSession& session, FieldSection& fields, const UiStyle& style) {
    moment_ = session.viewing_past() ? std::optional<std::int64_t>(session.frames_stepped()) : std::nullopt;
    draw(session.profiler(), fields, style);
}

void TimelinePanel::draw(const Profiler& profiler, FieldSection& fields, const UiStyle& style) {
    colours_ = style.plot_colours();
    // The capture first: the controls' line says whether it holds the moment stepped back to.
    if (zoom_ != ZoomMode::Manual) refresh(profiler, fields.settings().timeline_steps);
    draw_controls(fields);
    draw_legend();
    draw_canvas(style.fonts());
}

// --- [SECTION] Controls and legend -----------------------------------------------------

void TimelinePanel::draw_controls(FieldSection& fields) {
    if (ImGui::Button(tr_label("Fit"))) zoom_ = ZoomMode::Fit;
    tooltip(tr("Show the last few simulation steps, following the simulation. The mouse wheel zooms at the pointer and dragging pans."));
    ImGui::SameLine();
    if (ImGui::Button(tr_label("One frame"))) zoom_ = ZoomMode::OneFrame;
    tooltip(tr("Show the last whole interval between two simulation steps."));
    ImGui::SameLine();
    if (zoom_ == ZoomMode::Manual) {
        if (ImGui::Button(tr_label("Live"))) zoom_ = ZoomMode::Fit;
        tooltip(tr("The capture is frozen while you zoom and pan; this follows the simulation again."));
        ImGui::SameLine();
    }
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    fields.control(setting::timeline_steps);
    // How to zoom, where it fits on the row (the buttons' tooltips say it too).
    const char* hint = zoom_ == ZoomMode::Manual ? tr("frozen: wheel zooms, drag pans") : tr("wheel zooms, drag pans");
    ImGui::SameLine();
    if (moment_ && zoom_ != ZoomMode::Manual) {
        // Stepped back: what the fit view shows instead of the newest steps (wraps on a narrow dock).
        const std::string back = moment_in_capture_ ? formatted(tr("stepped back: the steps to frame %lld, as they ran"), static_cast<long long>(*moment_))
                                                    : formatted(tr("stepped back: the steps to frame %lld are no longer in the capture"), static_cast<long long>(*moment_));
        if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(back.c_str()).x) ImGui::NewLine();
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram));
        wrapped_in_language(back);
        ImGui::PopStyleColor();
    } else if (ImGui::GetContentRegionAvail().x >= ImGui::CalcTextSize(hint).x) {
        ImGui::TextDisabled("%s", hint);
    } else {
        ImGui::NewLine();
    }
}

// The zones seen lately, by kind, named by their own labels (so each scene
// shows its own: "decision job", "exposure rays", ...). Where the lanes would
// not fit under it (a short dock, the presenter view at a projector's
// scale), it folds to one line, a "Legend" button that lists it in a popup.
void TimelinePanel::draw_legend() const {
    const float font = ImGui::GetFontSize();
    float entries_w = 0;
    int kinds = 0;
    for (const KindStyle& k : kKinds) {
        std::string names;
        for (const LegendEntry& e : legend_)
            if (e.kind == k.kind) names = names.empty() ? tr_of(e.label) : formatted(tr("%s, %s"), names.c_str(), tr_of(e.label).c_str());
        if (names.empty()) continue;
        entries_w += font * 2.1f + ImGui::CalcTextSize(names.c_str()).x;
        ++kinds;
    }
    const float legend_rows = std::ceil(entries_w / std::max(1.0f, ImGui::GetContentRegionAvail().x));
    const float lanes_h = static_cast<float>(std::max<std::size_t>(1, rows_.size())) * font * (by_pane_ ? 0.9f : 1.3f) + font * 2.5f;
    if (kinds > 0 && legend_rows > 1 && legend_rows * ImGui::GetTextLineHeightWithSpacing() + lanes_h > ImGui::GetContentRegionAvail().y) {
        // Its ID the same whatever the language and the count.
        if (ImGui::Button((formatted(tr("Legend (%d)"), kinds) + "###timeline legend").c_str())) ImGui::OpenPopup("timeline legend");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("What the colours of the bars mean."));
        if (ImGui::BeginPopup("timeline legend")) {
            ImGui::PushTextWrapPos(font * 30);
            draw_legend_entries();
            ImGui::PopTextWrapPos();
            ImGui::EndPopup();
        }
        return;
    }
    draw_legend_entries();
}

void TimelinePanel::draw_legend_entries() const {
    ImDrawList* list = ImGui::GetWindowDrawList();
    const float font = ImGui::GetFontSize();
    for (const KindStyle& k : kKinds) {
        std::string names;
        for (const LegendEntry& e : legend_)
            if (e.kind == k.kind) names = names.empty() ? tr_of(e.label) : formatted(tr("%s, %s"), names.c_str(), tr_of(e.label).c_str());
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

// --- [SECTION] The canvas: rows, bars, labels, time marks -----------------------------

// Row heights: as much of the room as the rows can use, up to a comfortable
// height; never less than a lane's name (a lane of one row) or a pane's chip
// (a row of a lane of several) needs, the canvas growing past the room instead.
void TimelinePanel::lay_out_rows(Geometry& g) const {
    const float font = g.font;
    const float least_lane = font * 1.25f, least_row = by_pane_ ? font * 0.8f : least_lane;
    const float most_row = by_pane_ ? font * 1.6f : font * 2.2f;
    const float room = g.avail.y - (g.lanes_y0 - g.origin.y) - font * 1.5f;
    // The lanes' total height for rows `h` high (a lane of one row is at least a name high).
    auto height = [&](float h) {
        float total = 0;
        for (const Row& r : rows_)
            if (r.first_of_lane) total += std::max(h * static_cast<float>(r.lane_rows), least_lane);
        return total;
    };
    float lo = least_row, hi = most_row;  // the tallest rows that fit, if any fit
    if (height(hi) <= room) lo = hi;
    else if (height(lo) < room)
        for (int i = 0; i < 24; ++i) {
            const float mid = (lo + hi) / 2;
            (height(mid) <= room ? lo : hi) = mid;
        }
    g.row_y.assign(rows_.size() + 1, g.lanes_y0);
    float y = g.lanes_y0;
    for (std::size_t r = 0; r < rows_.size();) {
        const int n = rows_[r].lane_rows;
        const float each = std::max(lo * static_cast<float>(n), least_lane) / static_cast<float>(n);
        for (int k = 0; k < n; ++k, ++r) {
            g.row_y[r] = y;
            y += each;
        }
    }
    g.row_y.back() = y;
    g.lanes_y1 = y;
}

void TimelinePanel::draw_canvas(const UiFonts& fonts) {
    Geometry g;
    g.origin = ImGui::GetCursorScreenPos();
    g.avail = ImGui::GetContentRegionAvail();
    if (g.avail.x < 50) return;
    g.font = ImGui::GetFontSize();
    const float axis_h = g.font * 1.5f, header_h = g.font * 1.3f;
    g.chip = g.font * 0.95f;
    float names_w = ImGui::CalcTextSize(lane_words("worker 10").c_str()).x;  // the lanes' names, then a pane's chip
    for (const LaneSnapshot& lane : lanes_) names_w = std::max(names_w, ImGui::CalcTextSize(lane_words(lane.name).c_str()).x);
    g.label_w = names_w + g.font + (by_pane_ ? g.chip + g.font * 0.4f : 0.0f);
    g.plot_x0 = g.origin.x + g.label_w;
    g.plot_x1 = g.origin.x + g.avail.x - g.font * 0.5f;
    g.plot_w = std::max(1.0f, g.plot_x1 - g.plot_x0);
    g.lanes_y0 = g.origin.y + header_h;
    lay_out_rows(g);
    // The canvas: the room left, or more when the rows need it (the window scrolls).
    const ImVec2 size{g.avail.x, std::max(g.avail.y, g.lanes_y1 + axis_h - g.origin.y)};
    ImGui::InvisibleButton("timeline canvas", size);
    const bool hovered = ImGui::IsItemHovered();
    // Over the bars the wheel zooms, not scrolls the window; over the names it scrolls.
    if (hovered && ImGui::GetIO().MousePos.x >= g.plot_x0) ImGui::SetItemUsingMouseWheel();
    g.span = static_cast<double>(std::max<std::int64_t>(1, view_end_ - view_start_));
    g.view_start = view_start_;
    zoom_and_pan(g, hovered);
    g.view_start = view_start_;
    g.span = static_cast<double>(std::max<std::int64_t>(1, view_end_ - view_start_));

    ImDrawList* list = ImGui::GetWindowDrawList();
    list->PushClipRect(g.origin, {g.origin.x + size.x, g.origin.y + size.y}, true);
    list->AddRectFilled({g.plot_x0, g.lanes_y0}, {g.plot_x1, g.lanes_y1}, colours_.paper.packed());
    draw_lane_labels(list, g, fonts);
    Hover hover;
    for (std::size_t r = 0; r < rows_.size(); ++r) draw_row(list, g, r, hovered, hover);
    draw_time_marks(list, g, fonts);
    list->PopClipRect();

    if (hover.zone) {
        ImGui::BeginTooltip();
        ImGui::Text("%s", tr_of(hover.zone->label).c_str());
        if (by_pane_ && hover.zone->pane != kNoPane) {  // the pane, with its chip
            const float side = ImGui::GetTextLineHeight() * 0.8f, drop = (ImGui::GetTextLineHeight() - side) / 2;
            const ImVec2 at = ImGui::GetCursorScreenPos();
            ImGui::GetWindowDrawList()->AddRectFilled({at.x, at.y + drop}, {at.x + side, at.y + drop + side},
                                                      pane_colour(hover.zone->pane).packed(), side * 0.2f);
            ImGui::Dummy({side, side});
            ImGui::SameLine();
            ImGui::TextUnformatted(formatted(tr("pane %c"), pane_letter(hover.zone->pane)).c_str());
        }
        if (hover.zone->kind == ZoneKind::Job) ImGui::TextUnformatted(formatted(tr("key %u"), hover.zone->detail).c_str());
        if (hover.zone->kind == ZoneKind::AiTask || hover.zone->kind == ZoneKind::PhysicsTask || hover.zone->kind == ZoneKind::AnimationTask)
            ImGui::TextUnformatted(formatted(tr("from agent %u"), hover.zone->detail).c_str());
        if (hover.zone->kind == ZoneKind::Step || hover.zone->kind == ZoneKind::Update)
            ImGui::TextUnformatted(formatted(tr("frame %u"), hover.zone->detail).c_str());
        ImGui::TextUnformatted(
            formatted(tr("%s on %s"), duration_text(hover.zone->end_ns - hover.zone->start_ns).c_str(), lane_words(*hover.lane).c_str()).c_str());
        ImGui::EndTooltip();
    }
}

// Each lane's name, centred on its rows, on every other lane's shading; a
// lane of several panes' rows has each row's pane as a chip with its letter.
void TimelinePanel::draw_lane_labels(ImDrawList* list, const Geometry& g, const UiFonts& fonts) const {
    std::size_t lane_index = 0;
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        const Row& row = rows_[r];
        const float y0 = g.row_y[r], y1 = g.row_y[r + 1];
        if (row.first_of_lane) {
            const float lane_y1 = g.row_y[r + static_cast<std::size_t>(row.lane_rows)];
            if (lane_index++ % 2) list->AddRectFilled({g.plot_x0, y0}, {g.plot_x1, lane_y1}, colours_.grid.packed());
            list->AddText(fonts.regular, g.font, {g.origin.x + g.font * 0.3f, (y0 + lane_y1) / 2 - g.font / 2}, colours_.ink.packed(),
                          lane_words(lanes_[row.lane].name).c_str());
        } else {  // a faint line between the panes of one lane
            list->AddLine({g.plot_x0, y0}, {g.plot_x1, y0}, colours_.faint.with_alpha(0.35f).packed());
        }
        if (row.all_panes || row.pane == kNoPane) continue;
        const float side = std::min(g.chip, (y1 - y0) * 0.86f), cx = g.plot_x0 - g.font * 0.25f - side, cy = (y0 + y1) / 2 - side / 2;
        list->AddRectFilled({cx, cy}, {cx + side, cy + side}, pane_colour(row.pane).packed(), side * 0.2f);
        const char letter[2] = {pane_letter(row.pane), 0};
        const float letter_px = side * 0.82f;
        const ImVec2 ls = fonts.bold->CalcTextSizeA(letter_px, FLT_MAX, 0, letter);
        list->AddText(fonts.bold, letter_px, {cx + (side - ls.x) / 2, cy + (side - ls.y) / 2}, IM_COL32_WHITE, letter);
    }
}

// One row: a bar per zone of its lane (of its pane), by kind; adjacent zones
// narrower than a pixel merge into one bar.
void TimelinePanel::draw_row(ImDrawList* list, const Geometry& g, std::size_t r, bool hovered, Hover& hover) const {
    const ImGuiIO& io = ImGui::GetIO();
    const Row& row = rows_[r];
    const LaneSnapshot& lane = lanes_[row.lane];
    const float row_h = g.row_y[r + 1] - g.row_y[r], mid = g.row_y[r] + row_h / 2;
    for (const KindStyle& kind : kKinds) {
        float run_x0 = 0, run_x1 = -1;
        const float half = row_h * kind.height / 2;
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
            if (z.kind != kind.kind || (!row.all_panes && z.pane != row.pane) || z.end_ns < view_start_ || z.start_ns > view_end_) continue;
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
    const Rgba ink = colours_.ink, faint = colours_.faint;
    const float font = g.font;
    float label_end = -FLT_MAX;  // a label that would overlap the one before is left out
    for (std::size_t i = 0; i < step_starts_.size(); ++i) {
        if (step_starts_[i] < view_start_ || step_starts_[i] > view_end_) continue;
        const float x = g.x_of(step_starts_[i]);
        list->AddLine({x, g.lanes_y0 - font * 0.2f}, {x, g.lanes_y1}, ink.with_alpha(0.55f).packed(), 1.5f);
        if (x + 3 < label_end) continue;
        const std::string label = formatted(tr("step %u"), step_frames_[i]);
        list->AddText(fonts.regular, font * 0.85f, {x + 3, g.origin.y}, faint.packed(), label.c_str());
        label_end = x + 3 + fonts.regular->CalcTextSizeA(font * 0.85f, FLT_MAX, 0, label.c_str()).x + font * 0.5f;
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
