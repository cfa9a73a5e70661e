// core/ is plain C++: no OpenGL, GLFW, EGL or ImGui header may be included
// there, so every idea in it can run headless and be tested without a GPU.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>

TEST_CASE("core includes no OpenGL or GLFW or EGL or ImGui header", "[layout]") {
    const std::filesystem::path core = std::filesystem::path(TSL_SOURCE_DIR) / "core";
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
