// The lab's text in the articles' languages (core/content/translation.h,
// assets/lang/): every shipped lesson has the whole of its text in each
// language, in that language's script; the card shows it, with its words, and
// says so where a step has none; a malformed file is an error that names its
// line; a placeholder that differs from the English is refused; the language a
// locale, a browser and a link ask for.
#include "build_paths.h"
#include "core/content/glossary.h"
#include "core/content/lesson.h"
#include "core/content/preset.h"
#include "core/exposure/level.h"
#include "core/content/translation.h"
#include "core/session/lab_session.h"
#include "core/session/launch.h"
#include "core/session/launch_query.h"

#include "core/session/key_bindings.h"
#include "core/settings/settings_schema.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>

using namespace tsl;

namespace {

const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

// (Traditional, Simplified) pairs, as in test_glossary.cpp: a text in the wrong script shows one of the other's.
const std::u32string kTraditional = U"時間線數據進處應個們這為發對結輸讀寫執幀緩衝雙鎖務隊調統態變鍵歷齡圖覺階際則計論請經";
const std::u32string kSimplified = U"时间线数据进处应个们这为发对结输读写执帧缓冲双锁务队调统态变键历龄图觉阶际则计论请经";

int count_of(const std::string& text, const std::u32string& characters) {
    int n = 0;
    for (char32_t c : code_points(text)) n += characters.find(c) != std::u32string::npos ? 1 : 0;
    return n;
}

bool has_chinese(const std::string& text) {
    for (char32_t c : code_points(text))
        if (c >= 0x4E00 && c <= 0x9FFF) return true;
    return false;
}

SessionOptions options() {
    SessionOptions o;
    o.assets_dir = kAssets;
    o.profile = false;
    return o;
}

std::string words_error(const std::string& text) {
    const auto r = parse_words(text, "zh-Hant.toml");
    REQUIRE_FALSE(bool(r));
    return r.error();
}

}  // namespace

TEST_CASE("Every lesson and preset has all of its text in each language, in that language's script", "[translation]") {
    LabSession session({}, options());
    const Catalog& catalog = session.catalog();
    INFO(catalog.problem);
    CHECK(catalog.problem.empty());
    REQUIRE(catalog.lessons.size() == 4);
    for (Language language : {Language::ZhHant, Language::ZhHans}) {
        const std::size_t l = static_cast<std::size_t>(language);
        REQUIRE(catalog.translation(language) != nullptr);
        const std::u32string& other_script = language == Language::ZhHant ? kSimplified : kTraditional;
        const auto in_script = [&](const std::string& text) {
            CHECK(has_chinese(text));
            CHECK(count_of(text, other_script) == 0);
        };
        for (const CatalogEntry& entry : catalog.lessons) {
            INFO(language_code(language) << " lesson " << entry.name);
            const Result<Lesson> lesson = load_lesson_by_name(kAssets, entry.name);
            REQUIRE(lesson);
            in_script(lesson->in_language[l].title);
            in_script(lesson->in_language[l].description);
            for (const LessonTerm& term : lesson->terms) {
                REQUIRE(lesson->in_language[l].terms.count(term.name) == 1);
                in_script(lesson->in_language[l].terms.find(term.name)->second);
            }
            for (std::size_t i = 0; i < lesson->steps.size(); ++i) {
                INFO("step " << i + 1);
                const LessonStep& english = lesson->steps[i];
                const StepText& s = english.in_language[l];
                for (const auto& [mine, theirs] : {std::pair{&s.title, &english.title}, {&s.text, &english.text},
                                                   {&s.question, &english.question}, {&s.answer, &english.answer}}) {
                    CHECK(mine->empty() == theirs->empty());
                    if (!mine->empty()) in_script(*mine);
                }
                CHECK(step_text(english, language).whole);
            }
        }
        for (const CatalogEntry& entry : catalog.presets) {
            INFO(language_code(language) << " preset " << entry.name);
            in_script(entry.titles[l]);
            if (!entry.description.empty()) in_script(entry.descriptions[l]);
        }
        for (const auto& [english, text] : catalog.translation(language)->words) {
            INFO(english);
            CHECK(count_of(text, other_script) == 0);
        }
    }
}

TEST_CASE("The card in a language: the step's text, the card's words; English where a step has none, and it says so", "[translation]") {
    LabSession session({}, options());
    REQUIRE(session.apply(StartLesson{"timeslicing", 2}));
    const LessonCard english = session.lesson_card();
    CHECK(english.untranslated.empty());
    CHECK(english.heading.rfind("Step 3 of 8", 0) == 0);
    REQUIRE(session.apply(SetField{setting::language, std::string("zh-Hant")}));
    const Lesson& lesson = *session.lesson();
    const StepText& text = lesson.steps[2].in_language[static_cast<std::size_t>(Language::ZhHant)];
    LessonCard card = session.lesson_card();
    CHECK(card.title == text.title);
    CHECK(card.text == text.text);
    CHECK(card.question == text.question);
    CHECK(card.answer == text.answer);
    CHECK(card.heading == "第 3 步，共 8 步  |  " + lesson.in_language[static_cast<std::size_t>(Language::ZhHant)].title);
    CHECK(card.untranslated.empty());
    // The lesson's term T, with its meaning in the language; the glossary's links as in English.
    REQUIRE(card.terms.size() == english.terms.size());
    REQUIRE_FALSE(card.terms.empty());
    CHECK(card.terms[0].name == "T");
    CHECK(card.terms[0].meaning == lesson.in_language[static_cast<std::size_t>(Language::ZhHant)].terms.at("T"));
    CHECK(card.glossary.size() == english.glossary.size());
    // Simplified, and back: nothing else of the lesson moved.
    REQUIRE(session.apply(SetField{setting::language, std::string("zh-Hans")}));
    card = session.lesson_card();
    CHECK(card.title == lesson.steps[2].in_language[static_cast<std::size_t>(Language::ZhHans)].title);
    CHECK(session.lesson_step() == 2);
    REQUIRE(session.apply(SetField{setting::language, std::string("en")}));
    CHECK(session.lesson_card().title == english.title);
}

TEST_CASE("A lesson with only some of its text in a language shows the English for the rest, and says so", "[translation]") {
    const Result<Lesson> lesson = parse_lesson(R"(title = "L"
[zh-Hans]
title = "课"
[[step]]
title = "One"
preset = "update-all"
text = "Text."
question = "Why?"
reveal = ["input_age"]
[step.zh-Hans]
title = "一"
text = "文字。"
[[step]]
title = "Two"
preset = "update-all"
text = "More."
question = "How?"
reveal = ["input_age"]
)", "l.toml");
    REQUIRE(lesson);
    const ShownStepText first = step_text(lesson->steps[0], Language::ZhHans);
    CHECK(first.text.title == "一");
    CHECK(first.text.question == "Why?");
    CHECK_FALSE(first.whole);
    CHECK(step_text(lesson->steps[1], Language::ZhHans).text.title == "Two");
    CHECK(lesson_title(*lesson, Language::ZhHans) == "课");
    CHECK(lesson_title(*lesson, Language::ZhHant) == "L");
    CHECK(step_text(lesson->steps[0], Language::En).whole);
}

TEST_CASE("A language file's mistakes, and a content file's language tables, are named with their line", "[translation]") {
    CHECK(words_error("\"Next >\" = \"下一步 >\"\n\"Step %d of %d\" = \"第 %d 步\"\n") ==
          "zh-Hant.toml:2: \"Step %d of %d\": the translation's placeholders (%d) should be the English's, in its order (%d %d)");
    CHECK(words_error("\"Open %s in %d\" = \"%d %s\"\n").find("zh-Hant.toml:1:") == 0);  // the same placeholders in another order would print garbage
    CHECK(words_error("\"Next >\" = 3\n") == "zh-Hant.toml:1: \"Next >\" should be text in quotes, not a whole number");
    CHECK(words_error("\"Next >\" = \"\"\n").find("has no text") != std::string::npos);
    CHECK(words_error("\"Next >\" = \"a\"\n\"Next >\" = \"b\"\n").find("zh-Hant.toml:2:") == 0);  // TOML refuses a key twice
    const auto fine = parse_words("\"100%% of %s\" = \"%s 的 100%%\"\n", "zh-Hant.toml");
    REQUIRE(fine);
    CHECK(fine->at("100%% of %s") == "%s 的 100%%");
    CHECK(conversions("%d of %.1f%% at %s") == std::vector<std::string>{"%d", "%.1f", "%s"});
    CHECK(conversions("between (100 - N)% and (100 + N)% of its cost, %lld %s") == std::vector<std::string>{"%lld", "%s"});

    const auto lesson_error = [](const std::string& text) {
        const auto r = parse_lesson(text, "x.toml");
        REQUIRE_FALSE(bool(r));
        return r.error();
    };
    const std::string step = "[[step]]\ntitle = \"b\"\npreset = \"c\"\ntext = \"d\"\nquestion = \"e\"\nreveal = [\"input_age\"]\n";
    CHECK(lesson_error("title = \"a\"\n" + step + "[step.zh-Hant]\npreset = \"x\"\n") ==
          "x.toml:9: step 1: zh-Hant: unknown key 'preset' (known: title, text, question, answer)");
    CHECK(lesson_error("title = \"a\"\n" + step + "zh-Hant = \"x\"\n").find("x.toml:8: step 1: zh-Hant should be a [step.zh-Hant] table") == 0);
    CHECK(lesson_error("title = \"a\"\n[zh-TW]\ntitle = \"x\"\n" + step).find("x.toml:2: unknown key 'zh-TW' (known: title, description, terms, step, zh-Hant, zh-Hans)") == 0);
    CHECK(lesson_error("title = \"a\"\n[zh-Hans.terms]\nQ = \"?\"\n" + step) == "x.toml:3: zh-Hans: terms: Q is not a term of the lesson's [terms]");
    const auto preset_error = [](const std::string& text) {
        const auto r = parse_preset(text, "p.toml");
        REQUIRE_FALSE(bool(r));
        return r.error();
    };
    CHECK(preset_error("title = \"a\"\n[zh-Hant]\ntitel = \"x\"\n[[pane]]\n") == "p.toml:3: zh-Hant: unknown key 'titel' (known: title, description)");
    const auto preset = parse_preset("title = \"a\"\n[zh-Hant]\ntitle = \"甲\"\n[[pane]]\n", "p.toml");
    REQUIRE(preset);
    CHECK(preset->in_language[static_cast<std::size_t>(Language::ZhHant)].title == "甲");
    CHECK(preset->in_language[static_cast<std::size_t>(Language::ZhHans)].title.empty());
}

TEST_CASE("The language a locale, a browser and a link ask for", "[translation]") {
    CHECK(language_from_locale("zh_TW.UTF-8") == Language::ZhHant);
    CHECK(language_from_locale("zh_HK") == Language::ZhHant);
    CHECK(language_from_locale("zh-Hant-CN") == Language::ZhHant);
    CHECK(language_from_locale("zh_CN.UTF-8") == Language::ZhHans);
    CHECK(language_from_locale("zh-Hans-TW") == Language::ZhHans);  // the script, where the tag names one
    CHECK(language_from_locale("zh") == Language::ZhHans);
    CHECK(language_from_locale("zh-SG") == Language::ZhHans);
    CHECK(language_from_locale("en_GB.UTF-8") == Language::En);
    CHECK(language_from_locale("C") == Language::En);
    CHECK(language_from_locale("") == Language::En);
    CHECK(language_from_locale("zu_ZA") == Language::En);
    CHECK(language_from_locale("zhx") == Language::En);
    CHECK(language_code(Language::ZhHant) == "zh-Hant");
    CHECK(language_name(Language::ZhHans) == "简体中文");

    // lang= in a link is the language setting, and a view in a language links with it.
    const QueryLaunch q = launch_of_query("?lesson=parallel-engine&lang=zh-Hans");
    REQUIRE(q.problem.empty());
    REQUIRE(q.request.sets.size() == 1);
    CHECK(q.request.sets[0] == "language=zh-Hans");
    LabSession session({}, options());
    REQUIRE(session.apply(SetField{setting::language, std::string("zh-Hant")}));
    REQUIRE(session.apply(StartLesson{"timeslicing", 1}));
    const std::string link = query_of(launch_request_for(session));
    CHECK(link.find("lang=zh-Hant") != std::string::npos);
    CHECK(link.find("language") == std::string::npos);
    REQUIRE(session.apply(SetField{setting::language, std::string("en")}));
    CHECK(query_of(launch_request_for(session)).find("lang=") == std::string::npos);
}

namespace {

// The texts the lab's tables give the panels, the help pages and the card,
// which the UI translates with tr_of (app/ui/ui_text.h): the shown settings'
// labels, help and slider formats, their choices' labels and help, the keys'
// help (the ? page), the reveal's measure names.
std::set<std::string> table_texts() {
    std::set<std::string> texts;
    const auto add = [&](std::string_view text) {
        if (!text.empty()) texts.emplace(text);
    };
    for (const FieldSpec& f : settings_schema()) {
        if (f.ui.widget == FieldUi::Widget::Hidden) continue;
        add(f.shown_label());  // the key itself where a field has no label ("workers")
        add(f.help);
        if (f.ui.format) add(f.ui.format);  // "%.0f frames" -> "%.0f 個影格", "%.1f s" -> "%.1f 秒"
        if (f.key == setting::language.key) continue;  // each language's name is in its own language
        for (const EnumName& name : f.names) {
            if (!is_canonical(f.names, name)) continue;
            add(name.label.empty() ? name.name : name.label);
            add(name.help);
        }
    }
    for (const KeyBinding& k : key_bindings()) {
        add(k.help);
        add(k.footer);  // the panel's line of keys
    }
    for (const LessonMeasure& m : lesson_measures()) {
        add(m.label);
        add(m.unit);  // after the reveal's figures ("10.0 jobs")
    }
    // The page's menu of the scene's mode is named by its field's noun (app/web/web_card.cpp).
    for (SettingName mode : {setting::mode, setting::exposure_mode, setting::step_mode}) add(field_of(mode).noun);
    return texts;
}

// A C++ (or JavaScript) string literal, and those right after it ("a" "b",
// or 'a' + 'b'), from `at` (its opening quote); `end` is left after the last.
std::optional<std::string> literal_at(const std::string& text, std::size_t at, std::size_t& end) {
    std::string out;
    std::size_t i = at;
    while (i < text.size() && (text[i] == '"' || text[i] == '\'')) {
        const char quote = text[i++];
        for (; i < text.size() && text[i] != quote; ++i) {
            if (text[i] == '\n') return std::nullopt;
            if (text[i] != '\\') {
                out += text[i];
                continue;
            }
            const char e = text[++i];
            out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
        }
        ++i;
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        // The page's JavaScript joins its long texts with '+': 'a ' + 'b'.
        if (i < text.size() && text[i] == '+') {
            std::size_t next = i + 1;
            while (next < text.size() && std::isspace(static_cast<unsigned char>(text[next]))) ++next;
            if (next < text.size() && (text[next] == '\'' || text[next] == '"')) i = next;
        }
    }
    end = i;
    return out;
}

struct Literals {
    std::map<std::string, std::string> texts;  // text -> "file:line" of its first use
    std::vector<std::string> problems;         // "file:line: a call that is not one literal"
};

// Every tr("..."), tr_label("...") and to_translate("...") of the sources
// under app/ and core/, and tr('...') of the page (web/index.html).
Literals literal_texts() {
    Literals found;
    const std::filesystem::path root(tsl::test::kSourceDir);
    std::vector<std::filesystem::path> files{root / "web" / "index.html"};
    for (const char* folder : {"app", "core"})
        for (const auto& entry : std::filesystem::recursive_directory_iterator(root / folder))
            if (entry.path().extension() == ".cpp" || entry.path().extension() == ".h") files.push_back(entry.path());
    for (const std::filesystem::path& file : files) {
        std::ifstream in(file);
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const std::string name = std::filesystem::relative(file, root).string();
        for (const char* call : {"tr(", "tr_label(", "to_translate("}) {
            for (std::size_t at = text.find(call); at != std::string::npos; at = text.find(call, at + 1)) {
                if (at > 0 && (std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_' || text[at - 1] == '.')) continue;
                const std::size_t line_start = text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
                if (text.substr(line_start, at - line_start).find("//") != std::string::npos) continue;  // an example in a comment
                std::size_t i = at + std::strlen(call);
                while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
                const std::string where = name + ":" + std::to_string(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1);
                if (text.compare(i, 6, "const ") == 0) continue;  // its declaration
                std::size_t end = i;
                const std::optional<std::string> literal = text[i] == '"' || text[i] == '\'' ? literal_at(text, i, end) : std::nullopt;
                if (!literal || end >= text.size() || text[end] != ')') {
                    found.problems.push_back(where + ": " + call + "...) of something else than one literal (use tr_of for a table's text)");
                    continue;
                }
                // tr_label's key is its text before any "##id", or all of it for a word in one of its uses ("Step##in the board").
                const bool label = std::strcmp(call, "tr_label(") == 0 && literal->find("##in ") == std::string::npos;
                found.texts.emplace(label ? literal->substr(0, literal->find("##")) : *literal, where);
            }
        }
    }
    return found;
}

}  // namespace

TEST_CASE("Every text the lab shows has its line in each language's file, and every line is a text the lab shows", "[translation]") {
    const Literals literals = literal_texts();
    for (const std::string& problem : literals.problems) FAIL_CHECK(problem);
    CHECK(literals.texts.size() > 300);  // the scan still finds the calls
    std::map<std::string, std::string> shown = literals.texts;
    for (const std::string& text : table_texts()) shown.emplace(text, "a table of core/ (settings, keys, measures)");
    LabSession session({}, options());
    for (const CatalogEntry& entry : session.catalog().presets) {
        const Result<Preset> preset = load_preset_by_name(kAssets, entry.name);
        REQUIRE(preset);
        for (const auto& pane : preset->npc.panes) if (!pane.caption.empty()) shown.emplace(pane.caption, "preset " + entry.name);
        for (const auto& pane : preset->engine.panes) if (!pane.caption.empty()) shown.emplace(pane.caption, "preset " + entry.name);
    }
    // The levels' names (assets/levels: the exposure scene's caption) and their files' (the level picker).
    for (const std::string& level : session.catalog().levels) {
        shown.emplace(level, "assets/levels/" + level + ".txt");
        const Result<Level> loaded = load_level(kAssets + "/levels/" + level + ".txt");
        REQUIRE(loaded);
        shown.emplace(loaded->name, "assets/levels/" + level + ".txt");
    }
    shown.emplace("random", "the level picker");
    for (Language language : {Language::ZhHant, Language::ZhHans}) {
        const Translation* t = session.catalog().translation(language);
        REQUIRE(t != nullptr);
        const std::string file = "assets/lang/" + std::string(language_code(language)) + ".toml";
        int missing = 0, stale = 0;
        for (const auto& [english, where] : shown)
            if (!t->find(english)) {
                ++missing;
                FAIL_CHECK(file << ": no translation of \"" << english << "\" (" << where << ")");
            }
        for (const auto& [english, text] : t->words)
            if (!shown.contains(english)) {
                ++stale;
                FAIL_CHECK(file << ": \"" << english << "\" is not a text the lab shows (its English changed?)");
            }
        CHECK(missing == 0);
        CHECK(stale == 0);
    }
}
