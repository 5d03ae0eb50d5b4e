//! The learned positions (template `positions.ui`): each as a small board
//! with its preference, in the order met or by preference, and how many
//! of the at most 381 the computer knows.

use std::cell::RefCell;

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::glib;
use match5_tictactoe::enumerate::MOST;
use match5_tictactoe::{Board, Knowledge, Mark};

use super::drawing::{badge_text, draw_small, signed};
use crate::i18n::{gettext, gettext_f, ngettext_f};

/// The orders of the list, as in the drop-down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Met,
    HighestFirst,
    LowestFirst,
}

impl Order {
    const ALL: [Order; 3] = [Order::Met, Order::HighestFirst, Order::LowestFirst];

    fn name(self) -> String {
        match self {
            Order::Met => gettext("In the order met"),
            Order::HighestFirst => gettext("Highest preference first"),
            Order::LowestFirst => gettext("Lowest preference first"),
        }
    }
}

/// The entries (position, preference) in `order`; equal ones stay in the
/// order met.
pub fn sorted(entries: &[(u32, i32)], order: Order) -> Vec<(u32, i32)> {
    let mut out = entries.to_vec();
    match order {
        Order::Met => {}
        Order::HighestFirst => out.sort_by_key(|e| std::cmp::Reverse(e.1)),
        Order::LowestFirst => out.sort_by_key(|e| e.1),
    }
    out
}

/// A position in words: "X on 1, O on 5".
fn position_words(board: &Board) -> String {
    let fields = |m: Mark| -> String {
        (0..9)
            .filter(|&f| board.get(f) == Some(m))
            .map(|f| (f + 1).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    gettext_f(
        "X on {x}; O on {o}",
        &[("x", &fields(Mark::X)), ("o", &fields(Mark::O))],
    )
}

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(file = "positions.ui")]
    pub struct TicTacToePositions {
        #[template_child]
        pub counts: TemplateChild<gtk::Label>,
        #[template_child]
        pub sort_dropdown: TemplateChild<adw::ComboRow>,
        #[template_child]
        pub stack: TemplateChild<gtk::Stack>,
        #[template_child]
        pub flow: TemplateChild<gtk::FlowBox>,
        pub entries: RefCell<Vec<(u32, i32)>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TicTacToePositions {
        const NAME: &'static str = "Match5TicTacToePositions";
        type Type = super::TicTacToePositions;
        type ParentType = adw::Dialog;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for TicTacToePositions {}
    impl WidgetImpl for TicTacToePositions {}
    impl AdwDialogImpl for TicTacToePositions {}
}

glib::wrapper! {
    pub struct TicTacToePositions(ObjectSubclass<imp::TicTacToePositions>)
        @extends adw::Dialog, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget, gtk::ShortcutManager;
}

/// Opens the list of `knowledge`'s positions.
pub fn show(parent: &impl IsA<gtk::Widget>, knowledge: &Knowledge) {
    let window: TicTacToePositions = glib::Object::builder().build();
    window.imp().entries.replace(knowledge.entries().collect());
    window.setup(knowledge.games());
    window.present(Some(parent));
}

impl TicTacToePositions {
    fn setup(&self, games: u64) {
        let imp = self.imp();
        let n = imp.entries.borrow().len();
        imp.counts.set_label(&ngettext_f(
            "{n} of at most {most} positions · learned from {games} game",
            "{n} of at most {most} positions · learned from {games} games",
            games.min(u64::from(u32::MAX)) as u32,
            &[
                ("n", &n.to_string()),
                ("most", &MOST.to_string()),
                ("games", &games.to_string()),
            ],
        ));
        let names: Vec<String> = Order::ALL.iter().map(|o| o.name()).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        imp.sort_dropdown
            .set_model(Some(&gtk::StringList::new(&names)));
        imp.sort_dropdown.connect_selected_notify(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |_| window.fill()
        ));
        imp.stack
            .set_visible_child_name(if n == 0 { "empty" } else { "list" });
        self.fill();
    }

    fn fill(&self) {
        let imp = self.imp();
        let order = Order::ALL
            .get(imp.sort_dropdown.selected() as usize)
            .copied()
            .unwrap_or(Order::Met);
        while let Some(child) = imp.flow.first_child() {
            imp.flow.remove(&child);
        }
        for (value, preference) in sorted(&imp.entries.borrow(), order) {
            let Some(board) = Board::from_value(value) else {
                continue;
            };
            let item = gtk::Box::new(gtk::Orientation::Vertical, 2);
            item.add_css_class("card");
            let area = gtk::DrawingArea::new();
            area.set_content_width(64);
            area.set_content_height(64);
            area.set_margin_top(6);
            area.set_margin_start(6);
            area.set_margin_end(6);
            area.set_draw_func(move |_, cr, w, h| {
                let side = f64::from(w.min(h));
                let x = (f64::from(w) - side) / 2.0;
                draw_small(
                    cr,
                    x,
                    0.0,
                    side,
                    &board,
                    adw::StyleManager::default().is_dark(),
                );
            });
            let label = gtk::Label::new(Some(&badge_text(preference)));
            label.add_css_class("numeric");
            label.set_margin_bottom(4);
            if preference < 0 {
                label.add_css_class("error");
            } else if preference > 0 {
                label.add_css_class("success");
            }
            item.append(&area);
            item.append(&label);
            let words = gettext_f(
                "Position {value}: {fields}; preference {preference}",
                &[
                    ("value", &value.to_string()),
                    ("fields", &position_words(&board)),
                    ("preference", &signed(preference)),
                ],
            );
            item.set_tooltip_text(Some(&words));
            let child = gtk::FlowBoxChild::new();
            child.set_child(Some(&item));
            crate::widgets::a11y::set_label(&child, &words);
            imp.flow.append(&child);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_keep_equal_preferences_in_the_order_met() {
        let entries = [(5, 0), (7, 2), (9, -1), (11, 2)];
        assert_eq!(sorted(&entries, Order::Met), entries);
        assert_eq!(
            sorted(&entries, Order::HighestFirst),
            [(7, 2), (11, 2), (5, 0), (9, -1)]
        );
        assert_eq!(
            sorted(&entries, Order::LowestFirst),
            [(9, -1), (5, 0), (7, 2), (11, 2)]
        );
    }
}
