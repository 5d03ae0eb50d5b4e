//! Walking a widget tree.

use gtk::prelude::*;

/// Visits every widget under `widget`, depth first, in order; `visit`
/// says whether to go on into the one it was given.
pub fn visit_descendants(widget: &gtk::Widget, visit: &mut impl FnMut(&gtk::Widget) -> bool) {
    let mut child = widget.first_child();
    while let Some(w) = child {
        if visit(&w) {
            visit_descendants(&w, visit);
        }
        child = w.next_sibling();
    }
}
