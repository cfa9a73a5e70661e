#!/usr/bin/env python3
"""window_click_all.py APP [--scale S] [--size WxH] [--budget SECONDS] [--views npc,exposure,engine,lesson,board]

Clicks every control of the real window, the way a teacher trying the lab
cold would, and fails if the app dies, stops drawing, lays out two items
with one ImGui ID (the mistake that made the "NPCs" slider crash), leaves an
item it saw unclicked, or runs out of time.

It goes through views (--views; default all five), the app started afresh
for each (its own settings): the NPC scene, the exposure scene, the engine
scene, a lesson step with the panel open, where it clicks the lesson
card's items (its guess field too), and the lesson's results board. In each it clicks every item the view shows. A
click that leaves the view's scene or lesson (a preset of another scene, a
lesson from the picker) starts the app again in the view; such an entry is
clicked once in the whole run; so is a language (the panel's View section):
every label changes with it, and the view is the one it started in. The presenter view, hiding the UI, folding
the panel, the window sizes and the scene choice wait until the rest is
done and are then clicked one by one, coming back to the panel after each.
Every item the view showed is clicked, or the test fails naming it; an item
of the same window and label as one clicked (another series' legend entry)
is the same control. When a choice hides items for good (a combo's last
entry hides the plots), the view starts again for the items left.

It runs under a virtual display (tests/CMakeLists.txt starts it with
tests/with_display.sh). The app writes what it laid out each frame to the file named by
TIMESLICE_LAB_PROBE (app/ui/ui_probe.h): its windows, back to front, and
every item with its label, rectangle and whether it takes a value. This
script reads that file, clicks each item it has not clicked yet with
xdotool (the front window first, then top to bottom), drags and Ctrl+clicks
the ones that take a value, clicks first what a click showed (a popup's
entries, the Cancel of a recording), opens each combo and menu again for the
entries it has not chosen yet, scrolls the windows that scroll, and brings
the normal view back (Esc, Tab, H, P) when a click left it. What a value
dragged to shows (a row of the dock at some pane counts) is clicked before
the value is typed. An item that left by itself (the path tickets' table,
there while a ticket is in flight) is shown again by clicking the last item
clicked in its window before it first showed (its tab), and waited for with
the lab's time running.

Nothing in it depends on timing. The app runs in lockstep with the script
(TIMESLICE_LAB_PROBE_FRAMES, app/ui/ui_probe.h): it draws a frame only when
the script grants it, and its clock moves 1/60 s a frame, so a recording,
a notice's fade or the simulation advance by the frames granted, never by
how fast the machine draws. Items count as seen only in a frame drawn after
an action's end with no item active: never in the middle of a drag or while
a field is typed into (what those show is passing).

With TSL_CLICK_VERBOSE=1 in its environment it prints each action as it
takes it (two runs of one size print the same lines).

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

from probe_file import probe_frame_number, read_probe

# [SECTION] index
#   [SECTION] what to click            labels, views, where a window is in front
#   [SECTION] the app                  started, stopped, its frames granted and read
#   [SECTION] actions                  one input at a time, a field handed back
#   [SECTION] clicking an item         and what its click or its dragged value showed
#   [SECTION] looking round            candidates, scrolling, reopening what showed them
#   [SECTION] a view                   every item, then those that change the view
#   [SECTION] main

# [SECTION] what to click

# Labels clicked only when nothing else is left: they change the whole view
# (outside popups: a popup's entry that leaves the view restarts it).
DEFERRED_LABEL = re.compile(r"^(NPCs facing a target|Sentinel exposure grid|The parallel engine|presenter|hide UI|«|Desk$|1080p projector$|4K$)",
                      re.IGNORECASE)
POPUP = re.compile(r"^##(Combo|Popup|Menu)_")


PASSING_FRAMES = 600  # 10 s of the lab's time: how long an item that left by itself is waited for
MOST_SCROLLS = 150  # a window scrolled five wheel notches a step: far longer than any panel


def same_control(label):
    """A label with its counts made one ("Legend (3)" and "Legend (2)" are one control)."""
    return re.sub(r"[0-9]+", "#", label)


# The same items by their ImGui IDs, which stay English in every language
# (app/ui/ui_text.h: "簡報檢視##presenter", "面向目標的 NPC###npc", "桌面###Desk").
DEFERRED_ID = re.compile(r"^(npc|exposure|engine|presenter|hide_ui|fold panel|Desk|1080p projector)$")


def deferred_item(window, label):
    if POPUP.match(window) is not None:
        return False
    ids = [label.split("###")[-1]] if "###" in label else [label.split("##")[-1]] if "##" in label else []
    return DEFERRED_LABEL.match(label) is not None or any(DEFERRED_ID.match(i) for i in ids)
# The views, each from a fresh start: name -> (arguments, the windows whose items
# it clicks: None for all). A lesson's steps change the panel and the plots
# under it (a step loads its preset), so the lesson view clicks the lesson
# card's items; the panel's are the scenes' views'.
VIEWS = {"npc": (["--scene", "npc"], None), "exposure": (["--scene", "exposure"], None), "engine": (["--scene", "engine"], None),
         "lesson": (["--lesson", "timeslicing", "--step", "2", "--set", "presenter=false"], "Lesson"),
         "board": (["--lesson", "which-mode", "--step", "4", "--reveal", "--set", "help=board"], "Results board")}
NOT_INPUT = re.compile(r"^##Tooltip_")
# The windows over everything that Esc closes: ? and F1's, the results board, the glossary.
HELP_PAGES = ("Help", "Results board", "Glossary")


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
    def __init__(self, app, scale, size, budget, language=None):
        self.app, self.scale, self.size, self.budget, self.language = app, scale, size, budget, language
        self.verbose = bool(os.environ.get("TSL_CLICK_VERBOSE"))  # each action as it is taken
        self.work = tempfile.mkdtemp(prefix="click-all-")
        self.probe = os.path.join(self.work, "probe.txt")
        self.frames = os.path.join(self.work, "frames.txt")  # the frames granted (lockstep, app/ui/ui_probe.h)
        self.actions = 0
        self.clicked_in_all = 0
        self.relaunches = 0
        self.unscrolled = set()  # windows the wheel did not move in this look round (find)
        self.view = "-"
        self.view_args = []
        self.windows = None
        self.base = None  # (scene, lesson, language) of the view; None while its items are not being collected
        self.entries_clicked = set()  # (opener's label, entry's label) of popup entries clicked in any view
        self.proc = None
        self.begin_view()

    def begin_view(self):
        self.clicked = set()
        self.seen = {}  # id -> (window, label)
        self.opener = {}  # popup item id -> the item whose click showed it
        self.reopened = {}  # popup item id -> times its opener was clicked again for it
        self.reclicked = set()
        self.waited_for = {}  # item -> times waited for to show again (wait_for_passing)
        self.last_click_in = {}  # window -> the item last clicked in it
        self.context = {}  # item -> the last item clicked in its window before it first showed
        self.group = (None, [])  # the last click that showed items, and those items
        self.disabled = set()  # items disabled when last seen: nothing to click
        self.right_opener = set()  # popup entries whose opener is right-clicked
        self.popup_opener = None  # (id, right-click) of what opened the popup shown now
        self.history = {}  # id -> (action first seen after, action last seen after, last flag)
        self.labels_clicked = set()  # (window, label) of the items clicked in this view
        self.wid = None
        self.last = None

    # [SECTION] the app
    def start(self, view_args):
        env = dict(os.environ)
        if os.path.exists(self.probe):
            os.remove(self.probe)  # the last view's app wrote it
        self.grant(0)
        env.update({"XDG_CONFIG_HOME": tempfile.mkdtemp(prefix="config-", dir=self.work),  # fresh settings for each view
                    "XDG_PICTURES_DIR": os.path.join(self.work, "pictures"),
                    "TIMESLICE_LAB_OPEN": "true", "TIMESLICE_LAB_PROBE": self.probe,
                    "TIMESLICE_LAB_PROBE_FRAMES": self.frames})
        preload = env.get("TSL_APP_PRELOAD", "").strip()
        if preload:
            env["LD_PRELOAD"] = preload
        width, height = self.size
        args = [self.app, "--set", f"ui_scale={self.scale}", "--set", f"window_width={width}",
                "--set", f"window_height={height}", "--set", "record_seconds=0",
                *(["--set", f"language={self.language}"] if self.language else []), *view_args]
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
            self.grant(1 << 40)  # every frame it wants, to its end
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
        print(f"FAIL (scale {self.scale}, {self.size[0]}x{self.size[1]}, {self.view}): {message}")
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
        """One xdotool command, then a round trip to the X server (where the
        pointer is; not after `type`, which would type the word), so that its
        input has reached the app's queue before the next frame is granted.
        A click's repeats go at once (xdotool waits 100 ms after each by
        default): the app draws no frame meanwhile (lockstep), so it reads
        the same input either way."""
        if args[0] == "click":
            args = ("click", "--delay", "0", *args[1:])
        subprocess.run(["xdotool", *args, *([] if args[0] == "type" else ["getmouselocation"])], capture_output=True)

    def grant(self, frame):
        """Lets the app draw up to its frame number `frame` (written whole)."""
        with open(self.frames + ".new", "w") as f:
            f.write(f"{frame}\n")
        os.replace(self.frames + ".new", self.frames)

    def wait_frames(self, count, register=True):
        """The probe of the app's frame `count` frames after the last one
        drawn, once drawn: the app draws no further (lockstep, ui_probe.h), so
        what it shows follows the input, never the speed of the machine.
        With `register`, the items the frame shows join those the view must
        have clicked, unless ImGui holds an item active in it (a drag or a
        field being typed into is under way: what it shows is passing)."""
        target = max(probe_frame_number(self.probe), 0) + count
        self.grant(target)
        deadline = time.time() + 60
        while time.time() < deadline:
            self.check_alive()
            # The frame's number first; the whole frame once it is the one waited for.
            frame = read_probe(self.probe) if probe_frame_number(self.probe) >= target else None
            if frame and frame.number >= target:
                if frame.duplicates:
                    names = ", ".join(f"{i} in '{w}'" for i, w in frame.duplicates)
                    self.fail(f"two items share one ImGui ID: {names}")
                if register and not any(POPUP.match(w[0]) for w in frame.windows):
                    self.popup_opener = None  # (after the action: a click opens its popup at its end)
                if register and frame.active == "0" and self.base is not None and self.in_view(frame):
                    self.register(frame)
                return frame
            time.sleep(0.005)
        self.fail(f"the window stopped drawing (frame {target} not drawn within 60 s of being granted)")

    def register(self, frame):
        for item in frame.items:
            if item["id"] not in self.seen and item["id"] not in self.opener:
                last_click = self.last_click_in.get(item["window"].split("/")[0])
                if last_click and last_click != item["id"]:
                    self.context[item["id"]] = last_click
            self.seen.setdefault(item["id"], (item["window"], item["label"]))
            (self.disabled.add if item["flag"] == "d" else self.disabled.discard)(item["id"])
            if POPUP.match(item["window"]) and item["id"] not in self.opener and self.popup_opener:
                # An entry first seen as its popup scrolls: the popup's opener opens it again.
                self.opener[item["id"]] = self.popup_opener[0]
                if self.popup_opener[1]:
                    self.right_opener.add(item["id"])
            first = self.history.get(item["id"], (getattr(self, "last_action", "start"),))[0]
            self.history[item["id"]] = (first, getattr(self, "last_action", "start"), item["flag"])

    # [SECTION] actions
    def act(self, description, *commands, leaves_field_active=False, field=None):
        self.actions += 1
        self.last_action = description
        if self.verbose:
            print(f"{self.actions}: {description}", flush=True)
        for command in commands:
            if command[0] == "tap":
                # Held down for three frames: Dear ImGui 1.86 reads keys once
                # a frame and misses a press released before it looks.
                self.xdo("keydown", command[1])
                self.wait_frames(3, register=False)
                self.xdo("keyup", command[1])
            else:
                self.xdo(*command)
                # A frame between one input and the next: a drag's press,
                # moves and release each seen in a frame of their own.
                self.wait_frames(1, register=False)
        self.last = self.wait_frames(3, register=not leaves_field_active)
        # With the mouse up and no field being typed into, ImGui must hold no
        # item active: one left active takes the keyboard, and every key of
        # the lab (Space, 1-5, P, Ctrl+Q) stops working.
        if not leaves_field_active and self.last.keyboard_taken:
            self.last = self.wait_frames(3)
            if self.last.keyboard_taken and self.last.active == field:
                # The text field clicked or dragged in takes the keyboard; Return hands it back.
                self.xdo("keydown", "Return")
                self.wait_frames(3, register=False)
                self.xdo("keyup", "Return")
                self.last = self.wait_frames(3)
            if self.last.keyboard_taken:
                self.fail(f"after '{description}' the keyboard stays taken by item {self.last.active} "
                          f"'{self.seen.get(self.last.active, ('', ''))[1]}'")

    def wanted(self, window):
        """An item of a window this view clicks (the view's windows, their children and popups)."""
        return self.windows is None or window == self.windows or window.startswith(self.windows + "/") or POPUP.match(window) is not None

    def in_view(self, frame):
        return (frame.state.get("scene"), frame.state.get("lesson"), frame.state.get("lang")) == self.base

    def entry_key(self, item_id):
        """A popup entry as the same control in every view: its opener's label and its own."""
        opener = self.opener.get(item_id)
        window, label = self.seen.get(item_id, ("", ""))
        return (self.seen.get(opener, ("", window))[1], label)

    def done(self, item_id):
        """Clicked; or the same control is: a popup entry of the same label from the
        same opener, in any view; another item of the same window and label
        (counts in it aside) in this view: a legend entry of another series, the
        legend's header with another count."""
        if item_id in self.clicked:
            return True
        window_label = self.seen.get(item_id, ("", ""))
        if not window_label[1]:
            return False  # no label to know it by
        if POPUP.match(window_label[0]):
            return self.entry_key(item_id) in self.entries_clicked
        return (window_label[0], same_control(window_label[1])) in self.labels_clicked

    def relaunch(self, why):
        """The click left the view: the app again, in the view, items clicked so far kept."""
        self.relaunches += 1
        self.last_action = why
        self.stop()
        self.start(self.view_args)
        self.restore()

    def move(self, x, y):
        return ("mousemove", "--window", self.wid, str(int(x)), str(int(y)))

    # [SECTION] clicking an item
    def click_item(self, item):
        cx, cy = item["x"] + item["w"] / 2, item["y"] + item["h"] / 2
        name = f"'{item['label'] or item['id']}' in '{item['window']}'"
        self.clicked.add(item["id"])
        if not POPUP.match(item["window"]):
            self.last_click_in[item["window"].split("/")[0]] = item["id"]
        self.shown_by_last = []
        before = {i["id"] for i in self.last.items if i["id"] not in self.clicked}
        before_all = set(self.seen)
        if "ui_scale" in item["label"]:
            # The UI scale is what this run is about: typed, not dragged away.
            self.act(f"Ctrl+click {name}", self.move(cx, cy), ("keydown", "ctrl"), ("click", "1"), ("keyup", "ctrl"),
                     leaves_field_active=True)
            self.act(f"type into {name}", ("tap", "ctrl+a"), ("type", f"{self.scale:g}"), ("tap", "Return"))
            return
        if not POPUP.match(item["window"]):
            self.popup_opener = (item["id"], False)
        self.act(f"click {name}", self.move(cx, cy), ("click", "1"), field=item["id"])
        after = self.last
        if POPUP.match(item["window"]):
            self.entries_clicked.add(self.entry_key(item["id"]))
        else:
            self.labels_clicked.add((item["window"], same_control(item["label"])))
        if self.base is not None and not self.in_view(after):
            self.relaunch(f"back to the {self.view} after {name} left it")
            return
        for i in after.items:  # what the click showed: a popup's entries (an entry's: its popup's opener opens them)
            if POPUP.match(i["window"]) and i["id"] not in self.clicked:
                inherited = POPUP.match(item["window"]) and item["id"] in self.opener
                self.opener.setdefault(i["id"], self.opener[item["id"]] if inherited else item["id"])
                if inherited and item["id"] in self.right_opener:
                    self.right_opener.add(i["id"])
        # Then what else the click showed (a recording's Stop and Cancel, for its frames): first, next;
        # the click shows them again if one of them hides the others.
        self.shown_by_last = [i for i in after.items if i["id"] not in before_all and clickable(after, i)]
        for i in self.shown_by_last:
            self.opener.setdefault(i["id"], item["id"])
        if self.shown_by_last:
            self.group = (item["id"], [i["id"] for i in self.shown_by_last])
        if item["flag"] == "v":
            before_drag = set(self.seen)
            self.act(f"drag {name}", self.move(cx, cy), ("mousedown", "1"),
                     self.move(cx + item["w"] * 0.15, cy), ("mouseup", "1"), field=item["id"])
            # What the value dragged to shows (a row the dock has only at some
            # pane counts), clicked while it shows, before the value is typed;
            # and what those clicks show, first.
            dragged_in = [i["id"] for i in self.last.items if i["id"] not in before_drag]
            outer = (self.shown_by_last, self.group)
            self.shown_by_last, self.group = [], (None, [])
            while self.base is not None and self.in_view(self.last):
                now = {i["id"]: i for i in self.last.items if self.eligible(self.last, i)}
                shown_id = next((i["id"] for i in self.shown_by_last if i["id"] in now), None)
                if shown_id is None and self.reopen_group():
                    continue
                shown_id = shown_id or next((i for i in dragged_in if i in now), None)
                if shown_id is None:
                    break
                self.opener.setdefault(shown_id, item["id"])
                self.click_item(now[shown_id])
                self.restore()
            self.shown_by_last, self.group = outer
            self.act(f"Ctrl+click {name}", self.move(cx, cy), ("keydown", "ctrl"), ("click", "1"),
                     ("keyup", "ctrl"), leaves_field_active=True)
            self.act(f"type into {name}", ("tap", "ctrl+a"), ("type", "2"), ("tap", "Return"))
        if re.search(r"plot|canvas", item["label"]):
            before_all = set(self.seen)
            self.popup_opener = (item["id"], True)
            self.act(f"right-click {name}", self.move(cx, cy), ("click", "3"))
            for i in self.last.items:  # its context menu: opened again by a right-click
                if POPUP.match(i["window"]) and i["id"] not in before_all:
                    self.opener.setdefault(i["id"], item["id"])
                    self.right_opener.add(i["id"])
        # A header or toggle that hid items not clicked yet: click it again, once.
        now = {i["id"] for i in self.last.items}
        if item["id"] not in self.reclicked and any(i not in now for i in before) and item["id"] in now:
            again = next(i for i in self.last.items if i["id"] == item["id"])
            if clickable(self.last, again):
                self.reclicked.add(item["id"])
                seen_before = set(self.seen)
                self.act(f"click {name} again", self.move(again["x"] + again["w"] / 2, again["y"] + again["h"] / 2),
                         ("click", "1"))
                # What this click showed (the first only closed an open combo, and this one opens
                # a help page) is its, as a first click's would be: clicked next, opened again by it.
                shown = [i for i in self.last.items if i["id"] not in seen_before and clickable(self.last, i)]
                for i in shown:
                    self.opener.setdefault(i["id"], item["id"])
                if shown:
                    self.shown_by_last = shown
                    self.group = (item["id"], [i["id"] for i in shown])

    def help_page_items(self, frame):
        return [i for i in self.candidates(frame, deferred=False) if i["window"] in HELP_PAGES]

    def normal_view(self, frame):
        return (any(w[0] == "Controls" and w[3] > 150 for w in frame.windows)
                and not any(w[0] in HELP_PAGES for w in frame.windows))

    def restore(self):
        if self.normal_view(self.last):
            return
        if self.help_page_items(self.last):
            return  # a help page (or the results board) with something left to click on it
        if any(w[0] in HELP_PAGES for w in self.last.windows) and self.find(self.help_page_items):
            return  # the same, further down the page (the glossary's rows below a chosen term's meanings)
        for key in ["Escape", "Escape", "Tab", "h", "p", "Tab", "f"]:
            self.act(f"restore with {key}", ("tap", key))
            if self.normal_view(self.last):
                return
            if key in ("Tab", "h", "p", "f"):
                self.act(f"undo {key}", ("tap", key))
        self.fail("could not bring back the control panel with Esc, Tab, H, P or F")

    # [SECTION] looking round
    def eligible(self, frame, item, deferred=False):
        """An item to click in `frame`: enabled, not done, in one of the
        view's windows, clickable where it is, and deferred (clicked last) or
        not as asked."""
        return (not self.done(item["id"]) and item["flag"] != "d" and item["window"] != "Debug##Default"
                and self.wanted(item["window"]) and deferred_item(item["window"], item["label"]) == deferred
                and clickable(frame, item))

    def candidates(self, frame, deferred):
        out = [item for item in frame.items if self.eligible(frame, item, deferred)]
        out.sort(key=lambda i: (-window_rank(frame, i["window"]), i["y"], i["x"]))
        return out

    def scroll_some_window(self, frame, down):
        """Turns the wheel over the first window, front to back, that can
        scroll that way; False when none can. The pointer rests on the
        window's scroll bar, which is its own (over its middle a child window,
        a table scrolled to its end, would take the wheel); a window the wheel
        did not move is not tried again until the next look round."""
        for name, x, y, w, h, scroll, scroll_max in reversed(frame.windows):
            if NOT_INPUT.match(name) or scroll_max <= 0 or name in self.unscrolled:
                continue
            if (down and scroll < scroll_max - 1) or (not down and scroll > 1):
                px, py = x + w - 3, y + h / 2
                if front_window_at(frame, px, py) != name:
                    continue
                self.act(f"scroll '{name}' {'down' if down else 'up'}", self.move(px, py),
                         ("click", "--repeat", "5", "5" if down else "4"))
                if [wi[5] for wi in self.last.windows if wi[0] == name] == [scroll]:
                    self.unscrolled.add(name)
                return True
        return False

    def reopen_targets(self, frame, popups_only=False):
        """Items on view whose click showed others (a popup's entries, a
        recording's buttons) not clicked yet."""
        visible = {i["id"]: i for i in frame.items if clickable(frame, i)}
        out = []
        # The click that showed it; or for an item that showed by itself, later
        # (what a running simulation shows), the last click in its window before (the tab it is on).
        for item_id in {**self.context, **self.opener}:
            if deferred_item(*self.seen.get(item_id, ("", ""))):
                continue  # (clicked last, by change_views)
            if popups_only and (not POPUP.match(self.seen.get(item_id, ("", ""))[0]) or any(POPUP.match(w[0]) for w in frame.windows)):
                continue  # (a popup open now: its entries are looked for by scrolling it)
            opener = next((o for o in (self.opener.get(item_id), self.context.get(item_id)) if o in visible), None)
            if opener and not self.done(item_id) and item_id not in visible and self.reopened.get(item_id, 0) < 3:
                out.append((item_id, visible[opener]))
        return out

    def reopen(self, target):
        item_id, o = target
        self.reopened[item_id] = self.reopened.get(item_id, 0) + 1
        before_all = set(self.seen)
        self.popup_opener = (o["id"], item_id in self.right_opener)
        self.act(f"reopen '{o['label']}' for its entry '{self.seen.get(item_id, ('', ''))[1]}'",
                 self.move(o["x"] + o["w"] / 2, o["y"] + o["h"] / 2), ("click", "3" if item_id in self.right_opener else "1"))
        self.shown_by_last = [i for i in self.last.items if i["id"] == item_id]  # clicked next
        for i in self.last.items:  # entries this popup shows for the first time (a choice in it showed them)
            if POPUP.match(i["window"]) and i["id"] not in before_all:
                self.opener.setdefault(i["id"], o["id"])
                if item_id in self.right_opener:
                    self.right_opener.add(i["id"])

    def unclicked(self, ids):
        return sorted({(self.seen[i][0], self.seen[i][1]) for i in ids if not self.done(i)})

    def find(self, look):
        """look(frame) -> a list; the first non-empty one seen here, or with
        every window scrolled to its top and then down a step at a time."""
        found = look(self.last)
        if found:
            return found
        self.unscrolled = set()
        for _ in range(MOST_SCROLLS):
            if not self.scroll_some_window(self.last, down=False):
                break
        for _ in range(MOST_SCROLLS):
            found = look(self.last)
            if found or not self.scroll_some_window(self.last, down=True):
                return found
        windows = ", ".join(f"'{w[0]}' {w[5]:g}/{w[6]:g}" for w in self.last.windows)
        self.fail(f"scrolling found no end after {MOST_SCROLLS} steps (windows and their scroll: {windows})")

    def out_of_time(self, deadline, doing):
        if time.time() >= deadline:
            self.fail(f"the time budget ({self.budget:g} s) ran out while {doing}")

    # [SECTION] a view
    def explore(self, deadline):
        """Every item of the view, but those that change the whole view."""
        self.shown_by_last = []
        while True:
            self.out_of_time(deadline, "clicking the view's items")
            wanted = {i["id"] for i in self.shown_by_last}
            shown = [i for i in self.last.items if i["id"] in wanted and not self.done(i["id"]) and not deferred_item(i["window"], i["label"])
                     and self.wanted(i["window"])
                     and i["flag"] != "d" and i["window"] != "Debug##Default" and clickable(self.last, i)]
            if shown:
                self.click_item(shown[0])
                self.restore()
                continue
            # A combo's other entries at once, while what shows the combo still
            # does (a choice elsewhere can hide it).
            target = self.reopen_targets(self.last, popups_only=True)
            if target:
                self.reopen(target[0])
                continue
            if self.reopen_group():
                continue
            todo = self.find(lambda f: self.candidates(f, deferred=False))
            if todo:
                # Popups first: they close on the next click elsewhere.
                popup = [i for i in todo if POPUP.match(i["window"])]
                self.click_item((popup or todo)[0])
                self.restore()
                continue
            target = self.find(self.reopen_targets)
            if target:
                self.reopen(target[0])
            elif not self.wait_for_passing():
                return

    def reopen_group(self):
        """What the last click showed (a recording's Stop and Cancel: Stop
        hides Cancel), shown again by that click; False when nothing is left."""
        visible = {i["id"]: i for i in self.last.items if clickable(self.last, i)}
        opener, group = self.group
        left = [g for g in group if not self.done(g) and g not in visible]
        if left and opener in visible and self.reopened.get(left[0], 0) < 3:
            self.reopen((left[0], visible[opener]))
            return True
        return False

    def wait_for_passing(self):
        """Items that left by themselves (the path tickets' table, shown while
        a ticket is in flight) come back as the simulation runs: frames are
        granted with no input, up to PASSING_FRAMES, until one of them shows.
        Each item is waited for three times a view; False when none came back."""
        left = {i for i, (w, l) in self.seen.items()
                if w != "Debug##Default" and not deferred_item(w, l) and self.wanted(w) and i not in self.disabled
                and not self.done(i) and self.waited_for.get(i, 0) < 3}
        if not left:
            return False
        for i in left:
            self.waited_for[i] = self.waited_for.get(i, 0) + 1
        if self.last.state.get("paused") == "1":
            self.act("Space: the lab's time runs, for what it shows", ("tap", "space"))
        self.last_action = f"waiting for {len(left)} items to show again"
        if self.verbose:
            print(f"{self.last_action}: {', '.join(sorted(self.seen[i][1] for i in left))}", flush=True)
        for _ in range(PASSING_FRAMES // 30):
            self.last = self.wait_frames(30)
            if any(i["id"] in left and clickable(self.last, i) for i in self.last.items):
                return True
        return False

    def change_views(self, deadline):
        """The items that change the whole view, one by one, the panel back after each."""
        waiting = {i for i, (w, l) in self.seen.items() if deferred_item(w, l) and self.wanted(w)}
        self.base = None  # what they show is another view's
        while True:
            self.out_of_time(deadline, "clicking the items that change the view")
            later = [i for i in self.find(lambda f: self.candidates(f, deferred=True)) if i["id"] in waiting]
            if not later:
                break
            self.click_item(later[0])
            self.restore()
        return self.unclicked(waiting)

    def run(self, views):
        deadline = time.time() + self.budget
        for name in views:
            args, self.windows = VIEWS[name]
            self.view, self.view_args = name + " view", args
            self.begin_view()
            self.start(args)
            self.restore()
            self.base = (self.last.state.get("scene"), self.last.state.get("lesson"), self.last.state.get("lang"))
            if None in self.base:
                self.fail("the probe has no state line (scene, lesson, lang)")
            self.wait_frames(1)
            # Every item the view showed, clicked. A choice can hide items for
            # good (a combo's last entry hides the plots): then the view again,
            # from the start, for the items left, while that makes progress.
            missed = []
            for attempt in range(4):
                self.explore(deadline)
                left = self.unclicked(i for i, (w, l) in self.seen.items()
                                      if w != "Debug##Default" and not deferred_item(w, l) and self.wanted(w) and i not in self.disabled)
                if not left or left == missed:
                    missed = left
                    break
                missed = left
                self.reopened = {}
                self.relaunch(f"the {self.view} again for {len(left)} items no longer shown")
            if missed:
                where = {self.seen[i]: self.history.get(i) for i in self.seen if not self.done(i)}
                self.fail(f"{len(missed)} items seen but not clicked:\n" +
                          "\n".join(f"  '{l}' in '{w}': first seen after {where.get((w, l), ('?',))[0]}; last seen after "
                                    f"{where.get((w, l), ('?', '?'))[1]}" for w, l in missed[:20]))
            explored = len(self.clicked)
            missed = self.change_views(deadline)
            if missed:
                self.fail(f"{len(missed)} items that change the view not clicked: " + "; ".join(f"'{l}' in '{w}'" for w, l in missed))
            self.stop()
            self.clicked_in_all += len(self.clicked)
            print(f"scale {self.scale}, {self.size[0]}x{self.size[1]}, {name}: {explored} items clicked, "
                  f"then {len(self.clicked) - explored} that change the view ({self.actions} actions, "
                  f"{self.relaunches} restarts so far)", flush=True)
        print(f"scale {self.scale}, {self.size[0]}x{self.size[1]}: {self.actions} actions, {self.clicked_in_all} clicks on items, "
              f"every item seen clicked, {time.time() - deadline + self.budget:.0f} s")
        shutil.rmtree(self.work, ignore_errors=True)
        return self.clicked_in_all


# [SECTION] main
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
    parser.add_argument("--views", default="npc,exposure,engine,lesson,board")
    parser.add_argument("--language", help="the lab's language for every view (en, zh-Hant, zh-Hans; default: the app's)")
    parser.add_argument("--self-test")
    parser.add_argument("--expect-duplicates", type=int, default=0)
    args = parser.parse_args()
    if args.self_test:
        return self_test(args.self_test, args.expect_duplicates)
    width, height = (int(v) for v in args.size.split("x"))
    views = args.views.split(",")
    unknown = [v for v in views if v not in VIEWS]
    if unknown:
        print(f"unknown views: {', '.join(unknown)} (known: {', '.join(VIEWS)})")
        return 2
    clicked = Driver(args.app, args.scale, (width, height), args.budget, args.language).run(views)
    if clicked < args.min_items:
        print(f"FAIL: only {clicked} items clicked (at least {args.min_items} expected)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
