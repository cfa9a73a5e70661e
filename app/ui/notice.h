// notice.h — what the app tells the user about its own actions: a file saved
// (with its full path and a button that opens its folder), a problem (a file
// that could not be written, a preset that does not load), or plain news. One
// notice at a time, drawn over the bottom of the area under the scene (the
// dock, or the presenter view's plot; the scene itself only when nothing is
// under it) in the UI's neutral colours (a problem with a red edge), so it
// never moves a control of the panel nor hides the scene. News and saved
// files fade away after kNoticeSeconds (not while the pointer rests on them);
// a problem stays until closed or replaced. Not part of pictures or
// recordings of the scene (LabApp captures the scene before the UI's windows).
//
// Main thread only.
#pragma once

#include "app/ui/ui_style.h"

#include "core/base/result.h"
#include "core/base/view.h"

#include <cstdint>
#include <string>

namespace tsl::app {

struct Notice {
    enum class Kind : std::uint8_t { Info, Saved, Problem };
    Kind kind = Kind::Info;
    std::string text;  // one or two sentences ("" — no notice)
    std::string path;  // Saved: the file written, absolute
    std::string detail;  // Saved: what the text says after the path ("(96 frames)"; "" — nothing)
    double shown_at = -1;  // ImGui time it was first drawn (-1: not yet), for the fade
    bool empty() const { return text.empty(); }
};

inline constexpr double kNoticeSeconds = 8.0;  // news and saved files, before they fade out (over one more second)

Notice info_notice(std::string text);
Notice problem_notice(std::string text);
// "Saved <path> <detail>": `path` made absolute.
Notice saved_notice(const std::string& path, const std::string& detail = {});

struct NoticeActions {
    bool close = false;        // the close button, or a fade that ended
    bool open_folder = false;  // "Open folder" (Saved only)
};
// Draws `notice` at the bottom-left of `area` (nothing when it is empty), and
// fades news and saved files out once they have been up kNoticeSeconds.
NoticeActions draw_notice(Notice& notice, const PixelRect& area, const UiFonts& fonts);

// Opens the folder holding `file` in the desktop's file manager: the program
// named by the TIMESLICE_LAB_OPEN environment variable, else xdg-open, started
// without waiting for it; or why it could not start.
Status open_containing_folder(const std::string& file);

}  // namespace tsl::app
