"""Drives the real match5 binary: input through the desktop (mutter's
RemoteDesktop API in a GNOME Shell session, tests/e2e/desktop.py), reading
through the accessibility tree (pyatspi). Runs inside tests/e2e/session
(see tests/e2e/run)."""

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import unittest

import pyatspi
from gi.repository import GLib

import desktop
import kept_settings
import own_disk
# Re-exported: the tests take them from here.
from pieces import (DIRECTIONS, ENGINE, Pid, accent_pixels, alive, board_size, choose_engine_in_sidebar,  # noqa: F401
                    edge_band, engine_command, log_troubles, parse_cells, shown_name, toml_value, wait_for,
                    winning_move)

BIN = os.environ.get("MATCH5_BIN", "target/debug/match5")


# The drawn boards of leap-frog, tic-tac-toe and the tile game, in English
# and Dutch (five in a row's is a table, "Board").
PAGE_BOARDS = ("Fields", "Velden", "Tic-tac-toe board", "Bord voor boter, kaas en eieren", "Bowls and boards",
               "Schalen en borden")


# Roles by their name in older AT-SPI, and what newer ones call them too:
# at-spi2-core 2.56 with GTK 4.18 names a push button "button", and a
# toggle button by its own role; GTK 4.24 gives a password entry the role
# "password text", and a switch row's switch the role "switch".
ROLE_NAMES = {"push button": ("push button", "button"), "toggle button": ("toggle button", "push button"),
              "switch": ("switch", "check box"), "check box": ("check box", "switch"),
              "text": ("text", "password text")}


# The description of every page's status line, in English and Dutch.
STATUS_LINE = ("How the game stands", "Hoe het spel ervoor staat")


def has_focus(accessible):
    """Whether `accessible` has the keyboard focus."""
    return accessible.getState().contains(pyatspi.STATE_FOCUSED)


def wait_focused(accessible, message):
    """Waits until `accessible` has the keyboard focus, as a person waits
    for it before pressing a key (one pressed before goes elsewhere)."""
    wait_for(lambda: has_focus(accessible), message=message)


def role_is(accessible, role):
    """Whether `accessible` has `role` ("push button" in either spelling)."""
    return accessible.getRoleName() in ROLE_NAMES.get(role, (role,))


def messages_locale():
    """A UTF-8 locale that is not C: with C (and C.UTF-8, on Debian 13's
    glibc) gettext ignores LANGUAGE."""
    have = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split()
    return "en_US.UTF-8" if "en_US.utf8" in have else "C.UTF-8"


screen_pixels = desktop.screen_pixels


def descendants(root, pred, first=False):
    """The accessibles below `root` that `pred` accepts, depth first, as
    pyatspi's findAllDescendants (or findDescendant with `first`) finds
    them, but skipping what goes away during the walk: theirs fails with
    a TypeError on a child that is gone meanwhile (a list row the
    practice window replaced while its tree was read, in a quiet run of
    73a796c)."""
    found = []
    # Each entry: an accessible, and whether `pred` is asked of it (not
    # of the root itself, as pyatspi's).
    stack = [(root, False)]
    while stack:
        acc, asked = stack.pop()
        if acc is None:
            continue
        if asked:
            try:
                accepted = pred(acc)
            except GLib.Error:  # gone meanwhile
                continue
            except Exception:
                # findDescendant let any failure of `pred` pass as "no".
                if not first:
                    raise
                continue
            if accepted:
                if first:
                    return [acc]
                found.append(acc)
        try:
            children = [acc.getChildAtIndex(i) for i in range(acc.childCount)]
        except GLib.Error:
            continue
        # Depth first, each child before the next sibling's subtree.
        stack.extend((child, True) for child in reversed(children))
    return found


class App:
    """One run of the app with its own config and data folders; with `pid`,
    an app that is already running (started by D-Bus activation)."""

    def __init__(self, lang="en", settings=None, home=None, env=None, pid=None, binary=None, command=None,
                 match=None, data_disk=None, gtk_settings=""):
        """`command` starts it another way than the binary (`flatpak run`);
        `match` then tells its accessible application, whose process id is
        not the one started (a sandbox has its own ids). `data_disk` puts
        the data folder on a disk of its own of that many bytes (a tmpfs in
        a mount namespace of the app's own), which `full_disk()` fills;
        `gtk_settings`, lines for GTK's settings.ini (font, animations)."""
        self.binary = binary or BIN
        self.command = command or [self.binary]
        self.data_disk = data_disk
        self.match = match
        self.own_home = home is None
        self.home = home or tempfile.mkdtemp(prefix="match5-e2e-")
        self.config = os.path.join(self.home, "config")
        self.data = os.path.join(self.home, "data")
        os.makedirs(os.path.join(self.config, "match5"), exist_ok=True)
        os.makedirs(self.data, exist_ok=True)
        # GNOME's default title bar: only a close button. No animations: a
        # dialog takes clicks once it is shown, not after it has grown in
        # (a click during that is lost). On Wayland GTK reads these from the
        # desktop's settings (tests/e2e/session sets them; `gtk_settings`
        # changes them for this run); on X11 from its settings.ini.
        self.desktop_before = []
        if desktop.on_wayland():
            self.desktop_before = desktop.gtk_settings(gtk_settings)
        os.makedirs(os.path.join(self.config, "gtk-4.0"), exist_ok=True)
        with open(os.path.join(self.config, "gtk-4.0", "settings.ini"), "w") as f:
            animations = "" if "gtk-enable-animations" in gtk_settings else "gtk-enable-animations=false\n"
            f.write(f"[Settings]\ngtk-decoration-layout=appmenu:close\n{animations}{gtk_settings}")
        # The settings are given as an older version's settings.toml, which
        # the first start carries over into GSettings (src/settings/carry_over.rs):
        # every test start with `settings` is a first start, as a whole new
        # settings file was, and a home's second start keeps what the first
        # left.
        path = os.path.join(self.config, "match5", "settings.toml")
        kept = kept_settings.keyfile(self.config)
        if settings is not None or not (os.path.exists(path) or os.path.exists(kept)):
            if os.path.exists(kept):
                os.remove(kept)
            values = {"last_player": "Tester", "window_width": 900, "window_height": 680}
            values.update(settings or {})
            with open(path, "w") as f:
                for k, v in values.items():
                    f.write(f"{k} = {toml_value(v)}\n")
        self.env = dict(os.environ)
        self.env.update(
            XDG_CONFIG_HOME=self.config,
            XDG_DATA_HOME=self.data,
            XDG_CACHE_HOME=os.path.join(self.home, "cache"),
            LANG=messages_locale(),
            LANGUAGE=lang,
        )
        # On Wayland GTK's own renderer draws, as on a person's desktop; an
        # X server without GL draws with cairo.
        if not desktop.on_wayland():
            self.env["GSK_RENDERER"] = "cairo"
        # Every key the app gets is in its log (src/widgets/key_log.rs):
        # a failed test shows whether its keys arrived, and where.
        self.env["MATCH5_LOG_KEYS"] = "1"
        # The binary keeps its settings in this home's keyfile; the Flatpak
        # (`command`) in its sandbox's, as GLib chooses there on its own.
        if command is None:
            self.env.update(kept_settings.BACKEND)
        # Each toast's words as it is shown: a toast goes after its seconds,
        # which a busy machine's test can spend reading the tree.
        self.env["MATCH5_REPORT_TOASTS"] = "1"
        self.env.update(env or {})
        # Read back at the end (a+: the handle reads it even when a second
        # run of the app in the same home removed the folder).
        self.log = open(os.path.join(self.home, "app.log"), "a+")
        self.log_start = self.log.tell()
        if pid is not None:
            self.proc = Pid(pid)
            self.pid = pid
            self.app = wait_for(self._find_app, timeout=30, message="the app on the accessibility bus")
            self._attach()
            return
        command = self.command
        if data_disk:
            command = own_disk.command(command, self.data, data_disk)
        self.proc = subprocess.Popen(command, env=self.env, stdout=self.log, stderr=self.log)
        self.pid = self.proc.pid
        if data_disk:
            self.pid = wait_for(lambda: own_disk.child_of(self.proc.pid),
                                message="the app inside its mount namespace")
        # Started once: an app that does not come up in time is a failure,
        # not something to hide by starting it again (the run scripts wait
        # for the accessibility registry before any test).
        try:
            self.app = wait_for(self._find_app, timeout=30, message="the app on the accessibility bus")
        except AssertionError:
            self.close()
            raise
        try:
            self._attach()
        except Exception:
            # A test that fails here never gets the app to close: an app
            # left running would take the next test's place as the one
            # instance and keep the bus names.
            self.close()
            raise

    def _attach(self):
        self.frame = wait_for(lambda: self._frames()[0], message="the window")
        self.window_on_screen = (desktop.Window(wm_class=self.wm_class) if self.match
                                 else desktop.Window(pid=self.pid))
        wait_for(self.window_on_screen.found, message="the window on the screen")
        # Keys go to the window with the focus: the new window's, once the
        # shell has given it.
        wait_for(self.window_on_screen.has_focus, message="the window to have the keyboard focus")
        # The session's virtual keyboard's first key brings its keymap to
        # the app, and that key is lost: a Shift that does nothing first.
        desktop.warm_up_keyboard()
        x, y, _, _ = self.window_on_screen.geometry()
        desktop.move(x + 40, y + 300)
        # The page shown first, by its board (a page is made when first
        # shown, and only what is shown is in the accessibility tree).
        wait_for(lambda: self._find_board() or self.find("image", lambda n: n in PAGE_BOARDS),
                 message="a game page")
        self._board = self._find_board()

    def _find_board(self):
        return self.find("table", lambda n: n in ("Board", "Bord"))  # its name in English and Dutch

    @property
    def board(self):
        """The five-in-a-row board, once its page is made."""
        if self._board is None:
            self._board = wait_for(self._find_board, message="the five-in-a-row board")
        return self._board

    # -- finding things -------------------------------------------------
    def _find_app(self):
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            a = desktop.getChildAtIndex(i)
            if a is not None and (self.match(a) if self.match else a.get_process_id() == self.pid):
                return a
        return None

    def _frames(self):
        return [self.app.getChildAtIndex(i) for i in range(self.app.childCount)]

    def dialogs(self):
        """The dialogs open over the window (AdwDialog), and any other
        window of the app."""
        frames = self._frames()
        inner = [d for f in frames[:1] if f is not None for d in descendants(
            f, lambda a: a.getRoleName() in ("dialog", "alert"))]
        return inner + [f for f in frames[1:] if f is not None]

    def window(self, name):
        """The dialog or window of that title, if it is open."""
        return next((d for d in self.dialogs() if d.name == name), None)

    @property
    def wm_class(self):
        """The window's class: the app id on Wayland, the program on X11."""
        return "io.github.match5.Match5" if desktop.on_wayland() else "match5"

    def find(self, role, name=None, root=None):
        """The first accessible of `role` (and `name`, or a name `name(n)` accepts)
        in the window or its dialogs."""
        roots = [root] if root else self._frames()
        for r in roots:
            hits = descendants(
                r, lambda a: role_is(a, role) and (
                    name is None or (name(shown_name(a.name)) if callable(name) else shown_name(a.name) == name)),
                first=True,
            )
            if hits:
                return hits[0]
        return None

    def find_showing(self, role, name=None):
        """The first accessible of `role` (and `name`) that is on screen now:
        hidden pages keep their widgets in the tree, at size 0."""
        return next(iter(self.all_showing(role, name)), None)

    def all_showing(self, role, name=None):
        """Every accessible of `role` (and `name`) on screen now (none while
        the window is out of the accessibility tree, as on a busy machine
        for a moment). GTK 4.8 does not report the SHOWING state: a hidden
        widget has no size, and a folded sidebar lies outside the window."""
        frames = self._frames()
        if not frames or frames[0] is None:
            return []
        w = frames[0].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        found = []
        for r in frames:
            for a in descendants(
                r, lambda a: role_is(a, role) and (
                    name is None or (name(shown_name(a.name)) if callable(name) else shown_name(a.name) == name))
            ):
                try:
                    e = a.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                except GLib.Error:  # gone meanwhile (a toast that timed out)
                    continue
                if e.width > 0 and e.height > 0 and e.x < w.width and e.x + e.width > 0 and e.y < w.height:
                    found.append(a)
        return found

    def showing(self, role, name):
        """Is there a widget of `role` and `name` that is on screen now? (Each
        page has its own Play Again: any of them on screen.)"""
        return bool(self.all_showing(role, name))

    def what_it_shows(self, limit=150):
        """The window's accessible tree as far as it is on screen: role,
        name and place of each thing, indented by depth (a failed test
        prints it, to show what it was looking at)."""
        lines = []

        def walk(a, depth):
            if a is None or len(lines) >= limit:
                return
            try:
                e = a.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                if e.width <= 0 or e.height <= 0:
                    return  # hidden: a page not shown keeps its widgets at size 0
                lines.append(f"{'  ' * depth}{a.getRoleName()} {shown_name(a.name)!r} "
                             f"at {e.x},{e.y} {e.width}x{e.height}")
                for i in range(a.childCount):
                    walk(a.getChildAtIndex(i), depth + 1)
            except GLib.Error:  # gone meanwhile
                return

        try:
            for f in self._frames():
                walk(f, 0)
        except GLib.Error as e:
            lines.append(f"(the tree could not be read: {e})")
        return lines

    def window_title(self):
        """The window's own title: the app and the page's subtitle."""
        return self._frames()[0].name

    def page_status(self):
        """The status line of the page shown (the label a screen reader
        reviews as "How the game stands"), or None."""
        for a in self.all_showing("label"):
            if (a.description or "") in STATUS_LINE:
                return a.name
        return None

    def title(self):
        """The window's title and the page's status line, as one line: what
        a person reads at the top of the window."""
        status = self.page_status()
        name = self.window_title()
        return f"{name} — {status}" if status else name

    def status(self):
        """The game status line above the board."""
        node = self.board
        while node.parent is not None:
            node = node.parent
            first = node.getChildAtIndex(0)
            # The label may sit in a place that keeps its height (TextSlot).
            if first is not None and first.childCount == 1 and first.getRoleName() != "label":
                first = first.getChildAtIndex(0)
            if first is not None and first.getRoleName() == "label":
                return first.name
        return None

    def stones(self):
        """(blue cells, red cells) from the board's description ("Blue: D5,
        E5. Red: E6.", after how the game stands)."""
        desc = self.board_text()
        found = re.search(r"(?:Blue|Blauw): ([^.]*)\. (?:Red|Rood): ([^.]*)\.", desc)
        if not found:
            return set(), set()
        return parse_cells(found.group(1)), parse_cells(found.group(2))

    def board_text(self):
        """Five in a row's board as a screen reader says it: how the game
        stands, the hint or the pattern, the stones, the cursor's field."""
        return self.board.description

    def description(self):
        return self.board.description

    # -- input ----------------------------------------------------------
    def origin(self):
        """Where the accessibility tree's window coordinates start on the
        screen: the window's frame as the shell places it (on X11, GTK
        gives the window frame the negative of its border and its widgets
        from there: the border is counted twice)."""
        x, y, _, _ = self.window_on_screen.geometry()
        f = self._frames()[0].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        if desktop.on_wayland():
            return x - f.x, y - f.y
        return x - 2 * min(f.x, 0), y - 2 * min(f.y, 0)

    def click_at(self, x, y, repeat=1, delay=0.04):
        """Clicks (x, y) of the window's coordinates (the accessibility
        tree's), `repeat` times."""
        ox, oy = self.origin()
        desktop.click(ox + x, oy + y, repeat=repeat, delay=delay)

    def cell_centre(self, x, y):
        e = self.board.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        size = board_size(e)
        left = e.x + (e.width - size) / 2
        top = e.y + (e.height - size) / 2
        unit = size / 9
        ox, oy = self.origin()
        return int(ox + left + (x + 0.5) * unit), int(oy + top + (y + 0.5) * unit)

    def cell_pixels(self, x, y):
        """The screen's pixels over the field (x, y) of the board."""
        e = self.board.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        half = int(board_size(e)) // 18
        cx, cy = self.cell_centre(x, y)
        return screen_pixels(cx - half, cy - half, 2 * half, 2 * half)

    def click(self, x, y):
        cx, cy = self.cell_centre(x, y)
        desktop.click(cx, cy)

    def toasts(self):
        """The words of every toast this run of the app has shown, in
        order (MATCH5_REPORT_TOASTS): read from its log, so a toast that
        went after its seconds is still counted."""
        self.log.flush()
        with open(self.log.name, encoding="utf-8", errors="replace") as f:
            f.seek(self.log_start)
            text = f.read()
        return [line.split("match5: toast shown: ", 1)[1] for line in text.splitlines()
                if line.startswith("match5: toast shown: ")]

    def click_on(self, acc):
        """Clicks the middle of a widget of the main window, scrolling it
        into view with the mouse wheel first when it lies below the window."""
        w = self._frames()[0].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        for _ in range(20):
            e = acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            if e.y + e.height <= w.height:
                break
            ox, oy = self.origin()
            desktop.scroll(ox + e.x + e.width // 2, oy + w.height - 60, 1)
            time.sleep(0.1)
        e = acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        self.click_at(e.x + e.width // 2, e.y + e.height // 2)

    def type(self, text):
        desktop.type_text(text)

    def key(self, *keys):
        desktop.key(*keys)

    # -- playing --------------------------------------------------------
    def play_and_wait(self, move, cell):
        """Plays `cell` with `move` (click or keys) and waits for the board to
        show it; played again, as a person would, if the board has moved
        since it was aimed at (a window still placed on a busy machine)."""
        before, aimed = sum(map(len, self.stones())), self.board_place()
        move(cell)
        try:
            wait_for(lambda: sum(map(len, self.stones())) > before, timeout=5, message="the move")
        except AssertionError:
            now = self.board_place()
            if now != aimed:
                print(f"\nthe board moved under the move {cell} ({aimed} -> {now}): played again")
                move(cell)
            wait_for(lambda: sum(map(len, self.stones())) > before,
                     message=f"the move {cell} on the board (aimed at {aimed}, now {now})")
        time.sleep(0.15)

    def board_place(self):
        """The window's place on the screen and the board's extents in it."""
        e = self.board.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        return self.origin(), (e.x, e.y, e.width, e.height)

    def quit(self):
        self.key("ctrl+q")

    def settings_kept(self):
        """The settings GSettings keeps for this home, as `gsettings` reads
        them (tests/e2e/kept_settings.py)."""
        return kept_settings.kept_settings(self.config)

    def wait_closed(self, timeout=10):
        """Waits for the app to end; its exit status."""
        return self.proc.wait(timeout=timeout)

    def inside(self, path):
        """`path` as the app sees it: its data disk lies over the folder
        outside (see `data_disk`)."""
        return f"/proc/{self.pid}/root{path}" if self.data_disk else path

    def full_disk(self):
        """Fills the app's data disk (see `data_disk`) until it is full;
        the filler goes when the `with` block ends."""
        assert self.data_disk, "the app has no data disk of its own"
        return own_disk.filled(self.inside(self.data))

    def close(self, failed=False):
        """Ends the app; then fails when its log shows a panic, or a
        warning or critical of GTK, GLib or libadwaita (each a bug a person
        never sees, until it is one they do). After a failed test the end of
        its log is shown (the keys the app got among it)."""
        if getattr(self, "closed", False):
            return
        self.closed = True
        if failed and self.proc.poll() is None:
            print(f"\nWhat the app's window showed ({self.pid}):\n" + "\n".join(self.what_it_shows()), file=sys.stderr)
        shots = os.environ.get("MATCH5_E2E_SHOTS")
        if shots and self.proc.poll() is None and desktop.on_wayland():
            try:
                os.makedirs(shots, exist_ok=True)
                x, y, w, h = self.window_on_screen.geometry()
                desktop.shell().screenshot_area(x, y, w, h, os.path.join(shots, f"{os.getpid()}-{self.pid}.png"))
            except Exception:
                pass
        if self.proc.poll() is None and self.pid != self.proc.pid:
            # The app in its own mount namespace ends as the quit by a
            # signal does; its namespace's keeper follows.
            try:
                os.kill(self.pid, signal.SIGTERM)
                self.proc.wait(timeout=5)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                pass
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        for schema, key, value in reversed(self.desktop_before):
            desktop.setting(schema, key, value)
        self.log.flush()
        self.log.seek(0)
        text = self.log.read()
        troubles = log_troubles(text)
        self.log.close()
        if failed:
            tail = text.splitlines()[-25:]
            print(f"\nThe end of the app's log ({self.pid}):\n" + "\n".join(tail), file=sys.stderr)
        if self.own_home:
            shutil.rmtree(self.home, ignore_errors=True)
        if troubles:
            raise AssertionError("the app's log has:\n" + "\n".join(troubles[:10]))


class _Watched:
    """The runner's result (unittest's, or pytest's for a TestCase), told
    of this test's failure as it happens, so that its tearDown knows whether
    to show what the test saw. Everything else goes to the result as is."""

    def __init__(self, result, test):
        self._result, self._test = result, test

    def addFailure(self, test, err):
        self._test.failed_so_far = True
        return self._result.addFailure(test, err)

    def addError(self, test, err):
        self._test.failed_so_far = True
        return self._result.addError(test, err)

    def addSubTest(self, test, subtest, err):
        if err is not None:
            self._test.failed_so_far = True
        return self._result.addSubTest(test, subtest, err)

    def __getattr__(self, name):
        return getattr(self._result, name)


class AppTest(unittest.TestCase):
    """A test that starts apps with `self.start(...)`; they are closed after
    it, and after a failure each shows what it saw (its window's tree, the
    end of its log)."""

    failed_so_far = False

    def run(self, result=None):
        return super().run(_Watched(result, self) if result is not None else None)

    def setUp(self):
        self.apps = []

    def tearDown(self):
        for a in self.apps:
            a.close(self.failed_so_far)

    def start(self, **kw):
        app = App(**kw)
        self.apps.append(app)
        return app
