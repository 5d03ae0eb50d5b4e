//! Help (template `window.ui`): a section per game, how to play it and how
//! the computer thinks or learns.

use adw::subclass::prelude::*;
use gtk::glib;
use gtk::prelude::*;

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(resource = "/io/github/match5/Match5/help/window.ui")]
    pub struct HelpWindow {
        #[template_child]
        pub scroller: TemplateChild<gtk::ScrolledWindow>,
        #[template_child]
        pub section_five: TemplateChild<gtk::Label>,
        #[template_child]
        pub section_leapfrog: TemplateChild<gtk::Label>,
        #[template_child]
        pub section_tiles: TemplateChild<gtk::Label>,
        #[template_child]
        pub section_tictactoe: TemplateChild<gtk::Label>,
    }

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

/// Shows help above `parent`, at the section of the game page `page`
/// (its id, like `tiles`) when there is one.
pub fn show(parent: &impl IsA<gtk::Window>, page: Option<&str>) {
    let window: HelpWindow = glib::Object::builder()
        .property("transient-for", parent)
        .build();
    if let Some(section) = page.and_then(|p| window.section(p)) {
        window.scroll_to(&section);
    }
    GtkWindowExt::present(&window);
}

impl HelpWindow {
    /// The title of the section of the page `page`.
    fn section(&self, page: &str) -> Option<gtk::Label> {
        let imp = self.imp();
        Some(match page {
            "five" => imp.section_five.get(),
            "leapfrog" => imp.section_leapfrog.get(),
            "tiles" => imp.section_tiles.get(),
            "tictactoe" => imp.section_tictactoe.get(),
            _ => return None,
        })
    }

    /// Puts `title` at the top once the text is laid out.
    fn scroll_to(&self, title: &gtk::Label) {
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
