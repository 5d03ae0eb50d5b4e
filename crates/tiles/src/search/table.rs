//! A table of positions already searched that never outgrows its memory
//! budget: it starts small, doubles while the budget allows, and once full
//! replaces what is worth least. A search that forgets a position only does
//! work again; what it answers stays the same.

use super::state::Key;

/// One remembered position.
#[derive(Clone, Copy)]
struct Slot<V> {
    /// The key in two halves: aligned to 8 bytes, not 16, a slot of the
    /// search's table takes 24 bytes instead of 32.
    key: [u64; 2],
    value: V,
    /// How much work the value stands for (kept over less); 0: empty.
    worth: u8,
}

/// Open addressing: a key stands in one of [`WINDOW`] slots from its
/// hash's. Nothing is ever removed, so a search stops at the first empty
/// slot.
pub(super) struct Table<V: Copy + Default> {
    slots: Vec<Slot<V>>,
    used: usize,
    max_slots: usize,
}

/// The slots a key may stand in (a few cache lines).
const WINDOW: usize = 8;
/// The first size: 4,096 slots (a search of a small game stays small).
const FIRST_SLOTS: usize = 1 << 12;

impl<V: Copy + Default> Table<V> {
    /// A table that will never use more than `memory` bytes (and at least
    /// [`WINDOW`] slots).
    pub(super) fn within(memory: usize) -> Table<V> {
        let fit = (memory / size_of::<Slot<V>>()).max(WINDOW);
        // The largest power of two that fits.
        let max_slots = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        let slots = FIRST_SLOTS.min(max_slots);
        Table {
            slots: vec![Self::empty(); slots],
            used: 0,
            max_slots,
        }
    }

    fn empty() -> Slot<V> {
        Slot {
            key: [0; 2],
            value: V::default(),
            worth: 0,
        }
    }

    /// The memory the slots take now, in bytes.
    pub(super) fn bytes(&self) -> usize {
        self.slots.len() * size_of::<Slot<V>>()
    }

    /// The slots where `key` may stand, in order.
    fn window(&self, key: [u64; 2]) -> impl Iterator<Item = usize> + use<V> {
        // SplitMix64's finalizer over both halves: every bit of the key
        // moves every bit of the slot.
        let mut h = key[0] ^ key[1].wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        h ^= h >> 31;
        let mask = self.slots.len() - 1;
        let start = h as usize & mask;
        (0..WINDOW.min(self.slots.len())).map(move |i| (start + i) & mask)
    }

    pub(super) fn get(&self, key: Key) -> Option<V> {
        let key = halves(key);
        for at in self.window(key) {
            let slot = &self.slots[at];
            if slot.worth == 0 {
                return None;
            }
            if slot.key == key {
                return Some(slot.value);
            }
        }
        None
    }

    /// Remembers `value` for `key`, worth `worth` (1 to 255). Nothing is
    /// forgotten while the table may still grow (it grows when half full,
    /// or when a key finds no room); once it may not, the entry worth
    /// least in the key's slots makes room.
    pub(super) fn put(&mut self, key: Key, value: V, worth: u8) {
        self.put_slot(Slot {
            key: halves(key),
            value,
            worth: worth.max(1),
        });
    }

    fn put_slot(&mut self, new: Slot<V>) {
        let key = new.key;
        loop {
            let mut cheapest: Option<usize> = None;
            for at in self.window(key) {
                let slot = self.slots[at];
                if slot.worth == 0 {
                    self.used += 1;
                    self.slots[at] = new;
                    if self.used * 2 >= self.slots.len() && self.slots.len() < self.max_slots {
                        self.grow();
                    }
                    return;
                }
                if slot.key == key {
                    self.slots[at] = new;
                    return;
                }
                if cheapest.is_none_or(|c| slot.worth < self.slots[c].worth) {
                    cheapest = Some(at);
                }
            }
            if self.slots.len() < self.max_slots {
                self.grow();
                continue;
            }
            let at = cheapest.expect("a window has slots");
            self.slots[at] = new;
            return;
        }
    }

    fn grow(&mut self) {
        let bigger = vec![Self::empty(); self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, bigger);
        self.used = 0;
        for slot in old {
            if slot.worth > 0 {
                self.put_slot(slot);
            }
        }
    }
}

/// A key as two halves (low first).
fn halves(key: Key) -> [u64; 2] {
    [key as u64, (key >> 64) as u64]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_more_than_its_budget_and_keeps_the_worthy() {
        let mut t = Table::<u64>::within(1 << 20);
        let max = t.max_slots;
        for key in 0..200_000u128 {
            t.put(key, key as u64 * 3, if key % 1000 == 0 { 200 } else { 1 });
        }
        assert!(t.bytes() <= 1 << 20, "{}", t.bytes());
        assert_eq!(t.slots.len(), max);
        // The recent and the worthy are found; values are never mixed up.
        assert_eq!(t.get(199_999), Some(199_999 * 3));
        let worthy = (0..200_000u128)
            .step_by(1000)
            .filter(|k| t.get(*k).is_some())
            .count();
        assert!(worthy > 150, "{worthy}");
        for key in 0..200_000u128 {
            if let Some(v) = t.get(key) {
                assert_eq!(v, key as u64 * 3);
            }
        }
    }
}
