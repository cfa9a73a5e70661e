// lesson_panel.h — the classroom's lesson card: where the class is in the
// lesson, the step's text, the question to predict, and on reveal the numbers
// the running scene measured (with the step's answer); or, without a lesson,
// the preset's title and description. Also the two help pages: the keyboard
// shortcuts (?) and "About the modes" (F1).
//
// Immediate mode, main thread only. The card reports whether everything it
// drew fitted its rectangle, so tests can hold lessons to the 1080p scale.
#pragma once

#include "app/render/palette.h"
#include "app/ui/ui_style.h"

#include "core/geometry/view.h"

#include <string>
#include <vector>

namespace tsl::app {

// One row of a reveal: a pane (or the exposure scene) and its measured values.
struct RevealRow {
    std::string label;            // "A  AIAO" or "Single-threaded"
    std::optional<Rgba> chip;     // the pane's plot colour, in a comparison
    std::vector<std::string> values;  // formatted, one per column ("483 ms")
};

struct LessonCard {
    std::string heading;          // "Timeslicing batched algorithms  ·  step 3 of 8", or "Preset"
    std::string title;            // the step's (or preset's) title
    std::string text;             // two to four sentences (or the preset's description)
    std::string question;         // "" — no question (a preset, not a lesson)
    bool revealed = false;
    std::vector<std::string> columns;  // measure names shown over the values ("mean input age")
    std::vector<RevealRow> rows;
    std::string measured_over;    // "measured over 5.0 s of this step" — or why nothing is yet
    std::string answer;           // shown under the numbers
    bool can_go_back = false, can_go_forward = false;
};

struct LessonCardResult {
    bool back = false;     // the "< Back" button
    bool forward = false;  // "Reveal" or "Next >"
    bool fits = true;      // everything drawn fitted the card without scrolling
};

LessonCardResult draw_lesson_card(const LessonCard& card, const UiFonts& fonts, const PixelRect& rect);

// "483 ms", "0.168 ms", "12.4 deg": as many digits as a slide needs.
std::string measure_text(double value, const char* unit);

// The help page named by `which` ("keys" or "about") over the whole display;
// false when the user closed it (its close button or Esc).
bool draw_help_page(const std::string& which, const UiFonts& fonts, ImVec2 display);

}  // namespace tsl::app
