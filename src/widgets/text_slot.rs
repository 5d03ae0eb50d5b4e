//! The place of a wrapped text beside a board (its status above, Show Why's
//! sentence under it) that keeps one height through a game: as high as the
//! longest text it can show at the width it has, in the language shown, so
//! that the board does not move when a text comes, goes or wraps.
//!
//! The page gives the slot its label (the child) and the texts it can say
//! ([`TextSlot::set_samples`], with the longest numbers and names filled
//! in); the slot measures them with the label's own font and wrapping. A
//! text longer than every sample still shows whole: then the slot grows.

use std::cell::{Cell, RefCell};

use gtk::prelude::*;
use gtk::subclass::prelude::*;
use gtk::{glib, pango};

mod imp {
    use super::*;

    #[derive(Default, glib::Properties)]
    #[properties(wrapper_type = super::TextSlot)]
    pub struct TextSlot {
        /// The texts the label can show, measured for the height kept.
        pub samples: RefCell<Vec<String>>,
        /// The label.
        #[property(get, set = Self::set_child, nullable)]
        pub child: RefCell<Option<gtk::Label>>,
        /// Lines kept at the least, whatever the samples.
        #[property(get, set = Self::set_lines, minimum = 0, maximum = 20)]
        pub lines: Cell<u32>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TextSlot {
        const NAME: &'static str = "Match5TextSlot";
        type Type = super::TextSlot;
        type ParentType = gtk::Widget;
    }

    #[glib::derived_properties]
    impl ObjectImpl for TextSlot {
        fn dispose(&self) {
            if let Some(child) = self.child.take() {
                child.unparent();
            }
        }
    }

    impl WidgetImpl for TextSlot {
        fn measure(&self, orientation: gtk::Orientation, for_size: i32) -> (i32, i32, i32, i32) {
            let Some(child) = self.child.borrow().clone() else {
                return (0, 0, -1, -1);
            };
            let (min, nat, _, _) = child.measure(orientation, for_size);
            if orientation == gtk::Orientation::Horizontal {
                return (min, nat, -1, -1);
            }
            let kept = self.kept_height(for_size);
            (min.max(kept), nat.max(kept), -1, -1)
        }

        fn request_mode(&self) -> gtk::SizeRequestMode {
            gtk::SizeRequestMode::HeightForWidth
        }

        fn size_allocate(&self, width: i32, height: i32, baseline: i32) {
            if let Some(child) = self.child.borrow().as_ref() {
                child.allocate(width, height, baseline, None);
            }
        }
    }

    impl TextSlot {
        fn set_child(&self, child: Option<gtk::Label>) {
            if let Some(old) = self.child.replace(child.clone()) {
                old.unparent();
            }
            if let Some(child) = child {
                child.set_parent(&*self.obj());
            }
        }

        fn set_lines(&self, lines: u32) {
            self.lines.set(lines);
            self.obj().queue_resize();
        }

        /// The height the label needs for the longest sample (or the lines
        /// kept) at `width`: the text's own height plus what the label adds
        /// around it (margins, padding), as the label measures itself now.
        fn kept_height(&self, width: i32) -> i32 {
            let Some(label) = self.child.borrow().clone() else {
                return 0;
            };
            let text_height = |text: &str| {
                let layout = label.create_pango_layout(Some(text));
                if width > 0 {
                    layout.set_width(width * pango::SCALE);
                    layout.set_wrap(label.wrap_mode());
                }
                layout.pixel_size().1
            };
            let (_, shown, _, _) = label.measure(gtk::Orientation::Vertical, width);
            let around = if label.is_visible() {
                (shown - text_height(&label.label())).max(0)
            } else {
                0
            };
            let lines = self.lines.get();
            let by_lines = if lines > 0 {
                let one = text_height("Ág");
                one * lines as i32
            } else {
                0
            };
            let by_samples = self
                .samples
                .borrow()
                .iter()
                .map(|s| text_height(s))
                .max()
                .unwrap_or(0);
            by_lines.max(by_samples) + around
        }
    }
}

glib::wrapper! {
    /// A label's place that keeps the height of its longest text (see the
    /// module's text).
    pub struct TextSlot(ObjectSubclass<imp::TextSlot>)
        @extends gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget;
}

impl TextSlot {
    /// The texts the label can show; the slot keeps the height of the
    /// longest at its width.
    pub fn set_samples<S: Into<String>>(&self, samples: impl IntoIterator<Item = S>) {
        self.imp()
            .samples
            .replace(samples.into_iter().map(Into::into).collect());
        self.queue_resize();
    }
}
