// engine_plots.h — the data behind the engine scene's live plots, recorded by
// the session after every tick (the same numbers `timeslice-lab metrics
// --scene engine` writes): per pane, how stale each system's copy is, in
// ticks, and where the main thread's time goes (the tick, waiting for runs,
// merging and distributing), with the systems' work on every thread.
//
// x is simulation time. Threading: main thread.
#pragma once

#include "core/engine/engine_panes.h"
#include "core/session/plot_data.h"

#include <array>
#include <memory>
#include <vector>

namespace tsl {

struct EnginePaneSeries {
    std::array<PlotSeries, kSystemCount> staleness;  // ticks, per system: "AI copy", "A AI copy"
    PlotSeries tick_ms, wait_ms, merge_ms, work_ms;
    EnginePaneSeries(int pane, int panes);
};

class EnginePlots {
public:
    // One sample per series of every pane; a new pane count starts them again.
    void record_tick(const EnginePanes& panes);
    void clear();
    // The series for `count` panes, empty when that is a new count (see
    // SessionPlots::set_pane_count).
    void set_pane_count(int count);

    int pane_count() const { return static_cast<int>(panes_.size()); }
    const EnginePaneSeries& pane(int index) const { return *panes_.at(static_cast<std::size_t>(index)); }

private:
    std::vector<std::unique_ptr<EnginePaneSeries>> panes_;
};

}  // namespace tsl
