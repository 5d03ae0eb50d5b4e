//! The random source of every game's computer: seedable, so the same seed
//! gives the same games (tests, `--seed`), or started from the system's
//! entropy.

use rand::SeedableRng;

/// The random source: ChaCha8, the same on every machine.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// A random source started from `seed`.
pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// A random source started from the operating system's entropy.
pub fn rng_from_entropy() -> GameRng {
    GameRng::from_os_rng()
}
