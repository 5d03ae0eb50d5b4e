//! The hall-of-fame loader on any bytes: it never panics; what it accepts
//! can be updated, saved and read back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use match5_five::hall_of_fame::{HallOfFame, SIZE};

fuzz_target!(|data: &[u8]| {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("hall-of-fame.toml");
    std::fs::write(&path, data).expect("written");
    if let Ok(mut hof) = HallOfFame::load(&path) {
        assert!(hof.entries().len() <= SIZE);
        hof.record("Fuzz", 3, Some(("greedy", 90)));
        hof.save(&path).expect("saved");
        let again = HallOfFame::load(&path).expect("what Match5 writes, it reads");
        assert_eq!(again, hof);
    }
});
