// class_run.h — `timeslice-lab class-run`: the window's own frame (LabApp
// over the headless platform, as screenshot and lesson-check draw it) driven
// through a class's worth of simulated use, watching what the soak cannot:
// the frame's state (plot series, the timeline's capture, notices, recording
// buffers, GL objects).
//
// Simulated time runs at the window's 60 frames a second, each frame taking
// the steps the elapsed time holds. A teacher, drawn from a seed, first
// tours everything once (every lesson walked forward with Page Down and back
// with Page Up, every preset, each scene with every pane count, a GIF saved
// and one cancelled, plots paused and exported, a PNG, the presenter view,
// help pages and the folded panel), then goes on at random among the same
// actions, one every 2 to 15 simulated seconds.
//
// Every simulated minute it samples resident memory, the GL objects alive
// (live_gl_objects, counted from outside the lab's wrappers) and a probe: one
// fixed view (the aiao-10hz preset, panel open, no lesson) drawn for 90
// frames, whose ImGui vertex count and median frame time are compared over
// the run. Checked at the end, against the warm-up (the tour, and at least
// a tenth of the run) and the last stretch as long:
//   memory     the most resident in the last stretch exceeds the most in the
//              warm-up by no more than rss_growth_mb;
//   GL         no kind of object is more numerous in the last stretch than
//              it ever was in the warm-up;
//   vertices   the probe's vertex count grows by no more than vertex_growth;
//   frame time the probe's median frame time grows by no more than
//              max_frame_growth (0: reported, not checked — a time is not
//              something a test on a shared machine may rely on).
// Exit status 1 naming what grew.
#pragma once

#include "core/session/lab_session.h"

#include <cstdint>
#include <memory>
#include <string>

namespace tsl::app {

struct ClassRunOptions {
    double minutes = 90;          // simulated minutes of use
    int width = 1280;             // a 720p projector...
    int height = 720;
    float ui_scale = 1.5f;        // ...at the scale a class reads
    std::uint64_t seed = 1;       // the teacher's choices: the same seed, the same run
    double rss_growth_mb = 32;
    double vertex_growth = 0.25;
    double max_frame_growth = 0;  // 0: frame time reported, not checked
    std::string folder;           // GIFs, PNGs and CSVs ("" — a fresh folder under /tmp, removed at the end)
    bool quiet = false;           // no line per minute on stdout
};

int run_class_run(std::unique_ptr<LabSession> session, const ClassRunOptions& options);

}  // namespace tsl::app
