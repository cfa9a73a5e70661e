// frame_loop.h — the frame, written once over the platform seam: events in,
// the frame's target and time, LabApp's frame, present; then what the frame
// asked of the platform (full screen, the window's size into the settings).
// The desktop calls frame() in a loop, a browser from its animation-frame
// callback, the headless commands once per picture with a fixed step count.
//
// Threading: main thread.
#pragma once

#include "app/frame/lab_app.h"
#include "app/frame/platform.h"

namespace tsl::app {

class FrameLoop {
public:
    // Gives the app the platform's hand-over of saved files (Platform::hand_over_file).
    FrameLoop(Platform& platform, LabApp& app) : platform_(platform), app_(app) {
        app_.hand_over_file = [&platform](const std::string& path) { return platform.hand_over_file(path); };
    }

    // One frame. `forced_steps` >= 0: exactly that many simulation steps (the
    // headless commands); else as many as the time since the last frame pays
    // for. False once the app is to stop (the window closed, Ctrl+Q).
    bool frame(int forced_steps = -1);

private:
    void follow_window();

    Platform& platform_;
    LabApp& app_;
    double last_s_ = -1;
};

}  // namespace tsl::app
