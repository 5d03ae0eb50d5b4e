//! Words for people that more than one part of five in a row says:
//! `errors.rs` (a file's or a password's trouble, translated) and
//! `ladder.rs` (the trained computers a player may start from).

pub mod errors;
pub mod ladder;
