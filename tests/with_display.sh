#!/usr/bin/env bash
# with_display.sh WxHxDEPTH COMMAND...: runs COMMAND under a virtual X display
# of its own and ends that display before exiting, with COMMAND's status.
#
# Xvfb chooses a free display number itself (-displayfd: it binds the socket,
# then reports the number), so two tests, build directories or checkouts on
# one machine can never be given the same one; and the server is waited for
# at the end, so its shutdown cannot take the socket of a display started
# after it (what "Failed to open display" meant under xvfb-run -a).
set -u
screen=$1
shift
dir=$(mktemp -d)
Xvfb -displayfd 3 -screen 0 "$screen" -nolisten tcp 3>"$dir/display" 2>"$dir/xvfb.log" &
xvfb=$!
for _ in $(seq 1 300); do
  [ -s "$dir/display" ] && break
  kill -0 "$xvfb" 2>/dev/null || break
  sleep 0.1
done
if [ ! -s "$dir/display" ]; then
  echo "with_display.sh: the virtual display did not start:"
  cat "$dir/xvfb.log"
  kill "$xvfb" 2>/dev/null
  rm -rf "$dir"
  exit 1
fi
export DISPLAY=":$(head -n 1 "$dir/display")"
"$@"
status=$?
kill "$xvfb" 2>/dev/null
wait "$xvfb" 2>/dev/null
rm -rf "$dir"
exit "$status"
