//! What the page says about the game: the status line above the board, the
//! board's scene and text, Show Why's sentence with the pattern it marks,
//! and a toast for what the computer learned.

use adw::prelude::*;
use adw::subclass::prelude::*;
use match5_five::board::CELLS;
use match5_five::pattern::PatternCell;
use match5_five::{Cell, Color, Mode, Outcome, Reason};

use crate::games::five::board::drawing::{Field, Scene};
use crate::games::five::board::view::{cell_name, describe_stones};
use crate::games::five::model::ComputersMove;
use crate::games::five::model::patterns::Origin;
use crate::games::five::model::settings::FiveSettings;
use crate::games::five::page::FivePage;
use crate::games::five::words::why::Lesson;
use crate::games::page_state::GameStatus;
use crate::i18n::{gettext, gettext_f, ngettext_f};

/// The games against empty knowledge in which the page says it knows nothing.
const FIRST_GAMES: u64 = 5;

/// What the page shows of the game now, read from the model at once.
struct Shown {
    status: String,
    /// Whose colour the status is written in.
    side: Option<Color>,
    scene: Scene,
    /// The colour a person moves with now, if it is a person's turn.
    to_move: Option<Color>,
    /// The stones in words, for screen readers.
    board_text: String,
    over: bool,
}

/// Why the computer played its last move: a sentence, and the fields of
/// the pattern behind it (none for a free move).
pub(super) struct Why {
    pub sentence: String,
    pub marks: Option<[Option<PatternCell>; CELLS]>,
}

impl FivePage {
    /// The places of the status and of the sentence under the board keep
    /// the height of the longest they can say: the board never moves. The
    /// status names the engines the person added (the page calls this
    /// again when they change).
    pub(super) fn keep_text_heights(&self) {
        let imp = self.imp();
        let engines: Vec<String> = self
            .settings()
            .page::<FiveSettings>()
            .engines
            .into_iter()
            .map(|e| e.name)
            .collect();
        imp.status_slot.set_samples(status_samples(&engines));
        imp.why_slot.set_samples(why_samples());
    }

    /// The status line and the board.
    pub(super) fn show_game(&self) {
        let imp = self.imp();
        let Shown {
            status,
            side,
            mut scene,
            to_move,
            board_text,
            over,
        } = self.model().with(|session| {
            let game = session.game();
            let opponent = session.opponent();
            let (status, side) = match opponent.engine() {
                Some(engine) => crate::games::five::page::engine_opponent::engine_status(
                    game,
                    engine,
                    self.engine_stopped(),
                ),
                None => game_status(game, session.hints()),
            };
            let over = game.is_over();
            let mut scene = Scene::default();
            for cell in Cell::all() {
                if let Some(color) = game.board().get(cell) {
                    scene.fields[cell.index()] = Field::Stone(color);
                }
            }
            scene.last_move = game.moves().last().map(|m| m.cell);
            if let Some(Outcome::Won { runs, .. }) = game.outcome() {
                scene.winning = runs.iter().flatten().fold(0, |acc, c| acc | c.bit());
            }
            let to_move =
                (!game.is_over() && !game.computers_turn() && session.engine_to_move().is_none())
                    .then(|| game.to_move());
            Shown {
                status,
                side,
                scene,
                to_move,
                board_text: describe_stones(game.board()),
                over,
            }
        });
        // At the end the final position shows as it is (not dimmed by a
        // pattern), with the winning row's gold rings.
        let why = (self.settings().page::<FiveSettings>().show_why && !over)
            .then(|| self.why())
            .flatten();
        if let Some(why) = &why {
            scene.why = why.marks;
        }
        let hint = self.model().with(|s| s.shown_hint());
        scene.hint = hint.map(|h| (h.cell, h.color));
        // The game that taught the pattern behind the move, when it is kept.
        let taught = why
            .as_ref()
            .and_then(|why| why.marks.as_ref())
            .and_then(|_| self.model().last_reason())
            .and_then(|last| last.reason.matched().map(|m| m.pattern))
            .filter(|i| self.model().taught(*i).is_some());
        // A new computer that knows nothing does not look broken: the first
        // games against empty knowledge say what it is, the very first how
        // the game is won and what a win does; once a game is played (the
        // computer won or drew it, or it would know a pattern), not that it
        // knows nothing, which a person who just lost does not believe.
        let empty_games = self.model().with(|s| {
            let k = s.knowledge();
            (s.mode() == Mode::VsComputer && k.pattern_count() == 0)
                .then(|| k.stats().games())
                .filter(|games| *games < FIRST_GAMES)
        });
        // The sentence's place keeps its height: it is empty when there is
        // nothing to say, so the board stays where it is.
        // What it learned from the game just won ("show mutations").
        let lesson = imp.lesson.told(over);
        let learned = lesson.learned;
        // While the game runs, Hint and the replay of the lesson behind
        // the computer's move; once it is over, the pattern it learned.
        imp.aside.show(!over, taught.filter(|_| !over), learned);
        // A practice run (the window's or a script's) holds the computer.
        let practising = self.model().practising();
        let to_move = to_move.filter(|_| !practising);
        let engine_stopped = self.engine_stopped();
        let note = match (&why, learned) {
            _ if practising => {
                gettext("The computer is practising. The board waits until it ends.")
            }
            _ if engine_stopped => crate::games::five::page::engine_opponent::engine_stopped_note(),
            _ if hint.is_some() => hint
                .map(|h| crate::games::five::page::hint::words(h.cell, h.color, h.reason))
                .unwrap_or_default(),
            _ if lesson.any() => learned_words(
                learned,
                self.model().patterns() as usize,
                lesson.dropped,
                lesson.varied,
            ),
            (Some(why), _) => why.sentence.clone(),
            (None, _) if empty_games == Some(0) => new_computer_note(),
            (None, _) if empty_games.is_some() => nothing_learned_note(),
            (None, _) => String::new(),
        };
        imp.why_label.set_label(&note);
        self.action(crate::games::five::page::actions::FiveAction::Hint)
            .set_enabled(to_move.is_some());
        imp.status_label.set_label(&status);
        self.set_status(if over {
            GameStatus::Over(status.clone())
        } else {
            GameStatus::Turn(status.clone())
        });
        imp.status_label.remove_css_class("blue");
        imp.status_label.remove_css_class("red");
        match side {
            Some(Color::Blue) => imp.status_label.add_css_class("blue"),
            Some(Color::Red) => imp.status_label.add_css_class("red"),
            None => {}
        }
        let why_text = match (hint, why) {
            (Some(h), _) => crate::games::five::page::hint::words(h.cell, h.color, h.reason),
            (None, Some(why)) => why.sentence,
            (None, None) => String::new(),
        };
        // The news first (a hint just taken; how the game stands, with the
        // computer's move; the pattern behind that move), then the stones.
        let text = if hint.is_some() {
            crate::widgets::a11y::sentences(&[&why_text, &status, &board_text])
        } else {
            crate::widgets::a11y::sentences(&[&status, &why_text, &board_text])
        };
        imp.board.set_scene(scene, to_move, text);
        self.tell_new_moves();
    }

    /// A knowledge change ("show mutations"): what the game just won
    /// taught, and the patterns it dropped as junk, are said under the
    /// board (no toast over the board or over Play Again), with a button
    /// beside Play Again to view the new pattern.
    pub(super) fn show_change(&self, added: bool, index: usize) {
        let lesson = &self.imp().lesson;
        if added {
            lesson.learned_pattern(index);
        } else {
            lesson.dropped_pattern();
        }
        self.show_game();
    }

    /// The game just lost went a way the computer had lost before: it
    /// will vary its reply (said under the board, as what it learned).
    pub(super) fn show_varied(&self) {
        self.imp().lesson.varies_reply();
        self.show_game();
    }

    /// Why the computer played its last move: a sentence, and the fields of
    /// the pattern behind it (none for a free move).
    pub(super) fn why(&self) -> Option<Why> {
        let ComputersMove { cell, reason } = self.model().last_reason()?;
        let Some(found) = reason.matched() else {
            let sentence = match reason {
                Reason::Varied { instead } => gettext_f(
                    "Why {field}: it once lost after playing {other} here, so it plays another field",
                    &[("field", &cell_name(cell)), ("other", &cell_name(instead))],
                ),
                Reason::Sharp { why, budget_ended } => sharp_why(cell, why, budget_ended),
                _ => gettext_f(
                    "Why {field}: a free move, no pattern matched",
                    &[("field", &cell_name(cell))],
                ),
            };
            return Some(Why {
                sentence,
                marks: None,
            });
        };
        let pattern = self.model().pattern(found.pattern)?;
        let mut marks = [None; CELLS];
        for (x, y, c) in pattern.transformed(found.symmetry).cells() {
            if c != PatternCell::Any
                && let Some(at) = found.offset.offset(x as isize, y as isize)
            {
                marks[at.index()] = Some(c);
            }
        }
        let lesson = Lesson {
            blocks: reason.is_forced(),
            origin: self.model().origin(found.pattern),
        };
        let text = lesson.why(
            &cell_name(cell),
            found.level as u64,
            found.pattern as u64 + 1,
        );
        Some(Why {
            sentence: text,
            marks: Some(marks),
        })
    }
}

/// What a new computer says under the board before the first game: what
/// it is, how the game is won and what a win does. No longer than the
/// longest Show Why sentence: the place keeps the height of the longest,
/// and a longer one would shrink the board for every game (the sidebar
/// says the rest: not even its own open four).
fn new_computer_note() -> String {
    gettext(
        "This computer knows nothing yet. Make five in a row to win: each win teaches it a pattern, and your level is how many it learned from you.",
    )
}

/// Under the board after games that taught it nothing (it won or drew
/// them), until the player wins one.
fn nothing_learned_note() -> String {
    gettext(
        "It has learned nothing yet: where it won, its free moves happened to work. Each game you win teaches it a pattern.",
    )
}

/// "It learned a new pattern from this game: pattern 3 of 5.": under the
/// board at the end of a game the computer lost, with the
/// patterns it dropped as junk when it learned. A pattern's number is its
/// place among `count` (the viewer's order), so two wins in a row may both
/// learn a pattern 2; the count tells them apart. Not its depth: beside
/// the level that the same win raised, "depth 1" and "level 1" read as
/// two scales of one thing; the pattern viewer shows the depth, where the
/// help explains it.
fn learned_words(learned: Option<usize>, count: usize, dropped: u32, varied: bool) -> String {
    let varied =
        varied.then(|| gettext("It lost this way before: next time it tries another reply."));
    let learned = learned.map(|index| {
        gettext_f(
            "It learned a new pattern from this game: pattern {number} of {count}.",
            &[
                ("number", &(index + 1).to_string()),
                ("count", &count.to_string()),
            ],
        )
    });
    let dropped = (dropped > 0).then(|| {
        ngettext_f(
            "It dropped {n} pattern it no longer needs.",
            "It dropped {n} patterns it no longer needs.",
            dropped,
            &[("n", &dropped.to_string())],
        )
    });
    [varied, learned, dropped]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every sentence the place under the board can show, with the longest
/// numbers filled in: the place keeps the height of the longest.
fn why_samples() -> Vec<String> {
    let mut samples = crate::games::five::page::hint::samples();
    samples.extend([
        new_computer_note(),
        nothing_learned_note(),
        crate::games::five::page::engine_opponent::engine_stopped_note(),
        learned_words(Some(9_998), 9_999, 99, true),
        gettext_f(
            "Why {field}: it once lost after playing {other} here, so it plays another field",
            &[("field", "E5"), ("other", "E5")],
        ),
        gettext_f(
            "Why {field}: a free move, no pattern matched",
            &[("field", "E5")],
        ),
    ]);
    for blocks in [true, false] {
        for origin in Origin::SAMPLES {
            samples.push(Lesson { blocks, origin }.why("E5", 99, 9_999));
        }
    }
    samples
}

/// Every status line the page can show: the place above the board keeps
/// the height of the longest.
fn status_samples(engines: &[String]) -> Vec<String> {
    let mut samples = vec![
        gettext("You win! The computer learned from it."),
        hinted_win(99),
        gettext("The computer wins."),
        gettext("Blue wins!"),
        gettext("Red wins!"),
        gettext("A draw: the board is full."),
        gettext("You play blue. Your move"),
        gettext("Your move"),
    ];
    for (computer, color) in [
        (true, Color::Red),
        (false, Color::Red),
        (false, Color::Blue),
    ] {
        samples.push(after_move(computer, color, "E5"));
    }
    // What the status says of each engine added.
    for engine in engines {
        let mut game = match5_five::Game::new(Mode::TwoPlayers, Color::Red);
        for stopped in [false, true] {
            samples.push(
                crate::games::five::page::engine_opponent::engine_status(&game, engine, stopped).0,
            );
        }
        let _ = game.play(Cell::centre());
        samples
            .push(crate::games::five::page::engine_opponent::engine_status(&game, engine, false).0);
        samples.push(gettext_f("You beat {engine}!", &[("engine", engine)]));
        samples.push(gettext_f("{engine} wins.", &[("engine", engine)]));
    }
    samples
}

/// A win with hints: it teaches the computer (the line under the board
/// says what it learned), but the level counts only wins without help, and
/// the end says so where any result is said, as short as the other results
/// (the status keeps the height of its longest text, above the board).
fn hinted_win(hints: u32) -> String {
    ngettext_f(
        "You win with {n} hint: your level stays.",
        "You win with {n} hints: your level stays.",
        hints,
        &[("n", &hints.to_string())],
    )
}

/// "Red played E5. Your move": who played where, and whose turn it is.
fn after_move(vs_computer: bool, played: Color, field: &str) -> String {
    let args = [("field", field)];
    match (vs_computer, played) {
        (true, _) => gettext_f("Red played {field}. Your move", &args),
        (false, Color::Red) => gettext_f("Red played {field}. Blue to move", &args),
        (false, Color::Blue) => gettext_f("Blue played {field}. Red to move", &args),
    }
}

/// The status line above the board and the colour it is shown in.
pub(super) fn game_status(game: &match5_five::Game, hints: u32) -> (String, Option<Color>) {
    let vs_computer = game.mode() == Mode::VsComputer;
    // The move just played, when it was the other side's.
    let last = game
        .moves()
        .last()
        .filter(|m| m.kind.color() != game.to_move())
        .map(|m| (m.kind.color(), cell_name(m.cell)));
    match game.outcome() {
        Some(Outcome::Won {
            winner: Color::Blue,
            ..
        }) if vs_computer && hints > 0 => (hinted_win(hints), Some(Color::Blue)),
        Some(Outcome::Won {
            winner: Color::Blue,
            ..
        }) if vs_computer => (
            gettext("You win! The computer learned from it."),
            Some(Color::Blue),
        ),
        Some(Outcome::Won {
            winner: Color::Red, ..
        }) if vs_computer => (gettext("The computer wins."), Some(Color::Red)),
        Some(Outcome::Won {
            winner: Color::Blue,
            ..
        }) => (gettext("Blue wins!"), Some(Color::Blue)),
        Some(Outcome::Won {
            winner: Color::Red, ..
        }) => (gettext("Red wins!"), Some(Color::Red)),
        Some(Outcome::Draw) => (gettext("A draw: the board is full."), None),
        // Until the person's first ball, the line says which colour is theirs.
        None if vs_computer && !Cell::all().any(|c| game.board().get(c) == Some(Color::Blue)) => {
            (gettext("You play blue. Your move"), Some(Color::Blue))
        }
        None if last.is_some() => {
            let (played, field) = last.expect("just checked");
            (
                after_move(vs_computer, played, &field),
                Some(game.to_move()),
            )
        }
        None if vs_computer => (gettext("Your move"), Some(Color::Blue)),
        None if game.to_move() == Color::Blue => (gettext("Blue to move"), Some(Color::Blue)),
        None => (gettext("Red to move"), Some(Color::Red)),
    }
}

/// Why the sharp computer played `cell` where no pattern matched: what it
/// read on the board, said to the person it plays.
fn sharp_why(cell: Cell, why: match5_five::threats::Reason, budget_ended: bool) -> String {
    use match5_five::threats::Reason as Read;
    let field = cell_name(cell);
    let at = [("field", field.as_str())];
    let sentence = match why {
        Read::Centre => gettext_f(
            "Why {field}: the first ball goes in the middle, where most lines meet",
            &at,
        ),
        Read::Five => gettext_f("Why {field}: it makes five", &at),
        Read::StopFive => gettext_f("Why {field}: it stopped your five", &at),
        Read::WinByFours => gettext_f("Why {field}: a four, and the fours after it win", &at),
        Read::WinByThreats => gettext_f(
            "Why {field}: a threat; its fours and open threes after it win",
            &at,
        ),
        Read::StopFours => gettext_f(
            "Why {field}: it stopped your fours, which would have won",
            &at,
        ),
        Read::StopThreats => gettext_f("Why {field}: it stopped your open three", &at),
        Read::Hardest => gettext_f(
            "Why {field}: your attack could not be stopped; this makes it hardest",
            &at,
        ),
        Read::Shape => gettext_f(
            "Why {field}: no threats either way; it leaves itself the most open lines",
            &at,
        ),
    };
    if budget_ended {
        // Translators: added to the sentence above when the computer's
        // search ran out of its budget.
        gettext_f(
            "{sentence} (as far as it looked: best found, not proven)",
            &[("sentence", &sentence)],
        )
    } else {
        sentence
    }
}
