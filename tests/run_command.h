// run_command.h — runs the timeslice-lab binary the way a user would and
// captures its exit status, stdout and stderr; and the scratch folders the
// tests write their files in.
#pragma once

#include "build_paths.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <grp.h>
#include <set>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace tsl::test {

struct CommandResult {
    int status = -1;
    std::string out, err;
};

inline std::string shell_quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) {
        if (c == '\'') q += "'\\''";
        else q += c;
    }
    q += '\'';
    return q;
}

inline std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A fresh, empty directory under the system temp dir for one test.
inline std::filesystem::path scratch_dir(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / ("tsl-test-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

// A fresh folder under /tmp, removed with all it holds when the test ends
// (its own permissions restored first, for tests that take them away).
struct TempFolder {
    std::filesystem::path path;
    TempFolder() {
        char name[] = "/tmp/tsl-test-XXXXXX";
        REQUIRE(::mkdtemp(name) != nullptr);
        path = name;
    }
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;
    ~TempFolder() {
        std::error_code ignored;
        std::filesystem::permissions(path, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ignored);
        std::filesystem::remove_all(path, ignored);
    }
    std::string file(const std::string& name) const { return (path / name).string(); }
    // The names in the folder, or in its subfolder `sub`.
    std::set<std::string> entries(const std::string& sub = "") const {
        std::set<std::string> names;
        for (const auto& entry : std::filesystem::directory_iterator(path / sub)) names.insert(entry.path().filename().string());
        return names;
    }
};

// A character device standing in for `system_path` ("/dev/null" or
// "/dev/full") as an output: as root, a node of our own in `dir` with Linux's
// numbers for that device (1,3 and 1,7), so that a writer that wrongly
// replaced its output could only ever replace that one — and a system device
// some other program replaced cannot fail the test; otherwise the system's,
// which a normal user cannot replace.
inline std::string stand_in_device(const std::filesystem::path& dir, const std::string& system_path) {
    if (::geteuid() != 0) return system_path;
    const unsigned minor = system_path == "/dev/null" ? 3 : system_path == "/dev/full" ? 7 : 0;
    if (minor == 0) return {};
    const auto node = dir / std::filesystem::path(system_path).filename();
    if (::mknod(node.c_str(), S_IFCHR | 0666, makedev(1, minor)) != 0) return {};
    return node.string();
}

// Runs `program args...` with a shell, stdout and stderr captured separately.
// `env_prefix` is a shell fragment put before the program ("env -u DISPLAY ");
// `stdout_to`, when given, is where stdout goes instead ("/dev/full").
inline CommandResult run_command(const std::string& program, const std::vector<std::string>& args,
                                 const std::string& env_prefix = "", const std::string& stdout_to = "") {
    const auto dir = scratch_dir("cmd");
    std::string command = env_prefix;
    if (program == tsl::test::kApp && *tsl::test::kAppPreload) {  // see tests/CMakeLists.txt
        if (env_prefix.empty()) command += "env ";
        command += "LD_PRELOAD=";
        command += shell_quote(tsl::test::kAppPreload);
        command += ' ';
    }
    command += shell_quote(program);
    for (const std::string& a : args) {
        command += ' ';
        command += shell_quote(a);
    }
    command += " >";
    command += shell_quote(stdout_to.empty() ? (dir / "out").string() : stdout_to);
    command += " 2>";
    command += shell_quote((dir / "err").string());
    command += " </dev/null";
    const int raw = std::system(command.c_str());
    CommandResult result;
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
    result.out = slurp(dir / "out");
    result.err = slurp(dir / "err");
    std::filesystem::remove_all(dir);
    return result;
}

inline CommandResult run_app(const std::vector<std::string>& args) { return run_command(tsl::test::kApp, args); }

// What `work` returns, run in a child process that has `seconds` to finish
// (so that a read that never ends fails the test instead of hanging it); as
// user nobody (uid and gid 65534, no other groups) when `without_root` and
// this process is root, since root may read and write any file whatever its
// mode. "(killed: ...)" when the child did not finish.
inline std::string run_in_child(const std::function<std::string()>& work, bool without_root = false, unsigned seconds = 10) {
    int pipe_fds[2];
    REQUIRE(::pipe(pipe_fds) == 0);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        ::close(pipe_fds[0]);
        ::alarm(seconds);
        if (without_root && ::geteuid() == 0 && (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0))
            ::_exit(3);
        const std::string said = work();
        const bool written = ::write(pipe_fds[1], said.data(), said.size()) == static_cast<ssize_t>(said.size());
        ::_exit(written ? 0 : 4);
    }
    ::close(pipe_fds[1]);
    std::string said;
    char buffer[4096];
    for (ssize_t n; (n = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;) said.append(buffer, static_cast<std::size_t>(n));
    ::close(pipe_fds[0]);
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    if (WIFSIGNALED(status)) return "(killed: signal " + std::to_string(WTERMSIG(status)) + ", it did not end)";
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    return said;
}

}  // namespace tsl::test
