#include "core/media/atomic_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace tsl {

namespace {

FileResult failure(const std::string& path, int error_number) {
    return {false, "cannot write '" + path + "': " + std::strerror(error_number)};
}

}  // namespace

FileResult write_file_atomically(const std::string& path, const std::function<bool(std::ostream&)>& write) {
    std::string temp = path + ".tmp-XXXXXX";
    std::vector<char> name(temp.begin(), temp.end());
    name.push_back('\0');
    const int fd = mkstemp(name.data());
    if (fd < 0) return failure(path, errno);
    temp = name.data();

    // mkstemp makes the file private (0600); give it the mode a normal create would.
    const mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);

    auto fail = [&](int error_number) {
        close(fd);
        unlink(temp.c_str());
        return failure(path, error_number);
    };

    errno = 0;
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) return fail(errno ? errno : EIO);
    const bool wrote = write(out);
    out.flush();
    if (!wrote) return fail(ECANCELED);
    if (!out) return fail(errno ? errno : EIO);
    out.close();
    if (!out) return fail(errno ? errno : EIO);
    if (fsync(fd) != 0) return fail(errno);
    if (close(fd) != 0) {
        const int error_number = errno;
        unlink(temp.c_str());
        return failure(path, error_number);
    }
    if (rename(temp.c_str(), path.c_str()) != 0) {
        const int error_number = errno;
        unlink(temp.c_str());
        return failure(path, error_number);
    }
    return {};
}

FileResult write_file_atomically(const std::string& path, const std::string& content) {
    return write_file_atomically(path, [&](std::ostream& out) {
        out.write(content.data(), static_cast<std::streamsize>(content.size()));
        return true;
    });
}

}  // namespace tsl
