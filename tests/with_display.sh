#!/usr/bin/env bash
# with_display.sh WxHxDEPTH COMMAND...: runs COMMAND under a virtual X display
# of its own and ends that display before exiting, with COMMAND's status.
#
# The display number is drawn at random from 100-1999 (one whose lock file
# exists is skipped): tests that run at once get different ones, and a number
# is not handed straight on to the next test while the server that had it may
# still be shutting down. COMMAND starts only once a client has connected to
# the display (a server that did not come up is started again on another
# number, up to five times); the server is waited for at the end.
# -noreset: an X server resets when its last client leaves, and a client
# connecting during the reset can be refused.
set -u
screen=$1
shift
dir=$(mktemp -d)
xvfb=""
trap '[ -z "$xvfb" ] || { kill "$xvfb" 2>/dev/null; wait "$xvfb" 2>/dev/null; }; rm -rf "$dir"' EXIT

# start_display: a running Xvfb in $xvfb with DISPLAY set and answering, or status 1.
start_display() {
  local number=$((100 + RANDOM % 1900))
  [ -e "/tmp/.X$number-lock" ] && return 1
  Xvfb ":$number" -screen 0 "$screen" -nolisten tcp -noreset 2>"$dir/xvfb.log" &
  xvfb=$!
  export DISPLAY=":$number"
  for _ in $(seq 1 300); do
    kill -0 "$xvfb" 2>/dev/null || break
    xdotool getdisplaygeometry >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  kill "$xvfb" 2>/dev/null
  wait "$xvfb" 2>/dev/null
  xvfb=""
  return 1
}

for attempt in 1 2 3 4 5; do
  start_display && break
  if [ "$attempt" = 5 ]; then
    echo "with_display.sh: no virtual display after five tries; the last server said:"
    cat "$dir/xvfb.log" 2>/dev/null
    exit 1
  fi
done
"$@"
exit $?
