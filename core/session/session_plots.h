// session_plots.h — the data behind the NPC scene's live plots, recorded by
// the session as it steps (the same numbers `timeslice-lab metrics` writes):
// per pane, mean and max input age, mean and max facing error, main-thread
// update and worker busy time; for the whole lab, the jobs started per step
// and the main thread's time per displayed frame.
//
// x is simulation time, so the plots stop with the simulation and a reset
// starts them again. Threading: main thread.
#pragma once

#include "core/npc/npc_scene.h"
#include "core/session/plot_data.h"

#include <memory>
#include <span>
#include <vector>

namespace tsl {

struct PaneSeries {
    PlotSeries age_mean, age_max, error_mean, error_max, main_ms, busy_ms;
    PlotSeries age_acted;  // the age of what the NPCs act on, through the danger map (plotted while the map is on)
    // Names carry the pane's letter in a comparison: "A mean age".
    PaneSeries(int pane, int panes);
};

class SessionPlots {
public:
    // After each step of every pane: one sample per series at the panes'
    // simulation time. A new pane count starts every series again.
    void record_step(std::span<const std::unique_ptr<NpcScene>> panes);
    // After a displayed frame: the main thread's CPU time for the frame (its
    // steps and its drawing, on one clock), at the simulation time it showed.
    void record_frame(double x_s, double frame_ms);
    void clear();
    // The series for `count` panes, empty when that is a new count. The
    // session calls it as soon as its panes change, so that a frame drawn
    // before the next step never finds series for panes that are gone.
    void set_pane_count(int count);

    int pane_count() const { return static_cast<int>(panes_.size()); }
    const PaneSeries& pane(int index) const { return *panes_.at(static_cast<std::size_t>(index)); }
    const PlotSeries& frame_total() const { return frame_ms_; }
    // The frame total is wall-clock time (a platform without a per-thread CPU clock): its name says so.
    void frame_total_is_wall() { frame_ms_.rename("frame total (main thread, wall)"); }
    const PlotSeries& jobs() const { return jobs_; }

private:
    std::vector<std::unique_ptr<PaneSeries>> panes_;
    PlotSeries frame_ms_{to_translate("frame total (main thread)"), "ms"};
    PlotSeries jobs_{to_translate("jobs started"), to_translate("jobs")};
};

}  // namespace tsl
