// lesson_card.h — what the lesson card shows, as data: where the class is in
// the lesson, the step's text and question, and on reveal the numbers the
// running scenes measured since the step started (or, without a lesson, the
// preset's title and description). LabSession::lesson_card() makes it; the
// app draws it.
#pragma once

#include "core/content/expectation.h"
#include "core/content/glossary.h"

#include <string>
#include <vector>

namespace tsl {

// One row of a reveal: a pane (or the exposure scene) and its measured values
// (a time with its spread, the standard deviation over the steps: "3.34 ms ±0.21").
struct RevealRow {
    std::string label;                // "A, B  Async In / Async Out" or "Single-threaded"
    int pane = -1;                    // the pane whose colour marks the row (-1: none)
    std::vector<std::string> values;  // formatted, one per column ("483 ms")
};

// A term of the lesson (lesson.h, [terms]): "T", "one batch: ...".
struct CardTerm {
    std::string name, meaning;
    std::string line() const { return name + ": " + meaning; }  // "T: one batch, ..."
};

// A term of the articles' glossary (core/content/glossary.h) that the card's
// text uses: the card links it to the glossary page.
struct CardGlossaryTerm {
    std::string id;    // the glossary's id: "aiao"
    InLanguages name;  // in each language
};

// The class's guess on a step that asks for one (core/content/guess.h).
struct CardGuess {
    bool asked = false;    // the step asks for a guess
    bool choice = false;   // one of `options` (else a number)
    std::string prompt;    // "Your guess: A's mean input age" / "Your guess: which pane has the lowest mean input age?"
    std::string unit;      // the number's unit: "T", "ms", "%"; "" — a count, or a choice
    std::vector<std::string> options;  // a choice: the panes' letters ("A", "B"), or the modes ("AIAO", ...)
    std::string value;     // the guess given ("0.5", "B"; "" — none yet)
    // Revealed, with a guess: "Guess 0.4 T, measured 0.483 T: 17 % under", a
    // shorter form ("Guess 0.4 T: 17 % under") and the whole ("..., model 0.483 T").
    std::string result, result_short, result_full;
    bool close = false;    // the guess was close (a number) or right (a choice)
};

struct LessonCard {
    std::string heading;               // "Timeslicing batched algorithms  |  step 3 of 8", or "Preset"
    std::string title;                 // the step's (or preset's) title
    std::string text;                  // two to four sentences (or the preset's description)
    std::string question;              // "" — no question (a preset, not a lesson)
    // The lesson's terms this step uses that the class has not met on a step
    // shown before (lesson.h, [terms]).
    std::vector<CardTerm> terms;
    // "" — the step runs as written here; else, in plain words, what this
    // computer or page runs instead (no worker thread can start: the step's
    // jobs run on the main thread) and what its figures show then.
    std::string on_this_page;
    // "" — the step's text is in the card's language; else, in that language,
    // that the step has no text in it yet and shows the English.
    std::string untranslated;
    // The glossary's terms in the title, text and question (and, revealed,
    // the answer), in the glossary's order.
    std::vector<CardGlossaryTerm> glossary;
    bool revealed = false;
    std::vector<std::string> columns;  // measure names shown over the values ("mean input age")
    std::vector<RevealRow> rows;
    std::string measured_over;         // "Measured over 5.0 s: ..., T = 1000 ms; 2 cores, 1 worker" — or why nothing is yet
    std::string answer;                // shown under the numbers
    // The step's expectations, each checked against what was measured (revealed only).
    std::vector<ExpectationResult> checks;
    CardGuess guess;
    bool board_next = false;           // Next, on the lesson's last step revealed, shows the results board
    std::string missed;                // "" — none missed; else why one was not met here, in plain words
    bool can_go_back = false, can_go_forward = false;
    std::string changed;               // "" — what runs is what the step (or preset) set up; else says it is not
};

}  // namespace tsl
