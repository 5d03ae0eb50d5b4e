//! Training the computer (template `training.ui`): games against a chosen
//! opponent on another thread, holding the knowledge file's lock, with a
//! progress bar; then the learning curve, the share of games lost, drawn
//! and won per block, as a chart (described in words for screen readers).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{cairo, glib};
use match5_tictactoe::store::StoreError;
use match5_tictactoe::{Opponent, Rewards, Tally};

use super::controller::{Controller, Done};
use super::drawing::signed;
use super::model::TicTacToeGame;
use super::trainer::{self, Message};
use super::words::store_error;
use crate::i18n::{gettext, gettext_f};
use crate::widgets::chart::{self, Frame};
use crate::widgets::stoppable::StoppableRun;

/// The opponents, in the drop-down's order.
fn opponent_names() -> Vec<String> {
    vec![
        gettext("Random"),
        gettext("Perfect"),
        gettext("A second learner"),
    ]
}

fn opponent(index: u32) -> Opponent {
    match index {
        1 => Opponent::Perfect,
        2 => Opponent::Learner(Box::default()),
        _ => Opponent::Random,
    }
}

const REWARDS: [Rewards; 2] = [
    Rewards {
        win: 1,
        draw: 0,
        loss: -1,
    },
    Rewards::MENACE,
];

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(file = "training.ui")]
    pub struct TicTacToeTraining {
        #[template_child]
        pub opponent_row: TemplateChild<adw::ComboRow>,
        #[template_child]
        pub games_spin: TemplateChild<gtk::SpinButton>,
        #[template_child]
        pub rewards_row: TemplateChild<adw::ComboRow>,
        #[template_child]
        pub run_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub progress: TemplateChild<gtk::ProgressBar>,
        #[template_child]
        pub result_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub chart_title: TemplateChild<gtk::Label>,
        #[template_child]
        pub chart: TemplateChild<gtk::DrawingArea>,
        /// The computer it trains: its knowledge, file and whether a
        /// training holds it.
        pub model: std::cell::OnceCell<TicTacToeGame>,
        /// Per block: games played by its end, and its tally.
        pub blocks: Rc<RefCell<Vec<(u64, Tally)>>>,
        pub run: StoppableRun,
        pub games: Cell<u64>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TicTacToeTraining {
        const NAME: &'static str = "Match5TicTacToeTraining";
        type Type = super::TicTacToeTraining;
        type ParentType = adw::Dialog;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for TicTacToeTraining {
        fn dispose(&self) {
            self.run.stop();
        }
    }
    impl WidgetImpl for TicTacToeTraining {}
    impl AdwDialogImpl for TicTacToeTraining {
        // Closing it stops the run (what it learned so far is kept).
        fn closed(&self) {
            self.run.stop();
            self.parent_closed();
        }
    }
}

glib::wrapper! {
    pub struct TicTacToeTraining(ObjectSubclass<imp::TicTacToeTraining>)
        @extends adw::Dialog, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget, gtk::ShortcutManager;
}

/// Opens the training window for the computer of `model`, which learns
/// what each training taught.
pub fn show(parent: &impl IsA<gtk::Widget>, model: &TicTacToeGame) {
    let window: TicTacToeTraining = glib::Object::builder().build();
    let _ = window.imp().model.set(model.clone());
    window.setup();
    window.present(Some(parent));
}

impl TicTacToeTraining {
    fn setup(&self) {
        let imp = self.imp();
        let names = opponent_names();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        imp.opponent_row
            .set_model(Some(&gtk::StringList::new(&names)));
        imp.games_spin.set_range(1.0, trainer::MOST_GAMES as f64);
        // Short names, so that they fit at 360 px; the subtitle gives the
        // numbers of the one chosen.
        // The 1983 article's rewards, and those of MENACE, Donald
        // Michie's learning machine of matchboxes (1961).
        let rewards: Vec<String> = vec![gettext("As in 1983"), gettext("Matchbox machine")];
        let rewards: Vec<&str> = rewards.iter().map(String::as_str).collect();
        imp.rewards_row
            .set_model(Some(&gtk::StringList::new(&rewards)));
        self.rewards_row();
        imp.rewards_row.connect_selected_notify(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |row| window.rewards_subtitle(row.is_sensitive())
        ));
        imp.run_button.connect_clicked(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |_| {
                if window.imp().run.is_running() {
                    window.imp().run.stop();
                } else {
                    window.start();
                }
            }
        ));
        let blocks = imp.blocks.clone();
        let words = [gettext("lost"), gettext("drawn"), gettext("won")];
        imp.chart.set_draw_func(move |_, cr, w, h| {
            let dark = adw::StyleManager::default().is_dark();
            let text = crate::widgets::palette::foreground(dark);
            draw_curve(
                cr,
                f64::from(w),
                f64::from(h),
                &blocks.borrow(),
                &words,
                text,
                dark,
            );
        });
        crate::widgets::a11y::set_label(&*imp.chart, &gettext("Learning curve"));
    }

    /// The rewards can be chosen while the computer knows nothing.
    fn rewards_row(&self) {
        let imp = self.imp();
        let Some((empty, current)) = imp
            .model
            .get()
            .map(|m| m.with(|s| (s.knowledge.is_empty(), s.knowledge.rewards())))
        else {
            return;
        };
        if let Some(at) = REWARDS.iter().position(|r| *r == current) {
            imp.rewards_row.set_selected(at as u32);
        }
        imp.rewards_row.set_sensitive(empty);
        self.rewards_subtitle(empty);
    }

    /// The numbers of the rewards chosen, or why they cannot change.
    fn rewards_subtitle(&self, empty: bool) {
        let imp = self.imp();
        let r = REWARDS[(imp.rewards_row.selected() as usize).min(REWARDS.len() - 1)];
        imp.rewards_row.set_subtitle(&if empty {
            gettext_f(
                "{win}, {draw}, {loss} for a win, a draw, a loss",
                &[
                    ("win", &signed(r.win)),
                    ("draw", &signed(r.draw)),
                    ("loss", &signed(r.loss)),
                ],
            )
        } else {
            gettext("Kept until the computer forgets")
        });
    }

    fn start(&self) {
        let imp = self.imp();
        let Some(model) = imp.model.get() else {
            return;
        };
        let controller = Controller {
            model: model.clone(),
        };
        // A script's training holds the computer already.
        if let Err(refusal) = controller.may_train() {
            imp.result_label.set_label(&refusal.message());
            imp.result_label.set_visible(true);
            return;
        }
        let games = imp.games_spin.value_as_int().max(1) as u64;
        let opponent = opponent(imp.opponent_row.selected());
        let rewards = REWARDS
            .get(imp.rewards_row.selected() as usize)
            .copied()
            .unwrap_or_default();
        imp.blocks.borrow_mut().clear();
        imp.games.set(games);
        let stop = imp.run.start(&imp.run_button);
        for row in [&*imp.opponent_row, &*imp.rewards_row] {
            row.set_sensitive(false);
        }
        imp.games_spin.set_sensitive(false);
        imp.progress.set_visible(true);
        imp.progress.set_fraction(0.0);
        imp.progress.set_text(Some(&gettext("Playing…")));
        imp.result_label.set_visible(false);
        imp.chart.queue_draw();

        let Ok(receiver) = controller.start_training(games, opponent, Some(rewards), stop) else {
            return; // may_train said yes a moment ago, on this thread
        };
        // The computer learns what the run taught even when the window was
        // closed meanwhile (closing stops the run, which still reports).
        let window = self.downgrade();
        glib::spawn_future_local(async move {
            while let Ok(message) = receiver.recv().await {
                match message {
                    Message::Block(n, tally) => {
                        if let Some(window) = window.upgrade() {
                            window.add_block(n, tally);
                        }
                    }
                    Message::Done(outcome) => {
                        let result = controller.training_done(*outcome);
                        if let Some(window) = window.upgrade() {
                            window.finished(result);
                        }
                        break;
                    }
                }
            }
        });
    }

    fn add_block(&self, n: u64, tally: Tally) {
        let imp = self.imp();
        imp.blocks.borrow_mut().push((n, tally));
        let games = imp.games.get().max(1);
        imp.progress.set_fraction(n as f64 / games as f64);
        imp.progress.set_text(Some(&gettext_f(
            "{n} of {total} games",
            &[("n", &n.to_string()), ("total", &games.to_string())],
        )));
        self.show_curve();
    }

    /// The chart of the blocks so far, and its words.
    fn show_curve(&self) {
        let imp = self.imp();
        imp.chart_title.set_visible(true);
        imp.chart.set_visible(true);
        imp.chart.queue_draw();
        crate::widgets::a11y::set_description(&*imp.chart, &curve_words(&imp.blocks.borrow()));
    }

    /// The run has ended: how many positions the computer knows now and
    /// what the training played, or why nothing was learned.
    fn finished(&self, result: Result<Done, StoreError>) {
        let imp = self.imp();
        imp.run.finished(&imp.run_button, &gettext("_Train Again"));
        imp.opponent_row.set_sensitive(true);
        imp.games_spin.set_sensitive(true);
        imp.progress.set_visible(false);
        let text = match result {
            Ok(Done {
                stored,
                training,
                not_saved,
            }) => {
                // The whole curve, with a last block cut short by Stop.
                let mut played = 0;
                *imp.blocks.borrow_mut() = training
                    .blocks
                    .iter()
                    .map(|t| {
                        played += t.games;
                        (played, *t)
                    })
                    .collect();
                self.show_curve();
                let trained = super::words::trained_text(&training.total, stored);
                match not_saved {
                    None => trained,
                    Some(e) => format!("{trained} {}", super::words::not_saved_text(&e)),
                }
            }
            Err(e) => gettext_f(
                "Nothing was learned: {reason}",
                &[("reason", &store_error(&e))],
            ),
        };
        imp.result_label.set_label(&text);
        imp.result_label.set_visible(true);
        crate::widgets::a11y::announce(self, &text, true);
        self.rewards_row();
    }
}

/// The curve in words: the first and the last block.
fn curve_words(blocks: &[(u64, Tally)]) -> String {
    let (Some(first), Some(last)) = (blocks.first(), blocks.last()) else {
        return String::new();
    };
    let pct = |part: u64, t: &Tally| (part * 100 / t.games.max(1)).to_string();
    gettext_f(
        "In the first {a} games the computer lost {la}%, drew {da}% and won {wa}%; in the last block, up to game {b}, it lost {lb}%, drew {db}% and won {wb}%.",
        &[
            ("a", &first.0.to_string()),
            ("la", &pct(first.1.losses, &first.1)),
            ("da", &pct(first.1.draws, &first.1)),
            ("wa", &pct(first.1.wins, &first.1)),
            ("b", &last.0.to_string()),
            ("lb", &pct(last.1.losses, &last.1)),
            ("db", &pct(last.1.draws, &last.1)),
            ("wb", &pct(last.1.wins, &last.1)),
        ],
    )
}

/// The learning curve: per block, the share of games lost (red), drawn
/// (grey) and won (green), 0 to 100%, over the games played.
pub fn draw_curve(
    cr: &cairo::Context,
    w: f64,
    h: f64,
    blocks: &[(u64, Tally)],
    words: &[String; 3],
    text: (f64, f64, f64),
    dark: bool,
) {
    if blocks.is_empty() {
        return;
    }
    let f = Frame {
        left: 40.0,
        right: w - 10.0,
        top: 26.0,
        bottom: h - 22.0,
        last: blocks.last().map_or(1, |b| b.0) as f64,
    };
    chart::axes(cr, &f, h, text, (100, "%"));
    let colours = if dark {
        [(0.96, 0.42, 0.38), (0.75, 0.75, 0.75), (0.34, 0.89, 0.54)]
    } else {
        [(0.88, 0.11, 0.14), (0.47, 0.47, 0.47), (0.15, 0.64, 0.41)]
    };
    let parts: [fn(&Tally) -> u64; 3] = [|t| t.losses, |t| t.draws, |t| t.wins];
    let mut legend_x = f.left;
    for ((colour, part), word) in colours.iter().zip(parts).zip(words) {
        // Each block's share, in its middle.
        let mut from = 0u64;
        let points = blocks.iter().map(|(n, t)| {
            let mid = (from + n) / 2;
            from = *n;
            (mid, part(t) as f64 / t.games.max(1) as f64)
        });
        legend_x = chart::line(cr, &f, points, (*colour, word), legend_x, text);
    }
}
