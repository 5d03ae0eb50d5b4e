"""No keyboard trap (issue 50, point 1): every dialog, empty or full,
opened with the keyboard, has the focus inside it and closes with Escape,
giving the focus back to the window. Real keys on the real binary, read
through the accessibility tree."""

import time

import pyatspi

from harness import AppTest, wait_for


def focused_inside(dialog):
    return pyatspi.findDescendant(dialog, lambda a: a.getState().contains(pyatspi.STATE_FOCUSED))


class NoKeyboardTrap(AppTest):
    def test_every_dialog_of_five_in_a_row_closes_with_escape_when_empty(self):
        # A new player: no patterns, no games, an empty hall of fame.
        app = self.start(settings={"last_page": "five"})
        for keys, title in (("ctrl+p", "Error Patterns"), ("ctrl+l", "How the Computer Learned"),
                            ("ctrl+h", "Hall of Fame"), ("ctrl+question", "Keyboard Shortcuts"),
                            ("F1", "Help"), ("ctrl+t", "Practice")):
            with self.subTest(dialog=title):
                app.key(keys)
                dialog = wait_for(lambda: app.window(title), message=f"{title} open")
                focus = wait_for(lambda: focused_inside(dialog), message=f"the focus inside {title}")
                self.assertTrue(focus is not None)
                app.key("Escape")
                wait_for(lambda: app.window(title) is None, message=f"{title} closed by Escape")
                time.sleep(0.3)

    def test_the_other_pages_dialogs_close_with_escape(self):
        app = self.start(settings={"last_page": "tictactoe", "window_height": 820})
        for page, keys, title in (("ctrl+4", "ctrl+t", "Train the Computer"), ("ctrl+4", "ctrl+p", "Learned Positions"),
                                  ("ctrl+3", "ctrl+e", "The Experiment")):
            with self.subTest(dialog=title):
                app.key(page)
                time.sleep(1.0)
                app.key(keys)
                dialog = wait_for(lambda: app.window(title), message=f"{title} open")
                wait_for(lambda: focused_inside(dialog), message=f"the focus inside {title}")
                app.key("Escape")
                wait_for(lambda: app.window(title) is None, message=f"{title} closed by Escape")
                time.sleep(0.3)
