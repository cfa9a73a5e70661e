// lesson_panel.h — the classroom's lesson card: where the class is in the
// lesson, the step's text, the question to predict, and on reveal the numbers
// the running scene measured (with the step's answer); or, without a lesson,
// the preset's title and description; a step that asks for a guess has a
// field for it. Also the two help pages, the keyboard shortcuts (?) and
// "About the modes" (F1), and the lesson's results board (B, board_panel.cpp).
//
// Immediate mode, main thread only. The card reports whether everything it
// drew fitted its rectangle, so tests can hold lessons to the 1080p scale.
#pragma once

#include "app/render/palette.h"
#include "app/ui/ui_style.h"

#include "core/base/view.h"
#include "core/session/lesson_card.h"
#include "core/session/results_board.h"

#include <optional>
#include <string>
#include <vector>

namespace tsl::app {

struct LessonCardResult {
    bool back = false;     // the "< Back" button
    bool forward = false;  // "Reveal" or "Next >"
    bool restore = false;  // "Restore": the step's (or preset's) own settings again
    std::optional<std::string> guess;  // the class's guess, given or changed ("" — cleared)
    std::optional<std::string> glossary_term;  // a term chosen from "Terms": the glossary's id
    bool terms_shown = false;  // the "Terms" list is open (it writes Chinese)
    bool fits = true;      // everything drawn fitted the card without scrolling
};

// The card's text is drawn at the UI's body size, before and after the
// reveal; once revealed, the step's text folds under a header so that the
// measurement and the answer have the room. What does not fit scrolls above
// the Back / Next buttons, which stay in view (and `fits` is false).
LessonCardResult draw_lesson_card(const LessonCard& card, const UiFonts& fonts, const PixelRect& rect);

// What the results board's buttons asked for.
struct BoardActions {
    bool close = false, save_csv = false, save_png = false, clear = false;
};
// The lesson's results board (core/session/results_board.h) over the whole
// display, like a help page; `rect` receives where it was drawn. `picture`:
// drawn for its PNG, without its buttons, `rect` cut below the last row.
BoardActions draw_results_board(const ResultsBoard& board, const UiFonts& fonts, ImVec2 display, PixelRect& rect, bool picture = false);

// The help page over the whole display; returns the page to show next: `page`
// itself, None when the user closed it (its close button), or Glossary (its
// "Glossary" button). The shortcuts page lists core/session/key_bindings.h.
HelpPage draw_help_page(HelpPage page, const UiFonts& fonts, ImVec2 display);

}  // namespace tsl::app
