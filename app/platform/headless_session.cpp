#include "app/platform/headless_session.h"

#include "app/platform/frame_loop.h"
#include "app/render/gl.h"

#include <imgui.h>

#include <chrono>

namespace tsl::app {

Result<std::unique_ptr<HeadlessSession>> HeadlessSession::create(int width, int height) {
    std::unique_ptr<HeadlessSession> session(new HeadlessSession);
    Result<std::unique_ptr<OffscreenContext>> context = OffscreenContext::create();
    if (!context) return context.failure();
    session->context_ = std::move(*context);
    if (Status made = session->framebuffer_.create(width, height); !made) return made.failure();
    session->width_ = width;
    session->height_ = height;
    return session;
}

Result<std::unique_ptr<HeadlessSession>> HeadlessSession::in_current_context(int width, int height) {
    std::unique_ptr<HeadlessSession> session(new HeadlessSession);
    if (Status made = session->framebuffer_.create(width, height); !made) return made.failure();
    session->width_ = width;
    session->height_ = height;
    return session;
}

double HeadlessSession::now_s() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void HeadlessSession::new_imgui_frame() {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = {static_cast<float>(width_), static_cast<float>(height_)};
    io.DeltaTime = 1.0f / 30.0f;
}

// Like a window's buffer swap: the frame is complete before the next one
// starts, so the next frame's draw calls do not wait on this one.
void HeadlessSession::present() { glFinish(); }

void HeadlessSession::render(LabApp& app, int steps) { FrameLoop(*this, app).frame(steps); }

Image HeadlessSession::read() const {
    Image image;
    image.width = width_;
    image.height = height_;
    image.rgba.resize(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_) * 4);
    framebuffer_.read_pixels(width_, height_, image.rgba.data());
    return image;
}

}  // namespace tsl::app
