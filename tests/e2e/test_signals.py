"""A signal that ends the session ends the app as quitting does: logout and
shutdown send SIGTERM, a closed terminal SIGHUP, Ctrl+C SIGINT. The
five-in-a-row game in progress comes back at the next start, and a
tic-tac-toe training keeps what it played."""

import os
import re
import signal
import time

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
                app.wait_closed(timeout=15)
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
                app.wait_closed(timeout=30)
                path = os.path.join(app.data, "match5", "tic-tac-toe.toml")
                with open(path) as f:
                    played = int(re.search(r"^games = (\d+)", f.read(), re.M).group(1))
                self.assertGreater(played, 1000, f"the games played before {sig.name} are kept")
