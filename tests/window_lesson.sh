#!/usr/bin/env bash
# A lesson taught in the real window under Xvfb, with the keys a presentation
# clicker sends: Page Down reveals the step's answer and then moves on, Page
# Up goes back; P leaves the presenter view; ? and F1 open the help pages and
# Esc closes them; the pointer hides after three still seconds and comes back
# when it moves. Checks what the window shows after each key (the UI probe's
# record of each frame, tests/window_probe.py) and the X server's pointer.
# Usage: window_lesson.sh PATH/TO/timeslice-lab
set -euo pipefail
app=$1
test_name=window_lesson
source "$(dirname "${BASH_SOURCE[0]}")/window_common.sh"
start_app --lesson timeslicing --step 2
wait_for_window
see "the lesson at step 2, in the presenter view" lesson=timeslicing step=2 revealed=0 '!window=Controls'
xdotool key Next
see "Page Down reveals step 2" step=2 revealed=1
xdotool key Next
see "Page Down moves to step 3" step=3 revealed=0
xdotool key Next
see "Page Down reveals step 3" step=3 revealed=1
xdotool key Prior
see "Page Up goes back to step 2" step=2 revealed=0
xdotool key p
see "P leaves the presenter view" window=Controls
xdotool key question
see "? shows the shortcuts" window=Help help=keys
xdotool key Escape
see "Esc closes the shortcuts" '!window=Help' help=none
xdotool key F1
see "F1 shows About the modes" window=Help help=about
xdotool key Escape
see "Esc closes About the modes" '!window=Help' help=none
xdotool mousemove 400 300
sleep 0.5
[ "$(python3 "$probe_tool" pointer)" = shown ] || fail "the pointer is not shown after it moved"
sleep 4
[ "$(python3 "$probe_tool" pointer)" = hidden ] || fail "the pointer did not hide after 4 still seconds"
xdotool mousemove 450 350
sleep 0.6
[ "$(python3 "$probe_tool" pointer)" = shown ] || fail "the pointer did not come back when it moved"
quit_app
echo "window_lesson: ok (reveal, next, back, presenter, help pages, idle pointer)"
