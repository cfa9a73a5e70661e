#!/usr/bin/env bash
# Recording in the real window under Xvfb, driven with xdotool: R starts a GIF
# of the scene area that stops by itself after its duration; then, with no
# duration, R starts one and R stops and saves it; in Chinese the file's name
# ends with the language (or has it where {lang} says); without a folder the file
# goes to the pictures folder; a folder that cannot be made is reported. Checks
# what the window shows (the UI probe's record of each frame,
# tests/window_probe.py: the recording under way, its frames, the notice), the
# files read back (whole GIFs, their delays adding up to the time recorded)
# and that no temporary file is left.
# Usage: window_record.sh PATH/TO/timeslice-lab
set -euo pipefail
app=$1
test_name=window_record
source "$(dirname "${BASH_SOURCE[0]}")/window_common.sh"
fail_details() { ls -la "$work/gifs"; }
mkdir -p "$work/gifs"
# launch ARGS...: the app with a focused window.
launch() {
  start_app --no-settings --preset aiao-10hz --set record_folder="$work/gifs" "$@"
  wait_for_window
}

# A recording of 0.5 s (15 steps at 30 a second) ends by itself.
launch --set record_seconds=0.5 --set record_name=timed-{mode}
xdotool key r
see "the timed recording ends by itself and says it saved" --timeout 60 recording=- notice=saved
[ -f "$work/gifs/timed-aiao.gif" ] || fail "the timed recording did not save timed-aiao.gif"
quit_app

# In Chinese the file's name says the language (ASCII: -zh-Hant), unless the name places {lang} itself.
launch --set record_seconds=0.5 --set record_name=timed-{mode} --set language=zh-Hant
xdotool key r
see "a recording in 繁體中文 ends by itself and says it saved" --timeout 60 recording=- notice=saved
[ -f "$work/gifs/timed-aiao-zh-Hant.gif" ] || fail "the recording in 繁體中文 did not save timed-aiao-zh-Hant.gif ($(ls "$work/gifs"))"
quit_app
launch --set record_seconds=0.5 --set "record_name=clip-{lang}-{mode}" --set language=zh-Hans
xdotool key r
see "a recording in 简体中文 ends by itself and says it saved" --timeout 60 recording=- notice=saved
[ -f "$work/gifs/clip-zh-Hans-aiao.gif" ] || fail "{lang} did not place the language: no clip-zh-Hans-aiao.gif ($(ls "$work/gifs"))"
quit_app

# Until stopped: R, a moment, R.
launch --set record_seconds=0 --set record_name=manual
xdotool key r
see "R starts recording" "recording!=-"
sleep 1.5
before_stop=$(shown recording)
xdotool key r
see "R stops the recording and saves it" recording=- notice=saved
[ -f "$work/gifs/manual.gif" ] || fail "R did not save manual.gif"
quit_app

# No folder chosen: "Timeslice Lab" in the pictures folder, made for it.
start_app --no-settings --preset siao-10hz --set record_seconds=0.5 --set record_name={preset}
wait_for_window
xdotool key r
see "the recording without a folder ends and says it saved" --timeout 60 recording=- notice=saved
[ -f "$work/pictures/Timeslice Lab/siao-10hz.gif" ] || fail "without a folder the GIF did not go to the pictures folder"
quit_app

# A folder that cannot be made: the reason, in the window's notice, and no file.
touch "$work/not-a-folder"
start_app --no-settings --set record_folder="$work/not-a-folder/gifs" --set record_seconds=0.5
wait_for_window
xdotool key r
see "a folder that cannot be made is a problem in the window's notice" window=Notice notice=problem recording=-
sleep 0.5
see "no recording starts" recording=-
[ -f "$work/not-a-folder" ] && [ ! -e "$work/not-a-folder/gifs" ] || fail "the file in the folder's way changed"
quit_app

# The files themselves, read back (tests/gif_frames.py): whole GIFs whose
# delays add up to the time recorded — 15 steps at 30 a second are 50 cs,
# however many identical frames were merged; the manual one as long as the
# frames the window showed recorded just before R stopped it (and the few it
# may have drawn between that look and the key).
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
gif_check "$work/gifs/timed-aiao-zh-Hant.gif" 50 15
gif_check "$work/pictures/Timeslice Lab/siao-10hz.gif" 50 15
[ -n "$before_stop" ] && [ "$before_stop" -ge 1 ] || fail "the recording under way showed no frames ('$before_stop')"
read=$(python3 "$here/gif_frames.py" "$work/gifs/manual.gif") || fail "$read"
manual_cs=$(echo "$read" | cut -d' ' -f3)
matched=""
for n in $(seq "$before_stop" $((before_stop + 15))); do
  [ "$manual_cs" = $(( (100 * n + 15) / 30 )) ] && matched=$n && break
done
[ -n "$matched" ] || fail "manual.gif lasts $manual_cs cs: not the length of $before_stop to $((before_stop + 15)) frames (the frames recorded just before R stopped it, and up to 15 more)"
leftovers=$(ls "$work/gifs" | grep -v -e '^timed-aiao.gif$' -e '^manual.gif$' -e '^timed-aiao-zh-Hant.gif$' -e '^clip-zh-Hans-aiao.gif$' || true)
[ -z "$leftovers" ] || fail "files left beside the GIFs: $leftovers"
echo "window_record: ok ($(stat -c %s "$work/gifs/timed-aiao.gif") and $(stat -c %s "$work/gifs/manual.gif") bytes)"
