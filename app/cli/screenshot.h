// screenshot.h — `timeslice-lab screenshot`: the app rendered offscreen
// (EGL without X, or a hidden window when a display exists) after a fixed
// number of simulation steps, written as a PNG. Deterministic: the same
// options give the same picture; user settings are not read.
#pragma once

#include "core/session/lab_session.h"

#include <memory>

#include <string>

namespace tsl::app {

struct ScreenshotOptions {
    std::string out;        // PNG path
    int frames = 40;        // simulation steps before the picture (the article's frame 40)
    int width = 1600;       // image size, pixels
    int height = 900;
    int back = 0;           // 0 — steps back in time after them (the left arrow pressed this often)
    bool pace_all = false;  // false — true: every step at the real step rate (a lesson's reveal: its
                            // timings are then the window's, with workers given the time between frames)
};

// The last steps before the picture run at the real step rate (the rest as
// fast as possible), so that timing panels show what the window would.
inline constexpr int kPacedSteps = 6;

// Draws `session` (after the launch options) and writes the PNG.
int run_screenshot(std::unique_ptr<LabSession> session, const ScreenshotOptions& options);

}  // namespace tsl::app
