//! Help (template `window.ui`): a section per game, how to play it and how
//! the computer thinks or learns.

use adw::subclass::prelude::*;
use gtk::glib;
use gtk::prelude::*;

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(resource = "/io/github/match5/Match5/help/window.ui")]
    pub struct HelpWindow {}

    #[glib::object_subclass]
    impl ObjectSubclass for HelpWindow {
        const NAME: &'static str = "Match5HelpWindow";
        type Type = super::HelpWindow;
        type ParentType = adw::Window;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
            crate::dialogs::close_on_escape(klass);
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for HelpWindow {}
    impl WidgetImpl for HelpWindow {}
    impl WindowImpl for HelpWindow {}
    impl AdwWindowImpl for HelpWindow {}
}

glib::wrapper! {
    pub struct HelpWindow(ObjectSubclass<imp::HelpWindow>)
        @extends adw::Window, gtk::Window, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget,
                    gtk::Native, gtk::Root, gtk::ShortcutManager;
}

/// Shows help above `parent`.
pub fn show(parent: &impl IsA<gtk::Window>) {
    let window: HelpWindow = glib::Object::builder()
        .property("transient-for", parent)
        .build();
    GtkWindowExt::present(&window);
}
