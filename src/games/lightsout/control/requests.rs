//! Where lights out's D-Bus calls land: each [`Request`] carried out on
//! the page as a click would be, with the named error and the state
//! unchanged when it cannot be.

use super::interface::{LightsOutError, Request};
use crate::games::lightsout::page::LightsOutPage;
use crate::i18n::{gettext, gettext_f};

/// Carries a request out on the page, as the person's click would.
pub(super) fn handle_request(page: &LightsOutPage, request: Request) {
    match request {
        Request::NewGame { reply } => {
            page.new_game();
            let _ = reply.try_send(Ok(()));
        }
        Request::Press { light, reply } => {
            let r = if !(1..=9).contains(&light) {
                Err(LightsOutError::NoSuchLight(gettext_f(
                    "There is no light {n}: the lights are 1 to 9.",
                    &[("n", &light.to_string())],
                )))
            } else if page.lights().solved() {
                Err(LightsOutError::GameOver(gettext(
                    "Every light is off: start a new game first.",
                )))
            } else {
                page.press(light as usize - 1);
                Ok(())
            };
            let _ = reply.try_send(r);
        }
    }
}
