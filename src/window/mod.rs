//! The main window: a shell around the game pages (template `window.ui`).
//! It holds an `AdwViewStack` of pages, shows the visible page's actions to
//! the header bar, the menu and the shortcuts as `game.*`, its subtitle
//! under the title, remembers the page, and asks every page before closing.

mod dropping;
mod ending;
mod new_game;

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gio, glib};

use crate::games::page::{PageHandle, SIDEBAR_ACTION, Verb, Waker};
use crate::games::page_state::{GameStatus, PAGE_ACTIONS, PageState};
use crate::games::{self, GamePage, PageInfo};
use crate::i18n::gettext;
use crate::settings::SharedSettings;

/// The window's own actions, typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WindowAction {
    /// Shows page N (a `u` parameter, 0-based): Ctrl+1 … Ctrl+9.
    ShowPage,
    /// The keyboard shortcuts window (`shortcuts.ui`), built when first
    /// asked for rather than with every window: it is not needed to start.
    ShowShortcuts,
}

impl WindowAction {
    pub fn name(self) -> &'static str {
        match self {
            WindowAction::ShowPage => "show-page",
            WindowAction::ShowShortcuts => "show-shortcuts",
        }
    }

    /// `win.show-page(uint32 N)`, for shortcuts.
    pub fn detailed_with(self, n: u32) -> String {
        format!("win.{}({})", self.name(), n.to_variant().print(true))
    }
}

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(file = "window.ui")]
    pub struct Window {
        #[template_child]
        pub switcher: TemplateChild<adw::ViewSwitcher>,
        #[template_child]
        pub window_title: TemplateChild<adw::WindowTitle>,
        #[template_child]
        pub narrow_subtitle: TemplateChild<gtk::Label>,
        #[template_child]
        pub switcher_bar: TemplateChild<adw::ViewSwitcherBar>,
        #[template_child]
        pub stack: TemplateChild<adw::ViewStack>,
        #[template_child]
        pub toasts: TemplateChild<adw::ToastOverlay>,
        #[template_child]
        pub narrowest: TemplateChild<adw::Breakpoint>,
        #[template_child]
        pub sidebar_button: TemplateChild<gtk::ToggleButton>,
        #[template_child]
        pub new_game_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub new_game_split: TemplateChild<adw::SplitButton>,
        #[template_child]
        pub undo_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub primary_menu: TemplateChild<gio::Menu>,
        #[template_child]
        pub menu_button: TemplateChild<gtk::MenuButton>,
        #[template_child]
        pub thinking: TemplateChild<adw::Spinner>,
        /// How many sections of the primary menu the visible page put in
        /// (after the first).
        pub page_sections: std::cell::Cell<i32>,
        pub settings: OnceCell<SharedSettings>,
        /// Every page: what is known of it, its place in the stack, and the
        /// page once made.
        pub pages: RefCell<Vec<Slot>>,
        /// The visible page's status last shown, to announce changes.
        pub last_status: RefCell<GameStatus>,
        /// Follow the visible page's subtitle and status.
        pub page_handlers: RefCell<Vec<(PageState, glib::SignalHandlerId)>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for Window {
        const NAME: &'static str = "Match5Window";
        type Type = super::Window;
        type ParentType = adw::ApplicationWindow;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for Window {}
    impl WidgetImpl for Window {}

    impl WindowImpl for Window {
        fn close_request(&self) -> glib::Propagation {
            self.obj().on_close_request()
        }
    }

    impl ApplicationWindowImpl for Window {}
    impl AdwApplicationWindowImpl for Window {}
}

/// A page's place in the window: made when first shown or asked for.
pub struct Slot {
    info: PageInfo,
    holder: adw::Bin,
    page: Option<Rc<dyn GamePage>>,
    /// Told when the page is made (its D-Bus interface then follows it).
    wakers: Vec<Waker>,
}

glib::wrapper! {
    pub struct Window(ObjectSubclass<imp::Window>)
        @extends adw::ApplicationWindow, gtk::ApplicationWindow, gtk::Window, gtk::Widget,
        @implements gio::ActionGroup, gio::ActionMap, gtk::Accessible, gtk::Buildable,
                    gtk::ConstraintTarget, gtk::Native, gtk::Root, gtk::ShortcutManager;
}

impl Window {
    /// The window's and the pages' keyboard shortcuts. Set once at start-up,
    /// before a window exists: GTK updates every window's shortcuts on each
    /// call, which made these calls cost 12 ms with the window made.
    pub fn set_accels(app: &impl IsA<gtk::Application>) {
        for (n, info) in games::pages().into_iter().enumerate() {
            for (action, accels) in info.accels() {
                // A common verb's keys are the same on every page.
                if !accels.is_empty() {
                    app.set_accels_for_action(&action, accels);
                }
            }
            if n < 9 {
                app.set_accels_for_action(
                    &WindowAction::ShowPage.detailed_with(n as u32),
                    &[&format!("<Control>{}", n + 1)],
                );
            }
        }
        app.set_accels_for_action(
            &format!("win.{}", WindowAction::ShowShortcuts.name()),
            &["<Control>question"],
        );
    }

    pub fn new(app: &impl IsA<gtk::Application>) -> Self {
        let window: Self = glib::Object::builder().property("application", app).build();
        crate::startup::trace("window-template");
        window.setup();
        window
    }

    fn setup(&self) {
        let imp = self.imp();
        let (settings, warning) = SharedSettings::open();
        let now = settings.get();
        self.set_default_size(now.window_width, now.window_height);
        if now.window_maximized {
            self.maximize();
        }
        let last_page = now.last_page.clone();
        let _ = imp.settings.set(settings.clone());

        let mut slots = Vec::new();
        for info in games::pages() {
            let holder = adw::Bin::new();
            let stack_page = imp
                .stack
                .add_titled(&holder, Some(info.id), &(info.title)());
            stack_page.set_icon_name(Some(info.icon_name));
            slots.push(Slot {
                info,
                holder,
                page: None,
                wakers: Vec::new(),
            });
        }
        imp.pages.replace(slots);
        self.accept_dropped_files();
        // The switchers get the stack once it is full: each page added to a
        // shown switcher rebuilt its buttons (10-20 ms for four pages).
        imp.switcher.set_stack(Some(&*imp.stack));
        imp.switcher_bar.set_stack(Some(&*imp.stack));
        let win = self.downgrade();
        imp.narrowest.connect_apply(move |_| {
            if let Some(win) = win.upgrade() {
                win.show_titles(true);
            }
        });
        let win = self.downgrade();
        imp.narrowest.connect_unapply(move |_| {
            if let Some(win) = win.upgrade() {
                win.show_titles(false);
            }
        });
        crate::startup::trace("window-stack");

        let show_page = gio::ActionEntry::builder(WindowAction::ShowPage.name())
            .parameter_type(Some(glib::VariantTy::UINT32))
            .activate(|win: &Self, _, p| {
                let n = p.and_then(|v| v.get::<u32>()).unwrap_or(0) as usize;
                let holder = win.imp().pages.borrow().get(n).map(|s| s.holder.clone());
                if let Some(h) = holder {
                    win.imp().stack.set_visible_child(&h);
                }
            })
            .build();
        let show_shortcuts = gio::ActionEntry::builder(WindowAction::ShowShortcuts.name())
            .activate(|win: &Self, _, _| win.show_shortcuts())
            .build();
        self.add_action_entries([show_page, show_shortcuts]);

        if imp.stack.child_by_name(&last_page).is_some() {
            imp.stack.set_visible_child_name(&last_page);
        }
        self.on_page_shown();
        crate::startup::trace("pages-made");
        if let Some(popover) = imp.menu_button.popover() {
            popover.connect_map(crate::widgets::a11y::name_menu_items);
        }
        self.name_new_game_split();
        imp.stack.connect_visible_child_notify(glib::clone!(
            #[weak(rename_to = win)]
            self,
            move |_| {
                win.on_page_shown();
                if let Some(id) = win.imp().stack.visible_child_name() {
                    let id = id.to_string();
                    win.settings().update(|s| s.last_page = id);
                }
            }
        ));

        if let Some(w) = warning {
            self.toast(&w);
        }
    }

    /// The tabs' titles: the pages' short ones in the narrowest window.
    fn show_titles(&self, short: bool) {
        let imp = self.imp();
        for slot in imp.pages.borrow().iter() {
            let title = if short {
                (slot.info.short_title)()
            } else {
                (slot.info.title)()
            };
            imp.stack.page(&slot.holder).set_title(Some(&title));
        }
    }

    pub fn settings(&self) -> &SharedSettings {
        self.imp().settings.get().expect("set up")
    }

    /// The page `id`, made now if it was not yet.
    fn made(&self, id: &str) -> Option<Rc<dyn GamePage>> {
        let mut pages = self.imp().pages.borrow_mut();
        let slot = pages.iter_mut().find(|s| s.info.id == id)?;
        if slot.page.is_none() {
            let page = (slot.info.make)(self.settings());
            slot.holder.set_child(Some(&page.widget()));
            slot.page = Some(page);
            slot.wakers.iter().for_each(Waker::wake);
            crate::startup::trace(&format!("page-made:{id}"));
        }
        slot.page.clone()
    }

    /// Shows the page `id` (made now if it was not yet).
    pub fn show_page(&self, id: &str) {
        if self.made(id).is_some() {
            self.imp().stack.set_visible_child_name(id);
        }
    }

    /// The page `id` as its D-Bus interface reaches it.
    pub fn page_handle(&self, id: &'static str) -> PageHandle {
        let win = self.downgrade();
        let handle = PageHandle::new(move |bring| {
            let win = win.upgrade()?;
            let page = win.made(id)?;
            if bring {
                win.show_page(id);
                GtkWindowExt::present(&win);
            }
            Some(page.widget())
        });
        let mut pages = self.imp().pages.borrow_mut();
        if let Some(slot) = pages.iter_mut().find(|s| s.info.id == id) {
            if slot.page.is_some() {
                handle.waker().wake();
            }
            slot.wakers.push(handle.waker());
        }
        handle
    }

    /// Carries out the app action `name` of the page `id` on that page,
    /// shown.
    pub fn page_app_action(&self, id: &str, name: &str, parameter: Option<&glib::Variant>) {
        if let Some(page) = self.made(id) {
            self.show_page(id);
            page.app_action(name, parameter);
        }
    }

    /// Opens `path` in the page that opens files with its ending, or else
    /// in the first page that opens files (which says what is wrong).
    pub fn open_file(&self, path: &std::path::Path) {
        let ending = path
            .extension()
            .map(|e| e.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        let id = {
            let pages = self.imp().pages.borrow();
            let opener = pages
                .iter()
                .find(|s| s.info.opens.contains(&ending.as_str()))
                .or_else(|| pages.iter().find(|s| !s.info.opens.is_empty()));
            opener.map(|s| s.info.id)
        };
        if let Some(page) = id.and_then(|id| {
            self.show_page(id);
            self.made(id)
        }) {
            page.open_file(path);
        }
    }

    /// The id of the game page shown (as its `page_info` gives it).
    pub fn visible_page_id(&self) -> Option<String> {
        self.imp().stack.visible_child_name().map(Into::into)
    }

    /// The common verbs the visible page offers.
    fn visible_info_verbs(&self) -> Vec<Verb> {
        let id = self.imp().stack.visible_child_name();
        let pages = self.imp().pages.borrow();
        pages
            .iter()
            .find(|s| Some(s.info.id) == id.as_deref())
            .map(|s| s.info.verbs())
            .unwrap_or_default()
    }

    fn visible_page(&self) -> Option<Rc<dyn GamePage>> {
        let id = self.imp().stack.visible_child_name()?;
        self.made(&id)
    }

    /// A message about the person's settings (no page's): it stays until
    /// dismissed, so nobody misses it by looking away.
    fn toast(&self, text: &str) {
        let toast = crate::widgets::lasting_toast(text);
        crate::widgets::add_toast(&self.imp().toasts, toast);
    }

    /// The visible page's actions become `game.*`; its subtitle is shown.
    fn on_page_shown(&self) {
        let imp = self.imp();
        let Some(page) = self.visible_page() else {
            return;
        };
        let actions = page.actions();
        imp.sidebar_button
            .set_visible(actions.has_action(SIDEBAR_ACTION));
        let verbs = self.visible_info_verbs();
        self.show_new_game(verbs.contains(&Verb::NewGame), page.setup_menu());
        imp.undo_button.set_visible(verbs.contains(&Verb::Undo));
        self.insert_action_group(PAGE_ACTIONS, Some(&actions));
        self.show_page_menu(page.menu());
        for (state, handler) in imp.page_handlers.take() {
            state.disconnect(handler);
        }
        let state = page.state().clone();
        let handlers = ["subtitle", "status"].map(|property| {
            let handler = state.connect_notify_local(
                Some(property),
                glib::clone!(
                    #[weak(rename_to = win)]
                    self,
                    move |state, _| win.show_status(state)
                ),
            );
            (state.clone(), handler)
        });
        // A page shown is not news: only what changes on it is announced.
        imp.last_status.replace(state.status());
        self.show_status(&state);
        page.widget().grab_focus();
        imp.page_handlers.replace(handlers.into());
    }

    /// The primary menu shows the page's own sections (and no other
    /// page's) between New Game and the general items.
    fn show_page_menu(&self, menu: Option<gio::MenuModel>) {
        let imp = self.imp();
        for _ in 0..imp.page_sections.replace(0) {
            imp.primary_menu.remove(1);
        }
        let Some(menu) = menu else {
            return;
        };
        let sections =
            (0..menu.n_items()).filter_map(|i| menu.item_link(i, gio::MENU_LINK_SECTION));
        let mut count = 0;
        for section in sections {
            count += 1;
            imp.primary_menu.insert_section(count, None, &section);
        }
        imp.page_sections.set(count);
    }

    /// The page's subtitle under the title; the window's title (what
    /// window lists and screen readers name) says the app and the
    /// subtitle. Not how the game stands: a screen reader says a window's
    /// new title, and each move would be heard twice (once as told by the
    /// page, once as the title); the status line above the board shows it.
    fn show_status(&self, page: &PageState) {
        let subtitle = page.subtitle();
        let status = page.status();
        self.announce(&status);
        self.imp()
            .thinking
            .set_visible(matches!(status, GameStatus::Thinking(_)));
        self.imp().window_title.set_subtitle(&subtitle);
        self.imp().narrow_subtitle.set_label(&subtitle);
        let title = if subtitle.is_empty() {
            gettext("Match5")
        } else {
            format!("{} — {subtitle}", gettext("Match5"))
        };
        GtkWindowExt::set_title(self, Some(&title));
    }

    /// Tells screen readers a game's result on the page shown, at once.
    /// What led to it (the computer's move, a move refused, one taken
    /// back, a new game) each page says as it happens
    /// (`crate::widgets::a11y::tell`).
    fn announce(&self, status: &GameStatus) {
        let before = self.imp().last_status.replace(status.clone());
        if let GameStatus::Over(text) = status
            && before != *status
        {
            crate::widgets::a11y::announce(self, text, true);
        }
    }

    /// The Keyboard Shortcuts dialog: the page's sections and the general
    /// one.
    fn show_shortcuts(&self) {
        let id = self.visible_page_id().unwrap_or_default();
        let pages = self.imp().pages.borrow().len();
        crate::widgets::shortcuts::dialog(&id, pages).present(Some(self));
    }
}
