// platform.h — the seam between the lab and where it runs. A platform gives
// the frame its events, a framebuffer, a clock and a way to show what was
// drawn; FrameLoop (frame_loop.h) is the one frame function written over it.
// Implementations: the desktop window (GLFW, window_main.h), the headless
// session (EGL, headless_session.h), and the browser page (web_main.cpp),
// whose frame is a callback the browser calls — never a blocking loop.
//
// Threading: the main thread, with the platform's GL context current.
#pragma once

#include "core/session/key_bindings.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tsl::app {

// A key press (or auto-repeat) as the platform saw it, queued so that a tap
// shorter than a frame is never lost (ImGui 1.86 only samples key state).
struct KeyPress {
    Key key = Key::Space;
    std::uint8_t mods = kNoMods;  // KeyMods held
    bool repeat = false;
};

// Where a frame is drawn: a GL framebuffer (0: the window's) and its size in pixels.
struct FrameTarget {
    unsigned framebuffer = 0;
    int width = 0, height = 0;  // 0 x 0: nothing to draw (a minimised window)
};

class Platform {
public:
    virtual ~Platform() = default;
    // Events since the last call; key presses are appended to `keys`.
    virtual void poll_events(std::vector<KeyPress>& keys) = 0;
    // The user closed the window.
    virtual bool should_close() const { return false; }
    virtual FrameTarget target() const = 0;
    // Seconds on a monotonic clock.
    virtual double now_s() const = 0;
    // The platform's part of ImGui's new frame: display size, input, time.
    virtual void new_imgui_frame() = 0;
    // Shows the frame (a buffer swap), or waits until it is complete (offscreen).
    virtual void present() = 0;
    // Nothing to draw (minimised): wait a little for events.
    virtual void idle() {}
    // The window on the whole screen, or back; false when it cannot be.
    virtual void toggle_fullscreen() {}
    virtual bool fullscreen() const { return false; }
    // The window's size in screen coordinates, for the settings (0 x 0: none).
    virtual void window_size(int& width, int& height) const { width = height = 0; }
    // Hides the pointer after a few still seconds when `enabled`; returns a
    // change to report ("pointer hidden (idle)", "pointer shown") or "".
    virtual const char* update_pointer(bool enabled) { (void)enabled; return ""; }
    // A file the app has just saved (a GIF recording, a PNG snapshot, a CSV
    // export), by its absolute path. Where the user cannot reach the
    // platform's files (the browser page's in-memory file system), the
    // platform hands it over (the browser's download) and returns what to tell
    // the user instead of "Saved PATH" ("Downloaded NAME"); "" where the file
    // stays where it was written (the desktop, headless).
    virtual std::string hand_over_file(const std::string& path) { (void)path; return {}; }
};

}  // namespace tsl::app
