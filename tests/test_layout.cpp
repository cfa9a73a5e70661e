// core/ is plain C++: no OpenGL, GLFW, EGL or ImGui header may be included
// there, so every idea in it can run headless and be tested without a GPU.
// Every folder of core/ and app/ says in its README which folders of the lab
// it may include, and includes no others; those rules run one way.
#include "build_paths.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <set>
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

// Every `#include "..."` of the files below `dir`, as (file, included path).
std::vector<std::pair<std::string, std::string>> project_includes(const std::string& dir) {
    std::vector<std::pair<std::string, std::string>> out;
    const std::filesystem::path root(tsl::test::kSourceDir);
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / dir)) {
        const auto ext = entry.path().extension();
        if (ext != ".h" && ext != ".cpp" && ext != ".c") continue;
        const std::string file = std::filesystem::relative(entry.path(), root).string();
        std::ifstream in(entry.path());
        for (std::string line; std::getline(in, line);) {
            if (line.rfind("#include \"", 0) != 0) continue;
            out.emplace_back(file, line.substr(10, line.find('"', 10) - 10));
        }
    }
    return out;
}

// The folders of core/ and app/: "core/npc", "app/ui", ...
std::vector<std::string> lab_folders() {
    std::vector<std::string> out;
    const std::filesystem::path root(tsl::test::kSourceDir);
    for (const char* top : {"core", "app"})
        for (const auto& entry : std::filesystem::directory_iterator(root / top))
            if (entry.is_directory()) out.push_back(std::string(top) + "/" + entry.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

// What a folder's README says it may include: the folders it names in
// backquotes in its sentence "May include ..." (to the sentence's full stop),
// where `core/` names every folder of core; none when it says "May include no
// other folder". Nothing when the README has no such sentence.
std::optional<std::set<std::string>> stated_includes(const std::string& folder, const std::vector<std::string>& folders) {
    std::ifstream in(std::filesystem::path(tsl::test::kSourceDir) / folder / "README.md");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::replace(text.begin(), text.end(), '\n', ' ');
    const auto at = text.find("May include ");
    if (at == std::string::npos) return std::nullopt;
    auto end = at;
    while (end < text.size() && !(text[end] == '.' && (end + 1 == text.size() || text[end + 1] == ' '))) ++end;
    const std::string sentence = text.substr(at, end - at);
    std::set<std::string> named;
    for (auto open = sentence.find('`'); open != std::string::npos; open = sentence.find('`', sentence.find('`', open + 1) + 1)) {
        const auto close = sentence.find('`', open + 1);
        if (close == std::string::npos) break;
        std::string name = sentence.substr(open + 1, close - open - 1);
        if (!name.empty() && name.back() == '/') name.pop_back();
        if (name == "core" || name == "app") {
            for (const std::string& f : folders)
                if (f.rfind(name + "/", 0) == 0 && f != folder) named.insert(f);
        } else if (std::find(folders.begin(), folders.end(), name) != folders.end()) {
            named.insert(name);
        }
    }
    return named;
}

// The folder of an included path, "core/npc/npc_scene.h" -> "core/npc"; "" for a path of no lab folder.
std::string lab_folder_of(const std::string& path, const std::vector<std::string>& folders) {
    for (const std::string& f : folders)
        if (path.rfind(f + "/", 0) == 0) return f;
    return {};
}

}  // namespace

TEST_CASE("Every folder of core and app includes only the folders its README says it may", "[layout]") {
    const std::vector<std::string> folders = lab_folders();
    REQUIRE(folders.size() >= 15);
    int checked = 0;
    for (const std::string& folder : folders) {
        INFO(folder << "/README.md");
        const auto allowed = stated_includes(folder, folders);
        REQUIRE(allowed.has_value());  // a sentence "May include ..." (or "May include no other folder of the lab")
        for (const auto& [file, included] : project_includes(folder)) {
            INFO(file << " includes " << included);
            const std::string to = lab_folder_of(included, folders);
            if (to.empty() || to == folder) continue;
            CHECK(allowed->count(to) == 1);
            ++checked;
        }
    }
    CHECK(checked > 150);
}

TEST_CASE("The folders' include rules run one way: no folder may include one that may include it", "[layout]") {
    const std::vector<std::string> folders = lab_folders();
    std::map<std::string, std::set<std::string>> may;
    for (const std::string& folder : folders) may[folder] = stated_includes(folder, folders).value_or(std::set<std::string>{});
    // Depth-first: a folder met again while it is still open closes a cycle.
    std::map<std::string, int> state;  // 0 unseen, 1 open, 2 done
    std::vector<std::string> path;
    std::function<void(const std::string&)> visit = [&](const std::string& f) {
        state[f] = 1;
        path.push_back(f);
        for (const std::string& to : may[f]) {
            if (state[to] == 1) {
                std::string cycle;
                for (auto it = std::find(path.begin(), path.end(), to); it != path.end(); ++it) cycle += *it + " -> ";
                FAIL("include rules form a cycle: " << cycle << to);
            }
            if (state[to] == 0) visit(to);
        }
        path.pop_back();
        state[f] = 2;
    };
    for (const std::string& folder : folders)
        if (state[folder] == 0) visit(folder);
    // core is below app: no folder of core may include one of app.
    for (const std::string& folder : folders)
        if (folder.rfind("core/", 0) == 0)
            for (const std::string& to : may[folder]) {
                INFO(folder << " may include " << to);
                CHECK(to.rfind("core/", 0) == 0);
            }
}

TEST_CASE("Drawing code never includes ImGui", "[layout]") {
    for (const auto& [file, included] : project_includes("app/render")) {
        INFO(file << " includes " << included);
        CHECK(included.find("imgui") == std::string::npos);
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
