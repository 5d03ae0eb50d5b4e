"""Small pieces the harness and the tests share: five in a row's geometry
and the words of its board, a winning move, the fake engine the tests
ship, what no run of the app may print, waiting for a condition and a
process the tests did not start, a file's text and the median colour of
some pixels. What the tests read of one page is in pages/."""

import os
import re
import statistics
import time


DIRECTIONS = [(1, 0), (0, 1), (1, 1), (1, -1)]

# How many times its usual limit a test waits for what a person would see
# (tools/test sets 3): on a busy machine the app is slower, not wrong. A
# test that passes returns as soon as it sees the thing, so only a failure
# takes longer to be told.
PATIENCE = max(1.0, float(os.environ.get("MATCH5_TEST_PATIENCE") or 1))


def patient(limit):
    """`limit` (seconds or milliseconds) stretched by PATIENCE."""
    return type(limit)(limit * PATIENCE)


def accent_pixels(pixels):
    """How many of `pixels` are the accent blue the keyboard cursor is drawn in."""
    return sum(1 for r, g, b in pixels if b > 180 and r < 110 and 100 < g < 170)


def edge_band(side):
    """The band for the edge names (board/view.rs's, standard text size)."""
    return min(17, side / 8)


def board_size(extents):
    """The side of five in a row's board in its widget (board/view.rs's
    `square`: a band for the edge names on each side, 6 px more)."""
    side = min(extents.width, extents.height)
    return max(side - 2 * edge_band(side) - 12, 9)


def parse_cells(text):
    return {(ord(c[0]) - ord("A"), int(c[1:]) - 1) for c in re.findall(r"\b[A-I][1-9]\b", text)}


# What no run of the app may print: a panic (a worker thread's too, which
# the window outlives), and a warning or critical of the toolkit.
TROUBLE = re.compile(r"panicked at|\b(Gtk|Gdk|Gsk|GLib|GLib-GObject|GLib-GIO|Adwaita|Pango|GdkPixbuf)-(WARNING|CRITICAL)")
# Except what the headless compositor causes, not the app: its virtual
# monitor reports a frame's presentation time twice, and GDK's frame clock
# says so.
NOT_THE_APP = re.compile(r"Duplicate call to gdk_frame_timings_presented\(\)")


def log_troubles(text):
    """The lines of an app's log that tell of a bug."""
    return [line for line in text.splitlines() if TROUBLE.search(line) and not NOT_THE_APP.search(line)]


def shown_name(name):
    """A widget's name as shown: GTK 4.8 names a button by its label twice,
    "_New Game New Game" or "View View"."""
    for candidate in (name, name.replace("_", "", 1)):
        n = len(candidate)
        if n % 2 == 1 and candidate[n // 2] == " " and candidate[: n // 2] == candidate[n // 2 + 1 :]:
            return candidate[: n // 2]
    return name


def toml_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'


def winning_move(blue, red):
    """Blue's next field: in the five-field line with the most blue and no
    red; any free field when red blocks every line (None on a full board)."""
    best = None
    for y in range(9):
        for x in range(9):
            for dx, dy in DIRECTIONS:
                line = [(x + i * dx, y + i * dy) for i in range(5)]
                if not all(0 <= a < 9 and 0 <= b < 9 for a, b in line):
                    continue
                if any(c in red for c in line):
                    continue
                score = sum(c in blue for c in line)
                empty = [c for c in line if c not in blue]
                if empty and (best is None or score > best[0]):
                    best = (score, empty[0])
    if best is None:
        # Red holds a field of every line (the computer blocked them all):
        # any free field, for the game to go on to its end.
        free = [(x, y) for y in range(9) for x in range(9) if (x, y) not in blue and (x, y) not in red]
        return free[0] if free else None
    return best[1]


# The deterministic Gomocup engine the tests ship (tests/engines/fake-engine).
ENGINE = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engines", "fake-engine"))


def engine_command(mode, pidfile=None):
    """The command that starts the fake engine in `mode`, writing its pids
    to `pidfile` when given."""
    prefix = f"MATCH5_FAKE_PIDFILE={pidfile} " if pidfile else ""
    return f"{prefix}python3 {ENGINE} {mode}"


def alive(pid):
    """Is the process running? (A zombie has exited.)"""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return ") Z " not in f.read()
    except OSError:
        return False


def wait_for(what, timeout=15.0, step=0.1, message="condition"):
    end = time.time() + patient(timeout)
    while time.time() < end:
        try:
            value = what()
        except Exception:  # the tree changes under us while the app works
            value = None
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"timed out waiting for {message}")


class Pid:
    """A process we did not start (D-Bus activated), as subprocess.Popen knows one."""

    def __init__(self, pid):
        self.pid = pid

    def poll(self):
        try:
            os.kill(self.pid, 0)
            return None
        except ProcessLookupError:
            return 0

    def terminate(self):
        try:
            os.kill(self.pid, 15)
        except ProcessLookupError:
            pass

    kill = terminate

    def wait(self, timeout=None):
        wait_for(lambda: self.poll() is not None, timeout=timeout or 10, message=f"process {self.pid} to end")
        return 0


def choose_engine_in_sidebar(app):
    """Chooses the first added engine as the sidebar's opponent (the third
    entry, after the computer and a person) and waits for the sidebar to
    say that the computer learns nothing from it."""
    app.click_on(app.find_showing("combo box", "Opponent"))
    time.sleep(1)
    app.key("Down", "Down", "Return")
    wait_for(lambda: app.find("label", lambda n: (n or "").startswith("Fake Engine is a Gomocup engine")),
             message="the engine chosen in the sidebar")


def read(path):
    """A text file's text."""
    with open(path) as f:
        return f.read()


def write(path, text):
    """Writes `text` as the file at `path`."""
    with open(path, "w") as f:
        f.write(text)


def median(pixels):
    """The median colour of `pixels`, channel by channel."""
    return tuple(statistics.median(p[i] for p in pixels) for i in range(3))


def label_starting(app, start):
    """The words of the label on screen that start with `start`, or None."""
    label = app.find_showing("label", lambda n: n.startswith(start))
    return label.name if label else None
