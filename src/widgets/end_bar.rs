//! Play Again, the same on every page: under the board, highlighted, in a
//! place that keeps its height while the game runs (so the board stays
//! still when it appears). No toast covers it, nor the line above it that
//! a page names (`clear-above`: five in a row's "It learned a new
//! pattern…"): while it shows, the window's toasts rise above both (the
//! style class `above-play-again` on the toast overlay, with the height
//! measured as laid out; style.css has the least). When a game ends on the page shown, the button
//! takes the focus (unless a name is being typed), so Enter plays again.
//! Beside it the place may hold the page's `aside` (five in a row's replay
//! of the game that taught a move, or the pattern it just learned).

use std::cell::Cell;

use adw::subclass::prelude::*;
use gtk::prelude::*;
use gtk::{CompositeTemplate, glib};

mod imp {
    use super::*;

    #[derive(Default, CompositeTemplate, glib::Properties)]
    #[template(file = "end_bar.ui")]
    #[properties(wrapper_type = super::EndBar)]
    pub struct EndBar {
        #[template_child]
        pub play_again_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub aside_slot: TemplateChild<adw::Bin>,
        /// What shows in the place while the game runs, if anything.
        #[property(get, set = Self::set_aside, nullable)]
        pub aside: std::cell::RefCell<Option<gtk::Widget>>,
        /// Is the game over (Play Again shown)?
        #[property(get, set = Self::set_over)]
        pub over: Cell<bool>,
        /// The page's line above the bar that toasts leave clear too.
        #[property(get, set, nullable)]
        pub clear_above: glib::WeakRef<gtk::Widget>,
        /// The button's height is kept once measured in the window's style.
        pub measured: Cell<bool>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for EndBar {
        const NAME: &'static str = "Match5EndBar";
        type Type = super::EndBar;
        type ParentType = adw::Bin;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    #[glib::derived_properties]
    impl ObjectImpl for EndBar {
        fn constructed(&self) {
            self.parent_constructed();
            self.keep_arrows();
        }
    }
    impl WidgetImpl for EndBar {
        /// In the window, styled: the bar keeps the button's height, and
        /// the button shows only at the end of a game.
        fn map(&self) {
            if !self.measured.replace(true) {
                let (_, height, _, _) = self
                    .play_again_button
                    .measure(gtk::Orientation::Vertical, -1);
                self.obj().set_size_request(-1, height);
                self.play_again_button.set_visible(self.over.get());
            }
            self.parent_map();
            self.lift_toasts();
        }

        fn unmap(&self) {
            self.parent_unmap();
            self.lift_toasts();
        }

        /// Laid out anew (the window resized, the line above rewrapped):
        /// the toasts' height is measured again once the frame is done.
        fn size_allocate(&self, width: i32, height: i32, baseline: i32) {
            self.parent_size_allocate(width, height, baseline);
            if self.over.get() {
                let bar = self.obj().downgrade();
                glib::idle_add_local_once(move || {
                    if let Some(bar) = bar.upgrade() {
                        bar.imp().lift_toasts();
                    }
                });
            }
        }
    }
    impl BinImpl for EndBar {}

    impl EndBar {
        fn set_over(&self, over: bool) {
            if self.over.replace(over) == over {
                return;
            }
            // A new game is played on the board: the focus goes back to the
            // page (which gives it to its board) before the button hides.
            if !over
                && self.play_again_button.has_focus()
                && let Some(page) = self.page()
            {
                page.grab_focus();
            }
            if self.measured.get() {
                self.play_again_button.set_visible(over);
            }
            if over && self.may_take_focus() {
                self.play_again_button.grab_focus();
            }
            self.lift_toasts();
        }

        /// Arrow keys stay with the game: Left and Right go between the
        /// bar's buttons, Up back to the board; none leaves for the rest of
        /// the window (where Right once reached the player's name, and the
        /// next Space replaced it).
        fn keep_arrows(&self) {
            let keys = gtk::EventControllerKey::new();
            keys.connect_key_pressed(glib::clone!(
                #[weak(rename_to = bar)]
                self.obj(),
                #[upgrade_or]
                glib::Propagation::Proceed,
                move |_, key, _, _| {
                    use gtk::gdk::Key;
                    match key {
                        Key::Left | Key::KP_Left => {
                            bar.child_focus(gtk::DirectionType::Left);
                        }
                        Key::Right | Key::KP_Right => {
                            bar.child_focus(gtk::DirectionType::Right);
                        }
                        Key::Up | Key::KP_Up => {
                            if let Some(page) = bar.imp().page() {
                                page.grab_focus();
                            }
                        }
                        Key::Down | Key::KP_Down => {}
                        _ => return glib::Propagation::Proceed,
                    }
                    glib::Propagation::Stop
                }
            ));
            self.obj().add_controller(keys);
        }

        /// The page the bar is on (its board takes the focus the page is
        /// given).
        fn page(&self) -> Option<gtk::Widget> {
            std::iter::successors(WidgetExt::parent(&*self.obj()), WidgetExt::parent)
                .find(|w| w.type_().name().ends_with("Page"))
        }

        /// Toasts rise above Play Again while it shows on the page shown.
        fn lift_toasts(&self) {
            let obj = self.obj();
            let Some(overlay) = obj.ancestor(adw::ToastOverlay::static_type()) else {
                return;
            };
            if obj.is_mapped() && self.over.get() {
                let top = self
                    .clear_above
                    .upgrade()
                    .unwrap_or_else(|| obj.clone().upcast());
                if let Some(at) = top.compute_point(&overlay, &gtk::graphene::Point::new(0.0, 0.0))
                {
                    toast_lift(overlay.height() - at.y() as i32 + 6);
                }
                overlay.add_css_class("above-play-again");
            } else {
                overlay.remove_css_class("above-play-again");
            }
        }

        fn set_aside(&self, aside: Option<gtk::Widget>) {
            adw::prelude::BinExt::set_child(&*self.aside_slot, aside.as_ref());
            self.aside_slot.set_visible(aside.is_some());
            self.aside.replace(aside);
        }

        /// May Play Again take the focus? Only on the page shown, and not
        /// from a text field (a name being typed).
        fn may_take_focus(&self) -> bool {
            let obj = self.obj();
            obj.is_mapped()
                && !WidgetExt::root(&*obj)
                    .and_then(|root| root.focus())
                    .is_some_and(|focus| focus.is::<gtk::Text>())
        }
    }
}

thread_local! {
    /// The toasts' lift, as last measured: one rule for the display.
    static LIFT: std::cell::RefCell<Option<(gtk::CssProvider, i32)>> = const { std::cell::RefCell::new(None) };
}

/// Toasts over a finished game rise `px` from the window's bottom.
fn toast_lift(px: i32) {
    let Some(display) = gtk::gdk::Display::default() else {
        return;
    };
    LIFT.with_borrow_mut(|lift| {
        if lift.as_ref().is_some_and(|(_, now)| *now == px) {
            return;
        }
        let provider = lift.get_or_insert_with(|| {
            let p = gtk::CssProvider::new();
            gtk::style_context_add_provider_for_display(
                &display,
                &p,
                gtk::STYLE_PROVIDER_PRIORITY_APPLICATION + 1,
            );
            (p, px)
        });
        provider.0.load_from_string(&format!(
            ".above-play-again > toast {{ margin-bottom: {px}px; }}"
        ));
        provider.1 = px;
    });
}

glib::wrapper! {
    /// Play Again under a board (see the module's text).
    pub struct EndBar(ObjectSubclass<imp::EndBar>)
        @extends adw::Bin, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget;
}
