// headless_session.h — everything a run without a window needs to draw the
// app: an offscreen OpenGL context, a framebuffer standing in for the window,
// and ImGui's context with its OpenGL backend. Used by screenshot, record and
// bench.
//
// Threading: main thread; one session at a time (ImGui has one current context).
#pragma once

#include "app/platform/gl_context.h"
#include "app/render/gl_util.h"
#include "app/frame/lab_app.h"

#include "core/media/image_io.h"

#include <memory>
#include <string>

namespace tsl::app {

class HeadlessSession {
public:
    // nullptr and the reason when no OpenGL 3.3 context or framebuffer can be made.
    static std::unique_ptr<HeadlessSession> create(int width, int height, std::string& error);
    ~HeadlessSession();
    HeadlessSession(const HeadlessSession&) = delete;
    HeadlessSession& operator=(const HeadlessSession&) = delete;

    int width() const { return width_; }
    int height() const { return height_; }
    std::string context_kind() const { return context_->kind(); }

    // One frame of `app` with exactly `steps` simulation steps, drawn into
    // the session's framebuffer.
    void render(LabApp& app, int steps);
    // The framebuffer's pixels, top row first.
    Image read() const;

private:
    HeadlessSession() = default;
    std::unique_ptr<OffscreenContext> context_;
    OffscreenFramebuffer framebuffer_;
    int width_ = 0, height_ = 0;
    bool imgui_ready_ = false;
};

}  // namespace tsl::app
