"""The tile page as the tests read and click it: the surface and its bowls,
its labels, a tile clicked where the page draws it, the whole game as text."""

import re

import pyatspi

from pieces import label_starting as text_of  # noqa: F401 (test_tiles reads its labels by it)


def surface(app):
    return app.find_showing("image", "Bowls and boards")


def bowls(app):
    """[(yellow, blue)] per bowl, from the surface's description."""
    return [(int(y), int(b)) for y, b in re.findall(r"Bowl \d+: (\d+) yellow, (\d+) blue", surface(app).description)]


def click_tile(app, bowl, index, bowl_size=4, rows=5, length=5):
    """Clicks tile `index` (yellow first) of `bowl` where the page draws it
    (the layout of src/games/tiles/drawing.rs)."""
    held = bowls(app)
    e = surface(app).queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    w, h = e.width, e.height
    inner = max(w - 20.0, 40.0)
    pot_tile = min(max(inner / 26.0, 8.0), 18.0)
    bowl_w = min(inner / len(held) - 8.0, 150.0)
    bowl_tile = min(bowl_w / (bowl_size + 1.0), 26.0)
    bowl_h = bowl_tile * 1.8
    gap, label, bowl_label = 14.0, 22.0, 16.0
    cell = min((inner - gap) / 2.0 / length, 40.0)
    need = pot_tile + gap + bowl_h + bowl_label + gap + label + rows * cell + 6.0
    scale = max(min((h - 20.0) / need, 1.0), 0.3)
    pot_tile, bowl_w, bowl_tile, bowl_h, cell = (
        pot_tile * scale, bowl_w * max(scale, 0.6), bowl_tile * scale, bowl_h * scale, cell * scale)
    used = pot_tile + gap + bowl_h + bowl_label + gap + label + rows * cell + 6.0
    top = 10.0 + max((h - 20.0 - used) / 2.0, 0.0)
    bowls_top = top + pot_tile + gap
    bowls_w = len(held) * (bowl_w + 8.0) - 8.0
    left = 10.0 + (inner - bowls_w) / 2.0 + bowl * (bowl_w + 8.0)
    count = sum(held[bowl])
    x0 = left + (bowl_w - count * bowl_tile * 1.08) / 2.0
    x = x0 + index * bowl_tile * 1.08 + bowl_tile / 2.0
    y = bowls_top + bowl_h / 2.0
    app.click_at(int(e.x + x), int(e.y + y))


def tiles_state(app):
    """The bowls and both boards as the surface says them (without the
    news of the last move, which a new start does not repeat)."""
    text = surface(app).description
    return bowls(app), re.findall(r"The pot holds [^.]*\.|(?:\w+’s|Your) rows of \d+: [^.]*\.", text)
