"""The installed app as the desktop starts it: D-Bus activation through
the installed service files, the desktop file's actions, and .fivo files
in the file manager. Uses the meson install in $MATCH5_PREFIX
(tests/e2e/run makes it), whose share/ is in XDG_DATA_DIRS."""

import os
import subprocess
import tempfile
import time
import unittest

from gi.repository import GLib

from dbus_client import APP_NAME, NAME, Remote
import kept_settings
from harness import App, wait_for
from pieces import read, write

PREFIX = os.environ["MATCH5_PREFIX"]


class Activation(unittest.TestCase):
    """Calls that start the app: D-Bus activation through the installed service files."""

    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="match5-act-")
        self.remote = Remote()
        env = {
            "XDG_CONFIG_HOME": os.path.join(self.home, "config"),
            "XDG_DATA_HOME": os.path.join(self.home, "data"),
            "LANG": "C.UTF-8", "LANGUAGE": "en", "GSK_RENDERER": "cairo",
            **kept_settings.BACKEND,
        }
        os.makedirs(os.path.join(env["XDG_CONFIG_HOME"], "match5"))
        write(os.path.join(env["XDG_CONFIG_HOME"], "match5", "settings.toml"), 'last_player = "Activated"\n')
        self.remote.activation_environment(env)
        self.apps = []

    def tearDown(self):
        for a in self.apps:
            a.close()
        for name in (NAME, APP_NAME):
            try:
                os.kill(self.remote.pid_of(name), 15)
            except Exception:
                pass
        wait_for(lambda: not self.remote.has_owner(APP_NAME), message="the app to quit")

    def test_calling_the_control_interface_starts_the_app(self):
        self.assertFalse(self.remote.has_owner(NAME))
        self.remote.call("StartGame", "sa{sv}", "two-players", {})
        self.assertEqual(self.remote.prop("Mode"), "two-players")
        pid = self.remote.pid_of(NAME)
        app = App(home=self.home, pid=pid)
        self.apps.append(app)
        self.assertIn("Activated · level 0", app.title())
        self.assertEqual(app.status(), "Blue to move")
        exe = os.readlink(f"/proc/{pid}/exe")
        self.assertTrue(exe.startswith(PREFIX), exe)

    def test_the_quit_action_ends_an_app_a_script_started_without_a_window(self):
        """A call that wants no page starts the app without showing its
        window; the quit action (Ctrl+Q, the desktop's Quit) still ends it."""
        self.remote.introspect_xml()
        pid = self.remote.pid_of(NAME)
        self.assertTrue(os.path.exists(f"/proc/{pid}"))
        self.remote.activate_action("quit")
        wait_for(lambda: not self.remote.has_owner(NAME), timeout=15, message="the app to quit")
        wait_for(lambda: not os.path.exists(f"/proc/{pid}") or " Z " in open(f"/proc/{pid}/stat").read(),
                 message="the process to end")

    def test_desktop_actions_reach_the_app_actions(self):
        self.remote.activate_action("new-game-two-players")
        wait_for(lambda: self.remote.has_owner(NAME), message="the control name")
        wait_for(lambda: self.remote.prop("Mode") == "two-players", message="two-player mode")
        self.remote.activate_action("new-game-vs-computer")
        wait_for(lambda: self.remote.prop("Mode") == "vs-computer", message="vs-computer mode")

    def test_every_page_comes_forward_from_its_desktop_action_and_from_show_game(self):
        desktop = read(os.path.join(PREFIX, "share", "applications", "io.github.match5.Match5.desktop"))
        actions = next(l for l in desktop.splitlines() if l.startswith("Actions=")).split("=")[1].split(";")
        surfaces = {"leapfrog": ("image", "Fields"), "tiles": ("image", "Bowls and boards"),
                    "tictactoe": ("image", "Tic-tac-toe board")}
        # The desktop file's actions, translated.
        for page in surfaces:
            self.assertIn(f"show-{page}", actions)
        self.assertIn("[Desktop Action show-leapfrog]\nName[nl]=Haasje-over\nName=Leap-Frog\n", desktop)
        app = None
        for page, (role, name) in surfaces.items():
            self.remote.activate_action(f"show-{page}")
            if app is None:
                wait_for(lambda: self.remote.has_owner(NAME), message="the app")
                app = App(home=self.home, pid=self.remote.pid_of(NAME))
                self.apps.append(app)
            wait_for(lambda: app.find_showing(role, name), message=f"the {page} page in front")
        # A script names the page: show-game.
        self.remote.activate_action("show-game", GLib.Variant("s", "five"))
        wait_for(lambda: app.find_showing("table", "Board"), message="five in a row in front")
        self.remote.activate_action("show-game", GLib.Variant("s", "tiles"))
        wait_for(lambda: app.find_showing("image", "Bowls and boards"), message="tiles in front")
        # A name of no game changes nothing.
        self.remote.activate_action("show-game", GLib.Variant("s", "chess"))
        time.sleep(0.5)
        self.assertTrue(app.find_showing("image", "Bowls and boards"), "still the tiles")
        self.assertIsNone(app.proc.poll(), "the app runs on")


KNOWLEDGE = 'format = "match5-knowledge"\nversion = 1\nplayer = "{player}"\n[[pattern]]\nlevel = 1\nrows = ["BBBBX"]\n'


class FileManager(unittest.TestCase):
    """.fivo files as a file manager sees them."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="match5-files-")
        self.env = dict(os.environ, HOME=self.dir, XDG_DATA_HOME=os.path.join(self.dir, "data"),
                        XDG_CONFIG_HOME=os.path.join(self.dir, "config"), XDG_CURRENT_DESKTOP="GNOME")

    def run_tool(self, *args):
        return subprocess.run(args, check=True, capture_output=True, text=True, env=self.env).stdout.strip()

    def test_the_type_by_name_and_by_content(self):
        named = os.path.join(self.dir, "Anna.fivo")
        renamed = os.path.join(self.dir, "Anna-backup")
        write(named, KNOWLEDGE.format(player="Anna"))
        write(renamed, "# Match5 knowledge\n" + KNOWLEDGE.format(player="Anna"))
        self.assertEqual(self.run_tool("xdg-mime", "query", "filetype", named), "application/x-match5-knowledge")
        self.assertEqual(self.run_tool("xdg-mime", "query", "filetype", renamed), "application/x-match5-knowledge")
        info = self.run_tool("gio", "info", "-a", "standard::content-type,standard::description", named)
        self.assertIn("application/x-match5-knowledge", info)
        other = os.path.join(self.dir, "notes")
        write(other, "just some notes\n")
        self.assertNotEqual(self.run_tool("xdg-mime", "query", "filetype", other), "application/x-match5-knowledge")

    def test_match5_is_the_default_application(self):
        self.assertEqual(self.run_tool("xdg-mime", "query", "default", "application/x-match5-knowledge"),
                         "io.github.match5.Match5.desktop")

    def test_gio_open_starts_the_game_with_that_knowledge_and_refuses_a_broken_file(self):
        remote = Remote()
        path = os.path.join(self.dir, "Opened.fivo")
        write(path, KNOWLEDGE.format(player="Opened"))
        env = {"XDG_CONFIG_HOME": self.env["XDG_CONFIG_HOME"], "XDG_DATA_HOME": self.env["XDG_DATA_HOME"],
               "LANG": "C.UTF-8", "LANGUAGE": "en", "GSK_RENDERER": "cairo"}
        remote.activation_environment(env)
        subprocess.run(["gio", "open", path], check=True, env=self.env)
        wait_for(lambda: remote.has_owner(NAME), timeout=30, message="the app started by gio open")
        wait_for(lambda: remote.prop("Player") == "Opened", message="the opened knowledge")
        self.assertEqual(remote.prop("Level"), 1)
        app = App(home=self.dir, pid=remote.pid_of(APP_NAME))
        try:
            self.assertIn("Opened · level 1 · owner", app.title())
            # A broken file, opened on the running game: an error in the window, nothing changed.
            broken = os.path.join(self.dir, "Broken.fivo")
            write(broken, "this is not knowledge\n")
            subprocess.run([os.path.join(PREFIX, "bin", "match5"), broken], check=True, env=self.env, timeout=30)
            wait_for(lambda: app.find("label", "Could Not Open the Knowledge"), message="the error dialog")
            self.assertIn("Opened · level 1 · owner", app.title())
            self.assertEqual(remote.prop("Player"), "Opened")
        finally:
            app.close()
            wait_for(lambda: not remote.has_owner(APP_NAME), message="the app to quit")


if __name__ == "__main__":
    unittest.main()
