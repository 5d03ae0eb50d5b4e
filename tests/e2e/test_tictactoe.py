"""The tic-tac-toe page as a person uses it: real keys and clicks on the
real binary, read through the accessibility tree; its knowledge file
shared with the command line."""

import glob
import os
import re
import subprocess
import time
import tomllib

import pyatspi

from harness import AppTest, wait_for
from pages.tictactoe import answered, board, field_pixels, fields, label, named, over

CLI = os.path.join(os.environ.get("MATCH5_PREFIX", ""), "bin", "match5-cli")


def with_and_without_badges(app):
    """Each field's pixels with the preferences shown, then hidden (Ctrl+E),
    and shown again."""
    time.sleep(0.5)
    shown = {f: field_pixels(app, f) for f in range(1, 10)}
    app.key("ctrl+e")
    wait_for(lambda: "(preference" not in board(app).description, message="preferences hidden")
    time.sleep(0.5)
    hidden = {f: field_pixels(app, f) for f in range(1, 10)}
    app.key("ctrl+e")
    wait_for(lambda: "(preference" in board(app).description, message="preferences shown")
    return shown, hidden


def knowledge(app):
    with open(os.path.join(app.data, "match5", "tic-tac-toe.toml"), "rb") as f:
        return tomllib.load(f)


def lowest(cells):
    """The article's number of the lowest of the 8 images of `cells`
    (nine digits, field 1 first), worked out apart from the app."""
    grid = [cells[0:3], cells[3:6], cells[6:9]]

    def turn(g):
        return [[g[2 - c][r] for c in range(3)] for r in range(3)]

    def value(g):
        flat = [d for row in g for d in row]
        return sum(d * 3 ** i for i, d in enumerate(flat))

    images = []
    g = grid
    for _ in range(4):
        images += [g, [row[::-1] for row in g]]
        g = turn(g)
    return min(value(i) for i in images)


class TicTacToe(AppTest):
    def start_page(self, name="Tic-tac-toe board", **kw):
        # Tall enough to show what the computer knows below the board.
        app = self.start(settings={"last_page": "tictactoe", "window_height": 820}, **kw)
        wait_for(lambda: board(app, name), message="the tic-tac-toe page")
        return app

    def test_a_person_beats_the_new_computer_and_it_plays_otherwise_next_time(self):
        app = self.start_page()
        self.assertEqual(set(fields(app).values()), {"empty"})
        self.assertIsNotNone(label(app, "You begin: you play X."))
        # X in the centre; every answer is new at 0, so it takes field 1.
        app.key("5")
        wait_for(lambda: fields(app)[1] == "O", message="the computer's answer")
        self.assertEqual(fields(app)[5], "X")
        self.assertIsNotNone(label(app, "The computer played field 1: it leads to a position it had not seen yet, so its "
                                        "preference is 0. Of the 8 equal fields it takes the first."))
        self.assertIn("Field 2: empty (preference 0)", board(app).description)
        # The toggle hides the preferences (Ctrl+E) and shows them again.
        app.key("ctrl+e")
        wait_for(lambda: "(preference" not in board(app).description, message="preferences hidden")
        app.key("ctrl+e")
        wait_for(lambda: "(preference" in board(app).description, message="preferences shown")
        # X on 3 and 7: the diagonal. Arrow keys and Return for the last.
        app.key("3")
        wait_for(lambda: list(fields(app).values()).count("O") == 2, message="the second answer")
        self.assertEqual(fields(app)[2], "O")
        for k in ("Down", "Left", "Left", "Down"):
            app.key(k)
        app.key("Return")
        wait_for(lambda: label(app, "You win!"), message="the person's win")
        self.assertIn("gets −1", label(app, "You win!"))
        # Why it played its last O goes with the game: the status says
        # what the game taught.
        wait_for(lambda: label(app, "The computer played field ") is None, message="the last answer's reason gone")
        # The window's title says how the game ended, as on every page.
        wait_for(lambda: "— You win! Every position" in app.title(), message="the result in the title")
        # Saved at once: the two positions it made lost a point each.
        k = wait_for(lambda: knowledge(app) if os.path.exists(
            os.path.join(app.data, "match5", "tic-tac-toe.toml")) else None, message="the knowledge file")
        self.assertEqual(k["games"], 1)
        made = {lowest([1 if i == 4 else 2 if i == 0 else 0 for i in range(9)]),
                lowest([2, 2, 1, 0, 1, 0, 0, 0, 0])}
        prefs = {p["value"]: p["preference"] for p in k["position"]}
        self.assertEqual({v: prefs[v] for v in made}, {v: -1 for v in made})
        self.assertEqual(sum(1 for p in prefs.values() if p != 0), 2)
        stored = len(k["position"])
        self.assertIsNotNone(app.find_showing("label", f"{stored} of at most 381"))

        # Another program trains the same knowledge meanwhile.
        subprocess.run([CLI, "tictactoe", "train", "--opponent", "random", "--games", "200", "--seed", "3"],
                       check=True, env=app.env, stdout=subprocess.DEVNULL)
        # The same opening again: the corner lost, so it takes an edge.
        app.key("ctrl+n")
        wait_for(lambda: set(fields(app).values()) == {"empty"}, message="a new game")
        app.key("5")
        wait_for(lambda: "O" in fields(app).values(), message="the computer's answer")
        why = label(app, "The computer played field ")
        self.assertNotEqual(fields(app)[1], "O", why)
        while not over(app):
            x = next(f for f, what in fields(app).items() if what == "empty")
            app.key(str(x))
            wait_for(lambda: over(app) or (fields(app)[x] == "X" and answered(app)), message=f"X on {x} answered")
        # Learned on top of the other program's 200 games, not over them.
        wait_for(lambda: knowledge(app)["games"] == 202, message="1 + 200 + 1 games in the file")
        wait_for(lambda: app.find("label", lambda n: n.startswith("Another program had trained the computer")),
                 message="the toast saying so")

    def test_badges_stay_off_the_persons_crosses_and_the_finished_game(self):
        app = self.start_page()
        app.key("5")
        wait_for(lambda: fields(app)[1] == "O", message="the computer's answer")
        shown, hidden = with_and_without_badges(app)
        self.assertNotEqual(shown[1], hidden[1], "the computer's O carries its preference")
        self.assertNotEqual(shown[2], hidden[2], "an open field carries its preference")
        self.assertEqual(shown[5], hidden[5], "no badge on the person's X")
        # X on 3, then 7: the diagonal wins.
        app.key("3")
        wait_for(lambda: list(fields(app).values()).count("O") == 2, message="the second answer")
        app.key("7")
        wait_for(lambda: label(app, "You win!"), message="the person's win")
        shown, hidden = with_and_without_badges(app)
        self.assertEqual([f for f in shown if shown[f] != hidden[f]], [],
                         "no badge on a finished game, on the winning line or off it")

    def test_training_in_the_background_draws_a_curve_then_positions_and_forget(self):
        app = self.start_page()
        app.key("ctrl+t")
        train = wait_for(lambda: app.find("push button", "Train"), message="the training window")
        train.queryAction().doAction(0)
        wait_for(lambda: app.find("push button", "Train Again"), timeout=60, message="the training's end")
        result = app.find("label", lambda n: n.startswith("1000 games: the computer won"))
        self.assertIsNotNone(result)
        stored = int(re.search(r"It now knows (\d+) positions", result.name).group(1))
        self.assertLessEqual(stored, 381)
        chart = app.find("image", "Learning curve")
        self.assertIn("In the first 25 games the computer lost", chart.description)
        self.assertIn("up to game 1000", chart.description)
        k = knowledge(app)
        self.assertEqual((k["games"], len(k["position"])), (1000, stored))
        app.key("Escape")
        wait_for(lambda: not app.dialogs(), message="the training window closed")
        wait_for(lambda: app.find_showing("label", f"{stored} of at most 381"), message="the page's count")
        self.assertIsNotNone(app.find_showing("label", "1000"))

        app.key("ctrl+p")
        wait_for(lambda: app.find("label", lambda n: n.startswith(f"{stored} of at most 381 positions · learned "
                                                                  "from 1000 games")), message="the positions")
        items = wait_for(lambda: named(app, "table cell", "Position "), message="the position items")
        self.assertEqual(len(items), stored)
        self.assertTrue(all(re.match(r"Position \d+: X on [\d, ]+; O on [\d, ]+; preference ", n) for n in items),
                        items[:3])
        # Its badges are signed as on the board: "±0", never a bare 0 that
        # reads as an O.
        badges = [n for n in named(app, "label", "") if re.fullmatch(r"±0|[+−]\d+", n)]
        self.assertTrue(badges, "signed badges")
        if any(n.endswith("preference 0") for n in items):
            self.assertIn("±0", badges, "a preference of 0 shows as ±0")
        app.key("Escape")
        wait_for(lambda: not app.dialogs(), message="the positions window closed")

        # The page's tree says its buttons are showing again a moment after
        # the positions window went (longer on a busy machine).
        forget = wait_for(lambda: app.find_showing("push button", "Forget…"), message="Forget… on the page")
        app.click_on(forget)
        confirm = wait_for(lambda: app.find("push button", "Forget"), message="the confirmation")
        confirm.queryAction().doAction(0)
        wait_for(lambda: app.find_showing("label", "0 of at most 381"), message="nothing known")
        k = knowledge(app)
        self.assertEqual((k["games"], k.get("position", [])), (0, []))

    def test_a_script_waits_while_the_training_window_trains(self):
        """The window's training holds the computer's file as a script's
        does: a script's move gets Busy (a game it ended would be saved
        under that lock), and the Training property says so."""
        from dbus_client import Remote
        app = self.start_page()
        r = Remote("/io/github/match5/Match5/TicTacToe", "io.github.match5.Match5.TicTacToe1")
        app.key("ctrl+t")
        train = wait_for(lambda: app.find("push button", "Train"), message="the training window")
        games = app.find("spin button")
        games.queryValue().currentValue = 1000000
        train.queryAction().doAction(0)
        wait_for(lambda: r.prop("Training"), message="the window's training shown on D-Bus")
        error, message = r.error_of("Play", "u", 5)
        self.assertEqual(error, "io.github.match5.Match5.Error.Busy", message)
        self.assertEqual(r.prop("Board"), "." * 9)
        # Stopped, or over by itself (random play runs some 100,000 games a second).
        stop = app.find("push button", "Stop")
        if stop is not None:
            stop.queryAction().doAction(0)
        wait_for(lambda: app.find("push button", "Train Again"), timeout=60, message="the training's end")
        wait_for(lambda: not r.prop("Training"), message="the training over on D-Bus")
        self.assertGreater(r.prop("Games"), 0)
        self.assertEqual(r.call("Play", "u", 5)[0] in range(1, 10), True, "moves are taken again")

    def test_a_damaged_file_is_kept_aside_and_the_page_speaks_dutch(self):
        home_app = self.start(settings={"last_page": "five"})
        path = os.path.join(home_app.data, "match5", "tic-tac-toe.toml")
        home = home_app.home
        home_app.close()
        self.apps.remove(home_app)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        damaged = "format = \"match5-tictactoe\"\nversion = 1\n[rewards]\nwin = 1\ndraw = 0\nloss = -1\n\n" \
                  "[[position]]\nvalue = 1\nboard = \"X../.../...\"\npreference = 0\n"
        with open(path, "w") as f:
            f.write(damaged)
        # At 360 px: the toast's long Dutch text wraps inside the window.
        app = self.start(settings={"last_page": "tictactoe", "window_width": 360, "window_height": 720},
                         home=home, lang="nl")
        wait_for(lambda: board(app, "Bord voor boter, kaas en eieren"), message="the tic-tac-toe page")
        toast = wait_for(lambda: app.find_showing("label", lambda n: "regel 9" in n), message="the toast")
        time.sleep(0.5)
        e = toast.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        window = app._frames()[0].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        self.assertGreaterEqual(e.x, window.x, "the toast starts inside the window")
        self.assertLessEqual(e.x + e.width, window.x + window.width, "the toast ends inside the window")
        self.assertGreater(e.height, 40, "its text wraps onto more lines instead of being cut")
        aside = glob.glob(path + ".damaged-*")
        self.assertEqual(len(aside), 1, toast.name)
        with open(aside[0]) as f:
            self.assertEqual(f.read(), damaged)
        self.assertIsNotNone(label(app, "Jij begint: jij speelt kruisje."))
        app.key("5")
        wait_for(lambda: "nulletje" in board(app, "Bord voor boter, kaas en eieren").description,
                 message="the computer's nulletje")
        self.assertIsNotNone(app.find_showing("label", lambda n: "voorkeurswaarde" in n))

    def test_the_dutch_buttons_fit_one_row_at_900_pixels(self):
        app = self.start(settings={"last_page": "tictactoe", "window_width": 900, "window_height": 820}, lang="nl")
        wait_for(lambda: board(app, "Bord voor boter, kaas en eieren"), message="the tic-tac-toe page")
        buttons = [wait_for(lambda: app.find_showing("push button", name), message=name)
                   for name in ("Trainen…", "Stellingen…", "Vergeten…")]
        rows = {b.queryComponent().getExtents(pyatspi.WINDOW_COORDS).y for b in buttons}
        self.assertEqual(len(rows), 1, "the three buttons stand in one row")

    def test_ctrl_4_shows_the_page_whose_board_takes_the_keys_and_fits_360_pixels(self):
        app = self.start(settings={"window_width": 360, "window_height": 700})
        app.key("ctrl+4")
        view = wait_for(lambda: board(app), message="the tic-tac-toe page by Ctrl+4")
        wait_for(lambda: "0 positions learned" in app.title(), message="its subtitle in the title")
        app.key("5")
        wait_for(lambda: fields(app)[5] == "X" and fields(app)[1] == "O", message="X by the keyboard, then O")
        frame = app._frames()[0].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        e = view.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        self.assertLessEqual(e.x + e.width, frame.width, "the board fits")
        self.assertGreaterEqual(e.height, 200, "the board keeps its size")
        # The header's New Game acts on this page.
        app.key("ctrl+n")
        wait_for(lambda: set(fields(app).values()) == {"empty"}, message="a new game by Ctrl+N")
