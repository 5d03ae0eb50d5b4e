//! The leap-frog page (template `page.ui`): play the puzzle, let the
//! computer solve it and replay the solution, with the figures of the
//! whole puzzle and why every solution takes k(k + 2) moves.

use std::cell::{OnceCell, RefCell};
use std::time::Duration;

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gio, glib};

use super::actions::LeapfrogAction;
use super::controller::Controller;
use super::drawing::Animal;
use super::figures::LeapfrogFigures;
use super::model::LeapfrogGame;
use super::settings::LeapfrogSettings;
use super::view::LeapfrogView;
use super::words;
use crate::games::actions;
use crate::games::page_state::GameStatus;
use crate::i18n::gettext;
use crate::settings::SharedSettings;

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(file = "page.ui")]
    pub struct LeapfrogPage {
        #[template_child]
        pub status_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub status_slot: TemplateChild<crate::widgets::text_slot::TextSlot>,
        #[template_child]
        pub view: TemplateChild<LeapfrogView>,
        #[template_child]
        pub end_bar: TemplateChild<crate::widgets::end_bar::EndBar>,
        #[template_child]
        pub solve_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub count_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub controls: TemplateChild<gtk::Stack>,
        #[template_child]
        pub speed_scale: TemplateChild<gtk::Scale>,
        #[template_child]
        pub autoplay_button: TemplateChild<gtk::ToggleButton>,
        #[template_child]
        pub setup_menu: TemplateChild<gio::Menu>,
        #[template_child]
        pub frogs_section: TemplateChild<gio::Menu>,
        #[template_child]
        pub frogs_spin: TemplateChild<gtk::SpinButton>,
        #[template_child]
        pub goats_switch: TemplateChild<adw::SwitchRow>,
        #[template_child]
        pub figures: TemplateChild<LeapfrogFigures>,
        pub model: OnceCell<LeapfrogGame>,
        pub settings: OnceCell<SharedSettings>,
        /// What the window shows of the page: subtitle, status, actions.
        pub state: crate::games::page_state::PageState,
        /// The last move made (fields `from`, `to`), told in words in the
        /// status line.
        pub last_move: std::cell::Cell<Option<(usize, usize)>>,
        /// The field of a frog just clicked that cannot move (said in the
        /// status until the next move).
        pub cannot_move: std::cell::Cell<Option<usize>>,
        pub autoplay: RefCell<Option<glib::SourceId>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for LeapfrogPage {
        const NAME: &'static str = "Match5LeapfrogPage";
        type Type = super::LeapfrogPage;
        type ParentType = adw::Bin;

        fn class_init(klass: &mut Self::Class) {
            crate::widgets::ensure_types();
            LeapfrogView::ensure_type();
            LeapfrogFigures::ensure_type();
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for LeapfrogPage {}

    impl WidgetImpl for LeapfrogPage {
        fn grab_focus(&self) -> bool {
            self.view.grab_focus()
        }
    }

    impl BinImpl for LeapfrogPage {}
}

glib::wrapper! {
    pub struct LeapfrogPage(ObjectSubclass<imp::LeapfrogPage>)
        @extends adw::Bin, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget;
}

impl LeapfrogPage {
    /// Tells the window how the game stands (only when that changed).
    fn set_status(&self, status: GameStatus) {
        self.imp().state.set_status(status);
    }

    pub fn new(settings: &SharedSettings) -> Self {
        let page: Self = glib::Object::new();
        let _ = page.imp().settings.set(settings.clone());
        page.setup();
        page
    }

    pub fn model(&self) -> &LeapfrogGame {
        self.imp().model.get().expect("set up")
    }

    /// The rules the page's clicks and keys and the D-Bus calls follow.
    pub fn controller(&self) -> Controller {
        Controller {
            model: self.model().clone(),
        }
    }

    pub(super) fn settings(&self) -> &SharedSettings {
        self.imp().settings.get().expect("set up")
    }

    fn setup(&self) {
        let imp = self.imp();
        crate::widgets::a11y::one_stop_each(self);
        self.imp().status_slot.set_samples(words::status_samples());
        let settings = self.settings().page::<LeapfrogSettings>();
        let model = LeapfrogGame::new(settings.frogs as usize);
        if super::kept::bring_back(&model, self) {
            imp.last_move.set(model.last_move());
        }
        let _ = imp.model.set(model.clone());
        let weak = model.downgrade();
        crate::games::kept_game::keep_as_played(self, &model, move || {
            weak.upgrade().map_or(Ok(()), |m| super::kept::keep(&m))
        });
        imp.frogs_spin.set_value(f64::from(model.frogs()));
        imp.goats_switch.set_active(settings.goats);
        let goats = settings.goats;

        actions::install::<LeapfrogAction>(
            imp.state.actions(),
            |action| action == LeapfrogAction::Goats && goats,
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |action, simple, parameter| page.activate_with(action, simple, parameter)
            ),
        );
        imp.state.attach(self);

        // Play becomes Pause while the replay plays.
        imp.autoplay_button.connect_active_notify(|button| {
            let (icon, text) = if button.is_active() {
                ("media-playback-pause-symbolic", gettext("Pause"))
            } else {
                (
                    "media-playback-start-symbolic",
                    gettext("Play the Solution"),
                )
            };
            button.set_icon_name(icon);
            button.set_tooltip_text(Some(&text));
            crate::widgets::a11y::set_label(button, &text);
        });
        imp.view.connect_field_activated(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_, field| {
                // Enter (or Space) on a solved board starts the next game,
                // as Play Again does and as on every page; a click there
                // changes nothing, the status line included (it said "Field
                // 4 is empty: click a frog that can move" under a solved
                // puzzle).
                let model = page.model();
                if model.solved() && !model.replaying() {
                    if crate::widgets::drawn_board::played_from_keyboard(&*page.imp().view) {
                        page.activate(LeapfrogAction::NewGame);
                    }
                    return;
                }
                // A frog that cannot move is said by the model's
                // `cannot-move`, which the status follows.
                let _ = page.controller().play(field as u32 + 1);
            }
        ));
        self.setup_puzzle_choices();
        model.connect_notify_local(
            None,
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                // Moves, dead ends and the goal change only with the
                // position: one update per change, not one per property.
                move |_, p| match p.name() {
                    "frogs" => page.show_figures(),
                    "replaying" => page.show_mode(),
                    "position" => page.show_position(),
                    _ => {}
                }
            ),
        );
        model.connect_moved(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_, from, to| {
                page.imp().view.animate_move(from, to);
                page.imp().last_move.set(Some((from, to)));
                page.imp().cannot_move.set(None);
                page.show_position();
                // Said too: a move of the solution or a hint is not the
                // person's, and a reader hears the person's own as done.
                let frog = page.model().shown().get(to);
                crate::widgets::a11y::tell(&page, &words::last_move(page.animal(), frog, from, to));
            }
        ));
        model.connect_cannot_move(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_, field| {
                page.imp().view.shake(field);
                let frog = page.model().shown().get(field);
                crate::widgets::refuse(&page, &words::cannot_move(page.animal(), frog, field));
                page.imp().cannot_move.set(Some(field));
                page.show_position();
            }
        ));
        self.show_figures();
        self.show_mode();
    }

    fn activate_with(
        &self,
        action: LeapfrogAction,
        simple: &gio::SimpleAction,
        parameter: Option<&glib::Variant>,
    ) {
        match action {
            LeapfrogAction::Frogs => self.choose_frogs(parameter),
            LeapfrogAction::Goats => self.choose_goats(simple),
            _ => self.activate(action),
        }
    }

    fn activate(&self, action: LeapfrogAction) {
        let model = self.model();
        match action {
            LeapfrogAction::NewGame => {
                self.stop_autoplay();
                self.imp().last_move.set(None);
                model.clear();
                self.imp().state.tell_new_game(self);
            }
            LeapfrogAction::Undo => match self.controller().undo() {
                Ok(()) => self.imp().state.tell_taken_back(self),
                Err(refusal) => crate::widgets::refuse(self, &refusal.message()),
            },
            LeapfrogAction::Hint => {
                if let Err(refusal) = self.controller().hint() {
                    crate::widgets::refuse(self, &refusal.message());
                }
            }
            LeapfrogAction::Solve => {
                // The status says what the search found; its moves then play
                // by themselves (Pause stops them).
                model.solve();
                self.imp().last_move.set(None);
                self.show_position();
                self.start_autoplay();
            }
            LeapfrogAction::Next => {
                if model.next().is_none() {
                    self.stop_autoplay();
                }
            }
            LeapfrogAction::Previous => {
                self.stop_autoplay();
                model.previous();
            }
            LeapfrogAction::Autoplay => {
                if self.imp().autoplay.borrow().is_some() {
                    self.stop_autoplay();
                } else {
                    self.start_autoplay();
                }
            }
            LeapfrogAction::Play => {
                self.stop_autoplay();
                self.imp().last_move.set(None);
                model.stop_replay();
            }
            // Choices, with their parameter: `activate_with`.
            LeapfrogAction::Frogs | LeapfrogAction::Goats => {}
        }
    }

    /// Goats instead of frogs (control.rs).
    pub(super) fn goats(&self) -> bool {
        self.imp().goats_switch.is_active()
    }

    /// A new puzzle with `k` frogs (1 to 10) or goats of each kind, as the
    /// spin button and the switch make one (control.rs).
    pub(super) fn new_puzzle(&self, k: usize, goats: bool) {
        let imp = self.imp();
        imp.goats_switch.set_active(goats);
        if k as u32 == self.model().frogs() {
            self.activate(LeapfrogAction::NewGame);
        } else {
            imp.frogs_spin.set_value(k as f64);
        }
    }

    /// Back to the moves played, out of the computer's replay (control.rs).
    pub(super) fn stop_replay(&self) {
        if self.model().replaying() {
            self.activate(LeapfrogAction::Play);
        }
    }

    /// Let the Computer Solve It, as the button does; the search it made
    /// (control.rs).
    pub(super) fn solve(&self) -> match5_leapfrog::solver::Search {
        self.stop_autoplay();
        self.activate(LeapfrogAction::Solve);
        self.model().search().expect("just searched")
    }

    fn action(&self, action: LeapfrogAction) -> gio::SimpleAction {
        actions::lookup(self.imp().state.actions(), action)
    }

    fn start_autoplay(&self) {
        let model = self.model();
        if model.solved() {
            // From the start again.
            while model.previous().is_some() {}
        }
        let speed = self.imp().speed_scale.value().max(1.0);
        let interval = Duration::from_secs_f64(1.0 / speed);
        let id = glib::timeout_add_local(
            interval,
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                #[upgrade_or]
                glib::ControlFlow::Break,
                move || {
                    if page.model().next().is_some() && !page.model().solved() {
                        glib::ControlFlow::Continue
                    } else {
                        page.imp().autoplay.replace(None);
                        page.action(LeapfrogAction::Autoplay)
                            .set_state(&false.to_variant());
                        glib::ControlFlow::Break
                    }
                }
            ),
        );
        self.imp().autoplay.replace(Some(id));
        self.action(LeapfrogAction::Autoplay)
            .set_state(&true.to_variant());
    }

    pub(super) fn stop_autoplay(&self) {
        if let Some(id) = self.imp().autoplay.take() {
            id.remove();
        }
        self.action(LeapfrogAction::Autoplay)
            .set_state(&false.to_variant());
    }

    fn animal(&self) -> Animal {
        if self.imp().goats_switch.is_active() {
            Animal::Goat
        } else {
            Animal::Frog
        }
    }

    /// The fields, the status line, the counter and what can be done now.
    pub(super) fn show_position(&self) {
        let imp = self.imp();
        let model = self.model();
        let shown = model.shown();
        let fields = (0..shown.width()).map(|i| shown.get(i)).collect();
        imp.view.set_fields(fields, self.animal(), model.solved());
        imp.end_bar.set_over(model.solved());
        // Once solved, Play Again is what is suggested.
        if model.solved() {
            imp.solve_button.remove_css_class("suggested-action");
        } else {
            imp.solve_button.add_css_class("suggested-action");
        }
        let total = match5_leapfrog::solution_length(model.frogs() as usize);
        let replaying = model.replaying();
        let status = words::status(model);
        self.set_status(if model.solved() {
            GameStatus::Over(status.clone())
        } else {
            GameStatus::Turn(status.clone())
        });
        // In words at each showing: goats instead of frogs changes them. A
        // frog that could not move says why instead of the last move.
        let last = imp.last_move.get().map_or_else(String::new, |(from, to)| {
            words::last_move(self.animal(), shown.get(to), from, to)
        });
        imp.status_label.set_label(&match imp.cannot_move.take() {
            Some(field) => words::cannot_move(self.animal(), shown.get(field), field),
            None if last.is_empty() => status,
            None => format!("{last} {status}"),
        });
        imp.status_label.remove_css_class("red");
        imp.status_label.remove_css_class("blue");
        if !replaying && !model.solvable() {
            imp.status_label.add_css_class("red");
        }
        imp.count_label.set_label(&words::count(model));
        self.action(LeapfrogAction::Undo)
            .set_enabled(!replaying && model.moves() > 0);
        self.action(LeapfrogAction::Hint)
            .set_enabled(!replaying && model.solvable() && !model.solved());
        self.action(LeapfrogAction::Next)
            .set_enabled(replaying && model.moves() < model.solution_length());
        self.action(LeapfrogAction::Previous)
            .set_enabled(replaying && model.moves() > 0);
        let subtitle = words::subtitle(model.frogs(), total as u32);
        imp.state.set_subtitle(subtitle);
    }

    fn show_mode(&self) {
        let replaying = self.model().replaying();
        self.imp()
            .controls
            .set_visible_child_name(if replaying { "replay" } else { "play" });
        self.show_position();
    }

    /// The puzzle's figures and the seed's derivation, for this k.
    fn show_figures(&self) {
        self.imp().figures.show(&self.model().stats());
        self.show_position();
    }
}

impl crate::games::page::GamePage for LeapfrogPage {
    fn widget(&self) -> gtk::Widget {
        self.clone().upcast()
    }

    fn state(&self) -> &crate::games::page_state::PageState {
        &self.imp().state
    }

    fn setup_menu(&self) -> Option<gio::MenuModel> {
        Some(self.imp().setup_menu.get().upcast())
    }

    fn before_close(&self, _close: Box<dyn Fn()>) -> bool {
        true
    }

    fn closing(&self) {
        self.stop_autoplay();
        crate::games::kept_game::keep_at_end(super::kept::keep(self.model()));
    }
}
