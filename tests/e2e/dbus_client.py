"""A small client of Match5's D-Bus control interface, on Gio."""

import time
import xml.etree.ElementTree as ET

from gi.repository import Gio, GLib

from pieces import patient

NAME = "io.github.match5.Match5.Control"
PATH = "/io/github/match5/Match5"
IFACE = "io.github.match5.Match5.Control1"
APP_NAME = "io.github.match5.Match5"
APP_PATH = "/io/github/match5/Match5"


def shape(xml_text, iface):
    """An interface's methods, signals and properties with their types, from
    introspection XML: what a caller relies on, not the comments."""
    root = ET.fromstring(xml_text)
    node = next(i for i in root.iter("interface") if i.get("name") == iface)
    return sorted(((c.tag, c.get("name"), c.get("type"), c.get("access"),
                   tuple((a.get("name"), a.get("type"), a.get("direction", "out" if c.tag == "method" else None))
                         for a in c.iter("arg"))) for c in node), key=str)


class Remote:
    """One game's object: five in a row's Control1 unless told another."""

    def __init__(self, path=PATH, iface=IFACE):
        self.path, self.iface = path, iface
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        self.signals = []
        self.bus.signal_subscribe(None, iface, None, path, None, Gio.DBusSignalFlags.NONE, self._on_signal)
        self.bus.signal_subscribe(None, "org.freedesktop.DBus.Properties", "PropertiesChanged", path, iface,
                                  Gio.DBusSignalFlags.NONE, self._on_signal)

    def _on_signal(self, _conn, _sender, _path, _iface, name, params):
        self.signals.append((name, params.unpack()))

    def pump(self, seconds=0.3):
        end = time.time() + seconds
        ctx = GLib.MainContext.default()
        while time.time() < end:
            while ctx.iteration(False):
                pass
            time.sleep(0.02)

    def call(self, method, signature=None, *args, timeout=30000):
        params = GLib.Variant(f"({signature})", args) if signature else None
        reply = self.bus.call_sync(NAME, self.path, self.iface, method, params, None,
                                   Gio.DBusCallFlags.NONE, patient(timeout), None)
        self.pump(0.05)
        return reply.unpack() if reply is not None else None

    def start_call(self, method, signature=None, *args, timeout=30000):
        """Starts a call without waiting: a list that gets its unpacked reply
        (or the GLib.Error) when it comes, while the main context runs."""
        params = GLib.Variant(f"({signature})", args) if signature else None
        box = []

        def done(bus, result):
            try:
                box.append(bus.call_finish(result).unpack())
            except GLib.Error as e:
                box.append(e)
        self.bus.call(NAME, self.path, self.iface, method, params, None, Gio.DBusCallFlags.NONE, patient(timeout), None,
                      done)
        return box

    def error_of(self, method, signature=None, *args):
        """The D-Bus error name and message a call fails with."""
        try:
            self.call(method, signature, *args)
        except GLib.Error as e:
            name = Gio.DBusError.get_remote_error(e)
            # The words the app gave, without GDBus's "GDBus.Error:<name>: ".
            return name, e.message.removeprefix(f"GDBus.Error:{name}: ")
        raise AssertionError(f"{method}{args} did not fail")

    def prop(self, name):
        reply = self.bus.call_sync(NAME, self.path, "org.freedesktop.DBus.Properties", "Get",
                                   GLib.Variant("(ss)", (self.iface, name)), None,
                                   Gio.DBusCallFlags.NONE, 10000, None)
        return reply.unpack()[0]

    def introspect_xml(self):
        reply = self.bus.call_sync(NAME, self.path, "org.freedesktop.DBus.Introspectable", "Introspect",
                                   None, None, Gio.DBusCallFlags.NONE, 10000, None)
        return reply.unpack()[0]

    def pid_of(self, name):
        reply = self.bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                   "GetConnectionUnixProcessID", GLib.Variant("(s)", (name,)), None,
                                   Gio.DBusCallFlags.NONE, 10000, None)
        return reply.unpack()[0]

    def has_owner(self, name):
        reply = self.bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                   "NameHasOwner", GLib.Variant("(s)", (name,)), None,
                                   Gio.DBusCallFlags.NONE, 10000, None)
        return reply.unpack()[0]

    def activation_environment(self, env):
        self.bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                           "UpdateActivationEnvironment", GLib.Variant("(a{ss})", (env,)), None,
                           Gio.DBusCallFlags.NONE, 10000, None)

    def activate_action(self, action, *parameter):
        """ActivateAction, with one GLib.Variant parameter or none."""
        self.bus.call_sync(APP_NAME, APP_PATH, "org.freedesktop.Application", "ActivateAction",
                           GLib.Variant("(sava{sv})", (action, list(parameter), {})), None,
                           Gio.DBusCallFlags.NONE, 30000, None)
