#include "app/ui/text.h"

#include "app/ui/ui_text.h"

#include <algorithm>
#include <cfloat>

namespace tsl::app {

namespace {

float width_of(ImFont* font, float size, const std::string& text) { return font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x; }

}  // namespace

void wrapped_in_language(const std::string& text, float width) {
    if (ui_words().language() != Language::En) return text_wrapped(text, width > 0 ? width : ImGui::GetContentRegionAvail().x);
    ImGui::PushTextWrapPos(width > 0 ? ImGui::GetCursorPosX() + width : 0.0f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
}

void disabled_text_wrapped(const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    text_wrapped(text);
    ImGui::PopStyleColor();
}

namespace {

// Chinese has no spaces between words: a line may break before any of its
// characters, except punctuation that closes ("，", "。", "）"), which stays
// with the character before it.
bool closes(char32_t c) {
    switch (c) {
        case 0x3001: case 0x3002: case 0x3009: case 0x300B: case 0x300D: case 0x300F: case 0x3011:
        case 0xFF01: case 0xFF09: case 0xFF0C: case 0xFF0E: case 0xFF1A: case 0xFF1B: case 0xFF1F: return true;
        default: return false;
    }
}

// A word (text between spaces) cut where a line may break inside it: before
// each wide character (U+2E80 and above) and before the text after one.
std::vector<std::string> break_points(const std::string& word) {
    std::vector<std::string> pieces(1);
    bool after_wide = false;
    for (std::size_t i = 0; i < word.size();) {
        const auto b = static_cast<unsigned char>(word[i]);
        const std::size_t length = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 1;
        char32_t c = length == 1 ? b : b & (0xFF >> (length + 1));
        for (std::size_t k = 1; k < length && i + k < word.size(); ++k) c = (c << 6) | (static_cast<unsigned char>(word[i + k]) & 0x3F);
        const bool wide = c >= 0x2E80;
        if ((wide && !closes(c)) || (!wide && after_wide)) {
            if (!pieces.back().empty()) pieces.emplace_back();
        }
        pieces.back() += word.substr(i, length);
        after_wide = wide;
        i += length;
    }
    return pieces;
}

}  // namespace

void text_wrapped(const std::string& text) { text_wrapped(text, ImGui::GetContentRegionAvail().x); }

void text_wrapped(const std::string& text, float room) {
    const float width = std::max(1.0f, room);
    std::string out, line;
    auto end_line = [&] {
        out += line;
        out += '\n';
        line.clear();
    };
    for (std::size_t from = 0; from <= text.size();) {
        const std::size_t stop = std::min(text.find_first_of(" \n", from), text.size());
        const std::vector<std::string> pieces = break_points(text.substr(from, stop - from));
        for (std::size_t p = 0; p < pieces.size(); ++p) {
            const std::string& piece = pieces[p];
            const std::string longer = line.empty() ? piece : line + (p == 0 ? " " : "") + piece;
            if (!line.empty() && ImGui::CalcTextSize(longer.c_str()).x > width) {
                end_line();
                line = piece;
            } else {
                line = longer;
            }
        }
        if (stop < text.size() && text[stop] == '\n') end_line();
        from = stop + 1;
    }
    out += line;
    ImGui::TextUnformatted(out.c_str());
}

namespace {

// A caption cut where a line may break: at its spaces (the space goes), and
// in Chinese between characters (break_points). English has only the first.
struct Piece {
    std::string text;
    bool after_space = false;  // a space stood before it
};

std::vector<Piece> pieces_of(const std::string& text) {
    std::vector<Piece> pieces;
    for (std::size_t from = 0; from <= text.size();) {
        const std::size_t space = std::min(text.find(' ', from), text.size());
        const std::vector<std::string> parts = break_points(text.substr(from, space - from));
        for (std::size_t k = 0; k < parts.size(); ++k) pieces.push_back({parts[k], k == 0 && from > 0});
        from = space + 1;
    }
    return pieces;
}

// Pieces [first, last) as one line (no space before its first).
std::string joined(const std::vector<Piece>& pieces, std::size_t first, std::size_t last) {
    std::string line;
    for (std::size_t k = first; k < last; ++k) line += (k > first && pieces[k].after_space ? " " : "") + pieces[k].text;
    return line;
}

// `line` without its last character (a whole UTF-8 sequence, never half of one).
void drop_last_character(std::string& line) {
    do line.pop_back();
    while (!line.empty() && (static_cast<unsigned char>(line.back()) & 0xC0) == 0x80);
    if (!line.empty() && static_cast<unsigned char>(line.back()) >= 0xC0) line.pop_back();
}

}  // namespace

FittedText fit_text(ImFont* font, float size, float min_size, const std::string& text, float width, int max_lines, float first_width) {
    if (first_width < 0) first_width = width;
    // At the size asked for, then at the smallest (as many lines as fit in the same height), before one smaller line.
    if (min_size < size) {
        FittedText at_size = fit_text(font, size, size, text, width, max_lines, first_width);
        if (at_size.size == size && at_size.lines.back().find("...") == std::string::npos) return at_size;
        const int more_lines = static_cast<int>(static_cast<float>(max_lines) * size / min_size);
        FittedText smaller = fit_text(font, min_size, min_size, text, width, more_lines, first_width);
        if (smaller.lines.size() > 1 || smaller.lines.back().find("...") == std::string::npos) return smaller;
        return smaller;
    }
    if (width_of(font, size, text) <= first_width) return {{text}, size};
    const std::vector<Piece> pieces = pieces_of(text);
    // Two lines (the common case): the cut that leaves the narrower widest line.
    if (max_lines >= 2) {
        std::vector<std::string> best;
        float best_w = FLT_MAX;
        for (std::size_t cut = 1; cut < pieces.size(); ++cut) {
            const std::vector<std::string> lines{joined(pieces, 0, cut), joined(pieces, cut, pieces.size())};
            // How far the wider line goes past its room (<= 0: both fit).
            const float w = std::max(width_of(font, size, lines[0]) - first_width, width_of(font, size, lines[1]) - width);
            if (w < best_w) {
                best_w = w;
                best = lines;
            }
        }
        if (best_w <= 0) return {best, size};
    }
    // More lines: pieces filled greedily.
    if (max_lines >= 3) {
        std::vector<std::string> lines{""};
        std::size_t line_start = 0;
        for (std::size_t k = 0; k < pieces.size(); ++k) {
            const std::string longer = joined(pieces, line_start, k + 1);
            const float room = lines.size() == 1 ? first_width : width;
            if (k == line_start || width_of(font, size, longer) <= room) {
                lines.back() = longer;
            } else {
                lines.push_back(pieces[k].text);
                line_start = k;
            }
        }
        bool fits = static_cast<int>(lines.size()) <= max_lines;
        for (std::size_t i = 0; i < lines.size(); ++i) fits = fits && width_of(font, size, lines[i]) <= (i == 0 ? first_width : width);
        if (fits) return {lines, size};
    }
    // One line, smaller.
    const float fitted = std::max(min_size, size * first_width / std::max(1.0f, width_of(font, size, text)));
    std::string line = text;
    while (line.size() > 1 && width_of(font, fitted, line + "...") > first_width) drop_last_character(line);
    if (line.size() < text.size()) line += "...";
    return {{line}, fitted};
}

}  // namespace tsl::app
