"""probe_file.py — the one reader of the app's UI probe file (app/ui/ui_probe.h),
for the window tests (window_probe.py, window_click_all.py).

read_probe(path) -> Frame or None (no file yet, or no frame in it). The app
replaces the file whole each frame, so a read never sees half of one.
probe_frame_number(path) -> the number of the frame in it, or -1: its first
line alone, for a test that waits for a frame (reading the whole file each
time it looks costs the test more than the app's frames).
"""

FIELDS = {"window": 8, "item": 9, "active": 3, "duplicate": 3}


def unhex(text):
    return "" if text == "-" else bytes.fromhex(text).decode("utf-8", "replace")


class Frame:
    def __init__(self):
        self.number = -1
        self.size = (0, 0)
        self.windows = []  # (name, x, y, w, h, scroll, scroll_max), back to front
        self.items = []  # dicts: id, window, label, x, y, w, h, flag ("v" a value, "d" disabled, "-")
        self.duplicates = []  # (id, window)
        self.active = "0"  # the item ImGui holds active ("0": none)
        self.keyboard_taken = False  # the app's keys wait while a field has the keyboard
        self.state = {}  # the state line: scene, frame, paused, mode, lesson, step, ...

    def window_names(self):
        """The windows' names as the user reads them (up to "##")."""
        return [w[0].split("##")[0] for w in self.windows]


def probe_frame_number(path):
    try:
        with open(path, encoding="ascii") as f:
            p = f.readline().split()
    except (FileNotFoundError, UnicodeDecodeError):
        return -1
    return int(p[1]) if len(p) == 4 and p[0] == "frame" else -1


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
        elif p[0] == "state":
            frame.state = dict(kv.split("=", 1) for kv in p[1:] if "=" in kv)
        elif FIELDS.get(p[0]) != len(p):
            continue
        elif p[0] == "window":
            frame.windows.append((unhex(p[1]), *map(float, p[2:8])))
        elif p[0] == "item":
            x, y, w, h = map(float, p[4:8])
            frame.items.append({"id": p[1], "window": unhex(p[2]), "label": unhex(p[3]),
                                "x": x, "y": y, "w": w, "h": h, "flag": p[8]})
        elif p[0] == "active":
            frame.active, frame.keyboard_taken = p[1], p[2] == "1"
        elif p[0] == "duplicate":
            frame.duplicates.append((p[1], unhex(p[2])))
    return frame if frame.number >= 0 else None
