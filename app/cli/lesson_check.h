// lesson_check.h — `timeslice-lab lesson-check`: every step of a lesson
// rendered offscreen as the projector would show it (presenter view, the
// given size and UI scale), before and after its reveal. For each step it
// reports the scene and panes its preset loaded and whether the lesson card's
// text fitted without scrolling. Exit status 1 when a step does not fit or
// does not load: for teachers writing their own lessons, and for the tests.
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
    int frames = 30;      // steps each step runs before it is drawn (numbers in the reveal)
};

// `session` holds any other --set settings; the check starts the lesson in it.
int run_lesson_check(std::unique_ptr<LabSession> session, const LessonCheckOptions& options);

}  // namespace tsl::app
