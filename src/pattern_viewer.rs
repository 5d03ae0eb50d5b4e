//! The pattern viewer (the original's `|< < > >|` buttons): every stored
//! pattern drawn with the board's drawing code, with its number and level.

use std::cell::Cell as StdCell;
use std::rc::Rc;

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gdk, glib};
use match5_engine::pattern::PatternCell;
use match5_engine::{Cell, Color, Pattern};

use crate::i18n::{gettext, gettext_f};
use crate::widgets::board_drawing::{self, Field, Palette, Scene};
use crate::window::Window;

/// The scene of a pattern: placed at the left top; fields outside its
/// rectangle and its `-` fields greyed, as in the original's snapshot.
pub fn scene_of(pattern: &Pattern) -> Scene {
    let mut scene = Scene::default();
    for cell in Cell::all() {
        let field = if cell.x() < pattern.width() && cell.y() < pattern.height() {
            match pattern.get(cell.x(), cell.y()) {
                PatternCell::Stone => Field::Stone(Color::Blue),
                PatternCell::Empty => Field::Empty,
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

/// Opens the viewer at pattern `start` (0-based).
pub fn show(win: &Window, start: usize) {
    let dialog = crate::dialogs::secondary_window(win, &gettext("Error Patterns"), 460, 600);
    let index = Rc::new(StdCell::new(start));

    let title = adw::WindowTitle::new(&gettext("Error Patterns"), "");
    let header = adw::HeaderBar::builder().title_widget(&title).build();
    let delete = gtk::Button::builder()
        .icon_name("user-trash-symbolic")
        .tooltip_text(gettext("Delete This Pattern"))
        .build();
    header.pack_end(&delete);

    let area = gtk::DrawingArea::builder()
        .content_width(360)
        .content_height(360)
        .hexpand(true)
        .vexpand(true)
        .focusable(true)
        .build();
    let empty = adw::StatusPage::builder()
        .icon_name("view-grid-symbolic")
        .title(gettext("No Patterns Yet"))
        .description(gettext(
            "Beat the computer and it learns the situation that beat it.",
        ))
        .vexpand(true)
        .build();

    let buttons = gtk::Box::builder()
        .halign(gtk::Align::Center)
        .css_classes(["linked"])
        .margin_bottom(18)
        .build();
    let nav = |icon: &str, tip: String| {
        let b = gtk::Button::builder()
            .icon_name(icon)
            .tooltip_text(tip)
            .build();
        buttons.append(&b);
        b
    };
    let first = nav("go-first-symbolic", gettext("First Pattern (Home)"));
    let prev = nav("go-previous-symbolic", gettext("Previous Pattern (Left)"));
    let next = nav("go-next-symbolic", gettext("Next Pattern (Right)"));
    let last = nav("go-last-symbolic", gettext("Last Pattern (End)"));

    let content = gtk::Box::new(gtk::Orientation::Vertical, 12);
    content.append(&header);
    let board_box = gtk::Box::builder()
        .margin_start(18)
        .margin_end(18)
        .margin_top(6)
        .vexpand(true)
        .build();
    board_box.append(&area);
    board_box.append(&empty);
    content.append(&board_box);
    content.append(&buttons);
    dialog.set_content(Some(&content));

    let win_draw = win.clone();
    let index_draw = index.clone();
    area.set_draw_func(move |_, cr, w, h| {
        let pattern =
            win_draw.with_session(|s| s.knowledge().patterns().get(index_draw.get()).cloned());
        if let Some(p) = pattern {
            let size = (w.min(h) as f64 - 4.0).max(9.0);
            cr.translate((w as f64 - size) / 2.0, (h as f64 - size) / 2.0);
            let dark = adw::StyleManager::default().is_dark();
            board_drawing::draw(cr, size, &scene_of(&p), &Palette::new(dark));
        }
    });

    let update: Rc<dyn Fn()> = {
        let (win, index, area, title, empty) = (
            win.clone(),
            index.clone(),
            area.clone(),
            title.clone(),
            empty.clone(),
        );
        let (first, prev, next, last, delete) = (
            first.clone(),
            prev.clone(),
            next.clone(),
            last.clone(),
            delete.clone(),
        );
        Rc::new(move || {
            let (count, level, owner) = win.with_session(|s| {
                let k = s.knowledge();
                let i = index.get().min(k.level().saturating_sub(1));
                index.set(i);
                (
                    k.level(),
                    k.patterns().get(i).map(Pattern::level),
                    k.may_overwrite(),
                )
            });
            let i = index.get();
            area.set_visible(count > 0);
            empty.set_visible(count == 0);
            let subtitle = match level {
                Some(l) => gettext_f(
                    "Pattern {number} of {count} · level {level}",
                    &[
                        ("number", &(i + 1).to_string()),
                        ("count", &count.to_string()),
                        ("level", &l.to_string()),
                    ],
                ),
                None => String::new(),
            };
            title.set_subtitle(&subtitle);
            crate::a11y::set_label(&area, &subtitle);
            first.set_sensitive(i > 0);
            prev.set_sensitive(i > 0);
            next.set_sensitive(i + 1 < count);
            last.set_sensitive(i + 1 < count);
            delete.set_sensitive(owner && count > 0);
            area.queue_draw();
        })
    };
    let go = |button: &gtk::Button, to: fn(usize, usize) -> usize| {
        let (win, index, update) = (win.clone(), index.clone(), update.clone());
        button.connect_clicked(move |_| {
            let count = win.with_session(|s| s.knowledge().level());
            index.set(to(index.get(), count));
            update();
        });
    };
    go(&first, |_, _| 0);
    go(&prev, |i, _| i.saturating_sub(1));
    go(&next, |i, n| (i + 1).min(n.saturating_sub(1)));
    go(&last, |_, n| n.saturating_sub(1));

    let keys = gtk::EventControllerKey::new();
    let (f2, p2, n2, l2) = (first.clone(), prev.clone(), next.clone(), last.clone());
    keys.connect_key_pressed(move |_, key, _, _| {
        let button = match key {
            gdk::Key::Home => &f2,
            gdk::Key::Left | gdk::Key::Page_Up => &p2,
            gdk::Key::Right | gdk::Key::Page_Down => &n2,
            gdk::Key::End => &l2,
            _ => return glib::Propagation::Proceed,
        };
        if button.is_sensitive() {
            button.emit_clicked();
        }
        glib::Propagation::Stop
    });
    dialog.add_controller(keys);

    {
        let (win, index, update, dialog2) =
            (win.clone(), index.clone(), update.clone(), dialog.clone());
        delete.connect_clicked(move |_| {
            let i = index.get();
            let (win, update) = (win.clone(), update.clone());
            crate::dialogs::confirm(
                &dialog2,
                &gettext("Delete This Pattern?"),
                &gettext_f(
                    "The computer forgets pattern {number}. Save the knowledge to make it final.",
                    &[("number", &(i + 1).to_string())],
                ),
                &gettext("_Delete"),
                true,
                move || {
                    let result = win.with_session(|s| {
                        let r = s.knowledge_mut().delete(i);
                        if r.is_ok() {
                            s.mark_changed();
                        }
                        r
                    });
                    win.imp().knowledge_changed.set(true);
                    if let Err(e) = result {
                        win.toast(&e.to_string());
                    }
                    win.refresh();
                    update();
                },
            );
        });
    }

    update();
    dialog.present();
    area.grab_focus();
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
        assert_eq!(at(1, 0), Field::Empty);
        assert_eq!(at(1, 1), Field::Response);
        assert_eq!(at(2, 1), Field::Stone(Color::Blue));
        assert_eq!(at(4, 1), Field::DoesNotMatter);
        assert_eq!(at(8, 8), Field::DoesNotMatter);
    }
}
