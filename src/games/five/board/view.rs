//! The board widget: draws a [`Scene`] square and centred, turns clicks and
//! the keyboard (arrows move a cursor, Space or Enter place) into
//! `cell-activated`, and tells screen readers what is on the board.

use std::cell::{Cell as StdCell, RefCell};
use std::sync::OnceLock;

use adw::prelude::*;
use gtk::subclass::prelude::*;
use gtk::{gdk, glib};
use match5_five::{Cell, Color};

use crate::games::five::board::drawing::{self, Field, Palette, Scene};
use crate::widgets::drawn_board::{draw_cairo, drawn_board};

mod imp {
    use super::*;
    use glib::subclass::Signal;

    #[derive(Default)]
    pub struct BoardView {
        pub scene: RefCell<Scene>,
        /// The colour a stone placed now would have (for hover feedback);
        /// `None` when the board does not take moves.
        pub to_move: StdCell<Option<Color>>,
        pub hover: StdCell<Option<Cell>>,
        pub cursor: StdCell<Option<Cell>>,
        /// Described position, read by screen readers.
        pub description: RefCell<String>,
        /// Its name for screen readers, when not "Board".
        pub name: RefCell<Option<String>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for BoardView {
        const NAME: &'static str = "Match5BoardView";
        type Type = super::BoardView;
        type ParentType = gtk::Widget;

        fn class_init(klass: &mut Self::Class) {
            klass.set_css_name("boardview");
            klass.set_accessible_role(gtk::AccessibleRole::Grid);
        }
    }

    impl ObjectImpl for BoardView {
        fn signals() -> &'static [Signal] {
            static SIGNALS: OnceLock<Vec<Signal>> = OnceLock::new();
            SIGNALS.get_or_init(|| {
                vec![
                    Signal::builder("cell-activated")
                        .param_types([u32::static_type(), u32::static_type()])
                        .build(),
                ]
            })
        }

        fn constructed(&self) {
            self.parent_constructed();
            let obj = self.obj();
            obj.set_vexpand(true);
            let motion = gtk::EventControllerMotion::new();
            motion.connect_motion(glib::clone!(
                #[weak]
                obj,
                move |_, x, y| {
                    let cell = obj.cell_at(x, y);
                    if obj.imp().hover.replace(cell) != cell {
                        obj.queue_draw();
                    }
                }
            ));
            motion.connect_leave(glib::clone!(
                #[weak]
                obj,
                move |_| {
                    obj.imp().hover.set(None);
                    obj.queue_draw();
                }
            ));
            obj.add_controller(motion);

            drawn_board(
                &*obj,
                |obj, x, y| {
                    let Some(cell) = obj.cell_at(x, y) else {
                        return false;
                    };
                    obj.imp().cursor.set(Some(cell));
                    obj.emit_by_name::<()>(
                        "cell-activated",
                        &[&(cell.x() as u32), &(cell.y() as u32)],
                    );
                    true
                },
                |obj, key, _| obj.key_pressed(key),
                |obj| {
                    if obj.imp().cursor.get().is_none() {
                        obj.imp().cursor.set(Some(Cell::centre()));
                    }
                    obj.update_accessible();
                },
            );
        }
    }

    impl WidgetImpl for BoardView {
        fn measure(&self, _orientation: gtk::Orientation, _for_size: i32) -> (i32, i32, i32, i32) {
            (270, 540, -1, -1)
        }

        fn snapshot(&self, snapshot: &gtk::Snapshot) {
            let obj = self.obj();
            let (left, top, size) = obj.square();
            let band = edge_band(obj.width().min(obj.height()) as f64);
            draw_cairo(
                &*obj,
                snapshot,
                (left - band, top - band, size + band, size + band),
                |cr, _, _, cursor, dark| {
                    cr.translate(band, band);
                    drawing::draw_edge_labels(cr, size, band, dark);
                    let mut scene = self.scene.borrow().clone();
                    if let (Some(cell), Some(color)) = (self.hover.get(), self.to_move.get()) {
                        scene.hover = Some((cell, color));
                    }
                    if cursor {
                        scene.cursor = self.cursor.get();
                    }
                    drawing::draw(cr, size, &scene, &Palette::new(dark));
                },
            );
        }
    }
}

glib::wrapper! {
    pub struct BoardView(ObjectSubclass<imp::BoardView>)
        @extends gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget;
}

impl Default for BoardView {
    fn default() -> Self {
        glib::Object::new()
    }
}

impl BoardView {
    pub fn new() -> Self {
        Self::default()
    }

    /// Shows `scene`; `to_move` is the colour of a stone placed now (hover
    /// feedback), `None` when the board takes no moves.
    pub fn set_scene(&self, scene: Scene, to_move: Option<Color>, description: String) {
        self.imp().scene.replace(scene);
        self.imp().to_move.set(to_move);
        self.imp().description.replace(description);
        self.update_accessible();
        self.queue_draw();
    }

    /// The keyboard cursor.
    pub fn cursor(&self) -> Option<Cell> {
        self.imp().cursor.get()
    }

    /// The square the board is drawn in: left, top, size.
    fn square(&self) -> (f64, f64, f64) {
        let (w, h) = (
            WidgetExt::width(self) as f64,
            WidgetExt::height(self) as f64,
        );
        // The band on all four sides keeps the board in the middle.
        let size = (w.min(h) - 2.0 * edge_band(w.min(h)) - 12.0).max(9.0);
        ((w - size) / 2.0, (h - size) / 2.0, size)
    }

    fn cell_at(&self, x: f64, y: f64) -> Option<Cell> {
        let (left, top, size) = self.square();
        drawing::cell_at(left, top, size, x, y)
    }

    fn key_pressed(&self, key: gdk::Key) -> glib::Propagation {
        let cursor = self.imp().cursor.get().unwrap_or_else(Cell::centre);
        let step = match key {
            gdk::Key::Left | gdk::Key::KP_Left => Some((-1, 0)),
            gdk::Key::Right | gdk::Key::KP_Right => Some((1, 0)),
            gdk::Key::Up | gdk::Key::KP_Up => Some((0, -1)),
            gdk::Key::Down | gdk::Key::KP_Down => Some((0, 1)),
            _ => None,
        };
        if let Some((dx, dy)) = step {
            if let Some(next) = cursor.offset(dx, dy) {
                self.imp().cursor.set(Some(next));
                self.update_accessible();
                self.queue_draw();
            }
            return glib::Propagation::Stop;
        }
        if matches!(
            key,
            gdk::Key::space | gdk::Key::Return | gdk::Key::KP_Enter | gdk::Key::ISO_Enter
        ) {
            self.imp().cursor.set(Some(cursor));
            self.emit_by_name::<()>(
                "cell-activated",
                &[&(cursor.x() as u32), &(cursor.y() as u32)],
            );
            return glib::Propagation::Stop;
        }
        glib::Propagation::Proceed
    }

    /// What a screen reader hears of the board: its description says
    /// how the game stands (the news first: the computer's move, a hint),
    /// where the stones are and the field under the keyboard cursor. While
    /// the board has the focus, a screen reader says it as it changes, so
    /// the page tells nothing more then (`page/news.rs`, `page/hint.rs`).
    fn update_accessible(&self) {
        let scene = self.imp().scene.borrow();
        let mut description = self.imp().description.borrow().clone();
        if let Some(cell) = self.imp().cursor.get() {
            let what = match scene.fields[cell.index()] {
                Field::Stone(Color::Red) => crate::i18n::gettext("red"),
                Field::Stone(Color::Blue) => crate::i18n::gettext("blue"),
                _ => crate::i18n::gettext("empty"),
            };
            // Translators: the keyboard cursor on the board; {cell} is like "E5".
            let at = crate::i18n::gettext_f(
                "Cursor on {cell}: {field}",
                &[("cell", &cell_name(cell)), ("field", &what)],
            );
            description = format!("{description} {at}.");
        }
        let name = self.imp().name.borrow().clone();
        let name = name.unwrap_or_else(|| crate::i18n::gettext("Board"));
        crate::widgets::a11y::set_label(self, &name);
        crate::widgets::a11y::set_description(self, &description);
    }

    /// The name screen readers give the board, instead of "Board".
    pub fn set_name(&self, name: &str) {
        self.imp().name.replace(Some(name.to_string()));
        self.update_accessible();
    }

    pub fn connect_cell_activated<F: Fn(&Self, Cell) + 'static>(
        &self,
        f: F,
    ) -> glib::SignalHandlerId {
        self.connect_closure(
            "cell-activated",
            false,
            glib::closure_local!(move |board: &BoardView, x: u32, y: u32| {
                if let Some(cell) = Cell::new(x as usize, y as usize) {
                    f(board, cell);
                }
            }),
        )
    }
}

/// Where the stones are, for screen readers: "Blue: D5, E5. Red: E6."
/// Columns are letters A to I from the left, rows 1 to 9 from the top.
pub fn describe_stones(board: &match5_five::Board) -> String {
    let list = |color: Color| {
        let cells: Vec<String> = Cell::all()
            .filter(|c| board.get(*c) == Some(color))
            .map(cell_name)
            .collect();
        if cells.is_empty() {
            crate::i18n::gettext("none")
        } else {
            cells.join(", ")
        }
    };
    crate::i18n::gettext_f(
        "Blue: {blue}. Red: {red}.",
        &[("blue", &list(Color::Blue)), ("red", &list(Color::Red))],
    )
}

/// The band left of and above the board for the names of its rows and
/// columns, for a widget whose smaller side is `side`: it holds them at
/// the desktop's text size (10.5 px names at the standard size).
pub fn edge_band(side: f64) -> f64 {
    crate::widgets::palette::text_px(17.0).min(side / 8.0)
}

/// A field's name: column letter and row number, "E5" for the centre.
pub fn cell_name(cell: Cell) -> String {
    format!("{}{}", (b'A' + cell.x() as u8) as char, cell.y() + 1)
}
