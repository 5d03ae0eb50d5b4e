//! The hall of fame window (template `hall_of_fame.ui`): the best 100
//! players by level, the current player marked.

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::glib;

use crate::games::five::model::FiveGame;
use crate::i18n::{gettext_f, ngettext_f};

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(file = "hall_of_fame.ui")]
    pub struct HallOfFame {
        #[template_child]
        pub stack: TemplateChild<gtk::Stack>,
        #[template_child]
        pub list: TemplateChild<gtk::ListBox>,
        #[template_child]
        pub error_page: TemplateChild<adw::StatusPage>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for HallOfFame {
        const NAME: &'static str = "Match5HallOfFame";
        type Type = super::HallOfFame;
        type ParentType = adw::Dialog;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for HallOfFame {}
    impl WidgetImpl for HallOfFame {}
    impl AdwDialogImpl for HallOfFame {}
}

glib::wrapper! {
    pub struct HallOfFame(ObjectSubclass<imp::HallOfFame>)
        @extends adw::Dialog, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget, gtk::ShortcutManager;
}

/// Shows the hall of fame of `model`'s data folder.
pub fn show(parent: &impl IsA<gtk::Widget>, model: &FiveGame) {
    let window: HallOfFame = glib::Object::builder().build();
    window.fill(model);
    window.present(Some(parent));
    crate::widgets::a11y::no_unnamed_scroll_stops(&window);
}

impl HallOfFame {
    fn fill(&self, model: &FiveGame) {
        let imp = self.imp();
        match model.store().hall_of_fame() {
            Ok(hof) if !hof.entries().is_empty() => {
                let me = model.player();
                for (i, entry) in hof.entries().iter().enumerate() {
                    let r = row(i + 1, &entry.player, entry.level, entry.player == me);
                    if let Some(start) = &entry.start {
                        // Where the player's computer started; the rank
                        // counts only what the player taught.
                        r.set_subtitle(&match entry.trained {
                            Some(n) => ngettext_f(
                                "Started from: {start} · its {trained} trained pattern is not counted",
                                "Started from: {start} · its {trained} trained patterns are not counted",
                                u32::try_from(n).unwrap_or(u32::MAX),
                                &[
                                    ("start", &crate::games::five::words::ladder::title(start)),
                                    ("trained", &n.to_string()),
                                ],
                            ),
                            None => gettext_f(
                                "Started from: {start} · its trained patterns are not counted",
                                &[("start", &crate::games::five::words::ladder::title(start))],
                            ),
                        });
                    }
                    imp.list.append(&r);
                }
                imp.stack.set_visible_child_name("list");
            }
            Ok(_) => imp.stack.set_visible_child_name("empty"),
            Err(e) => {
                imp.error_page.set_description(Some(&markup(
                    &crate::games::five::words::errors::file_error(&e),
                )));
                imp.stack.set_visible_child_name("error");
            }
        }
    }
}

fn row(rank: usize, player: &str, level: usize, me: bool) -> adw::ActionRow {
    let row = adw::ActionRow::builder().title(markup(player)).build();
    let rank = gtk::Label::builder()
        .label(format!("{rank}."))
        .width_chars(4)
        .xalign(1.0)
        .css_classes(["dim-label", "numeric"])
        .build();
    row.add_prefix(&rank);
    let level = gtk::Label::new(Some(&gettext_f(
        "level {level}",
        &[("level", &level.to_string())],
    )));
    level.add_css_class("numeric");
    row.add_suffix(&level);
    if me {
        row.add_css_class("accent");
    }
    row
}

/// Rows and status pages read markup: names are shown as they are.
fn markup(text: &str) -> String {
    glib::markup_escape_text(text).to_string()
}
