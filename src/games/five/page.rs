//! The five-in-a-row page (template `page.ui`): the status line, the board
//! and the sidebar with player and knowledge (`sidebar.rs`, made after the
//! first frame). It shows its [`FiveGame`] model and updates only what a
//! change touches; the knowledge flows (open, save, players, passwords) are
//! in `knowledge_flows.rs`.

use std::cell::{Cell as StdCell, OnceCell, RefCell};

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gio, glib};
use match5_five::board::CELLS;
use match5_five::pattern::PatternCell;
use match5_five::{Cell, Color, Knowledge, Mode, Outcome, Reason, Store};

use super::actions::FiveAction;
use super::model::FiveGame;
use super::saved_game::SavedGame;
use super::session::Session;
use super::settings::FiveSettings;
use super::sidebar::{FiveSidebar, level_text, status_name};
use crate::games::actions::{self, PageAction};
use crate::games::five::board_drawing::{Field, Scene};
use crate::games::five::board_view::{BoardView, cell_name, describe_stones};
use crate::i18n::{gettext, gettext_f};
use crate::settings::SharedSettings;

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate, glib::Properties)]
    #[template(resource = "/io/github/match5/Match5/games/five/page.ui")]
    #[properties(wrapper_type = super::FivePage)]
    pub struct FivePage {
        #[template_child]
        pub page_menu: TemplateChild<gio::Menu>,
        #[template_child]
        pub toasts: TemplateChild<adw::ToastOverlay>,
        #[template_child]
        pub flap: TemplateChild<adw::Flap>,
        #[template_child]
        pub status_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub board: TemplateChild<BoardView>,
        #[template_child]
        pub why_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub game_over_revealer: TemplateChild<gtk::Revealer>,
        #[template_child]
        pub sidebar_slot: TemplateChild<adw::Bin>,
        /// Made after the first frame, or when first needed.
        pub sidebar: OnceCell<FiveSidebar>,
        /// "Anna · level 12 · owner": the window shows it under its title.
        #[property(get)]
        pub subtitle: RefCell<String>,
        pub model: OnceCell<FiveGame>,
        pub settings: OnceCell<SharedSettings>,
        pub actions: gio::SimpleActionGroup,
        pub file_chooser: RefCell<Option<gtk::FileChooserNative>>,
        /// The person said what to do with unsaved knowledge: close now.
        pub close_confirmed: StdCell<bool>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for FivePage {
        const NAME: &'static str = "Match5FivePage";
        type Type = super::FivePage;
        type ParentType = adw::Bin;

        fn class_init(klass: &mut Self::Class) {
            BoardView::ensure_type();
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    #[glib::derived_properties]
    impl ObjectImpl for FivePage {}
    impl WidgetImpl for FivePage {
        /// Focus goes to the board, so the keyboard plays at once.
        fn grab_focus(&self) -> bool {
            self.board.grab_focus()
        }
    }
    impl BinImpl for FivePage {}
}

glib::wrapper! {
    pub struct FivePage(ObjectSubclass<imp::FivePage>)
        @extends adw::Bin, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget;
}

impl FivePage {
    /// The page, with the game it had (an unfinished one comes back) or the
    /// last player's knowledge. Messages for the person come as toasts.
    pub fn new(settings: &SharedSettings) -> Self {
        let page: Self = glib::Object::new();
        let _ = page.imp().settings.set(settings.clone());
        page.setup();
        page
    }

    pub fn model(&self) -> &FiveGame {
        self.imp().model.get().expect("set up")
    }

    pub fn settings(&self) -> &SharedSettings {
        self.imp().settings.get().expect("set up")
    }

    pub fn store(&self) -> &Store {
        self.model().store()
    }

    /// The page's actions (the window shows them as `game.*`).
    pub fn actions(&self) -> gio::ActionGroup {
        self.imp().actions.clone().upcast()
    }

    /// The window the page is in, for dialogs.
    pub fn window(&self) -> gtk::Window {
        WidgetExt::root(self)
            .and_downcast::<gtk::Window>()
            .expect("the page is in a window")
    }

    pub fn toast(&self, text: &str) {
        self.imp().toasts.add_toast(adw::Toast::new(text));
    }

    fn setup(&self) {
        let imp = self.imp();
        let settings = self.settings().page::<FiveSettings>();
        let store = Store::at(glib::user_data_dir().join("match5"));
        let mode = if settings.two_players {
            Mode::TwoPlayers
        } else {
            Mode::VsComputer
        };
        let player = if settings.last_player.trim().is_empty() {
            default_player_name()
        } else {
            settings.last_player.clone()
        };

        // A game left unfinished comes back; otherwise the player's knowledge.
        let saved_path = SavedGame::path(store.dir());
        let mut messages = Vec::new();
        let restored = SavedGame::load(&saved_path).and_then(|saved| {
            let (knowledge, message) =
                knowledge_for(&store, &saved.player, saved.knowledge.as_deref());
            messages.extend(message);
            let game = saved.game(&knowledge)?;
            Some(Session::restored(knowledge, game, saved.computer_starts))
        });
        let restored_game = restored.is_some();
        let session = restored.unwrap_or_else(|| {
            let (knowledge, message) = knowledge_for(&store, &player, None);
            messages.extend(message);
            Session::new(knowledge, mode, settings.computer_starts)
        });
        let _ = std::fs::remove_file(&saved_path);
        // The opponent chosen is the one of the game shown.
        let two_players = session.mode() == Mode::TwoPlayers;
        if settings.two_players != two_players {
            self.settings()
                .update_page::<FiveSettings>(|s| s.two_players = two_players);
        }
        let model = FiveGame::new(store, session);
        let _ = imp.model.set(model);

        self.setup_actions();
        self.insert_action_group(crate::games::page::PAGE_ACTIONS, Some(&imp.actions));
        self.connect_model();
        self.connect_widgets();
        self.show_all();
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

        if restored_game {
            self.toast(&gettext("Your unfinished game is back"));
        }
        for m in messages {
            self.toast(&m);
        }
    }

    fn setup_actions(&self) {
        let settings = self.settings().page::<FiveSettings>();
        let group = &self.imp().actions;
        let sidebar = self.imp().flap.reveals_flap();
        actions::install::<FiveAction>(
            group,
            |action| match action {
                FiveAction::ComputerStarts => settings.computer_starts,
                FiveAction::ShowMutations => settings.show_mutations,
                FiveAction::ShowWhy => settings.show_why,
                FiveAction::ShowSidebar => sidebar,
                _ => false,
            },
            glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |action, simple, parameter| page.activate(action, simple, parameter)
            ),
        );
    }

    /// Carries out one of the page's actions.
    fn activate(
        &self,
        action: FiveAction,
        simple: &gio::SimpleAction,
        parameter: Option<&glib::Variant>,
    ) {
        let toggled = || {
            let on = !simple
                .state()
                .and_then(|s| s.get::<bool>())
                .unwrap_or(false);
            simple.set_state(&on.to_variant());
            on
        };
        match action {
            FiveAction::NewGame => self.new_game(),
            FiveAction::Undo => {
                self.model().undo();
            }
            FiveAction::Open => {
                let page = self.clone();
                self.ask_to_save_then(move || page.choose_file_to_open());
            }
            FiveAction::Save => {
                self.save();
            }
            FiveAction::SaveAs => self.save_as(|_| {}),
            FiveAction::Patterns => super::pattern_viewer::show(&self.window(), self.model(), 0),
            FiveAction::ViewPattern => {
                let index = parameter.and_then(|v| v.get::<u32>()).unwrap_or(0);
                super::pattern_viewer::show(&self.window(), self.model(), index as usize);
            }
            FiveAction::HallOfFame => super::hall_of_fame::show(&self.window(), self.model()),
            FiveAction::LearningHistory => {
                super::learning_history::show(&self.window(), self.model());
            }
            FiveAction::DeleteAll => self.delete_all(),
            FiveAction::ComputerStarts => {
                let on = toggled();
                self.settings()
                    .update_page::<FiveSettings>(|s| s.computer_starts = on);
            }
            FiveAction::ShowMutations => {
                let on = toggled();
                self.settings()
                    .update_page::<FiveSettings>(|s| s.show_mutations = on);
            }
            FiveAction::ShowWhy => {
                let on = toggled();
                self.settings()
                    .update_page::<FiveSettings>(|s| s.show_why = on);
                self.show_game();
            }
            FiveAction::ShowSidebar => {
                let on = toggled();
                self.sidebar();
                self.imp().flap.set_reveal_flap(on);
            }
        }
    }

    fn action(&self, action: FiveAction) -> gio::SimpleAction {
        actions::lookup(&self.imp().actions, action)
    }

    /// The sidebar, made now if it is not there yet.
    pub(super) fn sidebar(&self) -> &FiveSidebar {
        let imp = self.imp();
        imp.sidebar.get_or_init(|| {
            let sidebar = FiveSidebar::new(
                self.model(),
                self.settings().page::<FiveSettings>().two_players,
            );
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
            sidebar.connect_opponent_changed(glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |_, two_players| page.on_mode_changed(two_players)
            ));
            imp.sidebar_slot.set_child(Some(&sidebar));
            crate::startup::trace("sidebar");
            sidebar
        })
    }

    /// Narrow updates: each part of the page listens to what it shows.
    fn connect_model(&self) {
        let model = self.model();
        for property in ["player", "level", "knowledge-status"] {
            model.connect_notify_local(
                Some(property),
                glib::clone!(
                    #[weak(rename_to = page)]
                    self,
                    move |_, _| page.show_subtitle()
                ),
            );
        }
        for property in ["moves", "state", "mode"] {
            model.connect_notify_local(
                Some(property),
                glib::clone!(
                    #[weak(rename_to = page)]
                    self,
                    move |_, _| page.show_game()
                ),
            );
        }
        model
            .bind_property("over", &*self.imp().game_over_revealer, "reveal-child")
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
        model.connect_level_notify(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_| page.enable_knowledge_actions()
        ));
        model.connect_player_notify(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |m| {
                let player = m.player();
                page.settings()
                    .update_page::<FiveSettings>(|s| s.last_player = player);
            }
        ));
        model.connect_line_varied(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_, _| {
                if page.settings().page::<FiveSettings>().show_mutations {
                    page.toast(&gettext("I lost this way before; I will try another reply"));
                }
            }
        ));
        model.connect_pattern_changed(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_, added, index, level| {
                if page.settings().page::<FiveSettings>().show_mutations {
                    page.show_change(added, index, level);
                }
            }
        ));
    }

    fn connect_widgets(&self) {
        let imp = self.imp();
        imp.board.connect_cell_activated(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |_, cell| page.on_cell(cell)
        ));
        imp.flap.connect_reveal_flap_notify(glib::clone!(
            #[weak(rename_to = page)]
            self,
            move |flap| {
                page.action(FiveAction::ShowSidebar)
                    .set_state(&flap.reveals_flap().to_variant());
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
        let line = self
            .model()
            .with(|s| s.status_line(status_name, level_text));
        if self.imp().subtitle.replace(line.clone()) != line {
            self.notify_subtitle();
        }
    }

    fn enable_knowledge_actions(&self) {
        let model = self.model();
        let may_save = model.may_save();
        self.action(FiveAction::Save).set_enabled(may_save);
        self.action(FiveAction::DeleteAll)
            .set_enabled(may_save && model.level() > 0);
    }

    /// The status line and the board.
    fn show_game(&self) {
        let imp = self.imp();
        let (status, side, mut scene, to_move, board_text) = self.model().with(|session| {
            let game = session.game();
            let (status, side) = game_status(game);
            let mut scene = Scene::default();
            for cell in Cell::all() {
                if let Some(color) = game.board().get(cell) {
                    scene.fields[cell.index()] = Field::Stone(color);
                }
            }
            scene.last_move = game.moves().last().map(|m| m.cell);
            if let Some(Outcome::Won { runs, .. }) = game.outcome() {
                scene.winning = runs.iter().flatten().fold(0, |acc, c| acc | c.bit());
            }
            let to_move = (!game.is_over() && !game.computers_turn()).then(|| game.to_move());
            (status, side, scene, to_move, describe_stones(game.board()))
        });
        let why = self
            .settings()
            .page::<FiveSettings>()
            .show_why
            .then(|| self.why())
            .flatten();
        if let Some((text, marks)) = &why {
            scene.why = *marks;
            imp.why_label.set_label(text);
        }
        imp.why_label.set_visible(why.is_some());
        imp.status_label.set_label(&status);
        imp.status_label.remove_css_class("blue");
        imp.status_label.remove_css_class("red");
        match side {
            Some(Color::Blue) => imp.status_label.add_css_class("blue"),
            Some(Color::Red) => imp.status_label.add_css_class("red"),
            None => {}
        }
        let why_text = why.map(|(text, _)| format!(" {text}")).unwrap_or_default();
        imp.board
            .set_scene(scene, to_move, format!("{board_text} {status}{why_text}"));
    }

    /// Why the computer played its last move: a sentence, and the fields of
    /// the pattern behind it (none for a free move).
    fn why(&self) -> Option<(String, Option<[Option<PatternCell>; CELLS]>)> {
        let (cell, reason) = self.model().last_reason()?;
        let Some(found) = reason.matched() else {
            return Some(match reason {
                Reason::Varied { instead } => (
                    gettext_f(
                        "Why {field}: it once lost after playing {other} here, so it plays another field",
                        &[("field", &cell_name(cell)), ("other", &cell_name(instead))],
                    ),
                    None,
                ),
                _ => (
                    gettext_f(
                        "Why {field}: a free move, no pattern matched",
                        &[("field", &cell_name(cell))],
                    ),
                    None,
                ),
            });
        };
        let pattern = self.model().pattern(found.pattern)?;
        let mut marks = [None; CELLS];
        for (x, y, c) in pattern.transformed(found.symmetry).cells() {
            if c != PatternCell::Any
                && let Some(at) = found.offset.offset(x as isize, y as isize)
            {
                marks[at.index()] = Some(c);
            }
        }
        let game = self.model().learned_in(found.pattern);
        let args = [
            ("field", cell_name(cell)),
            ("level", found.level.to_string()),
            ("number", (found.pattern + 1).to_string()),
            ("game", game.unwrap_or_default().to_string()),
        ];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let text = match (reason.is_forced(), game.is_some()) {
            (true, true) => gettext_f(
                "Why {field}: it blocks a level-{level} pattern learned in game {game} (number {number})",
                &args,
            ),
            (true, false) => gettext_f(
                "Why {field}: it blocks a level-{level} pattern it learned from you (number {number})",
                &args,
            ),
            (false, true) => gettext_f(
                "Why {field}: it attacks with a level-{level} pattern learned in game {game} (number {number}), in its own colour",
                &args,
            ),
            (false, false) => gettext_f(
                "Why {field}: it attacks with a level-{level} pattern it learned from you (number {number}), in its own colour",
                &args,
            ),
        };
        Some((text, Some(marks)))
    }

    pub fn new_game(&self) {
        let settings = self.settings().page::<FiveSettings>();
        let mode = if settings.two_players {
            Mode::TwoPlayers
        } else {
            Mode::VsComputer
        };
        self.model().new_game(mode, settings.computer_starts);
        self.imp().board.grab_focus();
    }

    fn on_mode_changed(&self, two_players: bool) {
        if self.settings().page::<FiveSettings>().two_players == two_players {
            return; // set from code (start_game), which starts the game itself
        }
        self.settings()
            .update_page::<FiveSettings>(|s| s.two_players = two_players);
        // A new mode starts a new game, unless the current one has begun.
        if !self.model().with(Session::in_progress) {
            self.new_game();
        }
    }

    /// A new game in `mode`, as if chosen in the sidebar (D-Bus, the app's
    /// actions).
    pub fn start_game(&self, mode: Mode, computer_starts: Option<bool>) {
        if let Some(on) = computer_starts {
            self.settings()
                .update_page::<FiveSettings>(|s| s.computer_starts = on);
            self.action(FiveAction::ComputerStarts)
                .set_state(&on.to_variant());
        }
        let two = mode == Mode::TwoPlayers;
        self.settings()
            .update_page::<FiveSettings>(|s| s.two_players = two);
        if let Some(sidebar) = self.imp().sidebar.get() {
            sidebar.show_two_players(two);
        }
        self.new_game();
    }

    fn on_cell(&self, cell: Cell) {
        if self.model().play(cell).is_err() {
            crate::widgets::error_bell(self);
        }
    }

    /// A toast for a knowledge change ("show mutations").
    fn show_change(&self, added: bool, index: usize, level: usize) {
        let toast = if added {
            let t = adw::Toast::new(&gettext_f(
                "The computer learned a level-{level} pattern (number {number})",
                &[
                    ("level", &level.to_string()),
                    ("number", &(index + 1).to_string()),
                ],
            ));
            t.set_button_label(Some(&gettext("View")));
            t.set_action_name(Some(&FiveAction::ViewPattern.detailed()));
            t.set_action_target_value(Some(&(index as u32).to_variant()));
            t
        } else {
            adw::Toast::new(&gettext_f(
                "Pattern {number} (level {level}) was removed as junk",
                &[
                    ("number", &(index + 1).to_string()),
                    ("level", &level.to_string()),
                ],
            ))
        };
        self.imp().toasts.add_toast(toast);
    }

    /// Keeps an unfinished game for the next start.
    fn keep_game(&self) {
        let path = SavedGame::path(self.store().dir());
        let saved = self.model().with(|s| {
            s.in_progress()
                .then(|| SavedGame::of(s.game(), s.knowledge(), s.computer_starts()))
        });
        match saved {
            Some(saved) => {
                if let Err(e) = saved.save(&path) {
                    eprintln!("match5: the unfinished game was not kept: {e}");
                }
            }
            None => {
                let _ = std::fs::remove_file(&path);
            }
        }
    }
}

impl crate::games::page::GamePage for FivePage {
    fn widget(&self) -> gtk::Widget {
        self.clone().upcast()
    }

    fn actions(&self) -> gio::ActionGroup {
        FivePage::actions(self)
    }

    fn menu(&self) -> Option<gio::MenuModel> {
        Some(self.imp().page_menu.get().upcast())
    }

    fn before_close(&self, close: Box<dyn Fn()>) -> bool {
        if !self.model().unsaved() || self.imp().close_confirmed.get() {
            return true;
        }
        let page = self.clone();
        self.ask_to_save_then(move || {
            page.imp().close_confirmed.set(true);
            close();
        });
        false
    }

    fn closing(&self) {
        self.keep_game();
    }
}

/// The five-in-a-row page for the window's view switcher.
pub fn page_info() -> crate::games::page::PageInfo {
    crate::games::page::PageInfo {
        id: "five",
        title: || gettext("Five in a Row"),
        icon_name: "five-in-a-row-symbolic",
        accels: actions::shortcuts::<FiveAction>,
        make: |settings| std::rc::Rc::new(FivePage::new(settings)),
    }
}

/// The status line above the board and the colour it is shown in.
fn game_status(game: &match5_five::Game) -> (String, Option<Color>) {
    let vs_computer = game.mode() == Mode::VsComputer;
    match game.outcome() {
        Some(Outcome::Won {
            winner: Color::Blue,
            ..
        }) if vs_computer => (
            gettext("You win! The computer learned from it."),
            Some(Color::Blue),
        ),
        Some(Outcome::Won {
            winner: Color::Red, ..
        }) if vs_computer => (gettext("The computer wins."), Some(Color::Red)),
        Some(Outcome::Won {
            winner: Color::Blue,
            ..
        }) => (gettext("Blue wins!"), Some(Color::Blue)),
        Some(Outcome::Won {
            winner: Color::Red, ..
        }) => (gettext("Red wins!"), Some(Color::Red)),
        Some(Outcome::Draw) => (gettext("A draw: the board is full."), None),
        None if vs_computer => (gettext("Your move"), Some(Color::Blue)),
        None if game.to_move() == Color::Blue => (gettext("Blue to move"), Some(Color::Blue)),
        None => (gettext("Red to move"), Some(Color::Red)),
    }
}

/// `player`'s knowledge: from `file` or their default file if it exists,
/// else new. A file that cannot be read gives new knowledge and a message.
pub fn knowledge_for(
    store: &Store,
    player: &str,
    file: Option<&std::path::Path>,
) -> (Knowledge, Option<String>) {
    let path = file
        .map(std::path::Path::to_path_buf)
        .or_else(|| store.knowledge_path(player).ok());
    match path {
        Some(p) if p.exists() => match match5_five::files::load_knowledge(&p) {
            Ok(k) => (k, None),
            Err(e) => (Knowledge::new(player), Some(crate::errors::file_error(&e))),
        },
        _ => (Knowledge::new(player), None),
    }
}

fn default_player_name() -> String {
    let real = glib::real_name().to_string_lossy().trim().to_string();
    if !real.is_empty() && real != "Unknown" {
        return real;
    }
    let user = glib::user_name().to_string_lossy().trim().to_string();
    if user.is_empty() || user == "root" {
        gettext("Player")
    } else {
        user
    }
}
