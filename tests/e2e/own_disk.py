"""A folder of the app's on a disk of its own, small enough to fill: a
tmpfs of a given size in a mount namespace that only the app sees (bwrap),
so that a test meets a full disk for real, with nothing else affected."""

import contextlib
import errno
import os


def command(command, folder, size):
    """`command` run with `folder` on a fresh disk of `size` bytes."""
    return ["bwrap", "--dev-bind", "/", "/", "--size", str(size), "--tmpfs", folder, "--die-with-parent", "--",
            *command]


def child_of(pid):
    """The first child process of `pid` (the app bwrap started), if any yet."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        return int(entry)
            except OSError:
                pass
    return None


@contextlib.contextmanager
def filled(folder):
    """Fills the disk of `folder` (a path as the app sees it: through
    /proc/PID/root) until it is full; the filler goes afterwards."""
    path = os.path.join(folder, "filler")
    with open(path, "wb") as f:
        try:
            while True:
                f.write(b"\0" * 65536)
                f.flush()
        except OSError as e:
            if e.errno != errno.ENOSPC:
                raise
    try:
        yield
    finally:
        os.remove(path)
