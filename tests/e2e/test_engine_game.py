"""A person plays a Gomocup engine in the main game: the sidebar's Engines…
adds one, its Opponent row chooses it, and the engine answers every move on
the real board while the window stays free. The computer learns nothing
from these games and they are not the player's record, as the sidebar
says. Undo takes back the person's move with the engine's reply, and the
engine follows the position. An engine that stops says why, and leaves no
process behind. Real clicks and keys on the real binary, with the fake
engine the tests ship."""

import os
import tempfile
import time

from harness import ENGINE, AppTest, alive, choose_engine_in_sidebar, engine_command, wait_for
from pages.menus import menu_item


def status(app):
    return app.status() or ""


class EngineGame(AppTest):
    def start_five(self, **kw):
        # Wide and tall enough for the sidebar beside the board.
        return self.start(settings={"last_page": "five", "window_width": 1100, "window_height": 760}, **kw)

    def add_and_choose(self, app, command):
        """Adds the engine from the main menu's Engines… and chooses it
        as the opponent (the third entry, after the computer and a person).
        A new player's sidebar shows Engines… only once they play or have
        engines (issue 65, point 6)."""
        if not app.stones()[0]:
            self.assertIsNone(app.find_showing("button", "Engines…"), "no Engines… in the sidebar yet")
        menu_item(app, "Engines…")
        entry = wait_for(lambda: app.find_showing("text", "Command"), message="the Engines window")
        app.click_on(entry)
        app.type(command)
        app.key("Return")
        wait_for(lambda: app.find_showing("label", lambda n: "added" in (n or "")), timeout=15,
                 message="the engine checked and added")
        app.key("Escape")
        wait_for(lambda: not app.dialogs(), message="the Engines window closed")
        wait_for(lambda: app.find_showing("button", "Engines…"), message="the sidebar's Engines… once one is added")
        choose_engine_in_sidebar(app)

    def reply(self, app, cell, expect):
        """Plays `cell` and waits for the engine's reply `expect` ("E5")."""
        app.click(*cell)
        return wait_for(lambda: f"Fake Engine played {expect}. Your move" == status(app) or
                        status(app).startswith("You beat"),
                        message=f"the engine's reply {expect} (status {status(app)!r})")

    def test_a_person_plays_an_engine_and_the_computer_learns_nothing(self):
        app = self.start_five()
        self.add_and_choose(app, engine_command("ponder"))
        self.assertEqual(status(app), "You play blue. Your move")
        # The board takes no move while the engine thinks (1.5 s a move: on
        # a busy machine 300 ms could pass before the click came).
        app.click(8, 0)
        wait_for(lambda: status(app) == "Fake Engine is thinking…", message="the engine thinking")
        app.click(8, 5)
        wait_for(lambda: status(app) == "Fake Engine played E5. Your move", message="its first reply")
        self.assertEqual(app.stones(), ({(8, 0)}, {(4, 4)}), "the click while it thought was refused")
        self.reply(app, (8, 1), "D5")
        self.reply(app, (8, 2), "F5")
        # Undo takes back the move and the reply; the engine is given the
        # position again and answers there.
        app.key("ctrl+z")
        wait_for(lambda: app.stones() == ({(8, 0), (8, 1)}, {(4, 4), (3, 4)}), message="two stones taken back")
        self.reply(app, (7, 7), "F5")
        self.assertEqual(app.stones(), ({(8, 0), (8, 1), (7, 7)}, {(4, 4), (3, 4), (5, 4)}))
        app.key("ctrl+z")
        wait_for(lambda: len(app.stones()[0]) == 2, message="taken back again")
        for cell, answer in (((8, 2), "F5"), ((8, 3), "C5")):
            self.reply(app, cell, answer)
        app.click(8, 4)
        wait_for(lambda: status(app) == "You beat Fake Engine!", message="the person's win")
        # Nothing learned, nothing counted.
        self.assertTrue(app.find("label", lambda n: (n or "").startswith("level 0 · ")))
        self.assertTrue(app.find("label", "Won 0 · lost 0 · drawn 0"))
        self.assertIsNone(app.find("label", lambda n: "learned pattern" in (n or "")))
        self.assertEqual(app.settings_kept()["five"]["opponent_engine"], "Fake Engine")
        # The engine opens when Computer Starts is on.
        app.click_on(wait_for(lambda: app.find_showing("switch", "Computer Starts"), message="the switch"))
        app.key("ctrl+n")
        wait_for(lambda: app.stones() == (set(), {(4, 4)}), message="the engine's opening move")
        self.assertEqual(status(app), "Fake Engine played E5. Your move")
        # An unfinished game against it comes back at the next start.
        self.reply(app, (0, 8), "D5")
        app.quit()
        app.wait_closed()
        again = self.start(home=app.home)
        wait_for(lambda: again.stones() == ({(0, 8)}, {(4, 4), (3, 4)}), message="the game back")
        self.reply(again, (1, 8), "F5")

    def test_an_engine_that_stops_says_why_and_leaves_nothing_running(self):
        app = self.start_five()
        pids = os.path.join(app.home, "pids")
        self.add_and_choose(app, engine_command("silent", pids))
        app.click(0, 0)
        wait_for(lambda: status(app) == "Fake Engine is thinking…", message="the engine asked")
        alert = wait_for(lambda: app.window("The Engine Stopped"), timeout=10, message="the engine's trouble")
        # The alert's words reach the accessibility tree a moment after it.
        wait_for(lambda: app.find("label", lambda n: "did not answer within 2 seconds and was stopped" in (n or ""),
                                  root=alert),
                 message="why it stopped, in the alert")
        with open(pids) as f:
            engines = [int(p) for p in f.read().split()]
        # The check at adding ran one engine; the game's is the last.
        wait_for(lambda: not any(alive(p) for p in engines), message="no engine process left")
        app.key("Escape")
        wait_for(lambda: not app.dialogs(), message="the alert closed")
        self.assertEqual(status(app), "Fake Engine stopped playing")
        self.assertTrue(app.find("label", lambda n: (n or "").startswith("The engine stopped. New Game")))
        self.assertEqual(app.stones(), ({(0, 0)}, set()), "the person's move stays")
        # New Game starts it again; the computer, chosen again, plays at once.
        app.key("ctrl+n")
        wait_for(lambda: status(app) == "You play blue. Your move", message="a new game")
        app.click_on(app.find_showing("combo box", "Opponent"))
        time.sleep(1)
        app.key("Up", "Up", "Return")
        wait_for(lambda: not app.find_showing("label", lambda n: (n or "").startswith("Fake Engine is a Gomocup")),
                 message="the engine's note gone")
        app.click(0, 0)
        wait_for(lambda: app.stones()[0] == {(0, 0)} and len(app.stones()[1]) == 1, message="the computer's reply")


class EngineGameOverDbus(AppTest):
    def test_a_script_sees_the_engine_game_and_waits_for_its_move(self):
        from dbus_client import NAME, Remote
        home = tempfile.mkdtemp(prefix="match5-e2e-")
        os.makedirs(os.path.join(home, "config", "match5"))
        # The person chose the engine before: the app starts against it.
        with open(os.path.join(home, "config", "match5", "settings.toml"), "w") as f:
            f.write('last_player = "Tester"\nwindow_width = 1100\nwindow_height = 760\nlast_page = "five"\n\n'
                    '[five]\nopponent_engine = "Slow"\n\n[[five.engines]]\nname = "Slow"\n'
                    f'command = "python3 {ENGINE} slow"\n')
        app = self.start(home=home)
        r = Remote()
        wait_for(lambda: r.has_owner(NAME), message="the control name on the bus")
        self.assertEqual(r.prop("Mode"), "vs-engine")
        self.assertEqual(r.call("PlayMove", "uu", 0, 0)[0], "playing")
        name, words = r.error_of("PlayMove", "uu", 1, 1)
        self.assertEqual(name, "io.github.match5.Match5.Error.NotYourTurn")
        self.assertEqual(words, "It is Slow’s move: wait until the board changes.")
        wait_for(lambda: "R" in r.prop("Board"), message="the engine's move")
        self.assertEqual(status(app), "Slow played E5. Your move")
        # A script starts only the computer's or two people's games; the
        # sidebar follows it.
        r.call("StartGame", "sa{sv}", "vs-computer", {})
        self.assertEqual(r.prop("Mode"), "vs-computer")
        wait_for(lambda: not app.find_showing("label", lambda n: (n or "").startswith("Slow is a Gomocup")),
                 message="the sidebar back on the computer")
        name, _ = r.error_of("StartGame", "sa{sv}", "vs-engine", {})
        self.assertEqual(name, "io.github.match5.Match5.Error.UnknownMode")
