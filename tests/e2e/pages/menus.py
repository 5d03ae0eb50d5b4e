"""The window's menus as a person walks them: the primary menu (F10) and
New Game's setup menu, with the keys."""

import time

import pyatspi

from harness import wait_for


def menu_item(app, name):
    """Chooses an item of the primary menu with the keyboard: F10, the
    arrow keys, Return."""
    app.key("F10")
    items = wait_for(lambda: [a.name.replace("_", "") for r in app._frames() for a in pyatspi.findAllDescendants(
        r, lambda a: a.getRoleName() == "menu item")] or None, message="the primary menu")
    app.key(*["Down"] * items.index(name), "Return")


ITEM_ROLES = ("radio menu item", "check menu item", "menu item")


def menu_list(app):
    """The items of the open menu, in order: (name, checked, sensitive)."""
    items = []
    for r in app._frames():
        for a in pyatspi.findAllDescendants(r, lambda a: a.getRoleName() in ITEM_ROLES):
            if a.queryComponent().getExtents(pyatspi.WINDOW_COORDS).width > 0:
                state = a.getState()
                items.append((a.name, state.contains(pyatspi.STATE_CHECKED), state.contains(pyatspi.STATE_SENSITIVE)))
    return items


def menu_items(app):
    """The items of the open menu: name -> (checked, sensitive)."""
    return {name: (checked, sensitive) for name, checked, sensitive in menu_list(app)}


def focused(app):
    """The role and name of what has the keyboard focus."""
    for r in app._frames():
        hit = pyatspi.findDescendant(r, lambda a: a.getState().contains(pyatspi.STATE_FOCUSED))
        if hit:
            return hit.getRoleName(), hit.name
    return None


def focused_item(app):
    for r in app._frames():
        hit = pyatspi.findDescendant(
            r, lambda a: a.getRoleName() in ITEM_ROLES and a.getState().contains(pyatspi.STATE_FOCUSED))
        if hit:
            return hit.name
    return None


def open_setup(app):
    """Clicks New Game's arrow; returns the menu's items."""
    arrow = wait_for(lambda: app.find_showing("toggle button", "Next Game"), message="New Game's arrow")
    app.click_on(arrow)
    return wait_for(lambda: menu_items(app) or None, message="the setup menu")


def choose(app, *path):
    """Opens the setup menu and walks `path` with the keys, as a person
    does: Down to each item, then Return (a submenu's name opens it)."""
    open_setup(app)
    for name in path:
        for _ in range(16):
            if focused_item(app) == name:
                break
            app.key("Down")
            time.sleep(0.15)
        if focused_item(app) != name:
            raise AssertionError(f"{name} could not be reached with the keys: {menu_items(app)}")
        app.key("Return")
        time.sleep(0.4)
    wait_for(lambda: not menu_items(app), message="the menu closed after the choice")
