#!/usr/bin/env bash
# The real window under Xvfb, driven with xdotool as a user would: all five
# modes (1-5), pause (space), two single steps (right arrow), hide the UI (H),
# quit (Ctrl+Q). Checks what the app reports (--verbose), that each step
# advanced exactly one frame, that it exits cleanly, that the last mode was
# saved in the settings file while the window ran, and that a --set given at
# launch was not. Usage: window_keys.sh PATH/TO/timeslice-lab
set -euo pipefail
app=$1
test_name=window_keys
source "$(dirname "${BASH_SOURCE[0]}")/window_common.sh"
start_app --verbose --set npcs=500
wait_for_window
for key in 1 2 3 4 5 space Right Right h; do
  xdotool key "$key"
  sleep 0.3
done
# Written as it changes, before the app quits.
for _ in $(seq 1 50); do grep -q "mode = 'aiso'" "$XDG_CONFIG_HOME/timeslice-lab/settings.toml" 2>/dev/null && break; sleep 0.1; done
grep -q "mode = 'aiso'" "$XDG_CONFIG_HOME/timeslice-lab/settings.toml" || fail "the mode was not saved while the window ran"
quit_app

out=$(cat "$work/out")
modes=$(grep -o 'mode [a-z-]*' <<<"$out" | tr '\n' ' ')
[ "$modes" = "mode update-all mode aiao mode siao mode siso mode aiso " ] || fail "modes seen: '$modes'"
paused=$(sed -n 's/.*key space: paused at frame \([0-9]*\).*/\1/p' <<<"$out")
[ -n "$paused" ] || fail "no pause"
grep -q "key right: step from frame $paused\$" <<<"$out" || fail "first step not from frame $paused"
grep -q "key right: step from frame $((paused + 1))\$" <<<"$out" || fail "second step not from frame $((paused + 1))"
grep -q "key h: UI hidden" <<<"$out" || fail "UI not hidden"
grep -q "closed after $((paused + 2)) frames " <<<"$out" || fail "frames after two steps: expected $((paused + 2))"
grep -q "mode = 'aiso'" "$XDG_CONFIG_HOME/timeslice-lab/settings.toml" || fail "last mode not saved"
# --set on the command line applied to that run alone.
grep -q "count = 10\$" "$XDG_CONFIG_HOME/timeslice-lab/settings.toml" || fail "--set npcs=500 became a saved default"
echo "window_keys: ok (paused at frame $paused, two single steps, clean exit)"
