"""The desktop the tests drive the app on: a headless GNOME Shell on Wayland
(tests/e2e/session), as GNOME 50 and 51 users run it.

- Input goes through mutter's RemoteDesktop D-Bus API, as a remote desktop
  client's or GTK's own headless tests' does: keys as keysyms, the pointer
  moved and clicked, the wheel turned.
- Where windows are and screenshots come from the shell itself
  (org.gnome.Shell.Eval and org.gnome.Shell.Screenshot), which the test
  session's extension (tests/e2e/shell-extension) opens to it.

Where no GNOME Shell runs (an X server, DISPLAY set) the same calls go to
xdotool and ImageMagick's import instead, for a test that is about X11
itself (Xwayland)."""

import json
import os
import subprocess
import tempfile
import time

from gi.repository import Gio, GLib

from pieces import patient, wait_for

SHELL = ("org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell")
SCREENSHOT = ("org.gnome.Shell.Screenshot", "/org/gnome/Shell/Screenshot", "org.gnome.Shell.Screenshot")
MUTTER_RD = ("org.gnome.Mutter.RemoteDesktop", "/org/gnome/Mutter/RemoteDesktop")
RD_SESSION = "org.gnome.Mutter.RemoteDesktop.Session"

# mutter's window types that are windows a person calls one: normal,
# dialog, modal dialog (not menus, popovers, tooltips).
TOPLEVELS = (0, 3, 4)

# Linux's button codes (linux/input-event-codes.h): left, right, middle.
BUTTONS = {1: 0x110, 2: 0x112, 3: 0x111}
MODIFIERS = {"ctrl": "Control_L", "control": "Control_L", "shift": "Shift_L", "alt": "Alt_L",
             "super": "Super_L"}
# Clutter's modifier mask bits of those keys (global.get_pointer()[2]).
MODIFIER_BITS = {"ctrl": 1 << 2, "control": 1 << 2, "shift": 1 << 0, "alt": 1 << 3, "super": 1 << 26}


def on_wayland():
    """Does a GNOME Shell session run the tests (not an X server)?"""
    return bool(os.environ.get("WAYLAND_DISPLAY")) and not os.environ.get("MATCH5_E2E_X11")


class Shell:
    """GNOME Shell and mutter on the session bus."""

    def __init__(self):
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        self._rd = None

    def call(self, name, path, iface, method, args=None, reply=None, timeout=10000):
        return self.bus.call_sync(name, path, iface, method, args, GLib.VariantType(reply) if reply else None,
                                  Gio.DBusCallFlags.NONE, patient(timeout), None)

    def eval(self, js):
        """Runs `js` in the shell; its value (which the shell sends as JSON)."""
        ok, out = self.call(*SHELL, "Eval", GLib.Variant("(s)", (js,)), "(bs)").unpack()
        if not ok:
            raise RuntimeError(f"the shell refused {js!r}: {out}")
        return json.loads(out) if out else None

    # -- windows ---------------------------------------------------------
    def windows(self):
        """Every window: pid, title, wm class, its frame (x, y, w, h) and
        whether it has the focus."""
        return self.eval("""global.get_window_actors().map(a => {
            const w = a.meta_window, r = w.get_frame_rect();
            return {pid: w.get_pid(), title: w.get_title(), wm_class: w.get_wm_class(),
                    id: w.get_id(), x: r.x, y: r.y, width: r.width, height: r.height,
                    focus: w.has_focus(), hidden: w.is_hidden(), type: w.get_window_type()};
        })""")

    def window(self, pid=None, title=None, wm_class=None):
        """The newest window that matches, or None: a toplevel or a dialog,
        not a popover's menu (which is a window of the app's too)."""
        for w in reversed(self.windows()):
            if w["hidden"] or w["type"] not in TOPLEVELS:
                continue
            if pid is not None and w["pid"] != pid:
                continue
            if title is not None and w["title"] != title:
                continue
            if wm_class is not None and (w["wm_class"] or "").lower() != wm_class.lower():
                continue
            return w
        return None

    def _by_id(self, wid):
        return f"global.get_window_actors().map(a => a.meta_window).find(w => w.get_id() == {int(wid)})"

    def resize(self, wid, width, height):
        self.eval(f"""(() => {{ const w = {self._by_id(wid)}; const r = w.get_frame_rect();
            w.move_resize_frame(true, r.x, r.y, {int(width)}, {int(height)}); return "true"; }})()""")

    def place(self, wid, x, y, width, height):
        self.eval(f"""(() => {{ {self._by_id(wid)}.move_resize_frame(true, {int(x)}, {int(y)}, {int(width)},
            {int(height)}); return "true"; }})()""")

    def activate(self, wid):
        self.eval(f"""(() => {{ {self._by_id(wid)}.activate(global.get_current_time()); return "true"; }})()""")

    def screenshot_area(self, x, y, width, height, path):
        """A PNG of that part of the screen at `path` (the shell writes it:
        made absolute, as the shell's folder is its own)."""
        path = os.path.abspath(path)
        self.call(*SCREENSHOT, "ScreenshotArea", GLib.Variant("(iiiibs)", (x, y, width, height, False, path)),
                  "(bs)")

    # -- input -----------------------------------------------------------
    def _session(self):
        if self._rd is None:
            (path,) = self.call(*MUTTER_RD, "org.gnome.Mutter.RemoteDesktop", "CreateSession", None, "(o)").unpack()
            self._rd = path
            self.call(MUTTER_RD[0], path, RD_SESSION, "Start")
        return self._rd

    def _notify(self, method, fmt, *args):
        self.call(MUTTER_RD[0], self._session(), RD_SESSION, method, GLib.Variant(fmt, args))

    def keysym(self, keysym, pressed):
        self._notify("NotifyKeyboardKeysym", "(ub)", keysym, pressed)

    def wait_held(self, name, timeout=2.0):
        """Waits until the compositor has the modifier `name` ("ctrl")
        held down, as its pointer's modifier state says."""
        bit = MODIFIER_BITS.get(name.lower())
        end = time.monotonic() + patient(timeout)
        while bit is not None and time.monotonic() < end:
            if self.eval("global.get_pointer()[2]") & bit:
                return
            time.sleep(0.01)
        if bit is not None:
            raise AssertionError(f"the compositor never held {name} down")

    def pointer(self):
        return tuple(self.eval("global.get_pointer().slice(0, 2)"))

    def move(self, x, y):
        """The pointer to (x, y) of the screen. A pointer without a
        screencast stream moves by distances, which the compositor
        accelerates: it is moved by part of what is left, and the shell
        says where it is, until it is there."""
        there = 0
        for _ in range(60):
            cx, cy = self.pointer()
            dx, dy = x - cx, y - cy
            # There twice 50 ms apart: on a busy machine a motion sent
            # before can still be on its way when the shell first says so.
            if (dx, dy) == (0, 0):
                there += 1
                if there == 2:
                    return
                time.sleep(0.05)
                continue
            there = 0
            # Half of a long way (acceleration overshoots it), a short
            # way whole.
            step = lambda d: float(d) if abs(d) <= 3 else d / 2.0  # noqa: E731
            self._notify("NotifyPointerMotionRelative", "(dd)", step(dx), step(dy))
            time.sleep(0.005)
        raise AssertionError(f"the pointer did not reach ({x}, {y}): it is at {self.pointer()}")

    def button(self, button, pressed):
        self._notify("NotifyPointerButton", "(ib)", BUTTONS[button], pressed)

    def scroll(self, steps):
        """The wheel, `steps` notches down (up when negative)."""
        self._notify("NotifyPointerAxisDiscrete", "(ui)", 0, int(steps))


_shell = None


def shell():
    global _shell
    if _shell is None:
        _shell = Shell()
    return _shell


def forget_shell():
    """After the shell was started anew (tests/conftest.py, after a failed
    test): the next call makes a new remote desktop session, whose first
    key warms the keyboard again."""
    global _shell, _warm
    _shell = None
    _warm = False


def _gdk():
    """GDK, for its table of key names (only on Wayland: X11 takes names)."""
    import gi
    gi.require_version("Gdk", "4.0")
    from gi.repository import Gdk
    return Gdk


def keyval(name):
    """The keysym of an xdotool-style key name ("Return", "ctrl", "a", "5",
    "question", "F1")."""
    Gdk = _gdk()
    name = MODIFIERS.get(name.lower(), name)
    value = Gdk.keyval_from_name(name)
    if value in (0, 0xFFFFFF) and len(name) == 1:
        value = Gdk.unicode_to_keyval(ord(name))
    if value in (0, 0xFFFFFF):
        raise ValueError(f"no key is called {name!r}")
    return value


def key(*combos, delay=0.04):
    """Presses each combination in turn ("ctrl+q", "Return", "shift+Tab"),
    modifiers held while the last key goes down and up."""
    if not on_wayland():
        subprocess.run(["xdotool", "key", "--clearmodifiers", "--delay", str(int(delay * 1000)), *combos],
                       check=True, capture_output=True)
        return
    s = shell()
    for combo in combos:
        parts = combo.split("+") if combo != "+" else ["+"]
        syms = [keyval(p) for p in parts]
        # A modifier goes down first, and the key only once the shell
        # says it is held (on a busy machine a fixed 10 ms lost Ctrl).
        for i, sym in enumerate(syms):
            s.keysym(sym, True)
            if i + 1 < len(syms):
                s.wait_held(parts[i])
            else:
                time.sleep(0.01)
        for sym in reversed(syms):
            s.keysym(sym, False)
            time.sleep(0.01)
        time.sleep(delay)


_warm = False


def warm_up_keyboard():
    """A Shift pressed once per session before the first real key: the
    compositor's first event from a new virtual keyboard sends the app its
    keymap, and the key itself does not arrive."""
    global _warm
    if _warm or not on_wayland():
        return
    key("Shift_L")
    time.sleep(0.2)
    _warm = True


def type_text(text, delay=0.03):
    if not on_wayland():
        subprocess.run(["xdotool", "type", "--delay", str(int(delay * 1000)), text], check=True, capture_output=True)
        return
    s = shell()
    Gdk = _gdk()
    for ch in text:
        sym = Gdk.unicode_to_keyval(ord(ch))
        s.keysym(sym, True)
        s.keysym(sym, False)
        time.sleep(delay)


def move(x, y):
    if not on_wayland():
        subprocess.run(["xdotool", "mousemove", "--sync", str(int(x)), str(int(y))], check=True, capture_output=True)
        return
    shell().move(int(x), int(y))


def click(x, y, button=1, repeat=1, delay=0.04):
    """Moves the pointer to (x, y) of the screen and clicks `repeat` times."""
    if not on_wayland():
        subprocess.run(["xdotool", "mousemove", "--sync", str(int(x)), str(int(y)), "click", "--repeat",
                        str(repeat), "--delay", str(int(delay * 1000)), str(button)], check=True, capture_output=True)
        return
    s = shell()
    s.move(int(x), int(y))
    for i in range(repeat):
        s.button(button, True)
        s.button(button, False)
        if i + 1 < repeat:
            time.sleep(delay)


def drag(x, y, to_x, to_y):
    """Presses the first button at (x, y), moves in steps to (to_x, to_y)
    and lets go there, as a person drags a file (GNOME Shell only)."""
    s = shell()
    s.move(int(x), int(y))
    s.button(1, True)
    time.sleep(0.2)
    for i in range(1, 11):
        s.move(int(x + (to_x - x) * i / 10), int(y + (to_y - y) * i / 10))
        time.sleep(0.05)
    time.sleep(0.5)
    s.button(1, False)


def scroll(x, y, steps):
    """The wheel turned `steps` notches down over (x, y)."""
    if not on_wayland():
        subprocess.run(["xdotool", "mousemove", "--sync", str(int(x)), str(int(y)), "click", "--repeat",
                        str(abs(steps)), "5" if steps > 0 else "4"], check=True, capture_output=True)
        return
    s = shell()
    s.move(int(x), int(y))
    s.scroll(steps)


class Window:
    """One toplevel window of an app, found by process id, title or class."""

    def __init__(self, pid=None, title=None, wm_class=None):
        self.pid, self.title, self.wm_class = pid, title, wm_class

    def _x11_id(self):
        if self.title is not None:
            args = ["--name", f"^{self.title}$"]
        elif self.wm_class is not None:
            args = ["--classname", self.wm_class]
        else:
            args = ["--pid", str(self.pid)]
        ids = subprocess.run(["xdotool", "search", "--onlyvisible", *args], capture_output=True,
                             text=True).stdout.split()
        return ids[-1] if ids else None

    def found(self):
        """Is the window on screen?"""
        if not on_wayland():
            return self._x11_id() is not None
        return shell().window(self.pid, self.title, self.wm_class) is not None

    def has_focus(self):
        """Does the window have the keyboard focus? (On X11: is it shown.)"""
        if not on_wayland():
            return self.found()
        w = shell().window(self.pid, self.title, self.wm_class)
        return w is not None and w["focus"]

    def geometry(self):
        """(x, y, width, height) of the window on the screen: its frame,
        without the shadow that GTK draws around it on Wayland."""
        if not on_wayland():
            out = subprocess.run(["xdotool", "getwindowgeometry", self._x11_id()], capture_output=True, text=True,
                                 check=True).stdout
            pos = out.split("Position: ")[1].split()[0].split(",")
            size = out.split("Geometry: ")[1].split()[0].split("x")
            return int(pos[0]), int(pos[1]), int(size[0]), int(size[1])
        w = shell().window(self.pid, self.title, self.wm_class)
        if w is None:
            raise AssertionError(f"no window of {self.pid or self.title or self.wm_class}")
        return w["x"], w["y"], w["width"], w["height"]

    def resize(self, width, height):
        if not on_wayland():
            subprocess.run(["xdotool", "windowsize", self._x11_id(), str(width), str(height)], check=True)
            return
        shell().resize(shell().window(self.pid, self.title, self.wm_class)["id"], width, height)

    def place(self, x, y, width, height):
        """Moves the window's frame to (x, y) of the screen, at that size
        (GNOME Shell only)."""
        shell().place(shell().window(self.pid, self.title, self.wm_class)["id"], x, y, width, height)

    def focus(self):
        if not on_wayland():
            subprocess.run(["xdotool", "windowfocus", "--sync", self._x11_id()], check=True)
            return
        shell().activate(shell().window(self.pid, self.title, self.wm_class)["id"])

    def screenshot(self, path):
        """A PNG of the window alone."""
        if not on_wayland():
            subprocess.run(["import", "-window", self._x11_id(), path], check=True)
            return
        # The frame alone, not the shadow around it (what ScreenshotWindow
        # takes too): a 1000 x 700 window is a 1000 x 700 picture.
        w = shell().window(self.pid, self.title, self.wm_class)
        shell().activate(w["id"])
        time.sleep(0.3)
        shell().screenshot_area(w["x"], w["y"], w["width"], w["height"], path)


# GTK's settings as the GNOME desktop keeps them (GTK reads them there
# through the settings portal).
GTK_SETTINGS = {
    "gtk-font-name": ("org.gnome.desktop.interface", "font-name", str),
    "gtk-enable-animations": ("org.gnome.desktop.interface", "enable-animations", bool),
    "gtk-decoration-layout": ("org.gnome.desktop.wm.preferences", "button-layout", str),
}


def setting(schema, key, value=None):
    """The desktop setting `key` of `schema`, as GVariant text; with
    `value` (GVariant text) it is set first, as a person's Settings would."""
    if value is not None:
        subprocess.run(["gsettings", "set", schema, key, value], check=True)
    return subprocess.run(["gsettings", "get", schema, key], check=True, capture_output=True,
                          text=True).stdout.strip()


def gtk_settings(lines):
    """Sets the desktop settings behind GTK settings ("gtk-font-name=Sans 16"
    lines); returns what to set back afterwards."""
    before = []
    for line in lines.splitlines():
        if "=" not in line:
            continue
        name, value = (part.strip() for part in line.split("=", 1))
        schema, key, kind = GTK_SETTINGS[name]
        text = ("true" if value.lower() in ("1", "true") else "false") if kind is bool else GLib.Variant(
            "s", value).print_(False)
        before.append((schema, key, setting(schema, key)))
        setting(schema, key, text)
        portal_sees(schema, key, text)
    return before


def choose_file(title, path, save=False):
    """Chooses `path` in the file chooser titled `title` as a person does:
    Ctrl+L (or, to save, the name field, which has the focus), the path,
    Enter. The chooser is the app's own, or the portal's (a window of the
    desktop's, outside a sandbox)."""
    chooser = Window(title=title)
    wait_for(chooser.found, timeout=20, message=f"the file chooser “{title}”")
    chooser.focus()
    key("ctrl+a" if save else "ctrl+l")
    time.sleep(0.5)
    type_text(path, delay=0.02)
    time.sleep(0.3)
    key("Return")


def portal_sees(schema, key, text, timeout=5.0):
    """Waits until the settings portal, where GTK reads the desktop's
    settings on Wayland, gives `text` for `key` (it follows dconf a moment
    later: an app started before then gets the old value)."""
    end = time.monotonic() + patient(timeout)
    while time.monotonic() < end:
        out = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.portal.Desktop",
                              "--object-path", "/org/freedesktop/portal/desktop", "--method",
                              "org.freedesktop.portal.Settings.ReadOne", schema, key],
                             capture_output=True, text=True).stdout
        if text in out:
            return
        time.sleep(0.05)


def screen_pixels(x, y, w, h):
    """The screen's pixels (r, g, b) in a rectangle of screen coordinates."""
    if not on_wayland():
        raw = subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h}+{x}+{y}", "-depth", "8", "rgb:-"],
                             capture_output=True, check=True).stdout
    else:
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "area.png")
            shell().screenshot_area(int(x), int(y), int(w), int(h), path)
            raw = subprocess.run(["convert", path, "-alpha", "off", "-depth", "8", "rgb:-"], capture_output=True,
                                 check=True).stdout
    return [tuple(raw[i:i + 3]) for i in range(0, len(raw) - 2, 3)]
