//! Cut text, for the layout tests: with `MATCH5_REPORT_CUT_LABELS` set,
//! the labels shown in any window whose text does not fit its width (the
//! toolkit ends it with "…") are looked at every 300 ms, and each time
//! that set changes it is printed to stderr as `match5: cut labels now:
//! <text> | <text>…` (nothing after the colon once none is cut). A test
//! reads the last line: what is cut now, not a moment of a layout that a
//! busy machine drew late. Match5's own labels wrap and never ellipsize; a
//! cut one is the toolkit's (a window title, a combo row's choice) squeezed.

use std::cell::RefCell;
use std::collections::HashSet;

use gtk::glib;
use gtk::prelude::*;

/// Starts looking, if the environment asks for it.
pub fn report_when_asked() {
    if std::env::var_os("MATCH5_REPORT_CUT_LABELS").is_none() {
        return;
    }
    // Said once, so that a test knows the app looks.
    eprintln!("match5: reporting cut labels");
    // A label is reported when it is cut at two looks in a row: the first
    // frame of a page made just now may be laid out narrower for a moment.
    let told = RefCell::new(HashSet::new());
    let before = RefCell::new(HashSet::new());
    glib::timeout_add_local(std::time::Duration::from_millis(300), move || {
        let mut now = HashSet::new();
        for window in gtk::Window::list_toplevels() {
            look_in(&window, &mut now);
        }
        let cut: HashSet<String> = now.intersection(&before.borrow()).cloned().collect();
        if cut != *told.borrow() {
            let mut texts: Vec<&String> = cut.iter().collect();
            texts.sort();
            let texts: Vec<&str> = texts.into_iter().map(String::as_str).collect();
            eprintln!("match5: cut labels now: {}", texts.join(" | "));
            told.replace(cut);
        }
        before.replace(now);
        glib::ControlFlow::Continue
    });
}

/// Adds the text of every label shown in `widget` that is cut to `cut`.
fn look_in(widget: &gtk::Widget, cut: &mut HashSet<String>) {
    if !widget.is_mapped() {
        return;
    }
    if let Some(label) = widget.downcast_ref::<gtk::Label>()
        && !label.text().is_empty()
        && label.layout().is_ellipsized()
    {
        cut.insert(label.text().to_string());
    }
    let mut child = widget.first_child();
    while let Some(c) = child {
        look_in(&c, cut);
        child = c.next_sibling();
    }
}
