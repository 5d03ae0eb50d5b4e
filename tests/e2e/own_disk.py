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
    """The app that bwrap `pid` started, if it is up yet: the first process
    below it that is not bwrap itself (newer bwrap keeps a process of its
    own between the two, still outside the app's mount namespace)."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    name, rest = f.read().split(" (", 1)[1].rsplit(")", 1)
                children.setdefault(int(rest.split()[1]), []).append((int(entry), name))
            except (OSError, IndexError, ValueError):
                pass
    below = list(children.get(pid, []))
    while below:
        child, name = below.pop(0)
        if name != "bwrap":
            return child
        below += children.get(child, [])
    return None


@contextlib.contextmanager
def filled(folder):
    """Fills the disk of `folder` (a path as the app sees it: through
    /proc/PID/root) until it is full; the filler goes afterwards."""
    path = os.path.join(folder, "filler")
    try:
        # Unbuffered: nothing is left to write (and fail) on closing.
        f = open(path, "wb", buffering=0)
    except OSError as e:
        # Full already: not even an empty file fits.
        if e.errno != errno.ENOSPC:
            raise
        yield
        return
    with f:
        try:
            while f.write(b"\0" * 65536):
                pass
        except OSError as e:
            if e.errno != errno.ENOSPC:
                raise
    try:
        yield
    finally:
        os.remove(path)
