"""The app behind flatpak's D-Bus proxy, as the Flatpak runs it: xdg-dbus-proxy
filters the app's session bus as flatpak does for Match5 (it owns its own
names, talks to the portals), and the app has flatpak's FLATPAK_ID. The
proxy drops a client whose message serials go backwards ("Invalid client
serial"), which dbus-daemon never checks: a whole scripted game on each of
the four interfaces, with its signals, must leave the app on the bus, and
the next call must be answered by the same process.

Two proxies: the root's (Debian testing's 0.1.9), and one that checks
serials strictly, as 0.1.4 and 0.1.5 do (the flatpak of Debian 12 and
Ubuntu 24.04 uses those): tools/install-deps installs Debian 12's on the
machine and tools/root hands it in. Without a strict one the test fails,
naming what is missing: it could not fail otherwise. Each run asserts the
proxy's version and that the app's own traffic went through it."""

import os
import shutil
import subprocess
import tempfile
import time
import unittest

from gi.repository import Gio, GLib

import scripted
from dbus_client import NAME, Remote
from announcements import a11y_address
from harness import App, wait_for

APP_ID = "io.github.match5.Match5"


# The versions that drop a client whose serials go backwards.
STRICT = ("0.1.4", "0.1.5")


def proxies():
    """The proxies to test behind: the strict one first, then the root's."""
    found = [p for p in (os.environ.get("MATCH5_STRICT_DBUS_PROXY"), shutil.which("xdg-dbus-proxy")) if p]
    return list(dict.fromkeys(found))


def proxy_command(proxy, socket):
    """`proxy` serving the app's bus at `socket`, with the policy flatpak
    gives an app with --share=ipc and no bus permissions of its own
    (flatpak-run.c): its names, the portals."""
    return [proxy, os.environ["DBUS_SESSION_BUS_ADDRESS"], socket, "--filter",
            f"--own={APP_ID}", f"--own={APP_ID}.*", "--talk=org.freedesktop.portal.*",
            "--call=org.freedesktop.portal.*=*", "--broadcast=org.freedesktop.portal.*=@/org/freedesktop/portal/*"]


def app_env(socket):
    """What the app is given behind the proxy at `socket`, as in flatpak."""
    return {"DBUS_SESSION_BUS_ADDRESS": f"unix:path={socket}", "FLATPAK_ID": APP_ID,
            # flatpak gives the sandbox the accessibility bus on its own
            # (the filtered session bus does not reach org.a11y.Bus).
            "AT_SPI_BUS_ADDRESS": a11y_address()}


def version(proxy):
    return subprocess.run([proxy, "--version"], capture_output=True, text=True).stdout.strip()


class BehindTheProxy(unittest.TestCase):
    def setUp(self):
        self.proxy = self.app = None
        # Without a strict proxy the test could not fail: it fails instead.
        # tools/install-deps installs Debian 12's (0.1.4) on the machine, and
        # tools/root hands it in as MATCH5_STRICT_DBUS_PROXY.
        strict = os.environ.get("MATCH5_STRICT_DBUS_PROXY")
        if not strict or not os.access(strict, os.X_OK):
            self.fail("no strict D-Bus proxy: run the tests through tools/root on a machine where "
                      "tools/install-deps installed xdg-dbus-proxy 0.1.4")
        if not version(strict).endswith(STRICT):
            self.fail(f"{strict} is {version(strict)!r}, not one that checks serials ({', '.join(STRICT)})")

    def start(self, proxy):
        """The app behind `proxy`, filtered as flatpak filters it."""
        self.dir = tempfile.mkdtemp(prefix="match5-proxy-")
        self.socket = os.path.join(self.dir, "bus")
        self.proxy_log = open(os.path.join(self.dir, "proxy.log"), "w")
        self.proxy = subprocess.Popen(proxy_command(proxy, self.socket) + ["--log"],
                                      stdout=self.proxy_log, stderr=subprocess.STDOUT)
        wait_for(lambda: os.path.exists(self.socket), message="the proxy's socket")
        self.app = App(env=app_env(self.socket))
        self.remote = Remote()
        wait_for(lambda: self.remote.has_owner(NAME), message="the control name, through the proxy")
        self.pid = self.remote.pid_of(NAME)
        # The app's connection goes through this proxy: it logged the app
        # asking for its own name.
        wait_for(lambda: "RequestName" in self.proxy_said() and APP_ID in self.proxy_said(),
                 message=f"the app's own traffic in {version(proxy)}'s log")

    def tearDown(self):
        self.stop()

    def stop(self):
        if self.app is None:
            return
        self.app.close()
        self.app = None
        self.proxy.terminate()
        self.proxy.wait(timeout=5)
        self.proxy_log.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    def proxy_said(self):
        with open(os.path.join(self.dir, "proxy.log"), errors="replace") as f:
            return f.read()

    def assert_still_the_same_app(self):
        """The connection lives: the names are still the app's, and a call is
        answered by the same process (not a second one D-Bus-activated)."""
        time.sleep(0.3)
        self.assertNotIn("Invalid client serial", self.proxy_said()[-4000:])
        self.assertIsNone(self.app.proc.poll(), "the app is still running")
        self.assertTrue(self.remote.has_owner(NAME), "the control name is still on the bus")
        self.assertEqual(self.remote.pid_of(NAME), self.pid)
        self.assertEqual(self.remote.pid_of(APP_ID), self.pid)
        self.assertIn(Remote().prop("State"), ("idle", "playing", "blue-won", "red-won", "draw"))
        self.assertEqual(self.remote.pid_of(NAME), self.pid)

    def test_a_scripted_game_on_every_interface_keeps_the_connection(self):
        for proxy in proxies():
            self.start(proxy)
            for name, play in scripted.ALL.items():
                with self.subTest(proxy=version(proxy), game=name):
                    play(self)
                    self.assert_still_the_same_app()
            self.stop()

    def test_the_filter_is_flatpaks(self):
        self.start(proxies()[-1])
        """The proxy filters for real: a name the app may not talk to is
        not even seen from inside (so the test above ran behind a filter)."""
        inside = Gio.DBusConnection.new_for_address_sync(
            f"unix:path={self.socket}",
            Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
        reply = inside.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                 "NameHasOwner", GLib.Variant("(s)", ("org.a11y.Bus",)), None,
                                 Gio.DBusCallFlags.NONE, 5000, None)
        self.assertEqual(reply.unpack(), (False,))
        inside.close_sync(None)


if __name__ == "__main__":
    unittest.main()
