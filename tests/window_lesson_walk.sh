#!/usr/bin/env bash
# Every lesson walked in the real window under Xvfb as a lecturer walks it on
# a 720p projector (UI scale 1.5): Page Down from the first step to the last
# step's reveal (a reveal, then the next step, for every step), once more at
# the end (nothing happens), then Page Up back to the first step and once more
# there. The app must show every step in order, stay up and quit cleanly, and
# its first window must fit the screen; a click on a pane selects it.
# Usage: window_lesson_walk.sh PATH/TO/timeslice-lab
set -euo pipefail
app=$1
test_name=window_lesson_walk
source "$(dirname "${BASH_SOURCE[0]}")/window_common.sh"

# The lessons and their step counts, from the lesson files.
lessons_dir=$(dirname "${BASH_SOURCE[0]}")/../assets/lessons
for file in "$lessons_dir"/*.toml; do
  lesson=$(basename "$file" .toml)
  steps=$(grep -c '^\[\[step\]\]' "$file")
  expected="lesson $lesson: step 1 of $steps|"
  for step in $(seq 1 "$steps"); do
    expected+="lesson $lesson: step $step revealed|"
    [ "$step" -lt "$steps" ] && expected+="lesson $lesson: step $((step + 1)) of $steps|"
  done
  for step in $(seq $((steps - 1)) -1 1); do expected+="lesson $lesson: step $step of $steps|"; done

  start_app --verbose --lesson "$lesson" --set ui_scale=1.5
  wait_for_window
  # The first window fits the 1280 x 720 screen (its remembered size, 1600 x 900 by default, would not).
  eval "$(xdotool search --onlyvisible --name '^Timeslice Lab$' getwindowgeometry --shell | head -n 5)"
  [ "$WIDTH" -le 1280 ] && [ "$HEIGHT" -le 720 ] || fail "$lesson: the window is ${WIDTH}x${HEIGHT} on a 1280x720 screen"
  for _ in $(seq 1 $((2 * steps + 1))); do xdotool key Next; sleep 0.3; done
  for _ in $(seq 1 "$steps"); do xdotool key Prior; sleep 0.3; done
  # Keys are queued and handled a frame each: wait until the last one shows.
  seen=""
  for _ in $(seq 1 300); do
    kill -0 "$pid" 2>/dev/null || fail "$lesson: the app ended during the walk"
    seen=$(grep -o "lesson $lesson: step [0-9]* [a-z0-9 ]*" "$work/out" | tr '\n' '|' || true)
    [ "$seen" = "$expected" ] && break
    sleep 0.1
  done
  [ "$seen" = "$expected" ] || fail "$lesson: steps seen '$seen', expected '$expected'"
  # A click on the right-hand pane of the first step's scene (left of the card) selects it.
  if [ "$lesson" = timeslicing ]; then
    xdotool mousemove 528 200 click 1
    for _ in $(seq 1 50); do grep -q "click: pane B selected" "$work/out" && break; sleep 0.1; done
    grep -q "click: pane B selected" "$work/out" || fail "a click on pane B did not select it"
  fi
  quit_app
  echo "window_lesson_walk: $lesson: $steps steps forward to the last reveal and back"
done
echo "window_lesson_walk: ok"
