"""A new game is its folder and one line of the registry. The test-only
example page (src/games/lightsout, a 3x3 lights out) is built with the
feature `example-page` as target/debug/match5-example; nothing outside its
folder names it. These tests show what the shell gives it from the
registry alone: a place in the view switcher and Ctrl+5, clicks and keys,
its section in Help, its keys in Keyboard Shortcuts, its app action, and
its D-Bus object, with named errors in the app's words and the state
unchanged."""

import os
import unittest

import pyatspi

from dbus_client import NAME, Remote
from harness import App, wait_for

EXAMPLE = os.environ.get("MATCH5_EXAMPLE_BIN", os.path.abspath("target/debug/match5-example"))
OBJECT = "/io/github/match5/Match5/LightsOut"
IFACE = "io.github.match5.Match5.LightsOut1"
ERR = "io.github.match5.Match5.Error."


@unittest.skipUnless(os.path.exists(EXAMPLE), "tests/e2e/run builds target/debug/match5-example")
class ExamplePage(unittest.TestCase):
    def setUp(self):
        self.app = App(binary=EXAMPLE)

    def tearDown(self):
        self.app.close()

    def show(self):
        """Brings the page forward by its tab in the view switcher."""
        app = self.app
        app.click_on(wait_for(lambda: app.find_showing("page tab", "Lights Out"), message="its tab"))
        return wait_for(lambda: app.find_showing("push button", "Light 5, on"), message="the lights")

    def test_it_is_in_the_switcher_after_the_four_games_and_plays_by_click_and_key(self):
        app = self.app
        tabs = [a.name for a in pyatspi.findAllDescendants(
            app._frames()[0], lambda a: a.getRoleName() == "page tab" and a.getState().contains(pyatspi.STATE_SHOWING))]
        self.assertEqual(tabs[-1], "Lights Out", tabs)
        self.assertGreater(len(tabs), 1)
        app.click_on(self.show())
        wait_for(lambda: app.find_showing("label", "All lights are off, in 1 move"), message="the win")
        # The window shows the page's subtitle and status in its title.
        self.assertIn("0 lights on", app.title())
        self.assertIn("All lights are off, in 1 move", app.title())
        # The header's New Game (Ctrl+N, the same key on every page) starts the next pattern.
        app.key("ctrl+n")
        wait_for(lambda: app.find_showing("push button", "Light 1, on"), message="the next pattern")
        self.assertIn("5 lights on", app.title())
        # Another page and back by Ctrl+<n>: its number is its place in the list.
        app.key("ctrl+1")
        wait_for(lambda: not app.find_showing("push button", "Light 1, on"), message="five in a row in front")
        app.key(f"ctrl+{len(tabs)}")
        wait_for(lambda: app.find_showing("push button", "Light 1, on"), message="the page by its key")

    def test_help_and_keyboard_shortcuts_show_its_sections(self):
        app = self.app
        self.show()
        app.key("F1")
        help_window = wait_for(lambda: app.window("Help"), message="Help")
        wait_for(lambda: app.find("label", "Lights Out", root=help_window), message="its section in Help")
        self.assertIsNotNone(app.find("label", lambda n: n.startswith("Pressing a light switches it"),
                                      root=help_window))
        self.assertIsNotNone(app.find("label", "Five in a Row", root=help_window), "the others' sections too")
        app.key("Escape")
        wait_for(lambda: not app.window("Help"), message="Help closed")
        app.key("ctrl+question")
        wait_for(lambda: app.find_showing("label", "Press the light"), message="its keys")
        shortcuts = app.window("Keyboard Shortcuts")
        self.assertIsNotNone(app.find("label", "Quit", root=shortcuts), "the general keys below")
        self.assertIsNone(app.find_showing("label", "Hall of fame"), "not another page's")

    def test_it_is_served_on_dbus_with_errors_in_the_apps_words(self):
        app, r = self.app, Remote(OBJECT, IFACE)
        wait_for(lambda: r.has_owner(NAME), message="the control name")
        # The first read makes the page and answers what it shows.
        self.assertEqual(r.prop("Lights"), "010111010")
        self.assertEqual(r.call("Press", "u", 5), ())
        self.assertEqual((r.prop("Lights"), r.prop("Moves"), r.prop("Solved")), ("000000000", 1, True))
        wait_for(lambda: app.find_showing("label", "All lights are off, in 1 move"), message="the page in front")
        for light, name, message in [
                (10, "NoSuchLight", "There is no light 10: the lights are 1 to 9."),
                (1, "GameOver", "Every light is off: start a new game first.")]:
            self.assertEqual(r.error_of("Press", "u", light), (ERR + name, message))
        self.assertEqual((r.prop("Lights"), r.prop("Moves")), ("000000000", 1), "unchanged")
        r.call("NewGame")
        self.assertEqual(r.error_of("Press", "u", 0)[0], ERR + "NoSuchLight")
        self.assertEqual((r.prop("Lights"), r.prop("Moves"), r.prop("Solved")), ("101010101", 0, False))
        r.pump(0.5)
        changed = [p for name, p in r.signals if name == "PropertiesChanged"]
        self.assertTrue(any("Lights" in p[1] for p in changed), changed)

    def test_its_app_action_brings_it_forward(self):
        app, r = self.app, Remote()
        wait_for(lambda: r.has_owner(NAME), message="the app on the bus")
        r.activate_action("show-lightsout")
        wait_for(lambda: app.find_showing("push button", "Light 5, on"), message="the page in front")


if __name__ == "__main__":
    unittest.main()
