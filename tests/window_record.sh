#!/usr/bin/env bash
# Recording in the real window under Xvfb, driven with xdotool: R starts a GIF
# of the scene area that stops by itself after its duration; then, with no
# duration, R starts one and R stops and saves it; without a folder the file
# goes to the pictures folder; a folder that cannot be made is reported. Checks
# the files read back (whole GIFs, their delays adding up to the time recorded),
# the app's own report (--verbose) and that no temporary file is left.
# Usage: window_record.sh PATH/TO/timeslice-lab
set -euo pipefail
app=$1
test_name=window_record
source "$(dirname "${BASH_SOURCE[0]}")/window_common.sh"
fail_details() { ls -la "$work/gifs"; }
mkdir -p "$work/gifs"
# launch ARGS...: the app with a focused window.
launch() {
  start_app --verbose --no-settings --preset aiao-10hz --set record_folder="$work/gifs" "$@"
  wait_for_window
}

# A recording of 0.5 s (15 steps at 30 a second) ends by itself.
launch --set record_seconds=0.5 --set record_name=timed-{mode}
xdotool key r
for _ in $(seq 1 600); do grep -q "recording ended" "$work/out" && break; sleep 0.1; done
grep -q "recording ended: Saved .*timed-aiao.gif (15 frames)" "$work/out" || fail "the timed recording did not end with 15 frames"
quit_app

# Until stopped: R, a moment, R.
launch --set record_seconds=0 --set record_name=manual
xdotool key r
sleep 1.5
xdotool key r
for _ in $(seq 1 100); do grep -q "recording stopped" "$work/out" && break; sleep 0.1; done
grep -q "key r: recording stopped after [1-9][0-9]* frames: Saved .*manual.gif" "$work/out" || fail "R did not stop and save"
manual_frames=$(sed -n 's/.*recording stopped after \([0-9]*\) frames.*/\1/p' "$work/out" | head -n 1)
quit_app

# No folder chosen: "Timeslice Lab" in the pictures folder, made for it.
start_app --verbose --no-settings --preset siao-10hz --set record_seconds=0.5 --set record_name={preset}
wait_for_window
xdotool key r
for _ in $(seq 1 600); do grep -q "recording ended" "$work/out" && break; sleep 0.1; done
grep -q "recording ended: Saved $work/pictures/Timeslice Lab/siao-10hz.gif (15 frames)" "$work/out" ||
  fail "without a folder the GIF did not go to the pictures folder"
quit_app

# A folder that cannot be made: the reason, in the window's notice, and no file.
touch "$work/not-a-folder"
start_app --verbose --no-settings --set record_folder="$work/not-a-folder/gifs" --set record_seconds=0.5
wait_for_window
xdotool key r
for _ in $(seq 1 100); do grep -q "recording failed" "$work/out" && break; sleep 0.1; done
grep -q "recording failed: Recording not started: cannot make the folder '$work/not-a-folder/gifs'" "$work/out" ||
  fail "a folder that cannot be made was not reported"
quit_app

# The files themselves, read back (tests/gif_frames.py): whole GIFs whose
# delays add up to the time recorded — 15 steps at 30 a second are 50 cs,
# however many identical frames were merged; the manual one as long as the
# frames the app counted.
here=$(dirname "${BASH_SOURCE[0]}")
gif_check() {  # FILE EXPECTED_CS MOST_FRAMES
  local read frames total
  read=$(python3 "$here/gif_frames.py" "$1") || fail "$read"
  frames=$(echo "$read" | cut -d' ' -f2)
  total=$(echo "$read" | cut -d' ' -f3)
  [ "$frames" -ge 1 ] && [ "$frames" -le "$3" ] || fail "$1: $frames frames (1 to $3 expected)"
  [ "$total" = "$2" ] || fail "$1: its delays add up to $total cs, not $2"
}
gif_check "$work/gifs/timed-aiao.gif" 50 15
gif_check "$work/pictures/Timeslice Lab/siao-10hz.gif" 50 15
[ -n "$manual_frames" ] || fail "the stopped recording did not say its frames"
gif_check "$work/gifs/manual.gif" $(( (100 * manual_frames + 15) / 30 )) "$manual_frames"
leftovers=$(ls "$work/gifs" | grep -v -e '^timed-aiao.gif$' -e '^manual.gif$' || true)
[ -z "$leftovers" ] || fail "files left beside the GIFs: $leftovers"
echo "window_record: ok ($(stat -c %s "$work/gifs/timed-aiao.gif") and $(stat -c %s "$work/gifs/manual.gif") bytes)"
