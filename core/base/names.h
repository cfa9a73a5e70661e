// names.h — the names of an enum's values, for files, the command line and
// the panel, with one parser for all of them: case-insensitive, and '_', '-'
// and ' ' count as the same character ("SISO", "next_frame", "Next frame").
//
// A table lists each value once under its canonical name (the first entry for
// that value), then any aliases: accepted when parsed, never printed.
//
//   inline constexpr EnumName kGatheringNames[] = {
//       {"same-frame", 0, "Same frame"}, {"next-frame", 1, "Next frame"}, {"delayed", 1}};
//   parse_name(kGatheringNames, "Next_Frame")  -> 1
//   canonical_names(kGatheringNames)           -> "same-frame, next-frame"
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace tsl {

struct EnumName {
    std::string_view name;        // lower case, words joined by '-'
    int value = 0;
    std::string_view label = {};  // for people: "Async In / Async Out" ("" — the name)
    std::string_view help = {};   // one plain sentence for tooltips ("" — none)
};

namespace names_detail {
inline char fold(char c) {
    if (c >= 'A' && c <= 'Z') return static_cast<char>(c - 'A' + 'a');
    return c == '_' || c == ' ' ? '-' : c;
}
}  // namespace names_detail

// True when `a` and `b` name the same thing under the folding above.
inline bool same_name(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (names_detail::fold(a[i]) != names_detail::fold(b[i])) return false;
    return true;
}

inline std::optional<int> parse_name(std::span<const EnumName> names, std::string_view text) {
    for (const EnumName& n : names)
        if (same_name(n.name, text)) return n.value;
    return std::nullopt;
}

// The entry a value is printed with (the first for that value); nullptr if none.
inline const EnumName* canonical(std::span<const EnumName> names, int value) {
    for (const EnumName& n : names)
        if (n.value == value) return &n;
    return nullptr;
}

inline std::string_view name_for(std::span<const EnumName> names, int value) {
    const EnumName* n = canonical(names, value);
    return n ? n->name : std::string_view("?");
}

inline std::string_view label_for(std::span<const EnumName> names, int value) {
    const EnumName* n = canonical(names, value);
    return !n ? std::string_view("?") : n->label.empty() ? n->name : n->label;
}

// True for an entry that is the canonical name of its value (not an alias).
inline bool is_canonical(std::span<const EnumName> names, const EnumName& entry) { return canonical(names, entry.value) == &entry; }

// "a, b, c": every value's canonical name, for messages and help.
inline std::string canonical_names(std::span<const EnumName> names, std::string_view separator = ", ") {
    std::string out;
    for (const EnumName& n : names) {
        if (!is_canonical(names, n)) continue;
        if (!out.empty()) out += separator;
        out += n.name;
    }
    return out;
}

// Typed wrappers for one enum: parse_enum<Mode>(kModeNames, "siso").
template <class E>
std::optional<E> parse_enum(std::span<const EnumName> names, std::string_view text) {
    const std::optional<int> v = parse_name(names, text);
    return v ? std::optional<E>(static_cast<E>(*v)) : std::nullopt;
}

}  // namespace tsl
