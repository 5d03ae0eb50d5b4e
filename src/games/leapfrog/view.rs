//! The fields widget of the leap-frog page: draws the position (see
//! `drawing.rs`), turns clicks and keys (Left/Right move a cursor, Space
//! or Enter choose the frog under it) into `field-activated`, animates a
//! frog's move and shakes a frog that cannot move, and tells screen readers
//! what is on every field.

use std::cell::{Cell, RefCell};
use std::sync::OnceLock;
use std::time::Duration;

use adw::prelude::*;
use gtk::subclass::prelude::*;
use gtk::{gdk, glib};
use match5_leapfrog::Frog;

use super::drawing::{self, Animal, Scene};
use crate::i18n::{gettext, gettext_f};
use crate::widgets::drawn_board::{draw_cairo, drawn_board, whole};

/// How long a move takes on screen.
const MOVE_TIME: Duration = Duration::from_millis(260);
const SHAKE_TIME: Duration = Duration::from_millis(360);

mod imp {
    use super::*;
    use glib::subclass::Signal;

    #[derive(Default)]
    pub struct LeapfrogView {
        pub scene: RefCell<Scene>,
        /// A move on screen: from, to, and when it started (frame time, µs).
        pub moving: Cell<Option<(usize, usize, i64)>>,
        pub shaking: Cell<Option<(usize, i64)>>,
        pub tick: RefCell<Option<gtk::TickCallbackId>>,
        pub cursor: Cell<usize>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for LeapfrogView {
        const NAME: &'static str = "Match5LeapfrogView";
        type Type = super::LeapfrogView;
        type ParentType = gtk::Widget;

        fn class_init(klass: &mut Self::Class) {
            klass.set_css_name("leapfrogview");
            klass.set_accessible_role(gtk::AccessibleRole::Img);
        }
    }

    impl ObjectImpl for LeapfrogView {
        fn signals() -> &'static [Signal] {
            static SIGNALS: OnceLock<Vec<Signal>> = OnceLock::new();
            SIGNALS.get_or_init(|| {
                vec![
                    Signal::builder("field-activated")
                        .param_types([u32::static_type()])
                        .build(),
                ]
            })
        }

        fn constructed(&self) {
            self.parent_constructed();
            let obj = self.obj();
            drawn_board(
                &*obj,
                |obj, x, _| {
                    let n = obj.imp().scene.borrow().fields.len();
                    let (w, h) = (obj.width() as f64, obj.height() as f64);
                    let Some(field) = drawing::field_at(w, h, n, x) else {
                        return false;
                    };
                    obj.imp().cursor.set(field);
                    obj.emit_by_name::<()>("field-activated", &[&(field as u32)]);
                    true
                },
                |obj, key, _| obj.key_pressed(key),
                |obj| obj.describe(),
            );
        }
    }

    impl WidgetImpl for LeapfrogView {
        fn measure(&self, orientation: gtk::Orientation, _for_size: i32) -> (i32, i32, i32, i32) {
            match orientation {
                gtk::Orientation::Horizontal => (300, 720, -1, -1),
                _ => (170, 200, -1, -1),
            }
        }

        fn snapshot(&self, snapshot: &gtk::Snapshot) {
            let obj = self.obj();
            draw_cairo(&*obj, snapshot, whole(&*obj), |cr, w, h, cursor, dark| {
                let mut scene = self.scene.borrow().clone();
                let now = obj.frame_clock().map_or(0, |c| c.frame_time());
                if let Some((from, to, start)) = self.moving.get() {
                    let t = (now - start) as f64 / MOVE_TIME.as_micros() as f64;
                    scene.moving = Some((from, to, t.clamp(0.0, 1.0)));
                }
                if let Some((field, start)) = self.shaking.get() {
                    let t = ((now - start) as f64 / SHAKE_TIME.as_micros() as f64).clamp(0.0, 1.0);
                    scene.shaking = Some((
                        field,
                        (t * 6.0 * std::f64::consts::PI).sin() * 0.08 * (1.0 - t),
                    ));
                }
                if cursor {
                    scene.cursor = Some(self.cursor.get());
                }
                drawing::draw(cr, w, h, &scene, dark);
            });
        }
    }
}

glib::wrapper! {
    pub struct LeapfrogView(ObjectSubclass<imp::LeapfrogView>)
        @extends gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget;
}

impl Default for LeapfrogView {
    fn default() -> Self {
        glib::Object::new()
    }
}

impl LeapfrogView {
    /// Shows `fields` (from a position's text), with frogs or goats.
    pub fn set_fields(&self, fields: Vec<Option<Frog>>, animal: Animal, solved: bool) {
        {
            let mut scene = self.imp().scene.borrow_mut();
            scene.fields = fields;
            scene.animal = animal;
            scene.solved = solved;
        }
        let n = self.imp().scene.borrow().fields.len();
        if self.imp().cursor.get() >= n {
            self.imp().cursor.set(n / 2);
        }
        self.describe();
        self.queue_draw();
    }

    /// Animates the frog now on field `to` coming from field `from`.
    pub fn animate_move(&self, from: usize, to: usize) {
        let now = self.frame_clock().map_or(0, |c| c.frame_time());
        self.imp().moving.set(Some((from, to, now)));
        self.run_animation();
    }

    /// Shakes the frog on `field`: it cannot move.
    pub fn shake(&self, field: usize) {
        let now = self.frame_clock().map_or(0, |c| c.frame_time());
        self.imp().shaking.set(Some((field, now)));
        self.run_animation();
    }

    /// Runs the move's or the shake's animation; with animations off
    /// (the desktop's reduced motion) it jumps to its end.
    fn run_animation(&self) {
        if !crate::widgets::palette::look().animations {
            self.imp().moving.set(None);
            self.imp().shaking.set(None);
            self.queue_draw();
            return;
        }
        if self.imp().tick.borrow().is_some() {
            return;
        }
        let id = self.add_tick_callback(|view, clock| {
            let imp = view.imp();
            let now = clock.frame_time();
            if imp
                .moving
                .get()
                .is_some_and(|(_, _, s)| now - s > MOVE_TIME.as_micros() as i64)
            {
                imp.moving.set(None);
            }
            if imp
                .shaking
                .get()
                .is_some_and(|(_, s)| now - s > SHAKE_TIME.as_micros() as i64)
            {
                imp.shaking.set(None);
            }
            view.queue_draw();
            if imp.moving.get().is_none() && imp.shaking.get().is_none() {
                imp.tick.replace(None);
                glib::ControlFlow::Break
            } else {
                glib::ControlFlow::Continue
            }
        });
        self.imp().tick.replace(Some(id));
    }

    fn key_pressed(&self, key: gdk::Key) -> glib::Propagation {
        let n = self.imp().scene.borrow().fields.len();
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
            self.describe();
            self.queue_draw();
            return glib::Propagation::Stop;
        }
        if matches!(
            key,
            gdk::Key::space | gdk::Key::Return | gdk::Key::KP_Enter | gdk::Key::ISO_Enter
        ) {
            self.emit_by_name::<()>("field-activated", &[&(c as u32)]);
            return glib::Propagation::Stop;
        }
        glib::Propagation::Proceed
    }

    /// Every field's content as text, for screen readers.
    fn describe(&self) {
        let scene = self.imp().scene.borrow();
        let name = |f: &Option<Frog>| match (f, scene.animal) {
            (Some(Frog::X), Animal::Frog) => gettext("X frog"),
            (Some(Frog::Y), Animal::Frog) => gettext("Y frog"),
            (Some(Frog::X), Animal::Goat) => gettext("X goat"),
            (Some(Frog::Y), Animal::Goat) => gettext("Y goat"),
            (None, _) => gettext("empty"),
        };
        let fields: Vec<String> = scene
            .fields
            .iter()
            .enumerate()
            .map(|(i, f)| {
                gettext_f(
                    "field {number}: {what}",
                    &[("number", &(i + 1).to_string()), ("what", &name(f))],
                )
            })
            .collect();
        let cursor = gettext_f(
            "Cursor on field {number}.",
            &[("number", &(self.imp().cursor.get() + 1).to_string())],
        );
        let description = format!("{}. {cursor}", fields.join(", "));
        crate::widgets::a11y::set_label(self, &gettext("Fields"));
        crate::widgets::a11y::set_description(self, &description);
    }

    pub fn connect_field_activated<F: Fn(&Self, usize) + 'static>(&self, f: F) {
        self.connect_closure(
            "field-activated",
            false,
            glib::closure_local!(move |view: &LeapfrogView, field: u32| {
                f(view, field as usize);
            }),
        );
    }
}
