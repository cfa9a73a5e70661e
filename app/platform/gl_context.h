// gl_context.h — an OpenGL 3.3 core context for rendering without a window
// (screenshot, record, bench), and the checks every context must pass.
//
// Tried in order: EGL on Mesa's surfaceless platform (no X, no GPU needed:
// llvmpipe renders in software), EGL on the first EGL device (other drivers),
// then — only when a display exists — a hidden GLFW window.
#pragma once

#include <memory>
#include <string>

#include "core/base/result.h"

namespace tsl::app {

class OffscreenContext {
public:
    // The context, made current, or every attempt's reason when none works.
    static Result<std::unique_ptr<OffscreenContext>> create();
    virtual ~OffscreenContext() = default;
    virtual std::string kind() const = 0;  // "EGL surfaceless", "EGL device", "hidden GLFW window"
};

// Loads GL entry points for the current context through `get_proc` and checks
// for OpenGL 3.3 core; the reason otherwise.
Status load_gl(void* (*get_proc)(const char*));

}  // namespace tsl::app
