"""No keyboard trap (issue 50, point 1; issue 56): every dialog, empty or
full, opened with the keyboard, has the focus inside it and closes with
Escape, giving the focus back to where it was before it opened: the same
widget of the window, or of the dialog a second one was opened from
(Replay from Error Patterns, Engines… from Practice). Alerts (the save
question on quitting) and About too. Real keys on the real binary, read
through the accessibility tree."""

import time

import pyatspi

import scripted
from dbus_client import Remote
from harness import AppTest, wait_for


def focused_inside(root):
    return pyatspi.findDescendant(root, lambda a: a.getState().contains(pyatspi.STATE_FOCUSED))


def who(acc):
    """A focused widget told apart from others: its role, name and place."""
    if acc is None:
        return None
    e = acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return (acc.getRoleName(), acc.name, e.x, e.y, e.width, e.height)


def tab_to(app, acc, name):
    """Tab until `acc` has the focus, as a keyboard user gets there."""
    for _ in range(30):
        if acc.getState().contains(pyatspi.STATE_FOCUSED):
            return
        app.key("Tab")
        time.sleep(0.1)
    raise AssertionError(f"Tab never reached {name}")


class NoKeyboardTrap(AppTest):
    def window_focus(self, app):
        """The focused widget of the window, outside every dialog."""
        focus = focused_inside(app._frames()[0])
        inside_a_dialog = focus is not None and any(
            focused_inside(d) is not None for d in app.dialogs())
        return None if inside_a_dialog else who(focus)

    def escape_returns_the_focus(self, app, keys, title, root_focus):
        """`keys` open `title` with the focus inside it; Escape closes it and
        the focus goes back to `root_focus()` as it was before."""
        before = root_focus()
        self.assertIsNotNone(before)
        app.key(keys)
        dialog = wait_for(lambda: app.window(title), message=f"{title} open")
        wait_for(lambda: focused_inside(dialog), message=f"the focus inside {title}")
        app.key("Escape")
        wait_for(lambda: app.window(title) is None, message=f"{title} closed by Escape")
        wait_for(lambda: root_focus() == before, message=f"the focus back where it was before {title}: {before}, "
                                                         f"now {root_focus()}")

    def open_from_the_window(self, app, keys, title):
        before = self.window_focus(app)
        self.assertIsNotNone(before, "the window has the focus")
        app.key(keys)
        dialog = wait_for(lambda: app.window(title), message=f"{title} open")
        wait_for(lambda: focused_inside(dialog), message=f"the focus inside {title}")
        app.key("Escape")
        wait_for(lambda: app.window(title) is None, message=f"{title} closed by Escape")
        wait_for(lambda: self.window_focus(app) == before,
                 message=f"the focus back on {before} after {title}, not {self.window_focus(app)}")
        time.sleep(0.3)

    def test_every_dialog_of_five_in_a_row_closes_with_escape_when_empty(self):
        # A new player: no patterns, no games, an empty hall of fame.
        app = self.start(settings={"last_page": "five"})
        app.key("Tab")  # the focus on a widget of the window, as a keyboard user has it
        for keys, title in (("ctrl+p", "Error Patterns"), ("ctrl+l", "How the Computer Learned"),
                            ("ctrl+h", "Hall of Fame"), ("ctrl+question", "Keyboard Shortcuts"),
                            ("F1", "Help"), ("ctrl+t", "Practice")):
            with self.subTest(dialog=title):
                self.open_from_the_window(app, keys, title)

    def test_the_other_pages_dialogs_close_with_escape(self):
        app = self.start(settings={"last_page": "tictactoe", "window_height": 820})
        for page, keys, title in (("ctrl+4", "ctrl+t", "Train the Computer"), ("ctrl+4", "ctrl+p", "Learned Positions"),
                                  ("ctrl+3", "ctrl+e", "The Experiment")):
            with self.subTest(dialog=title):
                app.key(page)
                time.sleep(1.0)
                self.open_from_the_window(app, keys, title)

    def test_a_dialog_opened_from_a_dialog_gives_the_focus_back_to_it(self):
        app = self.start(settings={"last_page": "five"})
        scripted.five_in_a_row(self, player="Tester")  # a pattern, and the game that taught it
        # Replay, from Error Patterns.
        app.key("ctrl+p")
        viewer = wait_for(lambda: app.window("Error Patterns"), message="Error Patterns")
        replay = wait_for(lambda: app.find("push button", "Replay the Game That Taught This", root=viewer),
                          message="the Replay button")
        tab_to(app, replay, "Replay")
        self.escape_returns_the_focus(app, "Return", "The Game That Taught Pattern 1",
                                      lambda: who(focused_inside(viewer)))
        app.key("Escape")
        wait_for(lambda: app.window("Error Patterns") is None, message="Error Patterns closed")
        # Engines…, from Practice.
        app.key("ctrl+t")
        practice = wait_for(lambda: app.window("Practice"), message="Practice")
        engines = wait_for(lambda: app.find("push button", "Engines…", root=practice) or
                           app.find("button", "Engines…", root=practice), message="Engines…")
        tab_to(app, engines, "Engines…")
        self.escape_returns_the_focus(app, "Return", "Engines", lambda: who(focused_inside(practice)))
        app.key("Escape")
        wait_for(lambda: app.window("Practice") is None, message="Practice closed")

    def test_the_save_question_and_about_close_with_escape(self):
        app = self.start(settings={"last_page": "five"})
        scripted.five_in_a_row(self, player="Tester")  # unsaved: quitting asks
        app.key("Tab")
        before = self.window_focus(app)
        app.key("ctrl+q")
        alert = wait_for(lambda: next((d for d in app.dialogs() if d.name == "Save the Computer’s Knowledge?"), None),
                         message="the save question")
        wait_for(lambda: focused_inside(alert), message="the focus inside the question")
        app.key("Escape")
        wait_for(lambda: not app.dialogs(), message="the question closed by Escape")
        self.assertIsNone(app.proc.poll(), "Escape cancels: the app runs on")
        wait_for(lambda: self.window_focus(app) == before, message="the focus back after the question")
        # About, as the main menu opens it.
        Remote().activate_action("about")
        about = wait_for(lambda: next((d for d in app.dialogs() if "About" in (d.name or "") or
                                       d.name == "Match5"), None), message="About")
        wait_for(lambda: focused_inside(about), message="the focus inside About")
        app.key("Escape")
        wait_for(lambda: not app.dialogs(), message="About closed by Escape")
        wait_for(lambda: self.window_focus(app) == before, message="the focus back after About")
