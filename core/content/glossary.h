// glossary.h — the articles' terms in the lab's three languages: each term's
// name in English, Traditional Chinese (zh-Hant) and Simplified Chinese
// (zh-Hans), a one-sentence meaning in each, and the articles that use it.
// Four of the five articles the lab teaches are in Chinese; the glossary is
// how a class that reads them ties their words to the lab's. One file,
// assets/glossary.toml, that a teacher can read and correct.
//
// File format (`#` starts a comment):
//
//   [[article]]                      # 1 or more
//   id = "timeslicing"               # required: a-z, 0-9 and '-'
//   written_in = ["en", "zh-Hant"]   # required: the languages the article is written in
//   [article.title]                  # required: the title in every language
//   en = "..."
//   zh-Hant = "..."
//   zh-Hans = "..."
//
//   [[term]]                         # 1 or more, in the order the glossary lists them
//   id = "aiao"                      # required: a-z, 0-9 and '-', unique
//   articles = ["timeslicing"]       # required: ids of [[article]]s that use the term
//   match = ["AIAO"]                 # optional: English words in a lesson step that link
//                                    # here (whole words, any case; default: none)
//   [term.name]                      # required: the term in every language (the
//   en = "..."                       # articles' own words where they have them)
//   zh-Hant = "..."
//   zh-Hans = "..."
//   [term.means]                     # required: one sentence in every language
//   en = "..."
//   zh-Hant = "..."
//   zh-Hans = "..."
//   [term.also]                      # optional: another name, in any of the
//   zh-Hans = "..."                  # languages: one an article uses, or the
//                                    # everyday word beside an article's (异步)
//
// Errors: loading never throws; a failed load says "file:line: what is wrong"
// (syntax, unknown keys, a missing language, an article id that is not
// declared, a repeated id).
//
// Threading: plain functions, safe to call from any thread.
#pragma once

#include "core/base/language.h"
#include "core/base/result.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tsl {

// A text in each language ("" where it has none: only `also` may lack one).
struct InLanguages {
    std::array<std::string, kLanguages> text;
    const std::string& in(Language language) const { return text[static_cast<std::size_t>(language)]; }
    std::string& in(Language language) { return text[static_cast<std::size_t>(language)]; }
};

struct GlossaryArticle {
    std::string id;
    std::vector<Language> written_in;
    InLanguages title;
};

struct GlossaryTerm {
    std::string id;
    std::vector<std::string> articles;  // GlossaryArticle ids
    std::vector<std::string> match;     // English words in a step's text that link here
    InLanguages name, means, also;
    int line = 0;                       // of its [[term]] header
};

struct Glossary {
    std::vector<GlossaryArticle> articles;
    std::vector<GlossaryTerm> terms;

    const GlossaryTerm* term(std::string_view id) const;
    const GlossaryArticle* article(std::string_view id) const;
};

Result<Glossary> parse_glossary(const std::string& text, const std::string& file_name);
// assets_dir/glossary.toml
Result<Glossary> load_glossary(const std::string& assets_dir);

// The terms one of whose `match` words appears in `text` as a whole word (any
// case; "batches" does not match "batch" unless listed), in the glossary's order.
std::vector<const GlossaryTerm*> terms_in(const Glossary& glossary, std::string_view text);

// Every character at or above U+2E80 (CJK, full-width punctuation) in the
// glossary's text, and in `extra`, sorted without repeats: what a font atlas
// needs beyond Latin to draw it.
std::vector<char32_t> wide_characters(const Glossary& glossary, std::string_view extra = {});

// The code points of UTF-8 text; a byte that starts no valid sequence is skipped.
std::vector<char32_t> code_points(std::string_view utf8);

}  // namespace tsl
