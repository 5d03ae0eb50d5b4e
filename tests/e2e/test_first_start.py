"""The first start shows the way (issue 65, point 6): under the board, what
to do and what a win does; in the sidebar, what a new player needs to
begin, with Password and Engines… once they play; Hint looks like a button;
after games that taught the computer nothing, the line under the board
no longer says it knows nothing."""

import os

from desktop import screen_pixels
from harness import AppTest, wait_for

INTRO = ("This computer knows nothing yet. Make five in a row to win: each win teaches it a pattern, and your "
         "level is how many it learned from you.")
NOTHING_LEARNED = "It has learned nothing yet"


def knowledge(lost, drawn):
    """Knowledge of a player who played games that taught it nothing."""
    return ('format = "match5-knowledge"\nversion = 3\nplayer = "Tester"\n\n'
            f"[stats]\nwon = 0\nlost = {lost}\ndrawn = {drawn}\n")


class FirstStart(AppTest):
    def test_a_new_player_is_told_what_to_do_and_sees_what_they_need(self):
        app = self.start(settings={"window_width": 1100, "window_height": 760})
        wait_for(lambda: app.find_showing("label", INTRO), message="what to do, under the board")
        wait_for(lambda: app.find_showing("text", "Name"), message="the sidebar's name")
        self.assertIsNone(app.find_showing("text", "Password"), "no password before the first move")
        self.assertIsNone(app.find_showing("button", "Engines…"), "no Engines… before the first move")
        # Hint is drawn as a button, not as a word: its face differs from
        # the page beside it.
        hint = wait_for(lambda: app.find_showing("push button", "Hint"), message="Hint")
        e = hint.queryComponent().getExtents(0)  # window coordinates
        ox, oy = app.origin()
        face = screen_pixels(ox + e.x + 3, oy + e.y + e.height // 2, 1, 1)[0]
        page = screen_pixels(ox + e.x - 8, oy + e.y + e.height // 2, 1, 1)[0]
        self.assertGreater(sum(abs(a - b) for a, b in zip(face, page)), 6, (face, page))
        # The first move: what a player needs once they play is there.
        app.key("space")
        wait_for(lambda: len(app.stones()[0]) == 1, message="the first ball")
        wait_for(lambda: app.find_showing("text", "Password"), message="Password once the player plays")
        wait_for(lambda: app.find_showing("button", "Engines…"), message="Engines… once the player plays")

    def test_after_games_that_taught_it_nothing_it_is_not_called_empty(self):
        first = self.start()
        first.quit()
        first.wait_closed()
        folder = os.path.join(first.data, "match5", "knowledge")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "Tester.fivo"), "w") as f:
            f.write(knowledge(lost=1, drawn=0))
        app = self.start(home=first.home, settings={"window_width": 1100, "window_height": 760})
        wait_for(lambda: app.find_showing("label", lambda n: n.startswith(NOTHING_LEARNED)),
                 message="what games without a lesson mean")
        self.assertIsNone(app.find_showing("label", lambda n: n.startswith("This computer knows nothing yet")),
                          "a player who lost is not told the computer knows nothing")
