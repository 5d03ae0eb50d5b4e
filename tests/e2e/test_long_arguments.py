"""A megabyte argument in a D-Bus call gets a short error: every error
quotes what it was given through the app's one quoting helper (at most 40
characters of a word, the last 120 of a path), and the call changes
nothing."""

import unittest

from dbus_client import NAME, Remote
from harness import App, wait_for

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


if __name__ == "__main__":
    unittest.main()
