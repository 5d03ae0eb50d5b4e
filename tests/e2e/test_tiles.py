"""The tile page as a person uses it: real clicks and keys on the real
binary, read through the accessibility tree."""

import json
import os
import re
import subprocess
import time

import pyatspi

from dbus_client import Remote
from harness import AppTest, wait_for, wait_focused
from pages.menus import choose, menu_item, menu_items, open_setup
from pages.tiles import bowls, click_tile, surface, text_of

CLI = os.path.join(os.environ.get("MATCH5_PREFIX", ""), "bin", "match5-cli")

# Femke's board at the example's start, said as the person's own: the
# page's person plays Femke against the computer (issue 65: "you", never
# the seed's name).
START_YOURS = "Your rows of 5: 4 yellow, 2 yellow, 1 yellow, empty, 3 blue."


def choose_player(app, side, steps):
    """Opens `side`'s player list and moves `steps` entries down (up when
    negative) before choosing."""
    row = app.find_showing("combo box", side)
    app.click_on(row)
    time.sleep(1)
    app.key(*(["Down"] * steps if steps > 0 else ["Up"] * -steps), "Return")
    time.sleep(0.5)


class Tiles(AppTest):
    def start_tiles(self, example=True):
        """The tile page; with `example`, the original's Figure 3 chosen
        from the menu (the page opens on a fresh random deal)."""
        # Tall enough to show the player lists below the rules.
        app = self.start(settings={"last_page": "tiles", "window_height": 850})
        wait_for(lambda: surface(app), message="the tile page")
        if example:
            menu_item(app, "The Original’s Example")
            wait_for(lambda: START_YOURS in surface(app).description, message="the original's example")
        return app

    def test_the_originals_example_keeps_the_status_in_view(self):
        # A window shorter than the page: the page scrolls.
        app = self.start(settings={"last_page": "tiles", "window_height": 560})
        wait_for(lambda: surface(app), message="the tile page")
        status = lambda: app.find("label", lambda n: n.startswith("Your turn: "))
        before = wait_for(status, message="the status").queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        menu_item(app, "The Original’s Example")
        wait_for(lambda: START_YOURS in surface(app).description, message="the original's example")
        time.sleep(1.0)
        after = status().queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        self.assertEqual(after.y, before.y, "the status stays where it was, in view")

    def test_it_opens_on_a_fresh_deal_with_the_rules_and_new_game_deals_again(self):
        app = self.start_tiles(example=False)
        description = surface(app).description
        # A fresh game: three bowls of four, empty boards, the rules in view.
        self.assertEqual([y + b for y, b in bowls(app)], [4, 4, 4])
        self.assertIn("Your rows of 5: empty, empty, empty, empty, empty.", description)
        self.assertIn("Lieke’s rows of 5: empty, empty, empty, empty, empty.", description)
        self.assertIsNotNone(text_of(app, "Click the tiles of one colour in a bowl"), "how to move, under the board")
        self.assertIsNotNone(text_of(app, "Your turn: "), "the person is spoken to, not named")
        self.assertIsNone(text_of(app, "Your turn, Femke"), "never by the seed's name")
        # (The tree may list a label more than once: its texts are counted.)
        rules = {a.name for a in pyatspi.findAllDescendants(app._frames()[0], lambda a: a.getRoleName() == "label"
                 and "Take all tiles of one colour from a bowl" in a.name)}
        self.assertEqual(len(rules), 1, "the rules, once")
        self.assertIn("Bowl 1: ", description)
        self.assertNotIn("Bowl 0", description)
        # Femke plays; the computer's move is told in words.
        app.key("Return")
        told = wait_for(lambda: text_of(app, "Lieke took "), message="the computer's move in words")
        self.assertRegex(told, r"^Lieke took \d+ (yellow|blue) tiles? of bowl [1-3] into row [1-5]\.$")
        # New Game (Ctrl+N) deals a fresh game of the same sizes.
        app.key("ctrl+n")
        wait_for(lambda: "Your rows of 5: empty, empty, empty, empty, empty." in surface(app).description
                 and "Lieke’s rows of 5: empty, empty, empty, empty, empty." in surface(app).description,
                 message="a fresh deal")
        self.assertEqual([y + b for y, b in bowls(app)], [4, 4, 4])
        self.assertNotEqual(surface(app).description, description, "another pot")
        # Every other way to begin is behind New Game's arrow, as on the
        # other pages; nothing to start over in the new deal.
        items = open_setup(app)
        self.assertEqual([items[n][1] for n in ("This Deal Again", "The Original’s Example", "Open Game File…",
                                                "Other Sizes…")], [False, True, True, True], items)
        app.key("Escape")
        wait_for(lambda: not menu_items(app), message="the menu closed")
        for gone in ("Start Over", "Other Game"):
            self.assertIsNone(app.find_showing("push button", gone), f"no {gone} under the board")

    def test_a_finished_game_offers_play_again_not_the_experiment(self):
        app = self.start_tiles(example=False)
        # Two random computers play the game to its end.
        choose_player(app, "Lieke", 3)
        choose_player(app, "Femke", 4)
        again = wait_for(lambda: app.find_showing("push button", "Play Again"), timeout=60, message="Play Again")
        self.assertRegex(app.title(), r"— (Femke wins|Lieke wins|A draw), ")
        self.assertFalse(app.find_showing("push button", "Experiment…").getState().contains(pyatspi.STATE_SENSITIVE),
                         "no experiment on a finished game")
        # Toasts come over the board only: Play Again is below it.
        board = surface(app).queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        button = again.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        self.assertGreaterEqual(button.y, board.y + board.height)
        # The focus was on the page (the player lists): Enter plays again.
        wait_focused(again, "Play Again focused")
        app.key("Return")
        wait_for(lambda: not re.search(r"wins|A draw", app.title()), message="a new game")

    def test_a_person_plays_the_computer_by_keys_with_a_hint_and_undo(self):
        app = self.start_tiles()
        self.assertEqual(bowls(app), [(2, 2), (2, 2)])
        self.assertIn(START_YOURS, surface(app).description)
        self.assertIsNotNone(text_of(app, "Your turn: "))
        wait_for(lambda: "— Your turn: choose a bowl" in app.title(), message="whose turn, in the title")
        # The hint says what the CLI's exact search says.
        out = subprocess.run([CLI, "tiles", "example"], check=True, capture_output=True, text=True).stdout
        path = os.path.join(app.home, "spel1.txt")
        with open(path, "w") as f:
            f.write(out)
        best = json.loads(subprocess.run([CLI, "tiles", "best", path, "--json"], check=True, capture_output=True,
                                         text=True).stdout)
        self.assertEqual((best["move"]["bowl"], best["move"]["colour"], best["score"]), (0, "b", 0))
        app.key("ctrl+i")
        # The page counts bowls from 1, the files and the CLI from 0.
        wait_for(lambda: text_of(app, "Best move: the blue tiles of bowl 1. With the best play of both, you end "
                                      "with a score of 0."), message="the hint")
        # Right moves from bowl 0's yellow to its blue tiles; Return takes
        # them: they fill Femke's blue row, then the computer answers.
        app.key("Right", "Return")
        wait_for(lambda: "empty, 5 blue." in surface(app).description, message="Femke's move on the board")
        wait_for(lambda: text_of(app, "Your turn: "), message="the computer's answer")
        self.assertNotIn("Lieke’s rows of 5: 0 blue", surface(app).description)
        # Undo takes back the computer's move and hers.
        app.key("ctrl+z")
        wait_for(lambda: START_YOURS in surface(app).description, message="back at the start")
        self.assertEqual(bowls(app), [(2, 2), (2, 2)])

    def test_two_people_play_by_clicks_and_a_random_game_is_dealt(self):
        app = self.start_tiles()
        # Lieke becomes a person: her list opens on "Computer, best"; the
        # entry above it is "A person".
        choose_player(app, "Lieke", -1)
        # Femke takes bowl 1's yellow tiles (the first tile): her fullest
        # yellow row that holds two more has 2.
        wait_for(lambda: text_of(app, "Femke’s turn"), message="Femke to move")
        click_tile(app, 1, 0)
        wait_for(lambda: "Femke’s rows of 5: 4 yellow, 4 yellow" in surface(app).description,
                 message="the click's move")
        wait_for(lambda: text_of(app, "Lieke’s turn"), message="Lieke, a person, to move")
        # A random game of other sizes.
        choose(app, "Other Sizes…")
        deal = wait_for(lambda: app.find_showing("push button", "Deal a Random Game"), message="the sizes dialog")
        app.click_on(deal)
        wait_for(lambda: len(bowls(app)) == 3, message="three bowls dealt")
        self.assertIn("Femke’s rows of 5: empty, empty, empty, empty, empty.", surface(app).description)

    def test_a_refused_click_is_said_under_the_board_until_the_next_move(self):
        # Narrow, so the line under the board wraps.
        app = self.start(settings={"last_page": "tiles", "window_width": 360, "window_height": 640})
        board = wait_for(lambda: surface(app), message="the tile page")
        remote = Remote("/io/github/match5/Match5/Tiles", "io.github.match5.Match5.Tiles1")
        wait_for(lambda: remote.has_owner("io.github.match5.Match5.Control"), message="the control name")
        # Bowl 1 holds 2 yellow tiles, bowl 2 one of each; Femke's rows of
        # 2 hold 1 blue and 1 yellow, so bowl 1's yellow tiles fit nowhere.
        path = os.path.join(app.home, "refusal.txt")
        with open(path, "w") as f:
            f.write("ggbgg\n2 2\n2 2\n0 1\n1 0\n0 0\n0 0\n0\n")
        remote.call("OpenFile", "s", path)
        remote.call("SetPlayers", "ss", "person", "person")
        wait_for(lambda: bowls(app) == [(2, 0), (1, 1)], message="the crafted game")
        time.sleep(0.5)
        before = board.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        click_tile(app, 0, 0, bowl_size=2, rows=2, length=2)
        reason = "No row has room for the yellow tiles of bowl 1"
        label = wait_for(lambda: app.find_showing("label", lambda n: n.startswith(reason)), message="the refusal")
        time.sleep(0.5)
        after = board.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        self.assertEqual((after.x, after.y, after.width, after.height),
                         (before.x, before.y, before.width, before.height), "the board stays where it was")
        said = label.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        self.assertGreaterEqual(said.y, after.y + after.height, "the reason is under the board, not over it")
        self.assertLessEqual(said.x + said.width, 360, "the reason wraps inside the window")
        self.assertEqual(app.dialogs(), [], "no dialog")
        self.assertEqual(bowls(app), [(2, 0), (1, 1)], "nothing was taken")
        # A move that is allowed replaces the reason with its own words.
        click_tile(app, 1, 1, bowl_size=2, rows=2, length=2)
        wait_for(lambda: bowls(app) != [(2, 0), (1, 1)], message="the allowed move")
        wait_for(lambda: not app.find_showing("label", lambda n: n.startswith(reason)), message="the reason gone")

    def test_one_full_row_is_counted_in_words_in_english_and_dutch(self):
        # One bowl of one yellow tile; Femke's row of 2 holds one: her move
        # fills it and ends the game, one full row to none.
        for lang, first, said in (("en", "person", "You win, 1 full row to 0."),
                                  ("nl", "person", "Femke wint, met 1 volle rij tegen 0.")):
            with self.subTest(lang=lang):
                app = self.start(settings={"last_page": "tiles"}, lang=lang)
                remote = Remote("/io/github/match5/Match5/Tiles", "io.github.match5.Match5.Tiles1")
                wait_for(lambda: remote.has_owner("io.github.match5.Match5.Control"), message="the control name")
                path = os.path.join(app.home, "one-row.txt")
                with open(path, "w") as f:
                    f.write("g\n1 1\n1 2\n1 0\n0 0\n0\n")
                remote.call("OpenFile", "s", path)
                # English: the person against the computer; Dutch: two people.
                remote.call("SetPlayers", "ss", first, "random" if lang == "en" else "person")
                remote.call("Play", "us", 1, "yellow")
                wait_for(lambda: app.find_showing("label", said), message=said)
                app.close()
                self.apps.remove(app)

    def test_the_experiment_runs_to_the_start_and_shows_the_seeds_tree(self):
        app = self.start_tiles()
        app.key("ctrl+e")
        run = wait_for(lambda: app.find("push button", "Run the Experiment"), message="the experiment window")
        run.queryAction().doAction(0)
        done = wait_for(lambda: app.find("label", lambda n: n.startswith("Done: ")), timeout=60,
                        message="the experiment's end")
        moves = int(re.search(r"Done: (\d+) moves taken back", done.name).group(1))
        # The last row is the start: the seed's 5,578 positions.
        self.assertIsNotNone(app.find("label", "5\u2009578"), "the full tree of Figure 3")
        chart = app.find("image", "Positions per move taken back")
        self.assertIn(f"to {moves} moves taken back, the full game tree grew", chart.description)
        self.assertIn("to 5578 positions", chart.description)
        # Every column of the table has its own heading.
        headings = ["Taken back", "Score", "Search: positions", "Search: ms", "Full tree: positions", "Full tree: ms"]
        for heading in headings:
            self.assertIsNotNone(app.find("label", heading), heading)
        if os.environ.get("MATCH5_SHOT"):
            subprocess.run(["import", "-window", "root", os.environ["MATCH5_SHOT"]], check=True)
