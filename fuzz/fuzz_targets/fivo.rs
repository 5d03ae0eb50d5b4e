//! The `.fivo` loader on any bytes: it never panics, and whatever it
//! accepts is written back and read again to the same knowledge.
#![no_main]

use libfuzzer_sys::fuzz_target;
use match5_five::fivo;

fuzz_target!(|data: &[u8]| {
    if let Ok(contents) = fivo::parse_bytes(data) {
        let text = fivo::write(&contents);
        let again = fivo::parse(&text).expect("what Match5 writes, it reads");
        assert_eq!(again, contents, "the round trip keeps everything");
        // Building the match index from it must not panic either.
        let _ = match5_five::Knowledge::with_patterns(&contents.player, contents.patterns);
    }
});
