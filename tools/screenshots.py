"""Takes the store screenshots (data/screenshots/) from the real app.

Run through tools/screenshots, which provides Xvfb and a D-Bus session."""

import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "e2e"))
import desktop  # noqa: E402
from harness import App, wait_for, winning_move  # noqa: E402

OUT = "data/screenshots"
CLI = os.environ.get("MATCH5_CLI", "target/debug/match5-cli")


def shot(app, name):
    time.sleep(0.6)
    # A toast ("Your unfinished game is back") is news of the moment, not
    # what the store shows: its seconds are waited out.
    if app.toasts():
        time.sleep(6)
    app.window_on_screen.screenshot(os.path.join(OUT, name))
    print("wrote", os.path.join(OUT, name))


def trained_home():
    home = os.path.abspath("target/screenshot-home")
    shutil.rmtree(home, ignore_errors=True)
    knowledge = os.path.join(home, "data", "match5", "knowledge")
    os.makedirs(knowledge)
    env = dict(os.environ, XDG_DATA_HOME=os.path.join(home, "data"))
    subprocess.run(
        [CLI, "train", "--knowledge", os.path.join(knowledge, "Anna.fivo"), "--player", "Anna",
         "--games", "400", "--opponent", "greedy", "--seed", "7"],
        check=True, env=env, stdout=subprocess.DEVNULL,
    )
    return home


def play_some(app, moves):
    for _ in range(moves):
        blue, red = app.stones()
        app.play_and_wait(lambda c: app.click(*c), winning_move(blue, red))


def page_shot(home, settings, name, surface, file, keys=(), env=None, lang="en", after=None):
    """Starts the app on a page, waits for its surface (an image named
    `surface`), presses `keys`, shoots the window as `file`, then runs
    `after(app)` before closing it."""
    app = App(settings=settings, home=home, env=env, lang=lang)
    wait_for(lambda: app.find_showing("image", surface), message=f"the {name} page")
    for k in keys:
        app.key(k)
        time.sleep(0.8)
    shot(app, file)
    if after:
        after(app)
    app.close()


def window_shot(app, title, file):
    """Shoots the app's window with its dialog `title` open over it as
    `file` (a dialog is a sheet inside the window)."""
    wait_for(lambda: app.window(title), message=f"the dialog {title}")
    time.sleep(0.5)
    app.window_on_screen.screenshot(os.path.join(OUT, file))
    print("wrote", os.path.join(OUT, file))


DARK = {"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"}


def tiles(home, size):
    """The tile page: a game against the computer with a hint; the dark
    style; Dutch; the narrow window."""
    page = dict(size, last_page="tiles")
    surface = "Bowls and boards"
    page_shot(home, page, "tile", surface, "tiles-light.png", keys=("Right", "Return", "ctrl+i"))
    page_shot(home, page, "tile", surface, "tiles-dark.png", keys=("ctrl+i",), env=DARK)
    page_shot(home, page, "tile", "Schalen en borden", "tiles-nl.png", keys=("ctrl+i",), lang="nl")
    page_shot(home, dict(page, window_width=360, window_height=700), "tile", surface, "tiles-narrow.png")


def tictactoe(home, size):
    """The tic-tac-toe page after some training, mid-game with the
    preferences shown; training; the learned positions; dark; Dutch;
    narrow."""
    env = dict(os.environ, XDG_DATA_HOME=os.path.join(home, "data"))
    subprocess.run(
        [CLI, "tictactoe", "train", "--opponent", "random", "--games", "300",
         "--seed", "5", "--fresh"],
        check=True, env=env, stdout=subprocess.DEVNULL,
    )
    page = dict(size, last_page="tictactoe")
    surface = "Tic-tac-toe board"

    def train_and_list(app):
        app.key("ctrl+t")
        wait_for(lambda: app.dialogs(), message="the training window")
        time.sleep(0.5)
        app.key("alt+g")
        app.key("ctrl+a")
        app.type("3000")
        app.key("Tab")
        wait_for(lambda: app.find_showing("push button", "Train"), message="the Train button")
        app.find_showing("push button", "Train").queryAction().doAction(0)
        wait_for(lambda: app.find_showing("push button", "Train Again"), message="training to end", timeout=60)
        time.sleep(0.5)
        window_shot(app, "Train the Computer", "tictactoe-training.png")
        app.key("Escape")
        time.sleep(0.5)
        app.key("ctrl+p")
        wait_for(lambda: app.dialogs(), message="the positions window")
        time.sleep(0.8)
        window_shot(app, "Learned Positions", "tictactoe-positions.png")

    page_shot(home, page, "tic-tac-toe", surface, "tictactoe-light.png", keys=("1",), after=train_and_list)
    page_shot(home, page, "tic-tac-toe", surface, "tictactoe-dark.png", keys=("5",), env=DARK)
    page_shot(home, page, "tic-tac-toe", "Bord voor boter, kaas en eieren", "tictactoe-nl.png", keys=("3",),
              lang="nl")
    page_shot(home, dict(page, window_width=360, window_height=700), "tic-tac-toe", surface,
              "tictactoe-narrow.png", keys=("5",))


def lessons(home, size):
    """The game that taught a pattern, replayed to its end with the pattern
    marked; a new player choosing where the computer starts."""
    app = App(settings=size, home=home)
    app.key("ctrl+p")
    wait_for(lambda: app.dialogs(), message="the pattern viewer")
    for _ in range(12):
        app.key("Right")
    wait_for(lambda: app.find("push button", "Replay the Game That Taught This"),
             message="the replay button").queryAction().doAction(0)
    wait_for(lambda: app.window("The Game That Taught Pattern 13"), message="the replay")
    app.key("End")
    time.sleep(0.8)
    window_shot(app, "The Game That Taught Pattern 13", "replay.png")
    app.close()

    fresh = os.path.abspath("target/screenshot-new")
    shutil.rmtree(fresh, ignore_errors=True)
    app = App(settings=dict(size, last_player="Bea"), home=fresh)
    row = wait_for(lambda: app.find_showing("combo box", "Computer Starts From"), message="the start row")
    app.click_on(row)
    time.sleep(1)
    app.key("Down", "Down", "Down", "Return")
    wait_for(lambda: app.find("label", lambda n: n.startswith("level 0, taught by you · started from")),
             message="the curriculum")
    desktop.move(0, 0)
    shot(app, "start.png")
    app.close()


def practice(home, size):
    """Five in a row's Practice window mid-run, paused so that the board
    holds still: light and dark, Dutch, and in a 360 px window."""
    page = dict(size, last_page="five", window_width=1000, window_height=700)
    words = {"en": ("Practice", "Start", "Pause"), "nl": ("Oefenen", "Starten", "Pauzeren")}
    for settings, env, lang, file in (
        (page, None, "en", "practice-light.png"),
        (page, DARK, "en", "practice-dark.png"),
        (page, None, "nl", "practice-nl.png"),
        (dict(page, window_width=360, window_height=700), None, "en", "practice-narrow.png"),
    ):
        title, start, pause = words[lang]
        app = App(settings=settings, home=home, env=env, lang=lang)
        app.key("ctrl+t")
        button = wait_for(lambda: app.find_showing("push button", start), message="the Practice window")
        app.find_showing("spin button").queryValue().currentValue = 100000
        button.queryAction().doAction(0)
        time.sleep(4)
        app.find_showing("push button", pause).queryAction().doAction(0)
        window_shot(app, title, file)
        app.close()


def main():
    os.makedirs(OUT, exist_ok=True)
    home = trained_home()
    size = {"last_player": "Anna", "window_width": 1000, "window_height": 700}
    if sys.argv[1:] == ["tiles"]:
        tiles(home, size)
        return
    if sys.argv[1:] == ["tictactoe"]:
        tictactoe(home, size)
        return
    if sys.argv[1:] == ["lessons"]:
        lessons(home, size)
        return
    if sys.argv[1:] == ["practice"]:
        practice(home, size)
        return

    app = App(settings=size, home=home)
    play_some(app, 4)
    desktop.move(*app.cell_centre(6, 2))
    shot(app, "game-light.png")
    app.key("ctrl+p")
    wait_for(lambda: app.dialogs(), message="the pattern viewer")
    for _ in range(12):
        app.key("Right")
    time.sleep(0.6)
    window_shot(app, "Error Patterns", "patterns.png")
    app.close()
    lessons(home, size)

    app = App(settings=size, home=home, env=DARK)
    for _ in range(30):
        if app.showing("push button", "Play Again"):
            break
        blue, red = app.stones()
        app.play_and_wait(lambda c: app.click(*c), winning_move(blue, red))
    shot(app, "game-dark.png")
    app.close()

    # Why there: the pattern behind the computer's move, marked.
    app = App(settings=dict(size, show_why=True), home=home)
    for _ in range(30):
        if app.showing("push button", "Play Again"):
            app.key("ctrl+n")
            time.sleep(0.5)
        blue, red = app.stones()
        app.play_and_wait(lambda c: app.click(*c), winning_move(blue, red))
        if app.find_showing("label", lambda n: n.startswith("Why ") and (" blocks " in n or " attacks " in n)):
            break
    desktop.move(0, 0)
    shot(app, "why.png")
    app.close()

    # How the computer learned, in the dark style.
    app = App(settings=size, home=home, env=DARK)
    app.key("ctrl+l")
    wait_for(lambda: app.dialogs(), message="the learning history")
    time.sleep(0.6)
    window_shot(app, "How the Computer Learned", "learning.png")
    app.close()

    app = App(settings=size, home=home, lang="nl")
    play_some(app, 3)
    shot(app, "game-nl.png")
    app.close()

    # Leap-frog: the computer's solution half replayed; goats in the dark;
    # the Dutch page; the narrow window with the switcher at the bottom.
    leap = dict(size, last_page="leapfrog", leapfrog_frogs=3, leapfrog_goats=False)
    app = App(settings=leap, home=home)
    app.key("ctrl+r")
    time.sleep(0.5)
    for _ in range(7):
        app.key("Page_Down")
        time.sleep(0.15)
    time.sleep(4)  # the toast goes
    shot(app, "leapfrog-light.png")
    app.close()

    app = App(settings=dict(leap, leapfrog_goats=True, leapfrog_frogs=4), home=home,
              env=DARK)
    app.key("ctrl+i")
    time.sleep(0.4)
    app.key("ctrl+i")
    shot(app, "leapfrog-dark.png")
    app.close()

    app = App(settings=leap, home=home, lang="nl")
    app.key("ctrl+i")
    shot(app, "leapfrog-nl.png")
    app.close()

    app = App(settings=dict(leap, window_width=360, window_height=700), home=home)
    app.key("ctrl+i")
    shot(app, "leapfrog-narrow.png")
    app.close()

    tiles(home, size)
    tictactoe(home, size)
    practice(home, size)


if __name__ == "__main__":
    main()
