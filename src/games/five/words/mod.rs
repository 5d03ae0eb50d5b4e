//! Words for people that more than one part of five in a row says:
//! `errors.rs` (a file's or a password's trouble, translated),
//! `ladder.rs` (the trained computers a player may start from) and
//! `why.rs` (Show Why's sentence: where a pattern came from).

pub mod errors;
pub mod ladder;
pub mod why;
