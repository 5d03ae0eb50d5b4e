"""The tile page as a person uses it: real clicks and keys on the real
binary, read through the accessibility tree."""

import json
import os
import re
import subprocess
import time

import pyatspi

from harness import AppTest, wait_for

CLI = os.path.join(os.environ.get("MATCH5_PREFIX", ""), "bin", "match5-cli")

START_FEMKE = "Femke’s rows of 5: 4 yellow, 2 yellow, 1 yellow, empty, 3 blue."


def surface(app):
    return app.find_showing("image", "Bowls and boards")


def bowls(app):
    """[(yellow, blue)] per bowl, from the surface's description."""
    return [(int(y), int(b)) for y, b in re.findall(r"Bowl \d+: (\d+) yellow, (\d+) blue", surface(app).description)]


def text_of(app, start):
    label = app.find_showing("label", lambda n: n.startswith(start))
    return label.name if label else None


def click_tile(app, bowl, index, bowl_size=4, rows=5, length=5):
    """Clicks tile `index` (yellow first) of `bowl` where the page draws it
    (the layout of src/games/tiles/drawing.rs)."""
    held = bowls(app)
    e = surface(app).queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    w, h = e.width, e.height
    inner = max(w - 20.0, 40.0)
    pot_tile = min(max(inner / 26.0, 8.0), 18.0)
    bowl_w = min(inner / len(held) - 8.0, 150.0)
    bowl_tile = min(bowl_w / (bowl_size + 1.0), 26.0)
    bowl_h = bowl_tile * 1.8
    gap, label, bowl_label = 14.0, 22.0, 16.0
    cell = min((inner - gap) / 2.0 / length, 40.0)
    need = pot_tile + gap + bowl_h + bowl_label + gap + label + rows * cell + 6.0
    scale = max(min((h - 20.0) / need, 1.0), 0.3)
    pot_tile, bowl_w, bowl_tile, bowl_h, cell = (
        pot_tile * scale, bowl_w * max(scale, 0.6), bowl_tile * scale, bowl_h * scale, cell * scale)
    used = pot_tile + gap + bowl_h + bowl_label + gap + label + rows * cell + 6.0
    top = 10.0 + max((h - 20.0 - used) / 2.0, 0.0)
    bowls_top = top + pot_tile + gap
    bowls_w = len(held) * (bowl_w + 8.0) - 8.0
    left = 10.0 + (inner - bowls_w) / 2.0 + bowl * (bowl_w + 8.0)
    count = sum(held[bowl])
    x0 = left + (bowl_w - count * bowl_tile * 1.08) / 2.0
    x = x0 + index * bowl_tile * 1.08 + bowl_tile / 2.0
    y = bowls_top + bowl_h / 2.0
    ox, oy = app.origin()
    subprocess.run(["xdotool", "mousemove", "--sync", str(int(ox + e.x + x)), str(int(oy + e.y + y)), "click", "1"],
                   check=True)


class Tiles(AppTest):
    def start_tiles(self):
        app = self.start(settings={"last_page": "tiles"})
        wait_for(lambda: surface(app), message="the tile page")
        return app

    def test_a_person_plays_the_computer_by_keys_with_a_hint_and_undo(self):
        app = self.start_tiles()
        self.assertEqual(bowls(app), [(2, 2), (2, 2)])
        self.assertIn(START_FEMKE, surface(app).description)
        self.assertIsNotNone(text_of(app, "Femke’s turn"))
        wait_for(lambda: "— Femke’s turn: choose a bowl" in app.title(), message="whose turn, in the title")
        # The hint says what the CLI's exact search says.
        out = subprocess.run([CLI, "tiles", "example"], check=True, capture_output=True, text=True).stdout
        path = os.path.join(app.home, "spel1.txt")
        with open(path, "w") as f:
            f.write(out)
        best = json.loads(subprocess.run([CLI, "tiles", "best", path, "--json"], check=True, capture_output=True,
                                         text=True).stdout)
        self.assertEqual((best["move"]["bowl"], best["move"]["colour"], best["score"]), (0, "b", 0))
        app.key("ctrl+i")
        wait_for(lambda: text_of(app, "Best move: the blue tiles of bowl 0. With the best play of both, Femke ends "
                                      "with a score of 0."), message="the hint")
        # Right moves from bowl 0's yellow to its blue tiles; Return takes
        # them: they fill Femke's blue row, then the computer answers.
        app.key("Right", "Return")
        wait_for(lambda: "empty, 5 blue." in surface(app).description, message="Femke's move on the board")
        wait_for(lambda: text_of(app, "Femke’s turn"), message="the computer's answer")
        self.assertNotIn("Lieke’s rows of 5: 0 blue", surface(app).description)
        # Undo takes back the computer's move and hers.
        app.key("ctrl+z")
        wait_for(lambda: START_FEMKE in surface(app).description, message="back at the start")
        self.assertEqual(bowls(app), [(2, 2), (2, 2)])

    def test_two_people_play_by_clicks_and_a_random_game_is_dealt(self):
        app = self.start_tiles()
        # Lieke becomes a person: her list opens on "Computer, best"; the
        # entry above it is "A person".
        row = app.find_showing("combo box", "Lieke")
        self.assertIsNotNone(row, "Lieke's player row")
        app.click_on(row)
        time.sleep(1)
        app.key("Up", "Return")
        time.sleep(0.5)
        # Femke takes bowl 1's yellow tiles (the first tile): her fullest
        # yellow row that holds two more has 2.
        wait_for(lambda: text_of(app, "Femke’s turn"), message="Femke to move")
        click_tile(app, 1, 0)
        wait_for(lambda: "Femke’s rows of 5: 4 yellow, 4 yellow" in surface(app).description,
                 message="the click's move")
        wait_for(lambda: text_of(app, "Lieke’s turn"), message="Lieke, a person, to move")
        # A random game of other sizes.
        other = next(filter(None, (app.find_showing(role, "Other Game")
                                   for role in ("toggle button", "push button", "button", "menu button"))), None)
        self.assertIsNotNone(other, "the Other Game button")
        app.click_on(other)
        deal = wait_for(lambda: app.find("push button", "Deal a Random Game"), message="the popover")
        # The popover is a surface of its own: its button is pressed
        # through the accessibility interface.
        deal.queryAction().doAction(0)
        wait_for(lambda: len(bowls(app)) == 3, message="three bowls dealt")
        self.assertIn("Femke’s rows of 5: empty, empty, empty, empty, empty.", surface(app).description)

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
        if os.environ.get("MATCH5_SHOT"):
            subprocess.run(["import", "-window", "root", os.environ["MATCH5_SHOT"]], check=True)
