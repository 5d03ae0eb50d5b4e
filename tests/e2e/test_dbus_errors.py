"""Every error of every game's D-Bus interface, as its installed
introspection lists them, changes nothing in any of the four objects; and
every method called with arguments of the wrong types gets the standard
org.freedesktop.DBus.Error.InvalidArgs in the app's words, changing
nothing either."""

import os
import re
import tempfile
import unittest

from gi.repository import Gio, GLib

from dbus_client import NAME, Remote
from dbus_game import ERR, PREFIX
from flood import FIVE, LEAPFROG, TICTACTOE, TILES, burst
from harness import ENGINE, App, wait_for, winning_move
from pieces import write

OBJECTS = (FIVE, LEAPFROG, TILES, TICTACTOE)
# Leap-frog writes nothing and cannot fail: its Failed is only the answer
# of an app that quits while the call waits, which the unit tests of
# src/control/bridge.rs try (a process that has quit answers nothing).
NOT_REACHABLE = {"io.github.match5.Match5.LeapFrog1": {"Failed"}}


def listed_errors(iface):
    """The error names the installed introspection XML lists."""
    with open(os.path.join(PREFIX, "share", "dbus-1", "interfaces", f"{iface}.xml")) as f:
        text = f.read()
    listed = re.search(r"Errors are named io\.github\.match5\.Match5\.Error\.<Name>:(.*?)\. (?:Arguments|See)", text,
                       re.S).group(1)
    return {name.strip() for name in re.sub(r"\(.*?\)", "", listed, flags=re.S).split(",")}


def methods(xml, iface):
    """Each method of `iface` with the signature of its input."""
    import xml.etree.ElementTree as ET
    node = next(i for i in ET.fromstring(xml).iter("interface") if i.get("name") == iface)
    return {m.get("name"): "".join(a.get("type") for a in m.iter("arg") if a.get("direction") == "in")
            for m in node.iter("method")}


class EveryErrorChangesNothing(unittest.TestCase):
    maxDiff = None
    def setUp(self):
        # The person plays an engine that thinks a while (NotYourTurn).
        home = tempfile.mkdtemp(prefix="match5-e2e-")
        os.makedirs(os.path.join(home, "config", "match5"))
        write(os.path.join(home, "config", "match5", "settings.toml"),
              'last_player = "Tester"\nwindow_width = 900\nwindow_height = 680\nlast_page = "five"\n\n'
              '[five]\nopponent_engine = "Ponder"\n\n[[five.engines]]\nname = "Ponder"\n'
              f'command = "python3 {ENGINE} ponder"\n')
        # The data folder is a disk of its own, which a test can fill.
        self.app = App(home=home, data_disk=8 << 20)
        self.r = {obj: Remote(*obj) for obj in OBJECTS}
        wait_for(lambda: self.r[FIVE].has_owner(NAME), message="the control name on the bus")
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        self.seen = {obj[1]: set() for obj in OBJECTS}

    def tearDown(self):
        self.app.close()

    def world(self):
        """Every property of every object."""
        state = {}
        for path, iface in OBJECTS:
            reply = self.bus.call_sync(NAME, path, "org.freedesktop.DBus.Properties", "GetAll",
                                       GLib.Variant("(s)", (iface,)), None, Gio.DBusCallFlags.NONE, 10000, None)
            state[iface] = reply.unpack()[0]
        return state

    def refused(self, obj, call, *args, error, words="", computer_moves=False):
        """The call fails with `error` and every property of every object is
        as before. With `computer_moves`, the tile game's computer is to
        move and may do so meanwhile (on a busy machine it did, between the
        two readings): then its move is all that changed, and the person's
        row is as before."""
        before = self.world()
        name, message = self.r[obj].error_of(call, *args)
        self.assertEqual(name, ERR + error, (call, args, message))
        self.assertIn(words, message, (call, args))
        self.assertLess(len(message), 600)
        after = self.world()
        if computer_moves:
            tiles, was = after.pop(obj[1]), before.pop(obj[1])
            self.assertLessEqual(tiles["Moves"], was["Moves"] + 1, "one move at most, the computer's")
            self.assertEqual(tiles["Rows"][1], was["Rows"][1], "the person's row is as before")
        self.assertEqual(after, before, f"{obj[1]}.{call}{args} changed nothing")
        self.seen[obj[1]].add(error)

    def refused_in_a_flood(self, obj, call, params, error):
        """20,000 pipelined calls that are each refused with `error`: those
        past the queue get Busy, and nothing changes. The calls all arrive
        at once (the app is paused while they are sent), so the queue is
        full for certain, however fast the refusals are."""
        before = self.world()
        outcomes, _ = burst(self.bus, *obj, [(call, params)] * 20000, paused=self.app.pid)
        self.assertEqual(outcomes.pop("unanswered"), 0)
        self.assertEqual(set(outcomes), {error, "Busy"}, outcomes)
        self.assertEqual(self.world(), before, f"a flood of {obj[1]}.{call} changed nothing")
        self.seen[obj[1]].update(outcomes)

    def win(self):
        """Plays against the computer until a game is won (the computer
        learns from it, unsaved)."""
        five = self.r[FIVE]
        for _ in range(20):  # see test_knowledge_files.FriendsFile.win
            five.call("StartGame", "sa{sv}", "vs-computer", {"discard-unsaved": GLib.Variant("b", True)})
            for _ in range(40):
                board = five.prop("Board")
                blue = {(i % 9, i // 9) for i, c in enumerate(board.replace("\n", "")) if c == "B"}
                red = {(i % 9, i // 9) for i, c in enumerate(board.replace("\n", "")) if c == "R"}
                (state,) = five.call("PlayMove", "uu", *winning_move(blue, red))
                if state != "playing":
                    break
            if state == "blue-won":
                return
        self.fail("no game won in 20")

    def test_every_listed_error_of_every_interface(self):
        home = self.app.home
        five, frogs, tiles, ttt = FIVE, LEAPFROG, TILES, TICTACTOE
        # Five in a row against the person's engine: a move while it thinks.
        self.assertEqual(self.r[five].prop("Mode"), "vs-engine")
        self.assertEqual(self.r[five].call("PlayMove", "uu", 0, 0), ("playing",))
        self.refused(five, "PlayMove", "uu", 1, 1, error="NotYourTurn", words="It is Ponder’s move")
        wait_for(lambda: "R" in self.r[five].prop("Board"), message="the engine's move")
        # Five in a row: a two-player game with one ball.
        self.r[five].call("StartGame", "sa{sv}", "two-players", {})
        self.r[five].call("PlayMove", "uu", 4, 4)
        bad = os.path.join(home, "bad.fivo")
        write(bad, 'format = "match5-knowledge"\nversion = 1\nplayer = "X"\n[[pattern]]\nlevel = 0\nrows = ["BBBBX"]\n')
        self.refused(five, "LoadKnowledge", "ss", "/nonexistent/k.fivo", "", error="FileNotFound")
        self.refused(five, "LoadKnowledge", "ss", bad, "", error="InvalidKnowledge", words="line 5")
        self.refused(five, "StartGame", "sa{sv}", "chess", {}, error="UnknownMode")
        self.refused(five, "StartGame", "sa{sv}", "vs-computer", {"colour": GLib.Variant("s", "red")},
                     error="InvalidOption")
        self.refused(five, "StartGame", "sa{sv}", "vs-computer", {"player": GLib.Variant("s", "tab\there")},
                     error="InvalidPlayer")
        self.refused(five, "PlayMove", "uu", 9, 0, error="OffBoard")
        self.refused(five, "PlayMove", "uu", 4, 4, error="FieldTaken")
        self.refused_in_a_flood(five, "PlayMove", GLib.Variant("(uu)", (4, 4)), "FieldTaken")
        # A player with a game of their own is no new knowledge.
        self.win()
        self.refused(five, "StartGame", "sa{sv}", "vs-computer",
                     {"start-from": GLib.Variant("s", "greedy"), "discard-unsaved": GLib.Variant("b", True)},
                     error="NotNew")
        self.refused(five, "PlayMove", "uu", 8, 8, error="NoGame")
        other = os.path.join(home, "Other.fivo")
        write(other, 'format = "match5-knowledge"\nversion = 1\nplayer = "Other"\n')
        self.refused(five, "LoadKnowledge", "ss", other, "", error="UnsavedKnowledge")
        path, _ = self.r[five].call("SaveKnowledge")
        path = self.app.inside(path)
        with open(path) as f:
            saved = f.read()
        self.win()
        # A full disk: nothing is saved, and the file and the knowledge
        # are as they were.
        with self.app.full_disk():
            self.refused(five, "SaveKnowledge", error="Failed", words="the disk is full")
        with open(path) as f:
            self.assertEqual(f.read(), saved)
        # Another program saves other knowledge over the player's file.
        write(path, saved.replace('player = "Tester"', 'player = "Someone Else"'))
        self.refused(five, "SaveKnowledge", error="FileChanged")
        # A link planted in the file's place, to another of the person's
        # files: refused, and nothing is made beside where it points.
        notes = os.path.join(home, "notes")
        os.makedirs(notes)
        target = os.path.join(notes, "Other.fivo")
        write(target, 'format = "match5-knowledge"\nversion = 1\nplayer = "Other"\n')
        os.remove(path)
        os.symlink(target, path)
        self.refused(five, "SaveKnowledge", error="FileChanged")
        self.assertEqual(os.listdir(notes), ["Other.fivo"], "nothing made beside the link's target")
        with open(target) as f:
            self.assertEqual(f.read(), 'format = "match5-knowledge"\nversion = 1\nplayer = "Other"\n')
        locked = os.path.join(home, "Locked.fivo")
        write(locked, 'format = "match5-knowledge"\nversion = 1\nplayer = "Locked"\n'
                      'password = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$'
                      'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"\n')
        self.r[five].call("LoadKnowledge2", "ssa{sv}", locked, "", {"discard-unsaved": GLib.Variant("b", True)})
        self.refused(five, "SaveKnowledge", error="UserKnowledge")
        # Practice: no such opponent or number of games, nothing to stop;
        # then the board waits while the computer practises.
        self.refused(five, "Train", "susb", "grandmaster", 5, "computer", True, error="InvalidOpponent")
        self.refused(five, "Train", "susb", "random", 0, "computer", True, error="InvalidGames")
        self.refused(five, "StopTraining", error="NotTraining")
        self.r[five].call("Train", "susb", "random", 1000000, "computer", True)
        wait_for(lambda: self.r[five].prop("Training"), message="practising")
        self.refused(five, "PlayMove", "uu", 0, 0, error="Practising")
        self.r[five].call("StopTraining")
        wait_for(lambda: not self.r[five].prop("Training"), message="the practice over")

        # Leap-frog: two frogs of each kind.
        self.r[frogs].call("NewPuzzle", "ub", 2, False)
        self.refused(frogs, "NewPuzzle", "ub", 11, False, error="BadFrogs")
        self.refused(frogs, "Move", "u", 6, error="NoSuchField")
        self.refused(frogs, "Move", "u", 3, error="CannotMove")
        self.refused(frogs, "Undo", error="NothingToUndo")
        self.refused_in_a_flood(frogs, "Move", GLib.Variant("(u)", (3,)), "CannotMove")
        # X.XYY, then .XXYY: no frog can move any more.
        self.r[frogs].call("Move", "u", 2)
        self.r[frogs].call("Move", "u", 1)
        self.assertEqual(self.r[frogs].prop("Position"), ".XXYY")
        self.assertFalse(self.r[frogs].prop("Solvable"))
        self.refused(frogs, "Hint", error="NoSolution")

        # The tile game: a small game file, two people.
        self.r[tiles].call("SetPlayers", "ss", "person", "person")
        game = os.path.join(home, "spel.txt")
        write(game, "ggggbbbbg\n2 4\n1 4\n0 0\n0 0\n0\n")
        self.r[tiles].call("OpenFile", "s", game)
        broken = os.path.join(home, "broken.txt")
        write(broken, "gbbg\n2 4\n5 x\n")
        self.refused(tiles, "OpenFile", "s", "/nonexistent/spel.txt", error="CannotRead")
        self.refused(tiles, "OpenFile", "s", broken, error="BadFile", words="line 3")
        self.refused(tiles, "Deal", "uuuuu", 6, 4, 5, 5, 30, error="BadSizes")
        self.refused(tiles, "SetPlayers", "ss", "person", "wizard", error="BadPlayer")
        self.refused(tiles, "Play", "us", 3, "yellow", error="NoSuchBowl")
        self.refused(tiles, "Play", "us", 1, "blue", error="CannotMove")
        self.refused(tiles, "Undo", error="NothingToUndo")
        self.refused_in_a_flood(tiles, "Play", GLib.Variant("(us)", (1, "blue")), "CannotMove")
        self.r[tiles].call("SetPlayers", "ss", "best", "person")
        self.refused(tiles, "Play", "us", 1, "yellow", error="NotYourTurn", computer_moves=True)
        self.r[tiles].call("SetPlayers", "ss", "person", "person")
        # Play the small game to its end: then there is no best move.
        while not self.r[tiles].prop("Over"):
            score, bowl, colour, *_ = self.r[tiles].call("Best")
            self.r[tiles].call("Play", "us", bowl, colour)
        self.refused(tiles, "Best", error="GameOver")
        # One search at a time: Best during a search on the largest game.
        self.r[tiles].call("Deal", "uuuuu", 5, 5, 10, 6, 200)
        first = self.r[tiles].start_call("Best")
        wait_for(lambda: self.r[tiles].prop("Thinking"), message="the search under way")
        before = {k: v for k, v in self.world()[tiles[1]].items()}
        name, _ = self.r[tiles].error_of("Best")
        self.assertEqual(name, ERR + "Busy")
        self.assertEqual(self.world()[tiles[1]], before)
        self.seen[tiles[1]].add("Busy")
        wait_for(lambda: (self.r[tiles].pump(0.05), first)[1], timeout=20, message="the first search's answer")
        # A search whose game changes before it ends: the new deal stops
        # it, and its caller learns so.
        stopped = self.r[tiles].start_call("Best")
        wait_for(lambda: self.r[tiles].prop("Thinking"), message="the search under way")
        self.r[tiles].call("Deal", "uuuuu", 5, 5, 10, 6, 200)
        wait_for(lambda: (self.r[tiles].pump(0.05), stopped)[1], timeout=20, message="the stopped search's answer")
        self.assertIsInstance(stopped[0], GLib.Error, stopped)
        self.assertEqual(Gio.DBusError.get_remote_error(stopped[0]), ERR + "Failed", stopped[0].message)
        self.assertIn("the game changed before it ended", stopped[0].message)
        self.seen[tiles[1]].add("Failed")

        # Tic-tac-toe.
        self.r[ttt].call("NewGame")
        self.r[ttt].call("Play", "u", 5)
        self.refused(ttt, "Play", "u", 10, error="NoSuchField")
        self.refused(ttt, "Play", "u", 5, error="FieldTaken")
        self.refused(ttt, "Train", "us", 0, "random", error="BadGames")
        self.refused(ttt, "Train", "us", 10, "grandmaster", error="BadOpponent")
        self.refused(ttt, "StopTraining", error="NotTraining")
        self.refused_in_a_flood(ttt, "Play", GLib.Variant("(u)", (5,)), "FieldTaken")
        # X wins on the left column if the computer lets it; else play on
        # until the game is over.
        for field in (1, 2, 3, 4, 6, 7, 8, 9):
            if self.r[ttt].prop("State") not in ("your-turn", "start"):
                break
            if self.r[ttt].prop("Board")[field - 1] == ".":
                self.r[ttt].call("Play", "u", field)
        self.assertNotIn(self.r[ttt].prop("State"), ("your-turn", "start"))
        self.refused(ttt, "Play", "u", 1 + max(0, self.r[ttt].prop("Board").find(".")), error="GameOver")
        # The computer learned the game; forgetting it on a full disk
        # forgets nothing, in the file or in the app.
        learned = self.app.inside(os.path.join(self.app.data, "match5", "tic-tac-toe.toml"))
        with open(learned) as f:
            knows = f.read()
        self.assertIn("games = 1\n", knows)
        with self.app.full_disk():
            self.refused(ttt, "Forget", error="Failed", words="the disk is full")
        with open(learned) as f:
            self.assertEqual(f.read(), knows)

        for _, iface in OBJECTS:
            self.assertEqual(self.seen[iface], listed_errors(iface) - NOT_REACHABLE.get(iface, set()),
                             f"every error {iface} lists is tried")

    def test_arguments_of_the_wrong_types_get_invalid_args_for_every_method(self):
        for path, iface in OBJECTS:
            xml = self.r[(path, iface)].introspect_xml()
            for method, signature in methods(xml, iface).items():
                # A string where the method takes none or other types; a
                # number where it takes one string.
                wrong = ("u", 7) if signature == "s" else ("s", "x")
                before = self.world()
                name, message = self.r[(path, iface)].error_of(method, *wrong)
                self.assertEqual(name, "org.freedesktop.DBus.Error.InvalidArgs", (iface, method, message))
                self.assertIn(f"{method} takes the arguments ({signature}), not ({wrong[0]})", message)
                self.assertEqual(self.world(), before, f"{iface}.{method} with wrong arguments changed nothing")


if __name__ == "__main__":
    unittest.main()


class ErrorsInThePersonsLanguage(unittest.TestCase):
    """An error's name is what a script matches; its words are the app's,
    in the language the app runs in: here Dutch, for every game."""

    def setUp(self):
        self.app = App(lang="nl")
        self.r = {obj: Remote(*obj) for obj in OBJECTS}
        wait_for(lambda: self.r[FIVE].has_owner(NAME), message="the control name on the bus")

    def tearDown(self):
        self.app.close()

    def test_every_game_refuses_in_dutch(self):
        cases = [
            (FIVE, ("PlayMove", "uu", 9, 0), "OffBoard", "9,0 ligt buiten het bord van 9x9: x en y zijn 0 tot en met 8."),
            (FIVE, ("StartGame", "sa{sv}", "schaak", {}), "UnknownMode",
             "Er is geen modus “schaak”: gebruik vs-computer of two-players."),
            (FIVE, ("LoadKnowledge", "ss", "/nergens/Anna.fivo", ""), "FileNotFound",
             "/nergens/Anna.fivo kon niet gebruikt worden"),
            (LEAPFROG, ("Move", "u", 99), "NoSuchField", "er is geen veld 99: de velden zijn 1 tot en met 7"),
            (LEAPFROG, ("NewPuzzle", "ub", 11, False), "BadFrogs",
             "11 kikkers van elke soort: kies 1 tot en met 10"),
            (TILES, ("Play", "us", 9, "yellow"), "NoSuchBowl", "er is geen schaal 9"),
            (TICTACTOE, ("Play", "u", 10), "NoSuchField", "er is geen veld 10: de velden zijn 1 tot en met 9"),
            (TICTACTOE, ("Train", "us", 1, "niemand"), "BadOpponent",
             "geen tegenstander “niemand”: kies random, perfect of learner"),
        ]
        for obj, call, name, words in cases:
            error, message = self.r[obj].error_of(*call)
            self.assertEqual(error, ERR + name, (call, message))
            self.assertIn(words, message, call)
