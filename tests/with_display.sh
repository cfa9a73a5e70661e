#!/usr/bin/env bash
# with_display.sh WxHxDEPTH COMMAND...: runs COMMAND under a virtual X display
# of its own and ends that display before exiting, with COMMAND's status.
#
# Xvfb chooses a free display number itself (-displayfd: it binds the socket,
# then reports the number), so two tests, build directories or checkouts on
# one machine are never given the same one; COMMAND starts only once a client
# has connected to the display (a server that died at start is started
# again, up to three times); and the server is waited for at the end, so its
# shutdown cannot take the socket of a display started after it.
# -noreset: an X server resets when its last client leaves, and a client
# connecting during the reset is refused; without it, the check's connection
# closing could make the app's own connection fail.
set -u
screen=$1
shift
dir=$(mktemp -d)
xvfb=""
trap '[ -z "$xvfb" ] || { kill "$xvfb" 2>/dev/null; wait "$xvfb" 2>/dev/null; }; rm -rf "$dir"' EXIT

# start_display: a running Xvfb in $xvfb with DISPLAY set and answering, or status 1.
start_display() {
  : >"$dir/display"
  Xvfb -displayfd 3 -screen 0 "$screen" -nolisten tcp -noreset 3>"$dir/display" 2>"$dir/xvfb.log" &
  xvfb=$!
  for _ in $(seq 1 300); do
    kill -0 "$xvfb" 2>/dev/null || break
    if [ -s "$dir/display" ]; then
      export DISPLAY=":$(head -n 1 "$dir/display")"
      xdotool getdisplaygeometry >/dev/null 2>&1 && return 0
    fi
    sleep 0.1
  done
  kill "$xvfb" 2>/dev/null
  wait "$xvfb" 2>/dev/null
  xvfb=""
  return 1
}

for attempt in 1 2 3; do
  start_display && break
  if [ "$attempt" = 3 ]; then
    echo "with_display.sh: no virtual display after three tries; the last server said:"
    cat "$dir/xvfb.log"
    exit 1
  fi
done
"$@"
exit $?
