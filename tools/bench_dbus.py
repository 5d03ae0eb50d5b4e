"""The figures of tools/bench-dbus (run through it): each game's D-Bus calls
timed from a client on the session bus."""
import os
import statistics
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


app = App(env={"MATCH5_TRACE_FRAMES": "1"})
ONLY = os.environ.get("BENCH_ONLY", "")


def practice_figures():
    """Five in a row's practice: games per second in the app (Train over
    D-Bus, timed to TrainingFinished) against the same opponent as
    match5-cli train (its own figure), both learning from empty knowledge;
    and how long the main loop takes to answer a call while it practises."""
    import re
    import subprocess
    import tempfile
    five = Remote()
    cli = os.path.join(os.path.dirname(os.environ["MATCH5_BIN"]), "match5-cli")
    # About two seconds of each.
    for n, (opponent, games) in enumerate((("random", 60000), ("greedy", 10000), ("search:1", 6000))):
        rates = {"cli": [], "app": []}
        # Interleaved, five of each: the median says more than the best
        # on a machine whose other work comes and goes.
        for attempt in range(5):
            with tempfile.TemporaryDirectory() as d:
                out = subprocess.run([cli, "train", "--knowledge", os.path.join(d, "k.fivo"), "--games",
                                      str(games), "--opponent", opponent, "--seed", str(attempt)],
                                     capture_output=True, text=True, check=True).stdout
            rates["cli"].append(float(re.search(r"([\d.]+) games per second", out).group(1)))
            raw(five, "StartGame", "sa{sv}", "vs-computer",
                {"player": GLib.Variant("s", f"Bench{n}x{attempt}"),
                 "discard-unsaved": GLib.Variant("b", True)})
            five.signals.clear()
            start = time.perf_counter()
            raw(five, "Train", "susb", opponent, games, "opponent", False)
            wait_for(lambda: (five.pump(0.002), seen(five, "TrainingFinished"))[1], timeout=600)
            took = time.perf_counter() - start
            rates["app"].append(seen(five, "TrainingFinished")[0][0] / took)
        cli_rate, app_rate = statistics.median(rates["cli"]), statistics.median(rates["app"])
        print(f"practice {games} games against {opponent}: match5-cli train {cli_rate:,.0f} games/s, "
              f"the app (Train) {app_rate:,.0f} games/s = {app_rate / cli_rate:.0%} "
              f"(median of 5 each; all: cli {[round(r) for r in rates['cli']]}, app {[round(r) for r in rates['app']]})")
    # The main loop while the computer practises: a refused move is
    # answered on the GTK main thread, as a frame is drawn there.
    def latencies():
        out = []
        for _ in range(100):
            at = time.perf_counter()
            try:
                raw(five, "PlayMove", "uu", 0, 0)
            except GLib.Error:
                pass
            out.append((time.perf_counter() - at) * 1000)
            time.sleep(0.01)
        out.sort()
        return f"median {out[50]:.2f} ms, 95th {out[95]:.2f} ms, slowest {out[-1]:.2f} ms"
    raw(five, "StartGame", "sa{sv}", "vs-computer", {"discard-unsaved": GLib.Variant("b", True)})
    idle = latencies()
    raw(five, "Train", "susb", "greedy", 1000000, "opponent", False)
    busy = latencies()
    raw(five, "StopTraining")
    wait_for(lambda: (five.pump(0.01), not five.prop("Training"))[1], timeout=30)
    print(f"the main thread answering a call: idle {idle}; while practising {busy}")
    # The Practice window's frames (MATCH5_TRACE_FRAMES): 5 s of a run
    # paused, then 5 s of one as fast as possible, shown on the board.
    app.key("ctrl+1")
    app.key("ctrl+t")
    for paused in (True, False):
        start = wait_for(lambda: app.find_showing("push button", "Start")
                         or app.find_showing("push button", "Start Again"), message="the Practice window")
        app.find_showing("spin button").queryValue().currentValue = 1000000
        start.queryAction().doAction(0)
        if paused:
            wait_for(lambda: app.find_showing("push button", "Pause")).queryAction().doAction(0)
        time.sleep(5)
        app.find_showing("push button", "Stop").queryAction().doAction(0)
        wait_for(lambda: app.find_showing("push button", "Start Again"), message="the run's end")
        time.sleep(0.5)
        with open(os.path.join(app.home, "app.log")) as f:
            line = [line for line in f if "practice frames:" in line][-1].split("frames:", 1)[1].strip()
        print(f"the Practice window's frames {'paused' if paused else 'while practising'}: {line}")


def flood_figures(client, args, what, seconds=15):
    """One client floods five in a row's object from a process of its own
    (tests/e2e/`client` with `args`); another starts a game every half
    second meanwhile: how long each of its calls waits, and the app's
    memory before, at the peak, at the flood's end and a minute later.
    `what` says what the flood was from what the client printed."""
    import json
    import subprocess
    from flood import Peak, rss_mb, starts_beside
    five = Remote()
    wait_for(lambda: five.has_owner(NAME))
    raw(five, "StartGame", "sa{sv}", "two-players", {})
    before = rss_mb(app.pid)
    path = os.path.join(os.path.dirname(__file__), "..", "tests", "e2e", client)
    flooder = subprocess.Popen([sys.executable, path, str(seconds), *args], stdout=subprocess.PIPE, text=True)
    with Peak(app.pid) as peak:
        answered = starts_beside(lambda: raw(five, "StartGame", "sa{sv}", "two-players",
                                             {"discard-unsaved": GLib.Variant("b", True)}), flooder)
    said = json.loads(flooder.communicate()[0])
    end = rss_mb(app.pid)
    time.sleep(60)
    later = rss_mb(app.pid)
    waits = [seconds for _, seconds in answered]
    refused = sum(1 for outcome, _ in answered if outcome != "ok")
    print(f"a {seconds} s flood of {said['sent']} calls {what(said)}: the other "
          f"client's {len(waits)} StartGame waited median {statistics.median(waits) * 1000:.0f} ms, "
          f"slowest {max(waits) * 1000:.0f} ms, {refused} refused; app RSS {before:.0f} MB before, "
          f"peak {peak.mb:.0f} MB, {end:.0f} MB at the end, {later:.0f} MB 60 s later")


def reading_flood(connections):
    """A client that reads its replies, over `connections` bus connections."""
    flood_figures("flood_client.py", [str(connections)],
                  lambda said: f"from one client over {connections} connection(s) ({said['outcomes']})")


def deaf_flood(mode):
    """A client that never reads its replies (tests/e2e/deaf_client.py:
    over a socket of its own, or through GDBus without looking at one)."""
    flood_figures("deaf_client.py", ["2", mode], lambda said: f"from a client that never reads its replies ({mode})")


def queued_ahead():
    """Where a client that never reads waits the others: its calls queued at
    once ahead of another client's (the app stopped while they are sent),
    and how long that client then waits, with the CPU the app and the bus
    spend on each call ahead. The bus lets a client have at most
    max_replies_per_connection calls unanswered (50,000 on the session
    bus) and refuses the rest itself."""
    import signal
    from deaf_client import pipelined, raw_client
    from flood import FIVE, cpu_s
    five = Remote()
    bus = five.pid_of("org.freedesktop.DBus")
    for n in (10000, 50000, 80000):
        sock, moves = raw_client()
        # A bus that stops taking the calls ends the figure with an error,
        # never a hang with the app stopped (the finally goes on with it).
        sock.settimeout(60)
        os.kill(app.pid, signal.SIGSTOP)
        try:
            for serial in range(2, n + 2, 100):
                sock.sendall(pipelined(moves, serial))
            time.sleep(0.5)
            answered = []
            cpu = (cpu_s(app.pid), cpu_s(bus))
            five.bus.call(NAME, *FIVE, "StartGame", GLib.Variant("(sa{sv})", ("two-players", {
                "discard-unsaved": GLib.Variant("b", True)})), None, Gio.DBusCallFlags.NONE, 300000, None,
                lambda *_: answered.append((time.perf_counter(), cpu_s(app.pid) - cpu[0], cpu_s(bus) - cpu[1])))
            five.bus.flush_sync(None)
            time.sleep(0.5)
        finally:
            os.kill(app.pid, signal.SIGCONT)
        start = time.perf_counter()
        while not answered:
            GLib.MainContext.default().iteration(True)
        at, app_cpu, bus_cpu = answered[0]
        print(f"{n} calls of a client that never reads, sent before another's StartGame: it was answered "
              f"{(at - start) * 1000:.0f} ms after the app went on; meanwhile the app used {app_cpu:.2f} s of CPU "
              f"({app_cpu / n * 1e6:.0f} µs a call sent), the bus {bus_cpu:.2f} s ({bus_cpu / n * 1e6:.0f} µs)")
        sock.close()
        time.sleep(3)


def all_floods():
    queued_ahead()
    reading_flood(1)
    reading_flood(8)
    deaf_flood("raw")
    deaf_flood("gio")


if ONLY == "practice":
    practice_figures()
    app.close()
    sys.exit(0)
if ONLY == "queue":
    queued_ahead()
    app.close()
    sys.exit(0)
if ONLY == "flood":
    all_floods()
    app.close()
    sys.exit(0)
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
practice_figures()
all_floods()
app.close()
