//! The leap-frog puzzle (kikkersprongen, or bokkesprongen with goats):
//! play it, let the computer solve it, replay the solution.
//!
//! - `page.rs` + `page.ui`: the page.
//! - `model.rs`: the puzzle as a GObject around `match5-leapfrog`, where
//!   the computer searches (`crates/leapfrog/src/solver.rs`).
//! - `view.rs`: the fields widget: drawing, clicks, keys, animation.
//! - `drawing.rs`: where the fields, frogs and goats are drawn (Cairo).
//! - `figures.rs` + `figures.ui`: what the computer knows of the puzzle
//!   (its figures, and why every solution takes k(k + 2) moves).
//! - `controller.rs`: the rules every door follows (the page's clicks,
//!   keys and buttons, and D-Bus), with typed refusals in the app's words.
//! - `actions.rs`: the page's typed actions.
//! - `control/`: the D-Bus interface `LeapFrog1` (`interface.rs`); its
//!   calls land in `requests.rs`, which hands them to the controller.

pub mod actions;
pub mod control;
pub mod controller;
pub mod drawing;
mod figures;
mod kept;
pub mod model;
pub mod page;
pub mod settings;
mod setup;
pub mod view;
mod words;

/// The leap-frog page for the window's view switcher.
pub fn page_info() -> crate::games::page::PageInfo {
    crate::games::page::PageInfo {
        id: "leapfrog",
        title: || crate::i18n::gettext("Leap-Frog"),
        short_title: || crate::i18n::gettext("Leap-Frog"),
        icon_name: "leap-frog-symbolic",
        actions: crate::games::actions::declared::<actions::LeapfrogAction>,
        make: |settings| std::rc::Rc::new(page::LeapfrogPage::new(settings)),
        app_actions: &[],
        opens: &[],
        control: Some(control::serve),
    }
}
