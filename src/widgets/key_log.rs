//! Keys as the app got them, for the tests: with `MATCH5_LOG_KEYS` set,
//! every key press a window of the app gets is printed to stderr, as
//! `match5: key: <Ctrl>n to GtkDrawingArea "Board"` (the modifiers held,
//! the key, and the widget with the focus). A test that fails after a key
//! shows whether the key reached the app at all, and where it went.

use gtk::prelude::*;
use gtk::{gdk, gio, glib};

/// The name of the logging controller, so a window gets one.
const NAME: &str = "match5-key-log";

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

/// Logs the key presses `window` gets, once per window.
fn watch_window(window: &gtk::Window) {
    let controllers = window.observe_controllers();
    let has_one = (0..controllers.n_items()).any(|i| {
        controllers
            .item(i)
            .and_downcast::<gtk::EventController>()
            .is_some_and(|c| c.name().as_deref() == Some(NAME))
    });
    if has_one {
        return;
    }
    let keys = gtk::EventControllerKey::new();
    keys.set_name(Some(NAME));
    keys.set_propagation_phase(gtk::PropagationPhase::Capture);
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
