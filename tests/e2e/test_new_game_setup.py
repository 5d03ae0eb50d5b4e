"""The choices for the next game are where a game begins (issue 58, point
6): New Game is a split button whose arrow offers the page's setup (five in
a row's opponent and first move; leap-frog's puzzle; the tile game's
players and its other games; what tic-tac-toe's computer knows), each
choice reaching the game and the side rows, and the rows' choices showing
in the menu. One click (and Ctrl+N) still starts a game at once. New Game
and Undo stand in the same place on every page, and the menu opens inside
a narrow window (issue 65, points 2 and 3). Chosen with the real pointer
and keys, at 900 and 360 px."""

import time

import pyatspi

from dbus_client import NAME, Remote
from harness import AppTest, wait_for
from pages.leapfrog import position
from pages.menus import ITEM_ROLES, choose, focused, menu_items, menu_list, open_setup


class NewGameSetup(AppTest):
    def test_five_offers_its_opponent_and_who_moves_first_where_a_game_begins(self):
        app = self.start(settings={"window_width": 900, "window_height": 700})
        new_game = wait_for(lambda: app.find_showing("push button", "New Game"), message="New Game")
        items = open_setup(app)
        self.assertEqual(items["The Computer"], (True, True), items)
        self.assertEqual(items["Another Person"], (False, True), items)
        # Who moves first is two choices, one always marked: not an item
        # that reads like a command while it is off (issue 65, point 3).
        self.assertEqual((items["You"], items["Your Opponent"]), ((True, True), (False, True)), items)
        self.assertEqual(set(items), {"The Computer", "Another Person", "You", "Your Opponent"},
                         "what the computer starts from is the sidebar's, with what each start is")
        radios = {a.name for r in app._frames() for a in pyatspi.findAllDescendants(
            r, lambda a: a.getRoleName() == "radio menu item")}
        self.assertEqual(radios, set(items), "every choice is a radio item")
        app.key("Escape")
        wait_for(lambda: not menu_items(app), message="Escape closes the menu")
        # The focus is back on the arrow, and the keys open it again.
        wait_for(lambda: focused(app) == ("toggle button", "Next Game"), message="the focus back on the arrow")
        app.key("Return")
        wait_for(lambda: menu_items(app), message="Return on the arrow opens the menu")
        app.key("Escape")
        wait_for(lambda: not menu_items(app), message="Escape closes it again")

        # The opponent first, then one click on New Game: the computer opens.
        choose(app, "Your Opponent")
        switch = app.find("switch", "Computer Starts")
        wait_for(lambda: switch.getState().contains(pyatspi.STATE_CHECKED), message="the sidebar's switch follows")
        self.assertEqual(open_setup(app)["You"], (False, True), "one mark moved to the other")
        app.key("Escape")
        app.click_on(new_game)
        wait_for(lambda: len(app.stones()[1]) == 1 and not app.stones()[0], message="the computer's opening stone")

        # Another person: who starts means nothing then, in the menu as in
        # the sidebar; Ctrl+N starts their game at once.
        choose(app, "Another Person")
        items = open_setup(app)
        self.assertEqual(items["Another Person"], (True, True), items)
        self.assertEqual((items["You"][1], items["Your Opponent"][1]), (False, False),
                         "no first move to choose against a person")
        app.key("Escape")
        wait_for(lambda: app.find("label", "Another Person", root=app.find("combo box", "Opponent")),
                 message="the sidebar's opponent follows the menu, in the same words")
        app.key("ctrl+n")
        wait_for(lambda: app.status() == "Blue to move", message="a two-player game")
        self.assertEqual(app.stones(), (set(), set()))

        # The sidebar's choices show in the menu too.
        app.click_on(app.find("combo box", "Opponent"))
        time.sleep(1)
        app.key("Up", "Return")
        wait_for(lambda: open_setup(app)["The Computer"] == (True, True), message="the menu follows the sidebar")
        app.key("Escape")
        wait_for(lambda: not menu_items(app), message="the menu closed")
        app.click_on(switch)
        wait_for(lambda: open_setup(app)["You"] == (True, True), message="the menu follows the switch")
        app.key("Escape")

        # What the menu chose is kept for the next start.
        wait_for(lambda: app.settings_kept()["five"]["computer_starts"] is False, message="the choice in the settings")

    def test_new_game_and_undo_stand_in_the_same_place_on_every_page(self):
        for width in (900, 360):
            with self.subTest(width=width):
                app = self.start(settings={"window_width": width, "window_height": 700})
                wait_for(lambda: app.find_showing("push button", "New Game"), message="New Game")
                places = {}
                for key, page in (("ctrl+1", "five"), ("ctrl+2", "leapfrog"), ("ctrl+3", "tiles"),
                                  ("ctrl+4", "tictactoe")):
                    app.key(key)
                    time.sleep(1.0)
                    places[page] = tuple(
                        tuple(wait_for(lambda: app.find_showing(role, name), message=f"{name} on {page}")
                              .queryComponent().getExtents(pyatspi.WINDOW_COORDS))
                        for role, name in (("push button", "New Game"), ("toggle button", "Next Game"),
                                           ("push button", "Undo")))
                    # The menu opens inside the window, even at 360 px.
                    open_setup(app)
                    time.sleep(0.5)
                    for r in app._frames():
                        for a in pyatspi.findAllDescendants(r, lambda a: a.getRoleName() in ITEM_ROLES):
                            e = a.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                            if e.width > 0:
                                self.assertGreaterEqual(e.x, 0, (page, a.name, e))
                                self.assertLessEqual(e.x + e.width, width, (page, a.name, e))
                    app.key("Escape")
                    wait_for(lambda: not menu_items(app), message="the menu closed")
                self.assertEqual(len(set(places.values())), 1, places)
                app.close()
                self.apps.remove(app)

    def test_leapfrog_tiles_and_tic_tac_toe_offer_their_choices_at_360_px(self):
        app = self.start(settings={"window_width": 360, "window_height": 640, "last_page": "leapfrog"})
        wait_for(lambda: position(app) == "XXX-YYY", message="the leap-frog page")
        choose(app, "Frogs of Each Kind", "4")
        wait_for(lambda: position(app) == "XXXX-YYYY", message="a puzzle of 4 frogs of each kind")
        spin = app.find("spin button", "Frogs of Each Kind")
        self.assertEqual(spin.queryValue().currentValue, 4, "the side row follows the menu")
        choose(app, "Goats Instead of Frogs")
        goats = app.find("switch", "Goats Instead of Frogs")
        wait_for(lambda: goats.getState().contains(pyatspi.STATE_CHECKED), message="the goats' switch follows")
        # The menu stays on the screen of a narrow window.
        items = open_setup(app)
        self.assertEqual(items["Goats Instead of Frogs"], (True, True))
        app.key("Escape")

        # The tile game: who plays Lieke, from the menu, reaches the game.
        app.key("ctrl+3")
        remote = Remote("/io/github/match5/Match5/Tiles", "io.github.match5.Match5.Tiles1")
        wait_for(lambda: remote.has_owner(NAME), message="the control name")
        self.assertEqual(remote.prop("Players"), ("person", "best"))
        choose(app, "Computer, random")  # Femke's list comes first
        wait_for(lambda: remote.prop("Players") == ("random", "best"), message="Femke's player chosen in the menu")
        # A script's choice shows in the menu (and the rows).
        remote.call("SetPlayers", "ss", "person", "greedy")
        open_setup(app)
        marked = [(name, checked) for name, checked, _ in menu_list(app)]
        self.assertEqual([name for name, checked in marked if checked], ["A person", "Computer, greedy"], marked)
        self.assertEqual([name for name, _ in marked[10:]],
                         ["This Deal Again", "The Original’s Example", "Open Game File…", "Other Sizes…"],
                         "five players for each side, then every other way to begin")
        app.key("Escape")

        # Tic-tac-toe: the person always begins (as in 1983); before a game
        # the computer can be trained, or made to forget.
        app.key("ctrl+4")
        items = open_setup(app)
        self.assertEqual(list(items), ["Train It First…", "Forget What It Learned…"])
        self.assertFalse(items["Forget What It Learned…"][1], "nothing learned to forget yet")
        app.key("Escape")
        wait_for(lambda: not menu_items(app), message="the menu closed")
        choose(app, "Train It First…")
        wait_for(lambda: app.dialogs(), message="Train It First… opens the training")
