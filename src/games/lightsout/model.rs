//! The lights and the rule: pressing a light flips it and its neighbours
//! above, below, left and right; every light off wins. Every one of the
//! 512 patterns of a 3x3 board can be turned off.

/// The patterns a new game starts from, in turn (row by row, `1` is on).
const STARTS: [&str; 3] = ["010111010", "101010101", "110100011"];

/// Nine lights, row by row from the top left, and the presses so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lights {
    on: [bool; 9],
    moves: u32,
    games: usize,
}

impl Default for Lights {
    fn default() -> Self {
        let mut lights = Lights {
            on: [false; 9],
            moves: 0,
            games: 0,
        };
        lights.new_game();
        lights
    }
}

impl Lights {
    /// The next start pattern, no moves.
    pub fn new_game(&mut self) {
        let start = STARTS[self.games % STARTS.len()];
        self.games += 1;
        for (light, c) in self.on.iter_mut().zip(start.chars()) {
            *light = c == '1';
        }
        self.moves = 0;
    }

    /// Presses light `i` (0 to 8); false, and nothing changes, when there
    /// is no such light or the game is won.
    pub fn press(&mut self, i: usize) -> bool {
        if i >= 9 || self.solved() {
            return false;
        }
        let (row, col) = (i / 3, i % 3);
        for (r, c) in [(row, col), (row.wrapping_sub(1), col), (row + 1, col)]
            .into_iter()
            .chain([(row, col.wrapping_sub(1)), (row, col + 1)])
        {
            if r < 3 && c < 3 {
                self.on[r * 3 + c] ^= true;
            }
        }
        self.moves += 1;
        true
    }

    pub fn is_on(&self, i: usize) -> bool {
        self.on[i]
    }

    pub fn moves(&self) -> u32 {
        self.moves
    }

    pub fn solved(&self) -> bool {
        self.on.iter().all(|on| !on)
    }

    /// Like `010111010`: row by row, `1` is on.
    pub fn pattern(&self) -> String {
        self.on
            .iter()
            .map(|&on| if on { '1' } else { '0' })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pressing_flips_the_light_and_its_neighbours() {
        let mut lights = Lights::default();
        assert_eq!(lights.pattern(), "010111010");
        assert!(lights.press(4));
        assert!(lights.solved());
        assert_eq!(lights.moves(), 1);
        assert!(!lights.press(0), "a won game takes no press");
        lights.new_game();
        assert_eq!(lights.pattern(), "101010101");
        assert!(lights.press(0));
        assert_eq!(lights.pattern(), "011110101");
        assert!(!lights.press(9));
        assert_eq!(lights.moves(), 1);
    }
}
