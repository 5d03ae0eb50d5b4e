"""Five in a row's hint (issue 49): Ctrl+I and the header's Hint button
mark the threat player's field on the board and say why under it; the
hint goes with the next move. A game won with hints still teaches the
computer, as practice: the level does not rise, and the saved file keeps
the hints in the game's record. Real keys and clicks on the real binary,
read through the accessibility tree and the screen's pixels."""

import os
import re
import time

from harness import AppTest, screen_pixels, wait_for, winning_move
from pieces import median

HINT = re.compile(r"^(Hint|Tip): [A-I]\d\. ")


def hint_label(app):
    return app.find_showing("label", lambda n: HINT.match(n or "") is not None)


class FiveHint(AppTest):
    def test_the_hint_marks_the_field_and_says_why_until_the_next_move(self):
        app = self.start(settings={"last_page": "five"}, env={"ADW_DEBUG_ACCENT_COLOR": "green"})
        # The keyboard cursor on E5 first (drawn in the accent colour, green
        # here, round the field's edge): the hint's mark is told apart from it.
        app.key("Left", "Right")
        time.sleep(0.5)
        cx, cy = app.cell_centre(4, 4)
        before = median(screen_pixels(cx - 2, cy - 2, 4, 4))
        app.key("ctrl+i")
        said = wait_for(lambda: hint_label(app), message="the hint under the board")
        self.assertEqual(said.name, "Hint: E5. The first ball goes in the middle, where most lines meet.")
        time.sleep(0.3)
        r, g, b = median(screen_pixels(cx - 2, cy - 2, 4, 4))
        # A pale blue stone fills the field's middle, where the cursor draws nothing.
        self.assertNotEqual((r, g, b), before, "the field is marked on the board")
        self.assertGreater(b, r + 20, f"a pale blue stone in the middle of E5: {(r, g, b)}, before {before}")
        self.assertGreater(b, g, f"blue, not the green cursor: {(r, g, b)}")
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

    def test_a_win_with_hints_says_so_at_the_end_and_everywhere_its_pattern_shows(self):
        app = self.start(settings={"last_page": "five"})
        # The Hint button says the rule before it is used.
        button = wait_for(lambda: app.find_showing("push button", "Hint"), message="the Hint button")
        self.assertIn("does not count for your level", button.description or "", "the Hint's tooltip")
        app.key("ctrl+i")
        wait_for(lambda: hint_label(app), message="the hint")
        for _ in range(40):
            if "win" in app.status().lower():
                break
            blue, red = app.stones()
            app.play_and_wait(lambda c: app.click(*c), winning_move(blue, red))
        # The end says it where any result is said.
        self.assertEqual(app.status(), "You win with 1 hint: your level stays.")
        wait_for(lambda: app.find_showing("label", lambda n: (n or "").startswith("It learned a new pattern")),
                 message="what the computer learned, under the board")
        # The sidebar: level 0, the pattern from a win with hints (never
        # "practice" for a player who did not practise).
        row = wait_for(lambda: app.find("label", lambda n: (n or "").startswith("level 0 · ")
                                        and "1 pattern from your wins with hints" in n),
                       message="level 0 with the pattern from a win with hints in the sidebar")
        self.assertNotIn("practice", row.name)
        # The viewer names the game and its hints.
        app.key("ctrl+p")
        viewer = wait_for(lambda: app.window("Error Patterns"), message="the pattern viewer")
        wait_for(lambda: app.find("label", "Pattern 1 of 1 · depth 1 · learned in game 1, won with hints",
                                  root=viewer), message="the pattern's origin in the viewer")
        app.key("Escape")
        wait_for(lambda: app.window("Error Patterns") is None, message="the viewer closed")
        app.key("ctrl+s")
        path = os.path.join(app.data, "match5", "knowledge", "Tester.fivo")
        wait_for(lambda: os.path.exists(path), message="the saved file")
        with open(path) as f:
            text = f.read()
        self.assertIn("\nversion = 3\n", text, "a pattern from a hinted win needs format version 3")
        self.assertIn("game = 1\nhinted = true\n", text)
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
