#!/usr/bin/env bash
# Every lesson walked in the real window under Xvfb as a lecturer walks it on
# a 720p projector (UI scale 1.5): Page Down from the first step to the last
# step's reveal (a reveal, then the next step, for every step), once more at
# the end (the results board; Esc closes it), then Page Up back to the first
# step and once more there. The window must show every step in order (the UI
# probe's record of each frame, tests/window_probe.py), stay up and quit
# cleanly, and its first window must fit the screen; a click on a pane
# selects it. In the first lesson the class types a guess into step 1's field
# and saves the board as CSV and PNG from its buttons. With a LANGUAGE the
# walk is the same in that language (the guess and the board's buttons are
# English's): every step's Chinese, its wrapping and its reveal drawn on the
# way, with every Chinese character the lab holds in the fonts.
# Usage: window_lesson_walk.sh PATH/TO/timeslice-lab [LANGUAGE]
set -euo pipefail
app=$1
language=${2:-en}
test_name=window_lesson_walk
source "$(dirname "${BASH_SOURCE[0]}")/window_common.sh"

# The lessons and their step counts, from the lesson files.
lessons_dir=$(dirname "${BASH_SOURCE[0]}")/../assets/lessons
for file in "$lessons_dir"/*.toml; do
  lesson=$(basename "$file" .toml)
  steps=$(grep -c '^\[\[step\]\]' "$file")
  start_app --lesson "$lesson" --set ui_scale=1.5 --set language="$language"
  wait_for_window
  # The first window fits the 1280 x 720 screen (its remembered size, 1600 x 900 by default, would not).
  eval "$(xdotool search --onlyvisible --name '^Timeslice Lab$' getwindowgeometry --shell | head -n 5)"
  [ "$WIDTH" -le 1280 ] && [ "$HEIGHT" -le 720 ] || fail "$lesson: the window is ${WIDTH}x${HEIGHT} on a 1280x720 screen"
  see "$lesson: step 1" lesson="$lesson" step=1 revealed=0 lang="$language"
  if [ "$language" != en ]; then
    glyphs=$(shown wide_glyphs)
    [ "${glyphs%/*}" = "${glyphs#*/}" ] && [ "${glyphs#*/}" -gt 1000 ] ||
      fail "$lesson in $language: $glyphs of the Chinese characters have a glyph in the fonts"
  fi
  if [ "$lesson" = timeslicing ] && [ "$language" = en ]; then
    # The guess field: clicked and "0" typed (update all: no input age at all); Page Down, below, reveals with the field still active.
    xy=$(python3 "$probe_tool" item "$work/probe.txt" "##guess") || fail "$lesson: no guess field on step 1: $xy"
    xdotool mousemove --window "$(xdotool search --onlyvisible --name '^Timeslice Lab$' | head -n 1)" $xy click 1
    see "$lesson: a click on the guess field gives it the keyboard" typing=1
    xdotool type 0
    see "$lesson: the guess is kept as it is typed" guess=0 typing=1
  fi
  # Forward: a reveal, then the next step, for every step; once more at the end does nothing.
  for step in $(seq 1 "$steps"); do
    xdotool key Next
    see "$lesson: Page Down reveals step $step" step="$step" revealed=1
    [ "$lesson" != timeslicing ] || [ "$step" != 1 ] || [ "$language" != en ] || see "$lesson: revealed, the guess field gave the keyboard back" typing=0
    if [ "$step" -lt "$steps" ]; then
      xdotool key Next
      see "$lesson: Page Down moves to step $((step + 1))" step=$((step + 1)) revealed=0
    fi
  done
  xdotool key Next
  see "$lesson: Page Down past the last reveal shows the results board" step="$steps" revealed=1 help=board window="Results board"
  if [ "$lesson" = timeslicing ] && [ "$language" = en ]; then
    folder="$work/pictures/Timeslice Lab"
    for button in "Save CSV" "Save PNG"; do
      xy=$(python3 "$probe_tool" item "$work/probe.txt" "$button") || fail "$lesson: no '$button' on the board: $xy"
      xdotool mousemove --window "$(xdotool search --onlyvisible --name '^Timeslice Lab$' | head -n 1)" $xy click 1
      extension=$([ "$button" = "Save CSV" ] && echo csv || echo png)
      for _ in $(seq 1 200); do compgen -G "$folder/results-board-timeslicing-*.$extension" >/dev/null && break; sleep 0.1; done
      see "$lesson: '$button' saved a file, the board still shown" notice=saved help=board
    done
    csv=$(ls "$folder"/results-board-timeslicing-*.csv) || fail "$lesson: no board CSV in $folder"
    grep -q '^timeslicing,1,Update all: the baseline,A: mean input age,ms,0,0,0,exact,yes$' "$csv" || fail "$lesson: step 1's row not in the CSV: $(cat "$csv")"
    png=$(ls "$folder"/results-board-timeslicing-*.png) || fail "$lesson: no board PNG in $folder"
    [ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "$lesson: $png is not a PNG"
  fi
  xdotool key Escape
  see "$lesson: Esc closes the board" step="$steps" revealed=1 help=none
  # Back to the first step; once more there does nothing.
  for step in $(seq $((steps - 1)) -1 1); do
    xdotool key Prior
    see "$lesson: Page Up back to step $step" step="$step" revealed=0
  done
  xdotool key Prior
  sleep 0.5
  see "$lesson: Page Up on the first step stays there" lesson="$lesson" step=1 revealed=0
  # A click on the right-hand pane of the first step's scene (left of the card) selects it.
  if [ "$lesson" = timeslicing ] && [ "$language" = en ]; then
    see "$lesson: pane A edited at first" pane=A
    xdotool mousemove 528 200 click 1
    see "$lesson: a click on pane B selects it" pane=B
  fi
  quit_app
  echo "window_lesson_walk: $lesson in $language: $steps steps forward to the last reveal and back"
done
echo "window_lesson_walk: ok ($language)"
