//! The playing surface of the tile page: draws the game (see `drawing.rs`),
//! turns a click on a bowl's tiles, or the keys (Left/Right choose a bowl
//! and colour, Space or Enter take them), into `move-chosen`, and tells
//! screen readers the whole position.

use std::cell::{Cell, RefCell};
use std::sync::OnceLock;

use adw::prelude::*;
use gtk::subclass::prelude::*;
use gtk::{gdk, glib};
use match5_tiles::{Colour, Move};

use super::drawing::{self, Layout, Scene};
use super::model::{colour_name, tiles_name};
use crate::i18n::{gettext, gettext_f, ngettext_f};
use crate::widgets::drawn_board::{Spoken, draw_cairo, drawn_board, whole};

mod imp {
    use super::*;
    use glib::subclass::Signal;

    #[derive(Default)]
    pub struct TilesView {
        pub scene: RefCell<Scene>,
        /// What screen readers hear of it, the news first.
        pub spoken: Spoken,
        /// The keyboard's choice, as an index into the choices.
        pub cursor: Cell<usize>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TilesView {
        const NAME: &'static str = "Match5TilesView";
        type Type = super::TilesView;
        type ParentType = gtk::Widget;

        fn class_init(klass: &mut Self::Class) {
            klass.set_css_name("tilesview");
            klass.set_accessible_role(gtk::AccessibleRole::Img);
        }
    }

    impl ObjectImpl for TilesView {
        fn signals() -> &'static [Signal] {
            static SIGNALS: OnceLock<Vec<Signal>> = OnceLock::new();
            SIGNALS.get_or_init(|| {
                vec![
                    Signal::builder("move-chosen")
                        .param_types([u32::static_type(), u32::static_type()])
                        .build(),
                ]
            })
        }

        fn constructed(&self) {
            self.parent_constructed();
            let obj = self.obj();
            obj.set_vexpand(true);
            drawn_board(
                &*obj,
                |obj, x, y| {
                    let scene = obj.imp().scene.borrow().clone();
                    let layout = Layout::new(obj.width() as f64, obj.height() as f64, &scene);
                    let Some(mv) = layout.move_at(&scene, x, y) else {
                        return false;
                    };
                    if let Some(i) = obj.choices().iter().position(|c| *c == mv) {
                        obj.imp().cursor.set(i);
                    }
                    obj.choose(mv);
                    true
                },
                |obj, key, _| obj.key_pressed(key),
                |_| (),
            );
        }
    }

    impl WidgetImpl for TilesView {
        fn measure(&self, orientation: gtk::Orientation, _for_size: i32) -> (i32, i32, i32, i32) {
            match orientation {
                gtk::Orientation::Horizontal => (300, 640, -1, -1),
                _ => (300, 460, -1, -1),
            }
        }

        fn snapshot(&self, snapshot: &gtk::Snapshot) {
            let obj = self.obj();
            draw_cairo(&*obj, snapshot, whole(&*obj), |cr, w, h, cursor, dark| {
                let mut scene = self.scene.borrow().clone();
                if cursor {
                    scene.cursor = obj.choices().get(self.cursor.get()).copied();
                }
                drawing::draw(cr, w, h, &scene, dark);
            });
        }
    }
}

glib::wrapper! {
    pub struct TilesView(ObjectSubclass<imp::TilesView>)
        @extends gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget;
}

impl Default for TilesView {
    fn default() -> Self {
        glib::Object::new()
    }
}

impl TilesView {
    pub fn set_scene(&self, scene: Scene) {
        self.imp().scene.replace(scene);
        let n = self.choices().len();
        if self.imp().cursor.get() >= n {
            self.imp().cursor.set(0);
        }
        self.describe();
        self.queue_draw();
    }

    /// Says `news` first in the board's description: with the focus on
    /// the board, a screen reader says its new description, so the page
    /// tells the computer's move this way and not a second time.
    pub fn set_news(&self, news: &str) {
        self.imp().spoken.set_news(news);
        self.describe();
    }

    /// Every bowl and colour with tiles, bowl by bowl, yellow first.
    fn choices(&self) -> Vec<Move> {
        let scene = self.imp().scene.borrow();
        let mut out = Vec::new();
        for (bowl, held) in scene.bowls.iter().enumerate() {
            for colour in Colour::BOTH {
                if held[colour as usize] > 0 {
                    out.push(Move { bowl, colour });
                }
            }
        }
        out
    }

    fn choose(&self, mv: Move) {
        // The person's own move: the news before it is old.
        self.imp().spoken.clear_news();
        self.emit_by_name::<()>(
            "move-chosen",
            &[&(mv.bowl as u32), &(mv.colour.index() as u32)],
        );
    }

    fn key_pressed(&self, key: gdk::Key) -> glib::Propagation {
        let n = self.choices().len();
        let c = self.imp().cursor.get();
        let next = match key {
            gdk::Key::Left | gdk::Key::KP_Left => Some(c.saturating_sub(1)),
            gdk::Key::Right | gdk::Key::KP_Right => Some((c + 1).min(n.saturating_sub(1))),
            gdk::Key::Home => Some(0),
            gdk::Key::End => Some(n.saturating_sub(1)),
            _ => None,
        };
        if let Some(next) = next {
            self.imp().cursor.set(next);
            self.imp().spoken.clear_news();
            self.describe();
            self.queue_draw();
            return glib::Propagation::Stop;
        }
        if matches!(
            key,
            gdk::Key::space | gdk::Key::Return | gdk::Key::KP_Enter | gdk::Key::ISO_Enter
        ) {
            if let Some(mv) = self.choices().get(c).copied() {
                self.choose(mv);
            }
            return glib::Propagation::Stop;
        }
        glib::Propagation::Proceed
    }

    /// Describes the board once this turn of the main loop is over.
    fn describe(&self) {
        self.imp().spoken.later(self, |view| view.describe_now());
    }

    /// The position in words, for screen readers.
    fn describe_now(&self) {
        let description = {
            let scene = self.imp().scene.borrow();
            let mut parts = Vec::new();
            let next: Vec<String> = scene.pot.iter().take(5).map(|c| colour_name(*c)).collect();
            parts.push(if scene.pot.is_empty() {
                gettext("The pot is empty.")
            } else {
                ngettext_f(
                    "The pot holds {n} tile; next: {next}.",
                    "The pot holds {n} tiles; next: {next}.",
                    scene.pot.len() as u32,
                    &[
                        ("n", &scene.pot.len().to_string()),
                        ("next", &next.join(", ")),
                    ],
                )
            });
            for (bowl, held) in scene.bowls.iter().enumerate() {
                parts.push(gettext_f(
                    "Bowl {bowl}: {yellow} yellow, {blue} blue.",
                    &[
                        ("bowl", &(bowl + 1).to_string()),
                        ("yellow", &held[0].to_string()),
                        ("blue", &held[1].to_string()),
                    ],
                ));
            }
            for (player, board) in scene.boards.iter().enumerate() {
                let rows: Vec<String> = board
                    .iter()
                    .map(|r| match r.colour() {
                        None => gettext("empty"),
                        Some(c) => format!("{} {}", r.tiles(), colour_name(c)),
                    })
                    .collect();
                let args = [
                    ("name", scene.names[player].as_str()),
                    ("length", &scene.row_length.to_string()),
                    ("rows", &rows.join(", ")),
                ];
                parts.push(if scene.you == Some(player) {
                    gettext_f("Your rows of {length}: {rows}.", &args)
                } else {
                    gettext_f("{name}’s rows of {length}: {rows}.", &args)
                });
            }
            if let Some(mv) = self.choices().get(self.imp().cursor.get()) {
                parts.push(gettext_f(
                    "Chosen: the {tiles} of bowl {bowl}.",
                    &[
                        ("tiles", &tiles_name(mv.colour)),
                        ("bowl", &(mv.bowl + 1).to_string()),
                    ],
                ));
            }
            parts.join(" ")
        };
        crate::widgets::a11y::set_label(self, &gettext("Bowls and boards"));
        let description = self.imp().spoken.with_news(&description);
        crate::widgets::a11y::set_description(self, &description);
    }

    pub fn connect_move_chosen<F: Fn(&Self, Move) + 'static>(&self, f: F) {
        self.connect_closure(
            "move-chosen",
            false,
            glib::closure_local!(move |view: &TilesView, bowl: u32, colour: u32| {
                let colour = Colour::from_index(colour as usize);
                f(
                    view,
                    Move {
                        bowl: bowl as usize,
                        colour,
                    },
                );
            }),
        );
    }
}
