#include "core/media/output_file.h"

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <ostream>
#include <streambuf>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace tsl {

namespace {

std::atomic<unsigned> temp_file_counter{0};

// The final target of a chain of symbolic links, whether or not it exists
// (a dangling link names the file to create). A relative link is read from
// the link's own folder. 0, or the errno that stops the walk.
int follow_links(std::string& path) {
    for (int hops = 0; hops < 40; ++hops) {  // the kernel's own limit
        struct stat info {};
        if (::lstat(path.c_str(), &info) != 0) return errno == ENOENT ? 0 : errno;
        if (!S_ISLNK(info.st_mode)) return 0;
        std::vector<char> target(PATH_MAX + 1);
        const ssize_t length = ::readlink(path.c_str(), target.data(), target.size());
        if (length < 0) return errno;
        if (static_cast<std::size_t>(length) >= target.size()) return ENAMETOOLONG;
        const std::string link(target.data(), static_cast<std::size_t>(length));
        const std::size_t slash = path.rfind('/');
        path = link.starts_with('/') || slash == std::string::npos ? link : path.substr(0, slash + 1) + link;
    }
    return ELOOP;
}

// A new file beside `target`, mode 0666 less the umask (as any new file).
int create_temp_file(const std::string& target, std::string& temp_path) {
    const std::size_t slash = target.rfind('/');
    const std::string folder = slash == std::string::npos ? "" : target.substr(0, slash + 1);
    std::string name = target.substr(folder.size());
    if (name.size() > 200) name.resize(200);  // room for the suffix within a file name's 255 bytes
    for (int attempt = 0; attempt < 100; ++attempt) {
        temp_path = folder + name + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(temp_file_counter++);
        const int fd = ::open(temp_path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    errno = EEXIST;
    return -1;
}

const char* refusal(mode_t mode) {
    if (S_ISSOCK(mode)) return "it is a socket (outputs are files, character devices or FIFOs)";
    if (S_ISBLK(mode)) return "it is a block device (outputs are files, character devices or FIFOs)";
    return "it is neither a file, a character device nor a FIFO";
}

}  // namespace

// The stream's buffer: bytes collect here and go to the descriptor 64 KB at a
// time. After a failure every write is refused, so the stream goes bad.
class OutputFile::Buffer final : public std::streambuf {
public:
    static constexpr std::size_t kBytes = 64 * 1024;

    explicit Buffer(OutputFile& file) : file_(file), space_(kBytes) { setp(space_.data(), space_.data() + space_.size()); }

    bool flush_buffer() {
        const auto pending = static_cast<std::size_t>(pptr() - pbase());
        if (pbase() == nullptr) return false;  // failed earlier
        setp(space_.data(), space_.data() + space_.size());
        if (pending == 0 || file_.drain(space_.data(), pending)) return true;
        setp(nullptr, nullptr);
        return false;
    }

    bool put(const char* data, std::size_t size) {
        if (pbase() == nullptr) return false;
        if (size >= space_.size()) {  // a large piece goes straight to the file, after what is buffered
            if (!flush_buffer()) return false;
            if (file_.drain(data, size)) return true;
            setp(nullptr, nullptr);
            return false;
        }
        return xsputn(data, static_cast<std::streamsize>(size)) == static_cast<std::streamsize>(size);
    }

protected:
    int_type overflow(int_type c) override {
        if (!flush_buffer()) return traits_type::eof();
        if (!traits_type::eq_int_type(c, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(c);
            pbump(1);
        }
        return traits_type::not_eof(c);
    }
    int sync() override { return flush_buffer() ? 0 : -1; }

private:
    OutputFile& file_;
    std::vector<char> space_;
};

OutputFile::OutputFile(const std::string& path, const OutputOptions& options) : path_(path), options_(options) {
    buffer_ = std::make_unique<Buffer>(*this);
    stream_ = std::make_unique<std::ostream>(buffer_.get());
    open(path);
}

void OutputFile::open(const std::string& path) {
    if (path == kStandardOutputPath) {
        // Whatever the process printed before goes first.
        std::cout.flush();
        std::fflush(stdout);
        method_ = OutputMethod::Direct;
        fd_ = STDOUT_FILENO;
        return;
    }
    if (path.empty()) return fail(ENOENT);

    struct stat info {};
    if (::stat(path.c_str(), &info) == 0) {  // something is there (links followed)
        if (S_ISCHR(info.st_mode) || S_ISFIFO(info.st_mode)) {
            method_ = OutputMethod::Direct;
            fd_ = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
            if (fd_ < 0) return fail(errno);
            owns_fd_ = true;
            return;
        }
        if (S_ISDIR(info.st_mode)) return fail(EISDIR);
        if (!S_ISREG(info.st_mode)) return fail(refusal(info.st_mode));
        if (::faccessat(AT_FDCWD, path.c_str(), W_OK, AT_EACCESS) != 0) return fail(errno);
    } else if (errno != ENOENT) {
        return fail(errno);
    }

    // A regular file, or nothing yet (perhaps a link that names the file to create).
    method_ = OutputMethod::Atomic;
    target_ = path;
    if (const int error_number = follow_links(target_); error_number != 0) return fail(error_number);
    fd_ = create_temp_file(target_, temp_path_);
    if (fd_ < 0) {
        temp_path_.clear();
        return fail(errno);
    }
    owns_fd_ = true;
    struct stat existing {};
    if (::stat(target_.c_str(), &existing) == 0) {
        // A replaced file keeps its mode, and its owner where we may keep it.
        if (::fchmod(fd_, existing.st_mode & 07777) != 0) return fail(errno);
        if ((existing.st_uid != ::geteuid() || existing.st_gid != ::getegid()) && ::fchown(fd_, existing.st_uid, existing.st_gid) != 0) {
            // Not permitted for another user's file: the new file is ours, as it would be after a copy.
        }
    }
}

OutputFile::~OutputFile() {
    if (!committed_) close_and_remove();
}

bool OutputFile::write(const void* data, std::size_t size) {
    return ok() && buffer_->put(static_cast<const char*>(data), size) && ok();
}

std::ostream& OutputFile::stream() {
    if (!ok()) stream_->setstate(std::ios::badbit);
    return *stream_;
}

Status OutputFile::commit() {
    if (committed_) return {};
    if (!ok()) return Failed{error_};
    if (!buffer_->flush_buffer()) return Failed{error_};
    if (method_ == OutputMethod::Atomic) {
        if (::fsync(fd_) != 0) {
            fail(errno);
            return Failed{error_};
        }
        const int fd = fd_;
        fd_ = -1;
        if (::close(fd) != 0) {
            fail(errno);
            return Failed{error_};
        }
        if (std::rename(temp_path_.c_str(), target_.c_str()) != 0) {
            fail(errno);
            return Failed{error_};
        }
        temp_path_.clear();
    } else if (owns_fd_) {
        const int fd = fd_;
        fd_ = -1;
        if (::close(fd) != 0) {
            fail(errno);
            return Failed{error_};
        }
    }
    committed_ = true;
    return {};
}

void OutputFile::abandon(const std::string& reason) {
    if (committed_ || !ok()) return;
    fail(reason);
}

bool OutputFile::drain(const char* data, std::size_t size) {
    if (!ok()) return false;
    std::size_t allowed = size;
    if (options_.fail_after_bytes) allowed = std::min(size, *options_.fail_after_bytes - std::min(*options_.fail_after_bytes, bytes_));
    std::size_t done = 0;
    while (done < allowed) {
        const ssize_t wrote = ::write(fd_, data + done, allowed - done);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) {
            fail(wrote < 0 ? errno : EIO);
            return false;
        }
        done += static_cast<std::size_t>(wrote);
        bytes_ += static_cast<std::size_t>(wrote);
    }
    if (allowed < size) {
        fail(ENOSPC);  // the test hook: as a full disk reports it
        return false;
    }
    return true;
}

void OutputFile::fail(int error_number) { fail(std::string(std::strerror(error_number))); }

void OutputFile::fail(const std::string& reason) {
    close_and_remove();
    error_ = path_ == kStandardOutputPath ? "cannot write to standard output: " + reason : "cannot write '" + path_ + "': " + reason;
    stream_->setstate(std::ios::badbit);
}

void OutputFile::close_and_remove() {
    if (fd_ >= 0 && owns_fd_) ::close(fd_);
    fd_ = -1;
    if (!temp_path_.empty()) ::unlink(temp_path_.c_str());
    temp_path_.clear();
}

Status write_output_file(const std::string& path, const std::function<bool(std::ostream&)>& write, const OutputOptions& options) {
    OutputFile file(path, options);
    if (!file.ok()) return Failed{file.error()};
    const bool complete = write(file.stream());
    if (!file.ok()) return Failed{file.error()};  // the failed call's own reason
    if (!complete) {
        file.abandon("the output was abandoned before its end");
        return Failed{file.error()};
    }
    return file.commit();
}

Status write_output_file(const std::string& path, const std::string& content, const OutputOptions& options) {
    return write_output_file(
        path,
        [&](std::ostream& out) {
            out.write(content.data(), static_cast<std::streamsize>(content.size()));
            return static_cast<bool>(out);
        },
        options);
}

}  // namespace tsl
