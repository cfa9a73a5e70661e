# window_common.sh — sourced by the window tests: start the app under the
# virtual display and wait for its window. Needs $app, $work and fail().

# start_app ARGS...: the app in the background (pid in $pid), stdout and
# stderr in $work/out and $work/err; TSL_APP_PRELOAD (set by the ASan build
# for the app alone, see tests/CMakeLists.txt) is preloaded into it.
start_app() {
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
