//! The five-in-a-row page (template `page.ui`): the status line, the board
//! and the sidebar with player and knowledge (`sidebar.rs`, made after the
//! first frame). It shows its [`FiveGame`] model and updates only what a
//! change touches; the knowledge flows (open, save, players, passwords) are
//! in `knowledge_flows.rs`.

mod action_handlers;
pub mod actions;
mod aside;
mod contract;
mod document;
mod engine_opponent;
mod hint;
mod knowledge_flows;
mod lesson;
mod news;
mod opponents;
mod setup;
pub mod sidebar;
mod status;

use std::cell::{Cell as StdCell, OnceCell};

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gio, glib};
use match5_five::{Cell, Store};

use crate::games::five::board::view::BoardView;
use crate::games::five::controller::{Controller, NewGame};
use crate::games::five::model::FiveGame;
use crate::games::five::model::opponent::Opponent;
use crate::games::five::model::saved_game::SavedGame;
use crate::games::five::model::settings::FiveSettings;
use crate::games::five::page::actions::FiveAction;
use crate::games::five::page::sidebar::{FiveSidebar, level_text, status_name};
use crate::settings::SharedSettings;

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(file = "page.ui")]
    pub struct FivePage {
        #[template_child]
        pub page_menu: TemplateChild<gio::Menu>,
        #[template_child]
        pub setup_menu: TemplateChild<gio::Menu>,
        #[template_child]
        pub opponent_section: TemplateChild<gio::Menu>,
        #[template_child]
        pub split: TemplateChild<adw::OverlaySplitView>,
        #[template_child]
        pub status_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub board: TemplateChild<BoardView>,
        #[template_child]
        pub why_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub aside: TemplateChild<aside::FiveAside>,
        /// What the game just ended taught the computer (`lesson.rs`).
        pub lesson: lesson::Lesson,
        #[template_child]
        pub status_slot: TemplateChild<crate::widgets::text_slot::TextSlot>,
        #[template_child]
        pub why_slot: TemplateChild<crate::widgets::text_slot::TextSlot>,
        #[template_child]
        pub end_bar: TemplateChild<crate::widgets::end_bar::EndBar>,
        #[template_child]
        pub sidebar_slot: TemplateChild<adw::Bin>,
        /// Made after the first frame, or when first needed.
        pub sidebar: OnceCell<FiveSidebar>,
        /// The Practice window, kept once opened (it keeps the last run).
        pub practice: OnceCell<crate::games::five::practice::window::FivePractice>,
        pub model: OnceCell<FiveGame>,
        pub settings: OnceCell<SharedSettings>,
        /// What the window shows of the page: its subtitle ("Anna · level
        /// 12 · owner"), its status and its actions.
        pub state: crate::games::page_state::PageState,
        /// The person said what to do with unsaved knowledge: close now.
        pub close_confirmed: StdCell<bool>,
        /// The engine that plays red, while one does, and where it
        /// stopped (`engine_opponent.rs`).
        pub engine: crate::games::five::model::engine_seat::EngineOpponent,
        /// The moves of the game last shown, to tell new ones (`news.rs`).
        pub seen_moves: StdCell<usize>,
        /// The page makes a move or a game itself: it says so itself.
        pub own_move: StdCell<bool>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for FivePage {
        const NAME: &'static str = "Match5FivePage";
        type Type = super::FivePage;
        type ParentType = adw::BreakpointBin;

        fn class_init(klass: &mut Self::Class) {
            BoardView::ensure_type();
            aside::FiveAside::ensure_type();
            crate::widgets::ensure_types();
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for FivePage {}
    impl WidgetImpl for FivePage {
        /// Focus goes to the board, so the keyboard plays at once.
        fn grab_focus(&self) -> bool {
            self.board.grab_focus()
        }
    }
    impl BreakpointBinImpl for FivePage {}
}

glib::wrapper! {
    pub struct FivePage(ObjectSubclass<imp::FivePage>)
        @extends adw::BreakpointBin, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget;
}

impl FivePage {
    /// Tells the window how the game stands (only when that changed).
    pub(super) fn set_status(&self, status: crate::games::page_state::GameStatus) {
        self.imp().state.set_status(status);
    }

    /// The page, with the game it had (an unfinished one comes back) or the
    /// last player's knowledge. Messages for the person come as toasts.
    pub fn new(settings: &SharedSettings) -> Self {
        crate::startup::trace("page-start");
        let page: Self = glib::Object::new();
        crate::startup::trace("page-template");
        let _ = page.imp().settings.set(settings.clone());
        page.setup();
        page
    }

    pub fn model(&self) -> &FiveGame {
        self.imp().model.get().expect("set up")
    }

    /// Five in a row's controller: the rules the page's menus and sidebar
    /// share with D-Bus.
    pub fn controller(&self) -> Controller {
        Controller {
            model: self.model().clone(),
            settings: self.settings().clone(),
        }
    }

    pub fn settings(&self) -> &SharedSettings {
        self.imp().settings.get().expect("set up")
    }

    pub fn store(&self) -> &Store {
        self.model().store()
    }

    /// The window the page is in, for dialogs.
    pub fn window(&self) -> gtk::Window {
        WidgetExt::root(self)
            .and_downcast::<gtk::Window>()
            .expect("the page is in a window")
    }

    pub fn toast(&self, text: &str) {
        crate::widgets::show_toast(self, crate::widgets::wrapped_toast(text));
    }

    fn setup(&self) {
        let imp = self.imp();
        let settings = self.settings().page::<FiveSettings>();
        let start = crate::games::five::model::starting::start(&settings);
        crate::startup::trace("page-knowledge");
        let session = start.session;
        // The opponent chosen is the one of the game shown.
        let opponent = session.opponent();
        if settings.opponent() != opponent {
            self.settings()
                .update_page::<FiveSettings>(|s| s.choose(&opponent));
        }
        let model = FiveGame::new(start.store, session);
        let _ = imp.model.set(model.clone());
        let weak = model.downgrade();
        crate::games::kept_game::keep_as_played(self, &model, move || {
            weak.upgrade().map_or(Ok(()), |m| SavedGame::keep(&m))
        });

        self.setup_actions();
        imp.state.attach(self);
        self.connect_model();
        self.connect_widgets();
        self.follow_setup();
        self.show_all();
        self.follow_engine();
        // The sidebar is not needed for the first frame: it comes when the
        // main loop is idle after painting (space is kept for it).
        glib::idle_add_local_full(
            glib::Priority::LOW,
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                #[upgrade_or]
                glib::ControlFlow::Break,
                move || {
                    page.sidebar();
                    glib::ControlFlow::Break
                }
            ),
        );

        if start.restored {
            crate::games::kept_game::say_it_is_back(self);
        }
        // About the person's data: it stays until dismissed.
        for m in start.messages {
            crate::widgets::show_toast(self, crate::widgets::lasting_toast(&m));
        }
    }

    /// The sidebar, made now if it is not there yet.
    pub(super) fn sidebar(&self) -> &FiveSidebar {
        let imp = self.imp();
        imp.sidebar.get_or_init(|| {
            let sidebar = FiveSidebar::new(self.model(), &self.settings().page::<FiveSettings>());
            sidebar.connect_player_applied(glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |_, name| page.switch_player(name)
            ));
            sidebar.connect_password_applied(glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |_, password| page.apply_password(&password)
            ));
            sidebar.connect_start_chosen(glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |_, id| page.choose_start(&id)
            ));
            sidebar.connect_opponent_changed(glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |_, opponent| page.on_opponent_changed(opponent)
            ));
            sidebar.connect_style_chosen(glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |_, style| page.controller().choose_style(style.style())
            ));
            sidebar.connect_engines_asked(glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |_| page.show_engines()
            ));
            self.follow_engines();
            imp.sidebar_slot.set_child(Some(&sidebar));
            crate::startup::trace("sidebar");
            sidebar
        })
    }

    /// Narrow updates: each part of the page listens to what it shows.
    fn connect_model(&self) {
        let model = self.model();
        crate::widgets::on_notify(
            model,
            &["player", "level", "knowledge-status", "file"],
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move || page.show_subtitle()
            ),
        );
        crate::widgets::on_notify(
            model,
            // The level too: the note under the board says what empty
            // knowledge is.
            &["moves", "state", "mode", "patterns"],
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move || page.show_game()
            ),
        );
        // An engine that plays red is asked whenever it is its move.
        crate::widgets::on_notify(
            model,
            &["moves", "mode"],
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move || page.follow_engine()
            ),
        );
        model.connect_mode_notify(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_| page.follow_mode()
        ));
        model.connect_practice_reported(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_, words| page.toast(&words)
        ));
        model.connect_practising_notify(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_| page.show_game()
        ));
        model.connect_computer_starts_notify(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_| page.follow_computer_starts()
        ));
        model
            .bind_property("over", &*self.imp().end_bar, "over")
            .sync_create()
            .build();
        let undo = self.action(FiveAction::Undo);
        model
            .bind_property("can-undo", &undo, "enabled")
            .sync_create()
            .build();
        model.connect_may_save_notify(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_| page.enable_knowledge_actions()
        ));
        model.connect_patterns_notify(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_| page.enable_knowledge_actions()
        ));
        self.follow_file();
        model.connect_line_varied(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_, _| {
                if page.settings().page::<FiveSettings>().show_mutations {
                    page.show_varied();
                }
            }
        ));
        model.connect_pattern_changed(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_, added, index, _depth| {
                if page.settings().page::<FiveSettings>().show_mutations {
                    page.show_change(added, index);
                }
            }
        ));
    }

    fn connect_widgets(&self) {
        let imp = self.imp();
        self.keep_text_heights();
        imp.board.connect_cell_activated(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_, cell| page.on_cell(cell)
        ));
        imp.split.connect_show_sidebar_notify(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |split| {
                page.action(FiveAction::ShowSidebar)
                    .set_state(&split.shows_sidebar().to_variant());
            }
        ));
    }

    fn show_all(&self) {
        self.show_subtitle();
        self.show_game();
        self.enable_knowledge_actions();
    }

    /// "Anna · level 12 · owner", under the window's title.
    fn show_subtitle(&self) {
        let mut line = self
            .model()
            .with(|s| s.status_line(status_name, level_text));
        // A file from elsewhere says where it is too:
        // "Dana · level 12 · owner · Downloads".
        if let Some(file) = self.knowledge_file().filter(|f| self.is_elsewhere(f)) {
            line = format!("{line} · {}", self.place_words(&file));
        }
        self.imp().state.set_subtitle(line);
    }

    fn enable_knowledge_actions(&self) {
        let model = self.model();
        let may_save = model.may_save();
        self.action(FiveAction::Save).set_enabled(may_save);
        self.action(FiveAction::DeleteAll)
            .set_enabled(may_save && model.patterns() > 0);
    }

    /// A new game against the opponent the person chose.
    pub fn new_game(&self) {
        self.new_game_in(self.settings().page::<FiveSettings>().opponent());
    }

    /// A new game against `opponent` (the sidebar and the settings follow
    /// the model), with the board ready for the keyboard.
    pub(super) fn new_game_in(&self, opponent: Opponent) {
        // One new-game flow for every door: the controller's (who starts
        // is the player's setting).
        let new = NewGame {
            opponent,
            ..NewGame::default()
        };
        self.imp().own_move.set(true);
        let started = self.controller().new_game(new);
        self.imp().own_move.set(false);
        match started {
            Ok(_) => self.tell_new_game(),
            Err(refusal) => self.toast(&refusal.message()),
        }
        // Another engine, or the same one again after it stopped, with
        // the board as it was (no notification): ask now.
        self.imp().engine.forget_trouble();
        self.follow_engine();
        self.imp().board.grab_focus();
    }

    /// The model started a game with the other side first: the setting and
    /// its menu item follow.
    fn follow_computer_starts(&self) {
        self.set_computer_starts(self.model().computer_starts());
    }

    fn on_cell(&self, cell: Cell) {
        // Enter (or Space) on a finished board starts the next game, as
        // Play Again does; a click there is refused.
        if self.model().over()
            && crate::widgets::drawn_board::played_from_keyboard(&*self.imp().board)
        {
            self.new_game();
            return;
        }
        self.imp().own_move.set(true);
        let played = self.model().play(cell);
        self.imp().own_move.set(false);
        if let Err(e) = played {
            self.refuse_move(e);
        }
    }
}
