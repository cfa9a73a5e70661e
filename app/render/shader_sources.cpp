#include "app/render/shader_sources.h"

#include "core/base/text_file.h"

#include <cstdlib>
#include <filesystem>

namespace tsl::app {

Result<std::string> load_shader_source(const std::string& name) {
    if (const char* dir = std::getenv("TSL_SHADER_DIR"); dir && *dir) {
        const auto path = std::filesystem::path(dir) / std::filesystem::path(name).filename();
        Result<std::string> read = read_text_file(path.string(), kMaxShaderFileBytes, "shader file");
        if (!read) return Failed{"shader file '" + path.string() + "' " + read.error() + " (TSL_SHADER_DIR is set)"};
        return read;
    }
    for (std::size_t i = 0; i < kEmbeddedShaderCount; ++i)
        if (name == kEmbeddedShaders[i].name) return std::string(kEmbeddedShaders[i].source);
    return Failed{"shader file '" + name + "' was not embedded in this build (is it missing from shaders/?)"};
}

}  // namespace tsl::app
