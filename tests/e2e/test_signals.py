"""A signal that ends the session ends the app as quitting does: logout and
shutdown send SIGTERM, a closed terminal SIGHUP, Ctrl+C SIGINT. The
five-in-a-row game in progress comes back at the next start, what the
computer learned is saved (a practice run's too), and a tic-tac-toe
training keeps what it played."""

import os
import re
import signal
import time

import scripted
from dbus_client import NAME, Remote
from flood import FIVE
from harness import AppTest, wait_for, winning_move

SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


class SignalsEndTheSession(AppTest):
    def test_the_game_in_progress_comes_back_after_each_signal(self):
        for sig in SIGNALS:
            with self.subTest(signal=sig.name):
                app = self.start(settings={"last_page": "five"})
                for _ in range(2):
                    blue, red = app.stones()
                    app.play_and_wait(lambda c: app.click(*c), winning_move(blue, red))
                    wait_for(lambda: len(app.stones()[1]) == len(blue) + 1, message="the computer's reply")
                stones = app.stones()
                self.assertEqual((len(stones[0]), len(stones[1])), (2, 2))
                os.kill(app.proc.pid, sig)
                self.assertEqual(app.wait_closed(timeout=15), 0, f"{sig.name} ends the app as a quit does")
                again = self.start(home=app.home)
                wait_for(lambda: again.stones() == stones, message=f"the game back after {sig.name}")
                again.quit()
                again.wait_closed()

    def test_a_training_keeps_what_it_played_after_each_signal(self):
        for sig in SIGNALS:
            with self.subTest(signal=sig.name):
                app = self.start(settings={"last_page": "tictactoe"})
                app.key("ctrl+t")
                train = wait_for(lambda: app.find("push button", "Train"), message="the training window")
                app.find("spin button").queryValue().currentValue = 1000000
                train.queryAction().doAction(0)
                time.sleep(3)
                os.kill(app.proc.pid, sig)
                self.assertEqual(app.wait_closed(timeout=30), 0, f"{sig.name} ends the app as a quit does")
                path = os.path.join(app.data, "match5", "tic-tac-toe.toml")
                with open(path) as f:
                    played = int(re.search(r"^games = (\d+)", f.read(), re.M).group(1))
                self.assertGreater(played, 1000, f"the games played before {sig.name} are kept")

    def test_what_the_computer_learned_is_saved_after_each_signal(self):
        for sig in SIGNALS:
            with self.subTest(signal=sig.name):
                app = self.start(settings={"last_page": "five"})
                wait_for(lambda: Remote(*FIVE).has_owner(NAME), message="the control name on the bus")
                # Tester wins: the computer learns a pattern, not saved yet.
                scripted.five_in_a_row(self, player="Tester")
                path = os.path.join(app.data, "match5", "knowledge", "Tester.fivo")
                self.assertFalse(os.path.exists(path), "nothing saved before the signal")
                os.kill(app.pid, sig)
                self.assertEqual(app.wait_closed(timeout=15), 0, f"{sig.name} ends the app as a quit does")
                with open(path) as f:
                    self.assertEqual(f.read().count("[[pattern]]"), 1, f"the pattern saved on {sig.name}")
                again = self.start(home=app.home)
                r = Remote(*FIVE)
                wait_for(lambda: r.has_owner(NAME), message="the control name on the bus")
                self.assertEqual((r.prop("Player"), r.prop("Level")), ("Tester", 1))
                # Nothing is left unsaved: quitting asks nothing.
                again.quit()
                again.wait_closed()

    def test_learning_a_save_cannot_take_is_kept_beside_it(self):
        app = self.start(settings={"last_page": "five"})
        wait_for(lambda: Remote(*FIVE).has_owner(NAME), message="the control name on the bus")
        scripted.five_in_a_row(self, player="Tester")
        # Another program puts someone else's knowledge where Tester's goes.
        folder = os.path.join(app.data, "match5", "knowledge")
        os.makedirs(folder, exist_ok=True)
        theirs = 'format = "match5-knowledge"\nversion = 1\nplayer = "Someone Else"\n'
        with open(os.path.join(folder, "Tester.fivo"), "w") as f:
            f.write(theirs)
        os.kill(app.pid, signal.SIGTERM)
        self.assertEqual(app.wait_closed(timeout=15), 0, "SIGTERM ends the app as a quit does")
        with open(os.path.join(folder, "Tester.fivo")) as f:
            self.assertEqual(f.read(), theirs, "the other program's file is left alone")
        kept = [n for n in os.listdir(folder) if re.fullmatch(r"Tester \(kept \d{4}-\d\d-\d\dT\d{6}Z\)\.fivo", n)]
        self.assertEqual(len(kept), 1, os.listdir(folder))
        with open(os.path.join(folder, kept[0])) as f:
            text = f.read()
        self.assertIn('player = "Tester"', text)
        self.assertEqual(text.count("[[pattern]]"), 1)
        with open(os.path.join(app.home, "app.log")) as f:
            self.assertIn("What the computer learned is kept in", f.read())

    def test_a_practice_run_hands_back_what_it_learned_and_it_is_saved_after_a_signal(self):
        for pair in ((signal.SIGTERM,), (signal.SIGTERM, signal.SIGHUP)):
            with self.subTest(signals=[s.name for s in pair]):
                self.practice_then(pair)

    def practice_then(self, pair):
        """A practice run, a stone on the board, then the signals: SIGTERM
        alone, or SIGTERM and at once SIGHUP, as systemd sends them when
        it stops a session (logout, shutdown). The game and what practice
        learned are kept either way."""
        app = self.start(settings={"last_page": "five"})
        r = Remote(*FIVE)
        wait_for(lambda: r.has_owner(NAME), message="the control name on the bus")
        app.key("Return")  # a stone of the person's, and the answer
        wait_for(lambda: len(app.stones()[1]) == 1, message="the computer's answer")
        stones = app.stones()
        # Practice, in its window, with its default opponent and speed.
        app.key("ctrl+t")
        start = wait_for(lambda: app.find_showing("push button", lambda n: n in ("Start", "Start Again")),
                         message="the Practice window")
        start.queryAction().doAction(0)
        wait_for(lambda: r.prop("PractisedPatterns") >= 10, timeout=60, message="patterns learned")
        learned = r.prop("PractisedPatterns")
        for sig in pair:
            os.kill(app.pid, sig)
        self.assertEqual(app.wait_closed(timeout=30), 0, "the signals end the app as a quit does")
        path = os.path.join(app.data, "match5", "knowledge", "Tester.fivo")
        with open(path) as f:
            saved = f.read().count("[[pattern]]")
        self.assertGreaterEqual(saved, learned, "what the practice learned is saved, all of it")
        again = self.start(home=app.home)
        r = Remote(*FIVE)
        wait_for(lambda: r.has_owner(NAME), message="the control name on the bus")
        self.assertEqual(r.prop("PractisedPatterns"), saved)
        wait_for(lambda: again.stones() == stones, message="the game back")
        again.close()
        app.close()
