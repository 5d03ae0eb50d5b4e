"""The leap-frog page as a person uses it: real clicks and keys on the real
binary, read through the accessibility tree."""

import json
import os
import subprocess

from harness import AppTest, wait_for
from pages.leapfrog import click_field, position, replay_move, text_of

CLI = os.path.join(os.environ.get("MATCH5_PREFIX", ""), "bin", "match5-cli")


class LeapFrog(AppTest):
    def start_leapfrog(self, frogs):
        # Tall enough to show the figures below the fields and buttons.
        app = self.start(settings={"last_page": "leapfrog", "leapfrog_frogs": frogs, "window_height": 820})
        wait_for(lambda: app.find_showing("image", "Fields"), message="the leap-frog page")
        return app

    def test_solving_by_clicks_with_a_dead_end_warning_a_refusal_and_a_hint(self):
        app = self.start_leapfrog(2)
        self.assertEqual(position(app), "XX-YY")
        self.assertIsNotNone(text_of(app, "moves: 0 of 8"))
        # X on field 1 jumps over its own kind: no solution from there.
        click_field(app, 0)
        wait_for(lambda: position(app) == "-XXYY", message="the jump on screen")
        wait_for(lambda: text_of(app, "The X frog from field 1 to field 3. No solution from here: undo 1 move."),
                 message="the dead-end warning")
        # The X frog on field 2 cannot go anywhere: nothing changes, and
        # the status says why.
        click_field(app, 1)
        wait_for(lambda: text_of(app, "The X frog on field 2 cannot move: it goes only right"),
                 message="why it cannot move")
        self.assertEqual(position(app), "-XXYY")
        self.assertIsNotNone(text_of(app, "moves: 1 of 8"))
        app.key("ctrl+z")
        wait_for(lambda: position(app) == "XX-YY", message="jump back")
        # A hint plays the first move of a solution.
        app.click_on(app.find_showing("push button", "Hint"))
        wait_for(lambda: position(app) == "X-XYY", message="the hinted move")
        # The rest by clicks, following the CLI's solution.
        out = subprocess.run([CLI, "leapfrog", "solve", "2", "--json"], check=True, capture_output=True,
                             text=True).stdout
        moves = json.loads(out)["moves"]
        self.assertEqual(moves[0]["position"], "X-XYY", "the hint was the solution's first move")
        for m in moves[1:]:
            click_field(app, m["from"] - 1)
            wait_for(lambda: position(app) == m["position"], message=f"move {m['from']}->{m['to']}")
        wait_for(lambda: text_of(app, "The Y frog from field 3 to field 2. Solved in 8 moves!")
                 or text_of(app, "The X frog") and "Solved in 8 moves!" in text_of(app, "The X frog"),
                 message="solved")
        self.assertIsNotNone(text_of(app, "moves: 8 of 8"))

    def test_the_computer_solves_it_and_replays_to_the_end_and_back(self):
        app = self.start_leapfrog(3)
        app.key("ctrl+r")
        # What the search found is the status, not a toast over the frogs,
        # and its moves play by themselves until paused.
        wait_for(lambda: text_of(app, "The computer found a solution of 15 moves after trying 39 moves."),
                 message="the search's result in the status")
        pause = wait_for(lambda: app.find_showing("toggle button", "Pause"), message="the solution playing")
        # At 2 moves a second: a busy machine's reading of the tree can miss
        # any one of them, so not "move 2" itself but 2 or more.
        wait_for(lambda: replay_move(app) >= 2, message="moves played by themselves")
        app.click_on(pause)
        wait_for(lambda: app.find_showing("toggle button", "Play the Solution"), message="paused")
        shown = replay_move(app)
        self.assertIn("The computer found a solution", text_of(app, "The "), "the status stays while it plays")
        for _ in range(shown):
            app.key("Page_Up")
        wait_for(lambda: text_of(app, "move 0 of 15"), message="the replay at its start")
        self.assertEqual(position(app), "XXX-YYY")
        for n in range(1, 16):
            app.key("Page_Down")
            wait_for(lambda: text_of(app, f"move {n} of 15"), message=f"replay move {n}")
        self.assertEqual(position(app), "YYY-XXX")
        self.assertIn("the frogs have changed sides", text_of(app, "The "))
        app.key("Page_Up")
        wait_for(lambda: text_of(app, "move 14 of 15"), message="one move back")
        # Play becomes Pause while the replay plays (from the end it starts
        # over: 15 moves at 2 a second), and Play again when paused.
        app.key("Page_Down")
        wait_for(lambda: text_of(app, "move 15 of 15"), message="the end again")
        app.click_on(app.find_showing("toggle button", "Play the Solution"))
        pause = wait_for(lambda: app.find_showing("toggle button", "Pause"), message="Play became Pause")
        app.click_on(pause)
        wait_for(lambda: app.find_showing("toggle button", "Play the Solution"), message="Pause became Play")
        app.click_on(app.find_showing("push button", "Back to Playing"))
        wait_for(lambda: text_of(app, "moves: 0 of 15"), message="back to playing")
        self.assertEqual(position(app), "XXX-YYY")

    def test_goats_and_figures_follow_the_settings(self):
        app = self.start_leapfrog(4)
        self.assertIsNotNone(app.find_showing("label", "195"), "reachable positions for k = 4")
        self.assertIsNotNone(app.find_showing("label", "147"), "dead ends for k = 4")
        # The X frog on field 4 steps to the empty field 5.
        click_field(app, 3)
        wait_for(lambda: text_of(app, "The X frog from field 4 to field 5."), message="the move in words")
        app.click_on(app.find_showing("check box", "Goats Instead of Frogs"))
        wait_for(lambda: "X goat" in app.find_showing("image", "Fields").description, message="goats")
        wait_for(lambda: text_of(app, "The X goat from field 4 to field 5."), message="the status says goat too")
        app.quit()
        app.wait_closed()
        # The test wrote the older flat key (leapfrog_frogs); the page keeps
        # its settings in its own keys now, and the flat keys are gone.
        kept = app.settings_kept()
        self.assertEqual(kept["leapfrog"], {"frogs": 4, "goats": True})
        self.assertNotIn("leapfrog_frogs", kept)
