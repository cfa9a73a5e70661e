#include "app/ui/ui_text.h"

#include <map>

namespace tsl::app {

namespace {

struct UiText {
    Words words;
    // tr_label's strings, by their English: built once per language.
    std::map<std::string, std::string, std::less<>> labels;
};

UiText& ui_text() {
    static UiText text;
    return text;
}

}  // namespace

void set_ui_words(const Words& words) {
    UiText& t = ui_text();
    if (t.words != words) t.labels.clear();  // another language, or its file read again
    t.words = words;
}

const Words& ui_words() { return ui_text().words; }

std::string tr_of(std::string_view english) { return std::string(ui_words().of(english)); }

const char* tr_label(const char* english) {
    UiText& t = ui_text();
    if (t.words.language() == Language::En) return english;
    const std::string_view whole(english);
    auto it = t.labels.find(whole);
    if (it == t.labels.end()) {
        // "Step##in the board" is its own key; any other "##id" is not part of the text.
        const std::string_view key = whole.find("##in ") != std::string_view::npos ? whole : whole.substr(0, whole.find("##"));
        it = t.labels.emplace(std::string(whole), std::string(t.words.of(key)) + "###" + std::string(whole)).first;
    }
    return it->second.c_str();
}

}  // namespace tsl::app
