#!/usr/bin/env bash
# Recording in the real window under Xvfb, driven with xdotool: R starts a GIF
# of the scene area that stops by itself after its duration; then, with no
# duration, R starts one and R stops and saves it; without a folder the file
# goes to the pictures folder; a folder that cannot be made is reported. Checks the app's own report
# (--verbose), that both files are GIFs and that no temporary file is left.
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

for gif in timed-aiao.gif manual.gif; do
  head -c 6 "$work/gifs/$gif" | grep -q GIF89a || fail "$gif is not a GIF"
done
leftovers=$(ls "$work/gifs" | grep -v -e '^timed-aiao.gif$' -e '^manual.gif$' || true)
[ -z "$leftovers" ] || fail "files left beside the GIFs: $leftovers"
echo "window_record: ok ($(stat -c %s "$work/gifs/timed-aiao.gif") and $(stat -c %s "$work/gifs/manual.gif") bytes)"
