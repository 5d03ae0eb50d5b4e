"""The computer's style (issue 76): the person chooses the sharp computer
in the sidebar with the mouse, sees which one they play and what it does,
and Show Why says what the sharp one read on the board ("it stopped your
open three"); the choice is kept for the next start. A script chooses it
with StartGame's `style` and reads it in the `Style` property; a style
that is none is refused with words and changes nothing."""

import re
import shutil
import tempfile
import time

from gi.repository import GLib

from dbus_client import Remote
from harness import AppTest, wait_for, winning_move

CLASSIC = "Where no pattern tells it, it plays a random field next to a ball"
SHARP = "Where no pattern tells it, it makes and stops fives, fours and open threes"
# Show Why's sentences for the sharp computer's free moves.
SHARP_WHY = re.compile(r"^Why [A-I][1-9]: (the first ball goes in the middle|it makes five|it stopped your"
                       r"|a four, and the fours|a threat;|your attack could not be stopped|no threats either way)")


def style_row(app):
    return wait_for(lambda: app.find_showing("combo box", "Computer Style"), message="the Computer Style row")


def why(app):
    label = app.find_showing("label", lambda n: (n or "").startswith("Why "))
    return label.name if label else None


class ChosenStyle(AppTest):
    def test_the_sharp_computer_chosen_in_the_sidebar_says_what_it_stopped_and_is_kept(self):
        home = tempfile.mkdtemp(prefix="match5-e2e-style-")
        self.addCleanup(shutil.rmtree, home, True)
        app = self.start(home=home, settings={"last_page": "five", "show_why": True})
        row = style_row(app)
        self.assertIsNotNone(app.find("label", "As in 2012", root=row), "the 2012 computer is the default")
        wait_for(lambda: app.find("label", lambda n: (n or "").startswith(CLASSIC)), message="what the 2012 one does")
        app.click_on(row)
        wait_for(lambda: app.find_showing("label", "Sharp"), message="the list of styles")
        time.sleep(0.5)
        app.key("Down", "Return")
        wait_for(lambda: app.find("label", lambda n: (n or "").startswith(SHARP)), message="what the sharp one does")
        self.assertIsNotNone(app.find("label", "Sharp", root=style_row(app)), "the row shows the style chosen")
        remote = Remote()
        self.assertEqual(remote.prop("Style"), "sharp")
        # Played with the mouse: blue builds its lines; every free reply is
        # the sharp one's, said as what it read, and it stops the threats.
        whys = []
        for _ in range(40):
            if remote.prop("State") not in ("idle", "playing"):
                break
            blue, red = app.stones()
            app.play_and_wait(lambda c: app.click(*c), winning_move(blue, red))
            said = wait_for(lambda: why(app) or remote.prop("State") not in ("idle", "playing") and "over",
                            message="Show Why's sentence after the computer's move")
            if said != "over":
                whys.append(said)
                self.assertEqual(remote.prop("LastReason")["kind"], "sharp", said)
        print("Show Why:", whys, flush=True)
        self.assertTrue(whys, "the computer answered")
        for said in whys:
            self.assertRegex(said, SHARP_WHY, "a sharp free move says what it read, never 'a free move'")
        self.assertTrue(any("it stopped your" in s for s in whys), f"it stopped a threat of blue's: {whys}")
        print("the game ended:", remote.prop("State"), flush=True)
        # Kept: the next start plays the sharp computer.
        wait_for(lambda: app.settings_kept()["five"]["style"] == "sharp", message="the style in the settings")
        app.close()
        again = self.start(home=home)
        wait_for(lambda: again.find("label", "Sharp", root=style_row(again)), message="Sharp after a restart")
        self.assertEqual(Remote().prop("Style"), "sharp")


class ScriptedStyle(AppTest):
    def test_start_game_chooses_the_style_and_refuses_one_that_is_none(self):
        app = self.start(settings={"last_page": "five"})
        style_row(app)
        remote = Remote()
        self.assertEqual(remote.prop("Style"), "classic")
        remote.call("StartGame", "sa{sv}", "vs-computer", {"style": GLib.Variant("s", "sharp")})
        self.assertEqual(remote.prop("Style"), "sharp")
        wait_for(lambda: app.find("label", "Sharp", root=style_row(app)), message="the sidebar follows the script")
        name, words = remote.error_of("StartGame", "sa{sv}", "vs-computer", {"style": GLib.Variant("s", "fast")})
        self.assertEqual(name, "io.github.match5.Match5.Error.InvalidOption")
        self.assertEqual(words, "There is no style “fast”: use classic or sharp.")
        name, _ = remote.error_of("StartGame", "sa{sv}", "vs-computer", {"style": GLib.Variant("u", 1)})
        self.assertEqual(name, "io.github.match5.Match5.Error.InvalidOption")
        self.assertEqual(remote.prop("Style"), "sharp", "a refused call changes nothing")
        # The sharp computer's reason on the bus: what it read.
        remote.call("PlayMove", "uu", 4, 4)
        reason = remote.prop("LastReason")
        self.assertEqual(reason["kind"], "sharp")
        self.assertIn(reason["why"], ("shape", "centre", "stop-five", "stop-fours", "stop-threats", "hardest",
                                      "five", "win-by-fours", "win-by-threats"))
        self.assertIn("budget-ended", reason)
        remote.call("StartGame", "sa{sv}", "vs-computer", {"style": GLib.Variant("s", "classic")})
        remote.call("PlayMove", "uu", 3, 3)
        self.assertEqual(remote.prop("LastReason")["kind"], "free", "the 2012 computer knows nothing")
