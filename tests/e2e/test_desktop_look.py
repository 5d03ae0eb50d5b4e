"""Every player (issue 50, points 4 and 5): the boards read by contrast in
light, dark and high contrast; the two sides differ by more than hue; dim
text reaches 4.5:1; the desktop's accent colour, text size and reduced
motion reach what the app draws. Measured from screenshots of the real
app (the desktop's settings given as libadwaita and GTK read them: the
ADW_DEBUG_* variables and GTK's settings.ini). The figures are printed."""

import math
import time

import pyatspi

from harness import AppTest, board_size, edge_band, screen_pixels, wait_for, winning_move
from pages.leapfrog import click_field
from pages.tiles import surface
from pieces import median

STYLES = {
    "light": {},
    "dark": {"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"},
    "high contrast": {"ADW_DEBUG_HIGH_CONTRAST": "1"},
    "high contrast dark": {"ADW_DEBUG_HIGH_CONTRAST": "1", "ADW_DEBUG_COLOR_SCHEME": "prefer-dark"},
}


def luminance(rgb):
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast(a, b):
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def ring(app, cell, inner, outer, lower_right=False):
    """The pixels of field `cell` between `inner` and `outer` of half a
    field from its centre (only those down and right of it: away from a
    ball's highlight)."""
    e = app.board.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    half = int(board_size(e)) // 18
    pixels = app.cell_pixels(*cell)
    side = 2 * half

    def inside(i):
        dx, dy = i % side - half + 0.5, i // side - half + 0.5
        return inner * half <= math.hypot(dx, dy) <= outer * half and (not lower_right or (dx > 0 and dy > 0))
    return [p for i, p in enumerate(pixels) if inside(i)]


def ink(pixels):
    """The background (the commonest colour) and the pixel that stands out
    most from it: text drawn on it."""
    background = median(pixels)
    return background, max(pixels, key=lambda p: contrast(p, background))


def rect_pixels(app, acc):
    e = acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    ox, oy = app.origin()
    return screen_pixels(ox + e.x, oy + e.y, e.width, e.height)


class DesktopLook(AppTest):
    def won_game(self, style, **kw):
        app = self.start(settings={"last_page": "five", "window_width": 900, "window_height": 760},
                         env=STYLES[style], **kw)
        for _ in range(40):
            if "win" in app.status().lower():
                break
            blue, red = app.stones()
            app.play_and_wait(lambda c: app.click(*c), winning_move(blue, red))
        return app

    def test_boards_and_dim_text_read_by_contrast_in_every_style(self):
        figures = {}
        for style in STYLES:
            with self.subTest(style=style):
                app = self.start(settings={"last_page": "five", "window_width": 900, "window_height": 760},
                                 env=STYLES[style])
                # The note under the board, a dim label, before any game.
                note = wait_for(lambda: app.find_showing("label", lambda n: n.startswith("This computer knows nothing")),
                                message="the new computer's note")
                time.sleep(0.5)
                background, text = ink(rect_pixels(app, note))
                dim = contrast(background, text)
                blue, red = set(), set()
                for _ in range(40):
                    if "win" in app.status().lower():
                        break
                    blue, red = app.stones()
                    app.play_and_wait(lambda c: app.click(*c), winning_move(blue, red))
                blue, red = app.stones()
                time.sleep(0.5)
                empty = next((x, y) for y in range(9) for x in range(9) if (x, y) not in blue | red)
                field = median(ring(app, empty, 0, 0.5))
                stones = {name: min(contrast(median(ring(app, c, 0.62, 0.72)), field) for c in cells)
                          for name, cells in (("red", red), ("blue", blue))}
                # The gold ring shows around the winning row, outside the ball.
                gold = max(contrast(median(ring(app, c, 0.84, 0.9)), field) for c in blue)
                # The columns' names over the board: A to I.
                e = app.board.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                size = board_size(e)
                ox, oy = app.origin()
                left, top = ox + e.x + (e.width - size) / 2, oy + e.y + (e.height - size) / 2
                band = edge_band(min(e.width, e.height))
                names = screen_pixels(int(left), int(top - band), int(size), int(band))
                letters = contrast(*ink(names))
                figures[style] = dict(red=stones["red"], blue=stones["blue"], gold=gold, letters=letters, dim=dim)
                app.close()
        for style, f in figures.items():
            print(f"\n{style}: " + ", ".join(f"{k} {v:.1f}:1" for k, v in f.items()), end="")
        print()
        for style, f in figures.items():
            with self.subTest(style=style):
                self.assertGreaterEqual(f["red"], 3.0, f"red stones against an empty field, {style}")
                self.assertGreaterEqual(f["blue"], 3.0, f"blue stones against an empty field, {style}")
                self.assertGreaterEqual(f["gold"], 3.0, f"the winning row's ring, {style}")
                self.assertGreaterEqual(f["letters"], 4.5, f"A to I over the board, {style}")
                self.assertGreaterEqual(f["dim"], 4.5, f"the dim note under the board, {style}")

    def test_the_two_sides_differ_by_more_than_hue(self):
        """Grey, as a person without colour vision may see it: a blue ball
        has a ring inside that a red one has not."""
        app = self.start(settings={"last_page": "five"})
        app.key("Return")
        wait_for(lambda: len(app.stones()[1]) == 1, message="the computer's answer")
        time.sleep(0.3)
        blue, red = next(iter(app.stones()[0])), next(iter(app.stones()[1]))

        def spread(cell):
            # Lightness along the ball's middle ring, where blue has its mark.
            grey = [luminance(p) for p in ring(app, cell, 0.3, 0.5, lower_right=True)]
            return max(grey) - min(grey)
        self.assertGreater(spread(blue), spread(red) + 0.2, "the blue ball's inner ring stands out in grey")

    def test_yellow_tiles_stand_out_from_their_bowl(self):
        figures = {}
        for style in ("light", "dark", "high contrast"):
            app = self.start(settings={"last_page": "tiles", "window_height": 850}, env=STYLES[style])
            view = wait_for(lambda: surface(app), message="the tile page")
            time.sleep(0.5)
            pixels = rect_pixels(app, view)
            # The bowls' fill is the commonest colour that is not the page's
            # own; yellow tiles' pixels are the warm ones.
            yellow = [p for p in pixels if p[0] > 120 and p[0] - p[2] > 90 and p[1] - p[2] > 40]
            self.assertGreater(len(yellow), 20, f"yellow tiles on screen, {style}")
            background = median(pixels)
            # The tile's edge: the yellow pixels that stand out most.
            edge = sorted(yellow, key=lambda p: contrast(p, background))[-max(len(yellow) // 20, 1)]
            figures[style] = contrast(edge, background)
            app.close()
        print("\nyellow tiles' edge against the surface: " + ", ".join(f"{s} {v:.1f}:1" for s, v in figures.items()))
        for style, value in figures.items():
            self.assertGreaterEqual(value, 3.0, style)

    def test_high_contrast_reaches_the_board(self):
        found = {}
        for style in ("high contrast", "high contrast dark"):
            app = self.start(settings={"last_page": "five"}, env=STYLES[style])
            time.sleep(0.5)
            e = app.board.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            half = int(board_size(e)) // 18
            cx, cy = app.cell_centre(0, 0)
            # Between fields A1 and B1: the board itself.
            found[style] = median(screen_pixels(cx + half - 1, cy - 1, 2, 2))
            app.close()
        self.assertEqual(found, {"high contrast": (255, 255, 255), "high contrast dark": (0, 0, 0)})

    def test_the_keyboard_cursor_takes_the_desktops_accent_colour(self):
        app = self.start(settings={"last_page": "five"}, env={"ADW_DEBUG_ACCENT_COLOR": "green"})
        app.key("Left")  # the cursor shows, on D5
        time.sleep(0.5)
        pixels = app.cell_pixels(3, 4)
        green = [p for p in pixels if p[1] > p[0] + 50 and p[1] > p[2] + 30]
        blue = [p for p in pixels if p[2] > p[0] + 80 and p[2] > p[1] + 30]
        self.assertGreater(len(green), 20, "a green cursor")
        self.assertEqual(blue, [], "no blue of its own")

    def test_the_boards_names_grow_with_the_desktops_text(self):
        heights = {}
        for name, font in (("standard", ""), ("large", "gtk-font-name=Sans 16\n")):
            app = self.start(settings={"last_page": "five"}, gtk_settings=font)
            time.sleep(0.5)
            # The columns' names over the board: the first rows of the
            # board's widget that hold ink, down to the next blank row.
            pixels = rect_pixels(app, app.board)
            width = app.board.queryComponent().getExtents(pyatspi.WINDOW_COORDS).width
            background = pixels[0]
            rows = [any(contrast(p, background) > 2.0 for p in pixels[y * width + width // 3:(y + 1) * width - width // 3])
                    for y in range(len(pixels) // width)]
            top = rows.index(True)
            heights[name] = rows.index(False, top) - top
            app.close()
        print(f"\nthe names A to I over the board: {heights['standard']} px high, {heights['large']} px with Sans 16")
        self.assertGreater(heights["standard"], 4)
        self.assertGreaterEqual(heights["large"], heights["standard"] * 1.3)

    def test_without_animations_a_frog_jumps_at_once(self):
        app = self.start(settings={"last_page": "leapfrog", "leapfrog_frogs": 2, "window_height": 820})
        view = wait_for(lambda: app.find_showing("image", "Fields"), message="the leap-frog page")
        before = rect_pixels(app, view)
        click_field(app, 0)
        shots = []
        end = time.monotonic() + 0.6
        while time.monotonic() < end:
            shots.append(hash(tuple(rect_pixels(app, view))))
        states = [s for i, s in enumerate(shots) if i == 0 or s != shots[i - 1]]
        self.assertNotEqual(shots[-1], hash(tuple(before)), "the frog moved")
        self.assertLessEqual(len(states), 2, f"no frames between the two positions ({len(shots)} shots)")
