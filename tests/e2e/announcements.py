"""What a screen reader is told: the announcements (gtk_accessible_announce)
an app sends on the accessibility bus, read off the bus itself.

A toolkit sends events only while a listener is registered with the
accessibility registry, so `Heard` registers one, as a screen reader does.
What was said is read from the bus with a connection of its own: the
listener's own callback (libatspi's) missed announcements that were on the
bus, in about one run in three of test_spoken.py on a busy machine, which
made a test fail for something the app had said, and could let a test that
a thing is *not* said pass without listening."""

import re
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402


def a11y_address():
    """The address of the accessibility bus (org.a11y.Bus on the session
    bus tells it)."""
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None, None,
                              Gio.DBusCallFlags.NONE, 10000, None)
    return reply.unpack()[0]


def a11y_bus():
    """A connection of our own to the accessibility bus."""
    return Gio.DBusConnection.new_for_address_sync(
        a11y_address(), Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
        None, None)


def registered_listeners():
    """The event listeners the accessibility registry knows of: (bus name,
    event) each, or why that is unknown."""
    try:
        bus = a11y_bus()
        (events,) = bus.call_sync("org.a11y.atspi.Registry", "/org/a11y/atspi/registry", "org.a11y.atspi.Registry",
                                  "GetRegisteredEvents", None, None, Gio.DBusCallFlags.NONE, 5000, None).unpack()
        bus.close_sync(None)
        return events
    except GLib.Error as e:
        return f"unknown ({e.message})"


class Heard:
    """The announcements made while it listens: (text, priority), the
    priority 1 for "when idle" and 2 for "at once"."""

    EVENT = "object:announcement"

    def __init__(self):
        self.said = []
        # Registered so that the app's toolkit speaks; what it hears is not
        # used (see above).
        self.listener = Atspi.EventListener.new(lambda _event: None)
        self.listener.register(self.EVENT)
        self.bus = a11y_bus()
        self.subscription = self.bus.signal_subscribe(
            None, "org.a11y.atspi.Event.Object", "Announcement", None, None, Gio.DBusSignalFlags.NONE,
            self._heard)

    def _heard(self, _connection, _sender, _path, _interface, _signal, parameters):
        # (detail, priority, 0, text, properties)
        _, priority, _, text, _ = parameters.unpack()
        self.said.append((str(text), priority))

    @staticmethod
    def listen(seconds):
        """Lets `seconds` pass with the announcements coming in."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            GLib.MainContext.default().iteration(False)
            time.sleep(0.02)

    def wait(self, pattern, message, timeout=10):
        """The first announcement since the last wait that matches `pattern`."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            GLib.MainContext.default().iteration(False)
            for i, (text, _) in enumerate(self.said):
                if re.search(pattern, text):
                    del self.said[:i + 1]
                    return text
            time.sleep(0.02)
        raise AssertionError(f"not heard: {message} ({pattern!r}); heard {self.said}; "
                             f"the registry's listeners: {registered_listeners()}")

    def none(self, pattern, seconds=1.5):
        """What was announced in the next `seconds` that matches `pattern`."""
        self.listen(seconds)
        return [text for text, _ in self.said if re.search(pattern, text)]

    def close(self):
        self.bus.signal_unsubscribe(self.subscription)
        self.bus.close_sync(None)
        self.listener.deregister(self.EVENT)
