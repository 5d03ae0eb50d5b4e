"""The desktop game as a person uses it: real X input, the real binary."""

import os
import subprocess
import time
import unittest

import pyatspi

from harness import accent_pixels, AppTest, edge_band, screen_pixels, wait_for
from pages.five import knowledge_file, win_against_the_computer
from pieces import read

CLI = os.path.join(os.environ.get("MATCH5_PREFIX", ""), "bin", "match5-cli")


class DesktopGame(AppTest):
    def test_a_toast_never_covers_play_again(self):
        """The save's toast at a game's end rises above Play Again and the
        line above it that says what the computer learned (issue 65,
        point 7), wide and at 360 px."""
        for width, height in ((1000, 700), (360, 640)):
            app = self.start(settings={"window_width": width, "window_height": height})
            status = win_against_the_computer(app, lambda c: app.click(*c))
            self.assertIn("win", status.lower())
            again = wait_for(lambda: app.find_showing("push button", "Play Again"), message="Play Again")
            app.key("ctrl+s")
            learned = wait_for(lambda: app.find_showing("label", lambda n: n.startswith("It learned a new pattern")),
                               message="the line saying what the computer learned")
            toast = wait_for(lambda: app.find_showing("label", lambda n: n.startswith("Saved Tester’s knowledge")),
                             message="the save's toast")
            time.sleep(0.5)  # the toast has slid in
            t = toast.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            b = again.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            self.assertLessEqual(t.y + t.height, b.y, f"at {width} px the toast ({t.y}+{t.height}) ends above "
                                                      f"Play Again ({b.y})")
            # Wrapped to the window, its button within it (at 360 px it ran
            # out of the window before).
            show = app.find("push button", "Show in Files").queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            self.assertLessEqual(show.x + show.width, width, f"at {width} px Show in Files ends in the window: "
                                                             f"{show.x}+{show.width}")
            self.assertLessEqual(t.x + t.width, width, f"at {width} px the toast's words end in the window")
            line = learned.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            self.assertLessEqual(t.y + t.height, line.y, f"at {width} px the toast ({t.y}+{t.height}) ends above "
                                                         f"the line {learned.name!r} ({line.y})")
            app.close()

    def test_a_won_game_teaches_one_pattern_that_is_saved(self):
        app = self.start()
        self.assertIn("Tester · level 0 · new", app.title())
        self.assertEqual(app.status(), "You play blue. Your move")
        self.assertFalse(app.showing("push button", "Play Again"))
        status = win_against_the_computer(app, lambda c: app.click(*c))
        self.assertEqual(status, "You win! The computer learned from it.")
        wait_for(lambda: "level 1" in app.title(), message="level 1 in the title")
        # The winning row is announced and the next game is one click away.
        wait_for(lambda: app.showing("push button", "Play Again"), message="Play Again on screen")
        app.key("ctrl+s")
        path = knowledge_file(app)
        text = wait_for(lambda: os.path.exists(path) and read(path), message="the saved file")
        self.assertEqual(text.count("[[pattern]]"), 1, text)
        self.assertIn("won = 1", text)
        hof = read(os.path.join(app.data, "match5", "hall-of-fame.toml"))
        self.assertIn('player = "Tester"', hof)
        wait_for(lambda: "level 1 · owner" in app.title(), message="owner after saving")

    def test_two_players_take_turns_and_nothing_is_learned(self):
        app = self.start(settings={"two_players": True})
        self.assertEqual(app.status(), "Blue to move")
        # "Computer Starts" means nothing against another person.
        switch = wait_for(lambda: app.find_showing("switch", "Computer Starts"), message="the Computer Starts switch")
        self.assertFalse(switch.getState().contains(pyatspi.STATE_SENSITIVE), "off in two-player mode")
        for x in range(4):
            app.play_and_wait(lambda c: app.click(*c), (x, 0))
            self.assertEqual(app.status(), f"Blue played {'ABCD'[x]}1. Red to move")
            app.play_and_wait(lambda c: app.click(*c), (x, 1))
            self.assertEqual(app.status(), f"Red played {'ABCD'[x]}2. Blue to move")
        app.play_and_wait(lambda c: app.click(*c), (4, 0))
        self.assertEqual(app.status(), "Blue wins!")
        blue, red = app.stones()
        self.assertEqual(blue, {(x, 0) for x in range(5)})
        self.assertEqual(red, {(x, 1) for x in range(4)})
        self.assertIn("level 0", app.title())
        # A click on a finished game changes nothing.
        app.click(8, 8)
        time.sleep(0.5)
        self.assertEqual(app.stones(), (blue, red))

    def test_the_cursor_shows_from_the_first_arrow_key_without_tab(self):
        app = self.start()
        wait_for(lambda: "Cursor on E5" in app.description(), message="the board has the focus")
        # A mouse player sees no cursor; the first arrow key shows it.
        self.assertEqual(accent_pixels(app.cell_pixels(4, 4)), 0, "no cursor before a key")
        app.key("Right")
        wait_for(lambda: "Cursor on F5" in app.description(), message="the cursor moved")
        wait_for(lambda: accent_pixels(app.cell_pixels(5, 4)) > 20, message="the cursor drawn on F5")
        self.assertEqual(accent_pixels(app.cell_pixels(4, 4)), 0, "and not where it was")

    def test_keyboard_only_play_with_undo(self):
        app = self.start()
        cursor = [4, 4]
        wait_for(lambda: "Cursor on E5" in app.description(), message="the cursor in the centre")

        def by_keys(cell):
            x, y = cell
            keys = []
            keys += ["Right"] * max(0, x - cursor[0]) + ["Left"] * max(0, cursor[0] - x)
            keys += ["Down"] * max(0, y - cursor[1]) + ["Up"] * max(0, cursor[1] - y)
            if keys:
                app.key(*keys)
            cursor[:] = [x, y]
            name = f"{chr(ord('A') + x)}{y + 1}"
            wait_for(lambda: f"Cursor on {name}" in app.description(), message=f"cursor on {name}")
            app.key("space")

        app.play_and_wait(by_keys, (4, 4))
        blue, red = app.stones()
        self.assertEqual((len(blue), len(red)), (1, 1), "the computer answered")
        app.key("ctrl+z")
        wait_for(lambda: app.stones() == (set(), set()), message="undo of both moves")
        status = win_against_the_computer(app, by_keys)
        self.assertEqual(status, "You win! The computer learned from it.")
        # Enter on the finished board starts the next game.
        app.key("Return")
        wait_for(lambda: app.stones() == (set(), set()), message="a new game by Enter")
        self.assertEqual(app.status(), "You play blue. Your move")

    def test_the_dutch_ui(self):
        app = self.start(lang="nl")
        self.assertIn("Tester · niveau 0 · nieuw", app.title())
        self.assertEqual(app.status(), "Jij speelt blauw. Jij bent aan zet")
        self.assertEqual(app.board.name, "Bord")
        self.assertIsNotNone(app.find("push button", "Nieuw spel"))
        app.play_and_wait(lambda c: app.click(*c), (4, 4))
        self.assertIn("Blauw: E5. Rood: ", app.board_text())

    def test_saving_after_another_program_merges_or_offers_save_as(self):
        app = self.start()
        win_against_the_computer(app, lambda c: app.click(*c))
        wait_for(lambda: "level 1" in app.title(), message="level 1")
        # Meanwhile match5-cli trains the same player's file.
        path = knowledge_file(app)
        subprocess.run([CLI, "train", "--knowledge", path, "--player", "Tester", "--games", "200",
                        "--opponent", "greedy", "--seed", "4"],
                       env=app.env, check=True, capture_output=True)
        trained = read(path)
        app.key("ctrl+s")
        wait_for(lambda: app.find("label", lambda n: n.startswith("The file was changed by another program: its ")),
                 message="the merge toast")
        merged = wait_for(lambda: read(path) != trained and read(path), message="the merged file")
        games = sum(int(line.split("=")[1]) for line in merged.splitlines()
                    if line.split(" ")[0] in ("won", "lost", "drawn"))
        self.assertEqual(games, 201, merged)
        level = merged.count("[[pattern]]")
        wait_for(lambda: f"Tester · level {level} · owner" in app.title(), message="the merged level")

        # Someone else's knowledge put in its place is never saved over:
        # the next save asks to save under another name.
        other = read(path).replace('player = "Tester"', 'player = "Someone Else"')
        with open(path, "w") as f:
            f.write(other)
        app.key("ctrl+s")
        wait_for(lambda: app.find("label", "The Knowledge File Changed"), message="the conflict dialog")
        self.assertEqual(read(path), other)
        app.click_on(app.find("push button", "Save As…"))
        wait_for(lambda: app.find("label", "Save Knowledge As"), message="the Save As dialog")
        # The name field has the focus (not the default button, where
        # Space would press Save): the keys replace its text.
        app.key("ctrl+a")
        app.type("Tester Two")
        app.key("Return")
        saved = knowledge_file(app, "Tester Two")
        wait_for(lambda: f"Tester Two · level {level} · owner" in app.title(), message="saved under the new name")
        self.assertEqual(read(saved).count("[[pattern]]"), level, "nothing learned is lost")
        self.assertEqual(read(path), other, "the other program's file is untouched")

    def test_a_password_protects_the_knowledge(self):
        app = self.start()
        win_against_the_computer(app, lambda c: app.click(*c))
        app.click_on(app.find("text", "Password"))
        app.type("geheim")
        app.key("Return")
        wait_for(lambda: app.find("label", "Password set: it is stored with the knowledge when you save"),
                 message="the password toast")
        app.key("ctrl+s")
        path = knowledge_file(app)
        text = wait_for(lambda: os.path.exists(path) and read(path), message="the saved file")
        self.assertIn('password = "$argon2id$', text)
        self.assertNotIn("geheim", text)
        app.quit()
        app.wait_closed()

        # Opened again, the knowledge is protected: a user until the password.
        again = self.start(home=app.home)
        wait_for(lambda: "Tester · level 1 · user" in again.title(), message="user status")
        again.click_on(again.find("text", "Password"))
        again.type("wrong")
        again.key("Return")
        wait_for(lambda: again.find("label", "Wrong password: you stay a user"), message="refusal")
        self.assertIn("· user", again.title())
        again.click_on(again.find("text", "Password"))
        again.type("geheim")
        again.key("Return")
        wait_for(lambda: "Tester · level 1 · owner" in again.title(), message="owner status")

    def test_a_learned_pattern_is_announced_and_can_be_viewed(self):
        app = self.start()
        # The computer knows nothing and plays at random: in a rare game its
        # random stones make five first. Then the next game is played.
        for game in range(1, 4):
            status = win_against_the_computer(app, lambda c: app.click(*c))
            if status.startswith("You win"):
                break
            app.key("ctrl+n")
            wait_for(lambda: app.status() == "You play blue. Your move", message="the next game")
        self.assertTrue(status.startswith("You win"), status)
        wait_for(lambda: app.find_showing("label", "It learned a new pattern from this game: pattern 1 of 1."),
                 message=f"what it learned, under the board (status {app.status()!r})")
        # The sidebar no longer says that it knows nothing.
        # Its start is said as a fact once a game is played (issue 65).
        wait_for(lambda: app.find("label", "Nothing. It started knowing nothing and has learned 1 pattern since."),
                 message="the start row's words after the first pattern")
        self.assertIsNone(app.find("label", lambda n: n.startswith("It knows nothing, not even")))
        app.click_on(app.find_showing("push button", "View the Pattern"))
        viewer = wait_for(lambda: app.window("Error Patterns"),
                          message="the pattern viewer")
        title = f"Pattern 1 of 1 · depth 1 · learned in game {game}"
        self.assertIsNotNone(app.find("label", title, root=viewer))
        # A legend says what the marks mean.
        for mark in ("a blue ball", "must be empty", "its answer", "does not matter"):
            self.assertIsNotNone(app.find("label", mark, root=viewer), mark)
        # A–I above the pattern and 1–9 beside it, as on the board: each
        # column's and row's place on the edge holds a drawn character.
        area = app.find("image", title, root=viewer)
        self.assertIsNotNone(area, "the pattern's drawing")
        time.sleep(0.5)
        e = area.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        side = min(e.width, e.height)
        band = edge_band(side)
        size = max(side - 2 * band - 4, 9)
        unit = size / 9
        left, top = e.x + (e.width - size) / 2, e.y + (e.height - size) / 2
        ox, oy = app.origin()

        def marked(x, y, w, h):
            pixels = screen_pixels(int(ox + x), int(oy + y), max(int(w), 1), max(int(h), 1))
            background = max(set(pixels), key=pixels.count)
            return sum(1 for p in pixels if sum(abs(a - b) for a, b in zip(p, background)) > 120)

        for i in range(9):
            self.assertGreater(marked(left + i * unit + 2, top - band, unit - 4, band - 1), 3,
                               f"the letter {'ABCDEFGHI'[i]} above column {i + 1}")
            self.assertGreater(marked(left - band, top + i * unit + 2, band - 1, unit - 4), 3,
                               f"the number {i + 1} beside row {i + 1}")
        app.key("Escape")
        wait_for(lambda: app.window("Error Patterns") is None, message="Escape closes it")
        app.key("ctrl+s")
        wait_for(lambda: os.path.exists(knowledge_file(app)), message="the saved file")
        app.key("ctrl+h")
        hof = wait_for(lambda: app.window("Hall of Fame"),
                       message="the hall of fame")
        self.assertIsNotNone(app.find("label", "Tester", root=hof))
        self.assertIsNotNone(app.find("label", "level 1", root=hof))
        # One player is one row of a row's height, not stretched over the
        # window.
        name = app.find("label", "Tester", root=hof).queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        row = app.find("label", "Tester", root=hof).parent
        while row is not None and row.getRoleName() not in ("list item", "row"):
            row = row.parent
        self.assertIsNotNone(row)
        self.assertLess(row.queryComponent().getExtents(pyatspi.WINDOW_COORDS).height, 3 * name.height + 40)

    def test_deleting_all_patterns_and_saving_erases_the_player(self):
        app = self.start()
        win_against_the_computer(app, lambda c: app.click(*c))
        app.key("ctrl+s")
        path = knowledge_file(app)
        wait_for(lambda: os.path.exists(path), message="the saved file")
        hof = os.path.join(app.data, "match5", "hall-of-fame.toml")
        self.assertIn("Tester", read(hof))
        app.click_on(app.find("push button", "Delete All Patterns…"))
        wait_for(lambda: app.find("label", "Delete All Patterns?"), message="the confirmation")
        app.click_on(app.find("push button", "Delete All"))
        wait_for(lambda: "level 0" in app.title(), message="level 0")
        self.assertTrue(os.path.exists(path), "nothing is erased before saving")
        app.key("ctrl+s")
        wait_for(lambda: not os.path.exists(path), message="the file erased")
        self.assertNotIn("Tester", read(hof))

    def test_a_damaged_settings_file_is_reported_kept_aside_and_replaced(self):
        app = self.start()
        app.quit()
        app.wait_closed()
        path = os.path.join(app.config, "match5", "settings.toml")
        with open(path, "w") as f:
            f.write("window_width = \"wide\"\n[[[ not toml")
        again = self.start(home=app.home)
        wait_for(lambda: pyatspi.findDescendant(
            again._frames()[0],
            lambda a: a.getRoleName() == "label" and a.name.startswith("Your settings could not be read"),
        ), message="the settings message")
        again.play_and_wait(lambda c: again.click(*c), (4, 4))
        again.quit()
        again.wait_closed()
        self.assertIsInstance(again.settings_kept()["window_width"], int, "good settings are kept")
        self.assertFalse(os.path.exists(path), "nothing is written where the damaged file was")
        # The damaged file is kept aside, as it was.
        import glob
        (aside,) = glob.glob(path + ".damaged-*")
        self.assertEqual(read(aside), "window_width = \"wide\"\n[[[ not toml")

    def test_a_360_pixel_window_folds_the_sidebar_and_keeps_the_board(self):
        app = self.start(settings={"window_width": 360, "window_height": 640})
        frame = app._frames()[0].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        board = app.board.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        self.assertLessEqual(frame.width, 380, "the window can be 360 px wide")
        self.assertGreaterEqual(board.width, 300)
        self.assertLessEqual(board.x + board.width, frame.width, "the whole board is in the window")
        self.assertFalse(app.showing("text", "Name"), "the sidebar folded away")
        app.play_and_wait(lambda c: app.click(*c), (8, 8))
        self.assertIn((8, 8), app.stones()[0])

    def test_an_unfinished_game_comes_back(self):
        app = self.start()
        app.play_and_wait(lambda c: app.click(*c), (2, 2))
        app.play_and_wait(lambda c: app.click(*c), (6, 6))
        before = app.stones()
        self.assertEqual(len(before[0]), 2)
        app.quit()
        app.wait_closed()
        again = self.start(home=app.home)
        wait_for(lambda: again.stones() == before, message="the restored board")
        wait_for(lambda: "Your unfinished game is back" in again.toasts(), message="the toast")

    def test_a_brand_new_player_is_not_greeted_back_to_the_computers_opening(self):
        app = self.start(settings={"last_page": "five", "computer_starts": True})
        wait_for(lambda: len(app.stones()[1]) == 1, message="the computer's opening stone")
        app.quit()
        self.assertEqual(app.wait_closed(), 0)
        again = self.start(home=app.home)
        wait_for(lambda: len(again.stones()[1]) == 1, message="a new game, opened by the computer")
        time.sleep(1)
        self.assertNotIn("Your unfinished game is back", again.toasts(), "no game of theirs was kept")

    def test_closing_with_learned_knowledge_asks_to_save(self):
        app = self.start()
        win_against_the_computer(app, lambda c: app.click(*c))
        app.quit()
        dialog_label = wait_for(
            lambda: app.find("label", "Save the Computer’s Knowledge?"), message="the save question"
        )
        self.assertIsNotNone(dialog_label)
        # It names what would be lost.
        self.assertIsNotNone(app.find("label", "The computer learned 1 pattern from Tester’s games since "
                                               "Tester’s knowledge was last saved. Unsaved, it is lost."),
                             "the question names what is unsaved")
        self.assertIsNone(app.proc.poll(), "the app waits for an answer")
        app.key("Return")  # the default answer: Save
        app.wait_closed()
        with open(knowledge_file(app)) as f:
            self.assertEqual(f.read().count("[[pattern]]"), 1)


if __name__ == "__main__":
    unittest.main()
