//! The game window: the board, the status line, the sidebar with player and
//! knowledge, and the game actions. The knowledge flows (open, save,
//! players, passwords) are in `window_knowledge.rs`.

use std::cell::{Cell as StdCell, OnceCell, RefCell};

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gio, glib};
use match5_engine::{Cell, Change, Color, Knowledge, Mode, Outcome, Status, Store};

use crate::i18n::{gettext, gettext_f};
use crate::saved_game::SavedGame;
use crate::session::Session;
use crate::settings::Settings;
use crate::widgets::board_drawing::{Field, Scene};
use crate::widgets::board_view::BoardView;

#[path = "window_dbus.rs"]
pub mod dbus_side;
#[path = "window_knowledge.rs"]
mod knowledge_flows;

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(resource = "/io/github/match5/Match5/window.ui")]
    pub struct Window {
        #[template_child]
        pub toasts: TemplateChild<adw::ToastOverlay>,
        #[template_child]
        pub window_title: TemplateChild<adw::WindowTitle>,
        #[template_child]
        pub flap: TemplateChild<adw::Flap>,
        #[template_child]
        pub status_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub board: TemplateChild<BoardView>,
        #[template_child]
        pub game_over_revealer: TemplateChild<gtk::Revealer>,
        #[template_child]
        pub name_row: TemplateChild<adw::EntryRow>,
        #[template_child]
        pub password_row: TemplateChild<adw::PasswordEntryRow>,
        #[template_child]
        pub knowledge_row: TemplateChild<adw::ActionRow>,
        #[template_child]
        pub games_row: TemplateChild<adw::ActionRow>,
        #[template_child]
        pub opponent_row: TemplateChild<adw::ComboRow>,
        pub session: RefCell<Option<Session>>,
        pub settings: RefCell<Settings>,
        pub store: OnceCell<Store>,
        pub file_chooser: RefCell<Option<gtk::FileChooserNative>>,
        /// The knowledge changed since the last publish (for KnowledgeChanged).
        pub knowledge_changed: StdCell<bool>,
        /// The person said what to do with unsaved knowledge: close now.
        pub close_confirmed: StdCell<bool>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for Window {
        const NAME: &'static str = "Match5Window";
        type Type = super::Window;
        type ParentType = adw::ApplicationWindow;

        fn class_init(klass: &mut Self::Class) {
            BoardView::ensure_type();
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for Window {
        fn constructed(&self) {
            self.parent_constructed();
            self.obj().setup();
        }
    }

    impl WidgetImpl for Window {}

    impl WindowImpl for Window {
        fn close_request(&self) -> glib::Propagation {
            self.obj().on_close_request()
        }
    }

    impl ApplicationWindowImpl for Window {}
    impl AdwApplicationWindowImpl for Window {}
}

glib::wrapper! {
    pub struct Window(ObjectSubclass<imp::Window>)
        @extends adw::ApplicationWindow, gtk::ApplicationWindow, gtk::Window, gtk::Widget,
        @implements gio::ActionGroup, gio::ActionMap, gtk::Buildable,
                    gtk::ConstraintTarget, gtk::Native, gtk::Root, gtk::ShortcutManager;
}

/// The translated name of a knowledge status.
pub fn status_name(status: Status) -> String {
    match status {
        Status::New => gettext("new"),
        Status::Owner => gettext("owner"),
        Status::User => gettext("user"),
    }
}

fn level_text(level: usize) -> String {
    gettext_f("level {level}", &[("level", &level.to_string())])
}

impl Window {
    pub fn new(app: &crate::application::Application) -> Self {
        glib::Object::builder().property("application", app).build()
    }

    pub fn store(&self) -> &Store {
        self.imp().store.get().expect("set up")
    }

    /// Runs `f` on the session.
    pub fn with_session<R>(&self, f: impl FnOnce(&mut Session) -> R) -> R {
        f(self.imp().session.borrow_mut().as_mut().expect("set up"))
    }

    pub fn toast(&self, text: &str) {
        self.imp().toasts.add_toast(adw::Toast::new(text));
    }

    fn setup(&self) {
        let imp = self.imp();
        let (settings, warning) = Settings::load(&Settings::path());
        self.set_default_size(settings.window_width, settings.window_height);
        if settings.window_maximized {
            self.maximize();
        }
        let store = Store::at(glib::user_data_dir().join("match5"));
        let _ = imp.store.set(store);
        imp.opponent_row
            .set_selected(u32::from(settings.two_players));
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
        let computer_starts = settings.computer_starts;
        imp.settings.replace(settings);
        self.setup_actions();

        // A game left unfinished comes back; otherwise the player's knowledge.
        let saved_path = SavedGame::path(self.store().dir());
        let restored = SavedGame::load(&saved_path).and_then(|saved| {
            let knowledge = self.knowledge_for(&saved.player, saved.knowledge.as_deref());
            let game = saved.game(&knowledge)?;
            Some(Session::restored(knowledge, game, saved.computer_starts))
        });
        let restored_game = restored.is_some();
        let session = restored.unwrap_or_else(|| {
            Session::new(self.knowledge_for(&player, None), mode, computer_starts)
        });
        imp.opponent_row
            .set_selected(u32::from(session.mode() == Mode::TwoPlayers));
        imp.session.replace(Some(session));
        let _ = std::fs::remove_file(&saved_path);

        imp.board.connect_cell_activated(glib::clone!(
            #[weak(rename_to = win)]
            self,
            move |_, cell| win.on_cell(cell)
        ));
        imp.opponent_row.connect_selected_notify(glib::clone!(
            #[weak(rename_to = win)]
            self,
            move |row| win.on_mode_changed(row.selected() == 1)
        ));
        self.connect_knowledge_rows();
        self.refresh();
        self.refresh_player_rows();

        if restored_game {
            self.toast(&gettext("Your unfinished game is back"));
        }
        if let Some(w) = warning {
            self.toast(&gettext_f(
                "The settings could not be read and were reset: {reason}",
                &[("reason", &w)],
            ));
        }
        imp.board.grab_focus();
    }

    /// `player`'s knowledge: from `file` or their default file if it
    /// exists, else new. A file that cannot be read gives new knowledge and
    /// a message.
    fn knowledge_for(&self, player: &str, file: Option<&std::path::Path>) -> Knowledge {
        let path = file
            .map(std::path::Path::to_path_buf)
            .or_else(|| self.store().knowledge_path(player).ok());
        match path {
            Some(p) if p.exists() => match match5_engine::files::load_knowledge(&p) {
                Ok(k) => k,
                Err(e) => {
                    self.toast(&e.to_string());
                    Knowledge::new(player)
                }
            },
            _ => Knowledge::new(player),
        }
    }

    fn setup_actions(&self) {
        let new_game = gio::ActionEntry::builder("new-game")
            .activate(|win: &Self, _, _| win.new_game())
            .build();
        let undo = gio::ActionEntry::builder("undo")
            .activate(|win: &Self, _, _| {
                if win.with_session(Session::undo) {
                    win.refresh();
                }
            })
            .build();
        let patterns = gio::ActionEntry::builder("patterns")
            .activate(|win: &Self, _, _| crate::pattern_viewer::show(win, 0))
            .build();
        let view_pattern = gio::ActionEntry::builder("view-pattern")
            .parameter_type(Some(glib::VariantTy::UINT32))
            .activate(|win: &Self, _, p| {
                let index = p.and_then(|v| v.get::<u32>()).unwrap_or(0);
                crate::pattern_viewer::show(win, index as usize);
            })
            .build();
        let hall_of_fame = gio::ActionEntry::builder("hall-of-fame")
            .activate(|win: &Self, _, _| crate::hall_of_fame_window::show(win))
            .build();
        let settings = self.imp().settings.borrow().clone();
        let computer_starts =
            toggle_setting("computer-starts", settings.computer_starts, |s, on| {
                s.computer_starts = on
            });
        let show_mutations = toggle_setting("show-mutations", settings.show_mutations, |s, on| {
            s.show_mutations = on
        });
        self.add_action_entries([
            new_game,
            undo,
            patterns,
            view_pattern,
            hall_of_fame,
            computer_starts,
            show_mutations,
        ]);
        self.add_knowledge_actions();
    }

    pub fn new_game(&self) {
        let settings = self.imp().settings.borrow().clone();
        let mode = if settings.two_players {
            Mode::TwoPlayers
        } else {
            Mode::VsComputer
        };
        self.with_session(|s| s.new_game(mode, settings.computer_starts));
        self.refresh();
        self.imp().board.grab_focus();
    }

    fn on_mode_changed(&self, two_players: bool) {
        if self.imp().settings.borrow().two_players == two_players {
            return; // set from code (start_game), which starts the game itself
        }
        self.imp().settings.borrow_mut().two_players = two_players;
        self.save_settings();
        // A new mode starts a new game, unless the current one has begun.
        if !self.with_session(|s| s.in_progress()) {
            self.new_game();
        }
    }

    fn on_cell(&self, cell: Cell) {
        if self.play_cell(cell).is_err() {
            self.error_bell();
        }
    }

    /// Plays `cell` for the side to move (the board, or D-Bus).
    pub fn play_cell(&self, cell: Cell) -> Result<(), match5_engine::game::MoveError> {
        let turn = self.with_session(|s| s.play(cell))?;
        if !turn.changes.is_empty() {
            self.imp().knowledge_changed.set(true);
        }
        if self.imp().settings.borrow().show_mutations {
            for change in &turn.changes {
                self.show_change(change);
            }
        }
        self.refresh();
        Ok(())
    }

    fn error_bell(&self) {
        if let Some(surface) = NativeExt::surface(self) {
            surface.beep();
        }
    }

    /// A toast for a knowledge change ("show mutations").
    pub fn show_change(&self, change: &Change) {
        let toast = match change {
            Change::Added { index, pattern } => {
                let t = adw::Toast::new(&gettext_f(
                    "The computer learned a level-{level} pattern (number {number})",
                    &[
                        ("level", &pattern.level().to_string()),
                        ("number", &(index + 1).to_string()),
                    ],
                ));
                t.set_button_label(Some(&gettext("View")));
                t.set_action_name(Some("win.view-pattern"));
                t.set_action_target_value(Some(&(*index as u32).to_variant()));
                t
            }
            Change::Removed { index, pattern } => adw::Toast::new(&gettext_f(
                "Pattern {number} (level {level}) was removed as junk",
                &[
                    ("number", &(index + 1).to_string()),
                    ("level", &pattern.level().to_string()),
                ],
            )),
        };
        self.imp().toasts.add_toast(toast);
    }

    /// Shows the session as it is now.
    pub fn refresh(&self) {
        let imp = self.imp();
        let guard = imp.session.borrow();
        let session = guard.as_ref().expect("set up");
        let game = session.game();
        let knowledge = session.knowledge();

        let line = session.status_line(status_name, level_text);
        imp.window_title.set_subtitle(&line);
        GtkWindowExt::set_title(self, Some(&format!("{} — {}", gettext("Match5"), line)));

        let vs_computer = game.mode() == Mode::VsComputer;
        let (status, side) = match game.outcome() {
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
        };
        imp.status_label.set_label(&status);
        imp.status_label.remove_css_class("blue");
        imp.status_label.remove_css_class("red");
        match side {
            Some(Color::Blue) => imp.status_label.add_css_class("blue"),
            Some(Color::Red) => imp.status_label.add_css_class("red"),
            None => {}
        }
        imp.game_over_revealer.set_reveal_child(game.is_over());

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
        let description = format!("{} {}", describe_stones(game.board()), status);
        imp.board.set_scene(scene, to_move, description);

        let status_text = match knowledge.status() {
            Status::New => gettext("New: not saved yet"),
            Status::Owner => gettext("Owner: you can save and delete patterns"),
            Status::User => gettext("User: opened without the password, so nothing is saved to it"),
        };
        imp.knowledge_row.set_subtitle(&format!(
            "{} · {}",
            level_text(knowledge.level()),
            status_text
        ));
        let stats = knowledge.stats();
        imp.games_row.set_subtitle(&gettext_f(
            "Won {won} · lost {lost} · drawn {drawn}",
            &[
                ("won", &stats.won.to_string()),
                ("lost", &stats.lost.to_string()),
                ("drawn", &stats.drawn.to_string()),
            ],
        ));

        let may_change = knowledge.may_overwrite();
        self.enable("undo", session.can_undo());
        self.enable("save", may_change);
        self.enable("delete-all", may_change && knowledge.level() > 0);
        drop(guard);
        self.publish();
    }

    fn enable(&self, action: &str, on: bool) {
        if let Some(a) = self
            .lookup_action(action)
            .and_downcast::<gio::SimpleAction>()
        {
            a.set_enabled(on);
        }
    }

    pub fn save_settings(&self) {
        let mut settings = self.imp().settings.borrow_mut();
        if let Some(s) = self.imp().session.borrow().as_ref() {
            settings.last_player = s.knowledge().player().to_string();
        }
        if !self.is_maximized() {
            let (w, h) = self.default_size();
            settings.window_width = w;
            settings.window_height = h;
        }
        settings.window_maximized = self.is_maximized();
        if let Err(e) = settings.save(&Settings::path()) {
            eprintln!("match5: the settings were not saved: {e}");
        }
    }

    /// Keeps an unfinished game for the next start.
    fn keep_game(&self) {
        let path = SavedGame::path(self.store().dir());
        let saved = self.with_session(|s| {
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

    fn on_close_request(&self) -> glib::Propagation {
        let unsaved = self.with_session(|s| s.has_unsaved_knowledge());
        if unsaved && !self.imp().close_confirmed.get() {
            self.ask_to_save_then(glib::clone!(
                #[weak(rename_to = win)]
                self,
                move || {
                    win.imp().close_confirmed.set(true);
                    win.close();
                }
            ));
            return glib::Propagation::Stop;
        }
        self.save_settings();
        self.keep_game();
        glib::Propagation::Proceed
    }
}

/// A stateful on/off action that keeps its state in the settings.
fn toggle_setting(
    name: &str,
    initial: bool,
    store: fn(&mut Settings, bool),
) -> gio::ActionEntry<Window> {
    gio::ActionEntry::builder(name)
        .state(initial.to_variant())
        .activate(move |win: &Window, action, _| {
            let on = !action
                .state()
                .and_then(|s| s.get::<bool>())
                .unwrap_or(false);
            action.set_state(&on.to_variant());
            store(&mut win.imp().settings.borrow_mut(), on);
            win.save_settings();
        })
        .build()
}

/// Where the stones are, for screen readers: "Blue: D5, E5. Red: E6."
/// Columns are letters A to I from the left, rows 1 to 9 from the top.
pub fn describe_stones(board: &match5_engine::Board) -> String {
    let list = |color: Color| {
        let cells: Vec<String> = Cell::all()
            .filter(|c| board.get(*c) == Some(color))
            .map(cell_name)
            .collect();
        if cells.is_empty() {
            gettext("none")
        } else {
            cells.join(", ")
        }
    };
    gettext_f(
        "Blue: {blue}. Red: {red}.",
        &[("blue", &list(Color::Blue)), ("red", &list(Color::Red))],
    )
}

/// A field's name: column letter and row number, "E5" for the centre.
pub fn cell_name(cell: Cell) -> String {
    format!("{}{}", (b'A' + cell.x() as u8) as char, cell.y() + 1)
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
