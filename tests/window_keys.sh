#!/usr/bin/env bash
# The real window under Xvfb, driven with xdotool as a user would: all five
# modes (1-5), pause (space), two single steps (right arrow), steps back in
# time (left arrow) and forward, running on, hide the UI (H),
# quit (Ctrl+Q). Checks what the window shows (the UI probe's record of each
# frame, tests/window_probe.py): each mode in turn, the scene held while
# paused, one frame per step, the panel gone with H; that the app exits
# cleanly; that the last mode was saved in the settings file while the window
# ran, and that a --set given at launch was not.
# Usage: window_keys.sh PATH/TO/timeslice-lab
set -euo pipefail
app=$1
test_name=window_keys
source "$(dirname "${BASH_SOURCE[0]}")/window_common.sh"
start_app --set npcs=500
wait_for_window
see "the panel at start" window=Controls
for pair in 1:update-all 2:aiao 3:siao 4:siso 5:aiso; do
  xdotool key "${pair%%:*}"
  see "key ${pair%%:*}" "mode=${pair#*:}"
done
xdotool key space
see "space pauses" paused=1
paused=$(shown frame)
sleep 1
[ "$(shown frame)" = "$paused" ] || fail "the scene moved while paused (frame $paused, then $(shown frame))"
xdotool key Right
see "the first single step" frame=$((paused + 1)) paused=1
xdotool key Right
see "the second single step" frame=$((paused + 2)) paused=1
sleep 0.5
[ "$(shown frame)" = $((paused + 2)) ] || fail "a single step ran more than one frame ($(shown frame))"
xdotool key Left
see "a step back in time" frame=$((paused + 1)) paused=1
xdotool key Left Left
see "two more steps back" frame=$((paused - 1)) paused=1
xdotool key Right
see "a step forward, replayed" frame=$paused paused=1
# (Xvfb sends no auto-repeat: that a held arrow repeats is tests/test_session.cpp's.)
xdotool key Left Left Left
see "three steps back" frame=$((paused - 3)) paused=1
held=$(shown frame)
xdotool key space
see "space runs on from the live moment" paused=0
sleep 0.3
[ "$(shown frame)" -gt $((paused + 2)) ] || fail "running again did not start from the live moment (frame $(shown frame))"
xdotool key h
see "H hides the UI" '!window=Controls'
# Written as it changes, before the app quits.
for _ in $(seq 1 50); do grep -q "mode = 'aiso'" "$XDG_CONFIG_HOME/timeslice-lab/settings.toml" 2>/dev/null && break; sleep 0.1; done
grep -q "mode = 'aiso'" "$XDG_CONFIG_HOME/timeslice-lab/settings.toml" || fail "the mode was not saved while the window ran"
quit_app
grep -q "mode = 'aiso'" "$XDG_CONFIG_HOME/timeslice-lab/settings.toml" || fail "last mode not saved"
# --set on the command line applied to that run alone.
grep -q "count = 10\$" "$XDG_CONFIG_HOME/timeslice-lab/settings.toml" || fail "--set npcs=500 became a saved default"
echo "window_keys: ok (paused at frame $paused, two single steps, back to $held and on, clean exit)"
