#include "screenshot.h"

#include "gl_context.h"
#include "gl_util.h"
#include "lab_app.h"

#include "core/image_io.h"

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <iostream>

namespace tsl::app {

namespace {

// ImGui's context and OpenGL backend for one headless run.
struct HeadlessImGui {
    HeadlessImGui(int width, int height) {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = {static_cast<float>(width), static_cast<float>(height)};
        io.DeltaTime = 1.0f / 30.0f;
        ImGui_ImplOpenGL3_Init("#version 330 core");
    }
    ~HeadlessImGui() {
        ImGui_ImplOpenGL3_Shutdown();
        ImGui::DestroyContext();
    }
};

}  // namespace

int run_screenshot(const ScreenshotOptions& options) {
    std::string error;
    const auto context = OffscreenContext::create(error);
    if (!context) {
        std::cerr << "timeslice-lab: screenshot: " << error << '\n';
        return 1;
    }
    OffscreenFramebuffer framebuffer;
    if (!framebuffer.create(options.width, options.height, error)) {
        std::cerr << "timeslice-lab: screenshot: " << error << '\n';
        return 1;
    }
    HeadlessImGui imgui(options.width, options.height);
    LabApp app(options.state);
    if (!app.init(error)) {
        std::cerr << "timeslice-lab: " << error << '\n';
        return 1;
    }

    // All but the last step without drawing; then two drawn frames, the
    // second with no step, so ImGui has laid everything out once.
    FrameParams params{0.0, 0, framebuffer.id(), options.width, options.height};
    if (options.frames > 1) {
        params.forced_steps = options.frames - 1;
        app.prepare_frame();
        app.simulate_only(params.forced_steps);
    }
    for (int pass = 0; pass < 2; ++pass) {
        params.forced_steps = pass == 0 && options.frames > 0 ? 1 : 0;
        app.prepare_frame();
        ImGui_ImplOpenGL3_NewFrame();
        app.frame(params);
    }

    Image image;
    image.width = options.width;
    image.height = options.height;
    image.rgba.resize(static_cast<std::size_t>(options.width) * options.height * 4);
    framebuffer.read_pixels(options.width, options.height, image.rgba.data());
    const FileResult written = write_png(options.out, image);
    if (!written) {
        std::cerr << "timeslice-lab: " << written.error << '\n';
        return 1;
    }
    return 0;
}

}  // namespace tsl::app
