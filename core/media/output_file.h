// output_file.h — how every output of the lab is written (trace and metrics
// CSV, PNG screenshots and snapshots, GIF recordings, plot CSV exports, the
// settings file), so that writing never destroys what the path names:
//
//   what the path names               how it is written
//   nothing yet, or a regular file    atomically: a temporary file beside it
//                                     ("<name>.tmp-<pid>-<n>"), flushed to disk, then
//                                     renamed over it. Readers see the old file or the
//                                     complete new one; on failure the old file is
//                                     untouched and the temporary file is gone at once.
//   a symbolic link                   followed to its final target (a relative link from
//                                     the link's own folder), which is written as above;
//                                     the link stays.
//   "-" (standard output), a          directly, as a shell redirection would: a device or
//   character device (/dev/null, a    a FIFO can be written to, never replaced.
//   terminal) or a FIFO
//   anything else: a directory, a     refused with the reason, before anything is written.
//   socket, a block device
//
// A new file gets mode 0666 less the umask, as any new file; a replaced file
// keeps its mode. A regular file the user may not write is refused
// ("Permission denied"), as a plain open would refuse it.
//
// Usage
//   Status done = write_output_file("out/metrics.csv", [&](std::ostream& out) {
//       out << "frame,value\n";
//       for (...) { out << row; if (!out) return false; }   // stop early on a failed write
//       return true;
//   });
//   if (!done) report(done.error());   // "cannot write 'out/metrics.csv': No space left on device"
//
// or, for a writer that produces its bytes over time (the GIF recorder):
//   OutputFile file(path);
//   if (!file.ok()) report(file.error());
//   file.write(bytes, size) ...;           // false once anything failed: see error()
//   Status done = file.commit();        // or abandon(): nothing is left behind
//
// Errors are "cannot write '<path as given>': <the system's reason>" ("cannot
// write to standard output: ..." for "-"), with the errno text of the call
// that failed — a full disk says "No space left on device" whether it shows
// at a write, the flush, fsync or close.
//
// Threading: one OutputFile is used by one thread at a time; different ones
// are independent.
#pragma once

#include "core/base/result.h"

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

namespace tsl {

// The path that means standard output.
inline constexpr const char* kStandardOutputPath = "-";

struct OutputOptions {
    std::optional<std::size_t> fail_after_bytes;  // none — test hook: writes fail (ENOSPC) once this many bytes are written, as on a full disk
};

// How an output path is written (see the table above).
enum class OutputMethod { Atomic, Direct, Refused };

class OutputFile {
public:
    // Opens the output: checks what the path names and creates the temporary
    // file, or opens the device, FIFO or standard output. See ok() / error().
    explicit OutputFile(const std::string& path, const OutputOptions& options = {});
    ~OutputFile();  // abandon() unless committed
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    bool ok() const noexcept { return error_.empty(); }
    const std::string& error() const noexcept { return error_; }
    OutputMethod method() const noexcept { return method_; }
    const std::string& path() const noexcept { return path_; }

    // Appends bytes (buffered). false once the output has failed.
    bool write(const void* data, std::size_t size);
    // The same output as a stream; it goes bad when a write fails.
    std::ostream& stream();

    // Flushes everything to its place: for an atomic output, fsync and rename
    // over the target; for a direct one, the last bytes written. On failure
    // the temporary file is removed and the target untouched.
    Status commit();
    // Gives up: the temporary file (if any) is removed and the output fails
    // with "cannot write '<path>': <reason>". Nothing happens after commit().
    void abandon(const std::string& reason = "cancelled");

private:
    class Buffer;
    void open(const std::string& path);
    bool drain(const char* data, std::size_t size);   // to the file descriptor; false (and failed) on error
    void fail(int error_number);
    void fail(const std::string& reason);
    void close_and_remove();

    std::string path_;          // as given (messages name it)
    std::string target_;        // the file written or replaced (symbolic links followed)
    std::string temp_path_;     // atomic outputs: the temporary file beside the target
    OutputMethod method_ = OutputMethod::Refused;
    int fd_ = -1;
    bool owns_fd_ = false;      // false for standard output, which stays open
    bool committed_ = false;
    std::size_t bytes_ = 0;
    OutputOptions options_;
    std::string error_;
    std::unique_ptr<Buffer> buffer_;
    std::unique_ptr<std::ostream> stream_;
};

// Opens `path` as an OutputFile, calls `write` with its stream and commits
// when `write` returns true and every byte was written. On failure the error
// gives the first failed call's reason.
Status write_output_file(const std::string& path, const std::function<bool(std::ostream&)>& write,
                             const OutputOptions& options = {});

// The same for content already in memory.
Status write_output_file(const std::string& path, const std::string& content, const OutputOptions& options = {});

}  // namespace tsl
