//! What every game of Match5 uses, whatever the game; no game's rules or
//! file formats are here.
//!
//! - [`disk`]: regular files only, read with a size limit; saves that are
//!   atomic, locked, and keep links, permissions and owners.
//! - [`names`]: what a player's name may hold.
//! - [`text`]: text from outside (files, names, arguments, D-Bus): which
//!   characters are hidden, and how a message quotes it.
//! - [`random`]: the seedable random source of every computer player.
//! - [`memory`]: memory given back to the system after a burst.
//! - [`time`]: dates in the person's own time zone.

pub mod disk;
pub mod memory;
pub mod names;
pub mod random;
pub mod text;
pub mod time;
