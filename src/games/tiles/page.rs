//! The tile page (template `page.ui`): play the tile game against a person
//! or the computer, ask for the best move, open the original's game files
//! or deal a random game.

use std::cell::{OnceCell, RefCell};

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gio, glib};
use match5_tiles::game::PLAYER_NAMES;
use match5_tiles::{Colour, Move, Sizes};

use super::actions::TilesAction;
use super::drawing::Scene;
use super::model::{Player, TilesGame};
use super::view::TilesView;
use super::words;
use crate::games::actions;
use crate::games::page_state::GameStatus;
use crate::i18n::{gettext, gettext_f};
use crate::settings::SharedSettings;

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(file = "page.ui")]
    pub struct TilesPage {
        #[template_child]
        pub page_menu: TemplateChild<gio::Menu>,
        #[template_child]
        pub status_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub status_slot: TemplateChild<crate::widgets::text_slot::TextSlot>,
        #[template_child]
        pub view: TemplateChild<TilesView>,
        #[template_child]
        pub end_bar: TemplateChild<crate::widgets::end_bar::EndBar>,
        #[template_child]
        pub hint_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub first_row: TemplateChild<adw::ComboRow>,
        #[template_child]
        pub second_row: TemplateChild<adw::ComboRow>,
        #[template_child]
        pub rules_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub sizes_dialog: TemplateChild<adw::Dialog>,
        #[template_child]
        pub bowls_spin: TemplateChild<adw::SpinRow>,
        #[template_child]
        pub bowl_size_spin: TemplateChild<adw::SpinRow>,
        #[template_child]
        pub rows_spin: TemplateChild<adw::SpinRow>,
        #[template_child]
        pub row_length_spin: TemplateChild<adw::SpinRow>,
        #[template_child]
        pub pot_spin: TemplateChild<adw::SpinRow>,
        pub model: TilesGame,
        pub settings: OnceCell<SharedSettings>,
        /// What the window shows of the page: subtitle, status, actions.
        pub state: crate::games::page_state::PageState,
        /// Who plays each side and the other games, behind New Game's
        /// arrow (`players.rs`).
        pub setup_menu: gio::Menu,
        /// The best move shown, until the position changes.
        pub hint: RefCell<Option<Move>>,
        /// The moves of the game last seen, to tell a computer's new ones.
        pub seen_moves: std::cell::Cell<usize>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TilesPage {
        const NAME: &'static str = "Match5TilesPage";
        type Type = super::TilesPage;
        type ParentType = adw::Bin;

        fn class_init(klass: &mut Self::Class) {
            crate::widgets::ensure_types();
            TilesView::ensure_type();
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for TilesPage {}

    impl WidgetImpl for TilesPage {
        fn grab_focus(&self) -> bool {
            self.view.grab_focus()
        }
    }

    impl BinImpl for TilesPage {}
}

glib::wrapper! {
    pub struct TilesPage(ObjectSubclass<imp::TilesPage>)
        @extends adw::Bin, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget;
}

impl TilesPage {
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

    pub(super) fn model(&self) -> &TilesGame {
        &self.imp().model
    }

    /// The rules the page's buttons and file chooser and D-Bus follow.
    pub(super) fn controller(&self) -> super::controller::Controller {
        super::controller::Controller {
            model: self.model().clone(),
        }
    }

    fn setup(&self) {
        let imp = self.imp();
        crate::widgets::a11y::one_stop_each(self);
        self.imp().status_slot.set_samples(words::status_samples());
        actions::install::<TilesAction>(
            imp.state.actions(),
            |_| false,
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |action, simple, parameter| page.activate(action, simple, parameter)
            ),
        );
        imp.state.attach(self);

        super::kept::bring_back(self.model(), self);
        let weak = self.model().downgrade();
        crate::games::kept_game::keep_as_played(self, self.model(), move || {
            weak.upgrade().map_or(Ok(()), |m| super::kept::keep(&m))
        });
        self.setup_players();
        imp.view.connect_move_chosen(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_, mv| page.model().play(mv)
        ));
        let model = self.model();
        // Other sizes start from those of the game the page opened on (the
        // model's fresh deal), not a second set of numbers in page.ui.
        let start = model.game();
        let sizes = start.sizes();
        for (spin, value) in [
            (&imp.bowls_spin, sizes.bowls),
            (&imp.bowl_size_spin, sizes.bowl_size),
            (&imp.rows_spin, sizes.rows),
            (&imp.row_length_spin, sizes.row_length),
            (&imp.pot_spin, start.pot().len()),
        ] {
            spin.set_value(value as f64);
        }
        model
            .bind_property("over", &*imp.end_bar, "over")
            .sync_create()
            .build();
        model.connect_notify_local(
            None,
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |_, p| {
                    if p.name() == "moves" {
                        page.imp().hint.replace(None);
                        page.imp().hint_label.set_label("");
                    }
                    page.show_position();
                    page.tell_computers_move();
                }
            ),
        );
        model.connect_closure(
            "hinted",
            false,
            glib::closure_local!(
                #[weak(rename_to = page)]
                self,
                move |_: TilesGame, bowl: u32, colour: u32, score: i32, exact: bool, depth: u32| {
                    page.hinted(bowl as usize, colour, score, exact, depth);
                }
            ),
        );
        model.connect_closure(
            "refused",
            false,
            glib::closure_local!(
                #[weak(rename_to = page)]
                self,
                move |_: TilesGame, message: String| {
                    // The reason is read where the game's words are, under
                    // the board, until the next move.
                    page.imp().hint_label.set_label(&message);
                    crate::widgets::refuse(&page, &message);
                }
            ),
        );
        imp.rules_label.set_label(&format!(
            "{}\n\n{}",
            words::rules(),
            words::how_the_computer_plays()
        ));
        self.show_position();
    }

    fn activate(
        &self,
        action: TilesAction,
        simple: &gio::SimpleAction,
        parameter: Option<&glib::Variant>,
    ) {
        let model = self.model();
        let starts_a_game = matches!(
            action,
            TilesAction::NewGame
                | TilesAction::Restart
                | TilesAction::Example
                | TilesAction::Random
        );
        if starts_a_game {
            // A new game is played on the board, not on the button or the
            // menu that started it.
            crate::widgets::drawn_board::focus_soon(&*self.imp().view);
        }
        match action {
            TilesAction::NewGame => model.deal(),
            TilesAction::Restart => model.restart(),
            TilesAction::Undo => match self.controller().undo() {
                Ok(()) => self.imp().state.tell_taken_back(self),
                Err(refusal) => crate::widgets::refuse(self, &refusal.message()),
            },
            TilesAction::Hint => model.hint(),
            TilesAction::Example => self.controller().example(),
            TilesAction::OtherSizes => {
                self.imp().sizes_dialog.present(Some(self));
            }
            TilesAction::Random => {
                let imp = self.imp();
                imp.sizes_dialog.close();
                let spin = |s: &adw::SpinRow| s.value().round().max(1.0) as usize;
                let sizes = Sizes {
                    bowls: spin(&imp.bowls_spin),
                    bowl_size: spin(&imp.bowl_size_spin),
                    rows: spin(&imp.rows_spin),
                    row_length: spin(&imp.row_length_spin),
                };
                self.controller().deal(sizes, spin(&imp.pot_spin));
            }
            TilesAction::Open => self.open_file(),
            TilesAction::FirstPlayer | TilesAction::SecondPlayer => {
                self.choose_player(simple, parameter);
            }
            TilesAction::Experiment => {
                if let Some(window) = self.root().and_downcast::<gtk::Window>() {
                    super::experiment::show(&window, model.game());
                }
            }
        }
        if starts_a_game {
            self.imp().state.tell_new_game(self);
        }
    }

    /// The hint: exact, or the best found in the time (said so).
    fn hinted(&self, bowl: usize, colour: u32, score: i32, exact: bool, depth: u32) {
        let colour = Colour::from_index(colour as usize);
        let mv = Move { bowl, colour };
        self.imp().hint.replace(Some(mv));
        let text = words::hint(&self.model().game(), self.you(), mv, score, exact, depth);
        self.imp().hint_label.set_label(&text);
        self.show_position();
        crate::widgets::a11y::tell(self, &text);
    }

    /// A computer's move is said to screen readers with the turn after it,
    /// once it has stopped thinking: "Lieke took 2 blue tiles of bowl 1
    /// into row 3. Your turn: …".
    fn tell_computers_move(&self) {
        if self.model().thinking() {
            return;
        }
        let game = self.model().game();
        let n = game.moves_played();
        if n <= self.imp().seen_moves.replace(n) {
            return;
        }
        let mover = 1 - game.to_move();
        if self.model().players()[mover] == Player::Person {
            return;
        }
        if let Some(words) = words::last_move(&game, self.you()) {
            let status = self.imp().state.status().text().to_string();
            let text = format!("{words} {status}");
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

    /// The side of a person playing against a computer, spoken to as
    /// "you"; None when both or neither are people.
    fn you(&self) -> Option<usize> {
        let players = self.model().players();
        let people: Vec<usize> = (0..2).filter(|&i| players[i] == Player::Person).collect();
        (people.len() == 1).then(|| people[0])
    }

    pub(super) fn toast(&self, text: &str) {
        crate::widgets::show_toast(self, crate::widgets::wrapped_toast(text));
    }

    fn action(&self, action: TilesAction) -> gio::SimpleAction {
        actions::lookup(self.imp().state.actions(), action)
    }

    /// The surface, the status line and what can be done now.
    fn show_position(&self) {
        let imp = self.imp();
        let model = self.model();
        let game = model.game();
        let sizes = game.sizes();
        let you = self.you();
        let scene = Scene {
            pot: game.pot_left().to_vec(),
            bowls: (0..sizes.bowls)
                .map(|b| [game.bowl(b, Colour::Yellow), game.bowl(b, Colour::Blue)])
                .collect(),
            bowl_size: sizes.bowl_size,
            boards: [game.board(0).to_vec(), game.board(1).to_vec()],
            row_length: sizes.row_length,
            names: [PLAYER_NAMES[0].to_string(), PLAYER_NAMES[1].to_string()],
            you,
            pot_label: gettext("Pot"),
            bowl_labels: (0..sizes.bowls).map(words::bowl_label).collect(),
            to_move: game.to_move(),
            over: game.is_over(),
            cursor: None,
            hint: *imp.hint.borrow(),
        };
        imp.view.set_scene(scene);
        let computer_to_move = model.players()[game.to_move()] != Player::Person;
        let status = words::status(&game, model.thinking(), computer_to_move, you);
        imp.status_label.set_label(&status);
        self.set_status(if game.is_over() {
            GameStatus::Over(status)
        } else if model.thinking() {
            GameStatus::Thinking(status)
        } else {
            GameStatus::Turn(status)
        });
        self.action(TilesAction::Undo)
            .set_enabled(model.can_undo() && !model.thinking());
        self.action(TilesAction::Hint)
            .set_enabled(!game.is_over() && !model.thinking());
        self.action(TilesAction::Restart)
            .set_enabled(game.moves_played() > 0);
        self.action(TilesAction::Experiment)
            .set_enabled(!game.is_over() && !model.thinking());
        if imp.hint.borrow().is_none() {
            // The last move in words; at the start, how to move.
            imp.hint_label
                .set_label(&words::last_move(&game, you).unwrap_or_else(words::how_to_move));
        }
        let subtitle = gettext_f(
            "{m} bowls of {n} · {k} rows of {l}",
            &[
                ("m", &sizes.bowls.to_string()),
                ("n", &sizes.bowl_size.to_string()),
                ("k", &sizes.rows.to_string()),
                ("l", &sizes.row_length.to_string()),
            ],
        );
        imp.state.set_subtitle(subtitle);
    }
}

/// Opening a game file: the file chooser; the game on the page stays when
/// the file cannot be used.
impl TilesPage {
    pub(super) fn open_file(&self) {
        let window = self.root().and_downcast::<gtk::Window>();
        let kind = crate::dialogs::FileKind {
            name: &gettext("Game files"),
            patterns: &["*.txt"],
            mime_types: &["text/plain"],
        };
        let page = self.downgrade();
        crate::dialogs::open_file(
            window.as_ref(),
            &gettext("Open Game File"),
            &kind,
            None,
            move |path| {
                if let Some(page) = page.upgrade() {
                    page.load(&path);
                }
            },
        );
    }

    /// Reads a game file; a bad one is reported with its line, and the
    /// game on the page stays.
    pub fn load(&self, path: &std::path::Path) {
        if let Err(refusal) = self.controller().open(path) {
            self.toast(&refusal.message());
        }
    }
}

impl crate::games::page::GamePage for TilesPage {
    fn widget(&self) -> gtk::Widget {
        self.clone().upcast()
    }

    fn state(&self) -> &crate::games::page_state::PageState {
        &self.imp().state
    }

    fn menu(&self) -> Option<gio::MenuModel> {
        Some(self.imp().page_menu.get().upcast())
    }

    fn setup_menu(&self) -> Option<gio::MenuModel> {
        Some(self.imp().setup_menu.clone().upcast())
    }

    fn before_close(&self, _close: Box<dyn Fn()>) -> bool {
        true
    }

    fn closing(&self) {
        crate::games::kept_game::keep_at_end(super::kept::keep(self.model()));
    }
}
