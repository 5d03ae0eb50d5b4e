"""A flood of pipelined D-Bus calls never kills the service or grows the
app's memory for good: calls past the queue get Busy at once, every call is
answered, the next normal call answers, and the last announced properties
are what the properties say."""

import json
import os
import subprocess
import sys
import time
import unittest

from gi.repository import Gio, GLib

from dbus_client import NAME, Remote
from flood import FIVE, LEAPFROG, TICTACTOE, TILES, Peak, burst, five_moves, leapfrog_moves, new_game, rss_mb, \
    starts_beside, tictactoe_plays, \
    tile_deals
from harness import App, wait_for


def told(remote):
    """What the object's PropertiesChanged signals said last, property by
    property."""
    said = {}
    for name, args in remote.signals:
        if name == "PropertiesChanged":
            said.update(args[1])
    return said


class FloodOfCalls(unittest.TestCase):
    def setUp(self):
        self.app = App()
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        self.remotes = {obj: Remote(*obj) for obj in (LEAPFROG, TILES, TICTACTOE, FIVE)}
        wait_for(lambda: self.remotes[FIVE].has_owner(NAME), message="the control name on the bus")
        self.pid = self.app.proc.pid

    def tearDown(self):
        self.app.close()

    def flood(self, obj, calls, figures):
        with Peak(self.pid) as peak:
            outcomes, seconds = burst(self.bus, *obj, calls)
        figures.append((obj[1].rsplit(".", 1)[1], len(calls), outcomes.get("Busy", 0), round(seconds, 1),
                        round(peak.mb)))
        self.assertEqual(outcomes.pop("unanswered"), 0, f"every call is answered: {outcomes}")
        self.assertNotIn("org.freedesktop.DBus.Error.NoReply", outcomes)
        self.assertNotIn("g-io-error-quark:24", outcomes, "no call timed out")
        self.assertGreater(outcomes.get("ok", 0), 0, f"calls are carried out during the flood: {outcomes}")
        self.assertGreater(outcomes.get("Busy", 0), 0, f"calls past the queue are refused as Busy: {outcomes}")
        return outcomes, peak.mb

    def test_three_bursts_of_two_thousand_calls_and_the_service_lives_on(self):
        leapfrog, five = self.remotes[LEAPFROG], self.remotes[FIVE]
        # Every object has answered once: what it needs to serve is there.
        leapfrog.call("NewPuzzle", "ub", 3, False)
        five.call("StartGame", "sa{sv}", "two-players", {})
        self.remotes[TILES].call("Deal", "uuuuu", 3, 4, 5, 5, 40)
        self.remotes[TICTACTOE].call("NewGame")
        leapfrog.pump(1.0)
        before = rss_mb(self.pid)
        figures, peaks = [], []
        for _ in range(3):
            _, peak = self.flood(LEAPFROG, leapfrog_moves(2000), figures)
            peaks.append(peak)
        for obj, calls in ((TILES, tile_deals(2000)), (TICTACTOE, tictactoe_plays(2000)),
                           (FIVE, five_moves(6000))):
            _, peak = self.flood(obj, calls, figures)
            peaks.append(peak)
        # A normal call of each object answers at once after the floods.
        leapfrog.call("NewPuzzle", "ub", 4, False, timeout=5000)
        self.assertEqual(leapfrog.prop("Position"), "XXXX.YYYY")
        self.assertEqual(five.call("StartGame", "sa{sv}", "two-players", {"discard-unsaved": GLib.Variant("b", True)}, timeout=5000), ())
        self.assertEqual(five.call("PlayMove", "uu", 4, 4, timeout=5000), ("playing",))
        self.remotes[TICTACTOE].call("NewGame", timeout=5000)
        self.assertEqual(self.remotes[TICTACTOE].prop("Board"), "." * 9)
        # What was announced last is what the properties say: coalesced
        # announcements never leave a listener with an old value.
        leapfrog.pump(2.0)
        self.assertEqual(told(leapfrog).get("Position"), "XXXX.YYYY")
        self.assertEqual(told(five).get("Board"), five.prop("Board"))
        self.assertEqual(told(five).get("State"), "playing")
        # Memory returns once the app has been quiet for a moment.
        try:
            wait_for(lambda: rss_mb(self.pid) - before < 20, timeout=10, message="memory to return")
        except AssertionError:
            pass
        after = rss_mb(self.pid)
        print(f"\nflood figures: RSS before {before:.0f} MB, peak {max(peaks):.0f} MB, after {after:.0f} MB")
        for name, calls, busy, seconds, peak in figures:
            print(f"  {name}: {calls} calls, {busy} Busy, {seconds} s, peak {peak} MB")
        self.assertLess(after - before, 20, f"memory returns: {before:.0f} MB before, {after:.0f} MB after")
        self.assertLess(max(peaks) - before, 150, f"memory stays bounded during the floods: peak {max(peaks):.0f} MB")
        # The window lives on: it still answers the accessibility bus.
        self.assertTrue(self.app.frame.get_name())

    def test_another_client_is_answered_while_one_floods(self):
        """One client floods five in a row's object from its own connection
        for 10 s; another starts a game every half second meanwhile. The
        flood takes at most its share of the queue, so the other's calls
        are never refused as Busy, and each is answered."""
        self.flood_beside_another_client(connections=1)

    def test_a_client_with_eight_connections_has_one_share(self):
        """The same flood over eight connections of one process: a share
        per connection (8 x 16) filled the whole queue of 64, and the other
        client was refused; one share per client leaves it room."""
        flood_said = self.flood_beside_another_client(connections=8)
        self.assertEqual(flood_said["connections"], 8)

    def test_a_client_that_never_reads_its_replies_has_one_share_too(self):
        """One client sends PlayMove after PlayMove for 8 s over a socket of
        its own and never reads a reply; another starts a game every half
        second meanwhile. The other's calls are never refused and each is
        answered; once the flood ends the app answers at once and gives
        its memory back (a debug build kept 130 MB of it)."""
        five = self.remotes[FIVE]
        five.call("StartGame", "sa{sv}", "two-players", {})
        # The memory a started app settles at, before the flood.
        time.sleep(3)
        before = rss_mb(self.pid)
        flooder = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(__file__), "deaf_client.py"), "8",
                                    "2"], stdout=subprocess.PIPE, text=True)
        with Peak(self.pid) as peak:
            answered = starts_beside(new_game(five, 60000), flooder)
        flood_said = json.loads(flooder.communicate()[0])
        # Calls of the flood still waiting when it left are carried out
        # (they may end the game): a game of our own, then a move.
        new_game(five, 60000)()
        started = time.monotonic()
        self.assertEqual(five.call("PlayMove", "uu", 4, 4, timeout=10000), ("playing",))
        after_flood = time.monotonic() - started
        try:
            wait_for(lambda: rss_mb(self.pid) - before < 30, timeout=60, message="memory to return")
        except AssertionError:
            pass
        after = rss_mb(self.pid)
        print(f"\na client that never reads sent {flood_said['sent']} calls in 8 s; the other's StartGame: "
              f"{answered}; a move after it answered in {after_flood:.2f} s; RSS {before:.0f} MB before, "
              f"peak {peak.mb:.0f} MB, {after:.0f} MB after")
        self.assertGreater(flood_said["sent"], 2000, f"the flood was one: {flood_said}")
        self.assertTrue(answered)
        self.assertEqual([a for a in answered if a[0] != "ok"], [], f"the other client is never refused: {answered}")
        self.assertLess(after - before, 30, f"memory returns within a minute: {before:.0f} MB before, "
                                            f"{after:.0f} MB after")

    def flood_beside_another_client(self, connections):
        five = self.remotes[FIVE]
        five.call("StartGame", "sa{sv}", "two-players", {})
        before = rss_mb(self.pid)
        flooder = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(__file__), "flood_client.py"), "10",
                                    str(connections)], stdout=subprocess.PIPE, text=True)
        with Peak(self.pid) as peak:
            answered = starts_beside(new_game(five, 30000), flooder)
        flood_said = json.loads(flooder.communicate()[0])
        print(f"\none client's flood over {connections} connection(s): {flood_said}; the other's StartGame: "
              f"{answered}; RSS {before:.0f} MB before, peak {peak.mb:.0f} MB")
        self.assertGreater(flood_said["outcomes"].get("Busy", 0), 0, f"the flood filled its share: {flood_said}")
        self.assertGreater(len(answered), 5)
        self.assertEqual([a for a in answered if a[0] != "ok"], [], f"the other client is never refused: {answered}")
        return flood_said


if __name__ == "__main__":
    unittest.main()
