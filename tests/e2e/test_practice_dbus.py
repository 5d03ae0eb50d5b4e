"""A script lets five in a row practise over D-Bus: Train plays on
another thread and reports TrainingProgress, then TrainingFinished (or
TrainingFailed when an engine fails); the page shows that the computer
practises, moves wait, StopTraining stops it, and what it learned counts
as the computer's practice (PractisedPatterns), never the player's Level.
Bad calls get named errors. The real app under dbus-run-session."""

import os
import signal
import time
import tempfile
import unittest

from dbus_client import NAME, Remote
from harness import ENGINE, App, wait_for


def signals(remote, name):
    return [args for n, args in remote.signals if n == name]


def changed(remote, prop):
    return [args[1][prop] for n, args in remote.signals if n == "PropertiesChanged" and prop in args[1]]


def children_of(pid):
    """The process ids whose parent is `pid`."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.add(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    return found


class Train(unittest.TestCase):
    def setUp(self):
        # An engine the person added, in the settings the app starts with.
        self.home = tempfile.mkdtemp(prefix="match5-e2e-")
        os.makedirs(os.path.join(self.home, "config", "match5"))
        with open(os.path.join(self.home, "config", "match5", "settings.toml"), "w") as f:
            f.write('last_player = "Tester"\nwindow_width = 900\nwindow_height = 680\nlast_page = "five"\n\n'
                    '[five]\n\n[[five.engines]]\nname = "Fake"\n'
                    f'command = "python3 {ENGINE} good"\n\n'
                    '[[five.engines]]\nname = "Mute"\n'
                    f'command = "python3 {ENGINE} silent"\n\n'
                    '[[five.engines]]\nname = "Ponder"\n'
                    f'command = "python3 {ENGINE} ponder"\n')
        self.app = App(home=self.home)
        self.r = Remote()
        wait_for(lambda: self.r.has_owner(NAME), message="the control name on the bus")

    def tearDown(self):
        self.app.close()

    def finished(self):
        return wait_for(lambda: (self.r.pump(0.1) or signals(self.r, "TrainingFinished")
                                 or signals(self.r, "TrainingFailed")),
                        timeout=90, message="the end of the practice")

    def test_train_reports_progress_and_teaches_the_computer_not_the_level(self):
        self.r.call("Train", "susb", "greedy", 300, "alternate", False)
        end = self.finished()
        self.assertTrue(signals(self.r, "TrainingFinished"), end)
        played, won, lost, drawn, learned = signals(self.r, "TrainingFinished")[0]
        self.assertEqual((played, won + lost + drawn), (300, 300))
        self.assertGreater(learned, 0)
        progress = signals(self.r, "TrainingProgress")
        self.assertTrue(progress, "progress while it played")
        self.assertTrue(all(g == 300 for _, g, _, _ in progress))
        self.assertEqual([p[0] for p in progress], sorted(p[0] for p in progress))
        self.assertIn(True, changed(self.r, "Training"))
        wait_for(lambda: not self.r.prop("Training"), message="Training back to false")
        self.assertEqual(self.r.prop("Level"), 0, "the player taught nothing")
        self.assertGreater(self.r.prop("PractisedPatterns"), 0)
        # The page says how it ended, as tic-tac-toe's does.
        wait_for(lambda: self.app.find("label", f"A script’s practice ended: 300 games: lost {lost}, drew {drawn}, "
                                                f"won {won}, learned {learned} pattern{'s' if learned != 1 else ''}"),
                 message="the page's words on the script's practice")

    def test_saving_says_where_the_patterns_came_from(self):
        """The save's words count every pattern the file holds, not only
        the player's level: here those the player taught and those the
        computer practised."""
        import scripted
        scripted.five_in_a_row(self, player="Tester")
        self.r.call("Train", "susb", "greedy", 300, "alternate", False)
        wait_for(lambda: (self.r.pump(0.1), signals(self.r, "TrainingFinished"))[1], timeout=90,
                 message="the end of the practice")
        practised = self.r.prop("PractisedPatterns")
        self.assertGreater(practised, 0)
        self.app.key("ctrl+s")
        total = 1 + practised
        words = (f"Saved Tester’s knowledge: {total} patterns (1 taught by Tester, "
                 f"{practised} from practice), in Match5’s knowledge folder")
        wait_for(lambda: self.app.find("label", words), message=f"the toast {words!r}")

    def test_a_long_run_holds_the_board_until_stop_training(self):
        # Learning, so that StopTraining is seen to keep what was learned.
        self.r.call("Train", "susb", "greedy", 1000000, "alternate", False)
        wait_for(lambda: self.r.prop("Training"), message="practising")
        wait_for(lambda: (self.r.pump(0.1), any(p[3] >= 2 for p in signals(self.r, "TrainingProgress")))[1],
                 timeout=60, message="patterns learned")
        wait_for(lambda: self.app.find_showing(
            "label", "The computer is practising. The board waits until it ends."),
            message="the page says the computer practises")
        name, words = self.r.error_of("PlayMove", "uu", 4, 4)
        self.assertEqual(name, "io.github.match5.Match5.Error.Practising")
        self.assertIn("Stop the practice first", words)
        self.assertEqual(self.r.error_of("StartGame", "sa{sv}", "vs-computer", {})[0],
                         "io.github.match5.Match5.Error.Practising")
        self.assertEqual(self.r.error_of("SaveKnowledge")[0], "io.github.match5.Match5.Error.Practising")
        self.r.call("StopTraining")
        end = self.finished()
        played = signals(self.r, "TrainingFinished")[0][0]
        self.assertLess(played, 1000000, end)
        learned = signals(self.r, "TrainingFinished")[0][4]
        self.assertGreaterEqual(learned, 2)
        # What it learned is kept, unsaved (less what it unlearned again:
        # a pattern that proved wrong is forgotten, a mutation too).
        kept = self.r.prop("PractisedPatterns")
        self.assertGreater(kept, 0, "what it learned is kept, unsaved")
        self.assertLessEqual(kept, learned)
        self.assertEqual(self.r.error_of("StopTraining")[0], "io.github.match5.Match5.Error.NotTraining")
        self.assertEqual(self.r.call("PlayMove", "uu", 4, 4)[0], "playing")

    def test_an_added_engine_plays_and_a_silent_one_fails_with_its_reason(self):
        self.r.call("Train", "susb", "engine:Fake", 4, "opponent", False)
        self.finished()
        self.assertEqual(signals(self.r, "TrainingFinished")[0][0], 4)
        self.r.signals.clear()
        self.r.call("Train", "susb", "engine:Mute", 4, "opponent", False)
        end = self.finished()
        failed = signals(self.r, "TrainingFailed")
        self.assertTrue(failed, end)
        self.assertIn("did not answer within 2 seconds and was stopped", failed[0][0])
        wait_for(lambda: not self.r.prop("Training"), message="free again")

    def test_a_paused_match5_is_not_blamed_on_the_engine(self):
        """Match5 stopped for 3 s (Ctrl+Z then fg, a debugger) while an
        engine that thinks 1.5 s a move answers in time: the run goes on
        and ends as asked, not with "did not answer within 2 seconds"."""
        self.r.call("Train", "susb", "engine:Ponder", 2, "opponent", False)
        wait_for(lambda: (self.r.pump(0.1), self.r.prop("Training"))[1], message="the run under way")
        time.sleep(0.8)  # the engine thinks about a move now
        os.kill(self.app.pid, signal.SIGSTOP)
        time.sleep(3)
        os.kill(self.app.pid, signal.SIGCONT)
        end = self.finished()
        self.assertEqual(signals(self.r, "TrainingFailed"), [], end)
        self.assertEqual(signals(self.r, "TrainingFinished")[0][0], 2, "every game played")

    def test_bad_calls_get_named_errors_and_start_nothing(self):
        # A typed command that would make a file: refused by name, and the
        # file is never made, nor is any process started under the app.
        made = os.path.join(self.home, f"made-by-a-hostile-call-{os.getpid()}")
        children_before = children_of(self.app.pid)
        for args, error in (
            ((f"pbrain:sh -c 'touch {made}'", 5, "computer", False), "InvalidOpponent"),
            (("engine:Nobody", 5, "computer", False), "InvalidOpponent"),
            (("greedy", 0, "computer", False), "InvalidGames"),
            (("greedy", 2000000, "computer", False), "InvalidGames"),
            (("greedy", 5, "nobody", False), "InvalidOption"),
        ):
            name, _ = self.r.error_of("Train", "susb", *args)
            self.assertEqual(name, f"io.github.match5.Match5.Error.{error}", args)
        self.assertFalse(self.r.prop("Training"))
        time.sleep(1)
        self.assertFalse(os.path.exists(made), "the refused command ran")
        self.assertEqual(children_of(self.app.pid) - children_before, set(), "no process started for a refused call")

    def test_only_the_owner_lets_the_computer_learn_from_practice(self):
        # Knowledge with a password, opened without it: a user's.
        locked = os.path.join(self.home, "Locked.fivo")
        with open(locked, "w") as f:
            f.write('format = "match5-knowledge"\nversion = 1\nplayer = "Locked"\n'
                    'password = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$'
                    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"\n')
        self.r.call("LoadKnowledge", "ss", locked, "")
        self.assertEqual(self.r.prop("KnowledgeStatus"), "user")
        name, words = self.r.error_of("Train", "susb", "greedy", 50, "computer", False)
        self.assertEqual(name, "io.github.match5.Match5.Error.UserKnowledge")
        self.assertIn("Only the owner of Locked’s knowledge", words)
        self.assertFalse(self.r.prop("Training"))
        # Measuring changes nothing, so anyone may.
        self.r.call("Train", "susb", "greedy", 50, "computer", True)
        self.finished()
        self.assertEqual(signals(self.r, "TrainingFinished")[0][0], 50)
        self.assertEqual(self.r.prop("PractisedPatterns"), 0)
