#!/usr/bin/env python3
"""window_click_all.py APP [--scale S] [--size WxH] [--budget SECONDS]

Clicks every control of the real window, the way a teacher trying the lab
cold would, and fails if the app dies, stops drawing, or lays out two items
with one ImGui ID (the mistake that made the "NPCs" slider crash).

It runs under a virtual display (tests/CMakeLists.txt starts it with
tests/with_display.sh). The app writes what it laid out each frame to the file named by
TIMESLICE_LAB_PROBE (app/ui/ui_probe.h): its windows, back to front, and
every item with its label, rectangle and whether it takes a value. This
script reads that file, clicks each item it has not clicked yet with
xdotool (the front window first, then top to bottom), drags and Ctrl+clicks
the ones that take a value, opens each combo and menu again for the entries
it has not chosen yet, scrolls the windows that scroll, and brings the
normal view back (Esc, Tab, H, P) when a click left it. The scene choice,
the presenter view, hiding the UI and folding the panel wait until nothing
else is left, so the rest is clicked first in the view it belongs to.

  --self-test FILE   only parse FILE as a probe file and report what it finds:
                     exit 0 only if it lists exactly --expect-duplicates
                     duplicate IDs (default 0); the suite runs this on a probe
                     file with one duplicate to show the check bites.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# Labels clicked only when nothing else is left: they change the whole view.
DEFERRED = re.compile(r"^(NPCs facing a target|Sentinel exposure grid|The parallel engine|presenter|hide UI|«|Desk$|1080p projector$|4K$)",
                      re.IGNORECASE)
POPUP = re.compile(r"^##(Combo|Popup|Menu)_")
NOT_INPUT = re.compile(r"^##Tooltip_")


def unhex(text):
    return "" if text == "-" else bytes.fromhex(text).decode("utf-8", "replace")


class Frame:
    def __init__(self):
        self.number = -1
        self.size = (0, 0)
        self.windows = []  # (name, x, y, w, h, scroll, scroll_max), back to front
        self.items = []  # dicts
        self.duplicates = []  # (id, window)
        self.active = "0"  # the item ImGui holds active
        self.keyboard_taken = False  # the app's keys wait while a field has the keyboard


def read_probe(path):
    try:
        with open(path, encoding="ascii") as f:
            lines = f.read().splitlines()
    except (FileNotFoundError, UnicodeDecodeError):
        return None
    frame = Frame()
    for line in lines:
        p = line.split()
        if not p:
            continue
        if p[0] == "frame" and len(p) == 4:
            frame.number, frame.size = int(p[1]), (float(p[2]), float(p[3]))
        elif p[0] == "window" and len(p) == 8:
            frame.windows.append((unhex(p[1]), *map(float, p[2:8])))
        elif p[0] == "item" and len(p) == 9:
            x, y, w, h = map(float, p[4:8])
            frame.items.append({"id": p[1], "window": unhex(p[2]), "label": unhex(p[3]),
                                "x": x, "y": y, "w": w, "h": h, "flag": p[8]})
        elif p[0] == "active" and len(p) == 3:
            frame.active, frame.keyboard_taken = p[1], p[2] == "1"
        elif p[0] == "duplicate" and len(p) == 3:
            frame.duplicates.append((p[1], unhex(p[2])))
    return frame if frame.number >= 0 else None


def related(a, b):
    """One window is the other or a child of it (children are named parent/...)."""
    return a == b or a.startswith(b + "/") or b.startswith(a + "/")


def front_window_at(frame, x, y):
    for name, wx, wy, ww, wh, _, _ in reversed(frame.windows):
        if NOT_INPUT.match(name):
            continue
        if wx <= x < wx + ww and wy <= y < wy + wh:
            return name
    return None


def clickable(frame, item):
    cx, cy = item["x"] + item["w"] / 2, item["y"] + item["h"] / 2
    if not (0 <= cx < frame.size[0] and 0 <= cy < frame.size[1]):
        return False
    top = front_window_at(frame, cx, cy)
    return top is not None and related(top, item["window"])


def window_rank(frame, name):
    for i, w in enumerate(frame.windows):
        if w[0] == name:
            return i
    root = name.split("/")[0]
    for i, w in enumerate(frame.windows):
        if w[0] == root:
            return i
    return -1


class Driver:
    def __init__(self, app, scale, size, budget):
        self.app, self.scale, self.size, self.budget = app, scale, size, budget
        self.work = tempfile.mkdtemp(prefix="click-all-")
        self.probe = os.path.join(self.work, "probe.txt")
        self.clicked = set()
        self.seen = {}  # id -> (window, label)
        self.opener = {}  # popup item id -> the item whose click showed it
        self.reopened = {}  # popup item id -> times its opener was clicked again for it
        self.reclicked = set()
        self.actions = 0
        self.proc = None
        self.wid = None
        self.last = None

    # --- the app -------------------------------------------------------------
    def start(self):
        env = dict(os.environ)
        env.update({"XDG_CONFIG_HOME": os.path.join(self.work, "config"),
                    "XDG_PICTURES_DIR": os.path.join(self.work, "pictures"),
                    "TIMESLICE_LAB_OPEN": "true", "TIMESLICE_LAB_PROBE": self.probe})
        preload = env.get("TSL_APP_PRELOAD", "").strip()
        if preload:
            env["LD_PRELOAD"] = preload
        width, height = self.size
        args = [self.app, "--set", f"ui_scale={self.scale}", "--set", f"window_width={width}",
                "--set", f"window_height={height}", "--set", "record_seconds=1"]
        self.out = open(os.path.join(self.work, "app.log"), "w")
        # In the scratch directory: a folder typed into a field lands there.
        self.proc = subprocess.Popen(args, env=env, stdout=self.out, stderr=subprocess.STDOUT, cwd=self.work)
        for _ in range(600):
            self.check_alive()
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Timeslice Lab$"],
                                   capture_output=True, text=True).stdout.split()
            if found:
                self.wid = found[0]
                break
            time.sleep(0.1)
        if not self.wid:
            self.fail("no window after 60 s")
        subprocess.run(["xdotool", "windowfocus", "--sync", self.wid], capture_output=True)
        self.last = self.wait_frames(3)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.xdo("keydown", "ctrl+q")
            time.sleep(0.3)
            self.xdo("keyup", "ctrl+q")
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.fail("Ctrl+Q did not end the app within 20 s")
            if self.proc.returncode != 0:
                self.fail(f"the app ended with status {self.proc.returncode} on Ctrl+Q")

    def log(self):
        try:
            with open(os.path.join(self.work, "app.log"), errors="replace") as f:
                return f.read()[-6000:]
        except OSError:
            return ""

    def fail(self, message):
        print(f"FAIL (scale {self.scale}, {self.size[0]}x{self.size[1]}): {message}")
        print(f"after {self.actions} actions; the last: {getattr(self, 'last_action', '-')}")
        if self.last:
            print(f"last frame {self.last.number}: active item {self.last.active} "
                  f"'{self.seen.get(self.last.active, ('', ''))[1]}', keyboard taken: {self.last.keyboard_taken}")
            for w in self.last.windows:
                print(f"  window '{w[0]}' at {w[1]:g},{w[2]:g} size {w[3]:g}x{w[4]:g} scroll {w[5]:g}/{w[6]:g}")
        print("--- app output\n" + self.log())
        if self.proc and self.proc.poll() is None:
            if shutil.which("gdb"):  # where it is stuck
                trace = subprocess.run(["gdb", "-p", str(self.proc.pid), "-batch", "-ex", "thread apply all bt 30"],
                                       capture_output=True, text=True, timeout=120).stdout
                print("--- the app's threads\n" + trace[-12000:])
            self.proc.kill()
        shutil.rmtree(self.work, ignore_errors=True)
        sys.exit(1)

    def check_alive(self):
        if self.proc.poll() is not None:
            self.fail(f"the app ended (status {self.proc.returncode})")

    def xdo(self, *args):
        subprocess.run(["xdotool", *args], capture_output=True)

    def wait_frames(self, count):
        """The probe of a frame drawn at least `count` frames after now."""
        start = read_probe(self.probe)
        first = start.number if start else -1
        deadline = time.time() + 20
        while time.time() < deadline:
            self.check_alive()
            frame = read_probe(self.probe)
            if frame and frame.number >= first + count:
                if frame.duplicates:
                    names = ", ".join(f"{i} in '{w}'" for i, w in frame.duplicates)
                    self.fail(f"two items share one ImGui ID: {names}")
                for item in frame.items:
                    self.seen.setdefault(item["id"], (item["window"], item["label"]))
                return frame
            time.sleep(0.02)
        self.fail("the window stopped drawing (no new frame for 20 s)")

    # --- actions -------------------------------------------------------------
    def act(self, description, *commands, leaves_field_active=False, field=None):
        self.actions += 1
        self.last_action = description
        for command in commands:
            if command[0] == "tap":
                # Held down for three frames: Dear ImGui 1.86 reads keys once
                # a frame and misses a press released before it looks, and a
                # frame may begin before the X server has delivered the press.
                self.xdo("keydown", command[1])
                self.wait_frames(3)
                self.xdo("keyup", command[1])
            else:
                self.xdo(*command)
        self.last = self.wait_frames(3)
        # With the mouse up and no field being typed into, ImGui must hold no
        # item active: one left active takes the keyboard, and every key of
        # the lab (Space, 1-5, P, Ctrl+Q) stops working.
        if not leaves_field_active and self.last.keyboard_taken:
            self.last = self.wait_frames(3)
            if self.last.keyboard_taken and self.last.active == field:
                # The text field clicked or dragged in takes the keyboard; Return hands it back.
                self.xdo("keydown", "Return")
                self.wait_frames(3)
                self.xdo("keyup", "Return")
                self.last = self.wait_frames(3)
            if self.last.keyboard_taken:
                self.fail(f"after '{description}' the keyboard stays taken by item {self.last.active} "
                          f"'{self.seen.get(self.last.active, ('', ''))[1]}'")

    def move(self, x, y):
        return ("mousemove", "--window", self.wid, str(int(x)), str(int(y)))

    def click_item(self, item):
        cx, cy = item["x"] + item["w"] / 2, item["y"] + item["h"] / 2
        name = f"'{item['label'] or item['id']}' in '{item['window']}'"
        self.clicked.add(item["id"])
        before = {i["id"] for i in self.last.items if i["id"] not in self.clicked}
        if "ui_scale" in item["label"]:
            # The UI scale is what this run is about: typed, not dragged away.
            self.act(f"Ctrl+click {name}", self.move(cx, cy), ("keydown", "ctrl"), ("click", "1"), ("keyup", "ctrl"),
                     leaves_field_active=True)
            self.act(f"type into {name}", ("tap", "ctrl+a"), ("type", f"{self.scale:g}"), ("tap", "Return"))
            return
        self.act(f"click {name}", self.move(cx, cy), ("click", "1"), field=item["id"])
        after = self.last
        for i in after.items:  # what the click showed: a popup's entries
            if POPUP.match(i["window"]) and i["id"] not in self.clicked:
                self.opener.setdefault(i["id"], item["id"])
        if item["flag"] == "v":
            self.act(f"drag {name}", self.move(cx, cy), ("mousedown", "1"),
                     self.move(cx + item["w"] * 0.15, cy), ("mouseup", "1"), field=item["id"])
            self.act(f"Ctrl+click {name}", self.move(cx, cy), ("keydown", "ctrl"), ("click", "1"),
                     ("keyup", "ctrl"), leaves_field_active=True)
            self.act(f"type into {name}", ("tap", "ctrl+a"), ("type", "2"), ("tap", "Return"))
        if re.search(r"plot|canvas", item["label"]):
            self.act(f"right-click {name}", self.move(cx, cy), ("click", "3"))
        # A header or toggle that hid items not clicked yet: click it again, once.
        now = {i["id"] for i in self.last.items}
        if item["id"] not in self.reclicked and any(i not in now for i in before) and item["id"] in now:
            again = next(i for i in self.last.items if i["id"] == item["id"])
            if clickable(self.last, again):
                self.reclicked.add(item["id"])
                self.act(f"click {name} again", self.move(again["x"] + again["w"] / 2, again["y"] + again["h"] / 2),
                         ("click", "1"))

    def normal_view(self, frame):
        return (any(w[0] == "Controls" and w[3] > 150 for w in frame.windows)
                and not any(w[0] == "Help" for w in frame.windows))

    def restore(self):
        if self.normal_view(self.last):
            return
        if any(i["window"] == "Help" for i in self.candidates(self.last, deferred=False)):
            return  # a help page with something left to click on it
        for key in ["Escape", "Escape", "Tab", "h", "p", "Tab", "f"]:
            self.act(f"restore with {key}", ("tap", key))
            if self.normal_view(self.last):
                return
            if key in ("Tab", "h", "p", "f"):
                self.act(f"undo {key}", ("tap", key))
        self.fail("could not bring back the control panel with Esc, Tab, H, P or F")

    def candidates(self, frame, deferred):
        out = []
        for item in frame.items:
            if item["id"] in self.clicked or item["flag"] == "d" or item["window"] == "Debug##Default":
                continue
            if bool(DEFERRED.match(item["label"])) != deferred:
                continue
            if clickable(frame, item):
                out.append(item)
        out.sort(key=lambda i: (-window_rank(frame, i["window"]), i["y"], i["x"]))
        return out

    def scroll_some_window(self, frame, down):
        for name, x, y, w, h, scroll, scroll_max in reversed(frame.windows):
            if NOT_INPUT.match(name) or scroll_max <= 0:
                continue
            if (down and scroll < scroll_max - 1) or (not down and scroll > 1):
                px, py = x + w / 2, y + h / 2
                if front_window_at(frame, px, py) != name and not related(front_window_at(frame, px, py) or "", name):
                    continue
                self.act(f"scroll '{name}' {'down' if down else 'up'}", self.move(px, py),
                         ("click", "--repeat", "3", "5" if down else "4"))
                return True
        return False

    def reopen_targets(self, frame):
        """Openers on view whose popup showed entries not clicked yet."""
        visible = {i["id"]: i for i in frame.items if clickable(frame, i)}
        out = []
        for item_id, opener in self.opener.items():
            if item_id not in self.clicked and self.reopened.get(item_id, 0) < 2 and opener in visible:
                out.append((item_id, visible[opener]))
        return out

    def find(self, look):
        """look(frame) -> a list; the first non-empty one seen here, or with
        every window scrolled to its top and then down a step at a time."""
        found = look(self.last)
        if found:
            return found
        while self.scroll_some_window(self.last, down=False):
            pass
        while True:
            found = look(self.last)
            if found or not self.scroll_some_window(self.last, down=True):
                return found

    def run(self):
        self.start()
        deadline = time.time() + self.budget
        while time.time() < deadline:
            todo = self.find(lambda f: self.candidates(f, deferred=False))
            if todo:
                # Popups first: they close on the next click elsewhere.
                popup = [i for i in todo if POPUP.match(i["window"])]
                self.click_item((popup or todo)[0])
                self.restore()
                continue
            reopen = self.find(self.reopen_targets)
            if reopen:
                item_id, o = reopen[0]
                self.reopened[item_id] = self.reopened.get(item_id, 0) + 1
                self.act(f"reopen '{o['label']}' for its entry '{self.seen.get(item_id, ('', ''))[1]}'",
                         self.move(o["x"] + o["w"] / 2, o["y"] + o["h"] / 2), ("click", "1"))
                continue
            later = self.find(lambda f: self.candidates(f, deferred=True))
            if not later:
                break
            self.click_item(later[0])
            # Look around the view it opened, then come back.
            for _ in range(200):
                todo = self.candidates(self.last, deferred=False)
                if not todo:
                    break
                self.click_item(todo[0])
            self.restore()
        self.stop()
        missed = {i: s for i, s in self.seen.items() if i not in self.clicked and s[0] != "Debug##Default"}
        print(f"scale {self.scale}, {self.size[0]}x{self.size[1]}: {self.actions} actions, "
              f"{len(self.clicked)} items clicked, {len(missed)} seen but not clicked"
              f"{' (time budget reached)' if time.time() >= deadline else ''}")
        for window, label in sorted(set(missed.values()))[:40]:
            print(f"  not clicked: '{label}' in '{window}'")
        shutil.rmtree(self.work, ignore_errors=True)
        return len(self.clicked)


def self_test(path, expected_duplicates):
    frame = read_probe(path)
    if frame is None:
        print(f"{path}: not a probe file")
        return 2
    print(f"{path}: frame {frame.number}, {len(frame.windows)} windows, {len(frame.items)} items, "
          f"{len(frame.duplicates)} duplicate IDs ({expected_duplicates} expected)")
    return 0 if len(frame.duplicates) == expected_duplicates else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("app", nargs="?")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--size", default="1600x900")
    parser.add_argument("--budget", type=float, default=300)
    parser.add_argument("--min-items", type=int, default=100)
    parser.add_argument("--self-test")
    parser.add_argument("--expect-duplicates", type=int, default=0)
    args = parser.parse_args()
    if args.self_test:
        return self_test(args.self_test, args.expect_duplicates)
    width, height = (int(v) for v in args.size.split("x"))
    clicked = Driver(args.app, args.scale, (width, height), args.budget).run()
    if clicked < args.min_items:
        print(f"FAIL: only {clicked} items clicked (at least {args.min_items} expected)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
