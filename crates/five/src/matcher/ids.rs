//! Pattern ids in the tries: the set of forgotten ones (a deleted
//! pattern's shapes stay in its trie until it is rebuilt, and are passed
//! over), and the range of ids a trie holds.

/// The ids of forgotten patterns whose shapes may still be in a trie.
#[derive(Clone, Debug, Default)]
pub(super) struct IdSet(Vec<u64>);

impl IdSet {
    pub(super) fn insert(&mut self, id: u32) {
        let (word, bit) = (id as usize / 64, id % 64);
        if word >= self.0.len() {
            self.0.resize(word + 1, 0);
        }
        self.0[word] |= 1 << bit;
    }

    pub(super) fn contains(&self, id: u32) -> bool {
        let (word, bit) = (id as usize / 64, id % 64);
        self.0.get(word).is_some_and(|w| w & (1 << bit) != 0)
    }
}

/// The smallest range of ids that holds both.
pub(super) fn span(a: Option<(u32, u32)>, b: Option<(u32, u32)>) -> Option<(u32, u32)> {
    match (a, b) {
        (Some(a), Some(b)) => Some((a.0.min(b.0), a.1.max(b.1))),
        (a, None) => a,
        (None, b) => b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forgotten_ids_are_remembered_past_the_first_word() {
        let mut set = IdSet::default();
        set.insert(3);
        set.insert(200);
        assert!(set.contains(3) && set.contains(200));
        assert!(!set.contains(4) && !set.contains(199) && !set.contains(100_000));
    }
}
