//! The tic-tac-toe page (template `page.ui`): the person plays X against
//! the computer's O and sees how it thinks: the preference behind each
//! field, why it played where it did, what it knows. Training and the
//! learned positions open in windows of their own.

use std::cell::OnceCell;

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gio, glib};
use match5_tictactoe::Refusal;
use match5_tictactoe::enumerate::MOST;
use match5_tictactoe::store::Saved;

use super::actions::TicTacToeAction;
use super::drawing::{Scene, Seen};
use super::model::{GameState, TicTacToeGame};
use super::session::{Session, default_path};
use super::settings::TicTacToeSettings;
use super::view::TicTacToeView;
use super::words::{rewards_text, store_error};
use crate::games::actions;
use crate::games::page_state::GameStatus;
use crate::i18n::{gettext, gettext_f, ngettext_f};
use crate::settings::SharedSettings;

/// How long the computer seems to think, so that the person's X shows first.
const ANSWER_DELAY: std::time::Duration = std::time::Duration::from_millis(250);

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(file = "page.ui")]
    pub struct TicTacToePage {
        #[template_child]
        pub setup_menu: TemplateChild<gio::Menu>,
        #[template_child]
        pub status_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub status_slot: TemplateChild<crate::widgets::text_slot::TextSlot>,
        #[template_child]
        pub view: TemplateChild<TicTacToeView>,
        #[template_child]
        pub end_bar: TemplateChild<crate::widgets::end_bar::EndBar>,
        #[template_child]
        pub why_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub positions_row: TemplateChild<adw::ActionRow>,
        #[template_child]
        pub games_row: TemplateChild<adw::ActionRow>,
        #[template_child]
        pub rewards_row: TemplateChild<adw::ActionRow>,
        #[template_child]
        pub rules_label: TemplateChild<gtk::Label>,
        pub model: OnceCell<TicTacToeGame>,
        pub settings: OnceCell<SharedSettings>,
        /// What the window shows of the page: subtitle, status, actions.
        pub state: crate::games::page_state::PageState,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TicTacToePage {
        const NAME: &'static str = "Match5TicTacToePage";
        type Type = super::TicTacToePage;
        type ParentType = adw::Bin;

        fn class_init(klass: &mut Self::Class) {
            crate::widgets::ensure_types();
            TicTacToeView::ensure_type();
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for TicTacToePage {}

    impl WidgetImpl for TicTacToePage {
        fn grab_focus(&self) -> bool {
            self.view.grab_focus()
        }
    }

    impl BinImpl for TicTacToePage {}
}

glib::wrapper! {
    pub struct TicTacToePage(ObjectSubclass<imp::TicTacToePage>)
        @extends adw::Bin, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget;
}

impl TicTacToePage {
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

    fn settings(&self) -> &SharedSettings {
        self.imp().settings.get().expect("set at creation")
    }

    fn setup(&self) {
        let imp = self.imp();
        crate::widgets::a11y::one_stop_each(self);
        self.imp()
            .status_slot
            .set_samples(super::words::status_samples());
        let preferences = self.settings().page::<TicTacToeSettings>().preferences;
        actions::install::<TicTacToeAction>(
            imp.state.actions(),
            |_| preferences,
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |action, simple, _| page.activate(action, simple)
            ),
        );
        imp.state.attach(self);
        imp.view.connect_field_chosen(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_, field| page.play(field)
        ));

        let (mut session, opened) = Session::open(&default_path());
        super::kept::bring_back(&mut session, self);
        let _ = imp.model.set(TicTacToeGame::new(session));
        let weak = self.model().downgrade();
        crate::games::kept_game::keep_as_played(self, self.model(), move || {
            weak.upgrade().map_or(Ok(()), |m| super::kept::keep(&m))
        });
        self.connect_model();
        // About the person's data: it stays until dismissed.
        if let Some(words) = super::words::opened(&opened) {
            drop(self.lasting_toast(&words));
        }
        self.show_game();
        self.show_knowledge();
    }

    pub fn model(&self) -> &TicTacToeGame {
        self.imp().model.get().expect("made at setup")
    }

    /// Narrow updates: the board and its words follow the game, the
    /// knowledge rows and the subtitle what the computer knows.
    fn connect_model(&self) {
        let model = self.model();
        crate::widgets::on_notify(
            model,
            &["moves", "state", "training"],
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move || page.show_game()
            ),
        );
        model.connect_knowledge_changed(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_| page.show_knowledge()
        ));
        // Each answer may meet positions new to the computer.
        model.connect_positions_notify(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_| page.show_knowledge()
        ));
    }

    fn activate(&self, action: TicTacToeAction, simple: &gio::SimpleAction) {
        match action {
            TicTacToeAction::NewGame => {
                self.model().new_game();
                self.imp().state.tell_new_game(self);
            }
            TicTacToeAction::Undo => {
                if self.model().undo() {
                    self.imp().state.tell_taken_back(self);
                } else {
                    crate::widgets::refuse(self, &gettext("There is no move to take back."));
                }
            }
            TicTacToeAction::ShowPreferences => {
                let on = actions::toggle(simple);
                self.settings()
                    .update_page::<TicTacToeSettings>(|s| s.preferences = on);
                self.show_game();
            }
            TicTacToeAction::Positions => {
                if let Some(window) = self.root().and_downcast::<gtk::Window>() {
                    let knowledge = self.model().with(|s| s.knowledge.clone());
                    super::positions::show(&window, &knowledge);
                }
            }
            TicTacToeAction::Train => {
                if let Some(window) = self.root().and_downcast::<gtk::Window>() {
                    super::training::show(&window, self.model());
                }
            }
            TicTacToeAction::Forget => self.ask_forget(),
        }
    }

    fn ask_forget(&self) {
        let Some(window) = self.root().and_downcast::<gtk::Window>() else {
            return;
        };
        let n = self.model().positions();
        let page = self.downgrade();
        crate::dialogs::confirm(
            &window,
            &gettext("Forget Everything?"),
            &ngettext_f(
                "The computer forgets the {n} position it has learned and plays as on its first day.",
                "The computer forgets the {n} positions it has learned and plays as on its first day.",
                n,
                &[("n", &n.to_string())],
            ),
            &gettext("_Forget"),
            true,
            move || {
                if let Some(page) = page.upgrade() {
                    // A training may have started while the person read.
                    match page.controller().may_forget() {
                        Ok(()) => {
                            let _ = page.forget_now();
                        }
                        Err(refusal) => page.toast(&refusal.message()),
                    }
                }
            },
        );
    }

    /// The rules this page, its training window and D-Bus follow.
    pub fn controller(&self) -> super::controller::Controller {
        super::controller::Controller {
            model: self.model().clone(),
        }
    }

    /// The computer forgets everything, without asking (asked before, or a
    /// script's call). When the forgetting cannot be saved (a full disk),
    /// nothing is forgotten and the words say why.
    pub(super) fn forget_now(&self) -> Result<(), String> {
        if let Some(Err(e)) = self.model().forget() {
            let words = gettext_f("Not forgotten: {reason}", &[("reason", &store_error(&e))]);
            self.toast(&words);
            return Err(words);
        }
        self.toast(&gettext("The computer has forgotten everything."));
        Ok(())
    }

    fn play(&self, field: usize) {
        // A game that ends is learned and saved, and the training holds
        // the file: the status says to wait (the main loop never waits on
        // the training's lock).
        if let Err(refusal) = self.controller().may_play(field as u32 + 1) {
            crate::widgets::refuse(self, &refusal.message());
            return;
        }
        match self.model().play(field) {
            // Enter (or Space) on a finished board starts the next game,
            // as Play Again does and as on every page; a click there is
            // refused, with no toast over the board.
            Err(Refusal::Over)
                if crate::widgets::drawn_board::played_from_keyboard(&*self.imp().view) =>
            {
                self.model().new_game();
                self.imp().state.tell_new_game(self);
            }
            Err(refusal) => crate::widgets::refuse(self, &super::words::refusal(refusal)),
            Ok(()) if self.model().state().is_over() => self.finished(),
            Ok(()) => {
                // The person sees the X before the O comes.
                glib::timeout_add_local_once(
                    ANSWER_DELAY,
                    glib::clone!(
                        #[weak(rename_to = page)]
                        self,
                        move || {
                            page.model().answer();
                            page.tell_answer();
                            if page.model().state().is_over() {
                                page.finished();
                            }
                        }
                    ),
                );
            }
        }
    }

    /// A script's X on `field` (0 to 8): the computer answers at once.
    /// Returns the computer's field, or `None` when the X ended the game.
    pub(super) fn play_and_answer(&self, field: usize) -> Result<Option<usize>, Refusal> {
        let model = self.model();
        model.play(field)?;
        if model.state().is_over() {
            self.finished();
            return Ok(None);
        }
        model.answer();
        let answer = model.with(|s| s.game.moves().last().copied());
        if model.state().is_over() {
            self.finished();
        }
        Ok(answer)
    }

    /// The computer's answer is said to screen readers with the turn after
    /// it: "O took field 2. Your turn: you play X." (the result, when the
    /// answer ends the game, the window says at once).
    fn tell_answer(&self) {
        let answer = self.model().with(|s| s.game.moves().last().copied());
        if let Some(field) = answer {
            let text = self
                .imp()
                .state
                .news_then_status(&super::words::answer(field));
            // With the focus on the board, its description says it first
            // (a screen reader says a focused board's new description):
            // told once.
            if self.imp().view.has_focus() {
                self.imp().view.set_news(&text);
            } else {
                crate::widgets::a11y::tell(self, &text);
            }
        }
    }

    /// The game is over: the computer learns from it and saves.
    fn finished(&self) {
        match self.model().learn() {
            Some(Err(e)) => self.toast(&gettext_f(
                "What the computer learned is not saved: {reason}",
                &[("reason", &store_error(&e))],
            )),
            Some(Ok(Saved::OnTopOfOthers)) => self.toast(&gettext(
                "Another program had trained the computer meanwhile: this game was learned on top of that.",
            )),
            Some(Ok(Saved::Plain)) | None => {}
        }
    }

    pub fn toast(&self, text: &str) {
        let toast = crate::widgets::wrapped_toast(text);
        toast.set_timeout(if text.len() > 90 { 8 } else { 4 });
        crate::widgets::show_toast(self, toast);
    }

    /// A toast that stays until it is dismissed (by the person or by what
    /// it tells of ending).
    pub(super) fn lasting_toast(&self, text: &str) -> adw::Toast {
        let toast = crate::widgets::lasting_toast(text);
        crate::widgets::show_toast(self, toast.clone());
        toast
    }

    /// The board and the words around it.
    fn show_game(&self) {
        let imp = self.imp();
        let show_preferences = self.settings().page::<TicTacToeSettings>().preferences;
        let state = self.model().state();
        imp.end_bar.set_over(state.is_over());
        let (scene, status, why) = self.model().with(|s| {
            let game = &s.game;
            let mut scene = Scene {
                board: *game.board(),
                show_preferences,
                winning: game.winning_line(),
                ..Scene::default()
            };
            if let Some(d) = game.last_deliberation() {
                for c in &d.options {
                    scene.seen[c.field] = Some(Seen {
                        preference: c.preference,
                    });
                }
            }
            let rewards = s.knowledge.rewards();
            let status = super::words::status(state, rewards, self.model().training());
            // Why it played its last O, while the game runs: at the end the
            // status says what the game taught.
            let why = game
                .last_deliberation()
                .filter(|_| !game.is_over())
                .map(super::words::why_text);
            (scene, status, why)
        });
        imp.view.set_scene(scene);
        imp.status_label.set_label(&status);
        self.set_status(match state {
            GameState::Thinking => GameStatus::Thinking(status),
            s if s.is_over() => GameStatus::Over(status),
            _ => GameStatus::Turn(status),
        });
        imp.why_label.set_label(&why.unwrap_or_else(|| {
            gettext("The computer weighs every empty field, 1 to 9, and plays the one whose position has the highest preference.")
        }));
        let started = self.model().moves() > 0;
        actions::lookup(imp.state.actions(), TicTacToeAction::NewGame).set_enabled(started);
        actions::lookup(imp.state.actions(), TicTacToeAction::Undo)
            .set_enabled(self.model().can_undo() && !self.model().training());
        self.enable_training_actions();
    }

    /// Train and Forget wait while a training holds the computer; Forget
    /// also needs something learned.
    fn enable_training_actions(&self) {
        let (imp, model) = (self.imp(), self.model());
        let training = model.training();
        actions::lookup(imp.state.actions(), TicTacToeAction::Train).set_enabled(!training);
        actions::lookup(imp.state.actions(), TicTacToeAction::Forget)
            .set_enabled(!training && model.positions() > 0);
    }

    /// What the computer knows: the rows, the rules with their rewards and
    /// the subtitle.
    fn show_knowledge(&self) {
        let imp = self.imp();
        let model = self.model();
        let (len, games) = (model.positions(), model.games());
        let rewards = model.with(|s| s.knowledge.rewards());
        let of_most = gettext_f(
            "{n} of at most {most}",
            &[("n", &len.to_string()), ("most", &MOST.to_string())],
        );
        imp.positions_row.set_subtitle(&of_most);
        imp.games_row.set_subtitle(&games.to_string());
        imp.rewards_row.set_subtitle(&rewards_text(rewards));
        imp.rules_label.set_label(&gettext_f(
            "How the computer thinks, after a Dutch magazine article of 1983: a position is a number in base 3 (fields 1 to 9, row by row; empty 0, X 1, O 2), and turns and mirror images count as one, the lowest of the eight. It never looks ahead: for each empty field it looks up the position its O there would make, adds any it has not seen with preference 0, and plays the highest, the first of equal ones. After the game each position it made gets {rewards}.",
            &[("rewards", &rewards_text(rewards))],
        ));
        let positions = ngettext_f(
            "{n} position learned",
            "{n} positions learned",
            len,
            &[("n", &len.to_string())],
        );
        imp.state.set_subtitle(positions);
        self.enable_training_actions();
    }
}

impl crate::games::page::GamePage for TicTacToePage {
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

    /// What a save could not write earlier (a full disk) gets one more try.
    fn closing(&self) {
        crate::games::kept_game::keep_at_end(super::kept::keep(self.model()));
        if let Some(Err(e)) = self.model().save_if_behind() {
            eprintln!(
                "match5: what the tic-tac-toe computer learned is not saved: {}",
                store_error(&e)
            );
        }
    }
}
