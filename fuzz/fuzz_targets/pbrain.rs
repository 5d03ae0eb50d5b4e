//! The Gomocup line handler on any input: it never panics, answers every
//! line briefly, and never echoes more than a short piece of a line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use match5_cli::pbrain::{Brain, converse};
use match5_five::Knowledge;
use match5_common::random::rng_from_seed;

fuzz_target!(|data: &[u8]| {
    let mut brain = Brain::new(Knowledge::new("fuzz"), rng_from_seed(1), true);
    let mut input = std::io::BufReader::new(data);
    let mut output = Vec::new();
    converse(&mut brain, &mut input, &mut output).expect("writing to memory works");
    let text = String::from_utf8(output).expect("answers are text");
    for line in text.lines() {
        assert!(line.len() < 300, "a short answer: {} bytes", line.len());
    }
});
