"""The figures of tools/bench-dbus (run through it): each game's D-Bus calls
timed from a client on the session bus."""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "e2e"))
from gi.repository import Gio, GLib  # noqa: E402

from dbus_client import NAME, Remote  # noqa: E402
from harness import App, wait_for  # noqa: E402


def raw(r, method, sig=None, *args):
    """A call without the client's pause for signals."""
    params = GLib.Variant(f"({sig})", args) if sig else None
    return r.bus.call_sync(NAME, r.path, r.iface, method, params, None, Gio.DBusCallFlags.NONE, 60000,
                           None).unpack()


def ms(f, n=1):
    start = time.perf_counter()
    for _ in range(n):
        f()
    return (time.perf_counter() - start) / n * 1000


def seen(r, name):
    return [a for m, a in r.signals if m == name]


app = App()
tiles = Remote("/io/github/match5/Match5/Tiles", "io.github.match5.Match5.Tiles1")
wait_for(lambda: tiles.has_owner(NAME))
raw(tiles, "SetPlayers", "ss", "person", "person")
raw(tiles, "OpenExample")
tiles.pump(1)
print(f"round trip (a property read): {ms(lambda: tiles.prop('Moves'), 200):.2f} ms")
print(f"Tiles1.OpenExample: {ms(lambda: raw(tiles, 'OpenExample'), 50):.2f} ms")
for sizes in [None, (3, 4, 5, 5, 30)]:
    if sizes:
        raw(tiles, "Deal", "uuuuu", *sizes)
    found = raw(tiles, "Best")
    took = ms(lambda: raw(tiles, "Best"), 5)
    print(f"Tiles1.Best on {'the example' if not sizes else sizes}: {took:.1f} ms, exact {found[3]}, "
          f"{found[5]} positions")
raw(tiles, "Deal", "uuuuu", 5, 5, 10, 6, 200)
start = time.perf_counter()
pending = tiles.start_call("Best")
reads = []
while not pending:
    at = time.perf_counter()
    tiles.prop("Thinking")
    reads.append((time.perf_counter() - at) * 1000)
    tiles.pump(0.01)
print(f"Tiles1.Best on (5, 5, 10, 6, 200): {(time.perf_counter() - start) * 1000:.0f} ms, exact {pending[0][3]}, "
      f"depth {pending[0][4]}; {len(reads)} property reads meanwhile, slowest {max(reads):.1f} ms")
leap = Remote("/io/github/match5/Match5/LeapFrog", "io.github.match5.Match5.LeapFrog1")
raw(leap, "NewPuzzle", "ub", 10, False)
print(f"LeapFrog1.Solve with 10 frogs of each kind: {ms(lambda: raw(leap, 'Solve'), 5):.1f} ms")
ttt = Remote("/io/github/match5/Match5/TicTacToe", "io.github.match5.Match5.TicTacToe1")
print(f"TicTacToe1.Play and the answer: {ms(lambda: (raw(ttt, 'Play', 'u', 5), raw(ttt, 'NewGame')), 50) / 2:.2f} ms "
      "a call")
for opponent in ("random", "perfect", "learner"):
    ttt.signals.clear()
    start = time.perf_counter()
    raw(ttt, "Train", "us", 20000, opponent)
    wait_for(lambda: (ttt.pump(0.01), seen(ttt, "TrainingFinished"))[1], timeout=300)
    took = time.perf_counter() - start
    played, won, lost, drawn, positions = seen(ttt, "TrainingFinished")[0]
    print(f"TicTacToe1.Train 20000 {opponent}: {took * 1000:.0f} ms ({played / took:,.0f} games/s), "
          f"{len(seen(ttt, 'TrainingProgress'))} progress signals; won {won}, lost {lost}, drawn {drawn}, "
          f"{positions} positions")
raw(ttt, "Train", "us", 1000000, "perfect")
wait_for(lambda: (ttt.pump(0.01), seen(ttt, "TrainingProgress"))[1])
ttt.signals.clear()
start = time.perf_counter()
raw(ttt, "StopTraining")
wait_for(lambda: (ttt.pump(0.005), seen(ttt, "TrainingFinished"))[1])
print(f"TicTacToe1.StopTraining to TrainingFinished: {(time.perf_counter() - start) * 1000:.0f} ms")
app.close()
