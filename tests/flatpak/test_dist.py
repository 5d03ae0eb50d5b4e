"""The `meson dist` tarball the Flatpak is built from, as tools/flatpak-test
made it for this commit: it carries exactly the crates of Cargo.lock,
vendored, and cargo inside it reads them and not crates.io (the build has
no network)."""

import os
import shutil
import tarfile
import tempfile
import tomllib
import unittest

TARBALL = os.environ.get("MATCH5_FLATPAK_TARBALL", "")


class DistTarball(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not os.path.isfile(TARBALL):
            raise AssertionError("no tarball: tools/flatpak-test makes it (MATCH5_FLATPAK_TARBALL)")
        cls.tmp = tempfile.mkdtemp(prefix="match5-dist-")
        with tarfile.open(TARBALL) as t:
            t.extractall(cls.tmp, filter="data")  # our own tarball, just made
        (top,) = os.listdir(cls.tmp)
        cls.src = os.path.join(cls.tmp, top)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def test_the_vendored_crates_are_exactly_those_of_cargo_lock(self):
        with open(os.path.join(self.src, "Cargo.lock"), "rb") as f:
            lock = tomllib.load(f)
        locked = {(p["name"], p["version"]) for p in lock["package"] if p.get("source", "").startswith("registry+")}
        vendored = set()
        for d in os.listdir(os.path.join(self.src, "vendor")):
            with open(os.path.join(self.src, "vendor", d, "Cargo.toml"), "rb") as f:
                pkg = tomllib.load(f)["package"]
            vendored.add((pkg["name"], pkg["version"]))
            self.assertTrue(os.path.exists(os.path.join(self.src, "vendor", d, ".cargo-checksum.json")))
        self.assertEqual(vendored, locked)
        with open(os.path.join(self.src, ".cargo", "config.toml"), "rb") as f:
            config = tomllib.load(f)
        self.assertEqual(config["source"]["crates-io"]["replace-with"], "vendored-sources")
        self.assertEqual(config["source"]["vendored-sources"]["directory"], "vendor")


if __name__ == "__main__":
    unittest.main()
