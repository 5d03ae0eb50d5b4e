"""What a screen reader hears (issue 50, point 3), and where the arrow
keys go at a game's end (point 2): the real binary, real keys and clicks,
announcements (gtk_accessible_announce) caught on the accessibility bus."""

import re
import time

import pyatspi

from announcements import Heard
from harness import AppTest, has_focus, wait_for, wait_focused, winning_move
from pages.leapfrog import click_field, position
from pages.tictactoe import answered, fields
from pages.tiles import surface


class Spoken(AppTest):
    def setUp(self):
        super().setUp()
        self.heard = Heard()
        self.addCleanup(self.heard.close)

    def test_five_in_a_row_says_the_computers_move_a_refusal_undo_and_new_game(self):
        app = self.start(settings={"last_page": "five"})
        app.key("Return")  # the board's cursor starts on E5
        wait_for(lambda: len(app.stones()[1]) == 1, message="the computer's answer")
        red = next(iter(app.stones()[1]))
        field = f"{'ABCDEFGHI'[red[0]]}{red[1] + 1}"
        # The board has the focus: its description says the move first, and
        # a screen reader says a focused object's new description; nothing
        # else says it again (tests/e2e/test_orca.py hears it once).
        self.assertTrue(app.board_text().startswith(f"Red played {field}. Your move."), app.board_text())
        self.assertEqual(self.heard.none(r"played"), [], "the move told once, by the board")
        app.key("Return")
        self.heard.wait(r"^Field E5 is taken\.$", "the refused move")
        app.key("ctrl+z")
        self.heard.wait(r"^Move taken back\. You play blue\. Your move$", "Undo")
        app.key("ctrl+n")
        self.heard.wait(r"^New game\. You play blue\. Your move$", "New Game")

    def test_tic_tac_toe_says_which_field_o_took(self):
        app = self.start(settings={"last_page": "tictactoe", "window_height": 820})
        board = wait_for(lambda: app.find_showing("image", "Tic-tac-toe board"), message="the page")
        wait_focused(board, "the board focused")
        app.key("5")
        wait_for(lambda: answered(app), message="O's answer")
        o = next(f for f, what in fields(app).items() if what == "O")
        # The board has the focus: its new description says the answer
        # first, and it is not announced a second time.
        wait_for(lambda: re.match(rf"O took field {o}\. Your turn: you play X\. ",
                                  app.find_showing("image", "Tic-tac-toe board").description),
                 message="the answer first on the board")
        self.assertEqual(self.heard.none(r"took field"), [], "the answer told once, by the board")
        app.key(str(o))
        self.heard.wait(rf"^Field {o} is taken\.$", "the refused move")
        app.key("ctrl+z")
        self.heard.wait(r"^Move taken back\. You begin: you play X\.", "Undo")
        app.key("1")
        wait_for(lambda: answered(app), message="O's answer")
        app.key("ctrl+n")
        self.heard.wait(r"^New game\. You begin: you play X\.", "New Game")

    def test_tiles_says_what_the_computer_took(self):
        app = self.start(settings={"last_page": "tiles", "window_height": 850})
        board = wait_for(lambda: surface(app), message="the tile page")
        wait_focused(board, "the board focused")
        app.key("Return")
        # The board has the focus: its new description says the move first,
        # and it is not announced a second time.
        wait_for(lambda: re.match(r"Lieke took \d+ (yellow|blue) tiles? of bowl \d into row \d\. Your turn: ",
                                  surface(app).description), timeout=30, message="the computer's move on the board")
        self.assertEqual(self.heard.none(r"Lieke took"), [], "the move told once, by the board")
        # As a person sees it: Undo can be used now.
        undo = app.find_showing("push button", "Undo")
        wait_for(lambda: undo.getState().contains(pyatspi.STATE_SENSITIVE),
                 message=f"Undo usable after the computer's move; the status: {app.title()!r}")
        app.key("ctrl+z")
        self.heard.wait(r"^Move taken back\. Your turn: ", f"Undo (the status: {app.title()!r})")
        app.key("ctrl+n")
        self.heard.wait(r"^New game\. Your turn: ", "New Game")

    def test_leapfrog_says_each_move_and_why_a_frog_cannot_move(self):
        app = self.start(settings={"last_page": "leapfrog", "leapfrog_frogs": 2, "window_height": 820})
        wait_for(lambda: app.find_showing("image", "Fields"), message="the leap-frog page")
        click_field(app, 0)
        self.heard.wait(r"^The X frog from field 1 to field 3\.$", "the move")
        click_field(app, 1)
        self.heard.wait(r"^The X frog on field 2 cannot move", "the refused move")
        app.key("ctrl+z")
        self.heard.wait(r"^Move taken back\.", "Undo")
        app.click_on(app.find_showing("push button", "Hint"))
        self.heard.wait(r"^The X frog from field 2 to field 3\.$", "the hint's move")
        app.key("ctrl+n")
        self.heard.wait(r"^New game\.", "New Game")
        self.assertEqual(position(app), "XX-YY")

    def test_arrow_keys_at_a_games_end_never_reach_the_players_name(self):
        app = self.start(settings={"last_page": "five", "window_width": 1100})
        name = wait_for(lambda: app.find_showing("text", "Name"), message="the sidebar's Name field")
        for _ in range(40):
            if "win" in app.status().lower():
                break
            blue, red = app.stones()
            app.play_and_wait(lambda c: app.click(*c), winning_move(blue, red))
        again = wait_for(lambda: app.find_showing("push button", "Play Again"), message="Play Again")
        wait_focused(again, "Play Again focused")
        app.key("Right", "Right", "Right", "Down", "Left")
        time.sleep(0.5)
        focus = pyatspi.findDescendant(app._frames()[0], has_focus)
        self.assertIn(focus.getRoleName(), ("button", "push button"), "the focus stays on the end bar's buttons")
        self.assertFalse(has_focus(name))
        # Up goes back to the board; Space there starts the next game, and
        # the name was never touched.
        app.key("Up")
        wait_focused(app.board, "the board focused")
        app.key("space")
        wait_for(lambda: "win" not in app.status().lower(), message="a new game")
        self.assertEqual(name.queryText().getText(0, -1), "Tester", "the player's name is untouched")
