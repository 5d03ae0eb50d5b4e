"""Match5 installed as a new person installs it, from the repository
tools/flatpak-test published the way the release does: the site (the
signed repository, the .flatpakref and the icon, made from the same
templates as the real ones) is served over HTTP on localhost, with the
stand-in GNOME runtimes as the .flatpakref's runtime repository, into an
installation of its own that has nothing yet. README's command installs
app and runtime without a terminal and asks nothing; knowledge saved then
is still there after a newer commit is published and `flatpak update`
takes it."""

import functools
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
import unittest

from sandbox import APP_ID, ROOT

REPO = os.environ.get("MATCH5_FLATPAK_REPO", "")
KEY = os.environ.get("MATCH5_FLATPAK_REPO_KEY", "")
RUNTIMES = os.environ.get("MATCH5_FLATPAK_RUNTIME_REPO", "")


def store_files(url, key):
    """The .flatpakref as tools/flatpak-refs writes it, for `url`, signed
    with `key`, and its runtime repository the stand-ins at `url`."""
    import importlib.machinery
    refs = importlib.machinery.SourceFileLoader("flatpak_refs", os.path.join(ROOT, "tools", "flatpak-refs")).load_module()
    text = refs.rendered(url, key)[f"{APP_ID}.flatpakref"]
    return text.replace("RuntimeRepo=https://dl.flathub.org/repo/flathub.flatpakrepo",
                        f"RuntimeRepo={url}standins.flatpakrepo")


class FromTheSite(unittest.TestCase):
    def setUp(self):
        for what, path in (("repository", REPO), ("runtime repository", RUNTIMES)):
            if not os.path.isdir(path):
                self.fail(f"no {what}: tools/flatpak-test makes it")
        # On the project's disk, not in /tmp: the runtime takes a few GB.
        os.makedirs(os.path.join(ROOT, "target", "flatpak"), exist_ok=True)
        self.dir = tempfile.mkdtemp(prefix="install-", dir=os.path.join(ROOT, "target", "flatpak"))
        site = os.path.join(self.dir, "site")
        os.makedirs(site)
        os.symlink(REPO, os.path.join(site, "repo"))
        os.symlink(RUNTIMES, os.path.join(site, "standins"))
        shutil.copy(os.path.join(ROOT, "data", "icons", "hicolor", "scalable", "apps", f"{APP_ID}.svg"), site)
        handler = functools.partial(QuietHandler, directory=site)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        with open(os.path.join(site, f"{APP_ID}.flatpakref"), "w") as f:
            f.write(store_files(self.url, KEY))
        with open(os.path.join(site, "standins.flatpakrepo"), "w") as f:
            f.write(f"[Flatpak Repo]\nTitle=GNOME runtimes (stand-ins)\nUrl={self.url}standins/\n")
        self.home = os.path.join(self.dir, "home")
        os.makedirs(self.home)
        # An installation of its own, with nothing in it: a new person's.
        self.env = dict(os.environ, FLATPAK_USER_DIR=os.path.join(self.dir, "flatpak"), HOME=self.home,
                        XDG_DATA_HOME=os.path.join(self.home, ".local", "share"))

    def tearDown(self):
        self.server.shutdown()
        subprocess.run(["flatpak", "kill", APP_ID], env=self.env, capture_output=True)
        shutil.rmtree(self.dir, ignore_errors=True)

    def flatpak(self, *args, check=True):
        out = subprocess.run(["flatpak", *args], env=self.env, capture_output=True, text=True,
                             stdin=subprocess.DEVNULL)
        if check:
            self.assertEqual(out.returncode, 0, f"flatpak {' '.join(args)}: {out.stdout}{out.stderr}")
        return out

    def cli(self, *args):
        return self.flatpak("run", "--command=match5-cli", APP_ID, *args).stdout

    def test_readmes_command_installs_asking_nothing_and_an_update_keeps_the_knowledge(self):
        with open(os.path.join(ROOT, "README.md")) as f:
            readme = f.read()
        command = "flatpak install --user -y --from https://match5.github.io/match5/io.github.match5.Match5.flatpakref"
        self.assertIn(command, readme, "README's command is the one tested")
        start = time.monotonic()
        out = self.flatpak("install", "--user", "-y", "--from", f"{self.url}{APP_ID}.flatpakref")
        installed = time.monotonic() - start
        said = out.stdout + out.stderr
        self.assertNotIn("[Y/n]", said)
        self.assertNotIn("[y/n]", said)
        apps = self.flatpak("list", "--user", "--columns=application,branch,origin").stdout
        self.assertIn(APP_ID, apps)
        self.assertIn("org.gnome.Platform", apps)
        remotes = self.flatpak("remotes", "--user", "--columns=name,title,url").stdout
        # The app's remote is named by the repository ("Match5"), not "-".
        self.assertEqual(len([line for line in remotes.splitlines() if self.url + "repo" in line]), 1,
                         f"one remote for the app, no stray one: {remotes}")
        # Knowledge saved with the installed app.
        knowledge = os.path.join(self.home, ".var", "app", APP_ID, "data", "match5", "Tester.fivo")
        self.cli("train", "--knowledge", knowledge, "--games", "30", "--opponent", "greedy", "--seed", "3")
        before = json.loads(self.cli("show", "--json", knowledge))
        self.assertGreater(len(before["patterns"]), 0)
        commit = self.flatpak("info", "--user", "--show-commit", APP_ID).stdout.strip()
        # A newer commit, published as the release publishes one.
        home = os.path.dirname(KEY)
        key = subprocess.run(["gpg", "--homedir", home, "--list-keys", "--with-colons"], capture_output=True,
                             text=True, check=True).stdout.split("fpr:::::::::")[1].split(":")[0]
        ref = f"app/{APP_ID}/x86_64/stable"
        subprocess.run(["flatpak", "build-commit-from", f"--gpg-sign={key}", f"--gpg-homedir={home}",
                        "--subject=A newer commit", "--force", "--no-update-summary", f"--src-ref={ref}", REPO, ref],
                       check=True, capture_output=True)
        subprocess.run([os.path.join(ROOT, "tools", "flatpak-publish"), REPO, f"--gpg-sign={key}",
                        f"--gpg-homedir={home}"], check=True, capture_output=True)
        start = time.monotonic()
        self.flatpak("update", "--user", "-y")
        updated = time.monotonic() - start
        self.assertNotEqual(self.flatpak("info", "--user", "--show-commit", APP_ID).stdout.strip(), commit,
                            "the update took the newer commit")
        # The remote has the repository's name once its summary is read
        # (flatpak leaves it "-" until then; GNOME Software reads it).
        remotes = self.flatpak("remotes", "--user", "--columns=name,title,url").stdout
        [mine] = [line for line in remotes.splitlines() if self.url + "repo" in line]
        self.assertIn("\tMatch5\t", mine)
        after = json.loads(self.cli("show", "--json", knowledge))
        self.assertEqual(after, before, "the knowledge loads as it was saved")
        print(f"\ninstall from the .flatpakref over HTTP (app and runtime): {installed:.1f} s; "
              f"update to a newer commit: {updated:.1f} s; knowledge of {len(after['patterns'])} patterns kept",
              flush=True)
        # Uninstall keeps the person's data; uninstalling with --delete-data
        # removes it, as README says (the runtime stays: the app alone comes
        # back).
        self.flatpak("uninstall", "--user", "-y", APP_ID)
        self.assertTrue(os.path.exists(knowledge), "uninstall leaves the knowledge")
        self.flatpak("install", "--user", "-y", "--from", f"{self.url}{APP_ID}.flatpakref")
        self.assertEqual(json.loads(self.cli("show", "--json", knowledge)), before, "a new install finds it")
        self.flatpak("uninstall", "--user", "-y", "--delete-data", APP_ID)
        self.assertFalse(os.path.exists(os.path.join(self.home, ".var", "app", APP_ID)), "--delete-data removes it")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


if __name__ == "__main__":
    unittest.main()
