//! The model's notifications (a move tells the board, not the player) and
//! its knowledge changes (unsaved until saved; a failed one changes
//! nothing).

use super::*;
use std::rc::Rc;

fn model() -> (tempfile::TempDir, FiveGame) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path().to_path_buf());
    let session = Session::new(Knowledge::new("Anna"), &Opponent::Person, false);
    (dir, FiveGame::new(store, session))
}

#[test]
fn a_move_notifies_the_board_and_not_the_player() {
    let (_dir, m) = model();
    let seen = Rc::new(RefCell::new(Vec::<String>::new()));
    let s = seen.clone();
    m.connect_notify_local(None, move |_, p| s.borrow_mut().push(p.name().to_string()));
    m.play(Cell::centre()).unwrap();
    let names = seen.borrow().clone();
    for expected in ["board", "moves", "state", "can-undo"] {
        assert!(
            names.iter().any(|n| n == expected),
            "{expected} in {names:?}"
        );
    }
    assert!(
        !names.iter().any(|n| n == "player" || n == "level"),
        "{names:?}"
    );
    assert_eq!(m.state(), GameState::Playing);
    assert_eq!(m.moves(), 1);
}

#[test]
fn unsaved_follows_the_session_through_delete_and_save() {
    let (_dir, m) = model();
    m.use_knowledge(Knowledge::with_patterns(
        "Anna",
        vec![match5_five::Pattern::from_rows(1, &["BBBBX"]).unwrap()],
    ));
    assert!(!m.unsaved());
    let changed = Rc::new(StdCell::new(0));
    let c = changed.clone();
    m.connect_knowledge_changed(move |_| c.set(c.get() + 1));
    m.delete_all().unwrap();
    assert!(m.unsaved());
    assert_eq!((m.level(), changed.get()), (0, 1));
    m.save().unwrap();
    assert!(!m.unsaved());
    assert!(m.delete_pattern(3).is_err());
    assert!(!m.unsaved(), "a failed delete changes nothing");
}
