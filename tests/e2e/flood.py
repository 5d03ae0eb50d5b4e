"""Bursts of pipelined D-Bus calls: every call sent before any reply is
read, then the replies counted by outcome, with the app's memory sampled
while they come. Used by test_dbus_flood.py, and by hand with the app on
the session bus: python3 tests/e2e/flood.py PID."""

import os
import signal
import sys
import threading
import time

from gi.repository import Gio, GLib

from dbus_client import NAME

ERR = "io.github.match5.Match5.Error."

LEAPFROG = ("/io/github/match5/Match5/LeapFrog", "io.github.match5.Match5.LeapFrog1")
TILES = ("/io/github/match5/Match5/Tiles", "io.github.match5.Match5.Tiles1")
TICTACTOE = ("/io/github/match5/Match5/TicTacToe", "io.github.match5.Match5.TicTacToe1")
FIVE = ("/io/github/match5/Match5", "io.github.match5.Match5.Control1")


def rss_mb(pid):
    """The process's resident memory in MB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def cpu_s(pid):
    """The CPU seconds the process has used, user and system."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Peak:
    """Samples a process's RSS every 20 ms on a thread while it is entered."""

    def __init__(self, pid):
        self.pid, self.mb, self._stop = pid, 0.0, threading.Event()

    def _run(self):
        while not self._stop.is_set():
            self.mb = max(self.mb, rss_mb(self.pid))
            time.sleep(0.02)

    def __enter__(self):
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *_):
        self._stop.set()
        self._thread.join()
        self.mb = max(self.mb, rss_mb(self.pid))


def outcome(conn, result):
    """How a call was answered: "ok", an error's short name such as
    "Busy", or the full D-Bus error name."""
    try:
        conn.call_finish(result)
        return "ok"
    except GLib.Error as e:
        name = Gio.DBusError.get_remote_error(e) or f"{e.domain}:{e.code}"
        return name[len(ERR):] if name.startswith(ERR) else name


def burst(bus, path, iface, calls, timeout_ms=60000, paused=None):
    """Sends `calls` (a list of (method, GLib.Variant or None)) without
    waiting, then waits for every reply. Returns the outcomes counted
    ("ok", an error's short name such as "Busy", or the full D-Bus error
    name; "unanswered" for those still missing at the end) and the seconds
    it took. With `paused` (the app's process id) the app is stopped while
    the calls are sent, so they all wait for it at once when it goes on,
    however fast it answers each one."""
    outcomes = {}
    pending = [len(calls)]

    def done(conn, result):
        key = outcome(conn, result)
        outcomes[key] = outcomes.get(key, 0) + 1
        pending[0] -= 1

    start = time.monotonic()
    if paused:
        os.kill(paused, signal.SIGSTOP)
    try:
        for method, params in calls:
            bus.call(NAME, path, iface, method, params, None, Gio.DBusCallFlags.NONE, timeout_ms, None, done)
        if paused:
            bus.flush_sync(None)
            time.sleep(0.5)  # the bus passes the last ones on
    finally:
        if paused:
            os.kill(paused, signal.SIGCONT)
    ctx = GLib.MainContext.default()
    deadline = start + timeout_ms / 1000 + 10
    while pending[0] and time.monotonic() < deadline:
        ctx.iteration(True)
    outcomes["unanswered"] = pending[0]
    return outcomes, time.monotonic() - start


def starts_beside(call, flooder):
    """Another client beside a flood: while `flooder` (a Popen) runs, it
    calls `call` (a StartGame of its own) every half second. Each call's
    outcome ("ok", or the error's short name) and its seconds."""
    answered = []
    time.sleep(0.5)
    while flooder.poll() is None:
        started = time.perf_counter()
        try:
            call()
            outcome = "ok"
        except GLib.Error as e:
            outcome = (Gio.DBusError.get_remote_error(e) or str(e)).rsplit(".", 1)[-1]
        answered.append((outcome, round(time.perf_counter() - started, 3)))
        time.sleep(0.5)
    return answered


def new_game(remote, timeout_ms):
    """A two-player StartGame on `remote` that drops the game it had."""
    return lambda: remote.call("StartGame", "sa{sv}", "two-players", {"discard-unsaved": GLib.Variant("b", True)},
                               timeout=timeout_ms)


def leapfrog_moves(n):
    """Move and Undo in turn: a change on every call that is carried out."""
    return [("Move", GLib.Variant("(u)", (3,))) if i % 2 == 0 else ("Undo", None) for i in range(n)]


def tile_deals(n):
    """Random deals of a middle size: each redraws both boards."""
    return [("Deal", GLib.Variant("(uuuuu)", (3, 4, 5, 5, 40)))] * n


def tictactoe_plays(n):
    """X on every field in turn, with a new game every tenth call."""
    return [("NewGame", None) if i % 10 == 9 else ("Play", GLib.Variant("(u)", (i % 9 + 1,))) for i in range(n)]


def five_moves(n):
    """Moves over the whole board in a two-player game: most are refused
    as taken or after a five, but each reaches the game."""
    return [("PlayMove", GLib.Variant("(uu)", (i % 9, i // 9 % 9))) for i in range(n)]


if __name__ == "__main__":
    pid = int(sys.argv[1])
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    print(f"RSS before {rss_mb(pid):.0f} MB")
    for _ in range(3):
        with Peak(pid) as peak:
            outcomes, seconds = burst(bus, *LEAPFROG, leapfrog_moves(20000))
        print(outcomes, f"{seconds:.1f} s", f"peak {peak.mb:.0f} MB, after {rss_mb(pid):.0f} MB")
