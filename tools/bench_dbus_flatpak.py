"""The figures of tools/bench-dbus --flatpak (run through it): the installed
Flatpak flooded from the host by a client that never reads its replies,
first over a socket of its own (the bus holds it back once its replies pile
up), then through GDBus without ever looking at a reply (nothing holds it
back); meanwhile another client starts a game and reads a property every
half second. Prints how long each of its calls waited, and the memory of
Match5 and of flatpak's D-Bus proxy before, at the peak, at the flood's
end and a minute later."""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "tests", "e2e"), os.path.join(HERE, "..", "tests", "flatpak")]
from gi.repository import Gio, GLib  # noqa: E402

from dbus_client import NAME, Remote  # noqa: E402
from flood import Peak, cpu_s, rss_mb  # noqa: E402
from harness import wait_for  # noqa: E402
from sandbox import Sandboxed, host_env, sandboxed_pid  # noqa: E402

DEAF = os.path.join(HERE, "..", "tests", "e2e", "deaf_client.py")
SECONDS = float(os.environ.get("BENCH_SECONDS", "15"))


def figures(mode):
    home = tempfile.mkdtemp(prefix="match5-bench-")
    five = Remote()
    five.activation_environment(host_env(home))
    app = Sandboxed(home)
    try:
        wait_for(lambda: five.has_owner(NAME), timeout=30, message="the app on the bus")
        five.call("StartGame", "sa{sv}", "two-players", {})
        pid, proxy = sandboxed_pid(), five.pid_of(NAME)
        time.sleep(3)
        before = (rss_mb(pid), rss_mb(proxy))
        cpu = (cpu_s(pid), cpu_s(proxy))
        flooder = subprocess.Popen([sys.executable, DEAF, str(SECONDS), "2", mode], stdout=subprocess.PIPE, text=True)
        waits, gets, failed = [], [], []
        with Peak(pid) as peak, Peak(proxy) as proxy_peak:
            time.sleep(0.5)
            while flooder.poll() is None:
                for wait, call in ((waits, lambda: five.call(
                        "StartGame", "sa{sv}", "two-players", {"discard-unsaved": GLib.Variant("b", True)},
                        timeout=300000)), (gets, lambda: five.prop("State"))):
                    start = time.perf_counter()
                    try:
                        call()
                    except GLib.Error as e:
                        failed.append(e.message[:80])
                    wait.append(time.perf_counter() - start)
                time.sleep(0.5)
        said = json.loads(flooder.communicate()[0])
        end = (rss_mb(pid), rss_mb(proxy))
        busy = (cpu_s(pid) - cpu[0], cpu_s(proxy) - cpu[1])
        time.sleep(60)
        later = (rss_mb(pid), rss_mb(proxy))
        print(f"flatpak, a {SECONDS:.0f} s flood that never reads ({mode}): {said['sent']} calls sent; the other "
              f"client's {len(waits)} StartGame waited median {statistics.median(waits) * 1000:.0f} ms, slowest "
              f"{max(waits) * 1000:.0f} ms; its property reads slowest {max(gets) * 1000:.0f} ms; "
              f"{len(failed)} failed {failed[:2]}; CPU s during it: Match5 {busy[0]:.1f}, proxy {busy[1]:.1f}; "
              f"Match5 RSS {before[0]:.0f} MB before, peak {peak.mb:.0f}, end {end[0]:.0f}, "
              f"{later[0]:.0f} MB 60 s later; proxy {before[1]:.0f} MB before, peak {proxy_peak.mb:.0f}, "
              f"end {end[1]:.0f}, {later[1]:.0f} MB 60 s later", flush=True)
    finally:
        app.close()
        shutil.rmtree(home, ignore_errors=True)


for mode in ("raw", "gio"):
    figures(mode)
