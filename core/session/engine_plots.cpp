#include "core/session/engine_plots.h"

#include <string>

namespace tsl {

namespace {

// to_translate("AI copy") alone, "A AI copy" beside another pane.
std::string named(int pane, int panes, const std::string& what) {
    return panes > 1 ? std::string(1, static_cast<char>('A' + pane)) + " " + what : what;
}

}  // namespace

EnginePaneSeries::EnginePaneSeries(int pane, int panes)
    : staleness{PlotSeries(named(pane, panes, to_translate("AI copy")), to_translate("ticks")), PlotSeries(named(pane, panes, to_translate("physics copy")), to_translate("ticks")),
                PlotSeries(named(pane, panes, to_translate("animation copy")), to_translate("ticks"))},
      tick_ms(named(pane, panes, to_translate("main thread, tick")), "ms"),
      wait_ms(named(pane, panes, to_translate("main thread, waiting")), "ms"),
      merge_ms(named(pane, panes, to_translate("merge + distribute")), "ms"),
      work_ms(named(pane, panes, to_translate("system work, all threads")), "ms") {}

void EnginePlots::set_pane_count(int count) {
    if (count == pane_count()) return;
    panes_.clear();
    for (int i = 0; i < count; ++i) panes_.push_back(std::make_unique<EnginePaneSeries>(i, count));
}

void EnginePlots::record_tick(const EnginePanes& panes) {
    set_pane_count(panes.size());
    for (int i = 0; i < panes.size(); ++i) {
        const EngineScene& scene = panes.pane(i);
        const EngineTickStats& s = scene.stats();
        EnginePaneSeries& series = *panes_[static_cast<std::size_t>(i)];
        const double x = static_cast<double>(scene.ticks()) * scene.step_s();
        for (int k = 0; k < kSystemCount; ++k) series.staleness[static_cast<std::size_t>(k)].push(x, s.staleness[static_cast<std::size_t>(k)]);
        double work = 0;
        for (double w : s.work_ms) work += w;
        series.tick_ms.push(x, s.tick_ms);
        series.wait_ms.push(x, s.wait_ms);
        series.merge_ms.push(x, s.merge.merge_ms + s.merge.distribute_ms);
        series.work_ms.push(x, work);
    }
}

void EnginePlots::clear() {
    for (const auto& pane : panes_) {
        for (PlotSeries& s : pane->staleness) s.clear();
        for (PlotSeries* s : {&pane->tick_ms, &pane->wait_ms, &pane->merge_ms, &pane->work_ms}) s->clear();
    }
}

}  // namespace tsl
