// translation.h — the lab in the articles' languages: English, 繁體中文
// (zh-Hant) and 简体中文 (zh-Hans). English is the code's own text. Each other
// language has one file of the lab's words, assets/lang/<code>.toml, that a
// teacher can read and correct; a lesson or a preset carries its own text in
// each language in its own file (lesson.h, preset.h). Where a language has no
// text for something, the English shows (a lesson card says so).
//
// assets/lang/<code>.toml — every text the panels, cards, captions, plots,
// help pages, notices and the page show, keyed by its English:
//
//   "Next >" = "下一步 >"
//   "Step %d of %d  |  %s" = "第 %d 步，共 %d 步  |  %s"
//
// A `%d`, `%.1f` or `%s` of the English must appear in the translation in
// the same order (the numbers are filled in by the code). Comments (`#`)
// divide the file by where the words are shown; the order does not matter.
// A missing line shows the English (tests/check_ui_text.py and the
// [translation] tests hold every shipped key to each file).
//
// Errors: loading never throws; a failed load says "file:line: what is wrong"
// (syntax, a value that is not text, an empty text, a placeholder that
// differs from the English).
//
// Threading: plain functions and read-only structs, safe from any thread.
#pragma once

#include "core/base/language.h"
#include "core/base/result.h"
#include "core/base/words.h"

#include <string>
#include <string_view>
#include <vector>

namespace tsl {

// The printf conversions of `text` in order ("%d", "%.1f", "%s"; not "%%",
// nor a percent sign followed by a space or a word: "(100 - N)% of").
std::vector<std::string> conversions(std::string_view text);

// A language file's text; `file_name` names it in errors.
Result<WordMap> parse_words(const std::string& text, const std::string& file_name);

// Every translated text of `t`, one after another: what a font needs to draw it.
std::string every_text(const Translation& t);

// assets_dir/lang/<code>.toml. A missing file is a language with no words
// yet (everything in English), not an error.
Result<Translation> load_translation(const std::string& assets_dir, Language language);

}  // namespace tsl
