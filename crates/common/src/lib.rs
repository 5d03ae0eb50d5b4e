//! What every game of Match5 uses, whatever the game.
//!
//! - [`text`]: text from outside (files, names, arguments, D-Bus): which
//!   characters are hidden, and how a message quotes it.

pub mod text;
