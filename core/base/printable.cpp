#include "core/base/printable.h"

#include <cstdint>
#include <cstdio>

namespace tsl {

namespace {

// Length of the valid UTF-8 sequence at `at` (2 to 4) and its code point, or
// 0 when the bytes there are not one (overlong forms and surrogates included).
std::size_t utf8_sequence(std::string_view text, std::size_t at, std::uint32_t& code_point) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    std::size_t length = 0;
    std::uint32_t min = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2, min = 0x80, code_point = lead & 0x1Fu;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3, min = 0x800, code_point = lead & 0x0Fu;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4, min = 0x10000, code_point = lead & 0x07u;
    } else {
        return 0;
    }
    if (at + length > text.size()) return 0;
    for (std::size_t i = 1; i < length; ++i) {
        if ((byte(at + i) & 0xC0u) != 0x80u) return 0;
        code_point = (code_point << 6) | (byte(at + i) & 0x3Fu);
    }
    if (code_point < min || code_point > 0x10FFFF || (code_point >= 0xD800 && code_point <= 0xDFFF)) return 0;
    return length;
}

bool is_escaped_code_point(std::uint32_t c) {
    return (c >= 0x80 && c <= 0x9F) || c == 0x2028 || c == 0x2029 || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

void append_hex(std::string& out, const char* format, unsigned value) {
    char text[16];
    std::snprintf(text, sizeof text, format, value);
    out += text;
}

// Calls `plain(at, length)` for each run kept as it is and `escape(text)` for each escape.
template <class Plain, class Escape>
void scan(std::string_view text, Plain plain, Escape escape) {
    std::string code;
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c < 0x7F) {
            plain(i, 1);
            ++i;
            continue;
        }
        code.clear();
        if (c < 0x80) {
            if (c == '\n') code = "\\n";
            else if (c == '\r') code = "\\r";
            else if (c == '\t') code = "\\t";
            else append_hex(code, "\\x%02x", c);
            escape(code);
            ++i;
            continue;
        }
        std::uint32_t code_point = 0;
        const std::size_t length = utf8_sequence(text, i, code_point);
        if (length == 0) {
            append_hex(code, "\\x%02x", c);
            escape(code);
            ++i;
        } else if (is_escaped_code_point(code_point)) {
            append_hex(code, "\\u%04x", code_point);
            escape(code);
            i += length;
        } else {
            plain(i, length);
            i += length;
        }
    }
}

}  // namespace

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    scan(text, [&](std::size_t at, std::size_t length) { out.append(text.substr(at, length)); },
         [&](const std::string& escape) { out += escape; });
    return out;
}

bool is_printable(std::string_view text) {
    bool clean = true;
    scan(text, [](std::size_t, std::size_t) {}, [&](const std::string&) { clean = false; });
    return clean;
}

}  // namespace tsl
