#include "core/base/text_file.h"

#include <cerrno>
#include <cstring>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tsl {

namespace {

// What a path that is not a regular file is, as a user would call it.
std::string not_a_file(mode_t mode, const std::string& kind) {
    const char* what = S_ISDIR(mode)    ? "a folder"
                       : S_ISCHR(mode)  ? "a device"
                       : S_ISBLK(mode)  ? "a disk"
                       : S_ISFIFO(mode) ? "a named pipe (FIFO)"
                       : S_ISSOCK(mode) ? "a socket"
                                        : "something other than a file";
    return std::string("is ") + what + ", not a " + kind;
}

std::string too_large(std::size_t max_bytes, const std::string& kind) {
    return "is larger than " + size_words(max_bytes) + ", the most a " + kind + " may be";
}

std::string errno_words(int error) { return std::strerror(error); }

}  // namespace

std::string size_words(std::size_t bytes) {
    if (bytes >= (std::size_t{1} << 20) && bytes % (std::size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MB";
    if (bytes >= (std::size_t{1} << 10) && bytes % (std::size_t{1} << 10) == 0) return std::to_string(bytes >> 10) + " KB";
    return std::to_string(bytes) + " bytes";
}

Result<std::string> read_text_file(const std::string& path, std::size_t max_bytes, const std::string& kind) {
    // Looked at before it is opened: opening a named pipe would wait for a writer.
    struct stat before {};
    if (::stat(path.c_str(), &before) != 0) {
        const int error = errno;
        return Failed{error == ENOENT ? "no such " + kind : "cannot be read (" + errno_words(error) + ")"};
    }
    if (!S_ISREG(before.st_mode)) return Failed{not_a_file(before.st_mode, kind)};
    if (static_cast<unsigned long long>(before.st_size) > max_bytes) return Failed{too_large(max_bytes, kind)};
    // O_NONBLOCK: should the path become a pipe between stat and open, the
    // open does not wait; what was opened is looked at again below.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return Failed{"cannot be opened (" + errno_words(errno) + ")"};
    struct stat opened {};
    if (::fstat(fd, &opened) != 0 || !S_ISREG(opened.st_mode)) {
        ::close(fd);
        return Failed{not_a_file(opened.st_mode, kind)};
    }
    std::string text;
    text.reserve(static_cast<std::size_t>(opened.st_size));
    char buffer[16384];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const int error = errno;
            ::close(fd);
            return Failed{"cannot be read (" + errno_words(error) + ")"};
        }
        if (n == 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
        if (text.size() > max_bytes) {  // it grew while being read
            ::close(fd);
            return Failed{too_large(max_bytes, kind)};
        }
    }
    ::close(fd);
    return text;
}

}  // namespace tsl
