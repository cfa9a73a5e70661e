#include "app/ui/engine_plots_panel.h"

#include "app/render/palette.h"

#include <imgui.h>

#include <algorithm>

namespace tsl::app {

namespace {

// What a line shows, told apart by its stroke. In a comparison a line takes
// its pane's colour, as the panes' captions do; one pane alone colours what
// it shows (the systems as in the timeline).
struct Kind {
    const char* name;  // the legend's entry for this kind in a comparison
    PlotStroke stroke;
    std::uint32_t hue;  // with one pane
};
constexpr Kind kCopies[kSystemCount] = {
    {"AI copy", PlotStroke::Solid, 0xE69F00}, {"physics copy", PlotStroke::Dashed, 0x3A3A3A}, {"animation copy", PlotStroke::Dotted, 0xCC79A7}};
constexpr Kind kTick{"tick", PlotStroke::Solid, 0x0072B2}, kWaiting{"waiting", PlotStroke::Dashed, 0xD55E00},
    kMerge{"merge", PlotStroke::Dotted, 0x009E73}, kWork{"work, all threads", PlotStroke::Thin, 0x777777};

}  // namespace

EnginePlotsPanel::EnginePlotsPanel()
    : PlotPair(live_plot_options("Copy staleness", "timeslice-lab-engine-staleness", 4),
               live_plot_options("Tick cost", "timeslice-lab-engine-cost", 4)) {}

void EnginePlotsPanel::choose_shown(const LabSession& session) {
    const EnginePlots& plots = session.engine_plots();
    const int count = plots.pane_count();
    // What the panes are compared on: a setting that differs between them.
    bool queues_differ = false, threading_differ = false;
    if (const EnginePanes* engine = session.engine())
        for (int i = 1; i < std::min(count, engine->size()); ++i) {
            const EnginePaneConfig &first = engine->pane(0).config().pane, &other = engine->pane(i).config().pane;
            queues_differ |= other.queues != first.queues;
            threading_differ |= other.threading != first.threading;
        }
    if (count != staleness_shown_for_) {
        staleness_shown_for_ = count;
        for (int i = 0; i < count; ++i)
            for (int k = 1; k < kSystemCount; ++k) measure_.set_hidden(plots.pane(i).staleness[static_cast<std::size_t>(k)], true);
    }
    const CostShown shown{count, queues_differ, threading_differ};
    if (shown != cost_shown_for_) {
        cost_shown_for_ = shown;
        for (int i = 0; i < count; ++i) {
            const EnginePaneSeries& s = plots.pane(i);
            cost_.set_hidden(s.tick_ms, false);
            cost_.set_hidden(s.wait_ms, false);
            cost_.set_hidden(s.merge_ms, !queues_differ);
            cost_.set_hidden(s.work_ms, !threading_differ);
        }
    }
}

EnginePlotsPanel::Lines EnginePlotsPanel::lines(const LabSession& session) {
    choose_shown(session);
    const EnginePlots& plots = session.engine_plots();
    const int count = plots.pane_count();
    const bool stale_hidden = session.answer_hidden("engine_ai_staleness") || session.answer_hidden("engine_ai_age");
    const bool tick_hidden = session.answer_hidden("engine_tick_ms"), wait_hidden = session.answer_hidden("engine_wait_ms");
    const bool merge_hidden = session.answer_hidden("engine_merge_ms"), work_hidden = session.answer_hidden("engine_work_ms");
    // A comparison's line: its pane's colour, grouped by its pane for the legend.
    auto line = [&](const PlotSeries& series, const Kind& kind, int pane) {
        PlotLine l{&series, count > 1 ? pane_colour(pane) : hex(kind.hue), PlotShape::Staircase, kind.stroke};
        if (count > 1) {
            l.group = std::string(1, pane_letter(pane));
            l.kind = kind.name;
        }
        return l;
    };
    Lines out;
    for (int i = 0; i < count; ++i) {
        const EnginePaneSeries& s = plots.pane(i);
        if (!stale_hidden)
            for (int k = 0; k < kSystemCount; ++k) out.measure.push_back(line(s.staleness[static_cast<std::size_t>(k)], kCopies[k], i));
        if (!tick_hidden) out.cost.push_back(line(s.tick_ms, kTick, i));
        if (!wait_hidden) out.cost.push_back(line(s.wait_ms, kWaiting, i));
        if (!merge_hidden) out.cost.push_back(line(s.merge_ms, kMerge, i));
        if (!work_hidden) out.cost.push_back(line(s.work_ms, kWork, i));
    }
    std::string hidden;
    for (const auto& [is_hidden, what] : {std::pair{stale_hidden, "staleness"}, std::pair{tick_hidden || wait_hidden || merge_hidden, "main-thread time"},
                                          std::pair{work_hidden, "system work"}})
        if (is_hidden) hidden += (hidden.empty() ? "" : ", ") + std::string(what);
    if (!hidden.empty()) out.hidden = "Predict first: " + hidden + " shows after the reveal (Page Down).";
    return out;
}

namespace {

const PlotPairNames kNames{"staleness plot", "tick cost plot", "staleness", "tick cost", "copy staleness",
                                 "How many ticks of changes each system's copy has not received yet.", "tick cost",
                                 "Where the main thread's time goes in a tick, and the systems' work on every thread."};

}  // namespace

void EnginePlotsPanel::draw(const LabSession& session, const UiStyle& style, Notice& notice) {
    if (session.engine_plots().pane_count() == 0) {
        ImGui::TextDisabled("The plots fill in as the simulation runs.");
        return;
    }
    set_moment_of(session);
    draw_pair(lines(session), kNames, show_cost_, style, notice);
}

void EnginePlotsPanel::draw_one(const LabSession& session, bool cost, const UiStyle& style, Notice& notice) {
    if (session.engine_plots().pane_count() == 0) {
        ImGui::TextDisabled("The plot fills in as the simulation runs.");
        return;
    }
    set_moment_of(session);
    draw_alone(lines(session), kNames, cost, style, notice);
}

}  // namespace tsl::app
