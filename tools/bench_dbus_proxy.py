"""The figures of tools/bench-dbus --proxy (run through it): the app behind
each xdg-dbus-proxy given, filtered as flatpak filters it
(tests/e2e/test_dbus_proxy.py), flooded from the bus by a client that sends
through GDBus and never looks at a reply, while another client starts a
game every half second. Prints how long that client waited, and the CPU
and memory of the proxy: what flatpak's proxy costs a sandboxed app, and
what a change to it would bring (docs/dbus.md, "Behind flatpak's D-Bus
proxy")."""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "tests", "e2e")]

from dbus_client import NAME, Remote  # noqa: E402
from flood import Peak, cpu_s, new_game, rss_mb, starts_beside  # noqa: E402
from harness import App, wait_for  # noqa: E402
from test_dbus_proxy import app_env, proxy_command, version  # noqa: E402

DEAF = os.path.join(HERE, "..", "tests", "e2e", "deaf_client.py")
SECONDS = float(os.environ.get("BENCH_SECONDS", "3"))


def figures(proxy):
    folder = tempfile.mkdtemp(prefix="match5-proxy-bench-")
    socket = os.path.join(folder, "bus")
    running = subprocess.Popen(proxy_command(proxy, socket), stdout=subprocess.DEVNULL)
    app = None
    try:
        wait_for(lambda: os.path.exists(socket), message="the proxy's socket")
        app = App(env=app_env(socket))
        five = Remote()
        wait_for(lambda: five.has_owner(NAME), timeout=30, message="the app on the bus, through the proxy")
        new_game(five, 30000)()
        cpu = cpu_s(running.pid)
        flooder = subprocess.Popen([sys.executable, DEAF, str(SECONDS), "2", "gio"], stdout=subprocess.PIPE,
                                   text=True)
        with Peak(running.pid) as peak:
            # Also in the 2 s the flooder stays after its last call.
            answered = starts_beside(new_game(five, 600000), flooder)
        sent = json.loads(flooder.communicate()[0])["sent"]
        waits = [s for outcome, s in answered if outcome == "ok"] or [float("nan")]
        refused = [outcome for outcome, _ in answered if outcome != "ok"]
        print(f"behind {version(proxy)} ({proxy}): a {SECONDS:g} s flood of {sent} calls that are never read; "
              f"the other client's {len(answered)} StartGame waited median {statistics.median(waits) * 1000:.0f} ms, "
              f"slowest {max(waits) * 1000:.0f} ms, {len(refused)} not answered {refused[:2]}; the proxy used "
              f"{cpu_s(running.pid) - cpu:.1f} s of CPU, its memory peaked at {peak.mb:.0f} MB "
              f"({rss_mb(running.pid):.0f} MB after)", flush=True)
    finally:
        if app:
            app.close()
        running.terminate()
        running.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    for proxy in sys.argv[1:] or [shutil.which("xdg-dbus-proxy")]:
        figures(proxy)
