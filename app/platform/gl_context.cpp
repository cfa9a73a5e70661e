#include "app/platform/gl_context.h"

#include "app/render/gl.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLFW/glfw3.h>

#include <cstdlib>

namespace tsl::app {

bool load_gl(void* (*get_proc)(const char*), std::string& error) {
    const int version = gladLoadGL(reinterpret_cast<GLADloadfunc>(get_proc));
    if (version == 0) {
        error = "cannot load OpenGL functions";
        return false;
    }
    const int major = GLAD_VERSION_MAJOR(version), minor = GLAD_VERSION_MINOR(version);
    if (major < 3 || (major == 3 && minor < 3)) {
        error = "Timeslice Lab needs OpenGL 3.3 core; this driver offers " + std::to_string(major) + "." + std::to_string(minor);
        return false;
    }
    return true;
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
std::unique_ptr<OffscreenContext> egl_context_on(EGLDisplay display, const std::string& kind, std::string& error) {
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, nullptr, nullptr)) {
        error = kind + ": no display";
        return nullptr;
    }
    // No surface type: the default (window) excludes every config of a surfaceless display.
    const EGLint config_attributes[] = {EGL_SURFACE_TYPE, 0, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig config = nullptr;
    EGLint count = 0;
    if (!eglBindAPI(EGL_OPENGL_API) || !eglChooseConfig(display, config_attributes, &config, 1, &count) || count == 0) {
        error = kind + ": no OpenGL config";
        eglTerminate(display);
        return nullptr;
    }
    const EGLint context_attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                         EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    const EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attributes);
    if (context == EGL_NO_CONTEXT) {
        error = kind + ": cannot create an OpenGL 3.3 core context";
        eglTerminate(display);
        return nullptr;
    }
    auto result = std::make_unique<EglContext>(display, context, kind);
    if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
        error = kind + ": cannot make the context current without a surface";
        return nullptr;
    }
    if (!load_gl(egl_proc, error)) {
        error = kind + ": " + error;
        return nullptr;
    }
    return result;
}

std::unique_ptr<OffscreenContext> try_egl_surfaceless(std::string& error) {
    const auto get_platform_display =
        reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
    if (!get_platform_display) {
        error = "EGL surfaceless: eglGetPlatformDisplayEXT missing";
        return nullptr;
    }
    return egl_context_on(get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr), "EGL surfaceless",
                          error);
}

std::unique_ptr<OffscreenContext> try_egl_device(std::string& error) {
    const auto query_devices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
    const auto get_platform_display =
        reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
    EGLDeviceEXT device = nullptr;
    EGLint count = 0;
    if (!query_devices || !get_platform_display || !query_devices(1, &device, &count) || count == 0) {
        error = "EGL device: no EGL device";
        return nullptr;
    }
    return egl_context_on(get_platform_display(EGL_PLATFORM_DEVICE_EXT, device, nullptr), "EGL device", error);
}

std::unique_ptr<OffscreenContext> try_hidden_glfw(std::string& error) {
    const char* display = std::getenv("DISPLAY");
    if (!display || !*display) {
        error = "hidden GLFW window: no display (DISPLAY is not set)";
        return nullptr;
    }
    if (!glfwInit()) {
        error = "hidden GLFW window: GLFW cannot start";
        return nullptr;
    }
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    GLFWwindow* window = glfwCreateWindow(64, 64, "Timeslice Lab (offscreen)", nullptr, nullptr);
    if (!window) {
        error = "hidden GLFW window: cannot create an OpenGL 3.3 core context";
        glfwTerminate();
        return nullptr;
    }
    glfwMakeContextCurrent(window);
    auto result = std::make_unique<HiddenGlfwContext>(window);
    if (!load_gl(glfw_proc, error)) {
        error = "hidden GLFW window: " + error;
        return nullptr;
    }
    return result;
}

}  // namespace

std::unique_ptr<OffscreenContext> OffscreenContext::create(std::string& error) {
    std::string reasons;
    for (auto attempt : {try_egl_surfaceless, try_egl_device, try_hidden_glfw}) {
        std::string why;
        if (auto context = attempt(why)) return context;
        reasons += (reasons.empty() ? "" : "; ") + why;
    }
    error = "no OpenGL 3.3 context for offscreen rendering (" + reasons + ")";
    return nullptr;
}

}  // namespace tsl::app
