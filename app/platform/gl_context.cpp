#include "app/platform/gl_context.h"

#include "app/render/gl.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLFW/glfw3.h>

#include <cstdlib>

namespace tsl::app {

Status load_gl(void* (*get_proc)(const char*)) {
    const int version = gladLoadGL(reinterpret_cast<GLADloadfunc>(get_proc));
    if (version == 0) return Failed{"cannot load OpenGL functions"};
    const int major = GLAD_VERSION_MAJOR(version), minor = GLAD_VERSION_MINOR(version);
    if (major < 3 || (major == 3 && minor < 3))
        return Failed{"Timeslice Lab needs OpenGL 3.3 core; this driver offers " + std::to_string(major) + "." + std::to_string(minor)};
    return {};
}

namespace {

void* egl_proc(const char* name) { return reinterpret_cast<void*>(eglGetProcAddress(name)); }
void* glfw_proc(const char* name) { return reinterpret_cast<void*>(glfwGetProcAddress(name)); }

class EglContext final : public OffscreenContext {
public:
    EglContext(EGLDisplay display, EGLContext context, std::string kind)
        : display_(display), context_(context), kind_(std::move(kind)) {}
    ~EglContext() override {
        eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglDestroyContext(display_, context_);
        eglTerminate(display_);
    }
    std::string kind() const override { return kind_; }

private:
    EGLDisplay display_;
    EGLContext context_;
    std::string kind_;
};

class HiddenGlfwContext final : public OffscreenContext {
public:
    explicit HiddenGlfwContext(GLFWwindow* window) : window_(window) {}
    ~HiddenGlfwContext() override {
        glfwDestroyWindow(window_);
        glfwTerminate();
    }
    std::string kind() const override { return "hidden GLFW window"; }

private:
    GLFWwindow* window_;
};

// A 3.3 core context with no surface on `display`, made current.
Result<std::unique_ptr<OffscreenContext>> egl_context_on(EGLDisplay display, const std::string& kind) {
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, nullptr, nullptr)) return Failed{kind + ": no display"};
    // No surface type: the default (window) excludes every config of a surfaceless display.
    const EGLint config_attributes[] = {EGL_SURFACE_TYPE, 0, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig config = nullptr;
    EGLint count = 0;
    if (!eglBindAPI(EGL_OPENGL_API) || !eglChooseConfig(display, config_attributes, &config, 1, &count) || count == 0) {
        eglTerminate(display);
        return Failed{kind + ": no OpenGL config"};
    }
    const EGLint context_attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                         EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    const EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attributes);
    if (context == EGL_NO_CONTEXT) {
        eglTerminate(display);
        return Failed{kind + ": cannot create an OpenGL 3.3 core context"};
    }
    auto result = std::make_unique<EglContext>(display, context, kind);
    if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context))
        return Failed{kind + ": cannot make the context current without a surface"};
    if (const Status loaded = load_gl(egl_proc); !loaded) return Failed{kind + ": " + loaded.error()};
    return std::unique_ptr<OffscreenContext>(std::move(result));
}

Result<std::unique_ptr<OffscreenContext>> try_egl_surfaceless() {
    const auto get_platform_display =
        reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
    if (!get_platform_display) return Failed{"EGL surfaceless: eglGetPlatformDisplayEXT missing"};
    return egl_context_on(get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr), "EGL surfaceless");
}

Result<std::unique_ptr<OffscreenContext>> try_egl_device() {
    const auto query_devices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
    const auto get_platform_display =
        reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
    EGLDeviceEXT device = nullptr;
    EGLint count = 0;
    if (!query_devices || !get_platform_display || !query_devices(1, &device, &count) || count == 0)
        return Failed{"EGL device: no EGL device"};
    return egl_context_on(get_platform_display(EGL_PLATFORM_DEVICE_EXT, device, nullptr), "EGL device");
}

Result<std::unique_ptr<OffscreenContext>> try_hidden_glfw() {
    const char* display = std::getenv("DISPLAY");
    if (!display || !*display) return Failed{"hidden GLFW window: no display (DISPLAY is not set)"};
    if (!glfwInit()) return Failed{"hidden GLFW window: GLFW cannot start"};
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    GLFWwindow* window = glfwCreateWindow(64, 64, "Timeslice Lab (offscreen)", nullptr, nullptr);
    if (!window) {
        glfwTerminate();
        return Failed{"hidden GLFW window: cannot create an OpenGL 3.3 core context"};
    }
    glfwMakeContextCurrent(window);
    auto result = std::make_unique<HiddenGlfwContext>(window);
    if (const Status loaded = load_gl(glfw_proc); !loaded) return Failed{"hidden GLFW window: " + loaded.error()};
    return std::unique_ptr<OffscreenContext>(std::move(result));
}

}  // namespace

Result<std::unique_ptr<OffscreenContext>> OffscreenContext::create() {
    std::string reasons;
    for (auto attempt : {try_egl_surfaceless, try_egl_device, try_hidden_glfw}) {
        Result<std::unique_ptr<OffscreenContext>> context = attempt();
        if (context) return context;
        reasons += (reasons.empty() ? "" : "; ") + context.error();
    }
    return Failed{"no OpenGL 3.3 context for offscreen rendering (" + reasons + ")"};
}

}  // namespace tsl::app
