"""Whatever ends the app, every page's unfinished game comes back (issue 63,
points 1 to 4): each game is on disk as it is played, so a SIGKILL after
any move or right after a start loses nothing; SIGTERM followed at once by
SIGKILL never finds the game gone; a full disk keeps the game kept before
and says so; and an instance never removes a game it did not take."""

import os
import random
import signal
import subprocess
import time

from gi.repository import Gio, GLib

from dbus_client import NAME, Remote
from harness import AppTest, wait_for, winning_move
from pieces import log_troubles
from pages.leapfrog import click_field, position
from pages.tictactoe import answered, board, fields
from pages.tiles import surface, tiles_state


OVER = ("blue-won", "red-won", "draw")


def every_page(app):
    """What each page shows of its game: the leap-frog position, the
    tic-tac-toe fields, the tile game in words and the stones of five in a
    row (each page visited, so that each is made)."""
    app.key("ctrl+2")
    wait_for(lambda: app.find_showing("image", "Fields"), message="the leap-frog page")
    leapfrog = position(app)
    app.key("ctrl+4")
    wait_for(lambda: board(app), message="the tic-tac-toe page")
    tictactoe = fields(app)
    app.key("ctrl+3")
    wait_for(lambda: surface(app), message="the tile page")
    tiles = tiles_state(app)
    app.key("ctrl+1")
    stones = app.stones()
    return {"leapfrog": leapfrog, "tictactoe": tictactoe, "tiles": tiles, "five": stones}


def play_blue(remote):
    """Blue's move towards five over D-Bus (the computer answers it)."""
    board = remote.prop("Board")
    at = {c: [(i % 9, i // 9) for i, v in enumerate(board) if v == c] for c in ".BR"}
    remote.call("PlayMove", "uu", *(winning_move(at["B"], at["R"]) or at["."][0]))


def killed(app):
    os.kill(app.proc.pid, signal.SIGKILL)
    app.wait_closed(timeout=15)


class AGameOnEveryPageOutlivesACrash(AppTest):
    def test_a_sigkill_after_the_moves_and_one_after_a_start_bring_every_game_back(self):
        app = self.start(settings={"last_page": "leapfrog", "leapfrog_frogs": 2, "window_height": 850})
        wait_for(lambda: app.find_showing("image", "Fields"), message="the leap-frog page")
        click_field(app, 1)
        wait_for(lambda: position(app) == "X-XYY", message="the leap-frog move")
        app.key("ctrl+4")
        wait_for(lambda: board(app), message="the tic-tac-toe page")
        app.key("1")
        wait_for(lambda: answered(app), message="O's answer")
        app.key("ctrl+3")
        wait_for(lambda: surface(app), message="the tile page")
        app.key("Return")
        wait_for(lambda: "Lieke took" in surface(app).description, timeout=30, message="the computer's tile move")
        app.key("ctrl+1")
        for _ in range(2):
            blue, red = app.stones()
            app.play_and_wait(lambda c: app.click(*c), winning_move(blue, red))
            wait_for(lambda: len(app.stones()[1]) == len(blue) + 1, message="the computer's reply")
        played = every_page(app)
        self.assertEqual(len(played["five"][0]), 2, played)
        self.assertEqual(played["leapfrog"], "X-XYY")
        # Killed with no chance to keep anything: what was played is on disk.
        killed(app)
        again = self.start(home=app.home)
        self.assertEqual(every_page(again), played, "every game back after a SIGKILL after its moves")
        # Killed again 2 s after that start, nothing done: still there.
        time.sleep(2)
        killed(again)
        third = self.start(home=app.home)
        self.assertEqual(every_page(third), played, "every game back after a SIGKILL right after a start")

    def test_fifty_rounds_of_sigterm_then_sigkill_each_find_the_last_game(self):
        """Each round: a start, the game read over D-Bus (it must be the
        one played last), one more move, then SIGTERM and SIGKILL 0 to 40 ms
        later, as a session that ends in a hurry does."""
        app = self.start(settings={"last_page": "five"})
        remote = Remote()
        wait_for(lambda: remote.has_owner(NAME), message="the control name on the bus")
        expected = remote.prop("Board")
        log = open(os.path.join(app.home, "rounds.log"), "a+")
        rng = random.Random(63)
        lost = []
        proc = app.proc
        for round_ in range(50):
            if round_ > 0:
                proc = subprocess.Popen(app.command, env=app.env, stdout=log, stderr=log)
                wait_for(lambda: remote.has_owner(NAME) and remote.pid_of(NAME) == proc.pid,
                         timeout=30, message=f"round {round_}: the app on the bus")
                board_now = wait_for(lambda: remote.prop("Board"), message="the board")
                if board_now != expected:
                    lost.append(round_)
            if remote.prop("State") in OVER:
                remote.call("StartGame", "sa{sv}", "vs-computer", {"discard-unsaved": GLib.Variant("b", True)})
            play_blue(remote)
            # A game that ended is not kept: the next start has a new one.
            expected = "." * 81 if remote.prop("State") in OVER else remote.prop("Board")
            os.kill(proc.pid, signal.SIGTERM)
            time.sleep(rng.uniform(0, 0.04))
            try:
                os.kill(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(timeout=15)
        log.seek(0)
        troubles = log_troubles(log.read())
        log.close()
        self.assertEqual(lost, [], "rounds whose start did not find the game played last")
        self.assertEqual(troubles, [])


class AFullDiskKeepsTheGameKeptBefore(AppTest):
    def test_a_move_on_a_full_disk_is_said_and_the_game_kept_before_stays(self):
        app = self.start(settings={"last_page": "tictactoe", "window_height": 820}, data_disk=8 << 20)
        wait_for(lambda: board(app), message="the tic-tac-toe page")
        kept = app.inside(os.path.join(app.data, "match5", "tic-tac-toe-game.toml"))
        app.key("1")
        wait_for(lambda: answered(app), message="O's answer")
        wait_for(lambda: os.path.exists(kept), message="the game on disk after the first move")
        with open(kept) as f:
            before = f.read()
        self.assertRegex(before, r"moves = \[0, \d\]")

        def said():
            return app.find("label", lambda n: "cannot be kept" in n and "disk is full" in n)

        with app.full_disk():
            marks = fields(app)
            free = min(f for f, what in marks.items() if what == "empty")
            app.key(str(free))
            wait_for(lambda: fields(app) != marks and answered(app), message="the second move and its answer")
            wait_for(said, message="the words that say the game cannot be kept")
            with open(kept) as f:
                self.assertEqual(f.read(), before, "the game kept before stays, whole")
            time.sleep(6)
            self.assertTrue(said(), "the message stays until dismissed")
        # Room again: the next move is kept and the message goes.
        marks = fields(app)
        free = min(f for f, what in marks.items() if what == "empty")
        app.key(str(free))
        wait_for(lambda: fields(app) != marks and (answered(app) or app.title()), message="the third move")
        wait_for(lambda: not said(), message="the message gone once the game is kept again")
        with open(kept) as f:
            self.assertNotEqual(f.read(), before, "the game as it is now")


OTHER_BUS = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


class TwoInstancesOnOneDataFolder(AppTest):
    """Two log-ins of one person (two session buses) share one data folder:
    the one that never played must not remove the other's kept game."""

    def test_an_instance_that_never_played_leaves_the_other_ones_kept_game(self):
        app = self.start(settings={"last_page": "five"})
        remote = Remote()
        wait_for(lambda: remote.has_owner(NAME), message="the control name on the bus")
        # A bus that starts no services: the portals and the accessibility
        # bus it would start share this session's runtime folder.
        config = os.path.join(app.home, "other-bus.conf")
        with open(config, "w") as f:
            f.write(OTHER_BUS)
        daemon = subprocess.Popen(["dbus-daemon", f"--config-file={config}", "--nofork", "--print-address=1"],
                                  stdout=subprocess.PIPE, text=True)
        self.addCleanup(daemon.kill)
        address = daemon.stdout.readline().strip()
        other_bus = Gio.DBusConnection.new_for_address_sync(
            address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
            None, None)
        env = dict(app.env, DBUS_SESSION_BUS_ADDRESS=address, GTK_A11Y="none", GSETTINGS_BACKEND="memory",
                   GTK_USE_PORTAL="0")
        log = open(os.path.join(app.home, "other.log"), "a+")
        self.addCleanup(log.close)
        other = subprocess.Popen(app.command, env=env, stdout=log, stderr=log)
        self.addCleanup(lambda: other.poll() is None and other.kill())

        def other_board():
            reply = other_bus.call_sync(NAME, "/io/github/match5/Match5", "org.freedesktop.DBus.Properties", "Get",
                                        GLib.Variant("(ss)", ("io.github.match5.Match5.Control1", "Board")),
                                        None, Gio.DBusCallFlags.NO_AUTO_START, 10000, None)
            return reply.unpack()[0]

        self.assertEqual(wait_for(other_board, timeout=30, message="the other instance's page"), "." * 81)
        # The other window lies over this one now: the moves go by D-Bus.
        for _ in range(2):
            play_blue(remote)
        self.assertEqual(remote.prop("Board").count("B"), 2)
        stones = app.stones()
        # Its keys would go to the other window: it ends as a logout ends it.
        os.kill(app.proc.pid, signal.SIGTERM)
        self.assertEqual(app.wait_closed(timeout=15), 0)
        kept = os.path.join(app.data, "match5", "game-in-progress.toml")
        self.assertTrue(os.path.exists(kept), "the game kept")
        # The other one, which never played, ends after it.
        other.send_signal(signal.SIGTERM)
        self.assertEqual(other.wait(timeout=15), 0)
        self.assertTrue(os.path.exists(kept), "the kept game is still there after the other instance ended")
        again = self.start(home=app.home)
        wait_for(lambda: again.stones() == stones, message="the game back")
        log.seek(0)
        self.assertEqual(log_troubles(log.read()), [])
