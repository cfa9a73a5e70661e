#include "app/ui/engine_plots_panel.h"

#include "app/render/palette.h"
#include "app/ui/text.h"
#include "app/ui/ui_text.h"

#include <imgui.h>

#include <algorithm>

namespace tsl::app {

namespace {

// What a line shows, told apart by its stroke. In a comparison a line takes
// its pane's colour, as the panes' captions do; one pane alone colours what
// it shows (the systems as in the timeline).
struct Kind {
    PlotStroke stroke;
    std::uint32_t hue;  // with one pane
};
constexpr Kind kCopies[kSystemCount] = {{PlotStroke::Solid, 0xE69F00}, {PlotStroke::Dashed, 0x3A3A3A}, {PlotStroke::Dotted, 0xCC79A7}};
constexpr Kind kTick{PlotStroke::Solid, 0x0072B2}, kWaiting{PlotStroke::Dashed, 0xD55E00}, kMerge{PlotStroke::Dotted, 0x009E73},
    kWork{PlotStroke::Thin, 0x777777};

// How the legend names a line, in the chosen language: `series`, the
// series' own name (core/session/engine_plots.cpp, "main thread, tick"), and
// `kind`, the entry for this kind in a comparison ("tick").
struct Named {
    const char *series, *kind;
};

}  // namespace

EnginePlotsPanel::EnginePlotsPanel()
    : PlotPair(live_plot_options(tr("Copy staleness"), "timeslice-lab-engine-staleness", 4),
               live_plot_options(tr("Tick cost"), "timeslice-lab-engine-cost", 4)) {}

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
    const Named copies[kSystemCount] = {{tr("AI copy"), tr("AI copy")}, {tr("physics copy"), tr("physics copy")},
                                        {tr("animation copy"), tr("animation copy")}};
    const Named tick{tr("main thread, tick"), tr("tick")}, waiting{tr("main thread, waiting"), tr("waiting")},
        merge{tr("merge + distribute"), tr("merge")}, work{tr("system work, all threads"), tr("work, all threads")};
    // A comparison's line: its pane's colour, grouped by its pane for the legend.
    // Its label is the series' name in the chosen language (in English the series' own: "AI copy", "A AI copy").
    auto line = [&](const PlotSeries& series, const Kind& kind, const Named& named, int pane) {
        PlotLine l{&series, count > 1 ? pane_colour(pane) : hex(kind.hue), PlotShape::Staircase, kind.stroke};
        l.label = named.series;
        if (count > 1) {
            l.group = std::string(1, pane_letter(pane));
            l.kind = named.kind;
            l.label = l.group + " " + l.label;
        }
        return l;
    };
    Lines out;
    for (int i = 0; i < count; ++i) {
        const EnginePaneSeries& s = plots.pane(i);
        if (!stale_hidden)
            for (int k = 0; k < kSystemCount; ++k) out.measure.push_back(line(s.staleness[static_cast<std::size_t>(k)], kCopies[k], copies[k], i));
        if (!tick_hidden) out.cost.push_back(line(s.tick_ms, kTick, tick, i));
        if (!wait_hidden) out.cost.push_back(line(s.wait_ms, kWaiting, waiting, i));
        if (!merge_hidden) out.cost.push_back(line(s.merge_ms, kMerge, merge, i));
        if (!work_hidden) out.cost.push_back(line(s.work_ms, kWork, work, i));
    }
    std::string hidden;
    for (const auto& [is_hidden, what] : {std::pair{stale_hidden, tr("staleness")},
                                          std::pair{tick_hidden || wait_hidden || merge_hidden, tr("main-thread time")},
                                          std::pair{work_hidden, tr("system work")}})
        if (is_hidden) hidden = hidden.empty() ? std::string(what) : formatted(tr("%s, %s"), hidden.c_str(), what);
    if (!hidden.empty()) out.hidden = formatted(tr("Predict first: %s shows after the reveal (Page Down)."), hidden.c_str());
    return out;
}

namespace {

// The child windows' and plots' IDs stay English; the radio buttons and their tips are in the chosen language.
PlotPairNames names() {
    return {"staleness plot", "tick cost plot", "staleness", "tick cost", tr_label("copy staleness"),
            tr("How many ticks of changes each system's copy has not received yet."), tr_label("tick cost"),
            tr("Where the main thread's time goes in a tick, and the systems' work on every thread.")};
}

}  // namespace

void EnginePlotsPanel::draw(const LabSession& session, const UiStyle& style, Notice& notice) {
    if (session.engine_plots().pane_count() == 0) {
        ImGui::TextDisabled("%s", tr("The plots fill in as the simulation runs."));
        return;
    }
    // The titles in the chosen language, set before each frame's plots.
    measure_.options().title = tr("Copy staleness");
    cost_.options().title = tr("Tick cost");
    set_moment_of(session);
    draw_pair(lines(session), names(), show_cost_, style, notice);
}

void EnginePlotsPanel::draw_one(const LabSession& session, bool cost, const UiStyle& style, Notice& notice) {
    if (session.engine_plots().pane_count() == 0) {
        ImGui::TextDisabled("%s", tr("The plot fills in as the simulation runs."));
        return;
    }
    // The titles in the chosen language, set before each frame's plots.
    measure_.options().title = tr("Copy staleness");
    cost_.options().title = tr("Tick cost");
    set_moment_of(session);
    draw_alone(lines(session), names(), cost, style, notice);
}

}  // namespace tsl::app
