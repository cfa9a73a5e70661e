// Settings persist between runs: round trip, atomic writes, and a malformed
// file that is reported (file and line), set aside and replaced by defaults.
#include "run_command.h"

#include "core/settings/settings_file.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <unistd.h>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using namespace tsl;
using namespace tsl::test;

namespace {

// What a file sets, on top of the defaults (as the window starts).
LabSettings applied(const SettingsLoad& loaded) {
    LabSettings s;
    apply_settings(s, loaded);
    return s;
}

// `text` written as a settings file (in a scratch folder named after
// `scratch_name`, removed after) and loaded.
SettingsLoad load_written(const std::string& scratch_name, const std::string& text) {
    const auto dir = scratch_dir(scratch_name);
    const std::string path = (dir / "settings.toml").string();
    std::ofstream(path) << text;
    const SettingsLoad loaded = load_settings(path);
    std::filesystem::remove_all(dir);
    return loaded;
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
    // Each value is kept as its field holds it (the mode's name as its number), as the keeper compares them.
    for (const auto& [field, value] : loaded.values) {
        INFO(field->key);
        CHECK(value == get_field(s, *field));
    }
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

TEST_CASE("A malformed settings file never overwrites an older .bad file", "[settings]") {
    const auto dir = scratch_dir("settings-twice-bad");
    const std::string path = (dir / "settings.toml").string();
    std::ofstream(path + ".bad") << "the first bad file";
    std::ofstream(path) << "scene = \"npc\n";  // unterminated string on line 1
    const SettingsLoad loaded = load_settings(path);
    REQUIRE(loaded.problems.size() == 1);
    CHECK(loaded.problems[0].find("moved to '" + path + ".bad-2'") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(path));
    std::ifstream first(path + ".bad");
    CHECK(std::string(std::istreambuf_iterator<char>(first), {}) == "the first bad file");
    CHECK(std::filesystem::exists(path + ".bad-2"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("A settings file that is a folder is reported and left alone", "[settings]") {
    const auto dir = scratch_dir("settings-folder");
    const std::string path = (dir / "settings.toml").string();
    std::filesystem::create_directories(path);
    const SettingsLoad loaded = load_settings(path);
    REQUIRE(loaded.problems.size() == 1);
    CHECK(loaded.problems[0].find(path) != std::string::npos);
    CHECK(loaded.problems[0].find("folder") != std::string::npos);
    CHECK(applied(loaded) == LabSettings{});
    CHECK(std::filesystem::is_directory(path));
    std::filesystem::remove_all(dir);
}

namespace {

// load_settings(path)'s problems, loaded by a user the file's mode 000 keeps
// out: in a child, as user nobody when this process is root (run_in_child).
std::vector<std::string> problems_without_permission(const std::string& path) {
    const std::string joined = tsl::test::run_in_child(
        [&] {
            std::string lines;
            for (const std::string& p : load_settings(path).problems) lines += p + '\n';
            return lines;
        },
        true);
    std::vector<std::string> problems;
    for (std::size_t begin = 0, end; (end = joined.find('\n', begin)) != std::string::npos; begin = end + 1)
        problems.push_back(joined.substr(begin, end - begin));
    return problems;
}

}  // namespace

TEST_CASE("A settings file that cannot be opened is reported with the reason and left where it is", "[settings]") {
    const auto dir = scratch_dir("settings-unreadable");
    // A folder anyone may write in: only the file's own mode can keep it in place.
    std::filesystem::permissions(dir, std::filesystem::perms::all);
    const std::string path = (dir / "settings.toml").string();
    std::ofstream(path) << "ui_scale = 1.5\n";
    std::filesystem::permissions(path, std::filesystem::perms::none);
    const std::vector<std::string> problems = problems_without_permission(path);
    REQUIRE(problems.size() == 1);
    CHECK_THAT(problems[0], Catch::Contains(path) && Catch::Contains("Permission denied") && Catch::Contains("left as it is"));
    CHECK_THAT(problems[0], !Catch::Contains("line 0") && !Catch::Contains("moved"));
    CHECK(std::filesystem::exists(path));  // not set aside as if it were malformed
    CHECK_FALSE(std::filesystem::exists(path + ".bad"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("A section written as a value is reported with its line and the rest still loads", "[settings]") {
    const SettingsLoad loaded = load_written("settings-section-type", "ui_scale = 1.5\nwindow = 7\n[npc]\ncount = 77\n");
    REQUIRE(loaded.problems.size() == 1);
    CHECK(loaded.problems[0].find("line 2") != std::string::npos);
    CHECK(loaded.problems[0].find("[window]") != std::string::npos);
    CHECK(applied(loaded).npc.world.npc_count == 77);
    CHECK(applied(loaded).ui_scale == 1.5f);
}

TEST_CASE("A bad value keeps its default and names the setting while the rest still loads", "[settings]") {
    const SettingsLoad loaded = load_written("settings-badvalue", "ui_scale = 1.5\n[npc]\nmode = \"fast\"\ncount = 77\n");
    REQUIRE(loaded.problems.size() == 1);
    CHECK(loaded.problems[0].find("npc.mode") != std::string::npos);
    CHECK(loaded.problems[0].find("line 3") != std::string::npos);
    CHECK(applied(loaded).pane().timeslicing.mode == LabSettings{}.pane().timeslicing.mode);
    CHECK(applied(loaded).npc.world.npc_count == 77);
    CHECK(applied(loaded).ui_scale == 1.5f);
}

TEST_CASE("The settings file lives in XDG_CONFIG_HOME when it is set", "[settings]") {
    const char* old = std::getenv("XDG_CONFIG_HOME");
    const std::string saved = old ? old : "";
    setenv("XDG_CONFIG_HOME", "/tmp/tsl-xdg", 1);
    CHECK(default_settings_path() == "/tmp/tsl-xdg/timeslice-lab/settings.toml");
    if (old) setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
    else unsetenv("XDG_CONFIG_HOME");
}

TEST_CASE("The window remembers what the user changes, not the options it was started with", "[settings]") {
    LabSettings from_file;
    from_file.npc.panes[0].timeslicing.mode = Mode::SISO;
    from_file.ui_scale = 1.5f;
    LabSettings started = from_file;  // --set mode=aiao --set npcs=500 on the command line
    started.npc.panes[0].timeslicing.mode = Mode::AIAO;
    started.npc.world.npc_count = 500;
    RememberedSettings remembered(from_file, started);
    CHECK_FALSE(remembered.observe(started));
    LabSettings now = started;
    now.ui_scale = 2.0f;  // the user picks a larger UI
    CHECK(remembered.observe(now));
    CHECK(remembered.to_save().ui_scale == 2.0f);
    CHECK(remembered.to_save().npc.panes[0].timeslicing.mode == Mode::SISO);  // from the file, not the launch
    CHECK(remembered.to_save().npc.world.npc_count == from_file.npc.world.npc_count);
    CHECK_FALSE(remembered.observe(now));
    now.npc.panes[0].timeslicing.mode = Mode::AISO;  // key 5
    CHECK(remembered.observe(now));
    CHECK(remembered.to_save().npc.panes[0].timeslicing.mode == Mode::AISO);
    now.paused = true;  // not a remembered setting
    CHECK_FALSE(remembered.observe(now));
}

TEST_CASE("Files go to \"Timeslice Lab\" in the pictures folder the user's settings name", "[settings]") {
    const auto dir = scratch_dir("output-folder");
    auto keep = [](const char* name) { const char* v = std::getenv(name); return std::pair<std::string, bool>(v ? v : "", v != nullptr); };
    const auto home = keep("HOME"), config = keep("XDG_CONFIG_HOME"), pictures = keep("XDG_PICTURES_DIR");
    setenv("HOME", dir.c_str(), 1);
    setenv("XDG_CONFIG_HOME", (dir / "config").c_str(), 1);
    unsetenv("XDG_PICTURES_DIR");
    std::filesystem::create_directories(dir / "config");
    // Nothing says where: ~/Pictures.
    CHECK(default_output_folder() == (dir / "Pictures" / "Timeslice Lab").string());
    // No Pictures folder but a Documents one: there.
    std::filesystem::create_directories(dir / "Documents");
    CHECK(default_output_folder() == (dir / "Documents" / "Timeslice Lab").string());
    // user-dirs.dirs names it.
    std::ofstream(dir / "config" / "user-dirs.dirs") << "# comment\nXDG_PICTURES_DIR=\"$HOME/Bilder\"\n";
    CHECK(default_output_folder() == (dir / "Bilder" / "Timeslice Lab").string());
    // The environment wins.
    setenv("XDG_PICTURES_DIR", (dir / "Fotos").c_str(), 1);
    CHECK(default_output_folder() == (dir / "Fotos" / "Timeslice Lab").string());
    auto restore = [](const char* name, const std::pair<std::string, bool>& v) {
        if (v.second) setenv(name, v.first.c_str(), 1);
        else unsetenv(name);
    };
    restore("HOME", home);
    restore("XDG_CONFIG_HOME", config);
    restore("XDG_PICTURES_DIR", pictures);
}
