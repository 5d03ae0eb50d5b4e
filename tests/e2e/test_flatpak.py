"""What the Flatpak builds from: the manifests, the store files, the
workflows and the linter. The Flatpak stage (tools/flatpak-test) builds the
`meson dist` tarball with flatpak-builder, offline, checks its vendored
crates (tests/flatpak/test_dist.py) and tests what it installs."""

import json
import os
import re
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
APP_ID = "io.github.match5.Match5"
FINISH_ARGS = ["--share=ipc", "--socket=fallback-x11", "--socket=wayland", "--device=dri"]


def version():
    with open(os.path.join(ROOT, "meson.build")) as f:
        return re.search(r"version: '([^']+)'", f.read()).group(1)


def tarball():
    return os.path.join(ROOT, "_build", "meson-dist", f"match5-{version()}.tar.xz")


class Manifests(unittest.TestCase):
    def check(self, name):
        with open(os.path.join(ROOT, "flatpak", name)) as f:
            m = json.load(f)
        self.assertEqual(m["id"], APP_ID)
        self.assertEqual(m["runtime"], "org.gnome.Platform")
        self.assertEqual(m["sdk"], "org.gnome.Sdk")
        self.assertRegex(m["runtime-version"], r"^\d+$")
        self.assertIn("org.freedesktop.Sdk.Extension.rust-stable", m["sdk-extensions"])
        self.assertEqual(m["command"], "match5")
        self.assertEqual(m["finish-args"], FINISH_ARGS, "no wider than needed: no filesystem access")
        self.assertEqual(m["build-options"]["env"]["CARGO_NET_OFFLINE"], "true")
        names = [mod["name"] for mod in m["modules"]]
        self.assertEqual(names, ["match5"])
        module = m["modules"][0]
        self.assertEqual(module["buildsystem"], "meson")
        self.assertIn("-Doffline=true", module["config-opts"])
        return module["sources"]

    def test_the_release_manifest_builds_the_dist_tarball(self):
        sources = self.check(f"{APP_ID}.json")
        self.assertEqual(len(sources), 1)
        self.assertEqual(sources[0]["type"], "archive")
        path = os.path.normpath(os.path.join(ROOT, "flatpak", sources[0]["path"]))
        self.assertEqual(path, tarball(), "the manifest names what meson dist makes")

    def test_the_development_manifest_builds_the_local_tree(self):
        sources = self.check(f"{APP_ID}.Devel.json")
        self.assertEqual(sources[0]["type"], "dir")
        self.assertEqual(os.path.normpath(os.path.join(ROOT, "flatpak", sources[0]["path"])), ROOT)
        self.assertIn("target", sources[0]["skip"])


def store_files():
    """tools/flatpak-refs's code: what the templates give."""
    import importlib.machinery
    import importlib.util
    path = os.path.join(ROOT, "tools", "flatpak-refs")
    loader = importlib.machinery.SourceFileLoader("flatpak_refs", path)
    spec = importlib.util.spec_from_loader("flatpak_refs", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def key_file(name):
    from gi.repository import GLib
    kf = GLib.KeyFile()
    kf.load_from_file(os.path.join(ROOT, "flatpak", name), GLib.KeyFileFlags.NONE)
    return kf


class StoreFiles(unittest.TestCase):
    """The .flatpakref and .flatpakrepo a store opens: key files with every
    key Flatpak needs, made from one template with the URL and key."""

    def test_the_files_are_what_the_templates_give(self):
        refs = store_files()
        for name, text in refs.rendered().items():
            with open(os.path.join(ROOT, "flatpak", name)) as f:
                self.assertEqual(f.read(), text, f"{name} is out of date: run tools/flatpak-refs")
        self.assertTrue(refs.url().startswith("https://"), refs.url())

    def gpg_key(self, kf, group):
        import base64
        key = base64.b64decode(kf.get_string(group, "GPGKey"), validate=True)
        with open(os.path.join(ROOT, "flatpak", "match5-repo.gpg"), "rb") as f:
            self.assertEqual(key, f.read(), "the key the repository is signed with")
        # An OpenPGP public key packet (old or new format, tag 6).
        self.assertTrue(key[0] in (0x98, 0x99, 0x9A, 0xC6), hex(key[0]))

    def test_the_flatpakref_installs_the_app_and_its_runtime(self):
        kf, g = key_file(f"{APP_ID}.flatpakref"), "Flatpak Ref"
        url = store_files().url()
        self.assertEqual(kf.get_string(g, "Name"), APP_ID)
        self.assertEqual(kf.get_string(g, "Branch"), "stable")
        self.assertEqual(kf.get_string(g, "Url"), url + "repo/")
        self.assertEqual(kf.get_string(g, "RuntimeRepo"), "https://dl.flathub.org/repo/flathub.flatpakrepo")
        self.assertFalse(kf.get_boolean(g, "IsRuntime"))
        self.assertEqual(kf.get_string(g, "Title"), "Match5")
        # No remote of its own to keep: flatpak asked whether to keep one
        # ("contains additional applications"), and without a terminal the
        # install failed. The app's origin brings its updates.
        self.assertNotIn("SuggestRemoteName", kf.get_keys(g)[0])
        self.gpg_key(kf, g)

    def test_the_flatpakrepo_adds_the_remote(self):
        kf, g = key_file("match5.flatpakrepo"), "Flatpak Repo"
        self.assertEqual(kf.get_string(g, "Title"), "Match5")
        self.assertEqual(kf.get_string(g, "Url"), store_files().url() + "repo/")
        self.gpg_key(kf, g)

    def test_the_manifests_name_what_the_listing_and_desktop_file_name(self):
        import xml.etree.ElementTree as ET
        manifests = []
        for name in (f"{APP_ID}.json", f"{APP_ID}.Devel.json"):
            with open(os.path.join(ROOT, "flatpak", name)) as f:
                manifests.append(json.load(f))
        release, devel = manifests
        for key in ("id", "runtime", "runtime-version", "sdk", "finish-args", "command"):
            self.assertEqual(release[key], devel[key], key)
        meta = ET.parse(os.path.join(ROOT, "data", f"{APP_ID}.metainfo.xml.in")).getroot()
        self.assertEqual(meta.findtext("id"), release["id"])
        self.assertEqual(meta.find("launchable").text, f"{release['id']}.desktop")
        self.assertTrue(os.path.exists(os.path.join(ROOT, "data", f"{release['id']}.desktop.in")))
        self.assertEqual(meta.find("provides/binary").text, release["command"])
        with open(os.path.join(ROOT, "data", f"{APP_ID}.desktop.in")) as f:
            desktop = f.read()
        self.assertIn(f"Icon={APP_ID}\n", desktop)
        # A store that is not Flathub shows what the listing says: who makes
        # it, what is new in this version, screenshots at this version's tag.
        self.assertEqual(meta.find("developer").get("id"), "io.github.match5")
        self.assertEqual(meta.find("releases/release").get("version"), version())
        for image in meta.iter("image"):
            self.assertTrue(image.text.startswith(
                f"https://raw.githubusercontent.com/match5/match5/v{version()}/data/screenshots/"), image.text)
            self.assertTrue(os.path.exists(os.path.join(ROOT, image.text.split(f"v{version()}/")[1])), image.text)
        self.assertIsNotNone(meta.find("content_rating"))
        self.assertEqual(len(meta.findall("branding/color")), 2)


class Workflows(unittest.TestCase):
    """The release workflow and the development build pass actionlint (with
    shellcheck for their scripts); the build itself only runs on GitHub."""

    def test_actionlint_finds_nothing(self):
        tool = os.path.join(ROOT, "target", "tools", "bin", "actionlint")
        tool = tool if os.path.exists(tool) else shutil.which("actionlint")
        self.assertIsNotNone(tool, "actionlint: tools/test installs it in target/tools")
        workflows = os.path.join(ROOT, ".github", "workflows")
        files = sorted(os.path.join(workflows, f) for f in os.listdir(workflows))
        self.assertEqual([os.path.basename(f) for f in files], ["flatpak-devel.yml", "release.yml"])
        out = subprocess.run([tool, *files], capture_output=True, text=True)
        self.assertEqual(out.returncode, 0, out.stdout + out.stderr)
        with open(os.path.join(workflows, "release.yml")) as f:
            release = f.read()
        # Signed with the repository's secret, the runtime from Flathub.
        self.assertIn("secrets.FLATPAK_GPG_KEY", release)
        self.assertIn("--runtime-repo=https://dl.flathub.org/repo/flathub.flatpakrepo", release)
        self.assertIn("flatpak/io.github.match5.Match5.json", release)


class FlathubLinter(unittest.TestCase):
    """Flathub's linter (tools/flatpak-lint: a vendored, pinned
    flatpak-builder-lint) passes the release manifest and refuses what
    Flathub refuses; the Flatpak stage runs it on the built repository."""

    def lint(self, manifest):
        return subprocess.run([os.path.join(ROOT, "tools", "flatpak-lint"), "manifest", manifest],
                              capture_output=True, text=True, timeout=600)

    def test_the_release_manifest_passes(self):
        out = self.lint(os.path.join(ROOT, "flatpak", f"{APP_ID}.json"))
        self.assertEqual(out.returncode, 0, out.stdout + out.stderr)
        self.assertIn("nothing found", out.stdout)

    def test_it_refuses_a_manifest_that_asks_for_the_home_folder_and_the_whole_bus(self):
        with open(os.path.join(ROOT, "flatpak", f"{APP_ID}.json")) as f:
            m = json.load(f)
        m["finish-args"] += ["--filesystem=home", "--socket=session-bus"]
        with tempfile.TemporaryDirectory() as tmp:
            # Named as Flathub wants it, so only the permissions are wrong.
            path = os.path.join(tmp, f"{APP_ID}.json")
            with open(path, "w") as f:
                json.dump(m, f)
            out = self.lint(path)
        self.assertNotEqual(out.returncode, 0, out.stdout)
        self.assertIn("finish-args-home-filesystem-access", out.stdout)
        self.assertIn("finish-args-arbitrary-dbus-access", out.stdout)

    def test_only_the_app_ids_account_and_flathubs_own_media_are_excused(self):
        with open(os.path.join(ROOT, "flatpak", "lint-exceptions.json")) as f:
            excused = json.load(f)
        self.assertEqual(excused, {APP_ID: [
            "appid-url-not-reachable",
            "appstream-external-screenshot-url",
            "appstream-screenshots-not-mirrored-in-ostree",
        ]})
        with open(os.path.join(ROOT, "docs", "releasing.md")) as f:
            docs = f.read()
        for name in excused[APP_ID]:
            self.assertIn(name, docs, "docs/releasing.md says why each is excused")


if __name__ == "__main__":
    unittest.main()
