"""Boards never move during a game (issue 34, point 1): on every page, wide
and at 360 px, in English and in Dutch, with Show Why and the preferences
on, the board's place on the screen is read after every move of a whole
game, its end included, and must not change. Five in a row is played with
the mouse; the other pages through their D-Bus objects (which show each
move on the page as a click does)."""

import time
import unittest

import pyatspi

from dbus_client import Remote
from harness import App, PAGE_BOARDS, wait_for, winning_move

SIZES = ((900, 680), (360, 640))
LANGS = ("en", "nl")
OBJECTS = {
    "leapfrog": ("/io/github/match5/Match5/LeapFrog", "io.github.match5.Match5.LeapFrog1"),
    "tiles": ("/io/github/match5/Match5/Tiles", "io.github.match5.Match5.Tiles1"),
    "tictactoe": ("/io/github/match5/Match5/TicTacToe", "io.github.match5.Match5.TicTacToe1"),
}


def mean(pixels):
    n = max(len(pixels), 1)
    return tuple(sum(p[i] for p in pixels) / n for i in range(3))


def place(acc):
    e = acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return (e.x, e.y, e.width, e.height)


class BoardStaysStill(unittest.TestCase):
    def run_games(self, page, play_game):
        for lang in LANGS:
            for w, h in SIZES:
                with self.subTest(page=page, lang=lang, width=w):
                    app = App(lang=lang, settings={"window_width": w, "window_height": h, "last_page": page,
                                                   "show_why": True, "tictactoe_preferences": True})
                    try:
                        places = []
                        play_game(app, lambda board: places.append(self.settled(board)))
                        self.assertGreater(len(places), 4, "a whole game was played")
                        self.assertEqual(set(places), {places[0]},
                                         f"the board stays where it was through the game ({lang}, {w} px): {places}")
                    finally:
                        app.close()

    @staticmethod
    def settled(board):
        """The board's place once the page has laid itself out again: the
        same in two readings a frame or more apart (a layout happens within
        a frame of the change), at most a second after the move."""
        time.sleep(0.1)
        seen = place(board)
        end = time.time() + 1.0
        while time.time() < end:
            time.sleep(0.05)
            now = place(board)
            if now == seen:
                return now
            seen = now
        return seen

    def test_five_in_a_row(self):
        def game(app, seen):
            seen(app.board)
            empty = mean(app.cell_pixels(8, 8))
            for _ in range(40):
                blue, red = app.stones()
                status = app.status() or ""
                if any(word in status for word in ("win", "wint")):
                    break
                app.play_and_wait(lambda c: app.click(*c), winning_move(blue, red))
                seen(app.board)
            self.assertTrue(any(word in (app.status() or "") for word in ("win", "wint")), "the game ended")
            # The final position is not dimmed by Show Why's pattern, and
            # the winning five keep their gold rings.
            blue, red = app.stones()
            if (8, 8) not in blue | red:
                self.assertLess(max(abs(a - b) for a, b in zip(mean(app.cell_pixels(8, 8)), empty)), 12,
                                "an empty field looks as at the start")
            ringed = [c for c in blue if sum(1 for r, g, b in app.cell_pixels(*c) if r > 180 and 120 < g < 220 and b < 90) > 8]
            self.assertGreaterEqual(len(ringed), 5, "the winning five in gold")
        self.run_games("five", game)

    def dbus_game(self, page, moves):
        def game(app, seen):
            board = wait_for(lambda: app.find_showing("image", lambda n: n in PAGE_BOARDS), message="the board")
            remote = Remote(*OBJECTS[page])
            wait_for(lambda: remote.has_owner("io.github.match5.Match5.Control"), message="the control name")
            seen(board)
            for _ in moves(remote):
                seen(board)
        self.run_games(page, game)

    def test_leapfrog(self):
        def moves(r):
            r.call("NewPuzzle", "ub", 3, False)
            yield
            while not r.prop("Solved"):
                r.call("Hint")
                yield
        self.dbus_game("leapfrog", moves)

    def test_tictactoe(self):
        def moves(r):
            r.call("NewGame")
            yield
            for field in (1, 2, 3, 4, 6, 7, 8, 9, 5):
                if r.prop("State") not in ("your-turn", "start"):
                    break
                if r.prop("Board")[field - 1] == ".":
                    r.call("Play", "u", field)
                    yield
            self.assertNotIn(r.prop("State"), ("your-turn", "start"), "the game ended")
        self.dbus_game("tictactoe", moves)

    def test_tiles(self):
        def moves(r):
            r.call("Deal", "uuuuu", 2, 2, 2, 2, 12)
            r.call("SetPlayers", "ss", "person", "person")
            yield
            while not r.prop("Over"):
                _, bowl, colour, *_ = r.call("Best")
                r.call("Play", "us", bowl, colour)
                yield
        self.dbus_game("tiles", moves)


if __name__ == "__main__":
    unittest.main()
