// shader_sources.h — GLSL sources by file name ("shaders/npc_arrow.vert").
//
// The files in shaders/ are embedded into the binary at build time, so the
// app runs from any directory. Set TSL_SHADER_DIR to a directory to load them
// from there instead, at start-up (handy for experimenting without a rebuild);
// a file missing there is an error that names it.
#pragma once

#include "core/base/result.h"

#include <cstddef>
#include <string>

namespace tsl::app {

struct EmbeddedShader {
    const char* name;
    const char* source;
};
extern const EmbeddedShader kEmbeddedShaders[];
extern const std::size_t kEmbeddedShaderCount;

// The source, or why it cannot be found (naming the file).
Result<std::string> load_shader_source(const std::string& name);

}  // namespace tsl::app
