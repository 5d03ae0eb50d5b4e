"""Leap-frog scripted over D-Bus (io.github.match5.Match5.LeapFrog1 at
/io/github/match5/Match5/LeapFrog): a puzzle solved by hints, the
computer's search, every named error with the state unchanged, the
properties announced, and the page brought forward in the window."""

import os
import subprocess
import unittest

from dbus_game import ERR, PREFIX, GameObjectTest
from harness import wait_for

IFACE = "io.github.match5.Match5.LeapFrog1"
OBJECT = "/io/github/match5/Match5/LeapFrog"


class LeapFrogOverDBus(GameObjectTest):
    OBJECT, IFACE = OBJECT, IFACE

    def state(self):
        return {p: self.r.prop(p) for p in ("Frogs", "Goats", "Position", "Moves", "Solved", "UndoNeeded")}

    def test_the_introspection_is_the_shipped_interface(self):
        self.assert_introspection_is_installed()

    def test_a_script_solves_the_puzzle_by_hints_and_reads_the_figures(self):
        r, app = self.r, self.app
        r.call("NewPuzzle", "ub", 3, False)
        self.assertEqual(r.prop("Position"), "XXX.YYY")
        wait_for(lambda: app.find_showing("image", "Fields"), message="the leap-frog page in front")
        # The figures the page shows: reachable, dead ends, exactly two solutions.
        import json
        cli = json.loads(subprocess.run([os.path.join(PREFIX, "bin", "match5-cli"), "leapfrog", "stats", "3",
                                         "--json"], check=True, capture_output=True, text=True).stdout)
        self.assertEqual((r.prop("Reachable"), r.prop("DeadEnds"), r.prop("Solutions")),
                         (cli["reachable"], cli["dead_ends"], cli["solutions"]))
        self.assertEqual(cli["solutions"], 2)
        r.signals.clear()
        for n in range(15):
            frm, to = r.call("Hint")
            self.assertIn(abs(frm - to), (1, 2))
        self.assertTrue(r.prop("Solved"))
        self.assertEqual(r.prop("Position"), "YYY.XXX")
        self.assertEqual(r.prop("Moves"), 15)
        r.pump(0.5)
        changed = [p for name, (iface, props, _) in r.signals if name == "PropertiesChanged" for p in props]
        self.assertIn("Solved", changed, "Solved is announced")
        self.assertIn("Moves", changed)
        error, message = r.error_of("Hint")
        self.assertEqual(error, ERR + "NoSolution")
        self.assertIn("solved", message)
        # Goats, and the computer's own search: its 15 moves.
        r.call("NewPuzzle", "ub", 3, True)
        self.assertEqual((r.prop("Goats"), r.prop("Moves"), r.prop("Solved")), (True, 0, False))
        solution, tried = r.call("Solve")
        self.assertEqual(len(solution), 15)
        self.assertGreaterEqual(tried, 15)
        self.assertEqual(solution[0], (3, 4), "the seed's order: the first frog that can move")

    def test_every_bad_call_gets_a_named_error_and_changes_nothing(self):
        r = self.r
        r.call("NewPuzzle", "ub", 2, False)
        before = self.state()
        for call, args, name, words in [
            ("NewPuzzle", ("ub", 11, False), "BadFrogs", "choose 1 to 10"),
            ("NewPuzzle", ("ub", 0, True), "BadFrogs", "choose 1 to 10"),
            ("Move", ("u", 0), "NoSuchField", "the fields are 1 to 5"),
            ("Move", ("u", 6), "NoSuchField", "the fields are 1 to 5"),
            ("Move", ("u", 3), "CannotMove", "field 3 is empty"),
            ("Undo", (), "NothingToUndo", "no move to take back"),
        ]:
            error, message = r.error_of(call, *args)
            self.assertEqual(error, ERR + name, (call, args, message))
            self.assertIn(words, message)
            self.assertEqual(self.state(), before, f"{call}{args} changed nothing")
        # A frog that cannot move: after X.XYY the Y on field 5 is stuck.
        self.assertEqual(r.call("Move", "u", 2), (2, 3))
        after = self.state()
        error, message = r.error_of("Move", "u", 5)
        self.assertEqual(error, ERR + "CannotMove")
        self.assertIn("the frog on field 5 cannot move", message)
        self.assertEqual(self.state(), after)
        # Into a dead end: a hint says how many moves to take back.
        self.assertEqual(r.call("Move", "u", 4), (4, 2))
        if not r.prop("Solvable"):
            error, message = r.error_of("Hint")
            self.assertEqual(error, ERR + "NoSolution")
            n = r.prop("UndoNeeded")
            self.assertIn(f"undo {n} move{'' if n == 1 else 's'}", message)
        r.call("Undo")
        self.assertEqual(r.prop("Moves"), 1)


if __name__ == "__main__":
    unittest.main()
