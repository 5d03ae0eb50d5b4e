//! Lights out's rules for every door: a click and a D-Bus call
//! (`control/requests.rs`) ask the [`Controller`], and a refusal comes
//! back typed ([`Refusal`]) with the words the app says for it.

use std::cell::RefCell;
use std::rc::Rc;

use super::model::Lights;
use crate::i18n::{gettext, gettext_f};

/// Why a press was not carried out; nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A light number (from 1) outside 1 to 9.
    NoSuchLight(u32),
    /// Every light is off.
    GameOver,
}

impl Refusal {
    /// What the app says of it, in the person's language.
    pub fn message(self) -> String {
        match self {
            Refusal::NoSuchLight(n) => gettext_f(
                "There is no light {n}: the lights are 1 to 9.",
                &[("n", &n.to_string())],
            ),
            Refusal::GameOver => gettext("Every light is off: start a new game first."),
        }
    }
}

/// The rules every door follows, on the page's lights.
#[derive(Clone, Default)]
pub struct Controller {
    pub lights: Rc<RefCell<Lights>>,
}

impl Controller {
    /// Presses light `light` (from 1).
    pub fn press(&self, light: u32) -> Result<(), Refusal> {
        if !(1..=9).contains(&light) {
            return Err(Refusal::NoSuchLight(light));
        }
        if !self.lights.borrow_mut().press(light as usize - 1) {
            return Err(Refusal::GameOver);
        }
        Ok(())
    }

    /// The next start pattern.
    pub fn new_game(&self) {
        self.lights.borrow_mut().new_game();
    }
}
