//! Keys as the app got them, for the tests: with `MATCH5_LOG_KEYS` set,
//! every key press a window of the app gets is printed to stderr, as
//! `match5: key: <Control>n to Match5TilesView Img` (the modifiers held,
//! the key, and the widget with the focus). A test that fails after a key
//! shows whether the key reached the app at all, and where it went.

use gtk::prelude::*;
use gtk::{gdk, gio, glib};

/// Starts logging, if the environment asks for it.
pub fn log_when_asked() {
    if std::env::var_os("MATCH5_LOG_KEYS").is_none() {
        return;
    }
    let windows = gtk::Window::toplevels();
    let watch = |list: &gio::ListModel, from: u32, count: u32| {
        for i in from..from + count {
            if let Some(window) = list.item(i).and_downcast::<gtk::Window>() {
                watch_window(&window);
            }
        }
    };
    watch(&windows, 0, windows.n_items());
    windows.connect_items_changed(move |list, from, _removed, added| watch(list, from, added));
}

/// Logs the key presses `window` gets, before any widget of it acts on
/// them; with no propagation limit, also those to a dialog in it (with the
/// default limit, the keys to an open `AdwDialog` were missed). A window
/// is in the list of toplevels once, from when it is made.
fn watch_window(window: &gtk::Window) {
    let keys = gtk::EventControllerKey::new();
    keys.set_propagation_phase(gtk::PropagationPhase::Capture);
    keys.set_propagation_limit(gtk::PropagationLimit::None);
    let weak = window.downgrade();
    keys.connect_key_pressed(move |keys, key, _, modifiers| {
        let modifier = keys
            .current_event()
            .and_then(|e| e.downcast::<gdk::KeyEvent>().ok())
            .is_some_and(|e| e.is_modifier());
        if !modifier {
            let to = weak
                .upgrade()
                .and_then(|w| GtkWindowExt::focus(&w))
                .map(|w| format!("{} {:?}", w.type_().name(), w.accessible_role()))
                .unwrap_or_else(|| "nothing".into());
            let accel = gtk::accelerator_name(key, modifiers);
            eprintln!("match5: key: {accel} to {to}");
        }
        glib::Propagation::Proceed
    });
    window.add_controller(keys);
}
