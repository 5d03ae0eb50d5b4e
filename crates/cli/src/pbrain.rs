//! `match5-cli pbrain`: the engine as a brain of the Gomocup protocol. The
//! brain plays red against the manager's opponent (blue).
//!
//! Extension: a TURN that gives the opponent five is answered with
//! `MESSAGE lost: learned a level-L pattern, knowledge level N`, or, when
//! the loss taught no new pattern, `MESSAGE lost: I lost this way before; I
//! will try another reply than X,Y, knowledge level N`. After a
//! finished game only RESTART, END, INFO and ABOUT are accepted.

use std::io::{self, BufRead, Write};
use std::path::Path;

use anyhow::Result;
use match5_common::random::{GameRng, rng_from_entropy, rng_from_seed};
use match5_common::text::excerpt;
use match5_five::board::SIZE;
use match5_five::computer::Reason;
use match5_five::knowledge::Change;
use match5_five::{Cell, Color, Game, Knowledge, Mode, Outcome, Style};

use crate::knowledge_file;
use match5_practice::lines::{Line, MAX_LINE, read_line};

/// What the brain knows between lines.
pub struct Brain {
    knowledge: Knowledge,
    rng: GameRng,
    explain: bool,
    /// `None` until START.
    game: Option<Game>,
    /// A BOARD command not yet DONE.
    board: Option<PendingBoard>,
    /// Frozen: learns nothing, and with a seed starts every game from it,
    /// so the same position always gets the same answer.
    frozen: Option<Option<u64>>,
    /// How it plays where no pattern tells it.
    style: Style,
}

/// The stones of a BOARD command so far, and the first error among them.
type PendingBoard = (Vec<(Cell, Color)>, Option<String>);

/// After a line: go on, or stop (END).
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    End,
}

impl Brain {
    pub fn new(knowledge: Knowledge, rng: GameRng, explain: bool) -> Brain {
        Brain {
            knowledge,
            rng,
            explain,
            game: None,
            board: None,
            frozen: None,
            style: Style::Classic,
        }
    }

    /// A brain that plays in `style` where no pattern tells it.
    pub fn in_style(mut self, style: Style) -> Brain {
        self.style = style;
        self
    }

    /// A brain that never learns; with `seed`, every game starts its random
    /// source from it (a deterministic opponent for measuring learning).
    pub fn frozen(mut self, seed: Option<u64>) -> Brain {
        self.frozen = Some(seed);
        self
    }

    /// A new game with `first` to move.
    fn new_game(&mut self, first: Color) {
        if let Some(Some(seed)) = self.frozen {
            self.rng = rng_from_seed(seed);
        }
        self.game = Some(Game::new(Mode::VsComputer, first));
    }

    /// The end of a game: learned from unless frozen.
    fn finish(&mut self) -> Vec<Change> {
        let game = self.game.as_ref().expect("started");
        if self.frozen.is_some() {
            return Vec::new();
        }
        match5_five::finish_game(&mut self.knowledge, game)
    }

    /// Handles one line from the manager, writing the answer lines to `out`.
    pub fn handle(&mut self, line: &str, out: &mut Vec<String>) -> Flow {
        let line = line.trim();
        if line.is_empty() {
            return Flow::Continue;
        }
        if let Some(board) = &mut self.board {
            if line.eq_ignore_ascii_case("DONE") {
                let (stones, error) = self.board.take().expect("in BOARD");
                match error {
                    Some(e) => out.push(format!("ERROR {e}")),
                    None => self.set_up(stones, out),
                }
            } else if board.1.is_none() {
                match parse_board_line(line) {
                    Ok(_) if board.0.len() == SIZE * SIZE => {
                        board.1 = Some("BOARD: more stones than the 81 fields".to_string());
                    }
                    Ok(stone) => board.0.push(stone),
                    Err(e) => board.1 = Some(e),
                }
            }
            return Flow::Continue;
        }
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c.to_ascii_uppercase(), r.trim()),
            None => (line.to_ascii_uppercase(), ""),
        };
        let over = self.game.as_ref().is_some_and(Game::is_over);
        match command.as_str() {
            "END" => return Flow::End,
            "INFO" => {}
            "ABOUT" => out.push(format!(
                "name=\"Match5\", version=\"{}\", author=\"The Match5 developers\", country=\"NL\"",
                env!("CARGO_PKG_VERSION")
            )),
            "RESTART" => match &self.game {
                None => out.push("ERROR send START first".into()),
                Some(_) => {
                    self.new_game(Color::Blue);
                    out.push("OK".into());
                }
            },
            _ if over => out.push(format!(
                "ERROR the game is over; send RESTART for a new one ({} refused)",
                quote(&command)
            )),
            "START" => match rest.parse::<u32>() {
                Ok(9) => {
                    self.new_game(Color::Blue);
                    out.push("OK".into());
                }
                Ok(n) => out.push(format!("ERROR only 9x9 boards are supported, not {n}x{n}")),
                Err(_) => out.push(format!(
                    "ERROR START needs a board size, not {}",
                    quote(rest)
                )),
            },
            _ if self.game.is_none() => {
                out.push(format!("ERROR send START 9 before {}", quote(&command)));
            }
            "BEGIN" => {
                if self.game.as_ref().is_some_and(|g| !g.moves().is_empty()) {
                    out.push("ERROR BEGIN on a board that has stones; send RESTART first".into());
                } else {
                    self.new_game(Color::Red);
                    self.reply(out);
                }
            }
            "TURN" => match parse_cell(rest) {
                Err(e) => out.push(format!("ERROR {e}")),
                Ok(cell) => self.turn(cell, out),
            },
            "BOARD" => self.board = Some((Vec::new(), None)),
            "TAKEBACK" => match parse_cell(rest) {
                Err(e) => out.push(format!("ERROR {e}")),
                Ok(cell) => {
                    let game = self.game.as_mut().expect("started");
                    if game.moves().last().map(|m| m.cell) == Some(cell) {
                        game.undo();
                        out.push("OK".into());
                    } else {
                        out.push(format!("ERROR {cell} is not the last move"));
                    }
                }
            },
            _ => out.push(format!("ERROR unknown command {}", quote(&command))),
        }
        Flow::Continue
    }

    fn turn(&mut self, cell: Cell, out: &mut Vec<String>) {
        let game = self.game.as_mut().expect("started");
        if let Err(e) = game.play_as(Color::Blue, cell) {
            out.push(format!("ERROR {e}"));
            return;
        }
        match game.outcome().cloned() {
            Some(Outcome::Won { .. }) => {
                let changes = self.finish();
                let level = changes.iter().find_map(|c| match c {
                    Change::Added { pattern, .. } => Some(pattern.level()),
                    Change::Removed { .. } | Change::Varied { .. } => None,
                });
                let varied = changes.iter().find_map(|c| match c {
                    Change::Varied { cell } => Some(*cell),
                    _ => None,
                });
                let n = self.knowledge.level();
                out.push(match (level, varied) {
                    (Some(l), _) => {
                        format!("MESSAGE lost: learned a level-{l} pattern, knowledge level {n}")
                    }
                    (None, Some(cell)) => format!(
                        "MESSAGE lost: I lost this way before; I will try another reply than {cell}, knowledge level {n}"
                    ),
                    (None, None) => format!("MESSAGE lost: knowledge level {n}"),
                });
            }
            Some(Outcome::Draw) => {
                self.finish();
                out.push("MESSAGE draw: the board is full".into());
            }
            None => self.reply(out),
        }
    }

    /// The brain's move, with its reason first when explaining.
    fn reply(&mut self, out: &mut Vec<String>) {
        let game = self.game.as_mut().expect("started");
        match game.computer_move_in(self.style, &self.knowledge, &mut self.rng) {
            Err(e) => out.push(format!("ERROR {e}")),
            Ok(choice) => {
                if self.explain {
                    out.push(match choice.reason {
                        Reason::Free => "DEBUG reason=free".to_string(),
                        Reason::Sharp { why, budget_ended } => format!(
                            "DEBUG reason=sharp why={}{}",
                            why.key(),
                            if budget_ended { " budget=ended" } else { "" }
                        ),
                        Reason::Varied { instead } => {
                            format!("DEBUG reason=varied instead={instead}")
                        }
                        Reason::Forced(m) | Reason::Attack(m) => format!(
                            "DEBUG reason={} pattern={} level={} symmetry={}",
                            if choice.reason.is_forced() {
                                "forced"
                            } else {
                                "attack"
                            },
                            m.pattern + 1,
                            m.level,
                            m.symmetry.number()
                        ),
                    });
                }
                self.finish();
                out.push(choice.cell.to_string());
            }
        }
    }

    /// A BOARD position: a new game with these stones, then the brain moves.
    fn set_up(&mut self, stones: Vec<(Cell, Color)>, out: &mut Vec<String>) {
        let first = stones.first().map_or(Color::Blue, |s| s.1);
        let mut game = Game::new(Mode::VsComputer, first);
        for (cell, color) in stones {
            if let Err(e) = game.play_as(color, cell) {
                out.push(format!("ERROR BOARD: {e}"));
                return;
            }
            match game.outcome() {
                None => {}
                Some(Outcome::Won { .. }) => {
                    out.push("ERROR BOARD: the position already has five in a row".into());
                    return;
                }
                Some(Outcome::Draw) => {
                    out.push("ERROR BOARD: the board is full".into());
                    return;
                }
            }
        }
        self.game = Some(game);
        self.reply(out);
    }
}

/// Something the manager sent, quoted for an answer: at most 40
/// characters of it.
fn quote(text: &str) -> String {
    format!("{:?}", excerpt(text, 40))
}

fn parse_cell(text: &str) -> Result<Cell, String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("expected x,y, not {}", quote(text)))?;
    let number = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| format!("expected x,y with numbers 0 to 8, not {}", quote(text)))
    };
    let (x, y) = (number(x)?, number(y)?);
    Cell::new(x, y).ok_or_else(|| format!("{x},{y} is off the 9x9 board"))
}

fn parse_board_line(line: &str) -> Result<(Cell, Color), String> {
    let mut parts = line.rsplitn(2, ',');
    let who = parts.next().unwrap_or_default().trim();
    let cell = parse_cell(
        parts
            .next()
            .ok_or_else(|| format!("expected x,y,who, not {}", quote(line)))?,
    )?;
    match who {
        "1" => Ok((cell, Color::Red)),
        "2" => Ok((cell, Color::Blue)),
        _ => Err(format!(
            "BOARD: expected x,y,1 (own) or x,y,2 (opponent), not {}",
            quote(line)
        )),
    }
}

/// Runs the protocol on standard input and output. With `save`, the
/// knowledge is saved when the input ends, even when the manager stopped
/// reading the answers.
pub fn run(
    knowledge: Option<&Path>,
    save: bool,
    seed: Option<u64>,
    explain: bool,
    frozen: bool,
    style: Style,
) -> Result<()> {
    let k = match knowledge {
        Some(path) => knowledge_file::open(path, None, save)?,
        None => Knowledge::new("pbrain"),
    };
    let rng = seed.map_or_else(rng_from_entropy, rng_from_seed);
    let mut brain = Brain::new(k, rng, explain).in_style(style);
    if frozen {
        brain = brain.frozen(seed);
    }
    let talked = converse(
        &mut brain,
        &mut io::stdin().lock(),
        &mut io::stdout().lock(),
    );
    if save {
        let path = knowledge.expect("--save requires --knowledge");
        knowledge_file::save(&mut brain.knowledge, path)?;
    }
    match talked {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// Reads lines until END or the end of the input, answering each.
pub fn converse(
    brain: &mut Brain,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> io::Result<()> {
    let mut out = Vec::new();
    while let Some(line) = read_line(input, MAX_LINE)? {
        let flow = match line {
            Line::Text(line) => brain.handle(&line, &mut out),
            Line::NotText => {
                out.push("ERROR the line is not UTF-8 text".to_string());
                Flow::Continue
            }
            Line::TooLong(n) => {
                out.push(format!(
                    "ERROR the line has {n} bytes; lines may have at most {MAX_LINE}"
                ));
                Flow::Continue
            }
        };
        for o in out.drain(..) {
            writeln!(output, "{o}")?;
        }
        output.flush()?;
        if flow == Flow::End {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    fn brain() -> Brain {
        Brain::new(Knowledge::new("t"), rng_from_seed(5), true)
    }

    fn say(b: &mut Brain, line: &str) -> Vec<String> {
        let mut out = Vec::new();
        b.handle(line, &mut out);
        out
    }

    #[test]
    fn board_sets_up_a_position_and_bad_lines_are_reported_at_done() {
        let mut b = brain();
        say(&mut b, "START 9");
        assert!(say(&mut b, "BOARD").is_empty());
        assert!(say(&mut b, "4,4,2").is_empty());
        assert!(say(&mut b, "4,5,7").is_empty());
        let out = say(&mut b, "DONE");
        assert!(out[0].starts_with("ERROR BOARD: expected x,y,1"), "{out:?}");
        say(&mut b, "BOARD");
        say(&mut b, "4,4,2");
        say(&mut b, "3,3,1");
        let out = say(&mut b, "DONE");
        assert_eq!(out.len(), 2);
        assert!(parse_cell(&out[1]).is_ok());
    }
}
