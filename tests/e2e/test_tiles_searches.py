"""The tile game runs one computer search at a time: a new position stops
the search about the old one, so a script that deals a hundred large
games while the computer thinks meets no pile of searches. Memory returns
to the figure before, and the app is idle once the answers are in."""

import time
import unittest

from gi.repository import Gio, GLib

from dbus_client import NAME, Remote
from flood import TILES, Peak, burst, rss_mb
from harness import App, wait_for


def cpu_seconds(pid):
    """The process's CPU time so far (user and system), in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100


class OneSearchAtATime(unittest.TestCase):
    def setUp(self):
        self.app = App(settings={"last_page": "tiles"})
        self.r = Remote(*TILES)
        wait_for(lambda: self.r.has_owner(NAME), message="the control name on the bus")
        self.pid = self.app.proc.pid

    def tearDown(self):
        self.app.close()

    def test_a_hundred_deals_while_the_computer_thinks(self):
        r = self.r
        # Femke is the exact search, which thinks its whole budget (2 s,
        # 64 MiB) on a deal this large; Lieke is a person, so after
        # Femke's move the app waits.
        r.call("SetPlayers", "ss", "best", "person")
        r.call("Deal", "uuuuu", 5, 5, 10, 6, 200)
        wait_for(lambda: not r.prop("Thinking"), timeout=10, message="the first search to end")
        time.sleep(1)
        before = rss_mb(self.pid)
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        deals = [("Deal", GLib.Variant("(uuuuu)", (5, 5, 10, 6, 200)))] * 100
        with Peak(self.pid) as peak:
            outcomes, seconds = burst(bus, *TILES, deals)
            # From the last answer on, only the search about the last deal
            # may run: within its budget (2 s, and the 0.35 s a computer's
            # move is shown thinking), not behind a queue of stale ones.
            answered, cpu_then = time.monotonic(), cpu_seconds(self.pid)
            wait_for(lambda: not r.prop("Thinking"), timeout=90, message="the last search to end")
            settled = time.monotonic() - answered
            time.sleep(0.5)
            searched = cpu_seconds(self.pid) - cpu_then
        self.assertEqual(outcomes.get("unanswered"), 0, outcomes)
        self.assertGreater(outcomes.get("ok", 0), 0, outcomes)
        self.assertLess(settled, 5, f"the last deal's move came {settled:.1f} s after the answers")
        self.assertLess(searched, 5, f"{searched:.1f} s of CPU after the answers: stale searches ran")
        cpu = cpu_seconds(self.pid)
        time.sleep(3)
        busy = cpu_seconds(self.pid) - cpu
        try:
            wait_for(lambda: rss_mb(self.pid) - before < 40, timeout=10, message="memory to return")
        except AssertionError:
            pass
        after = rss_mb(self.pid)
        print(f"\n100 Deal calls while the computer thinks: {outcomes}, {seconds:.1f} s; RSS before {before:.0f} MB, "
              f"peak {peak.mb:.0f} MB, after {after:.0f} MB; the last move {settled:.1f} s after the answers, "
              f"{searched:.1f} s of CPU till then; CPU in the 3 s after: {busy:.2f} s", flush=True)
        self.assertLess(busy, 0.5, f"the app is idle after the answers, not searching: {busy:.2f} s of CPU in 3 s")
        self.assertLess(after - before, 40, f"memory returns: {before:.0f} MB before, {after:.0f} MB after")
        self.assertLess(peak.mb - before, 200, f"one search at a time: peak {peak.mb:.0f} MB, {before:.0f} before")
        self.assertEqual(r.prop("Sizes"), (5, 5, 10, 6))


if __name__ == "__main__":
    unittest.main()
