// glossary_page.h — the glossary as a help page (G, or a term's link on the
// lesson card): every term of the articles in English, 繁體中文 and 简体中文,
// and for the one chosen its meaning in each language and the articles that
// use it (core/content/glossary.h, assets/glossary.toml).
//
// Immediate mode, main thread only.
#pragma once

#include "app/ui/ui_style.h"

#include "core/content/glossary.h"

#include <imgui.h>

#include <string>

namespace tsl::app {

// The Chinese words the page writes itself (its title), for the font atlas.
extern const char* const kGlossaryPageWords;

// The glossary over the whole display; false when the user closed it.
// `chosen`: the id of the term shown in full ("" or unknown: the first); a
// click on another term changes it. `glossary` null: the page says the
// glossary did not load. `chinese_missing`: the fonts lack Chinese characters
// (the page's font still on its way, or none installed): the page says so.
bool draw_glossary_page(const Glossary* glossary, std::string& chosen, bool chinese_missing, const UiFonts& fonts, ImVec2 display);

}  // namespace tsl::app
