//! Widgets and drawing shared by the game pages (a page's own board is in
//! its folder).

pub mod a11y;
pub mod chart;
pub mod cut_labels;
pub mod drawn_board;
pub mod end_bar;
pub mod frame_trace;
pub mod key_log;
pub mod palette;
pub mod shapes;
pub mod shortcuts;
pub mod step_buttons;
pub mod stoppable;
pub mod text_slot;
pub mod toast_title;
pub mod tree;

use gtk::prelude::*;

/// Makes the shared widgets' types known before a page's template uses them.
pub fn ensure_types() {
    use gtk::glib::prelude::StaticTypeExt;
    end_bar::EndBar::ensure_type();
    text_slot::TextSlot::ensure_type();
}

/// A move or an action that cannot be done: the error bell of the surface
/// `widget` is shown on rings, and screen readers say `why` ("Field 2 is
/// taken.").
pub fn refuse(widget: &impl IsA<gtk::Widget>, why: &str) {
    if let Some(surface) = widget.native().and_then(|n| n.surface()) {
        surface.beep();
    }
    a11y::tell(widget.upcast_ref::<gtk::Widget>(), why);
}

/// Sets `cell` to `new`; was it different? A property is notified only
/// when this says so.
pub fn put<T: PartialEq>(cell: &std::cell::RefCell<T>, new: T) -> bool {
    let changed = *cell.borrow() != new;
    if changed {
        cell.replace(new);
    }
    changed
}

/// Calls `f` whenever one of `properties` of `model` changes: a part of a
/// page that shows several of a model's properties listens to them all.
pub fn on_notify<M: IsA<gtk::glib::Object>>(
    model: &M,
    properties: &[&str],
    f: impl Fn() + Clone + 'static,
) {
    for property in properties {
        let f = f.clone();
        model.connect_notify_local(Some(property), move |_, _| f());
    }
}

/// A toast whose whole text shows, wrapped over lines at a narrow width
/// (a plain title is cut short: "New pattern 1, d…").
pub fn wrapped_toast(text: &str) -> adw::Toast {
    adw::Toast::builder()
        .custom_title(&toast_title::ToastTitle::new(text))
        .build()
}

/// A toast that stays until the person dismisses it: for what happened to
/// their data (a file gone, settings moved aside), which nobody should
/// miss by looking away.
pub fn lasting_toast(text: &str) -> adw::Toast {
    let toast = wrapped_toast(text);
    toast.set_timeout(0);
    toast
}

/// Shows `toast` in the window's toast place, at the bottom of the window
/// below the boards (never over one), the same on every page.
/// A page that is not in the window yet (a toast while it is being made)
/// shows it once it is.
pub fn show_toast(widget: &impl IsA<gtk::Widget>, toast: adw::Toast) {
    if let Some(overlay) = toast_overlay(widget.upcast_ref()) {
        add_toast(&overlay, toast);
        return;
    }
    once_mapped(widget.upcast_ref(), move |w| {
        if let Some(overlay) = toast_overlay(w) {
            add_toast(&overlay, toast);
        }
    });
}

/// Puts `toast` on screen. With `MATCH5_REPORT_TOASTS` set (the end-to-end
/// tests) its words are printed too: a toast goes after its seconds, which
/// a test on a busy machine can spend reading the window.
pub fn add_toast(overlay: &adw::ToastOverlay, toast: adw::Toast) {
    if std::env::var_os("MATCH5_REPORT_TOASTS").is_some() {
        let text = toast
            .custom_title()
            .and_downcast::<toast_title::ToastTitle>()
            .map_or_else(|| toast.title().unwrap_or_default(), |t| t.text());
        eprintln!("match5: toast shown: {}", text.as_str().replace('\n', " "));
    }
    overlay.add_toast(toast);
}

/// Shows `toast` when `page` is on screen: now if it is, else when the
/// person first turns to it (a page's news is not told over another's).
pub fn show_toast_when_shown(page: &impl IsA<gtk::Widget>, toast: adw::Toast) {
    if page.is_mapped() {
        show_toast(page, toast);
    } else {
        once_mapped(page.upcast_ref(), move |w| show_toast(w, toast));
    }
}

fn toast_overlay(w: &gtk::Widget) -> Option<adw::ToastOverlay> {
    w.ancestor(adw::ToastOverlay::static_type())
        .and_downcast::<adw::ToastOverlay>()
}

/// Runs `f` the next time `widget` is mapped, once.
fn once_mapped(widget: &gtk::Widget, f: impl FnOnce(&gtk::Widget) + 'static) {
    let f = std::cell::Cell::new(Some(f));
    let handler = std::rc::Rc::new(std::cell::Cell::new(None));
    let slot = handler.clone();
    let id = widget.connect_map(move |w| {
        if let Some(f) = f.take() {
            f(w);
        }
        if let Some(id) = slot.take() {
            w.disconnect(id);
        }
    });
    handler.set(Some(id));
}
