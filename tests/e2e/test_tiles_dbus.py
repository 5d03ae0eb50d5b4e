"""The tile game scripted over D-Bus (io.github.match5.Match5.Tiles1 at
/io/github/match5/Match5/Tiles): the original's example played to its end
against the computer with the best move asked each turn (and checked against
match5-cli), a random deal, every named error with the state unchanged, the
properties announced, and the page brought forward in the window."""

import json
import os
import subprocess
import tempfile
import time
import unittest

from dbus_client import NAME
from dbus_game import ERR, PREFIX, GameObjectTest
from harness import App, wait_for

IFACE = "io.github.match5.Match5.Tiles1"
OBJECT = "/io/github/match5/Match5/Tiles"
CLI = os.path.join(PREFIX, "bin", "match5-cli")

STATE = ("Sizes", "Pot", "Bowls", "Rows", "ToMove", "Players", "Scores", "Moves", "Over")


def cli_best(text):
    """match5-cli's best score and move (bowl from 0, colour g/b) for a game file."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
    try:
        out = subprocess.run([CLI, "tiles", "best", f.name, "--json"], check=True, capture_output=True,
                             text=True).stdout
    finally:
        os.unlink(f.name)
    return json.loads(out)


class TilesOverDBus(GameObjectTest):
    OBJECT, IFACE = OBJECT, IFACE

    def state(self):
        return {p: self.r.prop(p) for p in STATE}

    def settled(self):
        """Waits until the computer is not thinking and a person is to move (or the game is over)."""
        r = self.r

        def ready():
            r.pump(0.05)
            if r.prop("Thinking"):
                return False
            return r.prop("Over") or r.prop("Players")[r.prop("ToMove") - 1] == "person"
        wait_for(ready, timeout=30, message="the computer's move")

    def test_the_introspection_is_the_shipped_interface(self):
        self.assert_introspection_is_installed()

    def test_a_script_plays_the_example_to_its_end_with_the_best_moves(self):
        r, app = self.r, self.app
        example = subprocess.run([CLI, "tiles", "example"], check=True, capture_output=True, text=True).stdout
        r.call("SetPlayers", "ss", "person", "greedy")
        r.call("OpenExample")
        wait_for(lambda: app.find_showing("image", "Bowls and boards"), message="the tile page in front")
        self.assertEqual(r.prop("Sizes"), (2, 4, 5, 5))
        self.assertEqual(r.prop("Names"), ("Femke", "Lieke"))
        self.assertEqual(r.prop("Players"), ("person", "greedy"))
        self.assertEqual((r.prop("Moves"), r.prop("Over"), r.prop("ToMove")), (0, False, 1))
        # The tiles: those in the bowls and those left in the pot are the file's pot line.
        pot_line = example.splitlines()[0]
        in_bowls = sum(y + b for y, b in r.prop("Bowls"))
        self.assertEqual(in_bowls + len(r.prop("Pot")), len(pot_line))
        self.assertEqual(r.prop("Rows")[0][0], (4, 0), "Femke's first row holds 4 yellow tiles")
        # The best move is the CLI's: the same exact score and move.
        cli = cli_best(example)
        score, bowl, colour, exact, depth, visited = r.call("Best")
        self.assertTrue(exact, "the example is searched to its end within the budget")
        self.assertEqual(score, cli["score"])
        self.assertEqual((bowl - 1, colour[0]), (cli["move"]["bowl"], cli["move"]["colour"]))
        self.assertGreater(visited, 0)
        self.assertGreater(depth, 0)
        r.signals.clear()
        turns = 0
        while not r.prop("Over"):
            score, bowl, colour, exact, depth, visited = r.call("Best")
            r.call("Play", "us", bowl, colour)
            turns += 1
            self.settled()
            self.assertLess(turns, 60)
        self.assertTrue(r.prop("Over"))
        self.assertGreater(r.prop("Moves"), turns, "the computer moved between the person's moves")
        r.pump(0.5)
        changed = {p for name, (iface, props, _) in r.signals if name == "PropertiesChanged" for p in props}
        self.assertLessEqual({"Over", "Moves", "ToMove", "Scores", "Bowls", "Status"}, changed)
        self.assertTrue(app.find_showing("label", r.prop("Status")), "the page shows the status the script reads")
        error, message = r.error_of("Best")
        self.assertEqual(error, ERR + "GameOver")
        self.assertIn("over", message)
        # Back to the start of the deal, then a random deal of given sizes.
        r.call("Restart")
        self.assertEqual((r.prop("Moves"), r.prop("Over")), (0, False))
        r.call("Deal", "uuuuu", 2, 3, 3, 3, 20)
        self.assertEqual(r.prop("Sizes"), (2, 3, 3, 3))
        self.assertEqual(sum(y + b for y, b in r.prop("Bowls")) + len(r.prop("Pot")), 20)
        self.assertEqual(r.prop("Moves"), 0)

    def test_a_search_too_big_for_the_budget_never_blocks_the_bus_and_says_not_proven(self):
        r = self.r
        r.call("SetPlayers", "ss", "person", "person")
        r.call("Deal", "uuuuu", 5, 5, 10, 6, 200)
        pending = r.start_call("Best")
        # While the computer searches, the bus answers and the page says it thinks.
        wait_for(lambda: (r.pump(0.02), r.prop("Thinking"))[1], message="Thinking while the search runs")
        self.assertEqual(pending, [], "the search is still running while the bus answered")
        self.assertEqual(r.prop("Moves"), 0)
        # One search at a time: more calls meanwhile are refused at once.
        for _ in range(20):
            error, message = r.error_of("Best")
            self.assertEqual(error, "io.github.match5.Match5.Error.Busy", message)
        self.assertEqual(pending, [], "the first search goes on")
        wait_for(lambda: (r.pump(0.05), pending)[1], timeout=20, message="the best move within the budget")
        score, bowl, colour, exact, depth, visited = pending[0]
        self.assertFalse(exact, "the largest game cannot be searched to its end in 2 seconds: not proven")
        self.assertIn(bowl, range(1, 6))
        self.assertIn(colour, ("yellow", "blue"))
        self.assertGreater(visited, 0)
        wait_for(lambda: not r.prop("Thinking"), message="thinking ends with the answer")

    def test_the_page_is_made_when_a_script_first_reads_it(self):
        # The app traces each page it makes (MATCH5_TRACE_STARTUP).
        self.app.close()
        self.app = App(env={"MATCH5_TRACE_STARTUP": "1"})
        wait_for(lambda: self.r.has_owner(NAME), message="the control name on the bus")

        def log():
            with open(os.path.join(self.app.home, "app.log")) as f:
                return f.read()
        wait_for(lambda: "page-made:five" in log(), message="five in a row, the page shown, made")
        time.sleep(1)
        # The tile page is served but not made: it holds no memory until a
        # script (or the person) asks for it.
        self.assertNotIn("page-made:tiles", log())
        # The first property read makes it, and answers what it shows: a
        # fresh deal of three bowls of four and five rows of five.
        self.assertEqual(self.r.prop("Sizes"), (3, 4, 5, 5))
        self.assertEqual([y + b for y, b in self.r.prop("Bowls")], [4, 4, 4])
        self.assertIn("page-made:tiles", log())
        self.assertNotIn("page-made:leapfrog", log(), "only the page asked for")

    def test_the_computer_plays_both_sides_to_the_end(self):
        r = self.r
        r.call("OpenExample")
        r.call("SetPlayers", "ss", "greedy", "random")
        wait_for(lambda: r.prop("Over"), timeout=60, message="two computers to finish the game")
        self.assertGreater(r.prop("Moves"), 2)
        error, message = r.error_of("Play", "us", 1, "yellow")
        self.assertEqual(error, ERR + "CannotMove")
        self.assertIn("over", message)

    def test_every_bad_call_gets_a_named_error_and_changes_nothing(self):
        r = self.r
        r.call("SetPlayers", "ss", "person", "person")
        # Bowl 1 holds 4 yellow tiles, bowl 2 4 blue; one row of 4 cells each.
        game = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
        game.write("ggggbbbbg\n2 4\n1 4\n0 0\n0 0\n0\n")
        game.close()
        self.addCleanup(os.unlink, game.name)
        r.call("OpenFile", "s", game.name)
        self.assertEqual(r.prop("Bowls"), [(4, 0), (0, 4)])
        self.assertEqual((r.prop("Pot"), r.prop("Sizes")), ("g", (2, 4, 1, 4)))
        bad = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
        bad.write("gbbg\n2 4\n5 x\n")
        bad.close()
        self.addCleanup(os.unlink, bad.name)
        before = self.state()
        cases = [
            ("OpenFile", ("s", "/nonexistent/spel.txt"), "CannotRead", "Could not open spel.txt"),
            ("OpenFile", ("s", bad.name), "BadFile", "line 3"),
            ("Deal", ("uuuuu", 6, 4, 5, 5, 30), "BadSizes", "bowls must be 1 to 5, not 6"),
            ("Deal", ("uuuuu", 2, 4, 5, 7, 30), "BadSizes", "cells per row must be 1 to 6, not 7"),
            ("Deal", ("uuuuu", 2, 4, 5, 5, 0), "BadSizes", "tiles in the pot must be 1 to 200, not 0"),
            ("SetPlayers", ("ss", "person", "wizard"), "BadPlayer", "choose person, best, good, greedy or random"),
            ("Play", ("us", 3, "yellow"), "NoSuchBowl", "the bowls are 1 to 2"),
            ("Play", ("us", 0, "yellow"), "NoSuchBowl", "the bowls are 1 to 2"),
            ("Play", ("us", 1, "red"), "NoSuchBowl", "yellow or blue"),
            ("Play", ("us", 1, "blue"), "CannotMove", "That bowl holds no tiles of that colour."),
            ("Undo", (), "NothingToUndo", "no move"),
        ]
        for call, args, name, words in cases:
            error, message = r.error_of(call, *args)
            self.assertEqual(error, ERR + name, (call, args, message))
            self.assertIn(words, message, (call, args))
            self.assertEqual(self.state(), before, f"{call}{args} changed nothing")
        # Another file's content is never echoed: what is wrong is named.
        secret = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
        secret.write("rosebud:x:1000:1000\n")
        secret.close()
        self.addCleanup(os.unlink, secret.name)
        for path in (secret.name, "/etc/passwd"):
            error, message = r.error_of("OpenFile", "s", path)
            self.assertEqual(error, ERR + "BadFile", message)
            self.assertIn("line 1: the pot holds a letter that is not a tile", message)
            with open(path) as f:
                first = f.readline()
            for word in {first[:1], first.split(":")[0]}:
                self.assertNotIn(f"“{word}”", message)
            self.assertNotIn("rosebud", message)
        self.assertEqual(self.state(), before)
        # The computer's turn is not the script's.
        r.call("SetPlayers", "ss", "best", "best")
        error, message = r.error_of("Play", "us", 1, "yellow")
        self.assertEqual(error, ERR + "NotYourTurn")
        self.assertIn("Wait for the computer", message)
        # A person's move, then Undo takes it back.
        r.call("SetPlayers", "ss", "person", "person")
        r.call("Restart")
        r.call("Play", "us", 1, "yellow")
        self.assertEqual(r.prop("Moves"), 1)
        self.assertEqual(r.prop("ToMove"), 2)
        r.call("Undo")
        self.assertEqual(self.state(), before | {"Players": ("person", "person")})


if __name__ == "__main__":
    unittest.main()
