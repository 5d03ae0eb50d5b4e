"""Five in a row practises in the app: the Practice window (Ctrl+T) plays
the computer against a built-in player on another thread, shows the game,
the curve and the mutations as it goes, and ends with what it did. What the
computer learns there is its own: the player's level does not move, and
the saved file marks those patterns `practice = true`. Stop and closing
the app keep what it learned, and the unsaved prompt covers it. Real keys
and clicks on the real binary, read through the accessibility tree."""

import os
import re

from harness import AppTest, wait_for

SUMMARY = re.compile(r"(\d+) games?: lost (\d+), drew (\d+), won (\d+), learned (\d+) patterns?")


def summary(app):
    label = app.find_showing("label", lambda n: SUMMARY.search(n or "") is not None)
    return SUMMARY.search(label.name).groups() if label else None


def knowledge_subtitle(app):
    return app.find("label", lambda n: (n or "").startswith("level "))


class Practice(AppTest):
    def open_practice(self, app):
        app.key("ctrl+t")
        return wait_for(lambda: app.find_showing("push button", "Start"), message="the Practice window")

    def test_practice_teaches_the_computer_and_not_the_players_level(self):
        app = self.start(settings={"last_page": "five"})
        start = self.open_practice(app)
        start.queryAction().doAction(0)
        # It runs: Stop and Pause show, then it ends by itself.
        wait_for(lambda: app.find_showing("push button", "Pause"), message="Pause while it runs")
        wait_for(lambda: app.find_showing("push button", "Start Again"), timeout=120, message="the run's end")
        games, lost, drawn, won, learned = map(int, summary(app))
        self.assertEqual(games, 200)
        self.assertEqual(lost + drawn + won, 200)
        self.assertGreater(int(learned), 0, "the greedy player beat it and it learned")
        # The curve is described for screen readers, the lost games listed.
        chart = app.find("image", "Learning curve")
        self.assertIn("per 100", chart.description)
        self.assertTrue(app.find("label", "Replay the game"), "a lost game to replay")
        app.key("Escape")
        wait_for(lambda: not app.dialogs(), message="the Practice window closed")
        # The player's level is what they taught: nothing.
        wait_for(lambda: app.find("label", lambda n: (n or "").startswith("level 0 · ")
                                  and "from its practice" in n),
                 message="the sidebar's level 0 with the practice patterns beside it")
        # Saved, the patterns are the computer's own practice, and the games
        # are not the player's record.
        app.key("ctrl+s")
        path = os.path.join(app.data, "match5", "knowledge", "Tester.fivo")
        wait_for(lambda: os.path.exists(path), message="the saved knowledge")
        with open(path) as f:
            text = f.read()
        self.assertEqual(text.count("practice = true"), text.count("[[pattern]]"))
        self.assertGreater(text.count("[[pattern]]"), 0)
        self.assertIn("won = 0\nlost = 0\ndrawn = 0", text)

    def test_stop_keeps_what_was_learned_and_quitting_asks_to_save_it(self):
        app = self.start(settings={"last_page": "five"})
        start = self.open_practice(app)
        spin = app.find_showing("spin button")
        spin.queryValue().currentValue = 1000000
        start.queryAction().doAction(0)
        wait_for(lambda: summary(app) and int(summary(app)[4]) > 0, timeout=60,
                 message="a pattern learned")
        app.find_showing("push button", "Stop").queryAction().doAction(0)
        wait_for(lambda: app.find_showing("label", lambda n: (n or "").startswith("Stopped after ")),
                 message="the stopped run's words")
        played = int(summary(app)[0])
        self.assertLess(played, 1000000)
        # Quitting with the window open: the unsaved prompt covers practice.
        app.key("Escape")
        wait_for(lambda: not app.dialogs(), message="the Practice window closed")
        app.key("ctrl+q")
        wait_for(lambda: app.find_showing("push button", "Save"), message="the unsaved-knowledge prompt")

    def test_closing_the_window_stops_the_run_and_the_board_plays_on(self):
        app = self.start(settings={"last_page": "five"})
        start = self.open_practice(app)
        app.find_showing("spin button").queryValue().currentValue = 1000000
        start.queryAction().doAction(0)
        wait_for(lambda: app.find_showing("push button", "Pause"), message="the run")
        # Closing the window stops the run; the board takes moves again once
        # the knowledge is back.
        app.key("Escape")
        wait_for(lambda: not app.dialogs(), message="the Practice window closed")
        wait_for(lambda: app.find("label", lambda n: "from its practice" in (n or "")), timeout=30,
                 message="what the stopped run learned, in the sidebar")
        app.play_and_wait(lambda c: app.click(*c), (4, 4))
