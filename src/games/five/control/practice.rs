//! D-Bus `Train` and `StopTraining`: a script's practice runs through the
//! controller, as the Practice window's does, and reports as signals:
//! `TrainingProgress` about four times a second while it plays, then
//! `TrainingFinished` or `TrainingFailed`. The page shows that the
//! computer practises whoever started it.

use std::rc::Rc;
use std::time::Duration;

use gtk::glib;
use match5_practice::{Learning, Setup, Starts};

use super::interface::{ControlError, Snapshot};
use crate::control::bridge::Published;
use crate::games::five::controller::Controller;
use crate::games::five::practice::runner::Controls;
use crate::games::five::practice::words;
use crate::i18n::gettext_f;

/// How often progress is sent.
const PROGRESS: Duration = Duration::from_millis(250);

/// Starts a script's practice; the answer comes before its first game.
pub fn train(
    controller: &Controller,
    published: &Rc<Published<Snapshot>>,
    opponent: &str,
    games: u32,
    starts: &str,
    frozen: bool,
) -> Result<(), ControlError> {
    let games = Controller::practice_games(u64::from(games))?;
    let opponent = controller.practice_opponent(opponent)?;
    let starts = match starts {
        "computer" => Starts::Computer,
        "opponent" => Starts::Opponent,
        "alternate" => Starts::Alternate {
            computer_first: true,
        },
        other => {
            return Err(ControlError::InvalidOption(gettext_f(
                "“{starts}” cannot start: use computer, opponent or alternate.",
                &[("starts", &match5_common::text::excerpt(other, 40))],
            )));
        }
    };
    let mut setup = Setup::new(opponent);
    setup.starts = starts;
    setup.learning = if frozen {
        Learning::Frozen
    } else {
        Learning::Practice
    };
    let (live, finished) = controller.start_practice(setup, games, Controls::default())?;
    let (controller, published) = (controller.clone(), published.clone());
    let running = Rc::new(std::cell::Cell::new(true));
    // Progress about four times a second, until the end.
    glib::spawn_future_local({
        let (published, running) = (published.clone(), running.clone());
        async move {
            let mut sent = u64::MAX;
            while running.get() {
                let tally = live.lock().map(|l| l.tally).unwrap_or_default();
                if tally.played != sent {
                    sent = tally.played;
                    published.signal(
                        "TrainingProgress",
                        (tally.played, games, tally.computer_lost, tally.learned),
                    );
                }
                glib::timeout_future(PROGRESS).await;
            }
        }
    });
    // The end, as soon as it comes.
    glib::spawn_future_local(async move {
        let Ok(mut done) = finished.recv().await else {
            return;
        };
        running.set(false);
        controller.practice_done(&mut done);
        let t = done.tally;
        // The page says how it ended, as tic-tac-toe's does for a script.
        let said = match &done.error {
            Some(e) => format!("{} {}", words::error(e), words::summary(&t)),
            None => words::summary(&t),
        };
        controller.model.report_practice(&gettext_f(
            "A script’s practice ended: {summary}",
            &[("summary", &said)],
        ));
        match &done.error {
            Some(_) => published.signal("TrainingFailed", (said,)),
            None => published.signal(
                "TrainingFinished",
                (
                    t.played,
                    t.computer_won,
                    t.computer_lost,
                    t.drawn,
                    t.learned,
                ),
            ),
        }
    });
    Ok(())
}
