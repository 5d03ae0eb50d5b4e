"""The repository people install from, as tools/flatpak-test makes it the
way the release does (tools/flatpak-publish on a signed export): its
summary names it, and the appstream it serves (GNOME Software's page)
holds every screenshot."""

import gzip
import os
import subprocess
import tempfile
import unittest
import xml.etree.ElementTree as ET

from sandbox import APP_ID

REPO = os.environ.get("MATCH5_FLATPAK_REPO", "")
KEY = os.environ.get("MATCH5_FLATPAK_REPO_KEY", "")


def ostree(*args):
    return subprocess.run(["ostree", f"--repo={REPO}", *args], capture_output=True, text=True, check=True).stdout


class TheRepository(unittest.TestCase):
    def setUp(self):
        if not os.path.isdir(REPO):
            self.fail("no repository: tools/flatpak-test makes it (MATCH5_FLATPAK_REPO)")

    def test_its_summary_names_it_as_the_store_files_do(self):
        summary = ostree("summary", "--view")
        # What `flatpak remotes` and GNOME Software show for the source
        # (before: "-" and "Local file").
        self.assertIn("xa.title: 'Match5'", summary)
        self.assertIn("xa.comment: 'Match5, the five-in-a-row game whose computer learns from every game it loses'",
                      summary)
        self.assertIn("xa.homepage: 'https://github.com/match5/match5'", summary)
        self.assertIn("xa.icon: 'https://match5.github.io/match5/io.github.match5.Match5.svg'", summary)
        self.assertIn(f"app/{APP_ID}/x86_64/stable", summary)
        # Signed: a remote that trusts only the run's key verifies it.
        with tempfile.TemporaryDirectory() as d:
            local = os.path.join(d, "repo")
            subprocess.run(["ostree", "init", f"--repo={local}", "--mode=bare-user"], check=True)
            subprocess.run(["ostree", "remote", "add", f"--repo={local}", f"--gpg-import={KEY}",
                            "--set=gpg-verify-summary=true", "match5", f"file://{REPO}"], check=True,
                           capture_output=True)
            out = subprocess.run(["ostree", "remote", "summary", f"--repo={local}", "match5"],
                                 capture_output=True, text=True)
        self.assertEqual(out.returncode, 0, out.stdout + out.stderr)
        self.assertIn("Good signature", out.stdout + out.stderr)

    def test_the_appstream_it_serves_holds_every_screenshot(self):
        # Both forms flatpak serves: compressed, and plain for small deltas.
        for branch, name in (("appstream/x86_64", "appstream.xml.gz"), ("appstream2/x86_64", "appstream.xml")):
            with self.subTest(branch=branch):
                blob = subprocess.run(["ostree", f"--repo={REPO}", "cat", branch, f"/{name}"],
                                      capture_output=True, check=True).stdout
                catalog = ET.fromstring(gzip.decompress(blob) if name.endswith(".gz") else blob)
                [app] = [c for c in catalog.iter("component") if c.findtext("id") == APP_ID]
                self.assertEqual(len(app.findall("screenshots/screenshot")), 10)
                self.assertEqual(app.findtext("name"), "Match5")


if __name__ == "__main__":
    unittest.main()
