"""A client of its own that floods five in a row's object and never reads
a reply: it speaks D-Bus over a socket of its own (GDBus would read every
reply on its worker thread), sends PlayMove after PlayMove for the seconds
given, then keeps its connection open, still reading nothing, for as many
seconds again as the second argument says, and leaves. With a third
argument "gio" it sends through GDBus instead and never looks at a reply:
GDBus takes each off the socket, so the bus never holds the client back
and it sends as fast as the bus takes its calls. Prints what it sent
(JSON). test_dbus_flood.py, the sandbox test and tools/bench-dbus run it
beside a second client."""

import json
import os
import socket
import sys
import time

from gi.repository import Gio

import flood


def connect():
    """A socket to the session bus, authenticated, with Hello sent (its
    reply, like every other, is never read)."""
    address = os.environ["DBUS_SESSION_BUS_ADDRESS"].split(";")[0]
    kind, _, rest = address.partition(":")
    params = dict(p.split("=", 1) for p in rest.split(","))
    assert kind == "unix", address
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    if "path" in params:
        sock.connect(params["path"])
    else:
        sock.connect("\0" + params["abstract"])
    uid = str(os.getuid()).encode().hex()
    sock.sendall(b"\0AUTH EXTERNAL " + uid.encode() + b"\r\n")
    answer = b""
    while not answer.endswith(b"\r\n"):
        answer += sock.recv(1)
    assert answer.startswith(b"OK"), answer
    sock.sendall(b"BEGIN\r\n")
    return sock


def message(serial, dest, path, iface, method, params):
    m = Gio.DBusMessage.new_method_call(dest, path, iface, method)
    if params is not None:
        m.set_body(params)
    m.set_serial(serial)
    return m.to_blob(Gio.DBusCapabilityFlags.NONE)


def raw_client():
    """A socket of its own on the session bus, and the five-in-a-row moves
    it sends, as message blobs."""
    sock = connect()
    sock.sendall(message(1, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello", None))
    return sock, [message(1, flood.NAME, *flood.FIVE, method, params) for method, params in flood.five_moves(81)]


def pipelined(moves, serial):
    """A batch of 100 of `moves` (message blobs) numbered from `serial`."""
    batch = []
    for i in range(100):
        # The serial is bytes 8 to 12 of the header, in its byte order.
        blob = bytearray(moves[(serial + i) % len(moves)])
        blob[8:12] = (serial + i).to_bytes(4, "little" if blob[0:1] == b"l" else "big")
        batch.append(bytes(blob))
    return b"".join(batch)


def main():
    seconds = float(sys.argv[1])
    linger = float(sys.argv[2]) if len(sys.argv) > 2 else 0
    if len(sys.argv) > 3 and sys.argv[3] == "gio":
        # GDBus reads every reply on its worker thread; they are never
        # looked at (the main context is never run).
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        calls = flood.five_moves(81)
        sent = 0
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            for method, params in calls:
                bus.call(flood.NAME, *flood.FIVE, method, params, None, Gio.DBusCallFlags.NONE, -1, None, None)
            sent += len(calls)
        time.sleep(linger)
        print(json.dumps({"sent": sent, "blocked": None}))
        return
    sock, moves = raw_client()
    # A blocked write (the bus stops reading a client that reads nothing) ends
    # the flood instead of hanging it.
    sock.settimeout(max(seconds, 1))
    sent, serial = 0, 2
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            sock.sendall(pipelined(moves, serial))
            sent += 100
            serial += 100
    except (socket.timeout, BrokenPipeError, ConnectionResetError) as e:
        blocked = type(e).__name__
    else:
        blocked = None
    time.sleep(linger)
    sock.close()
    print(json.dumps({"sent": sent, "blocked": blocked}))


if __name__ == "__main__":
    main()
