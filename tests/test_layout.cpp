#include "build_paths.h"
// core/ is plain C++: no OpenGL, GLFW, EGL or ImGui header may be included
// there, so every idea in it can run headless and be tested without a GPU.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <utility>
#include <vector>

TEST_CASE("core includes no OpenGL or GLFW or EGL or ImGui header", "[layout]") {
    const std::filesystem::path core = std::filesystem::path(tsl::test::kSourceDir) / "core";
    int files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(core)) {
        const auto ext = entry.path().extension();
        if (ext != ".h" && ext != ".cpp") continue;
        ++files;
        std::ifstream in(entry.path());
        for (std::string line; std::getline(in, line);) {
            const auto at = line.find("#include");
            if (at == std::string::npos) continue;
            const auto open = line.find_first_of("<\"", at);
            const auto close = line.find_first_of(">\"", open + 1);
            std::string header = line.substr(open + 1, close - open - 1);
            std::transform(header.begin(), header.end(), header.begin(), [](unsigned char c) { return std::tolower(c); });
            INFO(entry.path().string() << ": " << line);
            for (const char* banned : {"gl/", "glfw/", "egl/", "gles", "khr/", "glad", "imgui", "backends/"})
                CHECK(header.rfind(banned, 0) == std::string::npos);
        }
    }
    CHECK(files >= 10);
}

namespace {

// The first folder below `top` in a repository path: "core/npc/x.h" -> "npc".
std::string folder_of(const std::string& path, const std::string& top) {
    if (path.rfind(top + "/", 0) != 0) return {};
    const auto slash = path.find('/', top.size() + 1);
    return slash == std::string::npos ? std::string() : path.substr(top.size() + 1, slash - top.size() - 1);
}

// Every `#include "..."` of the files below `dir`, as (file, included path).
std::vector<std::pair<std::string, std::string>> project_includes(const std::string& dir) {
    std::vector<std::pair<std::string, std::string>> out;
    const std::filesystem::path root(tsl::test::kSourceDir);
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / dir)) {
        const auto ext = entry.path().extension();
        if (ext != ".h" && ext != ".cpp") continue;
        const std::string file = std::filesystem::relative(entry.path(), root).string();
        std::ifstream in(entry.path());
        for (std::string line; std::getline(in, line);) {
            if (line.rfind("#include \"", 0) != 0) continue;
            out.emplace_back(file, line.substr(10, line.find('"', 10) - 10));
        }
    }
    return out;
}

}  // namespace

TEST_CASE("core's folders depend one way: base, media, jobs, timeslicing, scenes, settings, content, session", "[layout]") {
    // The engine scene builds on the exposure scene's path service and grid.
    const std::map<std::string, int> rank = {{"base", 0},     {"media", 0},  {"jobs", 0},     {"timeslicing", 1}, {"npc", 2},
                                             {"exposure", 2}, {"engine", 3}, {"settings", 4}, {"content", 5},     {"session", 6}};
    int checked = 0;
    for (const auto& [file, included] : project_includes("core")) {
        INFO(file << " includes " << included);
        CHECK(included.rfind("app/", 0) != 0);
        const std::string from = folder_of(file, "core"), to = folder_of(included, "core");
        REQUIRE(rank.count(from) == 1);
        if (to.empty()) continue;
        REQUIRE(rank.count(to) == 1);
        CHECK((rank.at(to) < rank.at(from) || to == from));
        ++checked;
    }
    CHECK(checked > 50);
}

TEST_CASE("Drawing code never includes ImGui, and the UI reads the session rather than owning scenes", "[layout]") {
    for (const auto& [file, included] : project_includes("app/render")) {
        INFO(file << " includes " << included);
        CHECK(included.find("imgui") == std::string::npos);
        CHECK(included.rfind("app/ui/", 0) != 0);
    }
    for (const auto& [file, included] : project_includes("app/ui")) {
        INFO(file << " includes " << included);
        CHECK(included.rfind("app/frame/lab_app", 0) != 0);
        CHECK(included.rfind("app/platform/", 0) != 0);
    }
}

TEST_CASE("Every folder of core and app says in a README what lives there", "[layout]") {
    const std::filesystem::path root(tsl::test::kSourceDir);
    for (const char* top : {"core", "app"})
        for (const auto& entry : std::filesystem::directory_iterator(root / top))
            if (entry.is_directory()) {
                INFO(entry.path().string());
                CHECK(std::filesystem::exists(entry.path() / "README.md"));
            }
}

TEST_CASE("A long source file opens with an index of its sections", "[layout]") {
    const std::filesystem::path root(tsl::test::kSourceDir);
    for (const char* top : {"core", "app"})
        for (const auto& entry : std::filesystem::recursive_directory_iterator(root / top)) {
            const auto ext = entry.path().extension();
            if (ext != ".h" && ext != ".cpp") continue;
            std::ifstream in(entry.path());
            std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            const auto lines = std::count(text.begin(), text.end(), '\n');
            if (lines <= 420) continue;
            INFO(entry.path().string() << ": " << lines << " lines");
            CHECK(text.find("[SECTION]") != std::string::npos);
        }
}

TEST_CASE("The lab cites only documents it contains", "[layout]") {
    // Help, output, lessons and code point readers at docs/ in this repository.
    const std::filesystem::path root(tsl::test::kSourceDir);
    for (const char* dir : {"core", "app", "assets", "docs", "tests", "shaders"})
        for (const auto& entry : std::filesystem::recursive_directory_iterator(root / dir)) {
            if (!entry.is_regular_file()) continue;
            const auto ext = entry.path().extension();
            if (ext != ".h" && ext != ".cpp" && ext != ".toml" && ext != ".md" && ext != ".sh" && ext != ".txt") continue;
            std::ifstream in(entry.path());
            std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            INFO(entry.path().string());
            CHECK(text.find(std::string("SPEC") + " \xc2\xa7") == std::string::npos);
            CHECK(text.find(std::string("SPEC") + ".md") == std::string::npos);
        }
    CHECK(std::filesystem::exists(root / "docs" / "semantics.md"));
}
