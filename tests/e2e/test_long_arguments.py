"""A megabyte argument in a D-Bus call gets a short error: every error
quotes what it was given through the app's one quoting helper (at most 40
characters of a word, the last 120 of a path), and the call changes
nothing."""

import unittest
import xml.etree.ElementTree as ET

from gi.repository import Gio, GLib

from dbus_client import NAME, Remote
from harness import App, wait_for

OBJECTS = [("/io/github/match5/Match5", "io.github.match5.Match5.Control1"),
           ("/io/github/match5/Match5/LeapFrog", "io.github.match5.Match5.LeapFrog1"),
           ("/io/github/match5/Match5/Tiles", "io.github.match5.Match5.Tiles1"),
           ("/io/github/match5/Match5/TicTacToe", "io.github.match5.Match5.TicTacToe1")]
PLAIN = {"u": 1, "b": False, "i": 0, "s": "x", "a{sv}": {}}

ERR = "io.github.match5.Match5.Error."
HUGE = "x" * (1024 * 1024)


class LongArguments(unittest.TestCase):
    def setUp(self):
        self.app = App()
        self.five = Remote()
        self.tiles = Remote("/io/github/match5/Match5/Tiles", "io.github.match5.Match5.Tiles1")
        wait_for(lambda: self.five.has_owner(NAME), message="the control name on the bus")

    def tearDown(self):
        self.app.close()

    def test_errors_quote_a_megabyte_argument_in_a_few_words(self):
        board, player = self.five.prop("Board"), self.five.prop("Player")
        cases = [
            (self.five, ("StartGame", "sa{sv}", HUGE, {}), "UnknownMode"),
            (self.five, ("LoadKnowledge", "ss", "/tmp/" + HUGE, ""), "FileNotFound"),
            (self.five, ("LoadKnowledge", "ss", "/tmp/" + HUGE + "/Anna.fivo", ""), "FileNotFound"),
            (self.tiles, ("OpenFile", "s", "/tmp/" + HUGE), "CannotRead"),
        ]
        for remote, call, error in cases:
            name, message = remote.error_of(*call)
            self.assertEqual(name, ERR + error, message[:200])
            self.assertLess(len(message), 400, f"{call[0]}: {message[:200]}…")
            self.assertIn("…", message, f"{call[0]} says the quote was cut: {message}")
        self.assertEqual((self.five.prop("Board"), self.five.prop("Player")), (board, player), "nothing changed")

    def test_every_string_of_every_method_can_be_a_megabyte(self):
        """Each string argument of each method of the four objects, and each
        option's name and value, given a megabyte while every other
        argument is one the method takes, so that the megabyte is what the
        method reads and checks: the call answers (a timeout fails), and an
        error says it in a few hundred characters."""
        import os
        import tempfile
        folder = tempfile.mkdtemp(prefix="match5-long-")
        locked = os.path.join(folder, "Locked.fivo")
        with open(locked, "w") as f:
            f.write('format = "match5-knowledge"\nversion = 1\nplayer = "Locked"\n'
                    'password = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$'
                    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"\n')
        game = os.path.join(folder, "spel.txt")
        with open(game, "w") as f:
            f.write("ggggbbbbg\n2 4\n1 4\n0 0\n0 0\n0\n")
        # Arguments each method takes, per interface: the megabyte goes in
        # place of one of them.
        valid = {
            ("Control1", "LoadKnowledge"): [locked, ""],
            ("Control1", "LoadKnowledge2"): [locked, "", {"discard-unsaved": GLib.Variant("b", True)}],
            ("Control1", "StartGame"): ["vs-computer", {"discard-unsaved": GLib.Variant("b", True)}],
            ("Control1", "Train"): ["greedy", 1, "alternate", True],
            ("Tiles1", "OpenFile"): [game],
            ("Tiles1", "SetPlayers"): ["person", "person"],
            ("Tiles1", "Play"): [1, "yellow"],
            ("TicTacToe1", "Train"): [1, "random"],
        }
        tried = 0
        for path, iface in OBJECTS:
            remote = Remote(path, iface)
            root = ET.fromstring(remote.introspect_xml())
            node = next(i for i in root.iter("interface") if i.get("name") == iface)
            for method in node.iter("method"):
                types = [a.get("type") for a in method.iter("arg") if a.get("direction") == "in"]
                if not any(t in ("s", "a{sv}") for t in types):
                    continue
                key = (iface.rsplit(".", 1)[1], method.get("name"))
                self.assertIn(key, valid, f"{key}: give the arguments it takes, to reach its strings")
                variants = []
                for i, t in enumerate(types):
                    if t == "s":
                        for huge in (HUGE, "/tmp/" + HUGE):
                            variants.append([huge if j == i else v for j, v in enumerate(valid[key])])
                    elif t == "a{sv}":
                        for option in ({HUGE: GLib.Variant("b", True)}, {"player": GLib.Variant("s", HUGE)},
                                       {"start-from": GLib.Variant("s", HUGE)},
                                       {"discard-unsaved": GLib.Variant("s", HUGE)}):
                            variants.append([option if j == i else v for j, v in enumerate(valid[key])])
                for args in variants:
                    try:
                        remote.call(method.get("name"), "".join(types), *args, timeout=20000)
                    except GLib.Error as e:
                        name = Gio.DBusError.get_remote_error(e)
                        self.assertIsNotNone(name, f"{key} answered, not {e.message[:200]}")
                        self.assertLess(len(e.message), 400, f"{key}: {e.message[:300]}…")
                    # A practice started by a valid Train is stopped again.
                    if key == ("Control1", "Train"):
                        try:
                            remote.call("StopTraining")
                        except GLib.Error:
                            pass
                        wait_for(lambda: not remote.prop("Training"), message="the practice to stop")
                    tried += 1
        self.assertGreater(tried, 20)
        self.assertIsNone(self.app.proc.poll(), "the app still runs")


if __name__ == "__main__":
    unittest.main()
