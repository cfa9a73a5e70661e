// Settings persist between runs: round trip, atomic writes, and a malformed
// file that is reported (file and line), set aside and replaced by defaults.
#include "run_command.h"

#include "core/settings/settings_file.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>

using namespace tsl;
using namespace tsl::test;

namespace {

// What a file sets, on top of the defaults (as the window starts).
LabSettings applied(const SettingsLoad& loaded) {
    LabSettings s;
    apply_settings(s, loaded);
    return s;
}

}  // namespace

TEST_CASE("Settings survive a save and a load unchanged", "[settings]") {
    const auto dir = scratch_dir("settings-roundtrip");
    const std::string path = (dir / "nested" / "settings.toml").string();
    LabSettings s;
    s.scene = SceneKind::Npc;
    s.pane().timeslicing = {Mode::SISO, 3, 4, Gathering::NextFrame};
    s.npc.world.npc_count = 1234;
    s.ui_scale = 1.5f;
    s.palette = PaletteKind::ColourBlind;
    s.theme = UiTheme::HighContrast;
    s.window_width = 1920;
    s.window_height = 1080;
    REQUIRE(save_settings(path, s));
    const SettingsLoad loaded = load_settings(path);
    CHECK(loaded.found);
    CHECK(loaded.problems.empty());
    CHECK(applied(loaded) == s);
    // Written through a temporary file: nothing else is left beside it.
    CHECK(std::distance(std::filesystem::directory_iterator(dir / "nested"), std::filesystem::directory_iterator{}) == 1);
    std::filesystem::remove_all(dir);
}

TEST_CASE("No settings file means defaults and no complaint", "[settings]") {
    const SettingsLoad loaded = load_settings("/nonexistent/timeslice-lab/settings.toml");
    CHECK_FALSE(loaded.found);
    CHECK(loaded.problems.empty());
    CHECK(applied(loaded) == LabSettings{});
}

TEST_CASE("A malformed settings file is reported with its line and replaced by defaults", "[settings]") {
    const auto dir = scratch_dir("settings-corrupt");
    const std::string path = (dir / "settings.toml").string();
    std::ofstream(path) << "scene = \"npc\"\n[npc]\nmode = \"siso\n";  // unterminated string on line 3
    const SettingsLoad loaded = load_settings(path);
    REQUIRE(loaded.problems.size() == 1);
    CHECK(loaded.problems[0].find(path) != std::string::npos);
    CHECK(loaded.problems[0].find("line 3") != std::string::npos);
    CHECK(applied(loaded) == LabSettings{});
    CHECK_FALSE(std::filesystem::exists(path));             // set aside ...
    CHECK(std::filesystem::exists(path + ".bad"));         // ... for the user to look at
    std::filesystem::remove_all(dir);
}

TEST_CASE("A bad value keeps its default and names the setting while the rest still loads", "[settings]") {
    const auto dir = scratch_dir("settings-badvalue");
    const std::string path = (dir / "settings.toml").string();
    std::ofstream(path) << "ui_scale = 1.5\n[npc]\nmode = \"fast\"\ncount = 77\n";
    const SettingsLoad loaded = load_settings(path);
    REQUIRE(loaded.problems.size() == 1);
    CHECK(loaded.problems[0].find("npc.mode") != std::string::npos);
    CHECK(loaded.problems[0].find("line 3") != std::string::npos);
    CHECK(applied(loaded).pane().timeslicing.mode == LabSettings{}.pane().timeslicing.mode);
    CHECK(applied(loaded).npc.world.npc_count == 77);
    CHECK(applied(loaded).ui_scale == 1.5f);
    std::filesystem::remove_all(dir);
}

TEST_CASE("The settings file lives in XDG_CONFIG_HOME when it is set", "[settings]") {
    const char* old = std::getenv("XDG_CONFIG_HOME");
    const std::string saved = old ? old : "";
    setenv("XDG_CONFIG_HOME", "/tmp/tsl-xdg", 1);
    CHECK(default_settings_path() == "/tmp/tsl-xdg/timeslice-lab/settings.toml");
    if (old) setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
    else unsetenv("XDG_CONFIG_HOME");
}
