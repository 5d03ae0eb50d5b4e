//! The Match5 desktop game. Until the libadwaita app lands, this binary
//! points to the command-line tool, which plays, trains and inspects
//! knowledge with the same engine.

fn main() {
    println!(
        "Match5 {}: the desktop game is on its way.\n\
         Meanwhile, watch the computer learn with: match5-cli train --knowledge me.fivo --games 300 --opponent greedy",
        match5_engine::VERSION
    );
}
