// Messages that quote a file (presets, lessons, levels, settings, TOML
// errors) or a name from the command line show control characters as
// escapes, on one line (core/base/printable.h).
#include "core/content/lesson.h"
#include "core/content/preset.h"
#include "core/settings/settings_file.h"
#include "core/exposure/level.h"
#include "core/base/printable.h"

#include "run_command.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace tsl;
using namespace std::string_literals;

namespace {

// What a terminal would act on: any C0 control or DEL.
bool has_raw_control(const std::string& text) {
    for (unsigned char c : text)
        if (c < 0x20 || c == 0x7F) return true;
    return false;
}

}  // namespace

TEST_CASE("Control characters are shown as escapes and text is kept", "[printable]") {
    CHECK(printable("multi\n") == "multi\\n");
    CHECK(printable("a\tb\rc") == "a\\tb\\rc");
    CHECK(printable("red\x1b[31m!") == "red\\x1b[31m!");
    CHECK(printable("nul\0here"s) == "nul\\x00here");
    CHECK(printable("del\x7f") == "del\\x7f");
    CHECK(printable("café ✓ 日本") == "café ✓ 日本");
    CHECK(printable("c1 \xc2\x9b") == "c1 \\u009b");               // U+009B, the one-byte CSI
    CHECK(printable("line\xe2\x80\xa8sep") == "line\\u2028sep");   // U+2028
    CHECK(printable("rtl\xe2\x80\xaeoverride") == "rtl\\u202eoverride");
    CHECK(printable("bad \xff byte") == "bad \\xff byte");
    CHECK(printable("cut \xe2\x9c") == "cut \\xe2\\x9c");           // a sequence cut short
    CHECK(printable("long \xc0\x80") == "long \\xc0\\x80");         // an overlong NUL
    CHECK(printable("half \xed\xa0\x80") == "half \\xed\\xa0\\x80"); // a UTF-16 surrogate
    CHECK(printable("back\\slash") == "back\\slash");
    CHECK(printable("") == "");

    for (const std::string& text : {"multi\n"s, "\x1b[2J\x1b[H"s, "a\\nb\xff\xc2\x85"s, "x\0y"s}) {
        INFO(printable(text));
        CHECK(printable(printable(text)) == printable(text));  // made printable once is printable
        CHECK(is_printable(printable(text)));
        CHECK_FALSE(is_printable(text));
    }
}

TEST_CASE("A preset's error quotes its file escaped on one line", "[printable][presets]") {
    const Result<Preset> bad_mode = parse_preset("title = \"T\"\n[[pane]]\nmode = \"multi\\n\\u001b[31m\"\n", "p.toml");
    REQUIRE_FALSE(bad_mode);
    CHECK_THAT(bad_mode.error(), Catch::StartsWith("p.toml:3: pane 1: mode: 'multi\\n\\x1b[31m' is not a mode"));
    CHECK_FALSE(has_raw_control(bad_mode.error()));

    // A raw control character is a TOML syntax error; its message is escaped too.
    const Result<Preset> raw = parse_preset("title = \"T\x1b[2J\"\n", "raw\x1b.toml");
    REQUIRE_FALSE(raw);
    CHECK_THAT(raw.error(), Catch::StartsWith("raw\\x1b.toml:1: "));
    CHECK_FALSE(has_raw_control(raw.error()));

    const Result<Preset> unknown_key = parse_preset("title = \"T\"\n\"key\\u0007\" = 1\n", "k.toml");
    CHECK_THAT(unknown_key.error(), Catch::Contains("unknown key 'key\\x07'"));
}

TEST_CASE("A lesson's error quotes its file escaped on one line", "[printable][lessons]") {
    const auto dir = test::scratch_dir("printable-lesson");
    const std::string path = (dir / "l.toml").string();
    std::ofstream(path) << "title = \"L\"\n[[step]]\ntitle = \"S\"\npreset = \"multi\\n\"\ntext = \"t\"\nquestion = \"q\"\nreveal = [\"input_age\"]\n";
    const Result<Lesson> loaded = load_lesson(path, std::string(tsl::test::kSourceDir) + "/assets");
    REQUIRE_FALSE(loaded);
    CHECK_THAT(loaded.error(), Catch::StartsWith(path + ":2: step 1: unknown preset 'multi\\n' (available: "));
    CHECK_FALSE(has_raw_control(loaded.error()));

    const Result<Lesson> measure = parse_lesson(
        "title = \"L\"\n[[step]]\ntitle = \"S\"\npreset = \"p\"\ntext = \"t\"\nquestion = \"q\"\nreveal = [\"age\\r\"]\n", "m.toml");
    CHECK_THAT(measure.error(), Catch::Contains("unknown measure 'age\\r'"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("A level's error quotes its file escaped on one line", "[printable][levels]") {
    const Result<Level> key = parse_level("name = x\ncolour\x1b[31m = red\n", "l.txt");
    CHECK(key.error() == "l.txt:2: unknown key 'colour\\x1b[31m' (known: name, patrol, character, map)");
    const Result<Level> cell = parse_level("patrol = 0,0 1,1\ncharacter = 0,1\nmap\n..\n.\x07\n", "c.txt");
    CHECK(cell.error() == "c.txt:5: unexpected '\\x07' in the map (use '.' and '#')");
    const Result<Level> point = parse_level("patrol = 0,0 1,\x1b\n", "p.txt");
    CHECK(point.error() == "p.txt:1: patrol point '1,\\x1b' is not x,y");
}

TEST_CASE("A settings file's problems quote it escaped on one line", "[printable][settings]") {
    const auto dir = test::scratch_dir("printable-settings\x1b");
    const std::string path = (dir / "settings.toml").string();
    std::ofstream(path) << "scene = \"npc\x01\"\n";
    const SettingsLoad loaded = load_settings(path);
    REQUIRE(loaded.problems.size() == 1);
    CHECK_THAT(loaded.problems[0], Catch::Contains("printable-settings\\x1b") && Catch::Contains("line 1"));
    CHECK_FALSE(has_raw_control(loaded.problems[0]));
    std::filesystem::remove_all(dir);
}

TEST_CASE("A name from the command line is quoted escaped on one line", "[printable][cli]") {
    const test::CommandResult r = test::run_app({"metrics", "--out", "-", "--preset", "multi\n\x1b[31m"});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::StartsWith("timeslice-lab: unknown preset 'multi\\n\\x1b[31m' (available: "));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK_FALSE(has_raw_control(r.err.substr(0, r.err.size() - 1)));
}
