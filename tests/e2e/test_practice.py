"""Five in a row practises in the app: the Practice window (Ctrl+T) plays
the computer against a built-in player on another thread, shows the game,
the curve and the mutations as it goes, and ends with what it did. What the
computer learns there is its own: the player's level does not move, and
the saved file marks those patterns `practice = true`. Stop and closing
the app keep what it learned, and the unsaved prompt covers it. Real keys
and clicks on the real binary, read through the accessibility tree."""

import os
import re

from harness import AppTest, alive, choose_engine_in_sidebar, engine_command, wait_for
from pages.five import summary


def start_button(app):
    """Practice's Start, or Start Again once it has run (it keeps its last
    run while the app runs)."""
    return app.find_showing("push button", lambda n: n in ("Start", "Start Again"))


def knowledge_subtitle(app):
    return app.find("label", lambda n: (n or "").startswith("level "))


class Practice(AppTest):
    def open_practice(self, app):
        app.key("ctrl+t")
        return wait_for(lambda: start_button(app), message="the Practice window")

    def test_practice_teaches_the_computer_and_not_the_players_level(self):
        app = self.start(settings={"last_page": "five"})
        start = self.open_practice(app)
        start.queryAction().doAction(0)
        # It runs (Pause shows while it does, unless the 200 games are over
        # before the tree is read), then it ends by itself.
        wait_for(lambda: app.find_showing("push button", "Pause") or app.find_showing("push button", "Start Again"),
                 message="Pause while it runs")
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
        played, learned = int(summary(app)[0]), int(summary(app)[4])
        self.assertLess(played, 1000000)
        self.assertGreater(learned, 0)
        # Quitting with the window open: the unsaved prompt covers practice.
        app.key("Escape")
        wait_for(lambda: not app.dialogs(), message="the Practice window closed")
        # The sidebar counts what practice learned and kept, not the level.
        said = wait_for(lambda: app.find("label", lambda n: re.search(r"(\d+) patterns? from its practice", n or "")),
                        message="the patterns from practice in the sidebar")
        kept = int(re.search(r"(\d+) patterns? from its practice", said.name).group(1))
        self.assertGreater(kept, 0)
        self.assertLessEqual(kept, learned)
        app.key("ctrl+q")
        save = wait_for(lambda: app.find_showing("push button", "Save"), message="the unsaved-knowledge prompt")
        save.queryAction().doAction(0)
        app.wait_closed()
        path = os.path.join(app.data, "match5", "knowledge", "Tester.fivo")
        with open(path) as f:
            self.assertEqual(f.read().count("practice = true"), kept, "every pattern practice kept is saved")

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


class Engines(AppTest):
    def add_engine(self, app, command, expect):
        """Adds an engine in the Engines window, opened from Practice, by
        typing its command; returns the window's message, which holds
        `expect`."""
        app.key("ctrl+t")
        wait_for(lambda: start_button(app), message="the Practice window")
        # Practice's own Engines… (the sidebar has one too, behind it).
        app.click_on(app.find("push button", "Engines…", root=app.window("Practice")))
        entry = wait_for(lambda: app.find_showing("text", "Command"), message="the Engines window")
        app.click_on(entry)
        app.type(command)
        app.key("Return")
        return wait_for(lambda: app.find_showing("label", lambda n: expect in (n or "")),
                        timeout=15, message="the engine checked")

    def test_an_engine_added_by_its_command_is_checked_named_and_plays(self):
        app = self.start(settings={"last_page": "five"})
        said = self.add_engine(app, engine_command("good"), "added")
        self.assertEqual(said.name, "Fake Engine plays on a 9x9 board and was added.")
        self.assertTrue(app.find_showing("text", lambda n: n == engine_command("good")) or
                        app.find("text", lambda n: "fake-engine" in (n or "")), "listed by its command")
        app.key("Escape")
        wait_for(lambda: start_button(app), message="back in Practice")
        # The engine just added is the opponent now.
        wait_for(lambda: app.find_showing("label", "Engine: Fake Engine"), message="the engine chosen")
        app.find_showing("spin button").queryValue().currentValue = 6
        start_button(app).queryAction().doAction(0)
        wait_for(lambda: app.find_showing("push button", "Start Again"), timeout=60, message="the run's end")
        self.assertEqual(int(summary(app)[0]), 6)
        # The settings keep it.
        self.assertIn("Fake Engine", [e["name"] for e in app.settings_kept()["five"]["engines"]])

    def test_an_engine_added_in_practice_is_in_the_sidebars_list_at_once(self):
        # Wide and tall enough for the sidebar beside the board.
        app = self.start(settings={"last_page": "five", "window_width": 1100, "window_height": 760})
        self.add_engine(app, engine_command("good"), "added")
        app.key("Escape")
        wait_for(lambda: start_button(app), message="back in Practice")
        app.key("Escape")
        wait_for(lambda: not app.dialogs(), message="Practice closed")
        # In the sidebar's list without a visit to its own Engines… first.
        choose_engine_in_sidebar(app)

    def test_an_engine_that_refuses_the_board_is_not_added(self):
        app = self.start(settings={"last_page": "five"})
        said = self.add_engine(app, engine_command("refuse"), "answered")
        self.assertIn("answered “START 9” with “ERROR unsupported size”", said.name)
        self.assertTrue(app.find_showing("label", "No engines yet"))

    def test_a_bad_engine_stops_the_run_with_a_clear_message_and_leaves_nothing_running(self):
        home_pids = os.path.join(self.start_home(), "pids")
        app = self.apps[-1]
        for mode, words in (("silent", "did not answer within 2 seconds and was stopped"),
                            ("garbage", "which is not a move"),
                            ("crash", "quit in the middle of the game")):
            if app.find_showing("push button", "Start Again"):
                app.key("Escape")
                wait_for(lambda: not app.dialogs(), message="Practice closed")
            self.add_engine(app, engine_command(mode, home_pids), "added")
            app.key("Escape")
            wait_for(lambda: start_button(app), message="back in Practice")
            wait_for(lambda: app.find_showing("label", lambda n: (n or "").startswith("Engine: ")),
                     message="the engine chosen")
            start_button(app).queryAction().doAction(0)
            said = wait_for(lambda: app.find_showing("label", lambda n: words in (n or "")), timeout=20,
                            message=f"the {mode} engine's message")
            self.assertIn("0 games", said.name)
            wait_for(lambda: app.find_showing("push button", "Start Again"), message="ready again")
            with open(home_pids) as f:
                pids = [int(p) for p in f.read().split()]
            wait_for(lambda: not any(alive(p) for p in pids), message=f"no {mode} engine process left")

    def start_home(self):
        app = self.start(settings={"last_page": "five"})
        return app.home

    def test_no_engine_outlives_the_app_even_killed_with_sigkill(self):
        app = self.start(settings={"last_page": "five"})
        pids = os.path.join(app.home, "pids")
        self.add_engine(app, engine_command("slow", pids), "added")
        app.key("Escape")
        wait_for(lambda: start_button(app), message="back in Practice")
        start_button(app).queryAction().doAction(0)
        wait_for(lambda: summary(app) and int(summary(app)[0]) > 0, timeout=30, message="a game against the engine")
        with open(pids) as f:
            engine = [int(p) for p in f.read().split()][-1]
        self.assertTrue(alive(engine), "the engine plays")
        app.proc.kill()
        app.proc.wait(timeout=10)
        wait_for(lambda: not alive(engine), timeout=10, message="the engine gone with the killed app")
