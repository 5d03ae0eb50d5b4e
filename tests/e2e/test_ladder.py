"""The ladder of trained computers in the app: a new player starts from
one in the sidebar (their own record stays theirs, the hall of fame says
where they started), a new computer that knows nothing says so under the
board, and a script starts new knowledge from a trained computer over
D-Bus (StartGame's start-from)."""

import json
import os
import subprocess
import tempfile
import time
import unittest

import pyatspi

from dbus_client import NAME, Remote
from harness import App, AppTest, wait_for, winning_move

PREFIX = os.environ["MATCH5_PREFIX"]
CLI = os.path.join(PREFIX, "bin", "match5-cli")
ERR = "io.github.match5.Match5.Error."


def ladder():
    rungs = json.loads(subprocess.run([CLI, "ladder", "--json"], check=True, capture_output=True, text=True).stdout)
    return {r["name"]: r for r in rungs}


def read(path):
    with open(path) as f:
        return f.read()


class StartFromTrained(AppTest):
    def play_to_the_end(self, app):
        for _ in range(41):
            if app.showing("push button", "Play Again"):
                return
            blue, red = app.stones()
            app.play_and_wait(lambda c: app.click(*c), winning_move(blue, red))
        self.fail("the game ended within 41 moves")

    def test_a_new_player_starts_from_a_trained_computer_and_keeps_their_own_record(self):
        greedy = ladder()["greedy"]
        app = self.start()
        # Empty knowledge says what it is where the player meets it.
        note = wait_for(lambda: app.find_showing("label", lambda n: n.startswith("This computer knows nothing yet")),
                        message="the note under the board")
        self.assertIn("not even to finish its own open four", note.name)
        row = wait_for(lambda: app.find_showing("combo box", "Computer Starts From"), message="the start row")
        app.click_on(row)
        time.sleep(1)
        app.key("Down", "Return")
        wait_for(lambda: f"Tester · level {greedy['patterns']} · new" in app.title(),
                 message="the greedy computer's patterns in the player's knowledge")
        wait_for(lambda: app.find_showing("label", lambda n: n.startswith("This computer knows nothing yet")) is None,
                 message="a trained computer is not called empty")
        described = wait_for(lambda: app.find("label", lambda n: n.startswith(f"{greedy['patterns']} patterns from training")),
                             message="the rung's sentence with its figures")
        self.assertIn(f"it lost {greedy['lost_to_search2']} of {greedy['games']} games", described.name)
        # One game: the start is then the player's for good.
        self.play_to_the_end(app)
        wait_for(lambda: not row.getState().contains(pyatspi.STATE_SENSITIVE),
                 message="no other start once a game is played")
        app.key("ctrl+s")
        path = os.path.join(app.data, "match5", "knowledge", "Tester.fivo")
        text = wait_for(lambda: os.path.exists(path) and read(path), message="the saved file")
        self.assertIn('\nstart = "greedy"\n', text)
        self.assertEqual(sum(int(l.split(" = ")[1]) for l in text.splitlines()
                             if l.split(" = ")[0] in ("won", "lost", "drawn")), 1, "only the player's game")
        hof = read(os.path.join(app.data, "match5", "hall-of-fame.toml"))
        self.assertIn('start = "greedy"', hof)
        app.key("ctrl+h")
        wait_for(lambda: app.find("label", "Started from: Trained Against a Greedy Player"),
                 message="the hall of fame says where the player started")


class StartFromOverDBus(unittest.TestCase):
    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="match5-ladder-")
        knowledge = os.path.join(self.home, "data", "match5", "knowledge")
        os.makedirs(knowledge)
        self.played = os.path.join(knowledge, "Played.fivo")
        subprocess.run([CLI, "train", "--knowledge", self.played, "--games", "5", "--opponent", "greedy",
                        "--seed", "1"], check=True, stdout=subprocess.DEVNULL)
        self.app = App(home=self.home)
        self.remote = Remote()
        wait_for(lambda: self.remote.has_owner(NAME), message="the control name on the bus")

    def tearDown(self):
        self.app.close()

    def test_start_game_starts_new_knowledge_from_a_trained_computer_and_never_replaces_a_record(self):
        r, rungs = self.remote, ladder()
        from gi.repository import GLib
        r.call("StartGame", "sa{sv}", "vs-computer",
               {"player": GLib.Variant("s", "Newbie"), "start-from": GLib.Variant("s", "curriculum")})
        wait_for(lambda: r.prop("Level") == rungs["curriculum"]["patterns"], message="the curriculum's patterns")
        self.assertEqual(r.prop("Player"), "Newbie")
        # Another start for the same new knowledge is still allowed.
        r.call("StartGame", "sa{sv}", "vs-computer", {"start-from": GLib.Variant("s", "nothing")})
        wait_for(lambda: r.prop("Level") == 0, message="back to nothing")
        # A player with games of their own keeps them.
        before = read(self.played)
        error, message = r.error_of("StartGame", "sa{sv}", "vs-computer",
                                    {"player": GLib.Variant("s", "Played"),
                                     "start-from": GLib.Variant("s", "greedy"), "discard-unsaved": GLib.Variant("b", True)})
        self.assertEqual(error, ERR + "NotNew", message)
        self.assertIn("only new knowledge", message)
        self.assertEqual(read(self.played), before)
        error, message = r.error_of("StartGame", "sa{sv}", "vs-computer", {"start-from": GLib.Variant("s", "grandmaster")})
        self.assertEqual(error, ERR + "InvalidOption")
        self.assertIn("nothing, greedy, self-play, curriculum", message)
