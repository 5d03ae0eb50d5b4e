//! The games, one page each. A page is a widget with its own model,
//! template and actions; the window only knows the [`GamePage`] trait, so
//! adding a game means adding its folder here and a line to [`pages`].

pub mod five;
pub mod leapfrog;
pub mod page;

pub use page::GamePage;

use crate::settings::SharedSettings;

/// Every page, in the order of the view switcher.
pub fn pages(settings: &SharedSettings) -> Vec<std::rc::Rc<dyn GamePage>> {
    vec![
        std::rc::Rc::new(five::FivePage::new(settings)),
        std::rc::Rc::new(leapfrog::LeapfrogPage::new(settings)),
    ]
}
