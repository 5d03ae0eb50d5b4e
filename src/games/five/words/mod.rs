//! Words for people that more than one part of five in a row says:
//! `errors.rs` (a file's or a password's trouble, translated),
//! `ladder.rs` (the trained computers a player may start from),
//! `unsaved.rs` (what would be lost unsaved) and `why.rs` (Show Why's
//! sentence: where a pattern came from).

pub mod errors;
pub mod ladder;
pub mod unsaved;
pub mod why;
