// Outputs never destroy what their path names (core/media/output_file.h):
// files are replaced atomically (a symbolic link's target, the link stays),
// devices and FIFOs are written directly, anything else is refused; a failure
// says the system's reason and leaves nothing behind.
#include "core/media/gif_writer.h"
#include "core/media/image_io.h"
#include "core/media/output_file.h"

#include "run_command.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace tsl;
using tsl::test::TempFolder;
namespace fs = std::filesystem;

namespace {

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

mode_t type_of(const std::string& path) {
    struct stat info {};
    REQUIRE(::lstat(path.c_str(), &info) == 0);
    return info.st_mode & S_IFMT;
}

// The read end of the FIFO at `path`, open before anyone writes: a writer's
// open does not wait, and what it writes (less than the pipe's 64 KB) waits
// in the pipe. Nothing here blocks, whatever the writer does.
struct FifoReader {
    int fd = -1;
    explicit FifoReader(const std::string& path) : fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK)) { REQUIRE(fd >= 0); }
    ~FifoReader() { ::close(fd); }
    std::string received() const {
        std::string text;
        char chunk[4096];
        for (ssize_t n; (n = ::read(fd, chunk, sizeof chunk)) > 0;) text.append(chunk, static_cast<std::size_t>(n));
        return text;
    }
};

}  // namespace

TEST_CASE("A regular file is replaced atomically and keeps its mode", "[output]") {
    TempFolder folder;
    const std::string path = folder.file("data.csv");
    std::ofstream(path) << "old";
    ::chmod(path.c_str(), 0640);
    REQUIRE(write_output_file(path, std::string("new contents\n")));
    CHECK(read_text(path) == "new contents\n");
    CHECK(folder.entries() == std::set<std::string>{"data.csv"});
    struct stat info {};
    REQUIRE(::stat(path.c_str(), &info) == 0);
    CHECK((info.st_mode & 0777) == 0640);

    // A new file: created, mode 0666 less the umask.
    const mode_t previous = ::umask(022);
    const Status created = write_output_file(folder.file("new.csv"), std::string("x"));
    ::umask(previous);
    REQUIRE(created);
    REQUIRE(::stat(folder.file("new.csv").c_str(), &info) == 0);
    CHECK((info.st_mode & 0777) == 0644);
}

TEST_CASE("A symbolic link's final target is replaced and the link stays", "[output]") {
    TempFolder folder;
    fs::create_directory(folder.path / "real");
    std::ofstream(folder.file("real/target.csv")) << "old";
    // link.csv -> real/hop.csv -> target.csv (relative links, read from each link's folder)
    fs::create_symlink("target.csv", folder.path / "real" / "hop.csv");
    fs::create_symlink("real/hop.csv", folder.path / "link.csv");

    REQUIRE(write_output_file(folder.file("link.csv"), std::string("through the links")));
    CHECK(type_of(folder.file("link.csv")) == S_IFLNK);
    CHECK(type_of(folder.file("real/hop.csv")) == S_IFLNK);
    CHECK(type_of(folder.file("real/target.csv")) == S_IFREG);
    CHECK(read_text(folder.file("real/target.csv")) == "through the links");
    CHECK(folder.entries("real") == std::set<std::string>{"hop.csv", "target.csv"});

    SECTION("a dangling link names the file to create") {
        fs::create_symlink("real/made.csv", folder.path / "dangling.csv");
        REQUIRE(write_output_file(folder.file("dangling.csv"), std::string("made")));
        CHECK(type_of(folder.file("dangling.csv")) == S_IFLNK);
        CHECK(read_text(folder.file("real/made.csv")) == "made");
    }
    SECTION("a loop of links is an error that names the path") {
        fs::create_symlink("b", folder.path / "a");
        fs::create_symlink("a", folder.path / "b");
        const Status r = write_output_file(folder.file("a"), std::string("x"));
        CHECK_FALSE(r);
        CHECK_THAT(r.error(), Catch::Contains(folder.file("a")) && Catch::Contains("Too many levels of symbolic links"));
    }
}

TEST_CASE("A FIFO is written directly and stays a FIFO", "[output]") {
    TempFolder folder;
    const std::string fifo = folder.file("pipe");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    FifoReader reader(fifo);
    const Status r = write_output_file(fifo, std::string("through the pipe\n"));
    CHECK(reader.received() == "through the pipe\n");
    CHECK(r);
    CHECK(type_of(fifo) == S_IFIFO);
    CHECK(folder.entries() == std::set<std::string>{"pipe"});
}

TEST_CASE("A character device is written directly and stays a device", "[output]") {
    TempFolder folder;
    const std::string device = test::stand_in_device(folder.path, "/dev/null");
    REQUIRE(!device.empty());
    const Status r = write_output_file(device, std::string(200000, 'x'));
    CHECK(r);
    CHECK(type_of(device) == S_IFCHR);
    if (::geteuid() == 0) CHECK(folder.entries() == std::set<std::string>{"null"});
}

TEST_CASE("A directory or a socket is refused with the reason and left alone", "[output]") {
    TempFolder folder;
    fs::create_directory(folder.path / "dir.csv");
    Status r = write_output_file(folder.file("dir.csv"), std::string("x"));
    CHECK_FALSE(r);
    CHECK(r.error() == "cannot write '" + folder.file("dir.csv") + "': Is a directory");
    CHECK(fs::is_empty(folder.path / "dir.csv"));

    const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
    REQUIRE(sock >= 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const std::string socket_path = folder.file("sock");
    REQUIRE(socket_path.size() < sizeof address.sun_path);
    std::copy(socket_path.begin(), socket_path.end(), address.sun_path);
    REQUIRE(::bind(sock, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0);
    r = write_output_file(socket_path, std::string("x"));
    ::close(sock);
    CHECK_FALSE(r);
    CHECK_THAT(r.error(), Catch::Contains(socket_path) && Catch::Contains("socket"));
    CHECK(type_of(socket_path) == S_IFSOCK);
    CHECK(folder.entries() == std::set<std::string>{"dir.csv", "sock"});

    // The GIF recorder and PNG writer go through the same door.
    const Result<std::unique_ptr<GifWriter>> gif = GifWriter::open(folder.file("dir.csv"), 8, 8, {});
    CHECK_FALSE(gif);
    CHECK_THAT(gif.error(), Catch::Contains("Is a directory"));
    Image image{2, 2, std::vector<std::uint8_t>(16, 255)};
    CHECK_THAT(write_png(folder.file("dir.csv"), image).error(), Catch::Contains("Is a directory"));
    CHECK(folder.entries() == std::set<std::string>{"dir.csv", "sock"});
}

TEST_CASE("A full disk says No space left on device and leaves the old file whole", "[output]") {
    TempFolder folder;
    const std::string path = folder.file("metrics.csv");
    std::ofstream(path) << "the previous run";
    OutputOptions full;
    full.fail_after_bytes = 100000;
    const Status r = write_output_file(
        path,
        [](std::ostream& out) {
            for (int row = 0; row < 100000 && out; ++row) out << row << ",0.000,0.000\n";
            return static_cast<bool>(out);
        },
        full);
    CHECK_FALSE(r);
    CHECK(r.error() == "cannot write '" + path + "': No space left on device");
    CHECK(read_text(path) == "the previous run");
    CHECK(folder.entries() == std::set<std::string>{"metrics.csv"});

    // The same from the device that is always full.
    const std::string full_device = test::stand_in_device(folder.path, "/dev/full");
    REQUIRE(!full_device.empty());
    const Status device = write_output_file(full_device, std::string("x"));
    CHECK(device.error() == "cannot write '" + full_device + "': No space left on device");
    CHECK(type_of(full_device) == S_IFCHR);
}

TEST_CASE("A missing folder or a writer that gives up leaves nothing behind", "[output]") {
    TempFolder folder;
    Status r = write_output_file(folder.file("none/x.csv"), std::string("x"));
    CHECK(r.error() == "cannot write '" + folder.file("none/x.csv") + "': No such file or directory");
    r = write_output_file(folder.file("x.csv"), [](std::ostream& out) {
        out << "half";
        return false;
    });
    CHECK_FALSE(r);
    CHECK_THAT(r.error(), Catch::Contains(folder.file("x.csv")));
    CHECK(folder.entries().empty());

    OutputFile file(folder.file("y.csv"));
    REQUIRE(file.ok());
    CHECK(file.method() == OutputMethod::Atomic);
    CHECK(file.write("abc", 3));
    CHECK(folder.entries().size() == 1);  // the temporary file
    file.abandon();
    CHECK(folder.entries().empty());
    CHECK_FALSE(file.commit());
}
