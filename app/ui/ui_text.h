// ui_text.h — the window's own words in the chosen language
// (core/content/translation.h): tr("Reveal") is what assets/lang/<code>.toml
// gives for "Reveal", or "Reveal" itself (English, or a text the file lacks).
// The frame sets the language's words before it draws (LabApp::draw_ui).
//
//   tr("Reset")                  a literal: the [translation] tests find
//                                every such key in the sources and hold
//                                each language's file to it
//   tr_label("Reset")            the same for a widget's label, whose ImGui ID
//                                stays the English one ("重設###Reset"), so
//                                two texts that translate alike never share an
//                                ID and a tab or tree keeps its state across
//                                a change of language
//   tr_label("Step##in the board")
//                                a word with two uses: the key with its
//                                "##in ..." is the language's word for this
//                                one (the board's column of step numbers, not
//                                the Step button); English shows "Step"
//   tr_of(field.label)           any other text (a table's, a file's): the
//                                [translation] tests hold the tables' texts
//
// Threading: the UI thread only.
#pragma once

#include "core/base/words.h"

#include <string>
#include <string_view>

namespace tsl::app {

void set_ui_words(const Words& words);
const Words& ui_words();

inline const char* tr(const char* english) { return ui_words()(english); }
std::string tr_of(std::string_view english);
// A widget label: `english`, or its translation with the English as its ID.
// A "##id" in `english` is kept in the ID.
const char* tr_label(const char* english);

}  // namespace tsl::app
