#include "app/render/shader_sources.h"

#include "core/base/text_file.h"

#include <cstdlib>
#include <filesystem>

namespace tsl::app {

bool load_shader_source(const std::string& name, std::string& source, std::string& error) {
    if (const char* dir = std::getenv("TSL_SHADER_DIR"); dir && *dir) {
        const auto path = std::filesystem::path(dir) / std::filesystem::path(name).filename();
        Result<std::string> read = read_text_file(path.string(), kMaxShaderFileBytes, "shader file");
        if (!read) {
            error = "shader file '" + path.string() + "' " + read.error() + " (TSL_SHADER_DIR is set)";
            return false;
        }
        source = std::move(*read);
        return true;
    }
    for (std::size_t i = 0; i < kEmbeddedShaderCount; ++i) {
        if (name == kEmbeddedShaders[i].name) {
            source = kEmbeddedShaders[i].source;
            return true;
        }
    }
    error = "shader file '" + name + "' was not embedded in this build (is it missing from shaders/?)";
    return false;
}

}  // namespace tsl::app
