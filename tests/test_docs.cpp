// Lists of settings written for people and tools — the README's --set names,
// preset.h's file format, the fuzz dictionaries — held to the one table
// (core/settings/settings_schema.h): a name missing from a list, or one the
// table does not have, fails here.
#include "build_paths.h"

#include "core/settings/settings_schema.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <string>

namespace {

std::string read_text(const std::string& repository_path) {
    std::ifstream in(std::filesystem::path(tsl::test::kSourceDir) / repository_path);
    REQUIRE(in.good());
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string difference(const std::set<std::string>& a, const std::set<std::string>& b) {
    std::string out;
    for (const std::string& s : a)
        if (!b.count(s)) out += (out.empty() ? "" : ", ") + s;
    return out;
}

// Every quoted token of a libFuzzer dictionary ("key", "[table]").
std::set<std::string> dictionary_tokens(const std::string& repository_path) {
    const std::string text = read_text(repository_path);
    std::set<std::string> out;
    const std::regex quoted("^\"([^\"]*)\"", std::regex::multiline);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), quoted); it != std::sregex_iterator(); ++it) out.insert((*it)[1]);
    return out;
}

// What a preset file may say: every key the table gives presets, the tables
// that hold them, and the title and description.
std::set<std::string> preset_keys() {
    std::set<std::string> keys = {"title", "description"};
    for (const tsl::FieldSpec& f : tsl::settings_schema())
        if (f.in_presets()) keys.insert(std::string(f.file_key()));
    return keys;
}

}  // namespace

TEST_CASE("The README's list of --set names is the table's", "[docs]") {
    const std::string text = read_text("README.md");
    const std::string opening = "`--set NAME=VALUE` sets any control";
    auto begin = text.find(opening);
    const auto end = text.find("`timeslice-lab --help` lists each", begin);
    REQUIRE(begin != std::string::npos);
    REQUIRE(end != std::string::npos);
    begin += opening.size();
    // The names in backquotes, leaving out the values given in parentheses after some.
    std::set<std::string> listed;
    int depth = 0;
    for (std::size_t i = begin; i < end; ++i) {
        if (text[i] == '(') ++depth;
        if (text[i] == ')') --depth;
        if (text[i] != '`') continue;
        const auto close = text.find('`', i + 1);
        if (depth == 0) listed.insert(text.substr(i + 1, close - i - 1));
        i = close;
    }
    std::set<std::string> keys;
    for (const tsl::FieldSpec& f : tsl::settings_schema()) keys.insert(std::string(f.key));
    INFO("settings the README does not list: " << difference(keys, listed));
    INFO("names it lists that are not settings: " << difference(listed, keys));
    CHECK(listed == keys);
}

TEST_CASE("preset.h's file format shows every key a preset takes, and no other", "[docs]") {
    const std::string text = read_text("core/content/preset.h");
    std::set<std::string> shown;
    const std::regex example("^//   ([a-z_]+) = ", std::regex::multiline);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), example); it != std::sregex_iterator(); ++it) shown.insert((*it)[1]);
    const std::set<std::string> keys = preset_keys();
    INFO("keys preset.h does not show: " << difference(keys, shown));
    INFO("keys it shows that presets do not take: " << difference(shown, keys));
    CHECK(shown == keys);
}

TEST_CASE("The fuzz dictionaries hold every key of their format, and only words of it", "[docs]") {
    std::set<std::string> names;  // every choice's name, in any field
    for (const tsl::FieldSpec& f : tsl::settings_schema())
        for (const tsl::EnumName& n : f.names) names.insert(std::string(n.name));
    SECTION("presets") {
        const std::set<std::string> dict = dictionary_tokens("fuzz/dict/preset.dict");
        std::set<std::string> keys = preset_keys();
        const std::set<std::string> tables = {"scene", "pane", "exposure", "exposure_pane", "engine", "engine_pane"};
        INFO("preset keys the dictionary lacks: " << difference(keys, dict));
        CHECK(difference(keys, dict).empty());
        std::set<std::string> words = keys;
        words.insert(names.begin(), names.end());
        for (const std::string& t : tables) words.insert({t, "[" + t + "]", "[[" + t + "]]"});
        words.insert({"courtyard", "random"});  // levels
        INFO("words of the dictionary no preset uses: " << difference(dict, words));
        CHECK(difference(dict, words).empty());
    }
    SECTION("the settings file") {
        const std::set<std::string> dict = dictionary_tokens("fuzz/dict/settings.dict");
        std::set<std::string> keys;
        for (const tsl::FieldSpec& f : tsl::settings_schema()) {
            if (f.settings_key.empty()) continue;
            const std::string path(f.settings_key);
            const auto dot = path.find('.');
            keys.insert(path.substr(dot == std::string::npos ? 0 : dot + 1));
            if (dot != std::string::npos) keys.insert({path.substr(0, dot), "[" + path.substr(0, dot) + "]"});
        }
        INFO("settings-file keys the dictionary lacks: " << difference(keys, dict));
        CHECK(difference(keys, dict).empty());
        std::set<std::string> words = keys;
        words.insert(names.begin(), names.end());
        INFO("words of the dictionary the settings file does not use: " << difference(dict, words));
        CHECK(difference(dict, words).empty());
    }
}
