// ui_probe.h — a record of every item Dear ImGui lays out, for the test that
// clicks and drags every control in the real window (tests/window_click_all.py).
//
// With the environment variable TIMESLICE_LAB_PROBE=FILE, the app writes FILE
// after every frame (atomically: a reader never sees half of it):
//
//   frame N WIDTH HEIGHT
//   active ID_HEX KEYBOARD                          the item ImGui holds active (0: none),
//                                                   KEYBOARD 1 when ImGui takes the keys
//   window NAME_HEX X Y W H SCROLL_Y SCROLL_MAX_Y   one per window shown
//   item ID_HEX NAME_HEX LABEL_HEX X Y W H FLAGS    one per visible item: its
//                                                   window, its label ("-" when its ID
//                                                   is not made from text), its visible rectangle,
//                                                   FLAGS "v" (a value: slider,
//                                                   drag, text field) "d" (disabled) or "-"
//   duplicate ID_HEX NAME_HEX                       an ID laid out twice in one frame
//   state KEY=VALUE ...                             what the frame showed that no
//                                                   window or item says: the scene, its
//                                                   frame, paused, mode, lesson, step
//                                                   (from 1), revealed, the edited pane,
//                                                   the help page, the frames of the
//                                                   recording under way ("-": none),
//                                                   the notice's kind ("-": none)
//                                                   (LabApp::probe_state, app/frame)
//
// Names are hex-encoded so that any character is safe on the line. Two items
// with one ID make Dear ImGui act on the wrong one (a click can abort the
// app), so a duplicate is what the test fails on first.
//
// How items are seen: the link wraps ImGui::ItemAdd (every widget calls it)
// and ImGuiWindow::GetID(text) (for the labels; see app/CMakeLists.txt), so
// nothing in the panels has to report itself.
// Without the variable the wrapper only forwards the call.
//
// Frames in lockstep with the test: with TIMESLICE_LAB_PROBE_FRAMES=FILE as
// well, the desktop window draws its frame N only once FILE holds a number of
// at least N (until then it waits, taking events), and its clock moves 1/60 s
// a frame however long the wait was: the simulation, ImGui's time, a notice's
// fade, a recording and the idle pointer all follow the frames the test
// grants, so what the window shows after an input never depends on how fast
// the machine drew it.
//
// Main thread only.
#pragma once

#include <cstdint>
#include <string>

namespace tsl::app {

// True when TIMESLICE_LAB_PROBE names a file: the caller's state is wanted.
bool ui_probe_active();
// Writes this frame's record, with `state` ("key=value ...") on its state
// line, and starts the next one; call before ImGui::Render().
void ui_probe_end_frame(std::int64_t frame, const std::string& state = {});

// Lockstep (above): whether TIMESLICE_LAB_PROBE_FRAMES is set, and the frame
// number its file holds now (0 while it holds none).
bool ui_probe_lockstep();
std::int64_t ui_probe_frames_granted();
// The fixed time a frame takes in lockstep.
inline constexpr double kProbeFrameS = 1.0 / 60.0;

// For the test of the probe itself (tests/probe_check.cpp): how many IDs were
// laid out twice in a frame since the first call, which starts the counting
// (it counts with or without the file).
int ui_probe_duplicates();

}  // namespace tsl::app
