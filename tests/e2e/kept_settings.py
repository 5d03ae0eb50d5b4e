"""The app's settings as GSettings keeps them, read the way a person
scripts them: `gsettings list-recursively io.github.match5.Match5`. The
tests' apps use GLib's keyfile backend (as the Flatpak does), so that each
test's home has settings of its own: `$XDG_CONFIG_HOME/glib-2.0/settings/keyfile`."""

import os
import subprocess

from gi.repository import GLib

SCHEMA = "io.github.match5.Match5"

# Set in every test app's environment (tests/e2e/harness.py).
BACKEND = {"GSETTINGS_BACKEND": "keyfile"}


def keyfile(config):
    """Where the keyfile backend keeps the settings of a home whose
    XDG_CONFIG_HOME is `config`."""
    return os.path.join(config, "glib-2.0", "settings", "keyfile")


def listing(config=None, command=("gsettings",), env=None):
    """What `gsettings list-recursively` prints for Match5's schema: with
    `config`, for the tests' keyfile in that folder; `command` runs it
    another way (in the Flatpak's sandbox, with `env`)."""
    if env is None:
        env = dict(os.environ, XDG_CONFIG_HOME=config, **BACKEND)
    out = subprocess.run([*command, "list-recursively", SCHEMA], env=env, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, f"gsettings failed: {out.stderr}"
    return out.stdout


def kept_settings(config=None, command=("gsettings",), env=None):
    """The settings as nested dictionaries in the shape of the settings.toml
    of older versions: {"last_page": "five", "five": {"show_why": True,
    "practice": {"games": 200, …}, …}, …}."""
    settings = {}
    for line in listing(config, command, env).splitlines():
        schema, key, text = line.split(" ", 2)
        table = settings
        for child in schema[len(SCHEMA):].split(".")[1:]:
            table = table.setdefault(child, {})
        table[key.replace("-", "_")] = GLib.Variant.parse(None, text, None, None).unpack()
    return settings
