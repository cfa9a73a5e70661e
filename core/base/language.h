// language.h — the lab's three languages: English, Traditional Chinese
// (zh-Hant) and Simplified Chinese (zh-Hans), the languages of the articles it
// teaches. Their names for files, links and the command line, and the
// language a system locale or a browser asks for.
#pragma once

#include "core/base/names.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>

namespace tsl {

enum class Language : std::uint8_t { En, ZhHant, ZhHans };
inline constexpr int kLanguages = 3;
inline constexpr std::array<Language, kLanguages> kAllLanguages{Language::En, Language::ZhHant, Language::ZhHans};

// Canonical names first (each in its own language as the label), then aliases
// a locale or a browser uses.
inline constexpr EnumName kLanguageNames[] = {
    {"en", 0, "English"},           {"zh-Hant", 1, "繁體中文"}, {"zh-Hans", 2, "简体中文"}, {"english", 0},
    {"zh-TW", 1},                   {"zh-HK", 1},               {"zh-MO", 1},               {"zh-CN", 2},
    {"zh-SG", 2},                   {"zh", 2}};

inline std::string_view language_code(Language language) { return name_for(kLanguageNames, static_cast<int>(language)); }
// "English", "繁體中文", "简体中文": each in its own language.
inline std::string_view language_name(Language language) { return label_for(kLanguageNames, static_cast<int>(language)); }

// The language a locale ("zh_TW.UTF-8", "zh_CN", "C") or a browser's language
// tag ("zh-Hant-HK", "zh-CN", "en-GB") asks for: the script where it names
// one (Hant, Hans); else Traditional Chinese for Taiwan, Hong Kong and Macau,
// Simplified for any other Chinese; else English.
inline Language language_from_locale(std::string_view locale) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (locale.size() < 2 || lower(locale[0]) != 'z' || lower(locale[1]) != 'h' || (locale.size() > 2 && locale[2] != '_' && locale[2] != '-' && locale[2] != '.'))
        return Language::En;
    std::string_view rest = locale.substr(std::min<std::size_t>(3, locale.size()));
    rest = rest.substr(0, rest.find_first_of(".@"));
    const auto is = [&](std::string_view part, std::string_view name) {
        return part.size() == name.size() && std::equal(part.begin(), part.end(), name.begin(), [&](char a, char b) { return lower(a) == b; });
    };
    bool traditional = false;
    for (std::size_t start = 0; start < rest.size();) {  // the tag's parts: a script says it; else a region
        const std::size_t end = std::min(rest.find_first_of("_-", start), rest.size());
        const std::string_view part = rest.substr(start, end - start);
        if (is(part, "hans")) return Language::ZhHans;
        if (is(part, "hant")) return Language::ZhHant;
        traditional |= is(part, "tw") || is(part, "hk") || is(part, "mo");
        start = end + 1;
    }
    if (traditional) return Language::ZhHant;
    return Language::ZhHans;
}

}  // namespace tsl
