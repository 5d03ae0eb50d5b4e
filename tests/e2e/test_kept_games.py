"""Every page's unfinished game is kept when the app ends (issue 58,
point 2): the window's close button, Ctrl+Q and SIGTERM, and the next
start brings each game back as it was, every line of the page as it read
(issue 65, point 1), and says so when the person turns to the page; a
finished game does not come back. Five in a row's own kept game is tested
in test_signals.py and test_desktop.py."""

import os
import re
import signal
import time

from gi.repository import GLib

from harness import AppTest, wait_for
from pages.leapfrog import click_field, position
from pages.tictactoe import answered, board, fields
from pages.tiles import surface, tiles_state


def close_by_its_button(app):
    """Clicks the title bar's close button, as a person ends the app."""
    app.click_on(wait_for(lambda: app.find_showing("push button", "Close"), message="the close button"))


BACK = "Your unfinished game is back"


def lines(app):
    """Every line of words on screen, the status and the explanation under
    the board among them (without the toast saying the game is back)."""
    names = []
    for a in app.all_showing("label"):
        try:
            names.append(a.name)
        except GLib.Error:  # gone meanwhile
            pass
    return sorted(n for n in names if n and n != BACK)


def back_and_as_it_was(test, app, before):
    """The page says its game is back, and reads as it did. (The toast is
    read from the app's report of what it shows: on a busy machine its
    seconds can pass while the test reads the window.)"""
    wait_for(lambda: BACK in app.toasts(), message=f"the toast: {BACK}")
    try:
        wait_for(lambda: lines(app) == before, message="the page's lines as before the restart")
    except AssertionError:
        test.maxDiff = None
        test.assertEqual(lines(app), before, "the page's lines after the restart")


class EveryPageKeepsItsGame(AppTest):
    def start_leapfrog(self, home=None):
        app = self.start(settings=None if home else {"last_page": "leapfrog", "leapfrog_frogs": 2,
                                                     "window_height": 820}, home=home)
        wait_for(lambda: app.find_showing("image", "Fields"), message="the leap-frog page")
        return app

    def test_a_leapfrog_puzzle_comes_back_after_the_close_button(self):
        app = self.start_leapfrog()
        click_field(app, 1)
        wait_for(lambda: position(app) == "X-XYY", message="the first move")
        click_field(app, 3)
        wait_for(lambda: position(app) == "XYX-Y", message="the second move")
        before = lines(app)
        self.assertTrue(any(re.search(r"from field \d to field \d", line) for line in before), before)
        close_by_its_button(app)
        self.assertEqual(app.wait_closed(), 0)
        again = self.start_leapfrog(home=app.home)
        wait_for(lambda: position(again) == "XYX-Y", message="the puzzle two moves in")
        back_and_as_it_was(self, again, before)
        # It goes on from there: both moves can be taken back.
        again.key("ctrl+z", "ctrl+z")
        wait_for(lambda: position(again) == "XX-YY", message="the start, after two Undos")

    def test_a_tic_tac_toe_game_comes_back_after_ctrl_q_and_a_finished_one_does_not(self):
        settings = {"last_page": "tictactoe", "window_height": 820}
        app = self.start(settings=settings)
        wait_for(lambda: board(app), message="the tic-tac-toe page")
        app.key("5")
        wait_for(lambda: answered(app), message="O's answer")
        before = fields(app)
        seen = lines(app)
        app.quit()
        self.assertEqual(app.wait_closed(), 0)
        again = self.start(home=app.home)
        wait_for(lambda: board(again) and fields(again) == before,
                 message=f"the game one move in: {before}")
        back_and_as_it_was(self, again, seen)
        # The game goes on: the next X is answered, and Undo takes it back.
        free = min(f for f, what in fields(again).items() if what == "empty")
        again.key(str(free))
        wait_for(lambda: answered(again) and fields(again) != before, message="the next answer")
        again.key("ctrl+z")
        wait_for(lambda: fields(again) == before, message="Undo back to the kept game")
        # A game played to its end is not kept.
        while not re.search(r"win|draw", again.title(), re.I):
            free = min(f for f, what in fields(again).items() if what == "empty")
            again.key(str(free))
            wait_for(lambda: answered(again) or re.search(r"win|draw", again.title(), re.I),
                     message="the answer or the end")
        again.quit()
        self.assertEqual(again.wait_closed(), 0)
        third = self.start(home=app.home)
        wait_for(lambda: board(third), message="the tic-tac-toe page")
        self.assertEqual(set(fields(third).values()), {"empty"}, "a finished game does not come back")

    def test_a_tile_game_comes_back_after_the_close_button(self):
        app = self.start(settings={"last_page": "tiles", "window_height": 850})
        wait_for(lambda: surface(app), message="the tile page")
        dealt = tiles_state(app)
        app.key("Return")
        wait_for(lambda: re.search(r"Your turn: ", surface(app).description)
                 and re.search(r"Lieke took", surface(app).description), timeout=30,
                 message="the computer's answer")
        before = tiles_state(app)
        self.assertEqual(len(before[1]), 3, f"the pot and two boards in words: {before}")
        seen = lines(app)
        close_by_its_button(app)
        self.assertEqual(app.wait_closed(), 0)
        again = self.start(home=app.home)
        wait_for(lambda: surface(again) and tiles_state(again) == before,
                 message=f"the deal two moves in: {before}")
        back_and_as_it_was(self, again, seen)
        again.key("ctrl+z")
        wait_for(lambda: tiles_state(again) == dealt, message="Undo back to the deal the game began with")

    def test_sigterm_keeps_the_game_of_every_page(self):
        app = self.start_leapfrog()
        click_field(app, 1)
        wait_for(lambda: position(app) == "X-XYY", message="the leap-frog move")
        app.key("ctrl+4")
        wait_for(lambda: board(app), message="the tic-tac-toe page")
        app.key("1")
        wait_for(lambda: answered(app), message="O's answer")
        marks = fields(app)
        os.kill(app.proc.pid, signal.SIGTERM)
        self.assertEqual(app.wait_closed(timeout=15), 0)
        again = self.start(home=app.home)
        wait_for(lambda: board(again) and fields(again) == marks, message=f"the tic-tac-toe game: {marks}")
        wait_for(lambda: again.toasts().count(BACK) == 1, message="the tic-tac-toe page says its game is back")
        # The leap-frog page says so when the person turns to it, not before.
        time.sleep(3)
        self.assertEqual(again.toasts().count(BACK), 1, "leap-frog's news is not told over tic-tac-toe")
        again.key("ctrl+2")
        wait_for(lambda: again.toasts().count(BACK) == 2, message="the leap-frog page says its game is back")
        wait_for(lambda: again.find_showing("image", "Fields") and position(again) == "X-XYY",
                 message="the leap-frog puzzle one move in")
