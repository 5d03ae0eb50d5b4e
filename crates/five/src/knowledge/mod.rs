//! A player's knowledge: the stored error patterns (sorted by level), who owns
//! them, and how a new pattern enters (junk removal).

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};

use crate::board::Color;
use crate::history::History;
use crate::junk::Outlines;
use crate::lost_lines::LostLines;
use crate::matcher::MatchIndex;
use crate::password;
use crate::pattern::Pattern;

mod learned;
mod learning;
mod merging;
mod origins;

pub use learned::{Learned, OriginCounts};

/// How the knowledge was come by, as shown at the top right in the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Built in memory; not opened from a file.
    New,
    /// Opened, and the password verified (a file without password always verifies).
    Owner,
    /// Opened without the right password: play and learn in memory, but
    /// neither overwrite the file nor delete patterns.
    User,
}

impl Status {
    /// `new`, `owner` or `user`.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::New => "new",
            Status::Owner => "owner",
            Status::User => "user",
        }
    }
}

/// Games of this player against this knowledge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    pub won: u64,
    pub lost: u64,
    pub drawn: u64,
}

impl Stats {
    /// Every game counted (at most [`MAX_GAMES`]: game numbers go no
    /// higher).
    pub fn games(&self) -> u64 {
        self.won
            .saturating_add(self.lost)
            .saturating_add(self.drawn)
            .min(MAX_GAMES)
    }
}

/// The most games a count holds: what a `.fivo` file accepts. Counts stop
/// there, so that what is written always reads back.
pub use crate::history::MAX_GAMES;

/// `a + b`, stopping at [`MAX_GAMES`].
fn add_games(a: u64, b: u64) -> u64 {
    a.saturating_add(b).min(MAX_GAMES)
}

/// A change of the knowledge, for "show mutations".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A new pattern now stands at `index` (0-based).
    Added { index: usize, pattern: Pattern },
    /// The pattern that stood at `index` before the change was removed as
    /// junk (or deleted).
    Removed { index: usize, pattern: Pattern },
    /// The loss taught no new pattern: the computer will not play `cell` in
    /// the position it played it in this game (see [`crate::lost_lines`]).
    Varied { cell: crate::board::Cell },
}

/// Why the knowledge refuses a change.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KnowledgeError {
    #[error(
        "this knowledge belongs to {0} and was opened without the password: it can only be saved under another player's name"
    )]
    NotOwner(String),
    #[error("there is no pattern {0}")]
    NoSuchPattern(usize),
    /// A trained computer can only be the start of knowledge that has
    /// played no game: no one's record is replaced.
    #[error(
        "the knowledge of {0} has played or learned already: only new knowledge can start from a trained computer"
    )]
    NotNew(String),
    #[error(
        "no trained computer is called {0:?}; there are nothing, greedy, self-play and curriculum"
    )]
    NoSuchStart(String),
    #[error("{0}")]
    Name(#[from] match5_common::names::NameError),
}

/// What a knowledge file held when it was read or last written, so that a
/// save can tell whether another program changed the file since, and what
/// this knowledge added and removed in the meantime (a three-way merge).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Base {
    /// The file (symbolic links followed).
    pub(crate) path: PathBuf,
    /// Length and hash of the file's bytes.
    pub(crate) fingerprint: (u64, u64),
    pub(crate) player: String,
    pub(crate) password: Option<String>,
    pub(crate) stats: Stats,
    /// Hashes of the patterns.
    pub(crate) patterns: HashSet<u64>,
}

/// What a merge with a file that changed on disk brought in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Merged {
    /// Patterns learned elsewhere that this knowledge now holds too.
    pub patterns: usize,
    /// Games played elsewhere, now counted too.
    pub games: u64,
}

pub(crate) fn pattern_hash(p: &Pattern) -> u64 {
    let mut h = DefaultHasher::new();
    p.hash(&mut h);
    h.finish()
}

#[derive(Clone, Debug)]
pub struct Knowledge {
    player: String,
    password: Option<String>,
    stats: Stats,
    patterns: Vec<Pattern>,
    /// Each pattern's id in the index (rising within a level: newer is
    /// higher), and its shape and outline for junk removal; both parallel to
    /// `patterns`.
    ids: Vec<u32>,
    outlines: Outlines,
    /// Where each pattern came from (parallel too).
    learned: Vec<Learned>,
    next_id: u32,
    index: MatchIndex,
    lost: LostLines,
    history: History,
    /// The trained computer this knowledge started from (a rung of
    /// [`crate::ladder`]), if any: the hall of fame shows it.
    start: Option<String>,
    status: Status,
    source: Option<PathBuf>,
    base: Option<Base>,
}

impl Knowledge {
    /// Empty knowledge of `player`, status new.
    pub fn new(player: &str) -> Knowledge {
        Knowledge::with_patterns(player.trim(), Vec::new())
    }

    /// Knowledge as read from a file: status owner without a password, user
    /// with one (until [`Knowledge::unlock`]). Patterns are put in level order;
    /// patterns of one level keep their order.
    pub fn opened(
        player: String,
        password: Option<String>,
        stats: Stats,
        mut patterns: Vec<Pattern>,
        source: Option<PathBuf>,
    ) -> Knowledge {
        patterns.sort_by_key(|p| p.level());
        let status = if password.is_some() {
            Status::User
        } else {
            Status::Owner
        };
        let mut k = Knowledge {
            player,
            password,
            stats,
            patterns,
            ids: Vec::new(),
            outlines: Outlines::default(),
            learned: Vec::new(),
            next_id: 0,
            index: MatchIndex::default(),
            lost: LostLines::default(),
            history: History::default(),
            start: None,
            status,
            source,
            base: None,
        };
        k.compile();
        k
    }

    /// The same knowledge, with the lost lines read from its file.
    pub fn with_lost_lines(mut self, lost: LostLines) -> Knowledge {
        self.lost = lost;
        self
    }

    /// The same knowledge, with the history read from its file.
    pub fn with_history(mut self, history: History) -> Knowledge {
        self.history = history;
        self
    }

    /// The same knowledge, started from the trained computer `start`.
    pub fn with_start(mut self, start: Option<String>) -> Knowledge {
        self.start = start;
        self
    }

    /// The trained computer this knowledge started from, if any.
    pub fn start(&self) -> Option<&str> {
        self.start.as_deref()
    }

    /// Starts this knowledge, which has played no game, from a trained
    /// computer ([`crate::ladder::start_from`]): its patterns, lost lines and
    /// name replace what is here (another start chosen before included);
    /// player, password, file and record stay.
    pub fn start_from(&mut self, trained: Knowledge) -> Result<Vec<Change>, KnowledgeError> {
        if self.status == Status::User {
            return Err(KnowledgeError::NotOwner(self.player.clone()));
        }
        // Patterns of its own (not of an earlier start) are never dropped.
        if self.stats.games() > 0 || self.level() > 0 {
            return Err(KnowledgeError::NotNew(self.player.clone()));
        }
        let mut changes: Vec<Change> = self
            .patterns
            .iter()
            .map(|p| Change::Removed {
                index: 0,
                pattern: p.clone(),
            })
            .collect();
        self.patterns = trained.patterns;
        self.lost = trained.lost;
        self.start = trained.start;
        self.learned.clear();
        self.history = History::default();
        self.compile();
        changes.extend(
            self.patterns
                .iter()
                .enumerate()
                .map(|(index, p)| Change::Added {
                    index,
                    pattern: p.clone(),
                }),
        );
        Ok(changes)
    }

    /// Every game played against this knowledge (the latest 10,000).
    pub fn history(&self) -> &History {
        &self.history
    }

    pub fn history_mut(&mut self) -> &mut History {
        &mut self.history
    }

    /// Compiles the patterns anew: ids in knowledge order, shapes, index.
    fn compile(&mut self) {
        self.learned
            .resize(self.patterns.len(), Learned::Unrecorded);
        self.ids = (0..self.patterns.len() as u32).collect();
        self.next_id = self.patterns.len() as u32;
        self.outlines = Outlines::new(&self.patterns);
        self.index = MatchIndex::new(&self.patterns);
    }

    /// Knowledge of `player` holding `patterns`, status new (benchmarks, tests).
    pub fn with_patterns(player: &str, patterns: Vec<Pattern>) -> Knowledge {
        let mut k = Knowledge::opened(player.to_string(), None, Stats::default(), patterns, None);
        k.status = Status::New;
        k
    }

    pub fn player(&self) -> &str {
        &self.player
    }

    /// Every stored pattern: the player's level plus [`Knowledge::trained`]
    /// plus [`Knowledge::practised`].
    pub fn pattern_count(&self) -> usize {
        self.patterns.len()
    }

    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }

    pub fn index(&self) -> &MatchIndex {
        &self.index
    }

    /// Waits for the index's merges that are still running (benchmarks).
    pub fn settle_index(&mut self) {
        self.index.settle();
    }

    /// The lost lines: positions where the computer plays another field
    /// than the one it lost with.
    pub fn lost_lines(&self) -> &LostLines {
        &self.lost
    }

    pub fn lost_lines_mut(&mut self) -> &mut LostLines {
        &mut self.lost
    }

    /// Is `pattern` (under some symmetry) stored already?
    pub fn knows(&self, pattern: &Pattern) -> bool {
        (self.outlines.same_as(pattern)).any(|at| self.patterns[at].level() == pattern.level())
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn stats(&self) -> Stats {
        self.stats
    }

    pub fn has_password(&self) -> bool {
        self.password.is_some()
    }

    /// The stored password hash (a PHC string), if any.
    pub fn password_hash(&self) -> Option<&str> {
        self.password.as_deref()
    }

    /// The file this knowledge was opened from or last saved to.
    pub fn source(&self) -> Option<&Path> {
        self.source.as_deref()
    }

    pub fn set_source(&mut self, path: Option<PathBuf>) {
        self.source = path;
    }

    fn can_change(&self) -> Result<(), KnowledgeError> {
        match self.status {
            Status::User => Err(KnowledgeError::NotOwner(self.player.clone())),
            Status::New | Status::Owner => Ok(()),
        }
    }

    /// After a save: written knowledge belongs to its player (owner);
    /// erased knowledge has no file any more (new).
    pub(crate) fn saved(&mut self, erased: bool) {
        self.status = if erased { Status::New } else { Status::Owner };
    }

    /// Is the file this knowledge came from writable by us?
    pub fn may_overwrite(&self) -> bool {
        self.can_change().is_ok()
    }

    /// Tries `password`; the right one (or any, when there is none) makes the
    /// user the owner.
    pub fn unlock(&mut self, password: &str) -> bool {
        let ok = match &self.password {
            None => true,
            Some(phc) => password::verify(phc, password),
        };
        if ok && self.status == Status::User {
            self.status = Status::Owner;
        }
        ok
    }

    /// Sets or (with `None` or an empty string) removes the password.
    pub fn set_password(&mut self, password: Option<&str>) -> Result<(), KnowledgeError> {
        self.can_change()?;
        self.password = password.filter(|p| !p.is_empty()).map(password::hash);
        Ok(())
    }

    /// Makes `player` the owner of this knowledge, with `password`: the way a
    /// user saves someone's knowledge as their own. A user cannot take over
    /// the knowledge under its owner's own name.
    pub fn take_over(
        &mut self,
        player: &str,
        password: Option<&str>,
    ) -> Result<(), KnowledgeError> {
        let player = match5_common::names::check_name(player)?;
        if self.status == Status::User && player == self.player {
            return Err(KnowledgeError::NotOwner(self.player.clone()));
        }
        // Another name is another file: the record (games, history, where
        // each pattern came from) goes with the knowledge, as in a copy.
        if player != self.player {
            self.source = None;
            self.base = None;
        }
        self.player = player.to_string();
        self.password = password.filter(|p| !p.is_empty()).map(password::hash);
        if self.status == Status::User {
            self.status = Status::Owner;
        }
        Ok(())
    }

    /// Counts a finished game in the player's statistics: won (blue, the
    /// player), lost (red, the computer) or drawn (`None`). See
    /// [`crate::finish::finish_game`], which also learns.
    pub fn record(&mut self, winner: Option<Color>) {
        match winner {
            Some(Color::Blue) => self.stats.won = add_games(self.stats.won, 1),
            Some(Color::Red) => self.stats.lost = add_games(self.stats.lost, 1),
            None => self.stats.drawn = add_games(self.stats.drawn, 1),
        }
    }
}
