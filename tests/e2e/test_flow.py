"""One flow on every page, as a new player meets it: New Game (Ctrl+N)
starts a fresh game, every end offers a highlighted Play Again below the
board that no toast covers and that Enter activates, and a 360 px window
holds everything. Real keys and clicks on the real binary, read through
the accessibility tree."""

import re
import time

import pyatspi

from harness import AppTest, wait_for, wait_focused, winning_move

FRESH_FIVE = (set(), set())


def extents(acc):
    return acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)


def tictactoe_fields(app):
    board = app.find_showing("image", "Tic-tac-toe board")
    return dict(re.findall(r"Field (\d): (X|O|empty)", board.description))


def leapfrog_count(app):
    label = app.find_showing("label", lambda n: n.startswith("moves: "))
    return label.name if label else None


def tiles_boards_empty(app):
    surface = app.find_showing("image", "Bowls and boards")
    d = surface.description if surface else ""
    return ("Your rows of 5: empty, empty, empty, empty, empty." in d
            and "Lieke’s rows of 5: empty, empty, empty, empty, empty." in d)


class Flow(AppTest):
    def assert_play_again_below(self, app, board):
        """Play Again shows under `board` (toasts come over the board only)
        and takes the focus, even after a game played by mouse, so that
        Enter plays again; returns it."""
        again = wait_for(lambda: app.find_showing("push button", "Play Again"), timeout=30, message="Play Again")
        b, a = extents(board), extents(again)
        self.assertGreaterEqual(a.y, b.y + b.height, "Play Again is below the board")
        wait_focused(again, "Play Again has the focus")
        return again

    def test_new_game_starts_a_fresh_game_on_every_page(self):
        app = self.start(settings={"last_page": "five"})
        # Five in a row: a ball, the computer's answer, then Ctrl+N.
        app.play_and_wait(lambda c: app.click(*c), (4, 4))
        app.key("ctrl+n")
        wait_for(lambda: app.stones() == FRESH_FIVE, message="an empty five-in-a-row board")
        # Leap-frog: a hint plays a move; Ctrl+N starts over.
        app.key("ctrl+2")
        wait_for(lambda: leapfrog_count(app) == "moves: 0 of 15", message="the leap-frog page")
        app.key("ctrl+i")
        wait_for(lambda: leapfrog_count(app) == "moves: 1 of 15", message="the hint's move")
        app.key("ctrl+n")
        wait_for(lambda: leapfrog_count(app) == "moves: 0 of 15", message="leap-frog from the start")
        # Tiles: a move and the computer's answer; Ctrl+N deals afresh.
        app.key("ctrl+3")
        wait_for(lambda: tiles_boards_empty(app), message="the tile page on a fresh deal")
        app.key("Return")
        wait_for(lambda: not tiles_boards_empty(app), message="the tile move")
        app.key("ctrl+n")
        wait_for(lambda: tiles_boards_empty(app), message="a fresh deal")
        # Tic-tac-toe: X on 5, the computer's O, then Ctrl+N.
        app.key("ctrl+4")
        wait_for(lambda: tictactoe_fields(app) and "X" not in tictactoe_fields(app).values(),
                 message="the tic-tac-toe page")
        app.key("5")
        wait_for(lambda: tictactoe_fields(app).get("5") == "X", message="X on field 5")
        app.key("ctrl+n")
        wait_for(lambda: set(tictactoe_fields(app).values()) == {"empty"}, message="an empty tic-tac-toe board")

    def test_five_in_a_row_ends_with_play_again_and_what_it_learned_beside_it(self):
        app = self.start(settings={"last_page": "five", "show_mutations": True})
        learned = None
        for _ in range(4):
            for _ in range(40):
                if app.showing("push button", "Play Again"):
                    break
                app.play_and_wait(lambda c: app.click(*c), winning_move(*app.stones()))
            again = self.assert_play_again_below(app, app.board)
            learned = app.find_showing("label", lambda n: n.startswith("It learned a new pattern "))
            if learned:
                break
            app.key("Return")
            wait_for(lambda: app.stones() == FRESH_FIVE, message="the next game")
        self.assertIsNotNone(learned, "a game won (the computer learned) within four games")
        # What it learned is said under the board, not in a toast over it,
        # and "View the Pattern" sits beside Play Again.
        self.assertRegex(learned.name, r"^It learned a new pattern from this game: pattern \d+ of \d+\.")
        self.assertIsNone(app.find_showing("label", lambda n: n.startswith("New pattern ")), "no toast")
        board, said = extents(app.board), extents(learned)
        self.assertGreaterEqual(said.y, board.y + board.height, "the sentence is under the board")
        view = app.find_showing("push button", "View the Pattern")
        self.assertIsNotNone(view)
        v, a = extents(view), extents(again)
        self.assertLess(abs((v.y + v.height / 2) - (a.y + a.height / 2)), 4, "beside Play Again")
        self.assertRegex(app.title(), r"— You win")
        # Enter plays again.
        app.key("Return")
        wait_for(lambda: app.stones() == FRESH_FIVE, message="a new game after Enter")
        wait_for(lambda: not app.showing("push button", "Play Again"), message="Play Again gone")
        self.assertIsNone(app.find_showing("push button", "View the Pattern"), "it goes with the game")

    def test_leapfrog_and_tictactoe_end_with_play_again_that_enter_activates(self):
        app = self.start(settings={"last_page": "leapfrog"})
        wait_for(lambda: leapfrog_count(app) == "moves: 0 of 15", message="the leap-frog page")
        app.key(*["ctrl+i"] * 15)
        wait_for(lambda: leapfrog_count(app) == "moves: 15 of 15", message="solved by hints")
        self.assert_play_again_below(app, app.find_showing("image", "Fields"))
        self.assertIn("Solved in 15 moves!", app.title())
        app.key("Return")
        wait_for(lambda: leapfrog_count(app) == "moves: 0 of 15", message="the puzzle again after Enter")

        app.key("ctrl+4")
        wait_for(lambda: tictactoe_fields(app), message="the tic-tac-toe page")
        for field in "123456789":
            wait_for(lambda: "Your turn" in app.title() or "You begin" in app.title()
                     or app.showing("push button", "Play Again"), message="my turn")
            if app.showing("push button", "Play Again"):
                break
            if tictactoe_fields(app).get(field) == "empty":
                before = list(tictactoe_fields(app).values()).count("empty")
                app.key(field)
                wait_for(lambda: list(tictactoe_fields(app).values()).count("empty") < before
                         or app.showing("push button", "Play Again"), message=f"the move on {field}")
                time.sleep(0.5)
        self.assert_play_again_below(app, app.find_showing("image", "Tic-tac-toe board"))
        self.assertRegex(app.title(), r"— (You win!|The computer wins\.|A draw\.) ", "the result in the title")
        app.key("Return")
        wait_for(lambda: set(tictactoe_fields(app).values()) == {"empty"}, message="a new game after Enter")
        # The board has the focus again: the keys play on.
        app.key("5")
        wait_for(lambda: tictactoe_fields(app).get("5") == "X", message="X on field 5 by key")

    def test_a_finished_board_refuses_a_click_and_takes_enter_as_play_again(self):
        """The same on every page: a click on a finished board changes
        nothing and says nothing over the board; Enter there plays again."""
        from test_leapfrog import click_field
        from test_tictactoe import board, fields, over

        app = self.start(settings={"last_page": "leapfrog"})
        wait_for(lambda: leapfrog_count(app) == "moves: 0 of 15", message="the leap-frog page")
        app.key(*["ctrl+i"] * 15)
        wait_for(lambda: leapfrog_count(app) == "moves: 15 of 15", message="solved by hints")
        click_field(app, 3)
        time.sleep(0.5)
        self.assertEqual(leapfrog_count(app), "moves: 15 of 15", "the click changes nothing")
        self.assertIn("Solved in 15 moves!", app.title())
        app.key("Return")
        wait_for(lambda: leapfrog_count(app) == "moves: 0 of 15", message="Enter on the board plays again")

        app.key("ctrl+4")
        wait_for(lambda: board(app), message="the tic-tac-toe page")
        while not over(app):
            x = next(f for f, what in fields(app).items() if what == "empty")
            app.key(str(x))
            wait_for(lambda: over(app) or list(fields(app).values()).count("X")
                     == list(fields(app).values()).count("O"), message=f"X on {x}")
        finished = dict(fields(app))
        view = board(app).queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        app.click_at(view.x + view.width // 2, view.y + view.height // 2)
        time.sleep(0.5)
        self.assertEqual(fields(app), finished, "the click changes nothing")
        self.assertIsNone(app.find_showing("label", lambda n: n.startswith("The game is over")),
                          "no toast over the board")
        app.key("Return")
        wait_for(lambda: set(fields(app).values()) == {"empty"}, message="Enter on the board plays again")

    def test_every_dialog_fits_a_360_px_window_in_dutch(self):
        """At 360 px a dialog is a sheet inside the window, not a second
        window wider than the first: its text and buttons fit."""
        app = self.start(settings={"window_width": 360, "window_height": 640, "last_page": "five"}, lang="nl")
        frame = extents(app._frames()[0])
        for keys, title in [("ctrl+h", "Eregalerij"), ("ctrl+question", "Sneltoetsen"), ("F1", "Hulp"),
                            ("ctrl+3", None), ("ctrl+e", "Het experiment"),
                            ("ctrl+4", None), ("ctrl+t", "De computer trainen")]:
            app.key(keys)
            if title is None:
                time.sleep(1)
                continue
            dialog = wait_for(lambda: app.window(title), message=f"the dialog {title}")
            self.assertEqual(len(app._frames()), 1, f"{title}: inside the window, not a window of its own")
            time.sleep(0.5)
            shown = pyatspi.findAllDescendants(
                dialog, lambda a: a.getRoleName() in ("push button", "button", "toggle button", "label")
                and a.getState().contains(pyatspi.STATE_SHOWING))
            self.assertGreater(len(shown), 1, title)
            for acc in shown:
                e = extents(acc)
                self.assertLessEqual(e.width, frame.width, f"{title}: {acc.name!r} fits")
            app.key("Escape")
            wait_for(lambda: app.window(title) is None, message=f"{title} closed by Escape")

    def test_a_360_px_window_holds_every_page_in_dutch(self):
        app = self.start(settings={"window_width": 360, "window_height": 640}, lang="nl")
        _, _, width, height = app.window_on_screen.geometry()
        self.assertEqual((width, height), (360, 640), "the window is 360 px wide, not more")
        frame = extents(app._frames()[0])
        for n in "1234":
            app.key(f"ctrl+{n}")
            time.sleep(1)
            shown = pyatspi.findAllDescendants(
                app._frames()[0],
                lambda a: a.getRoleName() in ("push button", "toggle button", "label", "page tab", "image")
                and a.getState().contains(pyatspi.STATE_SHOWING))
            for acc in shown:
                e = extents(acc)
                if e.width > 0:
                    self.assertLessEqual(e.x + e.width, frame.width, f"page {n}: {acc.name!r} fits")
            # Below 500 px New Game is an icon, still named for screen readers.
            self.assertIsNotNone(app.find_showing("push button", "Nieuw spel"), "New Game as an icon, named")
