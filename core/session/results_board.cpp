#include "core/session/results_board.h"

#include "core/base/formatted.h"

#include <algorithm>
#include <charconv>

namespace tsl {

namespace {

std::vector<std::string_view> split(std::string_view text, char at) {
    std::vector<std::string_view> parts;
    for (std::size_t from = 0;;) {
        const std::size_t end = text.find(at, from);
        parts.push_back(text.substr(from, end == std::string_view::npos ? std::string_view::npos : end - from));
        if (end == std::string_view::npos) return parts;
        from = end + 1;
    }
}

bool plain(std::string_view part) {
    return std::all_of(part.begin(), part.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' || c == '+';
    });
}

std::string csv_field(const std::string& text) {
    if (text.find_first_of(",\"\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

}  // namespace

std::vector<BoardEntry> parse_board(std::string_view text) {
    std::vector<BoardEntry> entries;
    if (text.empty()) return entries;
    for (std::string_view item : split(text, ';')) {
        const std::vector<std::string_view> f = split(item, ':');
        if (f.size() != 5 || f[0].empty() || !std::all_of(f.begin(), f.end(), plain)) continue;
        int step = 0;
        const auto [end, error] = std::from_chars(f[1].data(), f[1].data() + f[1].size(), step);
        if (error != std::errc{} || end != f[1].data() + f[1].size() || step < 1 || step > 1000) continue;
        BoardEntry e{std::string(f[0]), step - 1, std::string(f[2]), std::string(f[3]), std::string(f[4])};
        if (!find_entry(entries, e.lesson, e.step)) entries.push_back(std::move(e));
    }
    return entries;
}

std::string board_text(const std::vector<BoardEntry>& entries) {
    std::string text;
    for (const BoardEntry& e : entries)
        text += (text.empty() ? "" : ";") + e.lesson + ":" + std::to_string(e.step + 1) + ":" + e.guess + ":" + e.measured + ":" + e.model;
    return text;
}

const BoardEntry* find_entry(const std::vector<BoardEntry>& entries, std::string_view lesson, int step) {
    const auto it = std::find_if(entries.begin(), entries.end(), [&](const BoardEntry& e) { return e.lesson == lesson && e.step == step; });
    return it == entries.end() ? nullptr : &*it;
}

BoardEntry& entry_of(std::vector<BoardEntry>& entries, std::string_view lesson, int step) {
    for (BoardEntry& e : entries)
        if (e.lesson == lesson && e.step == step) return e;
    return entries.emplace_back(BoardEntry{std::string(lesson), step, {}, {}, {}});
}

std::string board_number(double value) { return formatted("%.6g", value); }

int ResultsBoard::guessed() const {
    return static_cast<int>(std::count_if(rows.begin(), rows.end(), [](const BoardRow& r) { return !r.guess.empty(); }));
}
int ResultsBoard::graded() const {
    return static_cast<int>(std::count_if(rows.begin(), rows.end(), [](const BoardRow& r) { return !r.guess.empty() && !r.measured.empty(); }));
}
int ResultsBoard::close() const {
    return static_cast<int>(std::count_if(rows.begin(), rows.end(), [](const BoardRow& r) { return !r.guess.empty() && !r.measured.empty() && r.close; }));
}

std::string with_unit(const std::string& value, const std::string& unit) {
    if (value.empty() || unit.empty()) return value;
    return value + (unit == "%" ? "" : " ") + unit;
}

std::string board_csv(const ResultsBoard& board) {
    std::string csv = "lesson,step,title,asked,unit,guess,measured,model,closeness,close\n";
    for (const BoardRow& r : board.rows) {
        const bool graded = !r.guess.empty() && !r.measured.empty();
        csv += csv_field(board.lesson) + "," + std::to_string(r.step) + "," + csv_field(r.title) + "," + csv_field(r.asked) + "," +
               csv_field(r.unit) + "," + csv_field(r.guess) + "," + csv_field(r.measured) + "," + csv_field(r.model) + "," + csv_field(r.closeness) + "," +
               (graded ? (r.close ? "yes" : "no") : "") + "\n";
    }
    return csv;
}

}  // namespace tsl
