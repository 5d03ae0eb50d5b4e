//! Help (template `window.ui`): a section per game page, how to play it and
//! how the computer thinks or learns, each from its page's `help.ui`
//! (`games/<id>/help.ui`, a box `help` headed by a label `title`).

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::glib;

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(file = "window.ui")]
    pub struct HelpWindow {
        #[template_child]
        pub scroller: TemplateChild<gtk::ScrolledWindow>,
        #[template_child]
        pub sections: TemplateChild<gtk::Box>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for HelpWindow {
        const NAME: &'static str = "Match5HelpWindow";
        type Type = super::HelpWindow;
        type ParentType = adw::Dialog;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for HelpWindow {}
    impl WidgetImpl for HelpWindow {}
    impl AdwDialogImpl for HelpWindow {}
}

glib::wrapper! {
    pub struct HelpWindow(ObjectSubclass<imp::HelpWindow>)
        @extends adw::Dialog, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget, gtk::ShortcutManager;
}

/// Shows help above `parent`, at the section of the game page `page`
/// (its id) when there is one.
pub fn show(parent: &impl IsA<gtk::Widget>, page: Option<&str>) {
    let window: HelpWindow = glib::Object::builder().build();
    let mut shown = None;
    for info in crate::games::pages() {
        let builder = gtk::Builder::from_resource(&format!(
            "{}/games/{}/help.ui",
            crate::config::RESOURCE_BASE,
            info.id
        ));
        let (Some(section), Some(title)) = (
            builder.object::<gtk::Widget>("help"),
            builder.object::<gtk::Widget>("title"),
        ) else {
            continue;
        };
        window.imp().sections.append(&section);
        if page == Some(info.id) {
            shown = Some(title);
        }
    }
    if let Some(title) = shown {
        window.scroll_to(&title);
    }
    window.present(Some(parent));
}

impl HelpWindow {
    /// Puts `title` at the top once the text is laid out.
    fn scroll_to(&self, title: &gtk::Widget) {
        let scroller = self.imp().scroller.get();
        title.add_tick_callback(move |title, _| {
            let Some(content) = scroller.child() else {
                return glib::ControlFlow::Break;
            };
            match title.compute_point(&content, &gtk::graphene::Point::new(0.0, 0.0)) {
                Some(at) if title.height() > 0 => {
                    scroller.vadjustment().set_value(f64::from(at.y()) - 12.0);
                    glib::ControlFlow::Break
                }
                _ => glib::ControlFlow::Continue,
            }
        });
    }
}
