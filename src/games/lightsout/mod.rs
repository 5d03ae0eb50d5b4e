//! Lights out on 3x3: the example page, built only with the feature
//! `example-page` (tests/e2e builds it). It is here to prove that a new
//! game is its folder and one line of the registry in `games/mod.rs`:
//! nothing outside this folder names it, and the switcher, the keys, help,
//! shortcuts and D-Bus find it through [`page_info`].
//!
//! - `model.rs`: the lights and the rule, no GTK (a real game keeps this in
//!   its own crate under `crates/`).
//! - `page.rs` + `page.ui`: the page: where the board is drawn and clicked.
//! - `controller.rs`: its rules for every door (a click, D-Bus), with
//!   typed refusals in the app's words.
//! - `actions.rs`: its typed actions (`game.new-game`, `game.press`).
//! - `help.ui`, `shortcuts.ui`: its section of Help and of the keys.
//! - `control/`: its D-Bus interface `LightsOut1`; its calls land in
//!   `control/requests.rs`.

pub mod actions;
pub mod control;
pub mod controller;
pub mod model;
pub mod page;

/// The lights-out page for the window's view switcher.
pub fn page_info() -> crate::games::page::PageInfo {
    crate::games::page::PageInfo {
        id: "lightsout",
        title: || crate::i18n::gettext("Lights Out"),
        short_title: || crate::i18n::gettext("Lights Out"),
        icon_name: "view-grid-symbolic",
        actions: crate::games::actions::declared::<actions::LightsOutAction>,
        make: |_settings| std::rc::Rc::new(page::LightsOutPage::new()),
        app_actions: &[],
        opens: &[],
        control: Some(control::serve),
    }
}
