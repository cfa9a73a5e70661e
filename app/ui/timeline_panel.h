// timeline_panel.h — what every thread did over the last few simulation
// steps: one lane per thread (main, each worker, the threads made per job),
// one bar per zone coloured by kind, the main thread's waiting hatched in
// red, step boundaries marked. Hover a bar for its label, its pane and its
// duration.
//
// Panes: when the zones come from two panes or more (a comparison, the
// engine's two panes), each lane holds one row per pane that worked on that
// thread, marked with the pane's letter in its colour (as the captions over
// the scene): the main thread stepping pane A, then B, ...; the workers
// running the jobs of C and D. Lanes and rows keep a readable height: when
// the window is too short for all of them, the canvas grows and the window
// scrolls (the wheel scrolls over the lane names, zooms over the bars).
//
// What to notice: with same-frame gathering the main thread's update holds a
// red "waiting for jobs" bar while the workers run; with next-frame gathering
// the jobs run beside the main thread's animation and drawing, and the next
// update finds them finished.
//
// Zoom: "fit" shows the last N steps, "one frame" the last whole interval
// between two steps; the mouse wheel zooms at the cursor and dragging pans —
// both freeze the capture until "live" is pressed. Stepped back in time
// (core/session/rewind.h), "fit" shows the N steps that led to the moment
// shown, as the live run took them, while the capture still holds them (a
// replay records no zones).
#pragma once

#include "app/ui/field_controls.h"
#include "app/ui/ui_style.h"

#include "core/jobs/profiler.h"
#include "core/base/view.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tsl {
class LabSession;
}

namespace tsl::app {

class TimelinePanel {
public:
    // Draws the session's profiler into the current ImGui window. The "fit"
    // view shows the last settings.timeline_steps steps (stepped back: those
    // that led to the moment shown); its slider's change goes into `fields`.
    // Lanes: main first, then the workers in order, then the others; a lane
    // with nothing in the capture (a worker that has gone) is left out.
    // Colours follow the style's theme.
    void draw(const LabSession& session, FieldSection& fields, const UiStyle& style);

private:
    // The drawing itself, once moment_ is set from the session.
    void draw(const Profiler& profiler, FieldSection& fields, const UiStyle& style);
    enum class ZoomMode { Fit, OneFrame, Manual };
    struct Geometry;
    struct Hover {
        const Zone* zone = nullptr;
        const std::string* lane = nullptr;
    };
    // One row of the canvas: a lane's zones, or its zones of one pane.
    struct Row {
        std::size_t lane = 0;         // in lanes_
        std::uint8_t pane = kNoPane;  // the pane whose zones it shows (kNoPane: those of none)
        bool all_panes = true;        // panes not told apart: every zone of the lane
        int lane_rows = 1;            // rows of its lane
        bool first_of_lane = true;
    };
    void refresh(const Profiler& profiler, int steps_shown);
    void draw_controls(FieldSection& fields);
    void draw_legend() const;
    void draw_legend_entries() const;
    void draw_canvas(const UiFonts& fonts);
    void zoom_and_pan(const Geometry& geometry, bool hovered);
    void lay_out_rows(Geometry& geometry) const;
    void draw_lane_labels(ImDrawList* list, const Geometry& geometry, const UiFonts& fonts) const;
    void draw_row(ImDrawList* list, const Geometry& geometry, std::size_t row, bool hovered, Hover& hover) const;
    void draw_time_marks(ImDrawList* list, const Geometry& geometry, const UiFonts& fonts) const;

    struct LegendEntry {
        ZoneKind kind;
        std::string label;
        std::int64_t seen_ns;  // last time a zone with it was in the capture
    };

    ZoomMode zoom_ = ZoomMode::Fit;
    std::vector<LegendEntry> legend_;
    std::vector<LaneSnapshot> lanes_;      // the zones shown (frozen while zoomed by hand)
    std::vector<Row> rows_;                // lanes_, split by pane when by_pane_
    bool by_pane_ = false;                 // zones of two panes or more in the capture
    std::vector<std::int64_t> step_starts_;    // each simulation step's first zone (a comparison's panes step one after another)
    std::vector<std::uint32_t> step_frames_;
    std::int64_t view_start_ = 0, view_end_ = 1;
    std::optional<std::int64_t> moment_;  // stepped back: the frames stepped at the moment shown
    bool moment_in_capture_ = false;      // ... and its steps are in the capture
    PlotColours colours_{};
};

}  // namespace tsl::app
