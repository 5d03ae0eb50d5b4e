//! The Practice window (template `window.ui`): the person picks an
//! opponent, the number of games, who starts, whether the computer learns
//! and how fast to show it; the run plays on another thread
//! (`runner.rs`) while this window redraws the board, the chart and the
//! words about ten times a second.

use std::cell::{Cell, OnceCell, RefCell};
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::glib;
use match5_practice::Opponent;

use super::chart::{self, Look};
use super::runner::{self, Block, Controls, Finished, Live, LostGame};
use super::words;
use crate::games::five::board::drawing::{Field, Scene};
use crate::games::five::board::view::{BoardView, describe_stones};
use crate::games::five::controller::Controller;
use crate::i18n::{gettext, gettext_f};
use crate::widgets::stoppable::StoppableRun;

/// How often the window shows the run.
const REFRESH: Duration = Duration::from_millis(100);

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(file = "window.ui")]
    pub struct FivePractice {
        #[template_child]
        pub content: TemplateChild<gtk::Box>,
        #[template_child]
        pub choices: TemplateChild<adw::Clamp>,
        #[template_child]
        pub settings_group: TemplateChild<adw::PreferencesGroup>,
        #[template_child]
        pub opponent_row: TemplateChild<adw::ComboRow>,
        #[template_child]
        pub engines_row: TemplateChild<adw::ButtonRow>,
        #[template_child]
        pub games_spin: TemplateChild<gtk::SpinButton>,
        #[template_child]
        pub starts_row: TemplateChild<adw::ComboRow>,
        #[template_child]
        pub learn_row: TemplateChild<adw::SwitchRow>,
        #[template_child]
        pub speed_row: TemplateChild<adw::ComboRow>,
        #[template_child]
        pub mutations_row: TemplateChild<adw::SwitchRow>,
        #[template_child]
        pub run_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub pause_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub progress: TemplateChild<gtk::ProgressBar>,
        #[template_child]
        pub result_slot: TemplateChild<crate::widgets::text_slot::TextSlot>,
        #[template_child]
        pub result_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub board: TemplateChild<BoardView>,
        #[template_child]
        pub chart_title: TemplateChild<gtk::Label>,
        #[template_child]
        pub chart: TemplateChild<gtk::DrawingArea>,
        #[template_child]
        pub mutations_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub lost_group: TemplateChild<adw::PreferencesGroup>,
        #[template_child]
        pub lost_list: TemplateChild<gtk::ListBox>,
        pub controller: OnceCell<Controller>,
        pub opponents: RefCell<Vec<Opponent>>,
        pub run: StoppableRun,
        pub controls: RefCell<Controls>,
        pub live: RefCell<Option<Arc<Mutex<Live>>>>,
        /// What the chart draws: the blocks so far.
        pub blocks: Rc<RefCell<Vec<Block>>>,
        pub games: Cell<u64>,
        pub timer: RefCell<Option<glib::SourceId>>,
        /// Frame times during a run, for benchmarks.
        pub frames: crate::widgets::frame_trace::FrameTrace,
        /// The lost games listed, and the newest one listed.
        pub listed: Cell<u64>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for FivePractice {
        const NAME: &'static str = "Match5FivePractice";
        type Type = super::FivePractice;
        type ParentType = adw::Dialog;

        fn class_init(klass: &mut Self::Class) {
            BoardView::ensure_type();
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for FivePractice {
        fn dispose(&self) {
            self.run.stop();
            if let Some(t) = self.timer.take() {
                t.remove();
            }
        }
    }
    impl WidgetImpl for FivePractice {}
    impl AdwDialogImpl for FivePractice {
        // Closing it stops the run; what it learned so far is kept.
        fn closed(&self) {
            self.run.stop();
            self.parent_closed();
        }
    }
}

glib::wrapper! {
    pub struct FivePractice(ObjectSubclass<imp::FivePractice>)
        @extends adw::Dialog, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget, gtk::ShortcutManager;
}

impl FivePractice {
    /// The Practice window for the computer behind `controller`. The page
    /// keeps it while the app runs, so that it opens again with the last
    /// run's chart, summary and lost games.
    pub fn new(controller: Controller, show_mutations: bool) -> Self {
        let window: FivePractice = glib::Object::builder().build();
        let _ = window.imp().controller.set(controller);
        window.setup(show_mutations);
        window
    }

    /// Shows the window again: the choices come first, as the person left
    /// them, above the last run (while a run plays they stay below it).
    pub fn present_again(&self, parent: &impl IsA<gtk::Widget>) {
        let imp = self.imp();
        if !imp.run.is_running() {
            imp.content
                .reorder_child_after(&*imp.choices, None::<&gtk::Widget>);
        }
        self.present(Some(parent));
    }

    fn controller(&self) -> &Controller {
        self.imp().controller.get().expect("set up")
    }

    pub(super) fn settings(&self) -> &crate::settings::SharedSettings {
        &self.controller().settings
    }

    fn setup(&self, show_mutations: bool) {
        let imp = self.imp();
        crate::widgets::a11y::one_stop_each(self);
        self.show_choices();
        // An engine added or removed anywhere shows in the list at once.
        super::engines_dialog::follow(self, |window| window.fill_opponents(None));
        imp.opponent_row.connect_selected_notify(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |_| window.show_opponent_words()
        ));
        imp.engines_row.connect_activated(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |_| {
                let settings = window.controller().settings.clone();
                let weak = window.downgrade();
                super::engines_dialog::show(&window, settings, move |added| {
                    if let Some(window) = weak.upgrade() {
                        window.fill_opponents(added.map(Opponent::Pbrain));
                    }
                });
            }
        ));
        imp.speed_row.connect_selected_notify(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |_| window.apply_speed()
        ));
        imp.mutations_row.set_active(show_mutations);
        imp.mutations_row.connect_active_notify(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |_| window.refresh()
        ));
        imp.games_spin.set_range(1.0, runner::MOST_GAMES as f64);
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
        imp.pause_button.connect_clicked(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |_| window.toggle_pause()
        ));
        let blocks = imp.blocks.clone();
        let window = self.downgrade();
        imp.chart.set_draw_func(move |_, cr, w, h| {
            let dark = adw::StyleManager::default().is_dark();
            let games = window.upgrade().map_or(1, |w| w.imp().games.get());
            let look = Look {
                dark,
                text: crate::widgets::palette::foreground(dark),
                accent: crate::widgets::palette::accent(dark),
                words: words::chart_legends(runner::window_of(games)),
            };
            chart::draw(cr, f64::from(w), f64::from(h), &blocks.borrow(), &look);
        });
        crate::widgets::a11y::set_label(&*imp.chart, &gettext("Learning curve"));
        imp.result_slot.set_samples(words::summary_samples());
        imp.board.set_name(&gettext("The game being played"));
    }

    fn toggle_pause(&self) {
        let imp = self.imp();
        let paused = &imp.controls.borrow().paused;
        let now = !paused.load(Ordering::Relaxed);
        paused.store(now, Ordering::Relaxed);
        imp.pause_button.set_label(&if now {
            gettext("_Resume")
        } else {
            gettext("_Pause")
        });
    }

    fn start(&self) {
        let imp = self.imp();
        self.keep_choices();
        let games = imp.games_spin.value_as_int().max(1) as u64;
        // Stop (and closing the window) sets the run's own flag.
        let controls = Controls {
            stop: imp.run.start(&imp.run_button),
            ..Controls::default()
        };
        imp.controls.replace(controls.clone());
        self.apply_speed();
        let started = self
            .controller()
            .start_practice(self.setup_of(), games, controls.clone());
        let (live, receiver) = match started {
            Ok(started) => started,
            Err(refusal) => {
                imp.run.finished(&imp.run_button, &gettext("_Start"));
                self.say(&refusal.message());
                return;
            }
        };
        imp.live.replace(Some(live));
        imp.games.set(games);
        imp.blocks.borrow_mut().clear();
        imp.listed.set(0);
        while let Some(row) = imp.lost_list.first_child() {
            imp.lost_list.remove(&row);
        }
        imp.lost_group.set_visible(false);
        // The board comes up in its place; the speed stays at hand. The
        // choices go below everything, to come back there at the end.
        imp.settings_group.set_visible(false);
        if imp.content.last_child().as_ref() != Some(imp.choices.upcast_ref()) {
            imp.content
                .reorder_child_after(&*imp.choices, imp.content.last_child().as_ref());
        }
        imp.pause_button.set_visible(true);
        imp.pause_button.set_label(&gettext("_Pause"));
        imp.progress.set_visible(true);
        imp.progress.set_fraction(0.0);
        imp.result_slot.set_visible(true);
        imp.result_label.set_label(&gettext("Playing…"));
        // The board and the chart come up together and stay where they
        // are until the person changes the choices again.
        imp.board.set_visible(true);
        imp.chart_title.set_visible(true);
        imp.chart.set_visible(true);
        let timer = glib::timeout_add_local(
            REFRESH,
            glib::clone!(
                #[weak(rename_to = window)]
                self,
                #[upgrade_or]
                glib::ControlFlow::Break,
                move || {
                    window.refresh();
                    glib::ControlFlow::Continue
                }
            ),
        );
        if let Some(old) = imp.timer.replace(Some(timer)) {
            old.remove();
        }
        imp.frames.start(self);
        // The computer gets what the run learned even when this window was
        // closed meanwhile (closing stops the run, which still reports).
        let controller = self.controller().clone();
        let window = self.downgrade();
        glib::spawn_future_local(async move {
            if let Ok(mut finished) = receiver.recv().await {
                controls.stop.store(true, Ordering::Relaxed);
                controller.practice_done(&mut finished);
                if let Some(window) = window.upgrade() {
                    window.finished(&finished);
                }
            }
        });
    }

    /// Shows the run as it is now.
    fn refresh(&self) {
        let imp = self.imp();
        let Some(live) = imp.live.borrow().clone() else {
            return;
        };
        // Only what changed is copied (`Live::seen`).
        let shown_blocks = imp.blocks.borrow().len();
        let listed = imp.listed.get();
        let Ok(seen) = live.lock().map(|l| l.seen(shown_blocks, listed)) else {
            return;
        };
        // The next move shows on the board at the next refresh.
        imp.controls.borrow().wanted.store(true, Ordering::Relaxed);
        let games = imp.games.get().max(1);
        imp.progress
            .set_fraction(seen.tally.played as f64 / games as f64);
        imp.progress
            .set_text(Some(&words::progress(seen.tally.played, games)));
        if imp.run.is_running() {
            imp.result_label.set_label(&words::summary(&seen.tally));
        }
        let mut scene = Scene::default();
        for cell in match5_five::Cell::all() {
            if let Some(color) = seen.board.get(cell) {
                scene.fields[cell.index()] = Field::Stone(color);
            }
        }
        scene.last_move = seen.last;
        imp.board.set_scene(
            scene,
            None,
            gettext_f(
                "Game {game}. {stones}",
                &[
                    ("game", &seen.game.to_string()),
                    ("stones", &describe_stones(&seen.board)),
                ],
            ),
        );
        if let Some(blocks) = seen.blocks {
            crate::widgets::a11y::set_description(&*imp.chart, &words::curve(&blocks));
            imp.blocks.replace(blocks);
            imp.chart.queue_draw();
        }
        let show = imp.mutations_row.is_active() && !seen.mutations.is_empty();
        imp.mutations_label.set_visible(show);
        if show {
            let lines: Vec<String> = seen.mutations.iter().map(words::mutation).collect();
            imp.mutations_label.set_label(&lines.join("\n"));
        }
        self.list_lost(&seen.lost);
    }

    /// Lists the newest lost games, each a row that replays it.
    fn list_lost(&self, lost: &[LostGame]) {
        let imp = self.imp();
        for game in lost.iter().filter(|g| g.number > imp.listed.get()) {
            let row = adw::ActionRow::builder()
                .title(gettext_f(
                    "Game {number}",
                    &[("number", &game.number.to_string())],
                ))
                .activatable(true)
                .build();
            row.add_suffix(&gtk::Image::from_icon_name("media-playback-start-symbolic"));
            row.set_subtitle(&gettext("Replay the game"));
            let played = game.game.clone();
            let number = game.number;
            row.connect_activated(glib::clone!(
                #[weak(rename_to = window)]
                self,
                move |_| {
                    if let Some(taught) =
                        crate::games::five::model::taught::Taught::of_practice(number, &played)
                    {
                        crate::games::five::dialogs::replay::show(&window, taught);
                    }
                }
            ));
            imp.lost_list.prepend(&row);
            imp.listed.set(game.number);
            imp.lost_group.set_visible(true);
        }
        // The run keeps the latest of them; so does the list.
        while let Some(row) = imp.lost_list.row_at_index(runner::LOST_GAMES as i32) {
            imp.lost_list.remove(&row);
        }
    }

    /// The run has ended: what it did, or why it stopped.
    fn finished(&self, finished: &Finished) {
        let imp = self.imp();
        self.refresh();
        if let Some(t) = imp.timer.take() {
            t.remove();
        }
        imp.frames.report("practice");
        imp.live.replace(None);
        imp.run.finished(&imp.run_button, &gettext("_Start Again"));
        imp.pause_button.set_visible(false);
        // The choices come back below the board, which stays where it was.
        imp.settings_group.set_visible(true);
        let mut text = if finished.stopped {
            words::stopped(&finished.tally, finished.games)
        } else {
            words::summary(&finished.tally)
        };
        if let Some(e) = &finished.error {
            text = format!("{}\n{}", words::error(e), text);
        }
        self.say(&text);
    }

    fn say(&self, text: &str) {
        let imp = self.imp();
        imp.result_label.set_label(text);
        imp.result_slot.set_visible(true);
        crate::widgets::a11y::announce(self, text, true);
    }
}
