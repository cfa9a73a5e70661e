// results_board.h — a lesson's results board: one row per step that asks for
// a guess (core/content/guess.h), with the class's guess, what the reveal
// measured and the model's value. The rows of every lesson are kept as text
// in the settings (LabSettings::results_board, remembered in settings.toml and
// in the page's storage), so that a restart does not lose them:
//
//   LESSON:STEP:GUESS:MEASURED:MODEL;...    e.g. "timeslicing:3:0.5:0.48:0.5;timeslicing:4:B:B:"
//
// STEP counts from 1; GUESS, MEASURED and MODEL are numbers in the guess's
// unit (%.6g) or, for a choice, the panes' letters ("B"; "AB" when two tie);
// any may be empty (no guess yet, not measured, no model).
//
// Threading: plain functions and values; any thread.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tsl {

struct BoardEntry {
    std::string lesson;    // the lesson's name ("timeslicing")
    int step = 0;          // from 0
    std::string guess, measured, model;
    bool operator==(const BoardEntry&) const = default;
};

// Entries that do not read are left out (a board is never a reason to refuse settings).
std::vector<BoardEntry> parse_board(std::string_view text);
std::string board_text(const std::vector<BoardEntry>& entries);
// The entry of a lesson's step (nullptr: none), and one made if there is none.
const BoardEntry* find_entry(const std::vector<BoardEntry>& entries, std::string_view lesson, int step);
BoardEntry& entry_of(std::vector<BoardEntry>& entries, std::string_view lesson, int step);
// A number as the board keeps it: "0.48", "483.2", "1e+06".
std::string board_number(double value);

// A row of the board as shown and exported.
struct BoardRow {
    int step = 0;            // from 1
    std::string title;       // the step's
    std::string asked;       // what is guessed: "A: mean input age", "which pane: lowest mean input age"
    std::string unit;        // the values' unit: "T", "ms", "%"; "" — a count, or a choice of pane
    std::string guess;       // "0.5", "B"; "" — no guess
    std::string measured;    // "0.48", "A" ("AB": two tie); "" — not revealed yet
    std::string model;       // "0.5"; "" — the lab has no model of it
    std::string closeness;   // "within 4 %", "12 % over", "right", "wrong"; "" — nothing to grade yet
    bool close = false;      // the guess was close (a number) or right (a choice)
};

struct ResultsBoard {
    std::string lesson;          // the lesson's name
    std::string title;           // its title
    std::vector<BoardRow> rows;  // the steps that ask for a guess, in order
    int guessed() const;         // rows with a guess
    int graded() const;          // rows with a guess and a measurement
    int close() const;           // of those, close or right
};

// A row's value with its unit, for people: "0.48 T", "483 ms", "B"; "" stays "".
std::string with_unit(const std::string& value, const std::string& unit);

// The board as CSV: a header, then one line per row (lesson, step, title,
// asked, unit, guess, measured, model, closeness, close: yes, no, or empty
// while there is nothing to grade).
std::string board_csv(const ResultsBoard& board);

}  // namespace tsl
