//! What the page tells screen readers as it happens: the computer's (or
//! an engine's, or a script's) move with the turn after it, and why a
//! move on the board was refused. A game's result the window says itself.

use adw::subclass::prelude::*;
use gtk::prelude::*;
use match5_five::Color;
use match5_five::game::MoveError;

use crate::games::five::board::view::cell_name;
use crate::games::five::page::FivePage;
use crate::games::page_state::GameStatus;
use crate::i18n::{gettext, gettext_f};

impl FivePage {
    /// Tells the moves that came since the board was last shown, unless
    /// the person made them here: "Red played B3. Your move". Called once
    /// the status is shown.
    pub(super) fn tell_new_moves(&self) {
        let imp = self.imp();
        let (n, last) = self.model().with(|s| {
            let game = s.game();
            let last = game.moves().last().map(|m| (m.kind.color(), m.cell));
            (game.moves().len(), last)
        });
        let before = imp.seen_moves.replace(n);
        // The person's own move comes with the computer's answer, if any.
        let news = if imp.own_move.get() {
            n > before + 1
        } else {
            n > before
        };
        let Some((color, cell)) = last.filter(|_| news) else {
            return;
        };
        // With the focus on the board, a screen reader says its new
        // description, which begins with the same words: told once.
        if imp.board.has_focus() {
            return;
        }
        let status = imp.state.status();
        crate::widgets::a11y::tell(self, &move_and_status(color, &cell_name(cell), &status));
    }

    /// A new game began: "New game. Red played E5. You play blue. Your
    /// move" (with the computer's first move when it starts).
    pub(super) fn tell_new_game(&self) {
        let first = self
            .model()
            .with(|s| s.game().moves().first().map(|m| (m.kind.color(), m.cell)));
        let status = self.imp().state.status();
        let now = match first {
            Some((color, cell)) => move_and_status(color, &cell_name(cell), &status),
            None => status.text().to_string(),
        };
        let text = format!("{} {now}", gettext("New game."));
        crate::widgets::a11y::tell(self, &text);
    }
}

/// "Red played B3. Your move": the status says the move already when it
/// follows one; else the move is said before it, and alone at a game's end
/// (the window says the result).
fn move_and_status(color: Color, field: &str, status: &GameStatus) -> String {
    let played = match color {
        Color::Red => gettext_f("Red played {field}.", &[("field", field)]),
        Color::Blue => gettext_f("Blue played {field}.", &[("field", field)]),
    };
    match status {
        GameStatus::Over(_) => played,
        status if status.text().contains(field) => status.text().to_string(),
        status => format!("{played} {}", status.text()),
    }
}

impl FivePage {
    /// A move on the board refused: the bell, and why ("Field B3 is
    /// taken.").
    pub(super) fn refuse_move(&self, e: MoveError) {
        crate::widgets::refuse(self, &refusal(e));
    }
}

/// Why a move on the board was refused: "Field B3 is taken."
fn refusal(e: MoveError) -> String {
    match e {
        MoveError::GameOver => gettext("The game is over."),
        MoveError::Occupied(cell) => {
            gettext_f("Field {field} is taken.", &[("field", &cell_name(cell))])
        }
        MoveError::ComputersTurn => gettext("Wait: it is the other side’s move."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_said_once_with_the_turn_after_it() {
        let turn = GameStatus::Turn("Red played B3. Your move".into());
        assert_eq!(
            move_and_status(Color::Red, "B3", &turn),
            "Red played B3. Your move"
        );
        let first = GameStatus::Turn("You play blue. Your move".into());
        assert_eq!(
            move_and_status(Color::Red, "E5", &first),
            "Red played E5. You play blue. Your move"
        );
        let over = GameStatus::Over("The computer wins.".into());
        assert_eq!(move_and_status(Color::Red, "E9", &over), "Red played E9.");
    }
}
