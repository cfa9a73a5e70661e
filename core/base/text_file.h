// text_file.h — the whole of a file read into memory, for the readers of
// presets, lessons, levels and shaders (each says in its own words what it
// could not read).
//
// Threading: any thread.
#pragma once

#include <optional>
#include <string>

namespace tsl {

// The file's bytes as they are; nullopt when it cannot be opened.
std::optional<std::string> read_text_file(const std::string& path);

}  // namespace tsl
