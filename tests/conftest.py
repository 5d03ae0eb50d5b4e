"""What pytest does for the end-to-end tests (tests/e2e) and the tests of
the installed Flatpak (tests/flatpak), both run by pytest with the
settings of tests/pytest.ini:

- each process that runs tests (each pytest-xdist worker, or pytest itself
  without workers) runs them in one desktop session of its own
  (tests/e2e/desktop_session.py), for every file it is given;
- after a test that failed, the shell is started anew, so that what the
  test left on the desktop (a window, a grab, the focus) never meets the
  next one; what the failed test saw is printed with its report;
- the files run slowest first, by the seconds each took when last
  measured (`durations.json` beside the tests; a file not in it is new and
  goes first), so that the workers end close together;
  `MATCH5_DURATIONS_UPDATE=1 tests/e2e/run` measures them again;
- the last line, "e2e: N passed, M failed", is what tools/test totals.
"""

import collections
import json
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "e2e"))

import desktop_session  # noqa: E402

_session = None


def _runs_tests(config):
    """A worker, or pytest alone: the controller of workers runs none."""
    return hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None)


def pytest_configure(config):
    global _session
    if _runs_tests(config) and not os.environ.get("MATCH5_E2E_NO_SESSION"):
        _session = desktop_session.Session().start()


def pytest_unconfigure(config):
    global _session
    if _session is not None:
        _session.stop()
        _session = None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed:
        item.match5_failed = True
        # What the desktop showed then: the windows the shell had, and a
        # screenshot of the whole screen for a person to open.
        if _session is not None:
            try:
                import desktop
                shots = os.path.join(os.environ.get("MATCH5_E2E_SHOTS") or
                                     os.path.join(HERE, "..", "target", "e2e", "failures"))
                os.makedirs(shots, exist_ok=True)
                path = os.path.abspath(os.path.join(shots, f"{item.name}-{report.when}.png"))
                shell = desktop.shell()
                width, height = (int(n) for n in _session.size.split("x"))
                shell.screenshot_area(0, 0, width, height, path)
                windows = [(w["title"], w["wm_class"], w["x"], w["y"], w["width"], w["height"])
                           for w in shell.windows()]
                report.sections.append(("what the desktop showed", f"windows: {windows}\nscreenshot: {path}"))
            except Exception as e:  # the shell itself may be what failed
                report.sections.append(("what the desktop showed", f"not read: {e}"))
    return report


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    result = yield
    if getattr(item, "match5_failed", False) and _session is not None and nextitem is not None:
        import desktop
        _session.restart_shell()
        desktop.forget_shell()
    return result


def _durations_file(config):
    """The measured seconds of the files under test (the first argument's folder)."""
    first = os.path.abspath(str(config.args[0])) if config.args else os.path.join(HERE, "e2e")
    folder = first if os.path.isdir(first) else os.path.dirname(first)
    return os.path.join(folder, "durations.json")


def pytest_collection_modifyitems(session, config, items):
    try:
        with open(_durations_file(config)) as f:
            seconds = json.load(f)
    except (OSError, ValueError):
        return
    # Stable: a file's tests keep their order.
    items.sort(key=lambda item: -seconds.get(os.path.basename(item.path), float("inf")))


_spent = collections.Counter()


def pytest_runtest_logreport(report):
    _spent[os.path.basename(report.nodeid.split("::")[0])] += report.duration


def pytest_sessionfinish(session):
    config = session.config
    if os.environ.get("MATCH5_DURATIONS_UPDATE") and not hasattr(config, "workerinput") and _spent:
        with open(_durations_file(config), "w") as f:
            json.dump({name: round(s, 1) for name, s in _spent.most_common()}, f, indent=1)
            f.write("\n")


def pytest_terminal_summary(terminalreporter):
    stats = terminalreporter.stats
    passed = len(stats.get("passed", []))
    failed = len(stats.get("failed", [])) + len(stats.get("error", []))
    name = os.environ.get("MATCH5_PYTEST_SUITE", "e2e")
    terminalreporter.write_line(f"{name}: {passed} passed, {failed} failed")
