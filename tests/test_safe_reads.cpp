// Every file a user names is read safely (core/base/text_file.h): a folder,
// a device, a named pipe nobody writes, a file over its format's cap and one
// the user may not read each end at once with one line naming the path and
// why — for every reader: levels, presets, lessons, the settings file, and
// (through the app) shaders and the --set level a user types.
//
// Each read runs in a child process with an alarm, so that a reader that
// regressed to reading /dev/zero forever, or waiting on a pipe, fails this
// test in seconds instead of taking the machine's memory or the run's time.
#include "run_command.h"

#include "core/base/text_file.h"
#include "core/content/lesson.h"
#include "core/content/preset.h"
#include "core/exposure/level.h"
#include "core/session/lab_session.h"
#include "core/settings/settings_file.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <functional>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using tsl::test::TempFolder;

struct Reader {
    const char* kind;                                     // as the problem names it: "level file"
    std::size_t cap;                                      // the format's size cap
    std::function<std::string(const std::string&)> read;  // the problem reading `path`, "" if it loaded
};

std::vector<Reader> readers() {
    return {
        {"level file", tsl::kMaxLevelFileBytes, [](const std::string& p) { return tsl::load_level(p).error(); }},
        {"preset file", tsl::kMaxPresetFileBytes, [](const std::string& p) { return tsl::load_preset(p).error(); }},
        {"lesson file", tsl::kMaxLessonFileBytes,
         [](const std::string& p) { return tsl::load_lesson(p, std::string(tsl::test::kSourceDir) + "/assets").error(); }},
        {"settings file", tsl::kMaxSettingsFileBytes,
         [](const std::string& p) {
             const tsl::SettingsLoad loaded = tsl::load_settings(p);
             return loaded.problems.empty() ? std::string() : loaded.problems.front();
         }},
    };
}

void write_file(const std::string& path, std::size_t bytes, char fill = '#') {
    std::ofstream out(path, std::ios::binary);
    const std::string chunk(64 * 1024, fill);
    for (std::size_t left = bytes; left > 0;) {
        const std::size_t n = std::min(left, chunk.size());
        out.write(chunk.data(), static_cast<std::streamsize>(n));
        left -= n;
    }
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("A folder, a device, a pipe nobody writes, a file too large or unreadable: each reader refuses it at once and says why",
          "[safe-reads]") {
    TempFolder dir;
    const std::string fifo = dir.file("pipe.txt");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    std::filesystem::create_directory(dir.file("folder.txt"));
    std::filesystem::create_symlink("/dev/zero", dir.file("zero-link.txt"));
    const std::string unreadable = dir.file("unreadable.txt");
    write_file(unreadable, 10, 'x');
    REQUIRE(::chmod(unreadable.c_str(), 0) == 0);
    REQUIRE(::chmod(dir.path.c_str(), 0755) == 0);  // nobody may look in the folder, and then not open the file

    for (const Reader& reader : readers()) {
        INFO(reader.kind);
        const std::string big = dir.file(std::string("big-") + reader.kind + ".txt");
        write_file(big, reader.cap + 1);
        const std::string at_cap = dir.file(std::string("at-cap-") + reader.kind + ".txt");
        write_file(at_cap, reader.cap, '\n');  // at the cap: read, and then judged by its format
        const std::string kind = reader.kind;
        const struct Case {
            std::string path, reason;
            bool without_root = false;
        } cases[] = {
            {dir.file("folder.txt"), "is a folder, not a " + kind},
            {"/dev/zero", "is a device, not a " + kind},
            {"/dev/urandom", "is a device, not a " + kind},
            {dir.file("zero-link.txt"), "is a device, not a " + kind},
            {fifo, "is a named pipe (FIFO), not a " + kind},
            {big, "is larger than " + tsl::size_words(reader.cap) + ", the most a " + kind + " may be"},
            {unreadable, "cannot be opened (Permission denied)", true},
        };
        for (const Case& c : cases) {
            INFO(c.path);
            const std::string said = tsl::test::run_in_child([&] { return reader.read(c.path); }, c.without_root);
            CHECK(has(said, c.path));
            CHECK(has(said, c.reason));
            CHECK(said.find('\n') == std::string::npos);
        }
        // A file of exactly the cap is read; what it says is its format's business.
        const std::string said = tsl::test::run_in_child([&] { return reader.read(at_cap); });
        CHECK_FALSE(has(said, "larger than"));
        CHECK_FALSE(has(said, "killed"));
    }
}

TEST_CASE("The safe read returns a regular file's bytes as they are and names a missing one", "[safe-reads]") {
    TempFolder dir;
    const std::string path = dir.file("level.txt");
    const std::string bytes("name = a\r\n\0map\n", 15);
    std::ofstream(path, std::ios::binary) << bytes;
    const tsl::Result<std::string> read = tsl::read_text_file(path, 15, "level file");
    REQUIRE(read);
    CHECK(*read == bytes);
    CHECK(tsl::read_text_file(path, 14, "level file").error() == "is larger than 14 bytes, the most a level file may be");
    CHECK(tsl::read_text_file(dir.file("none.txt"), 100, "level file").error() == "no such level file");
    CHECK(tsl::size_words(256 << 10) == "256 KB");
    CHECK(tsl::size_words(2 << 20) == "2 MB");
}

TEST_CASE("A device, a pipe or a folder set as the level ends the command with status 1 and one line naming it", "[safe-reads][cli]") {
    TempFolder dir;
    const std::string fifo = dir.file("level-pipe");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const std::string big = dir.file("big.txt");
    write_file(big, tsl::kMaxLevelFileBytes + 1, '.');
    for (const auto& [level, reason] : std::vector<std::pair<std::string, std::string>>{
             {"/dev/zero", "is a device, not a level file"},
             {"/dev/urandom", "is a device, not a level file"},
             {fifo, "is a named pipe (FIFO), not a level file"},
             {dir.path.string(), "is a folder, not a level file"},
             {big, "is larger than 2 MB, the most a level file may be"}}) {
        INFO(level);
        const auto r = tsl::test::run_command(tsl::test::kApp, {"screenshot", "--scene", "exposure", "--set", "level=" + level, "--out", dir.file("shot.png")},
                                              "timeout 20 env ");
        CHECK(r.status == 1);  // timeout's 124 if the read never ended
        CHECK(r.err == "timeslice-lab: " + level + ": " + reason + "\n");
        CHECK_FALSE(std::filesystem::exists(dir.file("shot.png")));
    }
}

TEST_CASE("A shader in TSL_SHADER_DIR that is a pipe or a device is refused by name, not waited on", "[safe-reads][cli]") {
    TempFolder dir;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(tsl::test::kSourceDir) + "/shaders"))
        std::filesystem::copy_file(entry.path(), dir.path / entry.path().filename());
    const std::string shader = dir.file("grid.frag");
    std::filesystem::remove(shader);
    REQUIRE(::mkfifo(shader.c_str(), 0600) == 0);
    const auto r = tsl::test::run_command(tsl::test::kApp, {"screenshot", "--scene", "exposure", "--out", dir.file("shot.png")},
                                          "timeout 20 env TSL_SHADER_DIR=" + tsl::test::shell_quote(dir.path.string()) + " ");
    CHECK(r.status == 1);
    CHECK(has(r.err, "shader file '" + shader + "' is a named pipe (FIFO), not a shader file (TSL_SHADER_DIR is set)"));
}

TEST_CASE("A level, preset or lesson that is refused leaves the lab as it was", "[safe-reads][session]") {
    TempFolder assets;
    std::filesystem::copy(std::string(tsl::test::kSourceDir) + "/assets", assets.path, std::filesystem::copy_options::recursive);
    const std::string big_preset = assets.file("presets/big.toml");
    write_file(big_preset, tsl::kMaxPresetFileBytes + 1, '#');
    REQUIRE(::mkfifo(assets.file("lessons/pipe.toml").c_str(), 0600) == 0);

    tsl::SessionOptions options;
    options.assets_dir = assets.path.string();
    const tsl::LabSettings defaults;
    tsl::LabSession session(defaults, options);
    REQUIRE(session.apply(tsl::LoadPreset{"exposure-single"}));
    const std::string level = session.settings().exposure.world.level;
    const tsl::CommandResult zero = session.apply(tsl::SetField{"level", std::string("/dev/zero")});
    CHECK_FALSE(zero);
    CHECK(zero.problem == "/dev/zero: is a device, not a level file");
    CHECK(session.settings().exposure.world.level == level);
    CHECK(session.showing_exposure());

    const tsl::CommandResult big = session.apply(tsl::LoadPreset{"big"});
    CHECK_FALSE(big);
    CHECK(has(big.problem, "big.toml: is larger than 256 KB, the most a preset file may be"));
    CHECK(session.preset() == "exposure-single");
    CHECK(session.showing_exposure());

    // A named pipe among the lessons is not a lesson file: it is not even offered.
    const tsl::CommandResult pipe = session.apply(tsl::StartLesson{"pipe"});
    CHECK_FALSE(pipe);
    CHECK(has(pipe.problem, "unknown lesson 'pipe'"));
    CHECK_FALSE(session.lesson());
}
