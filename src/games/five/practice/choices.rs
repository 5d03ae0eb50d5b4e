//! What the person chooses in the Practice window: the opponent, the
//! number of games, who starts, whether the computer learns and how fast
//! it is shown. They are kept in the settings file (`[five.practice]`), so
//! that Practice opens as it was left, also after a new start.

use std::sync::atomic::Ordering;

use adw::prelude::*;
use adw::subclass::prelude::*;
use match5_practice::{Learning, Opponent, Setup, Starts};

use super::window::FivePractice;
use super::words;
use crate::games::five::model::settings::{FiveSettings, PracticeChoices};
use crate::i18n::gettext_f;

fn strings(names: &[String]) -> gtk::StringList {
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    gtk::StringList::new(&names)
}

impl FivePractice {
    /// The rows as the person left them last time.
    pub(super) fn show_choices(&self) {
        let imp = self.imp();
        let kept = self.settings().page::<FiveSettings>().practice;
        self.fill_opponents(kept.opponent.parse().ok());
        imp.starts_row
            .set_model(Some(&strings(&words::starts_names())));
        imp.starts_row.set_selected(kept.starts.min(2));
        let speeds: Vec<String> = words::speeds().into_iter().map(|s| s.0).collect();
        imp.speed_row.set_model(Some(&strings(&speeds)));
        imp.speed_row
            .set_selected(kept.speed.min(speeds.len() as u32 - 1));
        imp.games_spin.set_value(kept.games as f64);
        imp.learn_row.set_active(kept.learn);
    }

    /// Keeps the choices as they are now, for the next time.
    pub(super) fn keep_choices(&self) {
        let imp = self.imp();
        let choices = PracticeChoices {
            opponent: self.opponent().name(),
            games: imp.games_spin.value_as_int().max(1) as u64,
            starts: imp.starts_row.selected(),
            learn: imp.learn_row.is_active(),
            speed: imp.speed_row.selected(),
        };
        self.settings()
            .update_page::<FiveSettings>(|s| s.practice = choices);
    }

    /// The built-in players, then the engines the person added; `choose`
    /// (an engine just added, or the one kept), else the opponent chosen
    /// before, stays chosen when it is there.
    pub(super) fn fill_opponents(&self, choose: Option<Opponent>) {
        let imp = self.imp();
        let chosen = choose.or_else(|| {
            imp.opponents
                .borrow()
                .get(imp.opponent_row.selected() as usize)
                .cloned()
        });
        let (mut opponents, mut names): (Vec<_>, Vec<_>) = words::builtin_opponents()
            .into_iter()
            .map(|(o, name, _)| (o, name))
            .unzip();
        for e in self.settings().page::<FiveSettings>().engines {
            names.push(gettext_f("Engine: {name}", &[("name", &e.name)]));
            opponents.push(Opponent::Pbrain(e.command));
        }
        let at = chosen.and_then(|c| opponents.iter().position(|o| o.name() == c.name()));
        imp.opponents.replace(opponents);
        imp.opponent_row.set_model(Some(&strings(&names)));
        imp.opponent_row.set_selected(at.unwrap_or(1) as u32);
        self.show_opponent_words();
    }

    /// The chosen opponent, in the row's subtitle: the names in the list
    /// are short, so that they fit at 360 px.
    pub(super) fn show_opponent_words(&self) {
        let about = match self.opponent() {
            Opponent::Pbrain(command) => command,
            o => words::builtin_opponents()
                .into_iter()
                .find(|(b, ..)| b.name() == o.name())
                .map(|(.., about)| about)
                .unwrap_or_default(),
        };
        self.imp().opponent_row.set_subtitle(&about);
    }

    fn opponent(&self) -> Opponent {
        let imp = self.imp();
        imp.opponents
            .borrow()
            .get(imp.opponent_row.selected() as usize)
            .cloned()
            .unwrap_or(Opponent::Greedy)
    }

    pub(super) fn apply_speed(&self) {
        let imp = self.imp();
        let delay = words::speeds()
            .get(imp.speed_row.selected() as usize)
            .map_or(0, |s| s.1);
        imp.controls
            .borrow()
            .delay_ms
            .store(delay, Ordering::Relaxed);
    }

    pub(super) fn setup_of(&self) -> Setup {
        let imp = self.imp();
        let mut setup = Setup::new(self.opponent());
        setup.starts = match imp.starts_row.selected() {
            0 => Starts::Computer,
            1 => Starts::Opponent,
            _ => Starts::Alternate {
                computer_first: true,
            },
        };
        setup.learning = if imp.learn_row.is_active() {
            Learning::Practice
        } else {
            Learning::Frozen
        };
        setup
    }
}
