// timeline_panel.h — what every thread did over the last few simulation
// steps: one lane per thread (main, each worker, the threads made per job),
// one bar per zone coloured by kind, the main thread's waiting hatched in
// red, step boundaries marked. Hover a bar for its label and duration.
//
// What to notice: with same-frame gathering the main thread's update holds a
// red "waiting for jobs" bar while the workers run; with next-frame gathering
// the jobs run beside the main thread's animation and drawing, and the next
// update finds them finished.
//
// Zoom: "fit" shows the last N steps, "one frame" the last whole interval
// between two steps; the mouse wheel zooms at the cursor and dragging pans —
// both freeze the capture until "live" is pressed.
#pragma once

#include "app/ui/field_controls.h"
#include "app/ui/ui_style.h"

#include "core/jobs/profiler.h"
#include "core/base/view.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tsl::app {

class TimelinePanel {
public:
    // Draws into the current ImGui window. The "fit" view shows the last
    // settings.timeline_steps steps; its slider's change goes into `fields`.
    void draw(const Profiler& profiler, FieldSection& fields, const UiFonts& fonts);

private:
    enum class ZoomMode { Fit, OneFrame, Manual };
    struct Geometry;
    struct Hover {
        const Zone* zone = nullptr;
        const std::string* lane = nullptr;
    };
    void refresh(const Profiler& profiler, int steps_shown);
    void draw_controls(FieldSection& fields);
    void draw_legend() const;
    void draw_canvas(const UiFonts& fonts);
    void zoom_and_pan(const Geometry& geometry, bool hovered);
    void draw_lane(ImDrawList* list, const Geometry& geometry, std::size_t lane, const UiFonts& fonts, bool hovered, Hover& hover) const;
    void draw_time_marks(ImDrawList* list, const Geometry& geometry, const UiFonts& fonts) const;

    struct LegendEntry {
        ZoneKind kind;
        std::string label;
        std::int64_t seen_ns;  // last time a zone with it was in the capture
    };

    ZoomMode zoom_ = ZoomMode::Fit;
    std::vector<LegendEntry> legend_;
    std::vector<LaneSnapshot> lanes_;      // the zones shown (frozen while zoomed by hand)
    std::vector<std::int64_t> step_starts_;
    std::vector<std::uint32_t> step_frames_;
    std::int64_t view_start_ = 0, view_end_ = 1;
};

}  // namespace tsl::app
