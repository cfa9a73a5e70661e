// catalog.h — the presets, lessons and levels the pickers offer: read from
// the assets folder, every file that loads, in the order a class meets them.
#pragma once

#include "core/content/glossary.h"
#include "core/content/translation.h"
#include "core/settings/scene_kind.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace tsl {

// A preset or lesson the pickers offer.
struct CatalogEntry {
    std::string name, title, description;
    // A preset's scene, or the scene a lesson starts in; the catalog's order
    // and the pickers' headings follow it.
    SceneKind scene = SceneKind::Npc;
    // The title and description in each language: [En] as above, the others
    // "" where the file has none.
    std::array<std::string, kLanguages> titles, descriptions;

    // In `language`, else the English.
    const std::string& title_in(Language language) const {
        const std::string& t = titles[static_cast<std::size_t>(language)];
        return t.empty() ? title : t;
    }
    const std::string& description_in(Language language) const {
        const std::string& d = descriptions[static_cast<std::size_t>(language)];
        return d.empty() ? description : d;
    }
};
struct Catalog {
    // Both grouped by scene (the NPC scene's first) and in teaching order:
    // presets as the lessons use them, then the others, one mode's figures
    // before comparisons of several.
    std::vector<CatalogEntry> presets, lessons;
    std::vector<std::string> levels;  // the level files in <assets>/levels, by name
    // The articles' terms in three languages (core/content/glossary.h), from
    // <assets>/glossary.toml; none when there is none, or it does not load (then
    // `problem` says why).
    std::optional<Glossary> glossary;
    // The lab's words in the other languages (core/content/translation.h),
    // from <assets>/lang/<code>.toml; a language without a file, or whose
    // file does not load (then `problem` says why), has none.
    std::vector<Translation> translations;
    // Every text the lessons and presets give in a language besides English,
    // one after another: what the fonts must be able to draw (with the
    // translations' and the glossary's).
    std::string translated_text;
    std::string problem;  // the last file that did not load, named ("" — none)

    // nullptr — English, or no text in `language`.
    const Translation* translation(Language language) const;
};

// Reads every preset, lesson and level in `assets_dir` (its presets/,
// lessons/ and levels/), its glossary and its translations (lang/). Presets grouped by scene (SceneKind's order), each
// group in the order the lessons first use them, the rest after; lessons
// grouped by the scene of their first step.
Catalog scan_catalog(const std::string& assets_dir);

}  // namespace tsl
