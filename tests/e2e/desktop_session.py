"""A desktop session of its own, as GNOME 50 and 51 users run the app: a
headless GNOME Shell on Wayland with a virtual monitor and no Xwayland, its
own system and session buses and accessibility bus, and GTK's default
renderer (Vulkan on Mesa's lavapipe).

Two ways in, one implementation:
- `tests/e2e/session [--size WxH] COMMAND ...` runs a command in a new
  session and ends the session with it (the Flatpak tests, the benchmarks);
- the end-to-end tests' conftest starts one session in each pytest-xdist
  worker, for every file that worker runs, and starts the shell anew after
  a failed test (`restart_shell`), so that what one test left on the
  desktop never meets the next.

Sessions run side by side: each has its own runtime folder, buses and
Wayland socket. The shell's log goes to $MATCH5_SHELL_LOG when set.
$MATCH5_SESSION_RUNTIME_DIR names the runtime folder where it must be the
real one (the Flatpak's document portal resolves only /run/user/UID); it is
kept, what the session made in it goes."""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
EXTENSION = "match5-tests@match5.github.io"
WAYLAND_DISPLAY = "wayland-match5"

# A system bus of the session's own: the shell asks logind, accounts and
# others there; that none answers is fine, that none listens is not. It
# starts no services (the system's would need dbus's setuid helper, and
# `flatpak run` stops at the error that gives): a name nobody owns is
# answered as such at once.
SYSTEM_CONF = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path={path}</listen>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
  </policy>
</busconfig>
"""

# The desktop's settings, in a dconf database of the session's own (the
# shell reads them, and apps through the settings portal, as on a person's
# desktop): the tests' extension on, no hot corner (the pointer passes the
# top left corner on every move), no welcome tour, no notification banners
# over the windows (the shell's own "privileged user" one: the tests run as
# root), and no animations (a dialog takes clicks once it is shown, not
# after it has grown in). A test changes them as a person would, with
# tests/e2e/desktop.py's `setting`.
DESKTOP_SETTINGS = [
    ("org.gnome.shell", "enabled-extensions", f'["{EXTENSION}"]'),
    ("org.gnome.shell", "welcome-dialog-last-shown-version", "999"),
    ("org.gnome.desktop.interface", "enable-hot-corners", "false"),
    ("org.gnome.desktop.interface", "enable-animations", "false"),
    ("org.gnome.desktop.notifications", "show-banners", "false"),
    ("org.gnome.desktop.a11y", "always-show-universal-access-status", "false"),
]


def _wait(condition, seconds, step=0.1):
    """Polls `condition` for `seconds`; whether it held."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(step)
    return condition()


def _gdbus(*args):
    return subprocess.run(["gdbus", "call", *args], capture_output=True, text=True, stdin=subprocess.DEVNULL)


class Session:
    """One session: start() sets this process's environment to it (so that
    Gio, pyatspi and every child find its buses and display), stop() ends
    everything it started."""

    def __init__(self, size="1280x860"):
        self.size = size
        self.procs = {}
        keep = os.environ.get("MATCH5_SESSION_RUNTIME_DIR")
        if keep:
            self.run = keep
            os.makedirs(self.run, exist_ok=True)
        else:
            self.run = tempfile.mkdtemp(prefix="match5-session.", dir=os.environ.get("TMPDIR", "/tmp"))
        self.keep = bool(keep)
        os.chmod(self.run, 0o700)
        self.shell_home = os.path.join(self.run, "shell")

    def _start(self, name, argv, **kw):
        # Every process of the session reads nothing and writes nothing to
        # the caller's standard output: under pytest-xdist that is the
        # worker's channel to the controller.
        kw.setdefault("stdout", subprocess.DEVNULL)
        kw.setdefault("stderr", subprocess.DEVNULL)
        self.procs[name] = subprocess.Popen(argv, stdin=subprocess.DEVNULL, **kw)
        return self.procs[name]

    def start(self):
        env = os.environ
        system_bus = os.path.join(self.run, "system_bus")
        conf = os.path.join(self.run, "system.conf")
        with open(conf, "w") as f:
            f.write(SYSTEM_CONF.format(path=system_bus))
        self._start("system bus", ["dbus-daemon", f"--config-file={conf}", "--nopidfile", "--nofork"])
        env["DBUS_SYSTEM_BUS_ADDRESS"] = f"unix:path={system_bus}"
        _wait(lambda: os.path.exists(system_bus), 5)

        env["XDG_RUNTIME_DIR"] = self.run
        env.update(XDG_SESSION_TYPE="wayland", XDG_CURRENT_DESKTOP="GNOME", XDG_SESSION_DESKTOP="gnome")
        env.pop("DISPLAY", None)
        extensions = os.path.join(self.shell_home, "data", "gnome-shell", "extensions")
        os.makedirs(os.path.join(self.shell_home, "config"), exist_ok=True)
        os.makedirs(extensions, exist_ok=True)
        shutil.copytree(os.path.join(HERE, "shell-extension"), os.path.join(extensions, EXTENSION),
                        dirs_exist_ok=True)
        env["XDG_CONFIG_HOME"] = os.path.join(self.shell_home, "config")
        env["XDG_DATA_HOME"] = os.path.join(self.shell_home, "data")
        env.pop("GSETTINGS_BACKEND", None)
        env["MATCH5_SESSION_SIZE"] = self.size
        env["MATCH5_SHELL_HOME"] = self.shell_home

        # The session bus, as dbus-run-session starts it: its address read
        # from the daemon itself.
        read, write = os.pipe()
        self._start("session bus", ["dbus-daemon", "--session", "--nofork", "--nopidfile",
                                    f"--print-address={write}"], pass_fds=(write,),
                    stderr=None if os.environ.get("MATCH5_SESSION_VERBOSE") else subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as f:
            address = f.readline().strip()
        if not address:
            self.stop()
            raise RuntimeError("tests/e2e/session: the session bus did not start")
        env["DBUS_SESSION_BUS_ADDRESS"] = address

        self._start("accessibility bus", ["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"])
        for schema, key, value in DESKTOP_SETTINGS:
            subprocess.run(["gsettings", "set", schema, key, value], check=True, stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL)
        self.start_shell()
        # Until the accessibility registry answers: an app started before
        # it never shows in the tree.
        _wait(self._registry_answers, 10)
        env["WAYLAND_DISPLAY"] = WAYLAND_DISPLAY
        return self

    def start_shell(self):
        """The shell, up once the extension has opened Eval and the overview is gone."""
        log = os.environ.get("MATCH5_SHELL_LOG")
        out = open(log, "a") if log else subprocess.DEVNULL
        env = dict(os.environ)
        env.pop("WAYLAND_DISPLAY", None)
        shell = self._start("shell", ["gnome-shell", "--headless", "--wayland", "--no-x11", "--virtual-monitor",
                                      self.size, "--wayland-display", WAYLAND_DISPLAY],
                            stdout=out, stderr=out, env=env)
        if log:
            out.close()

        def up():
            if shell.poll() is not None:
                return True
            said = _gdbus("--session", "--dest", "org.gnome.Shell", "--object-path", "/org/gnome/Shell",
                          "--method", "org.gnome.Shell.Eval",
                          "String(!Main.layoutManager._startingUp && !Main.overview.visible)").stdout
            return "(true, '\"true\"')" in said

        if not _wait(up, 30) or shell.poll() is not None:
            self.stop()
            raise RuntimeError("tests/e2e/session: GNOME Shell did not come up")

    def stop_shell(self):
        """The shell ends on SIGTERM; one that does not within 10 s is
        killed, so that a session never outlives its command."""
        shell = self.procs.pop("shell", None)
        if shell is None or shell.poll() is not None:
            return
        shell.terminate()
        try:
            shell.wait(timeout=10)
        except subprocess.TimeoutExpired:
            shell.kill()
            shell.wait()

    def restart_shell(self):
        """A fresh shell in the same session: no window, grab or focus that
        a failed test left behind. The buses stay, so the test process's
        connections to them do too."""
        self.stop_shell()
        # The shell's socket goes with it; the new one takes the same name.
        for name in os.listdir(self.run):
            if name.startswith(WAYLAND_DISPLAY):
                try:
                    os.unlink(os.path.join(self.run, name))
                except OSError:
                    pass
        self.start_shell()

    def _registry_answers(self):
        said = _gdbus("--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                      "--method", "org.a11y.Bus.GetAddress").stdout.strip()
        if not said.startswith("('") or not said.endswith("',)"):
            return False
        return _gdbus("--address", said[2:-3], "--dest", "org.a11y.atspi.Registry", "--object-path",
                      "/org/a11y/atspi/accessible/root", "--method",
                      "org.freedesktop.DBus.Peer.Ping").returncode == 0

    def stop(self):
        self.stop_shell()
        # What the session bus started (portals, dconf, the accessibility
        # registry) ends with it, as with dbus-run-session.
        for name in ("accessibility bus", "session bus", "system bus"):
            p = self.procs.pop(name, None)
            if p is not None and p.poll() is None:
                p.terminate()
                try:
                    p.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    p.kill()
        # The document portal's file system, if the session's portal left it.
        subprocess.run(["fusermount3", "-u", "-z", os.path.join(self.run, "doc")], capture_output=True)
        if not self.keep:
            shutil.rmtree(self.run, ignore_errors=True)
            return
        # The real runtime folder stays; what the session made in it goes.
        for name in os.listdir(self.run):
            if name in ("shell", "system_bus", "system.conf") or name.startswith(WAYLAND_DISPLAY):
                path = os.path.join(self.run, name)
                if os.path.isdir(path) and not os.path.islink(path):
                    shutil.rmtree(path, ignore_errors=True)
                else:
                    try:
                        os.unlink(path)
                    except OSError:
                        pass


def main(argv):
    size = "1280x860"
    if argv[:1] == ["--size"]:
        size, argv = argv[1], argv[2:]
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    session = Session(size)
    try:
        session.start()
    except RuntimeError as e:
        print(e, file=sys.stderr)
        return 1
    # A signal ends the command, then the session.
    child = subprocess.Popen(argv)
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda s, _: child.send_signal(s))
    try:
        status = child.wait()
    finally:
        session.stop()
    return status if status >= 0 else 128 - status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
