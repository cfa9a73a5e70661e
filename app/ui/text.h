// text.h — printf-style formatting into a std::string, for labels and tables;
// text wrapped as English and Chinese wrap; and a caption fitted to a width
// without going below a readable size.
#pragma once

#include "core/base/formatted.h"

#include <imgui.h>

#include <cstdio>
#include <string>
#include <vector>

namespace tsl::app {

// Of any length: a translated format (app/ui/ui_text.h) in Chinese takes
// three bytes a character.
using tsl::formatted;

// Text wrapped at the content region's right edge, breaking lines only at
// spaces: ImGui's own wrapping also breaks after punctuation, which splits
// "10,000" into "10," and "000" across two lines. Chinese, which has no
// spaces, breaks before any character but closing punctuation ("，", "。").
void text_wrapped(const std::string& text);
// The same at `width` (a tooltip's, which has no content region to fill).
void text_wrapped(const std::string& text, float width);
// Text wrapped at the content region's right edge (`width` > 0: that far
// from the cursor) as ImGui wraps it in English, its breaks as they always
// were; in Chinese, as text_wrapped breaks it (ImGui 1.86 breaks only at
// spaces and after ASCII punctuation, and Chinese has neither).
void wrapped_in_language(const std::string& text, float width = 0);
// The same in the style's disabled (grey) text colour.
void disabled_text_wrapped(const std::string& text);

// A caption in `font` fitted to `width`: one line at `size` if it fits; else
// split at spaces into up to `max_lines` lines at `size`; else one line set
// smaller, never below `min_size`; a line still too wide is cut with "...".
// `first_width` (< 0: `width`) is the first line's room, when something sits
// beside it (a pane's letter).
struct FittedText {
    std::vector<std::string> lines;
    float size = 0;
};
FittedText fit_text(ImFont* font, float size, float min_size, const std::string& text, float width, int max_lines = 2,
                    float first_width = -1);

}  // namespace tsl::app
