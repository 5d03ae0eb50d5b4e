"""Five in a row's hint (issue 49): Ctrl+I and the header's Hint button
mark the threat player's field on the board and say why under it; the
hint goes with the next move. A game won with hints still teaches the
computer, as practice: the level does not rise, and the saved file keeps
the hints in the game's record. Real keys and clicks on the real binary,
read through the accessibility tree and the screen's pixels."""

import os
import re

from harness import AppTest, wait_for, winning_move

HINT = re.compile(r"^(Hint|Tip): [A-I]\d\. ")


def hint_label(app):
    return app.find_showing("label", lambda n: HINT.match(n or "") is not None)


class FiveHint(AppTest):
    def test_the_hint_marks_the_field_and_says_why_until_the_next_move(self):
        app = self.start(settings={"last_page": "five"})
        before = app.cell_pixels(4, 4)
        app.key("ctrl+i")
        said = wait_for(lambda: hint_label(app), message="the hint under the board")
        self.assertEqual(said.name, "Hint: E5. The first stone goes in the middle, where most lines meet.")
        self.assertNotEqual(app.cell_pixels(4, 4), before, "the field is marked on the board")
        self.assertIn("Hint: E5.", app.board_text(), "screen readers hear it with the board (Where Am I)")
        app.play_and_wait(lambda c: app.click(*c), (4, 4))
        wait_for(lambda: hint_label(app) is None, message="the hint gone after the move")
        # The header's button gives the next one, for the new position.
        app.click_on(app.find_showing("push button", "Hint"))
        said = wait_for(lambda: hint_label(app), message="a hint from the header's button")
        blue, red = app.stones()
        field = said.name.split(":")[1].split(".")[0].strip()
        cell = (ord(field[0]) - ord("A"), int(field[1:]) - 1)
        self.assertNotIn(cell, blue | red, "the hint is a free field")

    def test_a_win_with_hints_teaches_as_practice_and_the_file_keeps_them(self):
        app = self.start(settings={"last_page": "five"})
        app.key("ctrl+i")
        wait_for(lambda: hint_label(app), message="the hint")
        for _ in range(40):
            if "win" in app.status().lower():
                break
            blue, red = app.stones()
            app.play_and_wait(lambda c: app.click(*c), winning_move(blue, red))
        self.assertIn("You win", app.status())
        # It learned, as its practice: the player's level stays at 0.
        wait_for(lambda: app.find("label", lambda n: (n or "").startswith("level 0 · ")
                                  and "1 pattern from its practice" in n),
                 message="level 0 with the pattern from practice in the sidebar")
        app.key("ctrl+s")
        path = os.path.join(app.data, "match5", "knowledge", "Tester.fivo")
        wait_for(lambda: os.path.exists(path), message="the saved file")
        with open(path) as f:
            text = f.read()
        self.assertIn("\nversion = 2\n", text, "a record with hints needs format version 2")
        self.assertRegex(text, r"1 won 0 \d{4}-\d\d-\d\d hints:1 B")
        # How the Computer Learned says it.
        app.key("ctrl+l")
        wait_for(lambda: app.find_showing("label", lambda n: "You took hints in 1 game:" in (n or "")),
                 message="the hints in How the Computer Learned")

    def test_the_hint_in_dutch(self):
        app = self.start(lang="nl", settings={"last_page": "five"})
        app.key("ctrl+i")
        said = wait_for(lambda: hint_label(app), message="the Dutch hint")
        self.assertTrue(said.name.startswith("Tip: E5. "), said.name)
