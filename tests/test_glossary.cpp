// The glossary (core/content/glossary.h, assets/glossary.toml): the shipped
// file loads with every term in three languages, each Chinese field in its own
// script; every lesson step links to terms its words use; a malformed file is
// an error that names the line; the characters a font atlas needs.
#include "build_paths.h"
#include "core/content/glossary.h"
#include "core/content/lesson.h"
#include "core/session/key_bindings.h"
#include "core/session/lab_session.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

using namespace tsl;

namespace {

const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

Glossary shipped() {
    Result<Glossary> g = load_glossary(kAssets);
    INFO(g.error());
    REQUIRE(g);
    return std::move(*g);
}

std::string error_of(const std::string& text) {
    const Result<Glossary> r = parse_glossary(text, "glossary.toml");
    REQUIRE_FALSE(bool(r));
    return r.error();
}

const std::string kArticle = "[[article]]\nid = \"a\"\nwritten_in = [\"en\"]\n[article.title]\nen = \"A\"\nzh-Hant = \"甲\"\nzh-Hans = \"甲\"\n";  // lines 1-7
const std::string kTerm = "[[term]]\nid = \"t\"\narticles = [\"a\"]\nmatch = [\"batch\"]\n"                                        // lines 8-11
                          "[term.name]\nen = \"Batch\"\nzh-Hant = \"批次\"\nzh-Hans = \"批次\"\n"                                      // lines 12-15
                          "[term.means]\nen = \"One.\"\nzh-Hant = \"一。\"\nzh-Hans = \"一。\"\n";                                     // lines 16-19

// Characters written one way in Traditional Chinese and another in Simplified:
// each pair is (Traditional, Simplified). A field in the wrong script shows
// one of the other script's.
const std::u32string kTraditional = U"時間線數據進處應個們這為發對結輸讀寫執幀緩衝雙鎖務隊調統態變鍵歷齡圖覺階際則計論請經";
const std::u32string kSimplified = U"时间线数据进处应个们这为发对结输读写执帧缓冲双锁务队调统态变键历龄图觉阶际则计论请经";

int count_of(const std::string& text, const std::u32string& characters) {
    int n = 0;
    for (char32_t c : code_points(text)) n += characters.find(c) != std::u32string::npos ? 1 : 0;
    return n;
}

}  // namespace

TEST_CASE("The shipped glossary: the articles' terms in three languages, each Chinese field in its own script", "[glossary]") {
    REQUIRE(kTraditional.size() == kSimplified.size());
    for (std::size_t i = 0; i < kTraditional.size(); ++i) CHECK(kTraditional[i] != kSimplified[i]);
    const Glossary g = shipped();
    CHECK(g.articles.size() == 4);
    CHECK(g.terms.size() >= 30);
    for (const char* id : {"timeslicing", "batch", "aiao", "siao", "siso", "aiso", "history", "double-buffer", "sentinel", "ticket",
                           "lock-step", "free-step", "change-queue", "state-manager", "conflict", "data-parallelism", "task-parallelism"}) {
        INFO(id);
        CHECK(g.term(id) != nullptr);
    }
    for (const GlossaryTerm& t : g.terms) {
        INFO(t.id);
        for (const InLanguages* texts : {&t.name, &t.means, &t.also}) {
            CHECK(count_of(texts->in(Language::ZhHant), kSimplified) == 0);
            CHECK(count_of(texts->in(Language::ZhHans), kTraditional) == 0);
        }
        // One sentence each: no line breaks, within what the page shows.
        for (Language l : kAllLanguages) {
            CHECK(t.means.in(l).find('\n') == std::string::npos);
            CHECK(code_points(t.means.in(l)).size() <= 180);
        }
        CHECK_FALSE(t.articles.empty());
    }
    for (const GlossaryArticle& a : g.articles) {
        INFO(a.id);
        CHECK(count_of(a.title.in(Language::ZhHant), kSimplified) == 0);
        CHECK(count_of(a.title.in(Language::ZhHans), kTraditional) == 0);
    }
    // The articles' own words, where one has it.
    CHECK(g.term("timeslicing")->name.in(Language::ZhHant) == "時域切割");
    CHECK(g.term("lock-step")->name.in(Language::ZhHans) == "锁定步进");
    CHECK(g.term("next-frame")->name.in(Language::ZhHant) == "延遲蒐集運算結果");
}

TEST_CASE("Every lesson step links to glossary terms its words use", "[glossary][lessons]") {
    const Glossary g = shipped();
    for (const std::string& name : list_lessons(kAssets)) {
        const Result<Lesson> lesson = load_lesson_by_name(kAssets, name);
        REQUIRE(lesson);
        for (const LessonStep& step : lesson->steps) {
            INFO(name << ": " << step.title);
            CHECK_FALSE(terms_in(g, step.title + " " + step.text + " " + step.question).empty());
        }
    }
    // Whole words only, any case, in the glossary's order.
    const auto ids = [&](std::string_view text) {
        std::vector<std::string> out;
        for (const GlossaryTerm* t : terms_in(g, text)) out.push_back(t->id);
        return out;
    };
    CHECK(ids("The timeslicer runs a Batch of jobs.") == std::vector<std::string>{"batch", "job", "timeslicer"});
    CHECK(ids("batching") == std::vector<std::string>{});
    CHECK(ids("SISO, then AIAO") == std::vector<std::string>{"aiao", "siso"});
}

TEST_CASE("A lesson card lists the glossary's terms its step uses, the answer's once revealed", "[glossary][session]") {
    SessionOptions options;
    options.assets_dir = kAssets;
    options.profile = false;
    LabSession session({}, options);
    REQUIRE(session.apply(StartLesson{"timeslicing", 2}));
    const auto has = [](const LessonCard& card, const char* id) {
        return std::any_of(card.glossary.begin(), card.glossary.end(), [&](const CardGlossaryTerm& t) { return t.id == id; });
    };
    LessonCard card = session.lesson_card();
    CHECK(has(card, "aiao"));
    CHECK(has(card, "job"));
    CHECK(card.glossary.front().name.in(Language::ZhHant) == session.catalog().glossary->term(card.glossary.front().id)->name.in(Language::ZhHant));
    // Step 3's answer speaks of the cursor and a batch; revealed, the card links what it adds.
    const std::size_t before = card.glossary.size();
    REQUIRE(session.apply(LessonForward{}));
    card = session.lesson_card();
    CHECK(card.revealed);
    CHECK(card.glossary.size() >= before);
}

TEST_CASE("G opens and closes the glossary", "[glossary][keys]") {
    const KeyMatch g = find_binding(Key::G, kNoMods, false, SceneKind::Npc);
    REQUIRE(g.binding);
    CHECK(g.binding->action == KeyAction::ShowGlossary);
    LabSettings s;
    KeyCommands open = key_commands(KeyAction::ShowGlossary, 0, s, false, 0);
    REQUIRE(open.commands.size() == 1);
    CHECK(std::get<SetField>(open.commands[0]).value == FieldValue{std::string("glossary")});
    s.help = HelpPage::Glossary;
    KeyCommands close = key_commands(KeyAction::ShowGlossary, 0, s, false, 0);
    CHECK(std::get<SetField>(close.commands[0]).value == FieldValue{std::string("none")});
    CHECK_FALSE(find_binding(Key::G, kCtrl, false, SceneKind::Npc).binding);
}

TEST_CASE("A glossary file with a mistake names its line", "[glossary][errors]") {
    CHECK(bool(parse_glossary(kArticle + kTerm, "glossary.toml")));
    // A language missing from a term's name.
    std::string text = kArticle + kTerm;
    const std::string hans = "zh-Hans = \"批次\"\n";
    text.replace(text.find(hans), hans.size(), "");
    CHECK(error_of(text) == "glossary.toml:12: name: no zh-Hans (every language is required)");
    // An article that is not declared.
    text = kArticle + kTerm;
    text.replace(text.find("articles = [\"a\"]"), 16, "articles = [\"b\"]");
    CHECK(error_of(text) == "glossary.toml:8: term t: no [[article]] has id 'b'");
    // A repeated term, an unknown key, an unknown language.
    CHECK(error_of(kArticle + kTerm + kTerm) == "glossary.toml:20: term id 't' is used twice");
    CHECK(error_of(kArticle + kTerm + "colour = \"red\"\n").find("glossary.toml:20: unknown key 'colour'") == 0);
    text = kArticle + kTerm;
    text.replace(text.find("[\"en\"]"), 6, "[\"fr\"]");
    CHECK(error_of(text) == "glossary.toml:1: article a: unknown language 'fr' (known: en, zh-Hant, zh-Hans)");
    CHECK(error_of(kArticle).find("no [[term]]") != std::string::npos);
    CHECK(error_of("[[term\n").find("glossary.toml:1:") == 0);
}

TEST_CASE("The characters a font needs for the glossary: every wide one, sorted, once", "[glossary]") {
    const Result<Glossary> g = parse_glossary(kArticle + kTerm, "glossary.toml");
    REQUIRE(g);
    const std::vector<char32_t> wide = wide_characters(*g, "術語");
    CHECK(std::is_sorted(wide.begin(), wide.end()));
    CHECK(std::adjacent_find(wide.begin(), wide.end()) == wide.end());
    for (char32_t c : std::u32string(U"甲批次一。術語繁體中文简体"))
        CHECK(std::find(wide.begin(), wide.end(), c) != wide.end());
    CHECK(std::none_of(wide.begin(), wide.end(), [](char32_t c) { return c < 0x2E80; }));
    // UTF-8 decoding: a broken byte is skipped, the rest read.
    CHECK(code_points("a\xE6\x99\x82\xFF" "b") == std::vector<char32_t>{U'a', U'時', U'b'});
}
