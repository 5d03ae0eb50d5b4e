"""A client of its own that floods five in a row's object for a while:
bursts of 5000 pipelined PlayMove calls, one after another, for the
seconds given, over as many bus connections of its own as the second
argument says (one by default; calls go to each in turn); prints what it
sent and how the calls were answered (JSON). test_dbus_flood.py runs it
beside a second client."""

import json
import sys
import time

from gi.repository import Gio, GLib

import flood

seconds = float(sys.argv[1])
connections = int(sys.argv[2]) if len(sys.argv) > 2 else 1
address = Gio.dbus_address_get_for_bus_sync(Gio.BusType.SESSION, None)
buses = [Gio.DBusConnection.new_for_address_sync(
    address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
    None, None) for _ in range(connections)]
end = time.monotonic() + seconds
total, sent = {}, 0
pending = [0]


def done(conn, result):
    key = flood.outcome(conn, result)
    total[key] = total.get(key, 0) + 1
    pending[0] -= 1


while time.monotonic() < end:
    for i, (method, params) in enumerate(flood.five_moves(5000)):
        pending[0] += 1
        buses[i % connections].call(flood.NAME, flood.FIVE[0], flood.FIVE[1], method, params, None,
                                    Gio.DBusCallFlags.NONE, 30000, None, done)
    sent += 5000
    ctx = GLib.MainContext.default()
    deadline = time.monotonic() + 40
    while pending[0] and time.monotonic() < deadline:
        ctx.iteration(True)
total["unanswered"] = pending[0]
print(json.dumps({"sent": sent, "connections": connections, "outcomes": total}))
