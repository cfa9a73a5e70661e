#include "app/ui/metrics_plots.h"

#include "app/render/palette.h"
#include "app/ui/text.h"
#include "app/ui/ui_text.h"

#include <imgui.h>

#include <algorithm>

namespace tsl::app {

namespace {

// In place of a plot whose every series waits for a lesson's reveal: the
// message, centred in the space the plot would take.
void draw_waiting(const std::string& message, const UiStyle& style) {
    const ImVec2 avail = ImGui::GetContentRegionAvail(), at = ImGui::GetCursorScreenPos();
    const float width = std::min(avail.x * 0.8f, ImGui::GetFontSize() * 30);
    ImGui::PushFont(style.fonts().bold);
    const ImVec2 size = ImGui::CalcTextSize(message.c_str(), nullptr, false, width);
    ImGui::SetCursorScreenPos({at.x + (avail.x - size.x) / 2, at.y + std::max(0.0f, (avail.y - size.y) / 2)});
    wrapped_in_language(message, width);
    ImGui::PopFont();
}

}  // namespace

MetricsPlots::MetricsPlots()
    : PlotPair(live_plot_options(tr("Latency"), "timeslice-lab-latency", 6), live_plot_options(tr("Frame cost"), "timeslice-lab-frame-cost", 6)) {}

MetricsPlots::Lines MetricsPlots::lines(const LabSession& session) {
    const SessionPlots& plots = session.plots();
    // The session sizes its series with its panes (SessionPlots::set_pane_count);
    // never read a pane that is not there.
    const int count = std::min(plots.pane_count(), session.panes().size());
    if (count != pane_count_) {
        pane_count_ = count;
        // In a comparison the worker series would double the legend: hidden until asked for.
        for (int i = 0; i < count; ++i) cost_.set_hidden(plots.pane(i).busy_ms, count > 1);
        cost_.set_hidden(plots.jobs(), true);  // a square wave of whole jobs: shown on request
    }
    auto colour = [&](int pane) { return count > 1 ? pane_colour(pane) : hex(0x0072B2); };
    // A lesson's open question: the series that answer it wait for the reveal.
    const bool ages = session.answer_hidden("input_age") || session.answer_hidden("max_input_age");
    const bool errors = session.answer_hidden("facing_error");
    const bool main = session.answer_hidden("main_ms"), busy = session.answer_hidden("worker_ms");
    const bool latency_hidden = show_error_ ? errors : ages;
    Lines out;
    // Panes that run the same timing (they differ only in drawing, as the
    // article's "debug on" and "debug off") measure the same: one series for
    // them, named with every letter ("A, B mean age").
    std::vector<std::string> letters(static_cast<std::size_t>(count));
    std::vector<int> same_as(static_cast<std::size_t>(count), -1);
    for (int i = 0; i < count; ++i) {
        for (int j = 0; j < i && same_as[static_cast<std::size_t>(i)] < 0; ++j)
            if (same_as[static_cast<std::size_t>(j)] < 0 && session.pane(i).config() == session.pane(j).config()) same_as[static_cast<std::size_t>(i)] = j;
        const int first = same_as[static_cast<std::size_t>(i)] < 0 ? i : same_as[static_cast<std::size_t>(i)];
        std::string& l = letters[static_cast<std::size_t>(first)];
        l += (l.empty() ? "" : ", ") + std::string(1, pane_letter(i));
    }
    auto named = [&](const PlotSeries& series, int pane) {
        if (count < 2 || letters[static_cast<std::size_t>(pane)].size() == 1) return std::string();
        return letters[static_cast<std::size_t>(pane)] + series.name().substr(1);  // "A mean age" -> "A, B mean age"
    };
    // A pane's line: in a comparison, grouped by its pane(s) for the legend.
    auto line = [&](const PlotSeries& series, Rgba hue, PlotStroke stroke, int pane) {
        PlotLine l{&series, hue, PlotShape::Staircase, stroke, PlotAxis::Left, named(series, pane)};
        if (count > 1) {
            l.group = letters[static_cast<std::size_t>(pane)];
            l.kind = series.name().substr(2);  // "A mean age" -> "mean age"
        }
        return l;
    };
    for (int i = 0; i < count; ++i) {
        if (same_as[static_cast<std::size_t>(i)] >= 0) continue;
        const PaneSeries& s = plots.pane(i);
        // Input age is held between decisions: a staircase, one step per frame.
        if (!latency_hidden) {
            out.measure.push_back(line(show_error_ ? s.error_mean : s.age_mean, colour(i), PlotStroke::Solid, i));
            out.measure.push_back(line(show_error_ ? s.error_max : s.age_max, colour(i), PlotStroke::Dashed, i));
        }
        // Through the danger map, what an NPC acts on is older than its decision's input.
        if (!show_error_ && session.pane(i).config().map.on && !session.answer_hidden("end_to_end_age"))
            out.measure.push_back(line(s.age_acted, colour(i), PlotStroke::Thin, i));
        if (!main) out.cost.push_back(line(s.main_ms, colour(i), PlotStroke::Solid, i));
        if (!busy) out.cost.push_back(line(s.busy_ms, count > 1 ? colour(i) : hex(0x009E73), PlotStroke::Dashed, i));
    }
    if (!main) out.cost.push_back({&plots.frame_total(), hex(0x555555), PlotShape::Staircase, PlotStroke::Thin});
    out.cost.push_back({&plots.jobs(), hex(0xE69F00, 0.6f), PlotShape::Staircase, PlotStroke::Thin, PlotAxis::Right});
    std::string hidden;
    bool any_map = false;
    for (int i = 0; i < count; ++i) any_map = any_map || session.pane(i).config().map.on;
    const bool acted = !show_error_ && any_map && session.answer_hidden("end_to_end_age");
    for (const auto& [is_hidden, what] : {std::pair{latency_hidden, show_error_ ? tr("facing error") : tr("input age")}, std::pair{acted, tr("acted-on age")},
                                          std::pair{main, tr("main-thread time")}, std::pair{busy, tr("worker time")}})
        if (is_hidden) hidden = hidden.empty() ? std::string(what) : formatted(tr("%s, %s"), hidden.c_str(), what);
    if (!hidden.empty()) out.hidden = formatted(tr("Predict first: %s shows after the reveal (Page Down)."), hidden.c_str());
    return out;
}

void MetricsPlots::draw_one(const LabSession& session, bool cost_plot, const UiStyle& style, Notice& notice) {
    if (session.plots().pane_count() == 0) {
        ImGui::TextDisabled("%s", tr("The plot fills in as the simulation runs."));
        return;
    }
    // The titles in the chosen language, set before each frame's plots.
    measure_.options().title = tr("Latency");
    cost_.options().title = tr("Frame cost");
    set_moment_of(session);
    const Lines all = lines(session);
    if ((cost_plot ? all.cost : all.measure).empty()) return draw_waiting(all.hidden, style);
    draw_hidden_note(all.hidden);
    PlotWidget& plot = cost_plot ? cost_ : measure_;
    without_toolbar(plot, [&] {
        if (auto exported = plot.draw(cost_plot ? "cost" : "latency", {0, 0}, cost_plot ? all.cost : all.measure, style))
            notice = export_notice(*exported);
    });
}

std::optional<PlotExport> MetricsPlots::export_latency(const LabSession& session) {
    if (session.plots().pane_count() == 0) return std::nullopt;
    const Lines all = lines(session);
    if (all.measure.empty()) return std::nullopt;
    return measure_.export_csv(all.measure, measure_.next_export_path());
}

void MetricsPlots::draw(const LabSession& session, const UiStyle& style, Notice& notice) {
    if (session.plots().pane_count() == 0) {
        ImGui::TextDisabled("%s", tr("The plots fill in as the simulation runs."));
        return;
    }
    // The titles in the chosen language, set before each frame's plots.
    measure_.options().title = tr("Latency");
    cost_.options().title = tr("Frame cost");
    set_moment_of(session);
    // Named members, not a structured binding: clang before 16 cannot capture a binding in a lambda.
    const Lines all = lines(session);
    const std::vector<PlotLine>& latency = all.measure;
    const std::vector<PlotLine>& cost = all.cost;
    if (!latency.empty()) draw_hidden_note(all.hidden);
    auto show = [&](PlotWidget& plot, const char* id, const std::vector<PlotLine>& shown) {
        if (shown.empty()) draw_waiting(all.hidden, style);
        else if (auto exported = plot.draw(id, {0, 0}, shown, style)) notice = export_notice(*exported);
    };
    auto age_or_error = [&](bool with_cost) {
        if (ImGui::RadioButton(tr_label("input age"), !show_error_ && !(with_cost && show_cost_))) show_error_ = show_cost_ = false;
        tooltip(tr("How old the target position behind each NPC's decision is, in ms: the mode's latency."));
        ImGui::SameLine();
        if (ImGui::RadioButton(tr_label("facing error"), show_error_ && !(with_cost && show_cost_))) {
            show_error_ = true;
            show_cost_ = false;
        }
        tooltip(tr("Degrees between where each NPC faces and the true direction to the target: what the latency costs."));
        if (!with_cost) return;
        ImGui::SameLine();
        if (ImGui::RadioButton(tr_label("frame cost"), show_cost_)) show_cost_ = true;
        tooltip(tr("Main-thread and worker time per frame: what the timing costs the CPU."));
    };

    const bool both = draw_side_by_side(
        "latency plot", "cost plot",
        [&] {
            age_or_error(false);
            show(measure_, "latency", latency);
        },
        [&] { show(cost_, "cost", cost); });
    if (both) return;
    // Too narrow for both: one at a time, picked on one row.
    age_or_error(true);
    if (show_cost_) show(cost_, "cost", cost);
    else show(measure_, "latency", latency);
}

}  // namespace tsl::app
