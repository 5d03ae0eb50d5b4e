"""The 1983 tic-tac-toe scripted over D-Bus (io.github.match5.Match5.TicTacToe1
at /io/github/match5/Match5/TicTacToe): a game played to its end with the
computer's answers and preferences read, training with its progress signals,
a long training stopped, forgetting, every named error with the state
unchanged, and the page brought forward in the window."""

import os
import unittest

from dbus_game import ERR, GameObjectTest
from harness import wait_for

IFACE = "io.github.match5.Match5.TicTacToe1"
OBJECT = "/io/github/match5/Match5/TicTacToe"
OVER = ("you-won", "computer-won", "drawn")


class TicTacToeOverDBus(GameObjectTest):
    OBJECT, IFACE = OBJECT, IFACE

    def state(self):
        return {p: self.r.prop(p) for p in ("Board", "State", "Moves", "Positions", "Games", "Training")}

    def signals(self, name):
        return [args for n, args in self.r.signals if n == name]

    def finished(self, timeout=60):
        wait_for(lambda: (self.r.pump(0.05), self.signals("TrainingFinished"))[1], timeout=timeout,
                 message="TrainingFinished")
        return self.signals("TrainingFinished")[-1]

    def test_the_introspection_is_the_shipped_interface(self):
        self.assert_introspection_is_installed()

    def test_a_script_plays_a_game_to_its_end_and_the_computer_learns(self):
        r, app = self.r, self.app
        r.call("NewGame")
        self.assertEqual((r.prop("Board"), r.prop("State"), r.prop("Games")), ("." * 9, "start", 0))
        wait_for(lambda: app.find_showing("image", "Tic-tac-toe board"), message="the tic-tac-toe page in front")
        r.signals.clear()
        answer = r.call("Play", "u", 5)[0]
        self.assertIn(answer, range(1, 10))
        self.assertNotEqual(answer, 5)
        board = r.prop("Board")
        self.assertEqual(board[4], "X")
        self.assertEqual(board[answer - 1], "O")
        self.assertEqual((r.prop("Moves"), r.prop("State")), (2, "your-turn"))
        # What it weighed: every empty field after the X, the highest played.
        prefs = r.prop("Preferences")
        self.assertEqual(sorted(f for f, _, _ in prefs), [f for f in range(1, 10) if f != 5])
        self.assertEqual(max(p for _, p, _ in prefs), next(p for f, p, _ in prefs if f == answer))
        self.assertEqual({p for _, p, _ in prefs}, {0}, "it knew nothing yet: every position is new, at 0")
        self.assertEqual(answer, 1, "of equal preferences it plays the first field")
        # Taken fields, fields off the board: named errors, nothing changed.
        before = self.state()
        for args, name, words in [((5,), "FieldTaken", "field 5 is taken"),
                                  ((answer,), "FieldTaken", f"field {answer} is taken"),
                                  ((0,), "NoSuchField", "the fields are 1 to 9"),
                                  ((10,), "NoSuchField", "the fields are 1 to 9")]:
            error, message = r.error_of("Play", "u", *args)
            self.assertEqual(error, ERR + name, message)
            self.assertIn(words, message)
            self.assertEqual(self.state(), before)
        while r.prop("State") not in OVER:
            free = r.prop("Board").index(".") + 1
            answer = r.call("Play", "u", free)[0]
            if answer == 0:
                self.assertIn(r.prop("State"), OVER, "0: the X ended the game")
            else:
                self.assertEqual(r.prop("Board")[answer - 1], "O")
        self.assertEqual(r.prop("Games"), 1, "the computer learned from the game")
        self.assertGreater(r.prop("Positions"), 0)
        r.pump(0.5)
        changed = {p for name, (iface, props, _) in r.signals if name == "PropertiesChanged" for p in props}
        self.assertLessEqual({"Board", "State", "Moves", "Preferences", "Games", "Positions", "Status"}, changed)
        self.assertTrue(app.find_showing("label", r.prop("Status")), "the page shows the status the script reads")
        before = self.state()
        error, message = r.error_of("Play", "u", r.prop("Board").index(".") + 1 if "." in r.prop("Board") else 1)
        self.assertEqual(error, ERR + "GameOver")
        self.assertIn("start a new one", message)
        self.assertEqual(self.state(), before)
        r.call("NewGame")
        self.assertEqual((r.prop("Board"), r.prop("State"), r.prop("Games")), ("." * 9, "start", 1))

    def test_training_reports_its_progress_can_be_stopped_and_forgotten(self):
        r = self.r
        before = self.state()
        for args, name, words in [((0, "random"), "BadGames", "choose 1 to 1000000"),
                                  ((1000001, "random"), "BadGames", "choose 1 to 1000000"),
                                  ((10, "wizard"), "BadOpponent", "choose random, perfect or learner")]:
            error, message = r.error_of("Train", "us", *args)
            self.assertEqual(error, ERR + name, message)
            self.assertIn(words, message)
        error, message = r.error_of("StopTraining")
        self.assertEqual(error, ERR + "NotTraining")
        self.assertEqual(self.state(), before)
        # 2,000 games against a random player: progress in blocks of 50, then the tally.
        r.signals.clear()
        r.call("Train", "us", 2000, "random")
        played, won, lost, drawn, positions = self.finished()
        self.assertEqual(played, 2000)
        self.assertEqual(won + lost + drawn, 2000)
        progress = self.signals("TrainingProgress")
        self.assertEqual([p for p, _ in progress], list(range(50, 2001, 50)))
        self.assertTrue(all(total == 2000 for _, total in progress))
        self.assertEqual(r.prop("Positions"), positions)
        self.assertEqual(r.prop("Games"), 2000)
        self.assertFalse(r.prop("Training"))
        # The page tells the person what a script did to the computer.
        wait_for(lambda: self.app.find_showing("label", "The script’s training ended after 2000 games."),
                 timeout=30, message="the page says the script's training ended")
        # Saved: the knowledge file holds the 2,000 games.
        path = os.path.join(self.app.data, "match5", "tic-tac-toe.toml")

        def saved():
            with open(path) as f:
                return "games = 2000\n" in f.read()
        wait_for(saved, message="the trained knowledge saved")
        # A long training is stopped; meanwhile a second one and Forget are refused.
        r.signals.clear()
        r.call("Train", "us", 1000000, "perfect")
        self.assertTrue(r.prop("Training"))
        # While it runs the page says so, until it ends.
        wait_for(lambda: self.app.find_showing("label", "A script is training the computer: 1000000 games."),
                 message="the page says a script trains the computer")
        wait_for(lambda: (r.pump(0.05), self.signals("TrainingProgress"))[1], message="the first block")
        board = r.prop("Board")
        for call, args in [("Train", ("us", 10, "random")), ("Forget", ()), ("Play", ("u", 5))]:
            error, message = r.error_of(call, *args)
            self.assertEqual(error, ERR + "Busy", message)
            self.assertIn("training", message)
        self.assertEqual(r.prop("Board"), board, "a move during a training changes nothing")
        r.call("StopTraining")
        played, won, lost, drawn, positions = self.finished()
        self.assertLess(played, 1000000)
        self.assertEqual(won, 0, "nobody beats the perfect player")
        self.assertEqual(r.prop("Games"), 2000 + played)
        self.assertFalse(r.prop("Training"))
        with open(path) as f:
            self.assertIn(f"games = {2000 + played}\n", f.read(), "the property says what the file holds")
        r.call("Forget")
        self.assertEqual((r.prop("Positions"), r.prop("Board")), (0, "." * 9))
        wait_for(lambda: self.app.find_showing("label", "The computer has forgotten everything."), timeout=40,
                 message="the page says it forgot")

    def test_a_persons_moves_wait_while_a_script_trains(self):
        """A move that could end a game would be saved, and the training
        holds the file: the page refuses moves while a script trains,
        says why, and the main loop never waits on the training's lock."""
        r, app = self.r, self.app
        r.call("Train", "us", 1000000, "perfect")
        wait_for(lambda: (r.pump(0.05), self.signals("TrainingProgress"))[1], message="the training under way")
        wait_for(lambda: app.find_showing("label", "The computer is training: wait until it is done, or stop it."),
                 message="the page says why it takes no move")
        for key in ("1", "5", "9"):
            app.key(key)
        r.pump(0.5)
        self.assertEqual(r.prop("Board"), "." * 9, "no move is taken during the training")
        # The main loop answers at once meanwhile: a call carried out on it.
        r.call("NewGame", timeout=3000)
        r.call("StopTraining")
        played, *_ = self.finished()
        self.assertFalse(r.prop("Training"))
        wait_for(lambda: app.find_showing("label", lambda n: n.startswith("You begin")),
                 message="the page takes moves again")
        app.key("5")
        wait_for(lambda: r.prop("Board")[4] == "X", message="the person's X after the training")
        self.assertEqual(r.prop("Games"), played)


class QuitDuringTraining(GameObjectTest):
    """Quitting, or SIGTERM, during a script's training stops it and saves
    what it learned: nothing learned is thrown away."""

    OBJECT, IFACE = OBJECT, IFACE

    def quit_during_a_long_training(self, end):
        r = self.r
        r.call("Train", "us", 1000000, "learner")
        wait_for(lambda: (r.pump(0.05), [a for n, a in r.signals if n == "TrainingProgress"])[1],
                 message="the training under way")
        end()
        self.app.wait_closed(timeout=15)
        path = os.path.join(self.app.data, "match5", "tic-tac-toe.toml")
        self.assertTrue(os.path.exists(path), "what it learned is saved")
        with open(path) as f:
            games = int(next(l for l in f if l.startswith("games = ")).split(" = ")[1])
        self.assertGreater(games, 0)
        self.assertLess(games, 1000000, "stopped, not finished")

    def test_the_quit_action_stops_the_training_and_saves_it(self):
        self.quit_during_a_long_training(self.app.quit)

    def test_sigterm_stops_the_training_and_saves_it(self):
        self.quit_during_a_long_training(self.app.proc.terminate)

    def test_the_windows_close_button_stops_the_training_and_saves_it(self):
        def close():
            button = wait_for(lambda: self.app.find("push button", "Close"), message="the title bar's close button")
            button.queryAction().doAction(0)
        self.quit_during_a_long_training(close)


if __name__ == "__main__":
    unittest.main()
