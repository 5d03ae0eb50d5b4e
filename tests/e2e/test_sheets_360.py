"""Every sheet fits a 360 × 640 window (issue 49), with real content and
in both languages: after games were won (so the computer has patterns, a
history and the games that taught it) and a practice run, each dialog is
opened at 360 px, and every button, label, image and board shown in it
must lie inside the window, by position: its left edge at or right of
the window's, its right edge at or left of the window's. The dialog
itself lies inside the window from top to bottom.

Nothing is cut either (issue 58, point 3): the title bar shows minimise
and maximise too, and the app reports every label whose text does not
fit its width (MATCH5_REPORT_CUT_LABELS, src/widgets/cut_labels.rs); no
page and no sheet may have one, at 360 px and at 900 px."""

import time
import unittest

import pyatspi
from gi.repository import GLib

from dbus_client import Remote
from flood import FIVE
from harness import App, wait_for, winning_move


TITLES = {
    "en": {"patterns": "Error Patterns", "learned": "How the Computer Learned", "replay": "The Game That Taught Pattern ",
           "fame": "Hall of Fame", "keys": "Keyboard Shortcuts", "help": "Help", "practice": "Practice",
           "experiment": "The Experiment", "train": "Train the Computer",
           "replay_button": "Replay the Game That Taught This", "again": "Start Again", "start": "Start",
           "positions": "Learned Positions"},
    "nl": {"patterns": "Foutpatronen", "learned": "Hoe de computer leerde", "replay": "Het spel dat patroon ",
           "fame": "Eregalerij", "keys": "Sneltoetsen", "help": "Hulp", "practice": "Oefenen",
           "experiment": "Het experiment", "train": "De computer trainen", "positions": "Geleerde stellingen"},
}
SHOWN = ("push button", "button", "toggle button", "label", "image", "table", "spin button", "combo box",
         "list item", "text")


def extents(acc):
    return acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)


def win_games(n):
    """Wins `n` games against the computer over D-Bus: it learns from each."""
    five = Remote(*FIVE)
    for _ in range(n):
        five.call("StartGame", "sa{sv}", "vs-computer", {"discard-unsaved": GLib.Variant("b", True)})
        for _ in range(40):
            board = five.prop("Board").replace("\n", "")
            blue = {(i % 9, i // 9) for i, c in enumerate(board) if c == "B"}
            red = {(i % 9, i // 9) for i, c in enumerate(board) if c == "R"}
            (state,) = five.call("PlayMove", "uu", *winning_move(blue, red))
            if state != "playing":
                break


# The title bar with minimise and maximise beside close, as many people set it.
BUTTONS = "gtk-decoration-layout=appmenu:minimize,maximize,close"
REPORT = {"MATCH5_REPORT_CUT_LABELS": "1"}


def cut(app):
    """The labels the app reports cut now (it says first that it looks: an
    app that does not cannot pass). Not every label cut a moment on the
    way: on a busy machine a window's first layout can be drawn late."""
    app.log.flush()
    app.log.seek(0)
    text = app.log.read()
    app.log.seek(0, 2)
    assert "match5: reporting cut labels" in text, "the app reports cut labels"
    reports = [line.split("cut labels now:", 1)[1].strip() for line in text.splitlines()
               if "match5: cut labels now:" in line]
    return [t for t in reports[-1].split(" | ") if t] if reports else []


class SheetsFit(unittest.TestCase):
    def assert_nothing_cut(self, app, where):
        time.sleep(1.0)  # the app looks every 300 ms, and reports what two looks saw
        self.assertEqual(cut(app), [], f"{where}: labels cut")

    def check(self, app, title):
        """`title`: the dialog's title, or the start of it."""
        dialog = wait_for(lambda: next((d for d in app.dialogs() if (d.name or "").startswith(title)), None),
                          message=f"the dialog {title}")
        time.sleep(0.6)
        frame = extents(app._frames()[0])
        # The window is still 360 px wide (a dialog wider than it would
        # have widened it).
        self.assertEqual(app.window_on_screen.geometry()[2], 360, f"{title}: the window stays 360 px wide")
        self.assertEqual(frame.width, 360, f"{title}: the window stays 360 px wide")
        d = extents(dialog)
        self.assertGreaterEqual(d.x, frame.x, f"{title}: the sheet's left edge")
        self.assertGreaterEqual(d.y, frame.y, f"{title}: the sheet's top")
        self.assertLessEqual(d.x + d.width, frame.x + frame.width, f"{title}: the sheet's right edge")
        self.assertLessEqual(d.y + d.height, frame.y + frame.height, f"{title}: the sheet's bottom")
        shown = pyatspi.findAllDescendants(
            dialog, lambda a: a.getRoleName() in SHOWN and a.getState().contains(pyatspi.STATE_SHOWING))
        self.assertGreater(len(shown), 2, title)
        for acc in shown:
            e = extents(acc)
            if e.width <= 0:
                continue
            self.assertGreaterEqual(e.x, d.x, f"{title}: {acc.getRoleName()} {acc.name!r} starts inside")
            self.assertGreaterEqual(e.y, frame.y, f"{title}: {acc.getRoleName()} {acc.name!r} below the top")
            self.assertLessEqual(e.x + e.width, d.x + d.width, f"{title}: {acc.getRoleName()} {acc.name!r} ends inside")
        self.assert_nothing_cut(app, title)
        return dialog

    def close(self, app, title):
        app.key("Escape")
        wait_for(lambda: not any((d.name or "").startswith(title) for d in app.dialogs()),
                 message=f"{title} closed")

    def test_every_sheet_fits_at_360_px_in_english_and_dutch(self):
        for lang in ("en", "nl"):
            with self.subTest(lang=lang):
                t = TITLES[lang]
                app = App(lang=lang, settings={"window_width": 360, "window_height": 640, "last_page": "five"},
                          env=REPORT, gtk_settings=BUTTONS)
                try:
                    win_games(3)
                    for page in ("ctrl+1", "ctrl+2", "ctrl+3", "ctrl+4", "ctrl+1"):
                        app.key(page)
                        self.assert_nothing_cut(app, f"the page of {page} at 360 px")
                    for keys, title in (("ctrl+h", t["fame"]), ("ctrl+question", t["keys"]), ("F1", t["help"]),
                                        ("ctrl+l", t["learned"])):
                        app.key(keys)
                        self.check(app, title)
                        self.close(app, title)
                    # The patterns, and from there the game that taught one.
                    app.key("ctrl+p")
                    patterns = self.check(app, t["patterns"])
                    replay = wait_for(lambda: app.find(
                        "push button", lambda n: n in ("Replay the Game That Taught This",
                                                       "Speel het spel af dat dit leerde"), root=patterns),
                        message="the replay button")
                    replay.queryAction().doAction(0)
                    self.check(app, t["replay"])
                    self.close(app, t["replay"])
                    self.close(app, t["patterns"])
                    # Practice after a run, with its chart and lost games.
                    app.key("ctrl+t")
                    practice = wait_for(lambda: app.window(t["practice"]), message="Practice")
                    app.find("spin button", root=practice).queryValue().currentValue = 30
                    start = wait_for(lambda: app.find("push button", lambda n: n in ("Start", "Starten", "Begin"),
                                                      root=practice), message="Start")
                    start.queryAction().doAction(0)
                    wait_for(lambda: app.find("push button", lambda n: n in ("Start Again", "Opnieuw starten"),
                                              root=practice), timeout=120, message="the run's end")
                    self.check(app, t["practice"])
                    self.close(app, t["practice"])
                    app.key("ctrl+3")
                    time.sleep(1)
                    app.key("ctrl+e")
                    self.check(app, t["experiment"])
                    self.close(app, t["experiment"])
                    app.key("ctrl+4")
                    time.sleep(1)
                    app.key("ctrl+t")
                    self.check(app, t["train"])
                    self.close(app, t["train"])
                    app.key("ctrl+p")
                    self.check(app, t["positions"])
                    self.close(app, t["positions"])
                finally:
                    app.close()

    def test_nothing_is_cut_at_900_px_in_english_and_dutch(self):
        for lang in ("en", "nl"):
            with self.subTest(lang=lang):
                app = App(lang=lang, settings={"window_width": 900, "window_height": 760, "last_page": "five"},
                          env=REPORT, gtk_settings=BUTTONS)
                try:
                    win_games(1)
                    self.assertEqual(app.window_on_screen.geometry()[2], 900)
                    for page, sheets in (("ctrl+1", ("ctrl+t", "ctrl+p", "ctrl+l", "ctrl+h")), ("ctrl+2", ()),
                                         ("ctrl+3", ("ctrl+e",)), ("ctrl+4", ("ctrl+t", "ctrl+p"))):
                        app.key(page)
                        self.assert_nothing_cut(app, f"the page of {page} at 900 px")
                        for keys in sheets:
                            app.key(keys)
                            wait_for(lambda: app.dialogs(), message=f"the sheet of {keys}")
                            self.assert_nothing_cut(app, f"the sheet of {keys} on {page} at 900 px")
                            app.key("Escape")
                            wait_for(lambda: not app.dialogs(), message=f"the sheet of {keys} closed")
                finally:
                    app.close()
