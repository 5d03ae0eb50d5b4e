//! The tic-tac-toe board widget: draws the scene (see `drawing.rs`), turns
//! a click, the digits 1 to 9 (the article's field numbers) or the arrow
//! keys and Space/Enter into `field-chosen`, and tells screen readers the
//! whole board.

use std::cell::{Cell, RefCell};
use std::sync::OnceLock;

use adw::prelude::*;
use gtk::subclass::prelude::*;
use gtk::{gdk, glib};
use match5_tictactoe::Mark;

use super::drawing::{self, Scene, signed};
use crate::i18n::{gettext, gettext_f};
use crate::widgets::drawn_board::{Spoken, draw_cairo, drawn_board, whole};

mod imp {
    use super::*;
    use glib::subclass::Signal;

    #[derive(Default)]
    pub struct TicTacToeView {
        pub scene: RefCell<Scene>,
        /// What screen readers hear of it, the news first.
        pub spoken: Spoken,
        /// The keyboard's field.
        pub cursor: Cell<usize>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TicTacToeView {
        const NAME: &'static str = "Match5TicTacToeView";
        type Type = super::TicTacToeView;
        type ParentType = gtk::Widget;

        fn class_init(klass: &mut Self::Class) {
            klass.set_css_name("tictactoeview");
            klass.set_accessible_role(gtk::AccessibleRole::Img);
        }
    }

    impl ObjectImpl for TicTacToeView {
        fn signals() -> &'static [Signal] {
            static SIGNALS: OnceLock<Vec<Signal>> = OnceLock::new();
            SIGNALS.get_or_init(|| {
                vec![
                    Signal::builder("field-chosen")
                        .param_types([u32::static_type()])
                        .build(),
                ]
            })
        }

        fn constructed(&self) {
            self.parent_constructed();
            let obj = self.obj();
            obj.set_vexpand(true);
            self.cursor.set(4);
            drawn_board(
                &*obj,
                |obj, x, y| {
                    let (w, h) = (obj.width() as f64, obj.height() as f64);
                    let Some(field) = drawing::field_at(w, h, x, y) else {
                        return false;
                    };
                    obj.imp().cursor.set(field);
                    obj.choose(field);
                    true
                },
                |obj, key, modifiers| obj.key_pressed(key, modifiers),
                |_| (),
            );
        }
    }

    impl WidgetImpl for TicTacToeView {
        fn measure(&self, orientation: gtk::Orientation, _for_size: i32) -> (i32, i32, i32, i32) {
            match orientation {
                gtk::Orientation::Vertical => (260, 340, -1, -1),
                _ => (200, 340, -1, -1),
            }
        }

        fn snapshot(&self, snapshot: &gtk::Snapshot) {
            let obj = self.obj();
            draw_cairo(&*obj, snapshot, whole(&*obj), |cr, w, h, cursor, dark| {
                let mut scene = self.scene.borrow().clone();
                if cursor {
                    scene.cursor = Some(self.cursor.get());
                }
                drawing::draw(cr, w, h, &scene, dark);
            });
        }
    }
}

glib::wrapper! {
    pub struct TicTacToeView(ObjectSubclass<imp::TicTacToeView>)
        @extends gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget;
}

impl Default for TicTacToeView {
    fn default() -> Self {
        glib::Object::new()
    }
}

/// A mark's name in the article's words: kruisje, nulletje.
pub fn mark_name(m: Mark) -> String {
    match m {
        Mark::X => gettext("X"),
        Mark::O => gettext("O"),
    }
}

impl TicTacToeView {
    pub fn set_scene(&self, scene: Scene) {
        self.imp().scene.replace(scene);
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

    fn choose(&self, field: usize) {
        // The person's own move: the news before it is old.
        self.imp().spoken.clear_news();
        self.emit_by_name::<()>("field-chosen", &[&(field as u32)]);
    }

    fn key_pressed(&self, key: gdk::Key, modifiers: gdk::ModifierType) -> glib::Propagation {
        // Ctrl+4 is the page switcher's, not field 4.
        if modifiers.intersects(gdk::ModifierType::CONTROL_MASK | gdk::ModifierType::ALT_MASK) {
            return glib::Propagation::Proceed;
        }
        let c = self.imp().cursor.get();
        let (row, col) = (c / 3, c % 3);
        let next = match key {
            gdk::Key::Left | gdk::Key::KP_Left => Some(row * 3 + col.saturating_sub(1)),
            gdk::Key::Right | gdk::Key::KP_Right => Some(row * 3 + (col + 1).min(2)),
            gdk::Key::Up | gdk::Key::KP_Up => Some(row.saturating_sub(1) * 3 + col),
            gdk::Key::Down | gdk::Key::KP_Down => Some((row + 1).min(2) * 3 + col),
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
            self.choose(c);
            return glib::Propagation::Stop;
        }
        if let Some(digit) = key.to_unicode().and_then(|ch| ch.to_digit(10))
            && (1..=9).contains(&digit)
        {
            let field = digit as usize - 1;
            self.imp().cursor.set(field);
            self.choose(field);
            return glib::Propagation::Stop;
        }
        glib::Propagation::Proceed
    }

    /// Describes the board once this turn of the main loop is over.
    fn describe(&self) {
        self.imp().spoken.later(self, |view| view.describe_now());
    }

    /// The board in words, field by field, for screen readers.
    fn describe_now(&self) {
        let description = {
            let scene = self.imp().scene.borrow();
            let mut parts = Vec::new();
            for f in 0..9 {
                let what = match scene.board.get(f) {
                    Some(m) => mark_name(m),
                    None => gettext("empty"),
                };
                let mut text = gettext_f(
                    "Field {n}: {what}",
                    &[("n", &(f + 1).to_string()), ("what", &what)],
                );
                if let Some(seen) = scene.seen[f].filter(|_| scene.show_preferences) {
                    text += &gettext_f(
                        " (preference {value})",
                        &[("value", &signed(seen.preference))],
                    );
                }
                parts.push(text);
            }
            let mut out = parts.join(", ") + ".";
            out += " ";
            out += &gettext_f(
                "Chosen: field {n}.",
                &[("n", &(self.imp().cursor.get() + 1).to_string())],
            );
            out
        };
        crate::widgets::a11y::set_label(self, &gettext("Tic-tac-toe board"));
        let description = self.imp().spoken.with_news(&description);
        crate::widgets::a11y::set_description(self, &description);
    }

    pub fn connect_field_chosen<F: Fn(&Self, usize) + 'static>(&self, f: F) {
        self.connect_closure(
            "field-chosen",
            false,
            glib::closure_local!(move |view: &TicTacToeView, field: u32| {
                f(view, field as usize);
            }),
        );
    }
}
