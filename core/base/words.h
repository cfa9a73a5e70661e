// words.h — the lab's words in one of its languages (core/base/language.h):
// what a scene, a card or a panel asks for when it writes a text a class
// reads. The words themselves come from assets/lang/<code>.toml
// (core/content/translation.h reads it); this is the lookup every layer can
// use, from the scenes' captions up to the UI.
//
// Threading: read-only once made; safe from any thread.
#pragma once

#include "core/base/language.h"

#include <map>
#include <string>
#include <string_view>

namespace tsl {

using WordMap = std::map<std::string, std::string, std::less<>>;

struct Translation {
    Language language = Language::En;
    WordMap words;  // English -> this language

    // `english` in this language; nullptr where the file has none.
    const std::string* find(std::string_view english) const {
        const auto it = words.find(english);
        return it == words.end() ? nullptr : &it->second;
    }
};

// The words of one language, as the code asks for them: a literal through
// operator() (tr("Reveal"); the [translation] tests find every such key in
// the sources and hold each language's file to them), any other text (a
// table's label, a file's caption) through of(). English, or a text the language's file lacks, comes back unchanged.
class Words {
public:
    Words() = default;
    explicit Words(const Translation* translation) : translation_(translation) {}

    const char* operator()(const char* english) const {
        const std::string* found = translation_ ? translation_->find(english) : nullptr;
        return found ? found->c_str() : english;
    }
    std::string_view of(std::string_view english) const {
        const std::string* found = translation_ ? translation_->find(english) : nullptr;
        return found ? std::string_view(*found) : english;
    }
    Language language() const { return translation_ ? translation_->language : Language::En; }
    // The same words: the same language's file, as read (the page reads a language's file again once it arrives).
    bool operator==(const Words&) const = default;

private:
    const Translation* translation_ = nullptr;  // nullptr — English
};

// Marks a literal as a text the UI shows later, translated there with of()
// (a timeline zone's label, kept in English for the trace files): the
// [translation] tests find every such key, as they find tr("...").
constexpr const char* to_translate(const char* english) { return english; }

}  // namespace tsl
