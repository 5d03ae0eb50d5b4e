//! One way for every page to declare and install its actions.
//!
//! A page lists its actions once with [`page_actions!`]: each variant with
//! its name in the `game` group, its kind (a plain action, an on/off
//! toggle, or one that takes a number) and its keyboard shortcuts. The
//! macro makes the enum and its [`PageAction`] list; [`install`] puts every
//! action in the page's group and sends each activation to the page as the
//! typed value, [`lookup`]
//! finds one action again (to enable it, or to set its state); [`declared`]
//! lists them for the registry (the window's keys, the help and the
//! shortcuts read them there), and [`toggle`] flips an on/off action's
//! state.

use gtk::gio::prelude::*;
use gtk::{gio, glib};

pub use super::page::{ActionKind, Declared};
use super::page_state::PAGE_ACTIONS;

/// A page's actions as one typed set.
pub trait PageAction: Copy + std::fmt::Debug + PartialEq + 'static {
    /// Every action, in the order declared.
    const ALL: &'static [Self];
    /// The name in the page's group (`new-game`).
    fn name(self) -> &'static str;
    fn kind(self) -> ActionKind;
    /// Its keyboard shortcuts, as GTK accelerators.
    fn accels(self) -> &'static [&'static str];

    /// The name widgets use: `game.<name>`.
    fn detailed(self) -> String {
        format!("{PAGE_ACTIONS}.{}", self.name())
    }
}

/// Declares a page's actions: the enum and its [`PageAction`] list.
///
/// ```ignore
/// page_actions! {
///     /// Everything a person can ask of the page.
///     pub enum TilesAction {
///         /// The game from its start.
///         NewGame = "new-game", Plain, ["<Control>n"];
///         Example = "example", Plain, [];
///     }
/// }
/// ```
macro_rules! page_actions {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(
                $(#[$vmeta:meta])*
                $variant:ident = $id:literal, $kind:ident, [$($accel:literal),* $(,)?];
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis enum $name {
            $($(#[$vmeta])* $variant,)*
        }

        impl $crate::games::actions::PageAction for $name {
            const ALL: &'static [$name] = &[$($name::$variant,)*];

            fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $id,)*
                }
            }

            fn kind(self) -> $crate::games::actions::ActionKind {
                match self {
                    $($name::$variant => $crate::games::actions::ActionKind::$kind,)*
                }
            }

            fn accels(self) -> &'static [&'static str] {
                match self {
                    $($name::$variant => &[$($accel),*],)*
                }
            }
        }
    };
}
pub(crate) use page_actions;

/// Puts every action of `A` into `group`. A toggle starts as `on` says;
/// each activation calls `activate` with the action, the `GAction` (to read
/// or set its state) and the parameter.
pub fn install<A: PageAction>(
    group: &gio::SimpleActionGroup,
    on: impl Fn(A) -> bool,
    activate: impl Fn(A, &gio::SimpleAction, Option<&glib::Variant>) + Clone + 'static,
) {
    for &action in A::ALL {
        let simple = match action.kind() {
            ActionKind::Plain => gio::SimpleAction::new(action.name(), None),
            ActionKind::Uint => {
                gio::SimpleAction::new(action.name(), Some(glib::VariantTy::UINT32))
            }
            ActionKind::Toggle => {
                gio::SimpleAction::new_stateful(action.name(), None, &on(action).to_variant())
            }
            // Nothing chosen until the page says what is.
            ActionKind::Choice => gio::SimpleAction::new_stateful(
                action.name(),
                Some(glib::VariantTy::STRING),
                &"".to_variant(),
            ),
        };
        let activate = activate.clone();
        simple.connect_activate(move |simple, parameter| activate(action, simple, parameter));
        group.add_action(&simple);
    }
}

/// Flips an on/off action (a [`ActionKind::Toggle`]) when it is activated;
/// returns its new state.
pub fn toggle(action: &gio::SimpleAction) -> bool {
    let on = !action
        .state()
        .and_then(|s| s.get::<bool>())
        .unwrap_or(false);
    action.set_state(&on.to_variant());
    on
}

/// Shows `choice` as chosen in a [`ActionKind::Choice`] action (the
/// menu's radio items follow; GIO tells nobody when it is the same).
pub fn show_choice(action: &gio::SimpleAction, choice: &str) {
    action.set_state(&choice.to_variant());
}

/// The choice an [`ActionKind::Choice`] action was activated with.
pub fn chosen(parameter: Option<&glib::Variant>) -> Option<String> {
    parameter.and_then(|p| p.get::<String>())
}

/// The action `action` in `group` (installed by [`install`]).
pub fn lookup<A: PageAction>(group: &gio::SimpleActionGroup, action: A) -> gio::SimpleAction {
    group
        .lookup_action(action.name())
        .and_downcast::<gio::SimpleAction>()
        .unwrap_or_else(|| panic!("{action:?} is installed"))
}

/// Every action of `A`, declared (for [`crate::games::PageInfo::actions`]).
pub fn declared<A: PageAction>() -> Vec<Declared> {
    A::ALL
        .iter()
        .map(|&a| Declared {
            name: a.name(),
            kind: a.kind(),
            accels: a.accels(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::page::Verb;

    /// Every registered page, so a new game is checked without being named.
    fn every_page() -> Vec<crate::games::PageInfo> {
        let pages = crate::games::pages();
        assert!(!pages.is_empty());
        pages
    }

    #[test]
    fn every_page_names_its_actions_once() {
        for page in every_page() {
            let (id, declared) = (page.id, (page.actions)());
            let mut names: Vec<_> = declared.iter().map(|a| a.name).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), declared.len(), "{id}: {declared:?}");
            for a in &declared {
                assert!(
                    a.name.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                    "{id}: {a:?}"
                );
            }
        }
    }

    #[test]
    fn the_common_verbs_have_the_same_keys_on_every_page() {
        for page in every_page() {
            let (id, declared) = (page.id, (page.actions)());
            assert!(page.verbs().contains(&Verb::NewGame), "{id}: {declared:?}");
            for a in &declared {
                let Some(verb) = Verb::named(a.name) else {
                    continue;
                };
                assert!(
                    a.accels.is_empty(),
                    "{id}: {a:?} takes the keys of {verb:?}"
                );
                assert_eq!(a.kind, ActionKind::Plain, "{id}: {a:?}");
                let (_, keys) = page
                    .accels()
                    .into_iter()
                    .find(|(n, _)| *n == a.detailed())
                    .unwrap();
                assert_eq!(keys, verb.accels(), "{id}: {a:?}");
            }
        }
        let tictactoe = every_page()
            .into_iter()
            .find(|p| p.id == "tictactoe")
            .unwrap();
        assert_eq!(
            tictactoe.verbs(),
            [Verb::NewGame, Verb::Undo],
            "tic-tac-toe offers undo like the others, and no hint"
        );
    }
}
