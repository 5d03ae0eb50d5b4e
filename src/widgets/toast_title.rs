//! A toast's title that shows its whole text, wrapped over as many lines as
//! the toast's width needs.
//!
//! libadwaita's toast overlay gives a toast the height of its natural
//! width, not of the width it then has, so a wrapped label spills out of
//! a narrow toast (over the page, at 360 px). This title asks for the
//! height its text needs at the width it was given, as its own minimum
//! height: the toast grows to it on the next layout. A toast of several
//! lines gets the style class `wrapped` (style.css rounds it as a box
//! instead of a pill).

use gtk::glib;
use gtk::prelude::*;
use gtk::subclass::prelude::*;

mod imp {
    use super::*;

    #[derive(Default)]
    pub struct ToastTitle {
        pub label: gtk::Label,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for ToastTitle {
        const NAME: &'static str = "Match5ToastTitle";
        type Type = super::ToastTitle;
        type ParentType = gtk::Widget;
    }

    impl ObjectImpl for ToastTitle {
        fn constructed(&self) {
            self.parent_constructed();
            let label = &self.label;
            label.set_wrap(true);
            label.set_wrap_mode(gtk::pango::WrapMode::WordChar);
            label.set_justify(gtk::Justification::Center);
            label.add_css_class("heading");
            label.set_parent(&*self.obj());
        }

        fn dispose(&self) {
            self.label.unparent();
        }
    }

    impl ToastTitle {
        /// The toast this title is shown in (libadwaita's private widget,
        /// known by its CSS name).
        fn toast(&self) -> Option<gtk::Widget> {
            let mut at = self.obj().parent();
            while let Some(w) = at {
                if w.css_name() == "toast" {
                    return Some(w);
                }
                at = w.parent();
            }
            None
        }
    }

    impl WidgetImpl for ToastTitle {
        fn measure(&self, orientation: gtk::Orientation, for_size: i32) -> (i32, i32, i32, i32) {
            if orientation == gtk::Orientation::Horizontal {
                // Whatever height it is measured for: the toast's box asks
                // for the width at the height of one line, which is the
                // whole line, and a toast with a button then ran out of a
                // narrow window instead of wrapping.
                let (min, nat, _, _) = self.label.measure(orientation, -1);
                // A wrapping label asks for a narrow natural width, which
                // broke a short sentence over two lines in a wide window:
                // it asks for its whole line, and wraps where the toast
                // has less room.
                let line = self
                    .label
                    .create_pango_layout(Some(&self.label.label()))
                    .pixel_size()
                    .0;
                return (min, nat.max(line), -1, -1);
            }
            let (min, nat, _, _) = self.label.measure(orientation, for_size);
            (min, nat, -1, -1)
        }

        fn request_mode(&self) -> gtk::SizeRequestMode {
            gtk::SizeRequestMode::HeightForWidth
        }

        fn size_allocate(&self, width: i32, height: i32, baseline: i32) {
            self.label.allocate(width, height, baseline, None);
            // A toast of more lines than one is a rounded box, not a pill
            // whose round ends would cut its first and last lines.
            let line = self.label.create_pango_layout(Some("Ág")).pixel_size().1;
            if let Some(toast) = self.toast() {
                if height > line * 3 / 2 {
                    toast.add_css_class("wrapped");
                } else {
                    toast.remove_css_class("wrapped");
                }
            }
            // The height the text needs at this width becomes the least
            // the title asks for: the toast takes it on the next layout.
            let needed = self.label.measure(gtk::Orientation::Vertical, width).1;
            if self.obj().height_request() != needed {
                let title = self.obj().downgrade();
                glib::idle_add_local_once(move || {
                    if let Some(title) = title.upgrade() {
                        title.set_height_request(needed);
                    }
                });
            }
        }
    }
}

glib::wrapper! {
    /// A toast's wrapped title (see the module's text).
    pub struct ToastTitle(ObjectSubclass<imp::ToastTitle>)
        @extends gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget;
}

impl ToastTitle {
    pub fn new(text: &str) -> Self {
        let title: Self = glib::Object::new();
        title.imp().label.set_label(text);
        title
    }

    /// Its words.
    pub fn text(&self) -> glib::GString {
        self.imp().label.label()
    }
}
