//! The pattern viewer (the original's `|< < > >|` buttons; template
//! `pattern_viewer.ui`): every stored pattern drawn with the board's drawing
//! code, with its number and level. It is given the game's model, follows
//! its `knowledge-changed` signal and deletes through it. "Replay the Game
//! That Taught This" opens `replay.rs` when the history keeps that game.

use std::cell::{Cell as StdCell, OnceCell};

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::glib;
use match5_five::pattern::PatternCell;
use match5_five::{Cell, Color, Pattern};

use crate::games::five::board::drawing::{self, Field, Palette, Scene};
use crate::games::five::model::FiveGame;
use crate::games::five::model::patterns::Origin;
use crate::i18n::{gettext, gettext_f};
use crate::widgets::step_buttons::StepButtons;

/// The scene of a pattern: placed at the left top; fields outside its
/// rectangle and its `-` fields greyed, as in the original's snapshot.
pub fn scene_of(pattern: &Pattern) -> Scene {
    let mut scene = Scene::default();
    for cell in Cell::all() {
        let field = if cell.x() < pattern.width() && cell.y() < pattern.height() {
            match pattern.get(cell.x(), cell.y()) {
                PatternCell::Stone => Field::Stone(Color::Blue),
                PatternCell::Empty => Field::MustBeEmpty,
                PatternCell::Response => Field::Response,
                PatternCell::Any => Field::DoesNotMatter,
            }
        } else {
            Field::DoesNotMatter
        };
        scene.fields[cell.index()] = field;
    }
    scene
}

/// One field of the legend, drawn as on the board: `size` square, the
/// field in its middle cell of a 3×3 scene scaled up.
fn draw_swatch(cr: &gtk::cairo::Context, size: f64, field: Field, palette: &Palette) {
    let mut scene = Scene::default();
    for cell in Cell::all() {
        scene.fields[cell.index()] = Field::DoesNotMatter;
    }
    let centre = Cell::centre();
    scene.fields[centre.index()] = field;
    // The whole 9×9 scene, moved so that its centre field fills the swatch.
    let board = size * 9.0;
    cr.translate(-board * 4.0 / 9.0, -board * 4.0 / 9.0);
    drawing::draw(cr, board, &scene, palette);
}

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(file = "pattern_viewer.ui")]
    pub struct PatternViewer {
        #[template_child]
        pub window_title: TemplateChild<adw::WindowTitle>,
        #[template_child]
        pub delete_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub area: TemplateChild<gtk::DrawingArea>,
        #[template_child]
        pub legend_stone: TemplateChild<gtk::DrawingArea>,
        #[template_child]
        pub legend_empty: TemplateChild<gtk::DrawingArea>,
        #[template_child]
        pub legend_response: TemplateChild<gtk::DrawingArea>,
        #[template_child]
        pub legend_any: TemplateChild<gtk::DrawingArea>,
        #[template_child]
        pub empty_page: TemplateChild<adw::StatusPage>,
        #[template_child]
        pub play_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub replay_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub not_kept_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub about_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub about_slot: TemplateChild<crate::widgets::text_slot::TextSlot>,
        #[template_child]
        pub game_stack: TemplateChild<gtk::Stack>,
        #[template_child]
        pub first_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub previous_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub next_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub last_button: TemplateChild<gtk::Button>,
        pub model: OnceCell<FiveGame>,
        /// The pattern shown (0-based).
        pub index: StdCell<usize>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for PatternViewer {
        const NAME: &'static str = "Match5PatternViewer";
        type Type = super::PatternViewer;
        type ParentType = adw::Dialog;

        fn class_init(klass: &mut Self::Class) {
            crate::widgets::ensure_types();
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for PatternViewer {}
    impl WidgetImpl for PatternViewer {}
    impl AdwDialogImpl for PatternViewer {}
}

glib::wrapper! {
    pub struct PatternViewer(ObjectSubclass<imp::PatternViewer>)
        @extends adw::Dialog, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget, gtk::ShortcutManager;
}

/// Opens the viewer of `model`'s patterns at pattern `start` (0-based).
pub fn show(parent: &impl IsA<gtk::Widget>, model: &FiveGame, start: usize) {
    let viewer: PatternViewer = glib::Object::builder().build();
    viewer.setup(model, start);
    viewer.present(Some(parent));
    // Not its status page's own scroll pane: the button takes the focus.
    crate::widgets::a11y::no_unnamed_scroll_stops(&viewer);
    // The board takes the keys; with no patterns the empty page's button
    // takes the focus, so that Escape and Tab work (else the sheet is a
    // trap).
    let imp = viewer.imp();
    if imp.area.is_visible() {
        imp.area.grab_focus();
    } else {
        imp.play_button.grab_focus();
    }
}

impl PatternViewer {
    fn model(&self) -> &FiveGame {
        self.imp().model.get().expect("set up")
    }

    fn setup(&self, model: &FiveGame, start: usize) {
        let imp = self.imp();
        let _ = imp.model.set(model.clone());
        imp.about_slot
            .set_samples(Origin::SAMPLES.map(|o| origin_words(9_998, 9_999, 99, o)));
        imp.index.set(start);
        // Back to the board: the way to a first pattern is a won game.
        imp.play_button.connect_clicked(glib::clone!(
            #[weak(rename_to = viewer)]
            self,
            move |_| {
                viewer.close();
            }
        ));
        imp.area.set_draw_func(glib::clone!(
            #[weak(rename_to = viewer)]
            self,
            move |_, cr, w, h| {
                if let Some(p) = viewer.model().pattern(viewer.imp().index.get()) {
                    // A–I and 1–9 on the edges, as on the board.
                    let side = w.min(h) as f64;
                    let band = crate::games::five::board::view::edge_band(side);
                    let size = (side - 2.0 * band - 4.0).max(9.0);
                    cr.translate((w as f64 - size) / 2.0, (h as f64 - size) / 2.0);
                    let dark = adw::StyleManager::default().is_dark();
                    drawing::draw_edge_labels(cr, size, band, dark);
                    drawing::draw(cr, size, &scene_of(&p), &Palette::new(dark));
                }
            }
        ));
        for (area, field) in [
            (&imp.legend_stone, Field::Stone(Color::Blue)),
            (&imp.legend_empty, Field::MustBeEmpty),
            (&imp.legend_response, Field::Response),
            (&imp.legend_any, Field::DoesNotMatter),
        ] {
            area.set_draw_func(move |_, cr, w, h| {
                let dark = adw::StyleManager::default().is_dark();
                draw_swatch(cr, w.min(h) as f64, field, &Palette::new(dark));
            });
        }
        let go = |button: &gtk::Button, to: fn(usize, usize) -> usize| {
            button.connect_clicked(glib::clone!(
                #[weak(rename_to = viewer)]
                self,
                move |_| {
                    let count = viewer.model().patterns() as usize;
                    let imp = viewer.imp();
                    imp.index.set(to(imp.index.get(), count));
                    viewer.update();
                }
            ));
        };
        go(&imp.first_button, |_, _| 0);
        go(&imp.previous_button, |i, _| i.saturating_sub(1));
        go(&imp.next_button, |i, n| (i + 1).min(n.saturating_sub(1)));
        go(&imp.last_button, |_, n| n.saturating_sub(1));

        let keys = gtk::EventControllerKey::new();
        keys.connect_key_pressed(glib::clone!(
            #[weak(rename_to = viewer)]
            self,
            #[upgrade_or]
            glib::Propagation::Proceed,
            move |_, key, _, _| viewer.steps().press_for(key)
        ));
        self.add_controller(keys);
        imp.replay_button.connect_clicked(glib::clone!(
            #[weak(rename_to = viewer)]
            self,
            move |_| {
                if let Some(taught) = viewer.model().taught(viewer.imp().index.get()) {
                    crate::games::five::dialogs::replay::show(&viewer, taught);
                }
            }
        ));
        imp.delete_button.connect_clicked(glib::clone!(
            #[weak(rename_to = viewer)]
            self,
            move |_| viewer.ask_to_delete()
        ));
        // Learned, deleted or other knowledge: show what is there now.
        let handler = model.connect_knowledge_changed(glib::clone!(
            #[weak(rename_to = viewer)]
            self,
            move |_| viewer.update()
        ));
        let model = model.clone();
        let handler = std::cell::RefCell::new(Some(handler));
        self.connect_destroy(move |_| {
            if let Some(h) = handler.take() {
                model.disconnect(h);
            }
        });
        self.update();
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

    /// Shows the pattern at the index (kept within the patterns there are).
    fn update(&self) {
        let imp = self.imp();
        let model = self.model();
        let count = model.patterns() as usize;
        let i = imp.index.get().min(count.saturating_sub(1));
        imp.index.set(i);
        let level = model.pattern(i).map(|p| p.level());
        imp.area.set_visible(count > 0);
        imp.empty_page.set_visible(count == 0);
        let subtitle =
            level.map_or_else(String::new, |l| origin_words(i, count, l, model.origin(i)));
        // The header: the number only, as the status names it ("It learned
        // pattern 3"); the sentence under the board says the rest.
        let number = if count > 0 {
            gettext_f(
                "Pattern {number} of {count}",
                &[
                    ("number", &(i + 1).to_string()),
                    ("count", &count.to_string()),
                ],
            )
        } else {
            String::new()
        };
        imp.window_title.set_subtitle(&number);
        imp.about_label.set_label(&subtitle);
        imp.about_slot.set_visible(count > 0);
        crate::widgets::a11y::set_label(&*imp.area, &subtitle);
        let kept = count > 0 && model.taught(i).is_some();
        // A game of the player's taught it: replayed, or said not kept.
        let of_a_game = model.origin(i).game().is_some();
        imp.game_stack.set_visible(count > 0);
        imp.game_stack
            .set_visible_child_name(match (kept, of_a_game) {
                (true, _) => "replay",
                (false, true) => "not-kept",
                (false, false) => "none",
            });
        self.steps().show_at(i, count.saturating_sub(1));
        imp.delete_button
            .set_sensitive(model.may_save() && count > 0);
        imp.area.queue_draw();
    }

    fn ask_to_delete(&self) {
        let i = self.imp().index.get();
        crate::dialogs::confirm(
            self,
            &gettext("Delete This Pattern?"),
            &gettext_f(
                "The computer forgets pattern {number}. Save the knowledge to make it final.",
                &[("number", &(i + 1).to_string())],
            ),
            &gettext("_Delete"),
            true,
            glib::clone!(
                #[weak(rename_to = viewer)]
                self,
                move || {
                    if let Err(e) = viewer.model().delete_pattern(i) {
                        crate::dialogs::error(
                            &viewer,
                            &gettext("Could Not Delete the Pattern"),
                            &crate::games::five::words::errors::knowledge_error(&e),
                        );
                    }
                    viewer.update();
                }
            ),
        );
    }
}

/// "Pattern 2 of 5 · depth 3 · learned in game 4": the pattern's place,
/// depth and where it came from, in one line.
fn origin_words(index: usize, count: usize, depth: u32, origin: Origin) -> String {
    let game = origin.game().map(|g| g.to_string()).unwrap_or_default();
    let (number, count, depth) = (
        (index + 1).to_string(),
        count.to_string(),
        depth.to_string(),
    );
    let args = [
        ("number", number.as_str()),
        ("count", count.as_str()),
        ("depth", depth.as_str()),
        ("game", game.as_str()),
    ];
    match origin {
        Origin::Taught(Some(_)) => gettext_f(
            "Pattern {number} of {count} · depth {depth} · learned in game {game}",
            &args,
        ),
        Origin::Taught(None) => gettext_f("Pattern {number} of {count} · depth {depth}", &args),
        Origin::Hinted(_) => gettext_f(
            "Pattern {number} of {count} · depth {depth} · learned in game {game}, won with hints",
            &args,
        ),
        Origin::Practice => gettext_f(
            "Pattern {number} of {count} · depth {depth} · learned in practice",
            &args,
        ),
        Origin::Trained => gettext_f(
            "Pattern {number} of {count} · depth {depth} · came with the trained computer",
            &args,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pattern_is_drawn_at_the_left_top_with_the_rest_greyed() {
        let p = Pattern::from_rows(3, &["-.--", ".XBB"]).unwrap();
        let s = scene_of(&p);
        let at = |x, y| s.fields[Cell::new(x, y).unwrap().index()];
        assert_eq!(at(0, 0), Field::DoesNotMatter);
        assert_eq!(at(1, 0), Field::MustBeEmpty);
        assert_eq!(at(1, 1), Field::Response);
        assert_eq!(at(2, 1), Field::Stone(Color::Blue));
        assert_eq!(at(4, 1), Field::DoesNotMatter);
        assert_eq!(at(8, 8), Field::DoesNotMatter);
    }
}
