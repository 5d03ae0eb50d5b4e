//! Passwords of knowledge files: only an Argon2id hash (a PHC string) is ever
//! stored, never the password itself.
//!
//! A hash read from a file is checked before any hashing: it must be
//! Argon2id, version 19, with costs inside [`MAX_MEMORY_KIB`], [`MAX_TIME`]
//! and [`MAX_LANES`]. A crafted file cannot make Match5 allocate gigabytes
//! or hash forever when someone types a password.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

/// The most memory a stored hash may ask for, in KiB (256 MiB).
pub const MAX_MEMORY_KIB: u32 = 256 * 1024;
/// The most passes a stored hash may ask for.
pub const MAX_TIME: u32 = 16;
/// The most lanes a stored hash may ask for.
pub const MAX_LANES: u32 = 8;

/// The costs of new hashes: OWASP's recommended Argon2id setting with
/// 46 MiB of memory and one pass (about 0.1 s on a laptop).
pub const MEMORY_KIB: u32 = 46 * 1024;
pub const TIME: u32 = 1;
pub const LANES: u32 = 1;

/// Why a stored password hash is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HashError {
    #[error("password is not an Argon2id hash (the password itself is never stored)")]
    NotAHash,
    #[error("password is an {0} hash; Match5 uses only Argon2id")]
    Algorithm(String),
    #[error("password hash has Argon2 version {0}; Match5 uses only version 19")]
    Version(String),
    #[error("password hash has invalid parameters: {0}")]
    Params(String),
    #[error("password hash asks for {what} {value}; at most {max} is accepted")]
    TooCostly {
        what: &'static str,
        value: u32,
        max: u32,
    },
}

fn argon2(params: Params) -> Argon2<'static> {
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// The PHC string of an Argon2id hash of `password`, with a fresh salt.
pub fn hash(password: &str) -> String {
    let salt = SaltString::generate(&mut OsRng);
    let params = Params::new(MEMORY_KIB, TIME, LANES, None).expect("valid default costs");
    argon2(params)
        .hash_password(password.as_bytes(), &salt)
        .expect("Argon2id with the default costs hashes any password")
        .to_string()
}

/// Checks a stored hash without hashing anything: Argon2id, version 19,
/// bounded costs. Returns its parsed parameters.
pub fn check(phc: &str) -> Result<Params, HashError> {
    let parsed = PasswordHash::new(phc).map_err(|_| HashError::NotAHash)?;
    let algorithm = parsed.algorithm.as_str();
    if algorithm != "argon2id" {
        return Err(if algorithm.starts_with("argon2") {
            HashError::Algorithm(algorithm.to_string())
        } else {
            HashError::NotAHash
        });
    }
    match parsed.version {
        Some(19) => {}
        Some(v) => return Err(HashError::Version(v.to_string())),
        None => return Err(HashError::Version("(none)".to_string())),
    }
    if parsed.hash.is_none() || parsed.salt.is_none() {
        return Err(HashError::NotAHash);
    }
    // Read the costs ourselves first: Params would accept a huge m_cost.
    for (what, key, max) in [
        ("memory (KiB)", "m", MAX_MEMORY_KIB),
        ("passes", "t", MAX_TIME),
        ("lanes", "p", MAX_LANES),
    ] {
        let value = parsed
            .params
            .get_decimal(key)
            .ok_or_else(|| HashError::Params(format!("no {key}=")))?;
        if value > max {
            return Err(HashError::TooCostly { what, value, max });
        }
    }
    Params::try_from(&parsed).map_err(|e| HashError::Params(e.to_string()))
}

/// Does `password` match the stored hash? A hash that [`check`] refuses
/// never matches (and is never computed).
pub fn verify(phc: &str, password: &str) -> bool {
    let Ok(params) = check(phc) else {
        return false;
    };
    PasswordHash::new(phc).is_ok_and(|parsed| {
        argon2(params)
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_verifies_only_the_right_password() {
        let h = hash("geheim");
        assert!(h.starts_with("$argon2id$v=19$m=47104,t=1,p=1$"), "{h}");
        assert!(!h.contains("geheim"));
        assert!(verify(&h, "geheim"));
        assert!(!verify(&h, "Geheim"));
        assert!(check(&h).is_ok());
        assert_eq!(check("geheim").unwrap_err(), HashError::NotAHash);
        assert_ne!(hash("geheim"), h, "a fresh salt every time");
    }

    #[test]
    fn older_default_hashes_still_verify() {
        // Made by Match5 0.1 with argon2's defaults (m=19456, t=2, p=1).
        let salt = SaltString::generate(&mut OsRng);
        let old = Argon2::default()
            .hash_password(b"geheim", &salt)
            .unwrap()
            .to_string();
        assert!(old.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(verify(&old, "geheim"));
    }

    #[test]
    fn costly_or_foreign_hashes_are_refused_before_hashing() {
        let tail = "$c2FsdHNhbHRzYWx0$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
        let refused = [
            ("$argon2id$v=19$m=268435455,t=1,p=1", "memory"),
            ("$argon2id$v=19$m=4194304,t=1,p=1", "memory"),
            ("$argon2id$v=19$m=19456,t=4294967295,p=1", "passes"),
            ("$argon2id$v=19$m=19456,t=17,p=1", "passes"),
            ("$argon2id$v=19$m=19456,t=1,p=9", "lanes"),
            ("$argon2i$v=19$m=19456,t=2,p=1", "argon2i"),
            ("$argon2d$v=19$m=19456,t=2,p=1", "argon2d"),
            ("$argon2id$v=16$m=19456,t=2,p=1", "version 16"),
            ("$argon2id$m=19456,t=2,p=1", "version"),
            ("$argon2id$v=19$m=1,t=1,p=1", "invalid parameters"),
        ];
        for (head, word) in refused {
            let phc = format!("{head}{tail}");
            let err = check(&phc).expect_err(&phc).to_string();
            assert!(err.contains(word), "{phc}: {err}");
            assert!(!verify(&phc, "x"));
        }
        let inside = format!("$argon2id$v=19$m={MAX_MEMORY_KIB},t={MAX_TIME},p={MAX_LANES}{tail}");
        assert!(check(&inside).is_ok(), "the bounds themselves are allowed");
        let ours = format!("$argon2id$v=19$m={MEMORY_KIB},t={TIME},p={LANES}{tail}");
        assert!(check(&ours).is_ok(), "our own defaults lie inside");
    }
}
