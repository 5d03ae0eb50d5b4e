//! The five-in-a-row sidebar (template `sidebar.ui`): the player's name and
//! password, the knowledge and the games, the opponent and the switches.
//!
//! It shows its [`FiveGame`] model by itself (narrow updates on `player`,
//! `level`, `knowledge-status`, `won`, `lost`, `drawn`) and tells the page
//! what the person asked for through three signals: `player-applied (name)`,
//! `password-applied (password)`, `opponent-changed (opponent)` (`computer`,
//! `person` or `engine:NAME`) and `engines-asked`. The
//! page makes it after its first frame, so starting the app does not wait
//! for it.

use std::cell::{Cell as StdCell, OnceCell, RefCell};
use std::sync::OnceLock;

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::glib;
use gtk::glib::translate::IntoGlib;
use match5_five::Status;

use crate::games::five::model::FiveGame;
use crate::games::five::model::opponent::Opponent;
use crate::games::five::model::settings::FiveSettings;
use crate::games::five::model::state::{ComputerStyle, GameMode};
use crate::games::five::words::ladder;
use crate::i18n::{gettext, gettext_f, ngettext_f};

mod imp {
    use super::*;
    use glib::subclass::Signal;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(file = "sidebar.ui")]
    pub struct FiveSidebar {
        #[template_child]
        pub name_row: TemplateChild<adw::EntryRow>,
        #[template_child]
        pub password_row: TemplateChild<adw::PasswordEntryRow>,
        #[template_child]
        pub knowledge_row: TemplateChild<adw::ActionRow>,
        #[template_child]
        pub file_row: TemplateChild<adw::ActionRow>,
        #[template_child]
        pub games_row: TemplateChild<adw::ActionRow>,
        #[template_child]
        pub record_row: TemplateChild<adw::ActionRow>,
        #[template_child]
        pub start_row: TemplateChild<adw::ComboRow>,
        #[template_child]
        pub computer_starts_row: TemplateChild<adw::ActionRow>,
        #[template_child]
        pub computer_starts_switch: TemplateChild<gtk::Switch>,
        #[template_child]
        pub start_info_row: TemplateChild<adw::ActionRow>,
        #[template_child]
        pub opponent_row: TemplateChild<adw::ComboRow>,
        #[template_child]
        pub opponent_info_row: TemplateChild<adw::ActionRow>,
        #[template_child]
        pub engines_row: TemplateChild<adw::ButtonRow>,
        #[template_child]
        pub style_row: TemplateChild<adw::ComboRow>,
        #[template_child]
        pub style_info_row: TemplateChild<adw::ActionRow>,
        /// The opponents the row lists, in its order.
        pub opponents: RefCell<Vec<Opponent>>,
        /// The list is being filled: its choice is not the person's.
        pub filling: StdCell<bool>,
        pub model: OnceCell<FiveGame>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for FiveSidebar {
        const NAME: &'static str = "Match5FiveSidebar";
        type Type = super::FiveSidebar;
        type ParentType = adw::Bin;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for FiveSidebar {
        fn signals() -> &'static [Signal] {
            static SIGNALS: OnceLock<Vec<Signal>> = OnceLock::new();
            SIGNALS.get_or_init(|| {
                vec![
                    Signal::builder("player-applied")
                        .param_types([String::static_type()])
                        .build(),
                    Signal::builder("password-applied")
                        .param_types([String::static_type()])
                        .build(),
                    Signal::builder("opponent-changed")
                        .param_types([String::static_type()])
                        .build(),
                    Signal::builder("engines-asked").build(),
                    Signal::builder("start-chosen")
                        .param_types([String::static_type()])
                        .build(),
                ]
            })
        }
    }
    impl WidgetImpl for FiveSidebar {}
    impl BinImpl for FiveSidebar {}
}

glib::wrapper! {
    pub struct FiveSidebar(ObjectSubclass<imp::FiveSidebar>)
        @extends adw::Bin, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget;
}

/// What a style does, under the style row.
pub fn style_words(style: ComputerStyle) -> String {
    match style {
        ComputerStyle::Classic => gettext(
            "Where no pattern tells it, it plays a random field next to a ball, as the 2012 program did.",
        ),
        ComputerStyle::Sharp => gettext(
            "Where no pattern tells it, it makes and stops fives, fours and open threes, and looks for forced wins. It learns the same way.",
        ),
    }
}

/// The translated name of a knowledge status.
pub fn status_name(status: Status) -> String {
    match status {
        Status::New => gettext("new"),
        Status::Owner => gettext("owner"),
        Status::User => gettext("user"),
    }
}

pub fn level_text(level: usize) -> String {
    gettext_f("level {level}", &[("level", &level.to_string())])
}

/// The level and, for knowledge that started from a trained computer, the
/// patterns that came with it, which the level does not count: "level 3,
/// taught by you · started from 2072 trained patterns".
pub fn level_and_start_text(level: usize, start: Option<&str>, trained: usize) -> String {
    match start {
        None => level_text(level),
        Some(_) => ngettext_f(
            "level {level}, taught by you · started from {trained} trained pattern",
            "level {level}, taught by you · started from {trained} trained patterns",
            u32::try_from(trained).unwrap_or(u32::MAX),
            &[
                ("level", &level.to_string()),
                ("trained", &trained.to_string()),
            ],
        ),
    }
}

/// The computer's own patterns from practice, which the level does not
/// count: "12 patterns from its practice".
pub fn practice_text(practised: u32) -> String {
    ngettext_f(
        "{count} pattern from its practice",
        "{count} patterns from its practice",
        practised,
        &[("count", &practised.to_string())],
    )
}

/// Patterns from the player's wins with hints, which the level does not
/// count: "2 patterns from your wins with hints".
pub fn hinted_text(hinted: u32) -> String {
    ngettext_f(
        "{count} pattern from your wins with hints",
        "{count} patterns from your wins with hints",
        hinted,
        &[("count", &hinted.to_string())],
    )
}

impl FiveSidebar {
    /// The sidebar for `model`, with the opponents of `settings` and the
    /// one chosen there.
    pub fn new(model: &FiveGame, settings: &FiveSettings) -> Self {
        let sidebar: Self = glib::Object::new();
        let imp = sidebar.imp();
        let _ = imp.model.set(model.clone());
        sidebar.show_opponents(settings);
        let titles: Vec<String> = ladder::ids().into_iter().map(ladder::title).collect();
        let titles: Vec<&str> = titles.iter().map(String::as_str).collect();
        imp.start_row
            .set_model(Some(&gtk::StringList::new(&titles)));
        imp.start_row.set_list_factory(Some(&start_list_factory()));
        // The row looks as off as its switch (off in two-player mode).
        imp.computer_starts_switch
            .bind_property("sensitive", &*imp.computer_starts_row, "sensitive")
            .sync_create()
            .build();
        sidebar.show_start();
        sidebar.bind_style();
        sidebar.connect_rows();
        crate::widgets::a11y::one_stop_each(&sidebar);
        sidebar.connect_model();
        sidebar.show_player();
        sidebar.show_knowledge();
        sidebar.show_games();
        sidebar
    }

    pub(super) fn model(&self) -> &FiveGame {
        self.imp().model.get().expect("set in new")
    }

    /// Puts the current player's name back (after a switch was refused).
    pub fn show_player(&self) {
        self.imp().name_row.set_text(&self.model().player());
    }

    pub fn connect_player_applied<F: Fn(&Self, String) + 'static>(&self, f: F) {
        self.connect_closure(
            "player-applied",
            false,
            glib::closure_local!(move |sidebar: Self, name: String| f(&sidebar, name)),
        );
    }

    pub fn connect_password_applied<F: Fn(&Self, String) + 'static>(&self, f: F) {
        self.connect_closure(
            "password-applied",
            false,
            glib::closure_local!(move |sidebar: Self, password: String| f(&sidebar, password)),
        );
    }

    pub fn connect_start_chosen<F: Fn(&Self, String) + 'static>(&self, f: F) {
        self.connect_closure(
            "start-chosen",
            false,
            glib::closure_local!(move |sidebar: Self, start: String| f(&sidebar, start)),
        );
    }

    /// `f(sidebar, opponent)` when the person chooses another opponent.
    pub fn connect_opponent_changed<F: Fn(&Self, Opponent) + 'static>(&self, f: F) {
        self.connect_closure(
            "opponent-changed",
            false,
            glib::closure_local!(move |sidebar: Self, key: String| {
                if let Some(opponent) = Opponent::from_key(&key) {
                    f(&sidebar, opponent);
                }
            }),
        );
    }

    /// The style row shows the model's style, and what it means under it;
    /// it is shown for games against the computer (whose Practice plays it
    /// too).
    fn bind_style(&self) {
        let imp = self.imp();
        let model = self.model();
        model
            .bind_property("style", &*imp.style_row, "selected")
            .transform_to(|_, style: ComputerStyle| Some(style.into_glib() as u32))
            .sync_create()
            .build();
        model
            .bind_property("style", &*imp.style_info_row, "subtitle")
            .transform_to(|_, style: ComputerStyle| Some(style_words(style)))
            .sync_create()
            .build();
        // Shown for games against the computer only: a person or an
        // engine playing red has no style of the computer's.
        for row in [
            imp.style_row.upcast_ref::<gtk::Widget>(),
            imp.style_info_row.upcast_ref(),
        ] {
            model
                .bind_property("mode", row, "visible")
                .transform_to(|_, mode: GameMode| Some(mode == GameMode::VsComputer))
                .sync_create()
                .build();
        }
    }

    /// `f(sidebar, style)` when the person chooses another style.
    pub fn connect_style_chosen<F: Fn(&Self, ComputerStyle) + 'static>(&self, f: F) {
        self.imp().style_row.connect_selected_notify(glib::clone!(
            #[weak(rename_to = sidebar)]
            self,
            move |row| {
                let chosen = match row.selected() {
                    1 => ComputerStyle::Sharp,
                    _ => ComputerStyle::Classic,
                };
                // The model's own change shown (not the person's choice).
                if chosen != sidebar.model().style() {
                    f(&sidebar, chosen);
                }
            }
        ));
    }

    /// `f(sidebar)` when the person asks for the Engines window.
    pub fn connect_engines_asked<F: Fn(&Self) + 'static>(&self, f: F) {
        self.connect_closure(
            "engines-asked",
            false,
            glib::closure_local!(move |sidebar: Self| f(&sidebar)),
        );
    }

    fn connect_rows(&self) {
        let imp = self.imp();
        // Named once: the toolkit names an entry row by its title and its
        // text field's name, "Name Name".
        for row in [
            imp.name_row.upcast_ref::<adw::EntryRow>(),
            imp.password_row.upcast_ref(),
        ] {
            crate::widgets::a11y::rename(row.upcast_ref::<gtk::Widget>(), &row.title());
        }
        imp.name_row.connect_apply(glib::clone!(
            #[weak(rename_to = sidebar)]
            self,
            move |row| {
                let name = row.text().trim().to_string();
                sidebar.emit_by_name::<()>("player-applied", &[&name]);
            }
        ));
        imp.password_row.connect_apply(glib::clone!(
            #[weak(rename_to = sidebar)]
            self,
            move |row| {
                let password = row.text().to_string();
                row.set_text("");
                sidebar.emit_by_name::<()>("password-applied", &[&password]);
            }
        ));
        imp.start_row.connect_selected_notify(glib::clone!(
            #[weak(rename_to = sidebar)]
            self,
            move |row| {
                let ids = ladder::ids();
                let Some(id) = ids.get(row.selected() as usize) else {
                    return;
                };
                let patterns = sidebar.model().patterns();
                sidebar
                    .imp()
                    .start_info_row
                    .set_subtitle(&ladder::started_from(id, patterns));
                // The page starts from it unless it is the start already.
                sidebar.emit_by_name::<()>("start-chosen", &[&id.to_string()]);
            }
        ));
        imp.opponent_row.connect_selected_notify(glib::clone!(
            #[weak(rename_to = sidebar)]
            self,
            move |_| {
                if sidebar.imp().filling.get() {
                    return;
                }
                let key = sidebar.chosen().key();
                sidebar.emit_by_name::<()>("opponent-changed", &[&key]);
                sidebar.show_opponent_pending();
            }
        ));
        imp.engines_row.connect_activated(glib::clone!(
            #[weak(rename_to = sidebar)]
            self,
            move |_| sidebar.emit_by_name::<()>("engines-asked", &[])
        ));
    }

    fn connect_model(&self) {
        let model = self.model();
        // A new game (moves back to none) may be against another engine
        // in the same mode.
        for property in ["mode", "moves"] {
            model.connect_notify_local(
                Some(property),
                glib::clone!(
                    #[weak(rename_to = sidebar)]
                    self,
                    move |_, _| {
                        sidebar.show_opponent_pending();
                        sidebar.show_when_played();
                    }
                ),
            );
        }
        model.connect_player_notify(glib::clone!(
            #[weak(rename_to = sidebar)]
            self,
            move |_| sidebar.show_player()
        ));
        for property in [
            "level",
            "trained",
            "practised",
            "hinted",
            "knowledge-status",
            "file",
        ] {
            model.connect_notify_local(
                Some(property),
                glib::clone!(
                    #[weak(rename_to = sidebar)]
                    self,
                    move |_, _| sidebar.show_knowledge()
                ),
            );
        }
        for property in ["won", "lost", "drawn"] {
            model.connect_notify_local(
                Some(property),
                glib::clone!(
                    #[weak(rename_to = sidebar)]
                    self,
                    move |_, _| sidebar.show_games()
                ),
            );
        }
        for property in crate::games::five::model::patterns::START_CHOICE_FOLLOWS {
            model.connect_notify_local(
                Some(property),
                glib::clone!(
                    #[weak(rename_to = sidebar)]
                    self,
                    move |_, _| sidebar.show_start()
                ),
            );
        }
    }

    fn show_knowledge(&self) {
        let model = self.model();
        let status_text = match model.status() {
            Status::New => gettext("New: not saved yet"),
            Status::Owner => gettext("Owner: you can save and delete patterns"),
            Status::User => gettext("User: opened without the password, so nothing is saved to it"),
        };
        let mut level = level_and_start_text(
            model.level() as usize,
            model.start().as_deref(),
            model.trained() as usize,
        );
        let practised = model.practised();
        if practised > 0 {
            level.push_str(" · ");
            level.push_str(&practice_text(practised));
        }
        let hinted = model.hinted();
        if hinted > 0 {
            level.push_str(" · ");
            level.push_str(&hinted_text(hinted));
        }
        self.imp()
            .knowledge_row
            .set_subtitle(&format!("{level} · {status_text}"));
        let file = model.file();
        let row = &self.imp().file_row;
        row.set_visible(!file.is_empty());
        row.set_subtitle(&crate::places::shown_path(std::path::Path::new(&file)));
        self.show_when_played();
    }

    /// Before the first move a new player sees what they need to begin:
    /// a password (for knowledge that holds something) and the engines
    /// (added for practice and play) come once they play, or once the
    /// knowledge has a file or engines were added. The main menu has
    /// Engines… from the start.
    pub(super) fn show_when_played(&self) {
        let model = self.model();
        let imp = self.imp();
        let played = model.moves() > 0
            || model.won() + model.lost() + model.drawn() > 0
            || !model.file().is_empty();
        imp.password_row.set_visible(played);
        let engines = imp.opponents.borrow().len() > 2;
        imp.engines_row.set_visible(played || engines);
    }

    /// Where the computer started, chosen while the player has played no
    /// game (and has no patterns of their own); then shown as a fact with
    /// its name, not as a greyed choice.
    pub fn show_start(&self) {
        let model = self.model();
        let imp = self.imp();
        let id = model.start_id();
        let index = ladder::ids().iter().position(|i| *i == id);
        if let Some(i) = index
            && imp.start_row.selected() != i as u32
        {
            imp.start_row.set_selected(i as u32);
        }
        let started = ladder::started_from(&id, model.patterns());
        let choosable = model.may_choose_start();
        imp.start_row.set_visible(choosable);
        if choosable {
            imp.start_info_row.set_title("");
            imp.start_info_row.set_subtitle(&started);
        } else {
            imp.start_info_row
                .set_title(&gettext("Computer Started From"));
            imp.start_info_row.set_subtitle(&gettext_f(
                "{start}. {what}",
                &[("start", &ladder::title(&id)), ("what", &started)],
            ));
        }
        imp.record_row
            .set_subtitle(&model.with(|s| ladder::record(s.knowledge())));
    }

    fn show_games(&self) {
        self.show_when_played();
        let model = self.model();
        self.imp().games_row.set_subtitle(&gettext_f(
            "Won {won} · lost {lost} · drawn {drawn}",
            &[
                ("won", &model.won().to_string()),
                ("lost", &model.lost().to_string()),
                ("drawn", &model.drawn().to_string()),
            ],
        ));
    }
}

/// The starts in the opened list: the short name, and under it what the
/// start is (the row itself shows only the name chosen).
fn start_list_factory() -> gtk::SignalListItemFactory {
    let factory = gtk::SignalListItemFactory::new();
    factory.connect_setup(|_, item| {
        let Some(item) = item.downcast_ref::<gtk::ListItem>() else {
            return;
        };
        let title = gtk::Label::builder().xalign(0.0).build();
        let detail = gtk::Label::builder().xalign(0.0).wrap(true).build();
        detail.add_css_class("dim-label");
        detail.add_css_class("caption");
        let column = gtk::Box::new(gtk::Orientation::Vertical, 2);
        column.append(&title);
        column.append(&detail);
        item.set_child(Some(&column));
    });
    factory.connect_bind(|_, item| {
        let Some(item) = item.downcast_ref::<gtk::ListItem>() else {
            return;
        };
        let Some(column) = item.child() else {
            return;
        };
        let id = ladder::ids()
            .get(item.position() as usize)
            .copied()
            .unwrap_or_default();
        let title = column.first_child().and_downcast::<gtk::Label>();
        let detail = column.last_child().and_downcast::<gtk::Label>();
        if let (Some(title), Some(detail)) = (title, detail) {
            title.set_label(&ladder::title(id));
            detail.set_label(&ladder::detail(id));
        }
    });
    factory
}
