//! `match5-cli` as a library: the commands, and the pieces the fuzz targets
//! drive directly (the pbrain line handler).

pub mod knowledge_file;
pub mod leapfrog;
pub mod output;
pub mod pbrain;
pub mod show;
pub mod signals;
pub mod suggest;
pub mod tictactoe;
pub mod tiles;
pub mod train;
