//! When another program saved the same file meanwhile: the file state this
//! knowledge is based on, and the three-way merge of what both learned.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::{Base, Knowledge, Learned, Merged, Stats, add_games, pattern_hash};
use crate::history::History;
use crate::lost_lines::LostLines;
use crate::pattern::Pattern;

impl Knowledge {
    /// The file state this knowledge is based on, when it is `path`.
    pub(crate) fn base_at(&self, path: &Path) -> Option<&Base> {
        self.base.as_ref().filter(|b| b.path == path)
    }

    /// Remembers what the file at `path` holds now: this knowledge, written
    /// (or read) as bytes with `fingerprint`.
    pub(crate) fn set_base(&mut self, path: PathBuf, fingerprint: (u64, u64)) {
        self.base = Some(Base {
            path,
            fingerprint,
            player: self.player.clone(),
            password: self.password.clone(),
            stats: self.stats,
            patterns: self.patterns.iter().map(pattern_hash).collect(),
        });
    }

    /// A three-way merge with what a file holds now (`disk`), which changed
    /// since this knowledge was based on it (`base`, none for a file this
    /// knowledge never read). The result holds the file's patterns, less
    /// those this knowledge removed since, plus those it learned since
    /// (learned again, so junk removal applies); the games of both are
    /// added up, and so are the lost lines. Player and password stay this
    /// knowledge's.
    pub(crate) fn merge(
        &mut self,
        disk: Vec<(Pattern, Learned)>,
        disk_stats: Stats,
        disk_lost: &LostLines,
        disk_history: &History,
        base: Option<&Base>,
    ) -> Merged {
        self.lost.extend(disk_lost);
        self.history = self
            .history
            .merged(disk_history, base.map_or(0, |b| b.stats.games()));
        let empty = HashSet::new();
        let base_patterns = base.map_or(&empty, |b| &b.patterns);
        let ours: HashSet<u64> = self.patterns.iter().map(pattern_hash).collect();
        let learned: Vec<(Pattern, Learned)> = self
            .patterns
            .iter()
            .zip(&self.learned)
            .filter(|(p, _)| !base_patterns.contains(&pattern_hash(p)))
            .map(|(p, g)| (p.clone(), *g))
            .collect();
        let mut patterns: Vec<(Pattern, Learned)> = disk
            .into_iter()
            .filter(|(p, _)| {
                let h = pattern_hash(p);
                ours.contains(&h) || !base_patterns.contains(&h)
            })
            .collect();
        patterns.sort_by_key(|(p, _)| p.level());
        let base_stats = base.map_or(Stats::default(), |b| b.stats);
        let elsewhere = Stats {
            won: disk_stats.won.saturating_sub(base_stats.won),
            lost: disk_stats.lost.saturating_sub(base_stats.lost),
            drawn: disk_stats.drawn.saturating_sub(base_stats.drawn),
        };
        self.stats = Stats {
            won: add_games(self.stats.won, elsewhere.won),
            lost: add_games(self.stats.lost, elsewhere.lost),
            drawn: add_games(self.stats.drawn, elsewhere.drawn),
        };
        (self.patterns, self.learned) = patterns.into_iter().unzip();
        self.compile();
        for (p, game) in learned {
            self.learn_with(p, false, game);
        }
        self.compile();
        Merged {
            patterns: self
                .patterns
                .iter()
                .filter(|p| !ours.contains(&pattern_hash(p)))
                .count(),
            games: elsewhere.games(),
        }
    }
}
