//! Where lights out's D-Bus calls land: each [`Request`] goes to the
//! controller (`../controller.rs`) a click uses, and a refusal becomes the
//! interface's named error, with the state unchanged.

use super::interface::{LightsOutError, Request};
use crate::games::lightsout::controller::Refusal;
use crate::games::lightsout::page::LightsOutPage;

impl From<Refusal> for LightsOutError {
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::NoSuchLight(_) => LightsOutError::NoSuchLight(refusal.message()),
            Refusal::GameOver => LightsOutError::GameOver(refusal.message()),
        }
    }
}

/// Carries a request out through the controller.
pub(super) fn handle_request(page: &LightsOutPage, request: Request) {
    match request {
        Request::NewGame { reply } => {
            page.new_game();
            let _ = reply.try_send(Ok(()));
        }
        Request::Press { light, reply } => {
            let r = page.press(light).map_err(LightsOutError::from);
            let _ = reply.try_send(r);
        }
    }
}
