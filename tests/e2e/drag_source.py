"""A window of another program that offers files to drag, as Files does:
`python3 drag_source.py PATH...` shows "Files to Drag" with the files'
names; dragging the label drags them all (text/uri-list)."""

import sys

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402


def main(paths):
    app = Gtk.Application(application_id="io.github.match5.DragSource", flags=Gio.ApplicationFlags.NON_UNIQUE)

    def activate(app):
        window = Gtk.ApplicationWindow(application=app, title="Files to Drag", default_width=300,
                                       default_height=200)
        label = Gtk.Label(label="\n".join(p.rsplit("/", 1)[-1] for p in paths), vexpand=True, hexpand=True)
        uris = "".join(Gio.File.new_for_path(p).get_uri() + "\r\n" for p in paths)
        source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
        source.set_content(Gdk.ContentProvider.new_for_bytes("text/uri-list", GLib.Bytes.new(uris.encode())))
        label.add_controller(source)
        window.set_child(label)
        window.present()

    app.connect("activate", activate)
    app.run([])


if __name__ == "__main__":
    main(sys.argv[1:])
