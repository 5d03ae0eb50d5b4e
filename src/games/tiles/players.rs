//! Who plays each side of the tile game: the side rows and New Game's
//! arrow (the page's setup menu) offer the same choices, and both show
//! the model's players, however they were chosen (D-Bus too).

use adw::prelude::*;
use adw::subclass::prelude::*;
use gtk::{gio, glib};
use match5_tiles::game::PLAYER_NAMES;

use super::actions::TilesAction;
use super::model::Player;
use super::page::TilesPage;
use crate::games::actions::{self, PageAction};
use crate::i18n::gettext;

/// The names of the players a side can have, in `Player::ALL`'s order.
fn player_names() -> Vec<String> {
    vec![
        gettext("A person"),
        gettext("Computer, best"),
        gettext("Computer, good"),
        gettext("Computer, greedy"),
        gettext("Computer, random"),
    ]
}

/// The menu's other ways to begin: this deal again, the original's
/// example, a file, or a random deal of other sizes. One place for them
/// all, New Game's arrow, as on the other pages.
fn other_games() -> gio::Menu {
    let menu = gio::Menu::new();
    for (label, action) in [
        (gettext("This _Deal Again"), TilesAction::Restart),
        (gettext("The Original’s _Example"), TilesAction::Example),
        (gettext("_Open Game File…"), TilesAction::Open),
        (gettext("Other _Sizes…"), TilesAction::OtherSizes),
    ] {
        menu.append(Some(&label), Some(&action.detailed()));
    }
    menu
}

/// The side rows' and the menu's action for each side.
const SIDES: [TilesAction; 2] = [TilesAction::FirstPlayer, TilesAction::SecondPlayer];

impl TilesPage {
    /// Fills the side rows and the setup menu with the players.
    pub(super) fn setup_players(&self) {
        let imp = self.imp();
        let names = player_names();
        let list: Vec<&str> = names.iter().map(String::as_str).collect();
        let players = self.model().players();
        for (side, (row, player)) in [
            (&*imp.first_row, players[0]),
            (&*imp.second_row, players[1]),
        ]
        .into_iter()
        .enumerate()
        {
            row.set_model(Some(&gtk::StringList::new(&list)));
            let at = Player::ALL.iter().position(|p| *p == player).unwrap_or(0);
            row.set_selected(at as u32);
            row.connect_selected_notify(glib::clone!(
                #[weak(rename_to = page)]
                self,
                move |_| page.players_changed()
            ));
            let section = gio::Menu::new();
            for (player, name) in Player::ALL.iter().zip(&names) {
                let item = gio::MenuItem::new(Some(name), None);
                item.set_action_and_target_value(
                    Some(&SIDES[side].detailed()),
                    Some(&player.id().to_variant()),
                );
                section.append_item(&item);
            }
            imp.setup_menu
                .append_section(Some(PLAYER_NAMES[side]), &section);
        }
        imp.setup_menu
            .append_section(Some(&gettext("Other Game")), &other_games());
        self.show_player_choices();
    }

    /// Who plays each side, shown in the side rows as if chosen there.
    pub(super) fn set_players(&self, players: [Player; 2]) {
        let imp = self.imp();
        for (row, player) in [
            (&*imp.first_row, players[0]),
            (&*imp.second_row, players[1]),
        ] {
            let at = Player::ALL.iter().position(|p| *p == player).unwrap_or(0);
            row.set_selected(at as u32);
        }
        self.players_changed();
    }

    /// A side's player chosen in the menu.
    pub(super) fn choose_player(
        &self,
        simple: &gio::SimpleAction,
        parameter: Option<&glib::Variant>,
    ) {
        let Some(player) = actions::chosen(parameter)
            .and_then(|id| Player::ALL.into_iter().find(|p| p.id() == id))
        else {
            return;
        };
        let mut players = self.model().players();
        let side = usize::from(simple.name() == TilesAction::SecondPlayer.name());
        players[side] = player;
        self.set_players(players);
    }

    fn players_changed(&self) {
        let imp = self.imp();
        let pick = |row: &adw::ComboRow| {
            Player::ALL
                .get(row.selected() as usize)
                .copied()
                .unwrap_or_default()
        };
        self.model()
            .set_players([pick(&imp.first_row), pick(&imp.second_row)]);
        self.show_player_choices();
    }

    /// The menu's marks follow the model's players.
    fn show_player_choices(&self) {
        let players = self.model().players();
        for (side, player) in SIDES.into_iter().zip(players) {
            let action = actions::lookup(self.imp().state.actions(), side);
            actions::show_choice(&action, player.id());
        }
    }
}
