"""The settings.toml of older versions is carried over into GSettings as
written: a file as large as the Engines dialog allows is read whole and kept
beside, and a damaged one is moved aside, with a message that says where it
went, and never written over."""

import glob
import os
import subprocess
import tempfile
import time
import unittest

import kept_settings
from dbus_client import NAME, Remote
from harness import ENGINE, App, wait_for


def signals(remote, name):
    return [args for n, args in remote.signals if n == name]


class SettingsFile(unittest.TestCase):
    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="match5-e2e-")
        self.path = os.path.join(self.home, "config", "match5", "settings.toml")
        os.makedirs(os.path.dirname(self.path))
        self.app = None

    def tearDown(self):
        if self.app:
            self.app.close()

    def test_a_file_of_twenty_long_engine_commands_is_read_and_kept(self):
        # 20 engines whose commands are 3,500 bytes each: 70 KB, more than
        # the 64 KiB the loader used to read.
        engines = "".join(f'[[five.engines]]\nname = "E{i}"\ncommand = "python3 {ENGINE} good # {"x" * 3500}"\n\n'
                          for i in range(20))
        text = ('last_player = "Tester"\nwindow_width = 900\nwindow_height = 680\nlast_page = "five"\n\n'
                f"[five]\n\n{engines}")
        self.assertGreater(len(text), 70000)
        with open(self.path, "w") as f:
            f.write(text)
        self.app = App(home=self.home)
        r = Remote()
        wait_for(lambda: r.has_owner(NAME), message="the control name on the bus")
        r.call("Train", "susb", "engine:E19", 2, "alternate", True)
        end = wait_for(lambda: (r.pump(0.1) or signals(r, "TrainingFinished") or signals(r, "TrainingFailed")),
                       timeout=90, message="the end of the practice")
        self.assertTrue(signals(r, "TrainingFinished"), end)
        self.app.quit()
        self.app.wait_closed()
        engines = self.app.settings_kept()["five"]["engines"]
        self.assertEqual([e["name"] for e in engines], [f"E{i}" for i in range(20)],
                         "no engine was dropped at the carry-over or the save")
        self.assertTrue(all(len(e["command"]) > 3500 for e in engines), "no command was cut")
        with open(self.path + ".carried-over") as f:
            self.assertEqual(f.read(), text, "the older file is kept beside, whole")
        self.assertFalse(os.path.exists(self.path), "and not carried over again")
        self.assertEqual(glob.glob(self.path + ".damaged-*"), [])

    def test_a_person_reads_and_sets_the_settings_with_gsettings(self):
        """`gsettings list-recursively io.github.match5.Match5` shows what the
        app keeps, each page's keys in its own schema, and what a person sets
        with `gsettings set` is what the next start has."""
        self.app = App(home=self.home, settings={"last_page": "five"})
        self.app.key("ctrl+2")
        wait_for(lambda: "3 frogs of each kind" in self.app.title(), message="the leap-frog page")
        self.app.quit()
        self.app.wait_closed()
        listing = kept_settings.listing(self.app.config)
        for line in ("io.github.match5.Match5 last-page 'leapfrog'",
                     "io.github.match5.Match5.five last-player 'Tester'",
                     "io.github.match5.Match5.five.practice games uint64 200",
                     "io.github.match5.Match5.leapfrog frogs uint32 3"):
            self.assertIn(line, listing.splitlines())
        env = dict(os.environ, XDG_CONFIG_HOME=self.app.config, **kept_settings.BACKEND)
        for schema, key, value in (("io.github.match5.Match5.leapfrog", "frogs", "5"),
                                   ("io.github.match5.Match5", "last-page", "leapfrog")):
            subprocess.run(["gsettings", "set", schema, key, value], env=env, check=True, timeout=30)
        self.app = App(home=self.home)
        wait_for(lambda: "5 frogs of each kind" in self.app.title(), message="the puzzle gsettings chose")
        # A value the schema refuses never reaches the app.
        refused = subprocess.run(["gsettings", "set", "io.github.match5.Match5.leapfrog", "frogs", "'many'"],
                                 env=env, capture_output=True, text=True, timeout=30)
        self.assertNotEqual(refused.returncode, 0)
        self.assertEqual(self.app.settings_kept()["leapfrog"]["frogs"], 5)
        # Set while the app runs: the app's own changes after it (the page
        # shown, the window's size at the end) leave it as the person set it.
        subprocess.run(["gsettings", "set", "io.github.match5.Match5.five", "show-why", "true"], env=env,
                       check=True, timeout=30)
        self.app.key("ctrl+1")
        wait_for(lambda: " · level " in self.app.title(), message="the five-in-a-row page")
        self.app.quit()
        self.app.wait_closed()
        kept = self.app.settings_kept()
        self.assertEqual((kept["last_page"], kept["five"]["show_why"], kept["leapfrog"]["frogs"]),
                         ("five", True, 5))

    def test_a_damaged_file_is_moved_aside_said_and_never_written_over(self):
        damaged = ('last_player = "Tester"\n[five]\n\n[[five.engines]]\nname = "Mine"\n'
                   f'command = "python3 {ENGINE} good"\n\nthis line is not toml\n')
        with open(self.path, "w") as f:
            f.write(damaged)
        self.app = App(home=self.home, settings=None)
        aside = wait_for(lambda: glob.glob(self.path + ".damaged-*"), message="the file moved aside")
        self.assertEqual(len(aside), 1)
        said = wait_for(lambda: self.app.find("label", lambda n: "was kept as" in (n or "")),
                        message="the message")
        self.assertIn(aside[0], said.name)
        self.assertIn("line 8", said.name)
        # The app goes on with its defaults and keeps them in GSettings;
        # the damaged file is not touched.
        self.app.quit()
        self.app.wait_closed()
        with open(aside[0]) as f:
            self.assertEqual(f.read(), damaged)
        self.assertEqual(self.app.settings_kept()["five"]["engines"], [], "the defaults")

    def test_messages_about_the_persons_data_stay_until_dismissed(self):
        """Issue 63, point 11: damaged settings, and damaged knowledge, at a
        start are each said in a message that is still there after a
        toast's seconds and goes when dismissed (before, both went after
        5 s, even before a slow machine drew the window)."""
        knowledge = os.path.join(self.home, "data", "match5", "knowledge", "Tester.fivo")
        damaged = {
            self.path: ('last_player = "Tester"\nthis line is not toml\n', "Your settings could not be read"),
            knowledge: ('format = "match5-knowledge"\nversion = 1\nplayer = "Tester"\n[[pattern]]\nlevel = "x"\n',
                        "Tester.fivo is not valid Match5 knowledge"),
        }
        for path, (text, words) in damaged.items():
            with self.subTest(file=os.path.basename(path)):
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w") as f:
                    f.write(text)
                self.app = App(home=self.home, settings=None if path == self.path else {"last_player": "Tester"})
                try:
                    said = wait_for(lambda: self.app.find_showing("label", lambda n: n.startswith(words)),
                                    message="the message on screen").name
                    time.sleep(7)  # longer than any toast that times out
                    self.assertTrue(self.app.find_showing("label", said), f"{said!r} still on screen after 7 s")
                    self.app.click_on(wait_for(lambda: self.app.find_showing("push button", "Dismiss"),
                                               message="the message's Dismiss button"))
                    wait_for(lambda: not self.app.find_showing("label", said), message="the message dismissed")
                finally:
                    self.app.close()
                    self.app = None

    def test_a_file_over_one_mib_is_moved_aside_whole_and_not_cut(self):
        """A settings file over the 1 MiB the loader reads (valid TOML, an
        engine in it) is not read cut and saved back cut (1,052,781 bytes
        came back as 125): it is moved aside whole, and said so."""
        text = ('last_player = "Tester"\nwindow_width = 900\nwindow_height = 680\nlast_page = "five"\n\n'
                f'[five]\n\n[[five.engines]]\nname = "Mine"\ncommand = "python3 {ENGINE} good"\n\n')
        text += "# padding\n" * (1100 * 1024 // 10)
        self.assertGreater(len(text), 1024 * 1024)
        with open(self.path, "w") as f:
            f.write(text)
        self.app = App(home=self.home, settings=None)
        aside = wait_for(lambda: glob.glob(self.path + ".damaged-*"), message="the file moved aside")
        said = wait_for(lambda: self.app.find("label", lambda n: "was kept as" in (n or "")),
                        message="the message")
        self.assertIn("larger than 1024 KiB", said.name)
        self.app.quit()
        self.app.wait_closed()
        with open(aside[0]) as f:
            self.assertEqual(f.read(), text, "kept whole, the engine in it")


if __name__ == "__main__":
    unittest.main()
