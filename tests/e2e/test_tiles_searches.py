"""The tile game runs one computer search at a time: a new position stops
the search about the old one, so a script that deals a hundred large
games while the computer thinks meets no pile of searches. Memory returns
to the figure before, and the app is idle once the answers are in."""

import time
import unittest

from gi.repository import Gio, GLib

from dbus_client import NAME, Remote
from flood import TILES, Peak, burst, cpu_s, rss_mb
import pyatspi

from harness import App, wait_for


class OneSearchAtATime(unittest.TestCase):
    def setUp(self):
        self.app = App(settings={"last_page": "tiles"})
        self.r = Remote(*TILES)
        wait_for(lambda: self.r.has_owner(NAME), message="the control name on the bus")
        self.pid = self.app.proc.pid

    def tearDown(self):
        self.app.close()

    def settle(self, player):
        """`player` (the exact search or Monte Carlo) against a person, on
        the largest deal: after its move the app waits. The RSS then."""
        r = self.r
        r.call("SetPlayers", "ss", player, "person")
        r.call("Deal", "uuuuu", 5, 5, 10, 6, 200)
        wait_for(lambda: not r.prop("Thinking"), timeout=10, message="the first search to end")
        time.sleep(1)
        return rss_mb(self.pid)

    def after(self, what, before, peak, answered, cpu_then, detail="", limit=40):
        """From the answers on, only the search about the last position
        may run: within its budget (2 s, and the 0.35 s a computer's move
        is shown thinking), not behind a queue of stale ones; then the app
        is idle and its memory back."""
        r = self.r
        wait_for(lambda: not r.prop("Thinking"), timeout=90, message="the last search to end")
        settled = time.monotonic() - answered
        time.sleep(0.5)
        searched = cpu_s(self.pid) - cpu_then
        cpu = cpu_s(self.pid)
        time.sleep(3)
        busy = cpu_s(self.pid) - cpu
        try:
            wait_for(lambda: rss_mb(self.pid) - before < limit, timeout=10, message="memory to return")
        except AssertionError:
            pass
        after = rss_mb(self.pid)
        print(f"\n{what}{detail}: RSS before {before:.0f} MB, peak {peak.mb:.0f} MB, after {after:.0f} MB; "
              f"the last move {settled:.1f} s after the answers, {searched:.1f} s of CPU till then; "
              f"CPU in the 3 s after: {busy:.2f} s", flush=True)
        self.assertLess(settled, 5, f"the last position's move came {settled:.1f} s after the answers")
        self.assertLess(searched, 5, f"{searched:.1f} s of CPU after the answers: stale searches ran")
        self.assertLess(busy, 0.5, f"the app is idle after the answers, not searching: {busy:.2f} s of CPU in 3 s")
        self.assertLess(after - before, limit, f"memory returns: {before:.0f} MB before, {after:.0f} MB after")
        self.assertLess(peak.mb - before, 200, f"one search at a time: peak {peak.mb:.0f} MB, {before:.0f} before")
        self.assertEqual(r.prop("Sizes"), (5, 5, 10, 6))
        return after

    def deals(self, player, name):
        before = self.settle(player)
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        deals = [("Deal", GLib.Variant("(uuuuu)", (5, 5, 10, 6, 200)))] * 100
        with Peak(self.pid) as peak:
            outcomes, seconds = burst(bus, *TILES, deals)
            answered, cpu_then = time.monotonic(), cpu_s(self.pid)
            # Every call answered by the app itself: a deal, or Busy while
            # the page is full of calls. A timeout or a lost reply is no
            # answer.
            self.assertEqual(sum(outcomes.values()), len(deals), outcomes)
            self.assertEqual(set(outcomes) - {"ok", "Busy", "unanswered"}, set(), outcomes)
            self.assertEqual(outcomes.get("unanswered"), 0, outcomes)
            self.assertGreater(outcomes.get("ok", 0), 0, outcomes)
            self.after(f"100 Deal calls while {name} thinks", before, peak, answered, cpu_then,
                       f" ({outcomes}, {seconds:.1f} s)")

    def test_a_hundred_deals_while_the_exact_search_thinks(self):
        # Femke is the exact search, which thinks its whole budget (2 s,
        # 64 MiB) on a deal this large.
        self.deals("best", "the exact search")

    def test_a_hundred_deals_while_monte_carlo_thinks(self):
        # Monte Carlo plays random games for its whole budget (2 s): a
        # stopped one ends at its next game, not at its deadline.
        self.deals("good", "Monte Carlo")

    def test_fast_clicks_on_new_game_while_the_computer_thinks(self):
        """A person who clicks New Game again and again while the
        computer thinks: each click deals anew, and stops the search
        about the deal before. Five rounds of 60 clicks: the memory comes
        back after each (within 20 MB of the start) and stays flat across
        the rounds, and 60 s later."""
        before = self.settle("best")
        button = self.app.find("push button", "New Game")
        self.assertIsNotNone(button, "the header's New Game")
        e = button.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        figures = []
        for round in range(1, 6):
            deal = (self.r.prop("Bowls"), self.r.prop("Pot"))
            self.assertEqual(self.r.prop("Moves"), 1, "the computer played the deal before once")
            with Peak(self.pid) as peak:
                self.app.click_at(e.x + e.width // 2, e.y + e.height // 2, repeat=60, delay=0.04)
                answered, cpu_then = time.monotonic(), cpu_s(self.pid)
                after = self.after(f"round {round}: 60 clicks on New Game in 2.4 s while the exact search thinks",
                                   before, peak, answered, cpu_then, limit=20)
            figures.append((peak.mb, after))
            # The clicks dealt anew: another deal, which the computer
            # opened once and which now waits for the person.
            self.assertNotEqual((self.r.prop("Bowls"), self.r.prop("Pot")), deal, "the clicks dealt nothing new")
            self.assertEqual(self.r.prop("Moves"), 1, "the last deal was played by the computer once")
        time.sleep(60)
        later = rss_mb(self.pid)
        peaks = ", ".join(f"{p:.0f}" for p, _ in figures)
        rounds = ", ".join(f"{a:.0f}" for _, a in figures)
        print(f"\nRSS before {before:.0f} MB; peaks {peaks} MB; after each round {rounds} MB; "
              f"60 s later {later:.0f} MB", flush=True)
        afters = [a for _, a in figures]
        self.assertLess(max(afters) - min(afters), 10, f"flat across the rounds: {rounds} MB")
        self.assertLess(later - before, 20, f"60 s later: {before:.0f} MB before, {later:.0f} MB")

if __name__ == "__main__":
    unittest.main()
