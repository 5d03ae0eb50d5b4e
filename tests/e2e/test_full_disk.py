"""A full disk loses nothing a person made: a tic-tac-toe training whose
knowledge cannot be written when it ends is kept by the computer, said so,
and written at the next game's save, while the file on disk stays whole
meanwhile. (Quitting tries once more: see the store's save_if_behind
tests; the app's own disk goes with it, so no test here can read it.)
Five in a row's SaveKnowledge and tic-tac-toe's Forget on a full disk are
in test_dbus_errors.py."""

import os
import re
import unittest

from dbus_client import NAME, Remote
from flood import TICTACTOE
from harness import App, wait_for
from scripted import names


def games_in(path):
    with open(path) as f:
        return int(re.search(r"^games = (\d+)", f.read(), re.M).group(1))


class AFullDiskLosesNothing(unittest.TestCase):
    def setUp(self):
        self.app = App(settings={"last_page": "tictactoe"}, data_disk=8 << 20)
        self.r = Remote(*TICTACTOE)
        wait_for(lambda: self.r.has_owner(NAME), message="the control name on the bus")
        self.path = self.app.inside(os.path.join(self.app.data, "match5", "tic-tac-toe.toml"))

    def tearDown(self):
        self.app.close()

    def finish_a_game(self):
        r = self.r
        r.call("NewGame")
        while r.prop("State") not in ("you-won", "computer-won", "drawn"):
            r.call("Play", "u", r.prop("Board").index(".") + 1)

    def train_on_a_full_disk(self):
        """A game (saved), then a long training stopped while the disk is
        full: what it played is the computer's, and the file is as before."""
        r = self.r
        self.finish_a_game()
        with open(self.path) as f:
            before = f.read()
        r.call("Train", "us", 1000000, "random")
        wait_for(lambda: (r.pump(0.05), len(names(r, "TrainingProgress")) >= 2)[1], timeout=30,
                 message="the training under way")
        with self.app.full_disk():
            r.call("StopTraining")
            wait_for(lambda: (r.pump(0.05), names(r, "TrainingFinished") or names(r, "TrainingFailed"))[1],
                     timeout=60, message="the end of the training")
            self.assertEqual(names(r, "TrainingFailed"), [], "it learned; only the saving failed")
            played = names(r, "TrainingFinished")[0][0]
            self.assertGreater(played, 0)
            self.assertEqual(r.prop("Games"), 1 + played, "the computer keeps what it played")
            with open(self.path) as f:
                self.assertEqual(f.read(), before, "the file is whole and as before")
            wait_for(lambda: self.app.find("label", lambda n: "It is not saved yet" in n and "disk is full" in n),
                     message="the words that say it is not saved")
        return played

    def test_a_training_on_a_full_disk_is_saved_after_the_next_game(self):
        played = self.train_on_a_full_disk()
        self.finish_a_game()
        self.assertEqual(games_in(self.path), 2 + played)


if __name__ == "__main__":
    unittest.main()
