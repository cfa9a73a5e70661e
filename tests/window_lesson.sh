#!/usr/bin/env bash
# A lesson taught in the real window under Xvfb, with the keys a presentation
# clicker sends: Page Down reveals the step's answer and then moves on, Page
# Up goes back; P leaves the presenter view; ? and F1 open the help pages and
# Esc closes them; the pointer hides after three still seconds and comes back
# when it moves. Usage: window_lesson.sh PATH/TO/timeslice-lab
set -euo pipefail
app=$1
test_name=window_lesson
source "$(dirname "${BASH_SOURCE[0]}")/window_common.sh"
start_app --verbose --lesson timeslicing --step 2
wait_for_window
for key in Next Next Next Prior p question Escape F1 Escape; do
  xdotool key "$key"
  sleep 0.4
done
xdotool mousemove 400 300
sleep 0.5
before=$(wc -l <"$work/out")
sleep 4
tail -n +"$((before + 1))" "$work/out" | grep -q "pointer hidden (idle)" || fail "the pointer did not hide after 4 still seconds"
xdotool mousemove 450 350
sleep 0.6
tail -n +"$((before + 1))" "$work/out" | grep -q "pointer shown" || fail "the pointer did not come back when it moved"
quit_app

steps=$(grep -o 'lesson timeslicing: step [0-9]* [a-z0-9 ]*' "$work/out" | tr '\n' '|')
expected="lesson timeslicing: step 2 of 8|lesson timeslicing: step 2 revealed|lesson timeslicing: step 3 of 8|lesson timeslicing: step 3 revealed|lesson timeslicing: step 2 of 8|"
[ "$steps" = "$expected" ] || fail "lesson steps seen: '$steps'"
grep -q "key p: presenter view off" "$work/out" || fail "P did not leave the presenter view"
grep -q "key ?: shortcuts shown" "$work/out" || fail "? did not show the shortcuts"
grep -q "key f1: about the modes shown" "$work/out" || fail "F1 did not show About the modes"
[ "$(grep -c 'key escape: help closed' "$work/out")" -eq 2 ] || fail "Esc did not close both help pages"
echo "window_lesson: ok (reveal, next, back, presenter, help pages, idle pointer)"
