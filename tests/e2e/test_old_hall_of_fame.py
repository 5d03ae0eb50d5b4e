"""An old (version 1) hall of fame (issue 56, point 4): it counted the
patterns a player's knowledge copied from a trained computer in their
level, so Match5 corrects it from each listed player's knowledge. That
read every listed player's knowledge on the main thread, on every save
and every look at the hall of fame (30 players: 55 s a save, another
client's call waiting as long). Now the file is upgraded once, off the
main thread, from the knowledge; a save or a look meanwhile corrects
without reading anyone's knowledge. The real binary, real files."""

import os
import re
import signal
import tempfile
import time

from dbus_client import Remote
from flood import FIVE
from harness import AppTest, wait_for

PLAYERS = 30
# Each player's patterns: theirs, and those of the curriculum computer it
# still holds (0.2.0's had 2075; junk removal took some).
TAUGHT, TRAINED = 15000, 2000


def pattern(i):
    """A pattern of its own for each number: two rows of 9 fields."""
    bits = format(i, "016b")
    row = lambda first, b: first + "".join("." if c == "1" else "-" for c in b)  # noqa: E731
    return f'rows = ["{row("B", bits[:8])}", "{row("X", bits[8:])}"]\n'


def knowledge(player):
    """Knowledge started from the curriculum computer: TRAINED patterns
    without a game (the trained computer's), TAUGHT with one (the player's)."""
    text = (f'format = "match5-knowledge"\nversion = 1\nplayer = "{player}"\nstart = "curriculum"\n\n'
            f"[stats]\nwon = {TAUGHT}\nlost = 0\ndrawn = 0\n")
    for i in range(TAUGHT + TRAINED):
        text += "\n[[pattern]]\nlevel = 1\n"
        if i < TAUGHT:
            text += f"game = {i + 1}\n"
        text += pattern(i)
    return text


class OldHallOfFame(AppTest):
    def test_it_is_upgraded_once_off_the_main_thread_and_a_save_meanwhile_is_answered_at_once(self):
        home = self.make_home()
        app = self.start(settings={"last_page": "five"}, home=home)
        five = Remote(*FIVE)
        wait_for(lambda: five.prop("Player") == "Tester", message="the five-in-a-row page on the bus")
        # A save while the upgrade reads the players' knowledge is answered
        # without waiting for it: the file is still the old one then (the
        # save records its player in it, and the upgrade corrects the rest).
        path = os.path.join(app.data, "match5", "hall-of-fame.toml")
        started = time.monotonic()
        five.call("SaveKnowledge")
        took = time.monotonic() - started
        self.assertIn("version = 1", open(path).read(),
                      f"the save ({took:.1f} s) did not wait for the players' knowledge")
        # The upgrade: version 2, each player's level what they taught, read
        # from their knowledge (without it, 2075 of 0.2.0's curriculum
        # computer taken off would leave 14925).
        wait_for(lambda: "version = 2" in open(path).read(), timeout=120, message="the upgraded hall of fame")
        print(f"the save answered in {took:.2f} s; the upgrade of {PLAYERS} players ended "
              f"{time.monotonic() - started:.1f} s after it was asked")
        text = open(path).read()
        levels = re.findall(r'player = "(\w+)"\nlevel = (\d+)', text)
        self.assertEqual(sorted(levels), sorted((f"P{i}", str(TAUGHT)) for i in range(PLAYERS)), text)
        self.assertEqual(text.count(f"trained = {TRAINED}"), PLAYERS, text)

    def test_an_upgrade_cut_short_resumes_where_it_stopped(self):
        """The app killed once the upgrade has read some players: what it
        read is in the file, so the next start does not need their
        knowledge again (taken away here to show it) and goes on."""
        home = self.make_home()
        path = os.path.join(home, "data", "match5", "hall-of-fame.toml")
        app = self.start(settings={"last_page": "five"}, home=home)
        settled = wait_for(lambda: re.findall(r'player = "(\w+)"\nlevel = \d+\nstart = "curriculum"\ntrained',
                                              open(path).read()),
                           timeout=120, step=0.02, message="a player read by the upgrade")
        os.kill(app.proc.pid, signal.SIGKILL)
        app.wait_closed()
        text = open(path).read()
        self.assertIn("version = 1", text, "killed before the upgrade's end")
        settled = re.findall(r'player = "(\w+)"\nlevel = \d+\nstart = "curriculum"\ntrained', text)
        self.assertLess(len(settled), PLAYERS, text)
        for player in settled:
            os.remove(os.path.join(home, "data", "match5", "knowledge", f"{player}.fivo"))
        self.start(settings={"last_page": "five"}, home=home)
        wait_for(lambda: "version = 2" in open(path).read(), timeout=120, message="the upgraded hall of fame")
        text = open(path).read()
        levels = re.findall(r'player = "(\w+)"\nlevel = (\d+)', text)
        self.assertEqual(sorted(levels), sorted((f"P{i}", str(TAUGHT)) for i in range(PLAYERS)), text)

    def make_home(self):
        home = tempfile.mkdtemp(prefix="match5-e2e-")
        data = os.path.join(home, "data", "match5")
        os.makedirs(os.path.join(data, "knowledge"))
        entries = ""
        for i in range(PLAYERS):
            with open(os.path.join(data, "knowledge", f"P{i}.fivo"), "w") as f:
                f.write(knowledge(f"P{i}"))
            entries += f'\n[[player]]\nplayer = "P{i}"\nlevel = {TAUGHT + TRAINED}\nstart = "curriculum"\n'
        with open(os.path.join(data, "hall-of-fame.toml"), "w") as f:
            f.write(f'format = "match5-hall-of-fame"\nversion = 1\n{entries}')
        return home
