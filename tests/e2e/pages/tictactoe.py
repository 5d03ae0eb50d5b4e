"""The tic-tac-toe page as the tests read it: the board's fields from its
words and its pixels, the labels, whether a game is over or answered."""

import re

import pyatspi

from harness import role_is, screen_pixels, shown_name
from pieces import label_starting as label


def board(app, name="Tic-tac-toe board"):
    return app.find_showing("image", name)


def fields(app):
    """Field n (1 to 9) -> 'X', 'O' or 'empty', from the board's words."""
    return {int(n): what for n, what in re.findall(r"Field (\d): (X|O|empty)", board(app).description)}


def named(app, role, start):
    """The names of every accessible of `role` in the windows that start
    so."""
    out = []
    for r in app._frames():
        out += [shown_name(a.name) for a in pyatspi.findAllDescendants(
            r, lambda a: role_is(a, role) and shown_name(a.name).startswith(start))]
    return out


def field_pixels(app, f):
    """The screen's pixels over field `f` (1 to 9), inside its edges (the
    layout of src/games/tictactoe/drawing.rs's `square`)."""
    e = board(app).queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    side = max(min(e.width, e.height) - 8.0, 30.0)
    cell = side / 3.0
    left, top = e.x + (e.width - side) / 2.0, e.y + (e.height - side) / 2.0
    ox, oy = app.origin()
    x, y = left + ((f - 1) % 3) * cell, top + ((f - 1) // 3) * cell
    inset = 8
    return screen_pixels(int(ox + x) + inset, int(oy + y) + inset, int(cell) - 2 * inset, int(cell) - 2 * inset)


def over(app):
    return any(label(app, start) for start in ("You win", "The computer wins", "A draw"))


def answered(app):
    """The computer has answered the person's last X."""
    marks = list(fields(app).values())
    return marks.count("X") == marks.count("O")
