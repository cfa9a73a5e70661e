// text_file.h — the one way a file a user names is read: presets, lessons,
// levels, the settings file and shaders from TSL_SHADER_DIR, on the desktop
// and in the page.
//
// Only a regular file is read. A folder, a device (/dev/zero, /dev/urandom),
// a named pipe or a socket is refused before it is opened, so that nothing
// can read forever or wait for a writer that never comes; a file larger than
// its format's cap is refused before it is read, and a file that grows while
// it is read stops at the cap. The problem says what the path is and why it
// was refused, in words a user can act on; the caller names the path.
//
// Threading: any thread.
#pragma once

#include <cstddef>
#include <string>

#include "core/base/result.h"

namespace tsl {

// The most each kind of file may hold, with room to spare over any real one
// (the shipped files are 2 to 11 KB):
//   a level: a 1000 x 1000 map with Windows line ends is about 1 MB; twice that.
//   a lesson: 1 MB, a hundred times the longest shipped lesson, for lessons
//     that carry their text in several languages.
//   a preset, the settings file, a shader: 256 KB.
inline constexpr std::size_t kMaxLevelFileBytes = std::size_t{2} << 20;
inline constexpr std::size_t kMaxLessonFileBytes = std::size_t{1} << 20;
inline constexpr std::size_t kMaxPresetFileBytes = std::size_t{256} << 10;
inline constexpr std::size_t kMaxSettingsFileBytes = std::size_t{256} << 10;
inline constexpr std::size_t kMaxShaderFileBytes = std::size_t{256} << 10;

// The file's bytes as they are, or the problem without the path ("is a
// folder, not a level file"). `kind` names the format in the problem; `max_bytes` is its cap.
Result<std::string> read_text_file(const std::string& path, std::size_t max_bytes, const std::string& kind);

// "256 KB", "2 MB": a cap as the problem says it.
std::string size_words(std::size_t bytes);

}  // namespace tsl
