// scene_services.h — what a scene borrows from the lab around it: one
// machine's job system and profiler, shared by every scene (and every pane of
// a comparison) that runs on it.
#pragma once

#include "core/jobs/job_system.h"
#include "core/jobs/profiler.h"

namespace tsl {

struct SceneServices {
    JobSystem* jobs = nullptr;        // for Threading::Pool and the exposure jobs; without one a scene makes its own when needed
    Profiler* profiler = nullptr;     // receives zones for steps, updates, jobs, waiting, animation, metrics (nullptr: none)
};

}  // namespace tsl
