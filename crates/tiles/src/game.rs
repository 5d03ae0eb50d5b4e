//! The rules of the tile game, exactly as the seed states them: a pot taken
//! from the left, M bowls of at most N tiles, and for each player K rows of
//! L cells.

use std::fmt;

/// A tile's colour: `g` (geel, yellow) or `b` (blauw, blue).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Yellow,
    Blue,
}

impl Colour {
    pub const BOTH: [Colour; 2] = [Colour::Yellow, Colour::Blue];

    /// The seed's letter: `g` or `b`.
    pub fn letter(self) -> char {
        match self {
            Colour::Yellow => 'g',
            Colour::Blue => 'b',
        }
    }

    pub fn from_letter(c: char) -> Option<Colour> {
        match c {
            'g' => Some(Colour::Yellow),
            'b' => Some(Colour::Blue),
            _ => None,
        }
    }

    /// 0 for yellow, 1 for blue (the order of [`Colour::BOTH`]).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The colour of [`Colour::index`] `i` (anything but 0 is blue).
    pub fn from_index(i: usize) -> Colour {
        if i == 0 { Colour::Yellow } else { Colour::Blue }
    }
}

/// A move: all tiles of `colour` from bowl `bowl` (numbered from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub bowl: usize,
    pub colour: Colour,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.bowl, self.colour.letter())
    }
}

/// A row of a board: how many yellow and blue tiles lie in it (a row made
/// in play holds one colour; a game file may say otherwise only when the
/// row is empty of the other).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Row {
    pub yellow: u8,
    pub blue: u8,
}

impl Row {
    pub fn count(self, colour: Colour) -> u8 {
        match colour {
            Colour::Yellow => self.yellow,
            Colour::Blue => self.blue,
        }
    }

    pub fn tiles(self) -> u8 {
        self.yellow + self.blue
    }

    /// The colour of its tiles, if any.
    pub fn colour(self) -> Option<Colour> {
        if self.yellow > 0 {
            Some(Colour::Yellow)
        } else if self.blue > 0 {
            Some(Colour::Blue)
        } else {
            None
        }
    }

    fn add(&mut self, colour: Colour, n: u8) {
        match colour {
            Colour::Yellow => self.yellow += n,
            Colour::Blue => self.blue += n,
        }
    }
}

/// The sizes of a game: M bowls of at most N tiles, K rows of L cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    pub bowls: usize,
    pub bowl_size: usize,
    pub rows: usize,
    pub row_length: usize,
}

impl Sizes {
    pub const BOWLS: std::ops::RangeInclusive<usize> = 1..=5;
    pub const BOWL_SIZE: std::ops::RangeInclusive<usize> = 1..=5;
    pub const ROWS: std::ops::RangeInclusive<usize> = 1..=10;
    pub const ROW_LENGTH: std::ops::RangeInclusive<usize> = 1..=6;
    /// Tiles in the pot of a random deal (a file may hold more).
    pub const POT: std::ops::RangeInclusive<usize> = 1..=200;
}

/// The two players: 0 (Femke, who begins a new game) and 1 (Lieke).
pub const PLAYER_NAMES: [&str; 2] = ["Femke", "Lieke"];

/// What a move changed, to take it back exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Done {
    mv: Move,
    player: usize,
    row: usize,
    /// Tiles taken from the bowl.
    taken: u8,
    /// Tiles that came from the pot into the bowl: yellow, blue.
    refilled: [u8; 2],
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("the game is over")]
    Over,
    #[error("there is no bowl {0}")]
    NoBowl(usize),
    #[error("bowl {bowl} holds no {colour} tiles", colour = colour_name(*.colour))]
    NoTiles { bowl: usize, colour: Colour },
    #[error("no row has room for the {count} {colour} tiles of bowl {bowl}", colour = colour_name(*.colour))]
    NoRow {
        bowl: usize,
        colour: Colour,
        count: u8,
    },
}

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::Yellow => "yellow",
        Colour::Blue => "blue",
    }
}

/// A game: the position and the moves played since it was set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    sizes: Sizes,
    pot: Vec<Colour>,
    /// How many tiles of the pot have gone into bowls.
    drawn: usize,
    /// Per bowl: yellow and blue tiles (a bowl's order does not matter).
    bowls: Vec<[u8; 2]>,
    boards: [Vec<Row>; 2],
    to_move: usize,
    done: Vec<Done>,
}

impl Game {
    /// A game set up as a file says: bowl 0 gets the first N tiles of the
    /// pot, bowl 1 the next N, as far as the pot lasts. Sizes, rows and the
    /// player are checked by the file reader ([`crate::file`]).
    pub fn new(sizes: Sizes, pot: Vec<Colour>, boards: [Vec<Row>; 2], to_move: usize) -> Game {
        let mut game = Game {
            sizes,
            pot,
            drawn: 0,
            bowls: vec![[0, 0]; sizes.bowls],
            boards,
            to_move,
            done: Vec::new(),
        };
        for bowl in 0..sizes.bowls {
            game.refill(bowl);
        }
        game
    }

    /// A new game of `sizes` with a random pot of `pot_length` tiles (each
    /// yellow or blue with equal chance), empty boards, player 0 to move.
    pub fn random(sizes: Sizes, pot_length: usize, rng: &mut impl rand::Rng) -> Game {
        let pot = (0..pot_length.max(1))
            .map(|_| Colour::BOTH[rng.random_range(0..2)])
            .collect();
        let boards = [
            vec![Row::default(); sizes.rows],
            vec![Row::default(); sizes.rows],
        ];
        Game::new(sizes, pot, boards, 0)
    }

    pub fn sizes(&self) -> Sizes {
        self.sizes
    }

    /// The whole pot, as read; [`Game::drawn`] of it have gone into bowls.
    pub fn pot(&self) -> &[Colour] {
        &self.pot
    }

    pub fn drawn(&self) -> usize {
        self.drawn
    }

    /// The tiles still in the pot, next first.
    pub fn pot_left(&self) -> &[Colour] {
        &self.pot[self.drawn..]
    }

    /// Tiles of `colour` on `bowl`.
    pub fn bowl(&self, bowl: usize, colour: Colour) -> u8 {
        self.bowls[bowl][colour.index()]
    }

    pub fn board(&self, player: usize) -> &[Row] {
        &self.boards[player]
    }

    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// Moves played since the game was set up.
    pub fn moves_played(&self) -> usize {
        self.done.len()
    }

    /// The moves played since the game was set up, in order.
    pub fn history(&self) -> impl Iterator<Item = Move> + '_ {
        self.done.iter().map(|d| d.mv)
    }

    pub fn full_rows(&self, player: usize) -> usize {
        let length = self.sizes.row_length as u8;
        self.boards[player]
            .iter()
            .filter(|r| r.tiles() == length)
            .count()
    }

    /// Full rows of `player` minus the other's.
    pub fn score(&self, player: usize) -> i32 {
        self.full_rows(player) as i32 - self.full_rows(1 - player) as i32
    }

    /// The row of the player to move that `count` tiles of `colour` go to:
    /// empty or of that colour, with room for all of them, the fullest such
    /// row, and of equally full rows the lowest.
    pub fn row_for(&self, colour: Colour, count: u8) -> Option<usize> {
        let length = self.sizes.row_length as u8;
        let mut best: Option<(usize, u8)> = None;
        for (i, row) in self.boards[self.to_move].iter().enumerate() {
            let fits = row.count(colour) == row.tiles() && row.tiles() + count <= length;
            if fits && best.is_none_or(|(_, tiles)| row.tiles() > tiles) {
                best = Some((i, row.tiles()));
            }
        }
        best.map(|(i, _)| i)
    }

    /// Why `mv` cannot be played now, if it cannot.
    pub fn check(&self, mv: Move) -> Result<usize, MoveError> {
        if self.is_over() {
            return Err(MoveError::Over);
        }
        self.allowed(mv)
    }

    fn allowed(&self, mv: Move) -> Result<usize, MoveError> {
        let Some(bowl) = self.bowls.get(mv.bowl) else {
            return Err(MoveError::NoBowl(mv.bowl));
        };
        let count = bowl[mv.colour.index()];
        if count == 0 {
            return Err(MoveError::NoTiles {
                bowl: mv.bowl,
                colour: mv.colour,
            });
        }
        self.row_for(mv.colour, count).ok_or(MoveError::NoRow {
            bowl: mv.bowl,
            colour: mv.colour,
            count,
        })
    }

    /// Every allowed move (bowl by bowl, yellow before blue), equal ones
    /// included.
    pub fn allowed_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for bowl in 0..self.sizes.bowls {
            for colour in Colour::BOTH {
                let mv = Move { bowl, colour };
                if self.allowed(mv).is_ok() {
                    out.push(mv);
                }
            }
        }
        out
    }

    /// The seed's distinct moves (`bepaalVerschillendeZetten`): two moves
    /// are equal when the colour is the same and the bowls hold as many
    /// tiles of it; only the one of the lowest bowl is kept.
    pub fn distinct_moves(&self) -> Vec<Move> {
        let mut seen = [0u8; 2];
        let mut out = Vec::new();
        for bowl in 0..self.sizes.bowls {
            for colour in Colour::BOTH {
                let count = self.bowls[bowl][colour.index()];
                if count == 0 || seen[colour.index()] & (1 << count) != 0 {
                    continue;
                }
                seen[colour.index()] |= 1 << count;
                if self.row_for(colour, count).is_some() {
                    out.push(Move { bowl, colour });
                }
            }
        }
        out
    }

    /// Is this an end position: a player has all her rows full, or the
    /// player to move has no move?
    pub fn is_over(&self) -> bool {
        (0..2).any(|p| self.full_rows(p) == self.sizes.rows) || !self.has_move()
    }

    fn has_move(&self) -> bool {
        (0..self.sizes.bowls).any(|bowl| {
            Colour::BOTH.iter().any(|&colour| {
                let count = self.bowls[bowl][colour.index()];
                count > 0 && self.row_for(colour, count).is_some()
            })
        })
    }

    /// Plays `mv` for the player to move: its tiles go into her row, the
    /// bowl is refilled from the pot, and the other player is to move.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        let row = self.check(mv)?;
        self.apply(mv, row);
        Ok(())
    }

    /// Plays an allowed move without asking whether the game is over (the
    /// search knows).
    pub(crate) fn play_unchecked(&mut self, mv: Move) {
        let row = self.allowed(mv).expect("an allowed move");
        self.apply(mv, row);
    }

    fn apply(&mut self, mv: Move, row: usize) {
        let taken = self.bowls[mv.bowl][mv.colour.index()];
        self.bowls[mv.bowl][mv.colour.index()] = 0;
        self.boards[self.to_move][row].add(mv.colour, taken);
        let refilled = self.refill(mv.bowl);
        self.done.push(Done {
            mv,
            player: self.to_move,
            row,
            taken,
            refilled,
        });
        self.to_move = 1 - self.to_move;
    }

    /// Tops `bowl` up from the pot to N tiles, or until the pot is empty.
    fn refill(&mut self, bowl: usize) -> [u8; 2] {
        let mut drawn = [0u8; 2];
        let held: u8 = self.bowls[bowl].iter().sum();
        let room = self.sizes.bowl_size.saturating_sub(held as usize);
        for _ in 0..room {
            let Some(&tile) = self.pot.get(self.drawn) else {
                break;
            };
            self.drawn += 1;
            self.bowls[bowl][tile.index()] += 1;
            drawn[tile.index()] += 1;
        }
        drawn
    }

    /// Takes the last move back; false when none was played since the game
    /// was set up.
    pub fn undo(&mut self) -> bool {
        let Some(done) = self.done.pop() else {
            return false;
        };
        let bowl = &mut self.bowls[done.mv.bowl];
        bowl[0] -= done.refilled[0];
        bowl[1] -= done.refilled[1];
        self.drawn -= usize::from(done.refilled[0] + done.refilled[1]);
        bowl[done.mv.colour.index()] += done.taken;
        let row = &mut self.boards[done.player][done.row];
        match done.mv.colour {
            Colour::Yellow => row.yellow -= done.taken,
            Colour::Blue => row.blue -= done.taken,
        }
        self.to_move = done.player;
        true
    }

    /// Do the two games stand alike: the same bowls, pot left, boards and
    /// player to move (whatever was played before)?
    pub fn same_position(&self, other: &Game) -> bool {
        self.sizes == other.sizes
            && self.bowls == other.bowls
            && self.pot_left() == other.pot_left()
            && self.boards == other.boards
            && self.to_move == other.to_move
    }

    /// Of the distinct moves, the one that makes a row fullest (the seed's
    /// greedy player; of equal ones the first).
    pub fn greedy_move(&self) -> Option<Move> {
        let mut best: Option<(Move, u8)> = None;
        for mv in self.distinct_moves() {
            let count = self.bowl(mv.bowl, mv.colour);
            let row = self
                .row_for(mv.colour, count)
                .expect("a distinct move fits");
            let after = self.boards[self.to_move][row].tiles() + count;
            if best.is_none_or(|(_, b)| after > b) {
                best = Some((mv, after));
            }
        }
        best.map(|(mv, _)| mv)
    }
}
