//! Beside Play Again under the board (the end bar's `aside`): Hint while
//! the game runs, the replay of the game that taught the pattern behind
//! the computer's move, and after a won game the pattern it learned. The
//! page sets three properties (`status.rs`); the template binds each
//! button's visibility and target to them, and hides the whole when none
//! shows, so that Play Again stays in the middle.

use std::cell::Cell;

use adw::subclass::prelude::*;
use gtk::glib;
use gtk::prelude::*;

mod imp {
    use super::*;

    #[derive(gtk::CompositeTemplate, glib::Properties)]
    #[template(file = "aside.ui")]
    #[properties(wrapper_type = super::FiveAside)]
    pub struct FiveAside {
        /// The game runs: Hint may be asked for.
        #[property(get, set)]
        playing: Cell<bool>,
        /// The pattern whose teaching game the replay button replays, or
        /// -1 for none.
        #[property(get, set, minimum = -1, default = -1)]
        taught: Cell<i32>,
        /// The pattern learned from the game just won, or -1 for none.
        #[property(get, set, minimum = -1, default = -1)]
        learned: Cell<i32>,
    }

    impl Default for FiveAside {
        fn default() -> Self {
            FiveAside {
                playing: Cell::new(false),
                taught: Cell::new(-1),
                learned: Cell::new(-1),
            }
        }
    }

    #[glib::object_subclass]
    impl ObjectSubclass for FiveAside {
        const NAME: &'static str = "Match5FiveAside";
        type Type = super::FiveAside;
        type ParentType = gtk::Box;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
            klass.bind_template_callbacks();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    #[gtk::template_callbacks(functions)]
    impl FiveAside {
        /// A pattern is named (not -1).
        #[template_callback]
        fn named(pattern: i32) -> bool {
            pattern >= 0
        }

        /// The pattern as its button's action target (the actions take a
        /// pattern's number; 0 while none is named, as GTK wants a target).
        #[template_callback]
        fn target(pattern: i32) -> glib::Variant {
            u32::try_from(pattern).unwrap_or(0).to_variant()
        }

        /// Anything shows beside Play Again.
        #[template_callback]
        fn any(playing: bool, taught: i32, learned: i32) -> bool {
            playing || taught >= 0 || learned >= 0
        }
    }

    #[glib::derived_properties]
    impl ObjectImpl for FiveAside {}
    impl WidgetImpl for FiveAside {}
    impl BoxImpl for FiveAside {}
}

glib::wrapper! {
    pub struct FiveAside(ObjectSubclass<imp::FiveAside>)
        @extends gtk::Box, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget, gtk::Orientable;
}

impl FiveAside {
    /// Shows what the board's state offers: Hint while `playing`, the
    /// replay of pattern `taught`'s game, the view of pattern `learned`.
    pub fn show(&self, playing: bool, taught: Option<usize>, learned: Option<usize>) {
        let number = |p: Option<usize>| p.and_then(|p| i32::try_from(p).ok()).unwrap_or(-1);
        self.set_playing(playing);
        self.set_taught(number(taught));
        self.set_learned(number(learned));
    }
}
