// The file formats a user edits, held to what the fuzz targets demand
// (fuzz/format_checks.h): every shipped file loads, and every input a fuzzer
// once failed on (fuzz/regressions/FORMAT/) now loads or fails with an error
// that names the file and a line of it, on one line — here in every build,
// including ASan+UBSan, not only in the fuzzing build.
#include "build_paths.h"
#include "fuzz/format_checks.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Every file in `folders` (relative to the source tree) passes `check`; how many.
int check_all(const std::vector<std::string>& folders, const std::function<std::string(const std::string&)>& check) {
    int files = 0;
    for (const std::string& folder : folders) {
        const fs::path dir = fs::path(tsl::test::kSourceDir) / folder;
        if (!fs::exists(dir)) continue;
        for (const auto& entry : fs::directory_iterator(dir)) {
            INFO(entry.path().string());
            CHECK(check(read_file(entry.path())) == "");
            ++files;
        }
    }
    return files;
}

}  // namespace

TEST_CASE("Fuzzed presets load or name the file and a line of it", "[fuzz-inputs][presets]") {
    CHECK(check_all({"assets/presets", "fuzz/regressions/preset"}, tsl::fuzz::check_preset) >= 10);
}

TEST_CASE("Fuzzed lessons load or name the file and a line of it", "[fuzz-inputs][lessons]") {
    CHECK(check_all({"assets/lessons", "fuzz/regressions/lesson"}, tsl::fuzz::check_lesson) >= 2);
}

TEST_CASE("Fuzzed levels load or name the file and a line of it", "[fuzz-inputs][levels]") {
    CHECK(check_all({"assets/levels", "fuzz/regressions/level"}, tsl::fuzz::check_level) >= 4);
}

TEST_CASE("Fuzzed settings files load or name the file and a line of it", "[fuzz-inputs][settings]") {
    CHECK(check_all({"fuzz/seeds/settings", "fuzz/regressions/settings"}, tsl::fuzz::check_settings) >= 2);
}

TEST_CASE("The fuzz checks catch an error without a line or with a raw control character", "[fuzz-inputs]") {
    using tsl::fuzz::located_problem;
    CHECK(located_problem("f.toml:2: bad", "a\nb\n", "f.toml") == "");
    CHECK(located_problem("f.toml:1: bad", "", "f.toml") == "");  // an empty file has line 1
    CHECK(located_problem("f.toml:3: bad", "a\nb\n", "f.toml") != "");
    CHECK(located_problem("f.toml:3: bad", "a\nb\nc", "f.toml") == "");
    CHECK(located_problem("f.toml:0: bad", "a\n", "f.toml") != "");
    CHECK(located_problem("f.toml: bad", "a\n", "f.toml") != "");
    CHECK(located_problem("g.toml:1: bad", "a\n", "f.toml") != "");
    CHECK(located_problem("f.toml:1: bad\nsecond line", "a\n", "f.toml") != "");
}
