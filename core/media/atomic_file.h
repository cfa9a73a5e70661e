// atomic_file.h — write a file so that readers see either the old file or the
// complete new one, never a truncated mix: write a temporary file beside it,
// flush it to disk, then rename it over the target. On failure the temporary
// file is removed and the reason is returned.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>

namespace tsl {

struct FileResult {
    bool ok = true;
    std::string error;  // "cannot write 'out/x.csv': No such file or directory" when !ok
    explicit operator bool() const noexcept { return ok; }
};

// Calls `write` with a stream on the temporary file; the file replaces `path`
// only if `write` returns true and every byte reached the disk.
FileResult write_file_atomically(const std::string& path, const std::function<bool(std::ostream&)>& write);

// The same for content already in memory.
FileResult write_file_atomically(const std::string& path, const std::string& content);

}  // namespace tsl
