//! A stored password hash of any text: refused, or accepted with costs
//! inside the bounds, and never hashed here (checking costs nothing).
#![no_main]

use libfuzzer_sys::fuzz_target;
use match5_five::password::{self, MAX_LANES, MAX_MEMORY_KIB, MAX_TIME};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(params) = password::check(text) {
        assert!(params.m_cost() <= MAX_MEMORY_KIB, "{text}");
        assert!(params.t_cost() <= MAX_TIME, "{text}");
        assert!(params.p_cost() <= MAX_LANES, "{text}");
        assert!(text.len() <= 200, "a strict hash is short: {text}");
        // Each cost once: the text names m=, t= and p= exactly once.
        for key in ["m=", "t=", "p="] {
            assert_eq!(text.matches(key).count(), 1, "{text}");
        }
    }
});
