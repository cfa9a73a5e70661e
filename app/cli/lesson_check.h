// lesson_check.h — `timeslice-lab lesson-check`: every step of a lesson run
// as a class would see it (presenter view, the given size and UI scale, the
// step's frames drawn at the real step rate), before and after its reveal.
// For each step it reports the scene and panes its preset loaded, whether the
// lesson card's text fitted without scrolling, and every expectation of the
// step (core/content/expectation.h) against what the reveal measured. Exit
// status 1 when a step does not fit, does not load, or misses an
// expectation: for teachers writing their own lessons, and for the tests.
#pragma once

#include "core/session/lab_session.h"

#include <memory>

#include <string>

namespace tsl::app {

struct LessonCheckOptions {
    std::string lesson;   // a lesson in assets/lessons
    int width = 1920;     // 1920 x 1080 — a 1080p projector
    int height = 1080;
    float ui_scale = 1.5f;  // 1.5 — the 1080p projector scale
    int frames = 0;       // 0 — each step's own `frames`; else the steps every step runs before its reveal
    // false — every step drawn at the real step rate, as the window runs it, so
    // that times are the window's; true — steps run back to back (much
    // faster): expectations on times are then not checked, only the others.
    bool fast = false;
    std::string pictures;  // "" — none; else a folder for a PNG of every step, revealed: LESSON-step-K.png
};

// `session` holds any other --set settings; the check starts the lesson in it.
int run_lesson_check(std::unique_ptr<LabSession> session, const LessonCheckOptions& options);

}  // namespace tsl::app
