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

from dbus_client import NAME, Remote
from harness import App, AppTest, wait_for, winning_move
from pieces import read

PREFIX = os.environ["MATCH5_PREFIX"]
CLI = os.path.join(PREFIX, "bin", "match5-cli")
ERR = "io.github.match5.Match5.Error."


def ladder():
    shown = json.loads(subprocess.run([CLI, "ladder", "--json"], check=True, capture_output=True, text=True).stdout)
    return {r["name"]: r for r in shown["rungs"]}


def threat_move(blue, red, seed):
    """The threat player's field for blue (match5-cli move)."""
    fields = "".join("B" if (x, y) in blue else "R" if (x, y) in red else "."
                     for y in range(9) for x in range(9))
    out = subprocess.run([CLI, "move", "--player", "threat", "--board", fields, "--seed", str(seed)],
                         check=True, capture_output=True, text=True).stdout
    x, y = out.strip().split(",")
    return int(x), int(y)


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
        self.assertIn("Make five in a row to win", note.name)
        self.assertIsNotNone(app.find("label", lambda n: "not even to finish its own open four" in (n or "")),
                             "the sidebar says what the empty start is")
        row = wait_for(lambda: app.find_showing("combo box", "Computer Starts From"), message="the start row")
        app.click_on(row)
        time.sleep(1)
        app.key("Down", "Return")
        wait_for(lambda: app.find("label", lambda n: n.startswith(
                     f"level 0, taught by you · started from {greedy['patterns']} trained patterns")),
                 message="the greedy computer's patterns in the player's knowledge, apart from the level")
        self.assertIn("Tester · level 0 · new", app.title())
        wait_for(lambda: app.find_showing("label", lambda n: n.startswith("This computer knows nothing yet")) is None,
                 message="a trained computer is not called empty")
        described = wait_for(lambda: app.find("label", lambda n: n.startswith(f"{greedy['patterns']} patterns, learned against")),
                             message="the rung's sentence with its figures")
        self.assertIn(f"it lost {greedy['lost']['threat']} of 1000 games to Threats, the built-in player of fours and open threes", described.name)
        self.assertIn("Against players it never met", described.name)
        # One game: the start is then the player's for good.
        self.play_to_the_end(app)
        # The start is then said as a fact, not offered greyed (issue 65).
        wait_for(lambda: app.find_showing("combo box", "Computer Starts From") is None,
                 message="no other start once a game is played")
        fact = wait_for(lambda: app.find_showing("label", lambda n: n.startswith("Greedy Training. ")),
                        message="the start said as a fact")
        self.assertIsNotNone(app.find_showing("label", "Computer Started From"), fact.name)
        app.key("ctrl+s")
        path = os.path.join(app.data, "match5", "knowledge", "Tester.fivo")
        text = wait_for(lambda: os.path.exists(path) and read(path), message="the saved file")
        self.assertIn('\nstart = "greedy"\n', text)
        self.assertEqual(sum(int(l.split(" = ")[1]) for l in text.splitlines()
                             if l.split(" = ")[0] in ("won", "lost", "drawn")), 1, "only the player's game")
        # The hall of fame ranks what the player taught: nothing of the
        # greedy computer's patterns.
        hof_path = os.path.join(app.data, "match5", "hall-of-fame.toml")
        hof = read(hof_path) if os.path.exists(hof_path) else ""
        self.assertNotIn(f"level = {greedy['patterns']}", hof)
        if "Tester" in hof:
            self.assertIn('level = 1\nstart = "greedy"', hof)


class TaughtLevel(AppTest):
    def test_a_win_against_the_top_rung_is_level_1_with_the_start_shown(self):
        top = ladder()["curriculum"]
        app = self.start(settings={"show_why": True})
        row = wait_for(lambda: app.find_showing("combo box", "Computer Starts From"), message="the start row")
        app.click_on(row)
        # The list names each start shortly, with what it is under the name.
        for name, detail in (("Nothing", "It learns only from you"), ("Full Curriculum",
                                                                      "Every lesson, from greedy to search")):
            wait_for(lambda: app.find_showing("label", name), message=name)
            self.assertIsNotNone(app.find_showing("label", detail), detail)
        time.sleep(0.5)
        app.key("Down", "Down", "Down", "Return")
        started = f"level 0, taught by you · started from {top['patterns']} trained patterns"
        wait_for(lambda: app.find("label", lambda n: n.startswith(started)), message=started)
        # The threat player plays blue until the computer learns from a win.
        # Its moves go over D-Bus (PlayMove returns once the computer has
        # answered): the test is about what the window then says, the level,
        # Show Why's words and the hall of fame, not about clicking fields,
        # which the other tests of five in a row do.
        taught = "level 1, taught by you · started from "
        remote = Remote()
        # Show Why names where a pattern came from: before the player has
        # taught one, every pattern is the trained start's.
        whys = []
        for game in range(40):
            for _ in range(41):
                if remote.prop("State") not in ("idle", "playing"):
                    break
                board = remote.prop("Board")
                blue = {(i % 9, i // 9) for i, c in enumerate(board) if c == "B"}
                red = {(i % 9, i // 9) for i, c in enumerate(board) if c == "R"}
                remote.call("PlayMove", "uu", *threat_move(blue, red, game))
                why = app.find_showing("label", lambda n: n.startswith("Why ") and "pattern of depth" in n)
                if why is not None:
                    whys.append(why.name)
            again = wait_for(lambda: app.find_showing("push button", "Play Again"), message="Play Again")
            if remote.prop("Level") > 0:
                break
            self.assertIsNotNone(app.find("label", lambda n: n.startswith("level 0, taught by you")),
                                 "a game that taught nothing leaves the level at 0")
            app.click_on(again)
            wait_for(lambda: sum(map(len, app.stones())) <= 1, message="a new game")
        self.assertTrue(whys, "the trained computer played a pattern")
        for why in whys:
            self.assertIn("it knew from its training", why)
            self.assertNotIn("you taught", why)
        label = wait_for(lambda: app.find("label", lambda n: n.startswith(taught)), message="level 1 in the sidebar")
        trained = int(label.name[len(taught):].split()[0])
        self.assertLessEqual(trained, top["patterns"])
        self.assertGreater(trained, top["patterns"] - 5, "junk removal takes few of the rung's patterns")
        self.assertIn("Tester · level 1 · new", app.title())
        app.key("ctrl+s")
        hof_path = os.path.join(app.data, "match5", "hall-of-fame.toml")
        hof = wait_for(lambda: os.path.exists(hof_path) and read(hof_path), message="the hall of fame")
        self.assertIn('level = 1\nstart = "curriculum"', hof)
        self.assertIn(f"trained = {trained}", hof)
        app.key("ctrl+h")
        wait_for(lambda: app.find("label", "level 1"), message="the hall of fame ranks level 1")
        wait_for(lambda: app.find("label", f"Started from: Full Curriculum · its {trained} trained patterns are not counted"),
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
        wait_for(lambda: r.prop("TrainedPatterns") == rungs["curriculum"]["patterns"], message="the curriculum's patterns")
        self.assertEqual(r.prop("Level"), 0, "the player taught nothing yet")
        self.assertEqual(r.prop("Player"), "Newbie")
        # Another start for the same new knowledge is still allowed.
        r.call("StartGame", "sa{sv}", "vs-computer", {"start-from": GLib.Variant("s", "nothing")})
        wait_for(lambda: r.prop("TrainedPatterns") == 0, message="back to nothing")
        self.assertEqual(r.prop("Level"), 0)
        # A player with games of their own keeps them, and the refused call
        # changes nothing here either: the player and their game stay.
        r.call("PlayMove", "uu", 4, 4)
        board, player = r.prop("Board"), r.prop("Player")
        self.assertIn("B", board)
        before = read(self.played)
        error, message = r.error_of("StartGame", "sa{sv}", "vs-computer",
                                    {"player": GLib.Variant("s", "Played"),
                                     "start-from": GLib.Variant("s", "greedy"), "discard-unsaved": GLib.Variant("b", True)})
        self.assertEqual(error, ERR + "NotNew", message)
        self.assertIn("only new knowledge", message)
        self.assertEqual(read(self.played), before)
        self.assertEqual((r.prop("Player"), r.prop("Board")), (player, board), "an error changes nothing")
        error, message = r.error_of("StartGame", "sa{sv}", "vs-computer", {"start-from": GLib.Variant("s", "grandmaster")})
        self.assertEqual(error, ERR + "InvalidOption")
        self.assertIn("nothing, greedy, self-play, curriculum", message)
