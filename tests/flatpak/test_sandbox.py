"""The installed Flatpak in its sandbox, as people get it: the window, D-Bus
activation and scripting behind flatpak's D-Bus proxy, .fivo files through
the document portal, where its files go, and engines. tools/flatpak-test
builds the release manifest offline and installs it first."""

import os
import re
import shutil
import subprocess
import time

import pyatspi
from gi.repository import GLib

import scripted
from dbus_client import APP_NAME, NAME, Remote
import desktop
import kept_settings
from harness import wait_for
from pieces import read, shown_name, write
from sandbox import APP_ID, OUT, ROOT, SandboxTest, Sandboxed, host_env, instances, quit_app, var_app

KNOWLEDGE = 'format = "match5-knowledge"\nversion = 1\nplayer = "{player}"\n[[pattern]]\nlevel = 1\nrows = ["BBBBX"]\n'
LOCKED = ('format = "match5-knowledge"\nversion = 1\nplayer = "Locked"\n'
          'password = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$'
          'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"\n')


# What each GNOME runtime ships (tools/flatpak-runtimes keeps the same
# table): GTK and libadwaita.
SHIPS = {"50": ("4.22", "1.9"), "51": ("4.24", "1.10")}


def manifest_runtime():
    """The runtime branch the release manifest names."""
    import json
    with open(os.path.join(ROOT, "flatpak", f"{APP_ID}.json")) as f:
        return json.load(f)["runtime-version"]


class TheBuild(SandboxTest):
    def test_the_release_manifest_compiled_the_app_once(self):
        """meson compiles, then installs: the install must not compile again."""
        with open(os.environ.get("MATCH5_FLATPAK_BUILD_LOG", os.path.join(OUT, "build.log"))) as f:
            log = f.read()
        self.assertEqual(len(re.findall(r"Compiling match5 v", log)), 1, "the app crate is compiled once")
        self.assertIn("Installing", log)

    def test_the_installed_app_is_the_release_build_of_this_version(self):
        info = subprocess.run(["flatpak", "info", APP_ID], capture_output=True, text=True, check=True).stdout
        self.assertIn(f"org.gnome.Platform/x86_64/{manifest_runtime()}", info)
        out = subprocess.run(["flatpak", "run", "--command=match5-cli", APP_ID, "--version"],
                             capture_output=True, text=True, check=True).stdout
        with open(os.path.join(ROOT, "meson.build")) as f:
            self.assertIn(re.search(r"version: '([^']+)'", f.read()).group(1), out)


    def test_the_runtime_holds_the_toolkit_its_branch_ships(self):
        """A stand-in runtime is never an older toolkit under a newer name:
        the GTK and libadwaita the app's own sandbox loads are those of the
        GNOME release the manifest names."""
        branch = manifest_runtime()
        gtk, adw = SHIPS[branch]
        found = subprocess.run(
            ["flatpak", "run", "--command=sh", APP_ID, "-c",
             "ls /usr/lib/*/libgtk-4.so.1.* /usr/lib/*/libadwaita-1.so.0 2>/dev/null; "
             "cat /usr/lib/*/pkgconfig/gtk4.pc /usr/lib/*/pkgconfig/libadwaita-1.pc 2>/dev/null | grep ^Version"],
            capture_output=True, text=True, check=True).stdout
        print(f"\norg.gnome.Platform//{branch}: {' '.join(found.split())}", flush=True)
        # libgtk-4.so.1.MMmm.p: GTK 4.MM.
        minor = re.search(r"libgtk-4\.so\.1\.(\d+)(\d\d)\.", found)
        self.assertIsNotNone(minor, found)
        self.assertEqual(f"4.{int(minor.group(1))}", gtk, f"GTK in the sandbox: {found}")
        adw_version = re.findall(r"Version: (\d+\.\d+)", found)
        if adw_version:
            self.assertIn(adw, adw_version, f"libadwaita in the sandbox: {found}")

    def test_the_store_page_is_complete_without_a_download(self):
        """What the repository's appstream gets from the build (the store
        page GNOME Software shows): composed offline, so every screenshot
        is there (a compose that downloads them dropped all 10 where their
        URLs did not answer), with the name, summary, icon, licence,
        releases and the words people search with."""
        import gzip
        import xml.etree.ElementTree as ET
        location = subprocess.run(["flatpak", "info", "--show-location", APP_ID], capture_output=True, text=True,
                                  check=True).stdout.strip()
        xml = os.path.join(location, "files", "share", "app-info", "xmls", f"{APP_ID}.xml.gz")
        with gzip.open(xml) as f:
            catalog = ET.parse(f).getroot()
        [app] = [c for c in catalog.iter("component") if c.findtext("id") == APP_ID]
        lang = "{http://www.w3.org/XML/1998/namespace}lang"
        self.assertEqual(app.findtext("name"), "Match5")
        self.assertEqual(app.findtext("summary"), "Beat a computer that learns")
        self.assertEqual(app.findtext("project_license"), "GPL-3.0-or-later")
        shots = app.findall("screenshots/screenshot")
        self.assertEqual(len(shots), 10, "every screenshot of the listing")
        for shot in shots:
            self.assertTrue(shot.findtext("image").startswith("https://"), shot.findtext("image"))
        self.assertEqual(sum(1 for s in shots if s.get("type") == "default"), 1)
        icons = {i.get("type"): i for i in app.findall("icon")}
        self.assertIn("cached", icons, "an icon the store shows without the app")
        cached = os.path.join(location, "files", "share", "app-info", "icons", "flatpak")
        self.assertTrue(any(icons["cached"].text in files for _, _, files in os.walk(cached)),
                        f"{icons['cached'].text} is in {cached}")
        self.assertGreaterEqual(len(app.findall("releases/release")), 2)
        words = {(k.text, ks.get(lang)) for ks in app.findall("keywords") for k in ks}
        for word in (("five in a row", None), ("gomoku", None), ("vijf op een rij", "nl")):
            self.assertIn(word, words)

    def test_it_installs_what_the_flatpak_exports_and_nothing_more(self):
        location = subprocess.run(["flatpak", "info", "--show-location", APP_ID], capture_output=True, text=True,
                                  check=True).stdout.strip()
        files = os.path.join(location, "files")
        installed = sorted(os.path.relpath(os.path.join(d, f), files) for d, _, names in os.walk(files)
                           for f in names)
        # What meson installed; the rest is made from it by flatpak-builder
        # (the store's app-info, the manifest) and meson's post-install
        # caches (MIME, desktop, icons, the compiled settings schema).
        made = ("share/app-info/", "share/applications/mimeinfo.cache", "share/icons/hicolor/icon-theme.cache",
                "share/glib-2.0/schemas/gschemas.compiled", ".ref", "manifest.json")
        ours = [p for p in installed if not p.startswith(made)
                and not (p.startswith("share/mime/") and not p.startswith("share/mime/packages/"))]
        self.assertEqual(ours, sorted([
            "bin/match5", "bin/match5-cli",
            f"share/applications/{APP_ID}.desktop",
            f"share/dbus-1/interfaces/{APP_ID}.Control1.xml",
            f"share/dbus-1/interfaces/{APP_ID}.LeapFrog1.xml",
            f"share/dbus-1/interfaces/{APP_ID}.TicTacToe1.xml",
            f"share/dbus-1/interfaces/{APP_ID}.Tiles1.xml",
            f"share/dbus-1/services/{APP_ID}.Control.service",
            f"share/dbus-1/services/{APP_ID}.service",
            f"share/glib-2.0/schemas/{APP_ID}.gschema.xml",
            f"share/icons/hicolor/scalable/apps/{APP_ID}.svg",
            f"share/icons/hicolor/symbolic/apps/{APP_ID}-symbolic.svg",
            # The translations went to the Locale extension, linked back.
            "share/locale/nl",
            f"share/licenses/{APP_ID}/COPYING",
            # flatpak-builder puts each module's licence file there too.
            f"share/licenses/{APP_ID}/match5/COPYING",
            f"share/metainfo/{APP_ID}.metainfo.xml",
            f"share/mime/packages/{APP_ID}.xml",
        ]))
        seen = subprocess.run(["flatpak", "run", "--command=ls", APP_ID, "/app/share/locale/nl/LC_MESSAGES/"],
                              capture_output=True, text=True).stdout
        self.assertIn("match5.mo", seen, "the Dutch translation is there in the sandbox")
        # The licence text, as people who take the app are to get it.
        licence = subprocess.run(["flatpak", "run", "--command=cat", APP_ID, f"/app/share/licenses/{APP_ID}/COPYING"],
                                 capture_output=True, text=True).stdout
        self.assertIn("GNU GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007", licence)
        self.assertIn("END OF TERMS AND CONDITIONS", licence)
        # What the desktop sees: the exported files, the type by extension
        # (flatpak drops the content rule, as README says).
        exports = os.path.join(os.environ["FLATPAK_USER_DIR"], "exports", "share")
        with open(os.path.join(exports, "mime", "packages", f"{APP_ID}.xml")) as f:
            mime = f.read()
        self.assertIn('pattern="*.fivo"', mime)
        self.assertNotIn("<magic", mime)
        with open(os.path.join(exports, "dbus-1", "services", f"{APP_ID}.Control.service")) as f:
            self.assertIn(f"flatpak run", f.read())


class TheWindow(SandboxTest):
    def test_it_starts_to_a_first_frame_and_looks_like_itself(self):
        start = time.monotonic()
        app = self.start()
        shown = time.monotonic() - start
        print(f"\nflatpak run to the window on the accessibility bus: {shown:.2f} s", flush=True)
        self.assertIn("Tester", app.title())
        shot = os.path.join(OUT, "sandboxed-window.png")
        x, y, w, h = app.window_on_screen.geometry()
        desktop.shell().screenshot_area(x, y, w, h, shot)
        print(f"screenshot of the sandboxed window (Wayland, GTK's own renderer): {shot}", flush=True)
        # The window is drawn: its pixels are not one colour.
        colours = subprocess.run(["convert", shot, "-crop", "600x400+0+0", "-unique-colors", "txt:-"],
                                 capture_output=True, text=True).stdout.count("\n")
        self.assertGreater(colours, 50)


class Scripting(SandboxTest):
    def test_every_interface_starts_the_app_by_d_bus_activation(self):
        for path, iface in (scripted.FIVE, scripted.LEAPFROG, scripted.TILES, scripted.TICTACTOE):
            with self.subTest(interface=iface):
                self.assertEqual(instances(), [])
                r = Remote(path, iface)
                introspected = r.introspect_xml()
                self.assertIn(f'interface name="{iface}"', introspected)
                self.assertEqual(len(instances()), 1, "one sandboxed instance, started by the call")
                # Quit as the desktop would: the instance ends.
                quit_app()
                wait_for(lambda: not instances(), timeout=15, message="the app to quit")
                wait_for(lambda: not self.remote.has_owner(NAME), timeout=15, message="the name released")

    def test_a_scripted_game_on_every_interface_and_the_same_instance_answers_after_it(self):
        first = Remote(*scripted.FIVE)
        first.call("StartGame", "sa{sv}", "two-players", {})
        owner = self.remote.pid_of(NAME)
        for name, play in scripted.ALL.items():
            with self.subTest(game=name):
                play(self)
                time.sleep(0.3)
                self.assertTrue(self.remote.has_owner(NAME))
                self.assertEqual(self.remote.pid_of(NAME), owner, "the same connection answers")
                self.assertEqual(len(instances()), 1, "no second instance was started")
        self.assertIn(Remote(*scripted.FIVE).prop("State"), ("idle", "playing", "blue-won", "red-won", "draw"))


class Files(SandboxTest):
    def test_a_fivo_file_forwarded_through_the_document_portal(self):
        docs = os.path.join(self.home, "Documents")
        os.makedirs(docs)
        path = os.path.join(docs, "Forwarded.fivo")
        write(path, KNOWLEDGE.format(player="Forwarded"))
        self.start("@@", path, "@@", options=["--file-forwarding"])
        r = Remote()
        wait_for(lambda: r.has_owner(NAME) and r.prop("Player") == "Forwarded", timeout=20,
                 message="the forwarded knowledge")
        self.assertEqual((r.prop("Level"), r.prop("KnowledgeStatus")), (1, "owner"))

    def test_a_won_game_is_saved_back_to_a_file_opened_through_the_portal(self):
        """A won game, saved back to the person's own file through the
        portal (flock answers ENOSYS there: no save ever worked), and
        nothing left beside it."""
        docs = os.path.join(self.home, "Documents")
        os.makedirs(docs)
        path = os.path.join(docs, "Forwarded.fivo")
        write(path, 'format = "match5-knowledge"\nversion = 1\nplayer = "Forwarded"\n')
        self.start("@@", path, "@@", options=["--file-forwarding"])
        r = Remote()
        wait_for(lambda: r.has_owner(NAME) and r.prop("Player") == "Forwarded", timeout=20,
                 message="the forwarded knowledge")
        before = set(os.listdir(docs))
        scripted.five_in_a_row(self, player="Forwarded")
        saved, _ = r.call("SaveKnowledge")
        with open(path) as f:
            text = f.read()
        self.assertIn('player = "Forwarded"', text)
        self.assertGreaterEqual(text.count("[[pattern]]"), 1, f"the win's pattern is in the person's file ({saved})")
        self.assertEqual(set(os.listdir(docs)), before, "nothing left beside the file")

    def test_gio_open_of_a_fivo_file_with_a_password_starts_the_flatpak_and_asks(self):
        path = os.path.join(self.home, "Locked.fivo")
        write(path, LOCKED)
        env = dict(os.environ, HOME=self.home, XDG_CURRENT_DESKTOP="GNOME")
        # The exported desktop file is the type's default application.
        default = subprocess.run(["xdg-mime", "query", "default", "application/x-match5-knowledge"],
                                 capture_output=True, text=True, env=env).stdout.strip()
        self.assertEqual(default, f"{APP_ID}.desktop")
        subprocess.run(["gio", "open", path], check=True, env=env, timeout=30)
        app = Sandboxed(self.home, started=True)
        self.apps.append(app)
        dialog = wait_for(lambda: app.find_showing("label", "Locked’s Knowledge Has a Password"), timeout=20,
                          message="the password question")
        self.assertTrue(dialog)
        app.click_on(app.find_showing("push button", "Play as User"))
        r = Remote()
        wait_for(lambda: r.prop("Player") == "Locked", message="the knowledge opened")
        self.assertEqual(r.prop("KnowledgeStatus"), "user")
        self.assertEqual(open(path).read(), LOCKED, "the file is unchanged")

    def test_a_copy_saved_through_the_portal_lands_on_the_host_and_opens_again(self):
        """Save a Copy… through the real FileChooser portal: the file lands
        in the person's Documents with its record, the toast names the
        host's folder and Show in Files asks the OpenURI portal; the copy
        opens again through the portal, and the next start reopens it."""
        documents = os.path.join(self.home, "Documents")
        os.makedirs(documents)
        copy = os.path.join(documents, "Sandboxed copy.fivo")
        app = self.start(settings={"last_page": "five"})
        r = Remote()
        scripted.five_in_a_row(self, player="Sandboxed")
        app.key("F10")
        item = wait_for(lambda: next((a for f in app._frames() for a in pyatspi.findAllDescendants(
            f, lambda a: a.getRoleName() == "menu item" and shown_name(a.name) == "Save a Copy…")), None),
            message="Save a Copy… in the main menu")
        app.click_on(item)
        desktop.choose_file("Save a Copy of the Knowledge", copy, save=True)
        toast = wait_for(lambda: app.find_showing("label", lambda n: (n or "").startswith("Saved a copy of")),
                         timeout=30, message="the copy's toast")
        self.assertEqual(toast.name, "Saved a copy of Sandboxed’s knowledge as Sandboxed copy.fivo in Documents")
        text = read(copy)
        self.assertIn('player = "Sandboxed"', text)
        self.assertIn("won = 1", text, "the record goes with the copy")
        self.assertGreaterEqual(text.count("[[pattern]]"), 1)
        # Show in Files goes to the OpenURI portal (no file manager needed to see it).
        monitor = subprocess.Popen(["dbus-monitor", "--session",
                                    "interface='org.freedesktop.portal.OpenURI'"],
                                   stdout=subprocess.PIPE, text=True)
        try:
            time.sleep(1)
            app.click_on(app.find_showing("push button", "Show in Files"))
            time.sleep(2)
        finally:
            monitor.terminate()
        seen = monitor.communicate()[0]
        self.assertIn("member=OpenDirectory", seen, seen[-2000:])
        app.close()

        # After a restart the copy opens through the portal's Open.
        again = self.start()
        again.key("ctrl+o")
        desktop.choose_file("Open Knowledge", copy)
        wait_for(lambda: "Sandboxed · level 1 · owner · Documents" in again.title(), timeout=20,
                 message="the copy, in Documents")
        self.assertEqual(r.prop("KnowledgeFile"), copy, "the host's path, not the portal's")
        again.close()
        # And the next start reopens it: the portal's access lasts.
        third = self.start()
        wait_for(lambda: "Sandboxed · level 1 · owner · Documents" in third.title(), timeout=20,
                 message="the copy reopened at the next start")

    def test_knowledge_hall_of_fame_and_settings_stay_in_var_app(self):
        app = self.start()
        r = Remote()
        scripted.five_in_a_row(self, player="Sandboxed")
        path, level = r.call("SaveKnowledge")
        self.assertEqual(level, 1)
        app.close()
        data = os.path.join(var_app(self.home), "data", "match5")
        self.assertTrue(os.path.exists(os.path.join(data, "knowledge", "Sandboxed.fivo")))
        self.assertTrue(any("hall" in f for f in os.listdir(data)), os.listdir(data))
        # GSettings keeps the settings in the sandbox's keyfile, and a
        # person reads them with the sandbox's own gsettings.
        keyfile = kept_settings.keyfile(os.path.join(var_app(self.home), "config"))
        self.assertIn("last-player='Sandboxed'", read(keyfile))
        kept = kept_settings.kept_settings(command=("flatpak", "run", "--command=gsettings", APP_ID),
                                           env=dict(os.environ, **host_env(self.home)))
        self.assertEqual(kept["five"]["last_player"], "Sandboxed")
        self.assertEqual(self.written_outside_var_app(), [])


class Engines(SandboxTest):
    def open_engines(self, app):
        app.key("ctrl+t")
        wait_for(lambda: app.find_showing("push button", "Start"), message="the Practice window")
        app.click_on(app.find("push button", "Engines…", root=app.window("Practice")))
        return wait_for(lambda: app.find_showing("text", "Command"), message="the Engines window")

    def test_a_typed_command_that_cannot_run_in_the_sandbox_gets_the_documented_message(self):
        # A program in the person's home, which the sandbox does not see.
        host_only = os.path.join(self.home, "engines", "fake-engine")
        os.makedirs(os.path.dirname(host_only))
        shutil.copy(os.path.join(ROOT, "tests", "engines", "fake-engine"), host_only)
        app = self.start(settings={"last_page": "five"})
        entry = self.open_engines(app)
        app.click_on(entry)
        app.type(host_only)
        app.key("Return")
        said = wait_for(lambda: app.find_showing("label", lambda n: "sandbox" in (n or "")), timeout=20,
                        message="the message")
        self.assertIn("In the Flatpak, a command runs inside Match5’s sandbox: choose the engine’s file instead",
                      said.name)

    def test_an_engine_chosen_by_file_is_copied_in_and_practised_against_in_the_sandbox(self):
        # The engine's program in the person's home: the sandbox sees it
        # only through the file chooser portal.
        program = os.path.join(self.home, "Engines", "fake-engine")
        os.makedirs(os.path.dirname(program))
        shutil.copy(os.path.join(ROOT, "tests", "engines", "fake-engine"), program)
        app = self.start(settings={"last_page": "five"})
        self.open_engines(app)
        choose = wait_for(lambda: app.find_showing("push button", "Choose the Engine’s File…")
                          or app.find_showing("list item", "Choose the Engine’s File…"), message="the file row")
        app.click_on(choose)
        # The portal's file chooser, a window of the desktop's, not the app's.
        desktop.choose_file("Choose an Engine", program)
        said = wait_for(lambda: app.find_showing("label", lambda n: "was added" in (n or "") or "could not" in (n or "")),
                        timeout=30, message="the engine checked")
        self.assertEqual(said.name, "Fake Engine plays on a 9x9 board and was added.")
        # Copied into the app's data folder and made executable there.
        engines = os.path.join(var_app(self.home), "data", "match5", "engines")
        copies = os.listdir(engines)
        self.assertEqual(len(copies), 1, copies)
        self.assertTrue(os.access(os.path.join(engines, copies[0]), os.X_OK))
        # Practised against, in the sandbox.
        app.key("Escape")
        wait_for(lambda: app.find_showing("label", "Engine: Fake Engine"), message="the engine chosen")
        app.find_showing("spin button").queryValue().currentValue = 4
        app.find_showing("push button", "Start").queryAction().doAction(0)
        ended = wait_for(lambda: app.find_showing("label", lambda n: re.search(r"^4 games: lost", n or "")),
                         timeout=60, message="four games against the engine")
        self.assertIn("4 games", ended.name)
        # Outside ~/.var/app there is only the program the test put there,
        # and the desktop's own settings, which its file chooser (the
        # portal's, outside the sandbox) keeps.
        self.assertEqual([p for p in self.written_outside_var_app()
                          if not p.startswith(("Engines" + os.sep, ".config/dconf/"))], [])
