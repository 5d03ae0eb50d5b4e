//! "What the Computer Knows" under the leap-frog board: the puzzle's
//! figures for this k (positions reachable from the start, dead ends,
//! solutions) and the seed's derivation of why every solution takes
//! k(k + 2) moves. The page sets the puzzle's figures (`show`); the
//! template writes each label from its property through template
//! callbacks, so no code sets a label.

use std::cell::Cell;

use adw::subclass::prelude::*;
use gtk::glib;
use gtk::prelude::*;
use match5_leapfrog::Stats;

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate, glib::Properties)]
    #[template(file = "figures.ui")]
    #[properties(wrapper_type = super::LeapfrogFigures)]
    pub struct LeapfrogFigures {
        /// Frogs (or goats) of each kind: the puzzle's k.
        #[property(get, set)]
        frogs: Cell<u32>,
        /// Moves of every solution, k(k + 2).
        #[property(get, set)]
        moves: Cell<u32>,
        /// Positions reachable from the start, the start and goal too.
        #[property(get, set)]
        reachable: Cell<u64>,
        /// Reachable positions from which the goal cannot be reached.
        #[property(get, set)]
        dead_ends: Cell<u64>,
        /// Different move sequences from the start to the goal.
        #[property(get, set)]
        solutions: Cell<u64>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for LeapfrogFigures {
        const NAME: &'static str = "Match5LeapfrogFigures";
        type Type = super::LeapfrogFigures;
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
    impl LeapfrogFigures {
        /// A figure as its label shows it.
        #[template_callback]
        fn count(figure: u64) -> String {
            figure.to_string()
        }

        /// How the computer solves it, and why it takes so many moves.
        #[template_callback]
        fn explanation(frogs: u32, moves: u32) -> String {
            super::super::words::figures(frogs, moves)
        }
    }

    #[glib::derived_properties]
    impl ObjectImpl for LeapfrogFigures {}
    impl WidgetImpl for LeapfrogFigures {}
    impl BoxImpl for LeapfrogFigures {}
}

glib::wrapper! {
    pub struct LeapfrogFigures(ObjectSubclass<imp::LeapfrogFigures>)
        @extends gtk::Box, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget, gtk::Orientable;
}

impl LeapfrogFigures {
    /// Shows the figures of one puzzle (the model's `stats`).
    pub fn show(&self, stats: &Stats) {
        self.set_frogs(stats.frogs as u32);
        self.set_moves(stats.moves as u32);
        self.set_reachable(stats.reachable);
        self.set_dead_ends(stats.dead_ends);
        self.set_solutions(stats.solutions);
    }
}
