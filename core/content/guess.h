// guess.h — what a lesson step lets the class guess before its reveal, and how
// close a guess came. Written in a step as `guess = "..."` (lesson.h):
//
//   guess = "A input_age"          a number: pane A's mean input age, in the measure's unit (ms)
//   guess = "A input_age in T"     the same as a share of the pane's batch period T (NPC measures in ms)
//   guess = "lowest input_age"     a choice: the pane with the lowest mean input age
//   guess = "highest map_split"    ... or the highest
//   guess = "A mode"               a choice: pane A's mode, one of AIAO, SIAO, SISO, AISO (the quiz's)
//
// The measure (but for "mode") is one of the step's `reveal` measures, so that the reveal shows
// what the guess is checked against. The reveal puts the guess beside what
// was measured and, where the lab has one (input ages: docs/semantics.md,
// section 6), the model's value; the lesson's results board keeps one row per
// step (core/session/results_board.h).
//
// Threading: plain functions and values; any thread.
#pragma once

#include "core/base/result.h"
#include "core/base/words.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tsl {

struct LessonGuess {
    enum class Kind : std::uint8_t {
        Number,   // a value of one pane's measure
        Lowest,   // which pane's measure is the lowest
        Highest,  // ... the highest
        Mode,     // pane `pane`'s mode, one of kModeOptions
    };
    Kind kind = Kind::Number;
    std::string measure;  // a lesson measure (lesson.h); "" for Mode
    int pane = 0;         // Number, Mode: the pane guessed about (0: A)
    bool of_T = false;    // Number: in batch periods T
    std::string text;     // as written

    bool is_choice() const { return kind != Kind::Number; }
};

// The modes a Mode guess chooses from, as the board writes them.
inline constexpr const char* kModeOptions[] = {"AIAO", "SIAO", "SISO", "AISO"};

// Parses a step's guess, or says why it does not read.
Result<LessonGuess> parse_guess(std::string_view text);

// A number the class typed: "0.5", "483", " 1.5 ", "0,5" (a decimal comma
// too); nullopt for anything else (empty, words, not finite).
std::optional<double> guessed_number(std::string_view text);

// How close a number came to what was measured. Close: within kCloseShare of
// it (both 0 counts too).
inline constexpr double kCloseShare = 0.10;
struct GuessGrade {
    bool close = false;
    std::string said;  // "within 4 %", "12 % over", "45 % under", "measured 0"
};
GuessGrade grade_number(double guess, double measured, const Words& tr = {});

// A choice: the panes' letters the measurement picked ("A", or "AB" when two
// tie); the guess is right when its letter is one of them.
inline bool choice_right(std::string_view guess, std::string_view picked) {
    return guess.size() == 1 && picked.find(guess[0]) != std::string_view::npos;
}

}  // namespace tsl
