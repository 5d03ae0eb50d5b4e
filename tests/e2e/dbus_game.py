"""What the tests of a game's D-Bus object share: the app started with its
own folders, the object's client, and its introspection checked against the
installed XML."""

import os
import subprocess
import unittest

from dbus_client import NAME, Remote, shape
from harness import App, wait_for

PREFIX = os.environ["MATCH5_PREFIX"]
ERR = "io.github.match5.Match5.Error."


class GameObjectTest(unittest.TestCase):
    """A test of one game's object: set OBJECT and IFACE."""

    OBJECT = IFACE = None

    def setUp(self):
        self.app = App()
        self.r = Remote(self.OBJECT, self.IFACE)
        wait_for(lambda: self.r.has_owner(NAME), message="the control name on the bus")

    def tearDown(self):
        self.app.close()

    def assert_introspection_is_installed(self):
        """What the running app serves is the installed interface XML."""
        out = subprocess.run(["gdbus", "introspect", "--session", "--dest", NAME, "--object-path", self.OBJECT,
                              "--xml"], check=True, capture_output=True, text=True).stdout
        with open(os.path.join(PREFIX, "share", "dbus-1", "interfaces", f"{self.IFACE}.xml")) as f:
            self.assertEqual(shape(out, self.IFACE), shape(f.read(), self.IFACE))
