"""What the tests of the installed Flatpak share: a home of their own for
each test (the sandbox keeps the app's files in ~/.var/app), the app
started with `flatpak run` and found on the accessibility bus, and the
Flatpak's running instances."""

import os
import shutil
import subprocess
import tempfile
import unittest

from gi.repository import GLib

from dbus_client import APP_NAME, NAME, Remote
from harness import App, wait_for

APP_ID = "io.github.match5.Match5"
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# Screenshots and the build's log, for a person to look at after a run.
OUT = os.path.join(ROOT, "target", "flatpak")


def instances():
    """The Flatpak's running instances of Match5 (flatpak ps)."""
    out = subprocess.run(["flatpak", "ps", "--columns=application"], capture_output=True, text=True).stdout
    return [line for line in out.split() if line == APP_ID]


def quit_app():
    """The app's quit action, as Ctrl+Q or the desktop would."""
    try:
        Remote().activate_action("quit")
    except GLib.Error:
        pass  # it quit before it answered


def var_app(home):
    return os.path.join(home, ".var", "app", APP_ID)


def host_env(home):
    """A person's environment with `home` as their home: the XDG folders
    are the usual ones in it (the sandbox maps its own into ~/.var/app)."""
    return {"HOME": home, "XDG_CONFIG_HOME": os.path.join(home, ".config"),
            "XDG_DATA_HOME": os.path.join(home, ".local", "share"),
            "XDG_CACHE_HOME": os.path.join(home, ".cache"), "LANG": "C.UTF-8", "LANGUAGE": "en"}


class Sandboxed(App):
    """The installed Flatpak, started with `flatpak run` (extra arguments
    go to it), or found when it was started another way (`started=True`)."""

    def __init__(self, home, args=(), settings=None, started=False, options=()):
        self.person_home = home
        env = host_env(home)
        if started:
            # Found, not started: its process is the sandbox's (never ended
            # by pid here; close() quits it as a person would).
            super().__init__(home=var_app(home), settings=settings, env=env, pid=os.getpid(),
                             match=is_match5)
        else:
            super().__init__(home=var_app(home), settings=settings, env=env,
                             command=["flatpak", "run", *options, APP_ID, *args], match=is_match5)

    def close(self):
        """Quits as the quit action does, then ends what is left."""
        if instances():
            quit_app()
            try:
                wait_for(lambda: not instances(), timeout=15, message="the app to quit")
            except AssertionError:
                subprocess.run(["flatpak", "kill", APP_ID], capture_output=True)
        self.log.close()


def is_match5(accessible):
    """Match5 on the accessibility bus, known by its name: its process id
    there is the sandbox's own."""
    return (accessible.name or "").lower() == "match5"


class SandboxTest(unittest.TestCase):
    """A test with a home of its own; no instance of the app outlives it."""

    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="match5-flatpak-")
        self.remote = Remote()
        # What D-Bus activation starts gets this home too.
        self.remote.activation_environment(host_env(self.home))
        self.apps = []
        os.makedirs(OUT, exist_ok=True)

    def tearDown(self):
        for app in self.apps:
            app.close()
        if instances():
            subprocess.run(["flatpak", "kill", APP_ID], capture_output=True)
            wait_for(lambda: not instances(), timeout=15, message="no instance left")
        wait_for(lambda: not self.remote.has_owner(NAME), timeout=15, message="the names released")
        shutil.rmtree(self.home, ignore_errors=True)

    def start(self, *args, **kw):
        app = Sandboxed(self.home, args, **kw)
        self.apps.append(app)
        return app

    def written_outside_var_app(self):
        """Files the run left in the home outside ~/.var/app."""
        found = []
        for d, _, files in os.walk(self.home):
            for f in files:
                path = os.path.relpath(os.path.join(d, f), self.home)
                if not path.startswith(os.path.join(".var", "app", APP_ID) + os.sep):
                    found.append(path)
        return found


def sandboxed_pid():
    """The host's process id of the sandboxed Match5 (flatpak ps names the
    sandbox's bubblewrap; Match5 runs below it)."""
    out = subprocess.run(["flatpak", "ps", "--columns=child-pid,application"], capture_output=True,
                         text=True).stdout
    tops = {int(line.split()[0]) for line in out.splitlines() if line.split()[1:] == [APP_ID]}

    def below_a_top(pid):
        while pid > 1:
            if pid in tops:
                return True
            try:
                with open(f"/proc/{pid}/stat") as f:
                    pid = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                return False
        return False

    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/comm") as f:
                if f.read().strip() == "match5" and below_a_top(int(entry)):
                    return int(entry)
        except (OSError, ValueError):
            continue
    raise AssertionError("no sandboxed match5 process")
