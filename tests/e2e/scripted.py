"""A whole scripted game on each of the four D-Bus interfaces, with the
signals each game sends: what a script does to Match5, shared by the test
behind flatpak's D-Bus proxy (test_dbus_proxy.py) and the tests of the
installed Flatpak (tests/flatpak/). Each returns what it saw, for the
caller to assert on; each asserts what any run must show."""

from gi.repository import GLib

from dbus_client import Remote
from harness import wait_for, winning_move

FIVE = ("/io/github/match5/Match5", "io.github.match5.Match5.Control1")
LEAPFROG = ("/io/github/match5/Match5/LeapFrog", "io.github.match5.Match5.LeapFrog1")
TILES = ("/io/github/match5/Match5/Tiles", "io.github.match5.Match5.Tiles1")
TICTACTOE = ("/io/github/match5/Match5/TicTacToe", "io.github.match5.Match5.TicTacToe1")


def names(remote, name):
    return [args for n, args in remote.signals if n == name]


def changed_properties(remote):
    return {p for n, args in remote.signals if n == "PropertiesChanged" for p in args[1]}


def five_in_a_row(test, player="Anna"):
    """Games against the computer as `player` until blue wins (the
    computer's free moves are random, so a game may go to it): GameOver
    for every game, and KnowledgeChanged when it learns."""
    r = Remote(*FIVE)
    r.call("StartGame", "sa{sv}", "vs-computer", {"player": GLib.Variant("s", player)})
    test.assertEqual(r.prop("Player"), player)
    ends = []
    for _ in range(6):
        state = "playing"
        for _ in range(41):
            cells = r.prop("Board")
            blue = {(i % 9, i // 9) for i, c in enumerate(cells) if c == "B"}
            red = {(i % 9, i // 9) for i, c in enumerate(cells) if c == "R"}
            (state,) = r.call("PlayMove", "uu", *winning_move(blue, red))
            if state != "playing":
                break
        ends.append(state)
        if state == "blue-won":
            break
        r.call("StartGame", "sa{sv}", "vs-computer", {})
    test.assertEqual(ends[-1], "blue-won", ends)
    wait_for(lambda: (r.pump(0.05), len(names(r, "GameOver")) == len(ends))[1], timeout=10,
             message="GameOver for every game")
    test.assertEqual([s for (s,) in names(r, "GameOver")], ends)
    wait_for(lambda: (r.pump(0.05), (1,) in names(r, "KnowledgeChanged"))[1], timeout=10,
             message="KnowledgeChanged for the pattern learned")
    test.assertEqual(r.prop("Level"), 1)
    test.assertIn("Level", changed_properties(r))
    return r


def leapfrog(test):
    """Three frogs a side solved by hints, then the computer's own search."""
    r = Remote(*LEAPFROG)
    r.call("NewPuzzle", "ub", 3, False)
    test.assertEqual(r.prop("Position"), "XXX.YYY")
    for _ in range(15):
        r.call("Hint")
        if r.prop("Solved"):
            break
    test.assertEqual(r.prop("Position"), "YYY.XXX")
    test.assertEqual(r.prop("Moves"), 15)
    solution, tried = r.call("Solve")
    test.assertEqual(len(solution), 15)
    test.assertGreaterEqual(tried, 15)
    wait_for(lambda: (r.pump(0.05), {"Position", "Moves", "Solved"} <= changed_properties(r))[1],
             timeout=10, message="the moves announced")
    return r


def tiles(test):
    """The original's example against the greedy computer, the person
    playing the best move each turn, to its end."""
    r = Remote(*TILES)
    r.call("SetPlayers", "ss", "person", "greedy")
    r.call("OpenExample")

    def settled():
        r.pump(0.05)
        if r.prop("Thinking"):
            return False
        return r.prop("Over") or r.prop("Players")[r.prop("ToMove") - 1] == "person"

    turns = 0
    while not r.prop("Over"):
        _score, bowl, colour, _exact, _depth, _visited = r.call("Best")
        r.call("Play", "us", bowl, colour)
        turns += 1
        wait_for(settled, timeout=30, message="the computer's move")
        test.assertLess(turns, 60)
    test.assertGreater(r.prop("Moves"), turns, "the computer moved between the person's moves")
    wait_for(lambda: (r.pump(0.05), {"Over", "Moves", "Scores"} <= changed_properties(r))[1], timeout=10,
             message="the end announced")
    return r


def tictactoe(test, games=300):
    """A game to its end, then training with its progress signals."""
    r = Remote(*TICTACTOE)
    r.call("NewGame")
    while r.prop("State") not in ("you-won", "computer-won", "drawn"):
        r.call("Play", "u", r.prop("Board").index(".") + 1)
    test.assertEqual(r.prop("Games"), 1)
    r.call("Train", "us", games, "random")
    wait_for(lambda: (r.pump(0.05), names(r, "TrainingFinished"))[1], timeout=60, message="TrainingFinished")
    test.assertTrue(names(r, "TrainingProgress"), "progress came before the end")
    test.assertEqual(r.prop("Games"), 1 + games)
    return r


ALL = {"five": five_in_a_row, "leapfrog": leapfrog, "tiles": tiles, "tictactoe": tictactoe}
