// headless_session.h — the headless platform: an offscreen OpenGL context
// (gl_context.h) and a framebuffer standing in for the window, so that
// screenshot, record, lesson-check and bench draw exactly what the window
// would, through the same frame (frame_loop.h).
//
// Threading: main thread; one session at a time.
#pragma once

#include "app/frame/lab_app.h"
#include "app/platform/gl_context.h"
#include "app/frame/platform.h"
#include "app/render/gl_util.h"

#include "core/media/image_io.h"

#include <memory>
#include <string>

namespace tsl::app {

class HeadlessSession final : public Platform {
public:
    // The session, or why not: no OpenGL 3.3 context or framebuffer can be made.
    static Result<std::unique_ptr<HeadlessSession>> create(int width, int height);
    // The same in the context current on this thread (the browser page's
    // WebGL context, which it keeps): a framebuffer of its own only, or why
    // it cannot be made.
    static Result<std::unique_ptr<HeadlessSession>> in_current_context(int width, int height);
    HeadlessSession(const HeadlessSession&) = delete;
    HeadlessSession& operator=(const HeadlessSession&) = delete;

    int width() const { return width_; }
    int height() const { return height_; }
    std::string context_kind() const { return context_ ? context_->kind() : "the current context"; }

    // One frame of `app` with exactly `steps` simulation steps, drawn into
    // the session's framebuffer.
    void render(LabApp& app, int steps);
    // The framebuffer's pixels, top row first.
    Image read() const;

    // Platform: no events, a fixed-size target, a steady clock.
    void poll_events(std::vector<KeyPress>&) override {}
    FrameTarget target() const override { return {framebuffer_.id(), width_, height_}; }
    double now_s() const override;
    void new_imgui_frame() override;
    void present() override;

private:
    HeadlessSession() = default;
    std::unique_ptr<OffscreenContext> context_;  // nullptr: in_current_context
    OffscreenFramebuffer framebuffer_;
    int width_ = 0, height_ = 0;
};

}  // namespace tsl::app
