// scene_services.h — what a scene borrows from the lab around it: one
// machine's job system and profiler, shared by every scene (and every pane of
// a comparison) that runs on it, and the pane it is, for its zones.
#pragma once

#include "core/jobs/job_system.h"
#include "core/jobs/profiler.h"

namespace tsl {

struct SceneServices {
    JobSystem* jobs = nullptr;        // for Threading::Pool and the exposure jobs; without one a scene makes its own when needed
    Profiler* profiler = nullptr;     // receives zones for steps, updates, jobs, waiting, animation, metrics (nullptr: none)
    std::uint8_t pane = kNoPane;      // which pane the scene is (0: A), tagged on each of its zones; set by the panes that own it
    bool keep_run_inputs = false;     // stepping back in time is on: keep what a state needs of work that outlasts a step

    // These services for pane `index` of several.
    SceneServices for_pane(int index) const {
        SceneServices s = *this;
        s.pane = static_cast<std::uint8_t>(index);
        return s;
    }
};

}  // namespace tsl
