//! The lights-out page (template `page.ui`): the nine lights as buttons,
//! and what the game says above them. Its actions land in
//! [`LightsOutPage::activate`]; D-Bus calls land in `control/requests.rs`
//! and call the same methods.

use std::cell::RefCell;

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::glib;

use super::actions::LightsOutAction;
use super::controller::{Controller, Refusal};
use super::model::Lights;
use crate::games::actions::{self, PageAction};
use crate::games::page_state::GameStatus;
use crate::i18n::{gettext, gettext_f, ngettext_f};

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(file = "page.ui")]
    pub struct LightsOutPage {
        #[template_child]
        pub status_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub grid: TemplateChild<gtk::Grid>,
        /// The rules every door follows, and the lights.
        pub controller: Controller,
        pub buttons: RefCell<Vec<gtk::Button>>,
        /// What the window shows of the page: subtitle, status, actions.
        pub state: crate::games::page_state::PageState,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for LightsOutPage {
        const NAME: &'static str = "Match5LightsOutPage";
        type Type = super::LightsOutPage;
        type ParentType = adw::Bin;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for LightsOutPage {}

    impl WidgetImpl for LightsOutPage {
        fn grab_focus(&self) -> bool {
            self.buttons
                .borrow()
                .first()
                .is_some_and(|b| b.grab_focus())
        }
    }

    impl BinImpl for LightsOutPage {}
}

glib::wrapper! {
    pub struct LightsOutPage(ObjectSubclass<imp::LightsOutPage>)
        @extends adw::Bin, gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget;
}

impl LightsOutPage {
    pub fn new() -> Self {
        let page: Self = glib::Object::new();
        let imp = page.imp();
        actions::install::<LightsOutAction>(
            imp.state.actions(),
            |_| false,
            glib::clone!(
                #[weak]
                page,
                move |action, _, parameter| {
                    let light = parameter.and_then(|p| p.get::<u32>());
                    page.activate(action, light);
                }
            ),
        );
        imp.state.attach(&page);
        let buttons: Vec<gtk::Button> = (0..9u32)
            .map(|i| {
                let button = gtk::Button::builder()
                    .width_request(64)
                    .height_request(64)
                    .action_name(LightsOutAction::Press.detailed())
                    .action_target(&i.to_variant())
                    .build();
                imp.grid
                    .attach(&button, (i % 3) as i32, (i / 3) as i32, 1, 1);
                button
            })
            .collect();
        imp.buttons.replace(buttons);
        page.show();
        page
    }

    /// Carries out one of the page's actions (a click, a key, a D-Bus call).
    pub fn activate(&self, action: LightsOutAction, light: Option<u32>) {
        match action {
            LightsOutAction::NewGame => self.new_game(),
            LightsOutAction::Press => {
                let pressed = light
                    .ok_or(Refusal::NoSuchLight(0))
                    .and_then(|n| self.press(n + 1));
                if let Err(refusal) = pressed {
                    crate::widgets::refuse(self, &refusal.message());
                }
            }
        }
    }

    pub fn new_game(&self) {
        self.imp().controller.new_game();
        self.show();
        self.imp().state.tell_new_game(self);
    }

    /// Presses light `light` (from 1), as a click or a D-Bus call asks.
    pub fn press(&self, light: u32) -> Result<(), Refusal> {
        let pressed = self.imp().controller.press(light);
        self.show();
        pressed
    }

    pub fn lights(&self) -> Lights {
        self.imp().controller.lights.borrow().clone()
    }

    /// Shows the lights and what the game says, and tells the window.
    fn show(&self) {
        let imp = self.imp();
        let lights = self.lights();
        for (i, button) in imp.buttons.borrow().iter().enumerate() {
            let on = lights.is_on(i);
            let number = (i + 1).to_string();
            let text = if on {
                gettext_f("Light {n}, on", &[("n", &number)])
            } else {
                gettext_f("Light {n}, off", &[("n", &number)])
            };
            // An icon, not a label: a button's label would be its name.
            if on {
                button.set_icon_name("display-brightness-symbolic");
            } else {
                button.set_child(None::<&gtk::Widget>);
            }
            button.set_tooltip_text(Some(&text));
            crate::widgets::a11y::set_label(button, &text);
            if on {
                button.add_css_class("suggested-action");
            } else {
                button.remove_css_class("suggested-action");
            }
        }
        let on = (0..9).filter(|&i| lights.is_on(i)).count() as u32;
        let subtitle = ngettext_f(
            "{n} light on",
            "{n} lights on",
            on,
            &[("n", &on.to_string())],
        );
        imp.state.set_subtitle(subtitle);
        let status = if lights.solved() {
            GameStatus::Over(ngettext_f(
                "All lights are off, in {n} move",
                "All lights are off, in {n} moves",
                lights.moves(),
                &[("n", &lights.moves().to_string())],
            ))
        } else {
            GameStatus::Turn(gettext("Turn every light off"))
        };
        imp.status_label.set_label(status.text());
        imp.state.set_status(status);
    }
}

impl Default for LightsOutPage {
    fn default() -> Self {
        Self::new()
    }
}

impl crate::games::page::GamePage for LightsOutPage {
    fn widget(&self) -> gtk::Widget {
        self.clone().upcast()
    }

    fn state(&self) -> &crate::games::page_state::PageState {
        &self.imp().state
    }

    fn before_close(&self, _close: Box<dyn Fn()>) -> bool {
        true
    }

    fn closing(&self) {}
}
