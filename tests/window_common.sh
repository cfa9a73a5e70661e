# window_common.sh — sourced by the window tests, after they set $app and
# $test_name: a scratch directory ($work, removed at exit with the app
# stopped), a private settings directory, fail(), and starting the app under
# the virtual display and quitting it with Ctrl+Q. A test may define
# fail_details() to print more on failure.
set -euo pipefail
work=$(mktemp -d)
pid=""
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/config
# Files saved without a chosen folder, and "Open folder", stay in the scratch directory.
export XDG_PICTURES_DIR=$work/pictures
export TIMESLICE_LAB_OPEN=true
# What the window shows, frame by frame (app/ui/ui_probe.h), read by see().
export TIMESLICE_LAB_PROBE=$work/probe.txt
probe_tool=$(dirname "${BASH_SOURCE[0]}")/window_probe.py

# fail MESSAGE: says what went wrong, with the app's output, and exits 1.
fail() {
  echo "$test_name: $*"
  echo "--- stdout"; cat "$work/out" 2>/dev/null || true
  echo "--- stderr"; cat "$work/err" 2>/dev/null || true
  if declare -F fail_details >/dev/null; then fail_details; fi
  exit 1
}

# see WHAT CONDITION...: waits until one frame shows every CONDITION
# (tests/window_probe.py: KEY=VALUE of the probe's state line, window=NAME,
# !window=NAME), or fails saying WHAT was not seen.
see() {
  local what=$1
  shift
  local report
  report=$(python3 "$probe_tool" wait "$work/probe.txt" "$@") || fail "$what: $report"
}

# shown KEY: the newest frame's value of KEY on the probe's state line.
shown() { python3 "$probe_tool" state "$work/probe.txt" "$1"; }

# start_app ARGS...: the app in the background (pid in $pid), stdout and
# stderr in $work/out and $work/err; TSL_APP_PRELOAD (set by the ASan build
# for the app alone, see tests/CMakeLists.txt) is preloaded into it. The last
# app's probe file is removed first, so see() reads only this one's frames
# (a slow start, as under ASan, once let a check pass on the frame the last
# app ended on).
start_app() {
  rm -f "$TIMESLICE_LAB_PROBE"
  if [ -n "${TSL_APP_PRELOAD:-}" ]; then
    LD_PRELOAD="$TSL_APP_PRELOAD" "$app" "$@" >"$work/out" 2>"$work/err" &
  else
    "$app" "$@" >"$work/out" 2>"$work/err" &
  fi
  pid=$!
}

# wait_for_window: until the app's window is shown and focused, then a second
# for its first frames.
wait_for_window() {
  local wid=""
  for _ in $(seq 1 300); do
    wid=$(xdotool search --onlyvisible --name '^Timeslice Lab$' 2>/dev/null | head -n 1 || true)
    [ -n "$wid" ] && break
    kill -0 "$pid" 2>/dev/null || fail "the app exited before its window appeared"
    sleep 0.1
  done
  [ -n "$wid" ] || fail "no window after 30 s"
  for _ in $(seq 1 50); do xdotool windowfocus --sync "$wid" 2>/dev/null && break; sleep 0.2; done
  sleep 1
}

# quit_app: Ctrl+Q, then the app must end within 30 s with status 0.
quit_app() {
  xdotool key ctrl+q
  for _ in $(seq 1 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && fail "still running 30 s after Ctrl+Q"
  local status=0
  wait "$pid" || status=$?
  pid=""
  [ "$status" -eq 0 ] || fail "exit status $status"
}
