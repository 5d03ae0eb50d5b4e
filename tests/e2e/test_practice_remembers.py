"""Practice remembers (issue 49): the person's choices across starts, and
the last run's board, chart, summary and lost games while the app runs.
The board shows the last finished game at the end and never moves, the
chart's loss line is a rate over the latest games with the patterns on a
scale of their own, and the stopped run's words say the games once. Real
keys and clicks on the real binary, read through the accessibility tree."""

import re
import time

import pyatspi

from harness import AppTest, wait_for
from pages.five import summary


def place(acc):
    e = acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return (e.x, e.y, e.width, e.height)


class PracticeRemembers(AppTest):
    def open_practice(self, app):
        app.key("ctrl+t")
        wait_for(lambda: app.find_showing("push button", lambda n: n in ("Start", "Start Again")),
                 message="the Practice window")
        return app.window("Practice")

    def choose_opponent(self, app, practice, name):
        """Picks `name` in the Opponent list with real clicks."""
        app.click_on(app.find("combo box", "Opponent", root=practice))
        item = wait_for(lambda: app.find_showing("label", name), message=f"{name} in the list")
        app.click_on(item)
        wait_for(lambda: app.find("label", "Plays any free field", root=practice),
                 message="the chosen opponent's words under the row")

    def test_the_last_run_and_the_choices_are_kept(self):
        app = self.start(settings={"last_page": "five"})
        practice = self.open_practice(app)
        self.choose_opponent(app, practice, "Random")
        app.find("spin button", root=practice).queryValue().currentValue = 30
        app.find_showing("push button", "Start").queryAction().doAction(0)
        board = wait_for(lambda: app.find("table", "The game being played", root=practice),
                         message="the practice board")
        wait_for(lambda: place(board)[2] > 0, message="the board shown")
        time.sleep(0.3)
        places = {place(board)}
        # The board stays where it came up, while the chart fills and
        # after the run ends.
        while not app.find_showing("push button", "Start Again"):
            places.add(place(board))
            time.sleep(0.05)
        time.sleep(0.5)
        places.add(place(board))
        self.assertEqual(len(places), 1, f"the board never moves: {places}")
        # It shows the last game, finished, not one cut off.
        self.assertTrue(board.description.startswith("Game 30. "), board.description)
        said = summary(app)
        self.assertEqual(int(said[0]), 30)
        words = app.find_showing("label", lambda n: re.match(r"30 games: lost", n or "")).name
        # The chart's loss line is a rate over the last 10 games.
        chart = app.find("image", "Learning curve", root=practice)
        self.assertIn("in the 10 games up to game 30", chart.description)
        self.assertTrue(chart.description.startswith("In the first game "), chart.description)
        described = chart.description
        lost_rows = len([r for r in pyatspi.findAllDescendants(practice, lambda a: a.name == "Replay the game")])
        # Closed and opened again: the same run is shown.
        app.key("Escape")
        wait_for(lambda: not app.dialogs(), message="Practice closed")
        practice = self.open_practice(app)
        self.assertTrue(app.find_showing("label", words), "the summary is still there")
        wait_for(lambda: app.find("image", "Learning curve", root=practice).description == described,
                 message="the same chart")
        self.assertEqual(len([r for r in pyatspi.findAllDescendants(practice, lambda a: a.name == "Replay the game")]),
                         lost_rows, "the lost games are still listed")
        self.assertTrue(app.find("label", "Random", root=practice), "Random is still the opponent")
        app.key("Escape")
        wait_for(lambda: not app.dialogs(), message="Practice closed")
        app.quit()
        # What practice learned is unsaved: the prompt asks first.
        save = wait_for(lambda: app.find_showing("push button", "Save"), message="the unsaved-knowledge prompt")
        save.queryAction().doAction(0)
        app.wait_closed()
        # The next start: the choices, not the run.
        self.assertEqual(app.settings_kept()["five"]["practice"]["opponent"], "random")
        app = self.start(home=app.home)
        practice = self.open_practice(app)
        self.assertTrue(app.find("label", "Random", root=practice), "Random is chosen after a new start")
        self.assertEqual(app.find("spin button", root=practice).queryValue().currentValue, 30)
        self.assertFalse(app.find_showing("label", words), "a new start shows no old run")

    def test_a_stopped_run_says_its_games_once(self):
        app = self.start(settings={"last_page": "five"})
        practice = self.open_practice(app)
        app.find("spin button", root=practice).queryValue().currentValue = 1000000
        app.find_showing("push button", "Start").queryAction().doAction(0)
        wait_for(lambda: summary(app) and int(summary(app)[0]) >= 20, timeout=60,
                 message="20 games played")
        app.find_showing("push button", "Stop").queryAction().doAction(0)
        said = wait_for(lambda: app.find_showing("label", lambda n: (n or "").startswith("Stopped after ")),
                        message="the stopped run's words").name
        self.assertRegex(said, r"^Stopped after \d+ of 1000000 games: lost \d+, drew \d+, won \d+, learned \d+ patterns?$")
        # The loss rate is over the last 500 games at most: a tenth of a
        # million is more than that.
        chart = app.find("image", "Learning curve", root=practice)
        self.assertRegex(chart.description, r"in the \d+ games up to game \d+")
