"""The pattern viewer keeps its height from pattern to pattern (issue 58,
point 4): someone clicking through it finds the buttons where they were,
whatever each pattern's origin says and whether its game can be replayed.
Patterns of every origin, stepped through with the keys and the buttons,
in a wide window and at 360 px; and each origin said as it is."""

import os

import pyatspi

from harness import AppTest, wait_for

# Patterns of every origin, each a different shape (its line's place).
# Games 1 and 2 are kept (Replay shows), game 3 is not (a line says so).
ORIGINS = [
    ("", "came with the trained computer"),
    ("practice = true\n", "learned in practice"),
    ("game = 1\n", "learned in game 1"),
    ("game = 2\nhinted = true\n", "learned in game 2, won with hints"),
    ("game = 3\n", "learned in game 3"),
    ("", "came with the trained computer"),
]
WON = "B00R48B11R58B22R68B33R78B44"


def knowledge():
    text = ('format = "match5-knowledge"\nversion = 3\nplayer = "Tester"\nstart = "greedy"\n\n'
            "[stats]\nwon = 3\nlost = 0\ndrawn = 0\n\n[history]\n"
            f'games = ["1 won 1 2026-11-22 {WON}", "2 won 1 2026-11-22 hints:1 {WON}", "3 won 1 2026-11-22"]\n')
    for i, (origin, _) in enumerate(ORIGINS):
        row = "B" * (i + 1) + "X"
        text += f'\n[[pattern]]\nlevel = 1\n{origin}rows = ["{row}"]\n'
    return text


WORDS = {
    "en": ("Error Patterns", ("First Pattern", "Previous Pattern", "Next Pattern", "Last Pattern"),
           "Pattern {} of {} · "),
    "nl": ("Foutpatronen", ("Eerste patroon", "Vorig patroon", "Volgend patroon", "Laatste patroon"),
           "Patroon {} van {} · "),
}


def place(acc):
    e = acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return (e.x, e.y, e.width, e.height)


class PatternViewer(AppTest):
    def step_through(self, app, lang):
        words = WORDS[lang]
        viewer = wait_for(lambda: app.window(words[0]), message="the pattern viewer")
        buttons = [wait_for(lambda n=name: app.find("push button", n, root=viewer), message=name)
                   for name in words[1]]
        # The pattern's drawing too: it neither grows nor shrinks.
        buttons.append(wait_for(lambda: app.find("image", lambda n: (n or "").startswith(
            words[2].format(1, len(ORIGINS))), root=viewer), message="the pattern's drawing"))
        places, said = [], []
        for step in range(len(ORIGINS)):
            about = wait_for(lambda s=step: app.find("label", lambda n: (n or "").startswith(
                words[2].format(s + 1, len(ORIGINS))), root=viewer), message=f"pattern {step + 1}")
            said.append(about.name)
            places.append([place(b) for b in buttons])
            if step % 2:
                app.key("Right")
            else:
                app.click_on(buttons[2])
        self.assertEqual(len(set(map(tuple, places))), 1, f"the buttons moved: {places}")
        return said

    def test_the_buttons_stay_put_and_each_origin_is_said(self):
        for lang, width, height in (("en", 900, 680), ("en", 360, 640), ("nl", 360, 640)):
            with self.subTest(lang=lang, width=width):
                app = self.start(lang=lang, settings={"last_page": "five", "window_width": width,
                                                      "window_height": height})
                os.makedirs(os.path.join(app.data, "match5", "knowledge"), exist_ok=True)
                app.quit()
                app.wait_closed()
                with open(os.path.join(app.data, "match5", "knowledge", "Tester.fivo"), "w") as f:
                    f.write(knowledge())
                again = self.start(lang=lang, home=app.home)
                try:
                    again.key("ctrl+p")
                    said = self.step_through(again, lang)
                    for (_, origin), text in zip(ORIGINS, said if lang == "en" else []):
                        self.assertTrue(text.endswith(f"· depth 1 · {origin}"), text)
                finally:
                    again.close()
