//! Files dropped on the window open as `match5 FILE` would: the page that
//! opens files of that kind opens each (a `.fivo` from Files or Downloads,
//! as GNOME's document apps take a file dropped on them).

use gtk::prelude::*;
use gtk::{gdk, glib};

use super::Window;

impl Window {
    /// Takes files dropped anywhere on the window.
    pub(super) fn accept_dropped_files(&self) {
        let target = gtk::DropTarget::new(gdk::FileList::static_type(), gdk::DragAction::COPY);
        target.connect_drop(glib::clone!(
            #[weak(rename_to = window)]
            self,
            #[upgrade_or]
            false,
            move |_, value, _, _| {
                let Ok(files) = value.get::<gdk::FileList>() else {
                    return false;
                };
                let paths: Vec<_> = files.files().iter().filter_map(|f| f.path()).collect();
                for path in &paths {
                    window.open_file(path);
                }
                !paths.is_empty()
            }
        ));
        self.add_controller(target);
    }
}
