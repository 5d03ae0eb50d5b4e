//! The replay window (template `replay.ui`): the game that taught a
//! pattern, move by move (Previous/Next, Home/End, Space plays them one
//! after another), with the pattern it left marked at the end. The moves
//! and what each step shows come from `taught.rs`.

use std::cell::{Cell as StdCell, OnceCell, RefCell};

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gdk, glib};

use crate::games::five::board::drawing::{self, Palette};
use crate::games::five::board::view::{describe_stones, edge_band};
use crate::games::five::model::taught::Taught;
use crate::i18n::{gettext, gettext_f};
use crate::widgets::step_buttons::StepButtons;

/// Time between two moves while the replay plays.
const STEP_TIME: std::time::Duration = std::time::Duration::from_millis(700);

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(file = "replay.ui")]
    pub struct Replay {
        #[template_child]
        pub window_title: TemplateChild<adw::WindowTitle>,
        #[template_child]
        pub area: TemplateChild<gtk::DrawingArea>,
        #[template_child]
        pub step_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub first_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub previous_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub play_button: TemplateChild<gtk::ToggleButton>,
        #[template_child]
        pub next_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub last_button: TemplateChild<gtk::Button>,
        pub taught: OnceCell<Taught>,
        /// Moves shown (0: the empty board).
        pub step: StdCell<usize>,
        pub playing: RefCell<Option<glib::SourceId>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for Replay {
        const NAME: &'static str = "Match5Replay";
        type Type = super::Replay;
        type ParentType = adw::Dialog;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for Replay {
        fn dispose(&self) {
            if let Some(source) = self.playing.take() {
                source.remove();
            }
        }
    }
    impl WidgetImpl for Replay {}
    impl AdwDialogImpl for Replay {}
}

glib::wrapper! {
    pub struct Replay(ObjectSubclass<imp::Replay>)
        @extends adw::Dialog, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget, gtk::ShortcutManager;
}

/// Opens the replay of `taught` over `parent`, at the empty board.
pub fn show(parent: &impl IsA<gtk::Widget>, taught: Taught) {
    let replay: Replay = glib::Object::builder().build();
    replay.setup(taught);
    replay.present(Some(parent));
    replay.imp().area.grab_focus();
}

impl Replay {
    fn taught(&self) -> &Taught {
        self.imp().taught.get().expect("set up")
    }

    fn setup(&self, taught: Taught) {
        let imp = self.imp();
        let game = [("game", taught.game.to_string())];
        let game: Vec<(&str, &str)> = game.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let (title, subtitle) = if taught.practice {
            (
                gettext_f("Practice Game {game}", &game),
                gettext("A game the computer lost in practice"),
            )
        } else {
            (
                gettext_f(
                    "The Game That Taught Pattern {number}",
                    &[("number", &(taught.pattern + 1).to_string())],
                ),
                gettext_f("Game {game}", &game),
            )
        };
        imp.window_title.set_title(&title);
        self.set_title(&title);
        imp.window_title.set_subtitle(&subtitle);
        let _ = imp.taught.set(taught);
        imp.area.set_draw_func(glib::clone!(
            #[weak(rename_to = replay)]
            self,
            move |_, cr, w, h| {
                let side = w.min(h) as f64;
                let band = edge_band(side);
                let size = (side - 2.0 * band - 4.0).max(9.0);
                cr.translate((w as f64 - size) / 2.0, (h as f64 - size) / 2.0);
                let dark = adw::StyleManager::default().is_dark();
                drawing::draw_edge_labels(cr, size, band, dark);
                let scene = replay.taught().scene(replay.imp().step.get());
                drawing::draw(cr, size, &scene, &Palette::new(dark));
            }
        ));
        let go = |button: &gtk::Button, to: fn(usize, usize) -> usize| {
            button.connect_clicked(glib::clone!(
                #[weak(rename_to = replay)]
                self,
                move |_| {
                    let imp = replay.imp();
                    imp.step
                        .set(to(imp.step.get(), replay.taught().last_step()));
                    replay.update();
                }
            ));
        };
        go(&imp.first_button, |_, _| 0);
        go(&imp.previous_button, |i, _| i.saturating_sub(1));
        go(&imp.next_button, |i, n| (i + 1).min(n));
        go(&imp.last_button, |_, n| n);
        imp.play_button.connect_toggled(glib::clone!(
            #[weak(rename_to = replay)]
            self,
            move |button| replay.set_playing(button.is_active())
        ));

        let keys = gtk::EventControllerKey::new();
        keys.connect_key_pressed(glib::clone!(
            #[weak(rename_to = replay)]
            self,
            #[upgrade_or]
            glib::Propagation::Proceed,
            move |_, key, _, _| replay.key_pressed(key)
        ));
        self.add_controller(keys);
        self.update();
    }

    /// Plays the moves one after another from where the replay is (from the
    /// start when it is at the end), or stops.
    fn set_playing(&self, on: bool) {
        let imp = self.imp();
        if let Some(source) = imp.playing.take() {
            source.remove();
        }
        imp.play_button.set_icon_name(if on {
            "media-playback-pause-symbolic"
        } else {
            "media-playback-start-symbolic"
        });
        let name = if on {
            gettext("Pause")
        } else {
            gettext("Play the Moves")
        };
        crate::widgets::a11y::set_label(&*imp.play_button, &name);
        if !on {
            return;
        }
        if imp.step.get() >= self.taught().last_step() {
            imp.step.set(0);
            self.update();
        }
        // With animations off (the desktop's reduced motion) the moves do
        // not play one by one: the replay jumps to its end.
        if !crate::widgets::palette::look().animations {
            imp.step.set(self.taught().last_step());
            self.update();
            imp.play_button.set_active(false);
            return;
        }
        let source = glib::timeout_add_local(
            STEP_TIME,
            glib::clone!(
                #[weak(rename_to = replay)]
                self,
                #[upgrade_or]
                glib::ControlFlow::Break,
                move || {
                    let imp = replay.imp();
                    let last = replay.taught().last_step();
                    imp.step.set((imp.step.get() + 1).min(last));
                    replay.update();
                    if imp.step.get() < last {
                        return glib::ControlFlow::Continue;
                    }
                    // At the end: the source ends itself, the button pops up.
                    imp.playing.take();
                    imp.play_button.set_active(false);
                    glib::ControlFlow::Break
                }
            ),
        );
        imp.playing.replace(Some(source));
    }

    fn key_pressed(&self, key: gdk::Key) -> glib::Propagation {
        let imp = self.imp();
        if matches!(key, gdk::Key::space | gdk::Key::KP_Space) {
            imp.play_button.set_active(!imp.play_button.is_active());
            return glib::Propagation::Stop;
        }
        self.steps().press_for(key)
    }

    fn steps(&self) -> StepButtons<'_> {
        let imp = self.imp();
        StepButtons {
            first: &imp.first_button,
            previous: &imp.previous_button,
            next: &imp.next_button,
            last: &imp.last_button,
        }
    }

    /// Shows the step: the board, its sentence, the buttons that can go on.
    fn update(&self) {
        let imp = self.imp();
        let taught = self.taught();
        let (step, last) = (imp.step.get(), taught.last_step());
        let text = taught.describe(step);
        imp.step_label.set_label(&text);
        crate::widgets::a11y::set_label(&*imp.area, &text);
        crate::widgets::a11y::set_description(&*imp.area, &describe_stones(&taught.board(step)));
        self.steps().show_at(step, last);
        imp.area.queue_draw();
    }
}
