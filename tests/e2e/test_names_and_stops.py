"""One name per focusable object and one Tab stop per button (issue 50,
point 6): real Tab presses on every page, read through the accessibility
tree as a screen reader reads it."""

import re
import time

import pyatspi

from harness import AppTest, wait_for, winning_move


def focused(app, root=None):
    """The focused object, in the window or in `root`: its role, name, left
    edge and size (two buttons of one name are two stops; its height on
    the page changes as the page scrolls to it)."""
    for frame in [root] if root is not None else app._frames():
        a = pyatspi.findDescendant(frame, lambda a: a.getState().contains(pyatspi.STATE_FOCUSED))
        if a is not None:
            e = a.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            return a.getRoleName(), a.name, e.x, e.width, e.height
    return None


def focused_now(app):
    """The focused object once the focus has moved: on a busy machine the
    one left says so before the next one does. None if nothing takes it
    within 2 s (stretched by the suite's patience)."""
    try:
        return wait_for(lambda: focused(app), timeout=2, step=0.05, message="the focus")
    except AssertionError:
        return None


def doubled(name):
    """"Name Name": the same words said twice."""
    words = name.split()
    half = len(words) // 2
    return len(words) % 2 == 0 and half > 0 and words[:half] == words[half:]


class NamesAndStops(AppTest):
    def test_tab_visits_every_page_once_round_with_named_stops(self):
        app = self.start(settings={"last_page": "five", "window_width": 1100})
        for n in (1, 2, 3, 4):
            with self.subTest(page=n):
                app.key(f"ctrl+{n}")
                time.sleep(1.5)
                start, stops = self.tab_round(app)
                self.assertEqual(stops[-1], start, f"Tab comes back round: {stops}")
                unnamed = [s for s in stops if not s or not s[1].strip()]
                self.assertEqual(unnamed, [], f"every stop has a name: {stops}")
                self.assertEqual([s for s in stops if doubled(s[1])], [], "no name said twice")
                # A button is one stop: the stop before it is not its box.
                twice = [(a, b) for a, b in zip(stops, stops[1:])
                         if a[1] == b[1] and b[0] in ("button", "toggle button", "push button")]
                self.assertEqual(twice, [], f"one stop per button: {stops}")
                # Whatever can take the focus is named once ("Name", not
                # "Name Name"), whether Tab reaches it or a click does.
                focusable = pyatspi.findAllDescendants(app._frames()[0], lambda a: a.getState().contains(
                    pyatspi.STATE_FOCUSABLE) and a.getState().contains(pyatspi.STATE_SHOWING))
                self.assertEqual([a.name for a in focusable if doubled(a.name)], [], "no name said twice")

    def tab_round(self, app, start=None, most=60):
        """The stops Tab visits until it is back where it started."""
        start = start or focused(app)
        stops = []
        for _ in range(most):
            app.key("Tab")
            time.sleep(0.1)
            stops.append(focused_now(app))
            if stops[-1] == start:
                break
        return start, stops

    def test_practice_and_the_patterns_have_named_stops(self):
        app = self.start(settings={"last_page": "five", "window_width": 1100})
        for _ in range(40):
            if "win" in app.status().lower():
                break
            blue, red = app.stones()
            app.play_and_wait(lambda c: app.click(*c), winning_move(blue, red))
        self.assertIn("win", app.status().lower(), "a won game: the viewer shows its pattern and legend")
        for keys, title in (("ctrl+p", "Error Patterns"), ("ctrl+t", "Practice")):
            with self.subTest(dialog=title):
                app.key(keys)
                wait_for(lambda: app.window(title), message=title)
                time.sleep(0.8)
                start, stops = self.tab_round(app)
                self.assertEqual(stops[-1], start, f"Tab comes back round: {stops}")
                self.assertEqual([s for s in stops if not s or not s[1].strip()], [], f"named stops: {stops}")
                self.assertEqual([s for s in stops if s[0] == "table cell"], [], f"the legend is no stop: {stops}")
                app.key("Escape")
                wait_for(lambda: app.window(title) is None, message=f"{title} closed")

    def test_a_new_players_error_patterns_have_named_stops(self):
        """The Error Patterns of a new player, with none yet: the focus sat
        on an unnamed "scroll pane", the sheet's only Tab stop (a busy run
        had opened the viewer before its first pattern was in)."""
        app = self.start(settings={"last_page": "five", "window_width": 1100})
        app.key("ctrl+p")
        wait_for(lambda: app.window("Error Patterns"), message="Error Patterns")
        time.sleep(0.8)
        start, stops = self.tab_round(app)
        self.assertEqual(stops[-1], start, f"Tab comes back round: {stops}")
        self.assertEqual([s for s in stops if not s or not s[1].strip()], [], f"named stops: {stops}")

    def test_dialogs_open_on_something_named(self):
        app = self.start(settings={"last_page": "five"})
        for keys, title in (("ctrl+l", "How the Computer Learned"), ("ctrl+h", "Hall of Fame"), ("F1", "Help")):
            with self.subTest(dialog=title):
                app.key(keys)
                wait_for(lambda: app.window(title), message=title)
                time.sleep(0.5)
                dialog = app.window(title)
                if title in ("How the Computer Learned", "Hall of Fame"):
                    # Empty for a new player: nothing in it to focus by
                    # name (libadwaita 1.10 keeps the focus on its own
                    # unnamed pane); a screen reader says the dialog's name
                    # as it opens (test_orca.py hears "Hall of Fame dialog").
                    self.assertEqual(app.window(title).getRoleName(), "dialog")
                    self.assertEqual(app.window(title).name, title)
                else:
                    # The focus inside the dialog, not left in the window.
                    role, name, *_ = wait_for(lambda: focused(app, dialog), message=f"the focus inside {title}")
                    self.assertTrue(name.strip(), f"{title} opens on a named {role}")
                app.key("Escape")
                wait_for(lambda: app.window(title) is None, message=f"{title} closed")

    def test_ctrl_question_opens_libadwaitas_shortcuts_dialog_that_searches(self):
        """GNOME's own Keyboard Shortcuts dialog (AdwShortcutsDialog, as in
        GNOME's games): it opens on its search, and typed words keep only
        the shortcuts that match."""
        app = self.start(settings={"last_page": "five"})
        app.key("ctrl+question")
        dialog = wait_for(lambda: app.window("Keyboard Shortcuts"), message="the shortcuts")
        search = wait_for(lambda: pyatspi.findDescendant(
            dialog, lambda a: a.getRoleName() == "entry" and a.name == "Search shortcuts"), message="its search")
        self.assertTrue(search.getState().contains(pyatspi.STATE_FOCUSED), "it opens on its search")
        app.type("quit")
        wait_for(lambda: {r.name for r in pyatspi.findAllDescendants(
            dialog, lambda a: a.getRoleName() == "list item" and a.getState().contains(pyatspi.STATE_SHOWING))}
            == {"Quit: Ctrl+Q"}, message="only Quit, with its keys")

    def test_shortcut_rows_carry_their_keys(self):
        app = self.start(settings={"last_page": "five"})
        app.key("ctrl+question")
        dialog = wait_for(lambda: app.window("Keyboard Shortcuts"), message="the shortcuts")
        rows = wait_for(lambda: pyatspi.findAllDescendants(dialog, lambda a: a.getRoleName() == "list item"),
                        message="the rows")
        names = [r.name for r in rows]
        self.assertIn("New game: Ctrl+N", names)
        self.assertIn("Quit: Ctrl+Q", names)
        self.assertEqual([n for n in names if ": " not in n], [], "every row says its keys")

    def test_the_boards_description_ends_each_sentence(self):
        app = self.start(settings={"last_page": "five"})
        app.key("Return")
        wait_for(lambda: len(app.stones()[1]) == 1, message="the computer's answer")
        # The whole board, as Where Am I says it.
        description = app.board_text()
        status = app.status()
        self.assertIn(f"{status}.", description, "the status is a sentence of its own")
        self.assertIsNone(re.search(r"[a-z0-9] [A-Z][a-z]+ played", description), description)
