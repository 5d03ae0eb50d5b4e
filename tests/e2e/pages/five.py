"""Five in a row's page as the tests play it: a game won against the
computer, the knowledge file, the Practice window's summary."""

import os
import re

from harness import winning_move


def knowledge_file(app, player="Tester"):
    return os.path.join(app.data, "match5", "knowledge", f"{player}.fivo")


def win_against_the_computer(app, move):
    """Plays blue's winning move until the game ends; the status it ends with."""
    for _ in range(40):
        if "win" in app.status().lower() or "computer wins" in app.status().lower():
            break
        blue, red = app.stones()
        app.play_and_wait(move, winning_move(blue, red))
    return app.status()


SUMMARY = re.compile(r"(\d+)(?: of \d+)? games?: lost (\d+), drew (\d+), won (\d+), learned (\d+) patterns?")


def summary(app):
    label = app.find_showing("label", lambda n: SUMMARY.search(n or "") is not None)
    return SUMMARY.search(label.name).groups() if label else None
