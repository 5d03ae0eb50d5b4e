"""The leap-frog page as the tests read and click it: the fields as text, the
replay's move, a field clicked where the page draws it."""

import re

import pyatspi

from pieces import label_starting as text_of


def position(app):
    """The fields as text, like XX-YY, from the widget's description."""
    view = app.find_showing("image", "Fields")
    names = re.findall(r"field \d+: (X frog|Y frog|X goat|Y goat|empty)", view.description)
    return "".join({"X": "X", "Y": "Y", "e": "-"}[n[0]] for n in names)


def replay_move(app):
    """The replay's move as its label says it ("move 3 of 15"); 0 before
    the label shows."""
    return int((text_of(app, "move ") or "move 0").split()[1])


def click_field(app, i):
    """Clicks field i (0-based) where the page draws it."""
    view = app.find_showing("image", "Fields")
    e = view.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    n = len(position(app))
    # drawing.rs: room for a jump (0.8 of a field), the field, its number.
    size = max(min(e.width / n, e.height / 2.1), 8)
    left = e.x + (e.width - size * n) / 2
    top = e.y + (e.height - size * 2.1) / 2 + size * 0.8
    app.click_at(int(left + (i + 0.5) * size), int(top + size / 2))
