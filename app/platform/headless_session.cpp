#include "app/platform/headless_session.h"

#include "app/platform/gl.h"

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

namespace tsl::app {

std::unique_ptr<HeadlessSession> HeadlessSession::create(int width, int height, std::string& error) {
    std::unique_ptr<HeadlessSession> session(new HeadlessSession);
    session->context_ = OffscreenContext::create(error);
    if (!session->context_) return nullptr;
    if (!session->framebuffer_.create(width, height, error)) return nullptr;
    session->width_ = width;
    session->height_ = height;
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = {static_cast<float>(width), static_cast<float>(height)};
    io.DeltaTime = 1.0f / 30.0f;
    ImGui_ImplOpenGL3_Init("#version 330 core");
    session->imgui_ready_ = true;
    return session;
}

HeadlessSession::~HeadlessSession() {
    if (!imgui_ready_) return;
    ImGui_ImplOpenGL3_Shutdown();
    ImGui::DestroyContext();
}

void HeadlessSession::render(LabApp& app, int steps) {
    app.prepare_frame();
    ImGui_ImplOpenGL3_NewFrame();
    app.frame({0.0, steps, framebuffer_.id(), width_, height_});
    // Like a window's buffer swap: the frame is complete before the next one
    // starts, so the next frame's draw calls do not wait on this one.
    glFinish();
}

Image HeadlessSession::read() const {
    Image image;
    image.width = width_;
    image.height = height_;
    image.rgba.resize(static_cast<std::size_t>(width_) * height_ * 4);
    framebuffer_.read_pixels(width_, height_, image.rgba.data());
    return image;
}

}  // namespace tsl::app
