//! The D-Bus bridge every game's object goes through: scripts reach the
//! pages here, and the pages' state goes back out.
//!
//! - `object.rs`: a game's object declared once ([`crate::game_object!`]):
//!   its properties and calls, from which the snapshot, the
//!   `PropertiesChanged` diff, the getters and the requests are made;
//! - `bridge.rs`: how a call reaches the GTK main thread and its answer
//!   comes back, bounded both ways, and how the page's snapshot is
//!   published and announced;
//! - `callers.rs`: each client's share of the waiting calls;
//! - `checked.rs`: calls with arguments of the wrong types answered
//!   `InvalidArgs` in the app's words;
//! - `after_flood.rs`: memory given back after a flood of calls.
//!
//! Each game's own interface, and where its calls land, are in its folder:
//! `src/games/<id>/control/`.

mod after_flood;
pub mod bridge;
pub mod callers;
pub mod checked;
pub mod object;
