#!/usr/bin/env python3
"""window_probe.py — what the real window shows, for the window tests: read
from the app's UI probe file (app/ui/ui_probe.h) and from the X server, never
from the app's log.

  window_probe.py wait PROBE [--timeout S] CONDITION...
      Waits until one frame's probe meets every CONDITION; exit 1 with the last
      frame's windows and state when none did within S seconds (default 20).
      A CONDITION is
        KEY=VALUE      the state line says so (frame=120, lesson=timeslicing, step=3, revealed=1, paused=1, mode=aiso, pane=B),
                       or typing=1 / typing=0: a field takes the keyboard, or none does
        KEY!=VALUE     the state line has KEY, with another value (recording!=-)
        window=NAME    a window of that name is shown (its name up to "##")
        !window=NAME   no window of that name is shown
  window_probe.py state PROBE KEY
      Prints the value of KEY on the newest frame's state line.
  window_probe.py item PROBE LABEL
      Prints "X Y", the centre of the newest frame's item labelled LABEL (its
      label up to "##", or its whole label when it starts with "##"), in the
      window's coordinates; exit 1 when no item has that label.
  window_probe.py pointer
      Prints "hidden" when the X pointer's image is fully transparent (what
      GLFW shows for a hidden cursor), else "shown" (XFixes, on $DISPLAY).
"""

import ctypes
import ctypes.util
import sys
import time

from probe_file import read_probe


def read(path):
    """(windows, state) of the newest frame, or None before the first; the
    state has typing=1 while a field takes the keyboard, else typing=0."""
    frame = read_probe(path)
    return (frame.window_names(), dict(frame.state, typing="1" if frame.keyboard_taken else "0")) if frame else None


def meets(frame, condition):
    windows, state = frame
    if condition.startswith("!window="):
        return condition[len("!window="):] not in windows
    if condition.startswith("window="):
        return condition[len("window="):] in windows
    if "!=" in condition:
        key, _, value = condition.partition("!=")
        return key in state and state[key] != value
    key, _, value = condition.partition("=")
    return state.get(key) == value


def wait(path, conditions, timeout):
    deadline = time.monotonic() + timeout
    frame = None
    while time.monotonic() < deadline:
        frame = read(path) or frame
        if frame and all(meets(frame, c) for c in conditions):
            return 0
        time.sleep(0.05)
    print(f"window_probe: not seen within {timeout:g} s: {' '.join(conditions)}")
    if frame:
        print(f"  last frame: windows {frame[0]}, state {' '.join(f'{k}={v}' for k, v in frame[1].items())}")
    else:
        print("  no frame was probed")
    return 1


class XFixesCursorImage(ctypes.Structure):
    _fields_ = [("x", ctypes.c_short), ("y", ctypes.c_short), ("width", ctypes.c_ushort), ("height", ctypes.c_ushort),
                ("xhot", ctypes.c_ushort), ("yhot", ctypes.c_ushort), ("cursor_serial", ctypes.c_ulong),
                ("pixels", ctypes.POINTER(ctypes.c_ulong)), ("atom", ctypes.c_ulong), ("name", ctypes.c_char_p)]


def pointer():
    x11 = ctypes.CDLL(ctypes.util.find_library("X11"))
    xfixes = ctypes.CDLL(ctypes.util.find_library("Xfixes"))
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    x11.XFree.argtypes = [ctypes.c_void_p]
    xfixes.XFixesGetCursorImage.restype = ctypes.POINTER(XFixesCursorImage)
    xfixes.XFixesGetCursorImage.argtypes = [ctypes.c_void_p]
    display = x11.XOpenDisplay(None)
    if not display:
        print("window_probe: cannot open the X display")
        return 2
    image = xfixes.XFixesGetCursorImage(display)
    if not image:
        print("window_probe: no cursor image (XFixes)")
        return 2
    c = image.contents
    # ARGB, one pixel per unsigned long: hidden when no pixel has any alpha.
    visible = any((c.pixels[i] >> 24) & 0xFF for i in range(c.width * c.height))
    x11.XFree(image)
    x11.XCloseDisplay(display)
    print("shown" if visible else "hidden")
    return 0


def main(argv):
    if len(argv) >= 1 and argv[0] == "pointer":
        return pointer()
    if len(argv) >= 3 and argv[0] == "state":
        frame = read(argv[1])
        print(frame[1].get(argv[2], "") if frame else "")
        return 0 if frame else 1
    if len(argv) >= 3 and argv[0] == "item":
        frame = read_probe(argv[1])
        for item in frame.items if frame else []:
            label = item["label"] if item["label"].startswith("##") else item["label"].split("##")[0]
            if label == argv[2]:
                print(f"{int(item['x'] + item['w'] / 2)} {int(item['y'] + item['h'] / 2)}")
                return 0
        print(f"window_probe: no item '{argv[2]}' in the newest frame")
        return 1
    if len(argv) >= 3 and argv[0] == "wait":
        path, rest, timeout = argv[1], argv[2:], 20.0
        if rest[:1] == ["--timeout"]:
            timeout, rest = float(rest[1]), rest[2:]
        return wait(path, rest, timeout)
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
