"""What Orca, the screen reader of GNOME, says: Orca itself runs in the
GNOME Shell session (speech-dispatcher's dummy output; what it speaks is
read from its debug log), and the real app is played with real keys.

Each thing that happens is said once: the computer's move (once, not as
the announcement, the window's title and the board again), the result, a
refused move with its reason, a dialog's title as it opens, the Hint and
its reason, a leap-frog jump, a tile move, a tic-tac-toe answer."""

import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest

from harness import AppTest, wait_for, wait_focused, winning_move
from pieces import patient


class Orca:
    """Orca in the session, speaking to speech-dispatcher's dummy output."""

    def __init__(self):
        self.home = tempfile.mkdtemp(prefix="match5-orca-")
        config = os.path.join(self.home, "config")
        os.makedirs(os.path.join(config, "speech-dispatcher"))
        with open(os.path.join(config, "speech-dispatcher", "speechd.conf"), "w") as f:
            f.write('AddModule "dummy" "sd_dummy" ""\nDefaultModule dummy\n')
        self.log = os.path.join(self.home, "orca.log")
        env = dict(os.environ, HOME=self.home, XDG_CONFIG_HOME=config,
                   XDG_DATA_HOME=os.path.join(self.home, "data"), XDG_CACHE_HOME=os.path.join(self.home, "cache"))
        self.proc = subprocess.Popen(["orca", f"--debug-file={self.log}"], env=env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        wait_for(lambda: "Screen reader on." in " ".join(self.said()), timeout=30, message="Orca to start")
        self.mark = len(self.said())

    def debug_log(self):
        """Orca's debug log so far ("" before it wrote one)."""
        try:
            with open(self.log, errors="replace") as f:
                return f.read()
        except FileNotFoundError:
            return ""

    def said(self):
        """Everything Orca has spoken, in order."""
        return re.findall(r"SPEECH OUTPUT: '(.*?)'", self.debug_log())

    def since(self):
        """What it spoke since the last call (or since it started)."""
        said = self.said()
        new, self.mark = said[self.mark:], len(said)
        return new

    def hear(self, pattern, message, timeout=10, or_else=None):
        """Waits until Orca has said something matching `pattern` (or until
        `or_else()` holds) for `timeout` seconds stretched by the suite's
        patience; then everything it said meanwhile, the matching words
        included."""
        heard = []
        end = time.monotonic() + patient(timeout)
        while time.monotonic() < end:
            heard += self.since()
            if any(re.search(pattern, s) for s in heard) or (or_else and or_else()):
                time.sleep(1)  # what else it says about the same change
                return heard + self.since()
            time.sleep(0.1)
        self.print_tail()
        raise AssertionError(f"Orca did not say {message} ({pattern!r}); it said {heard}")

    def print_tail(self, lines=120):
        """The end of Orca's debug log, for a failed test: the events it
        got and what it made of them, and whether it still runs."""
        tail = self.debug_log().splitlines()[-lines:] or ["(no debug log)"]
        state = "running" if self.proc.poll() is None else f"ended with {self.proc.returncode}"
        print(f"\nOrca ({state}), the end of its debug log:", *tail, sep="\n", flush=True)

    def focus_on(self, names):
        """Whether Orca's locus of focus is an object named `names` (a
        pattern), by the last such line of its debug log."""
        loci = re.findall(r"FOCUS MANAGER: Locus of focus is \[\w[\w ]*: '(.*?)'", self.debug_log())
        return bool(loci) and re.fullmatch(names, loci[-1]) is not None

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.home, ignore_errors=True)


def count(heard, pattern):
    return sum(1 for s in heard if re.search(pattern, s))


class OrcaHears(AppTest):
    def setUp(self):
        super().setUp()
        self.orca = Orca()
        self.addCleanup(self.orca.close)

    def start_heard(self, settings):
        """Starts the app and waits, as a person does, until Orca follows
        its board: a key before that can change the focused board before
        Orca follows the focus, and then Orca does not say the board's new
        description (it said the title and "return", not the move). Orca
        says the window's title and then the board; or, when the window was
        active before the app's accessible tree reached the bus (a busy
        machine), only the board it focuses, as "Board" and its description
        or in one line, "Tic-tac-toe board image Field 1: empty, ..." (seen
        beside 4 busy processes); or, once in a CI run, nothing for 30 s.
        The title alone is not enough: beside 4 busy processes Orca said it
        30 s late, its locus still on the frame, and a Return pressed then
        was heard as "return" and the move not at all. What this waits for
        is that Orca follows the board: it said the board, or its debug log
        puts its locus of focus on it."""
        app = self.start(settings=settings)
        boards = r"(Board|Tic-tac-toe board)"
        followed = dict(pattern=rf"^{boards}\b", or_else=lambda: self.orca.focus_on(boards))
        try:
            self.orca.hear(message="its board as the window opens", timeout=10, **followed)
        except AssertionError:
            # Orca knew no window (its log: "Focus and window are unknown";
            # seen in a quiet run beside the Flatpak's sandbox tests, and in
            # one CI run before): the window was active before the app's
            # tree reached the bus, and no event told Orca of it since. A
            # person who hears nothing moves the focus away and back; Orca
            # then follows it to the board, or this fails.
            print("\nOrca had not followed the new window: the focus moves away and back", flush=True)
            app.key("Tab")
            app.key("shift+Tab")
            self.orca.hear(message="the board once the focus came back to it", timeout=20, **followed)
        return app

    def said_once(self, app, keys, pattern, once, what, timeout=10):
        """Presses `keys`; Orca says `pattern` (the thing `once` matches,
        once); returns what it said."""
        self.orca.since()
        app.key(*keys)
        heard = self.orca.hear(pattern, what, timeout=timeout)
        print(f"\n{what}:", heard, flush=True)
        self.assertEqual(count(heard, once), 1, f"{what} said once: {heard}")
        return heard

    def test_five_in_a_row_move_refusal_hint_dialog_and_result(self):
        app = self.start_heard({"last_page": "five"})
        orca = self.orca
        wait_for(lambda: "Cursor on E5" in app.description(), message="the board has the focus")
        for keys, pattern, once, what in (
                (["Return"], r"Red played [A-I][1-9]\. Your move", r"played [A-I][1-9]", "the computer's move"),
                (["Return"], r"Field E5 is taken\.", r"is taken", "the refused move and why"),
                (["ctrl+i"], r"Hint: [A-I][1-9]\. \w", r"Hint: ", "the hint and its reason")):
            self.said_once(app, keys, pattern, once, what)
        app.key("ctrl+h")
        heard = orca.hear(r"Hall of Fame", "the dialog's title as it opens")
        print("dialog:", heard, flush=True)
        app.key("Escape")
        wait_for(lambda: app.window("Hall of Fame") is None, message="Hall of Fame closed")
        # Win: the result is said once.
        orca.since()
        while "win" not in (app.status() or "").lower():
            blue, red = app.stones()
            app.play_and_wait(lambda c: app.click(*c), winning_move(blue, red))
        heard = orca.hear(r"You win", "the result")
        print("result:", heard, flush=True)
        self.assertEqual(count(heard, r"You win"), 1, f"the result said once: {heard}")

    def test_the_other_pages_say_each_move_once(self):
        app = self.start_heard({"last_page": "tictactoe", "window_height": 820})
        board = wait_for(lambda: app.find_showing("image", "Tic-tac-toe board"), message="the tic-tac-toe page")
        # As a person starts: once the board has the focus (a key before
        # that goes elsewhere, and nothing is said).
        wait_focused(board, "the tic-tac-toe board focused")
        self.said_once(app, ["5"], r"O took field \d\. Your turn", r"O took field", "the tic-tac-toe answer")
        for page, board, keys, pattern, once, what in (
                ("ctrl+2", "Fields", ["Right", "space"], r"The X frog from field \d to field \d\.",
                 r"frog from field", "a leap-frog jump"),
                ("ctrl+3", "Bowls and boards", ["Return"], r"Lieke took \d+ \w+ tiles? of bowl \d",
                 r"Lieke took", "the computer's tile move")):
            app.key(page)
            shown = wait_for(lambda: app.find_showing("image", board), message=f"the page of {board}")
            wait_focused(shown, f"{board} focused")
            time.sleep(1)
            self.said_once(app, keys, pattern, once, what, timeout=20)

if __name__ == "__main__":
    unittest.main()
