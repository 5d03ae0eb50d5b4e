"""A client of its own that floods five in a row's object for a while:
bursts of 5000 pipelined PlayMove calls, one after another, for the
seconds given; prints what it sent and how the calls were answered (JSON).
test_dbus_flood.py runs it beside a second client."""

import json
import sys
import time

from gi.repository import Gio

import flood

bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
end = time.monotonic() + float(sys.argv[1])
total, sent = {}, 0
while time.monotonic() < end:
    out, _ = flood.burst(bus, *flood.FIVE, flood.five_moves(5000), timeout_ms=30000)
    sent += 5000
    for k, v in out.items():
        total[k] = total.get(k, 0) + v
print(json.dumps({"sent": sent, "outcomes": total}))
