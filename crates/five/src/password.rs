//! Passwords of knowledge files: only an Argon2id hash (a PHC string) is ever
//! stored, never the password itself.
//!
//! A hash read from a file is checked before any hashing, strictly: exactly
//! `$argon2id$v=19$m=M,t=T,p=P$SALT$HASH`, each cost once and in that order,
//! no other key, costs inside [`MAX_MEMORY_KIB`], [`MAX_TIME`] and
//! [`MAX_LANES`], salt and hash of the lengths the PHC format allows. The
//! costs that are checked are the costs that are used: a crafted file (a key
//! given twice, say) cannot make Match5 allocate gigabytes or hash for
//! minutes when someone types a password.

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

/// The most characters of a cost: `4294967295`.
const MAX_COST_DIGITS: usize = 10;
/// Salt: 8 to 48 bytes, 11 to 64 characters of unpadded Base64.
const SALT_CHARS: std::ops::RangeInclusive<usize> = 11..=64;
/// Hash output: 16 to 64 bytes, 22 to 86 characters of unpadded Base64.
const HASH_CHARS: std::ops::RangeInclusive<usize> = 22..=86;

fn base64(
    field: &'static str,
    text: &str,
    chars: std::ops::RangeInclusive<usize>,
) -> Result<(), HashError> {
    if !chars.contains(&text.len()) {
        return Err(HashError::Params(format!(
            "the {field} has {} characters; {} to {} are allowed",
            text.len().min(1000),
            chars.start(),
            chars.end()
        )));
    }
    if !text
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/')
    {
        return Err(HashError::Params(format!("the {field} is not Base64")));
    }
    Ok(())
}

/// The three costs, each given once, in the order `m`, `t`, `p`.
fn costs(text: &str) -> Result<[u32; 3], HashError> {
    let mut out = [0u32; 3];
    let mut fields = text.split(',');
    for (slot, (what, key, max)) in out.iter_mut().zip([
        ("memory (KiB)", "m", MAX_MEMORY_KIB),
        ("passes", "t", MAX_TIME),
        ("lanes", "p", MAX_LANES),
    ]) {
        let field = fields
            .next()
            .ok_or_else(|| HashError::Params(format!("no {key}= (m=, t=, p= in that order)")))?;
        let value = field
            .strip_prefix(key)
            .and_then(|rest| rest.strip_prefix('='))
            .ok_or_else(|| {
                HashError::Params(format!(
                    "{} where {key}= belongs (m=, t=, p=, each once, in that order)",
                    match5_common::text::quote(field)
                ))
            })?;
        if value.is_empty()
            || value.len() > MAX_COST_DIGITS
            || !value.bytes().all(|b| b.is_ascii_digit())
            || (value.len() > 1 && value.starts_with('0'))
        {
            return Err(HashError::Params(format!(
                "{key}={} is not a number",
                match5_common::text::quote(value)
            )));
        }
        let value: u64 = value.parse().expect("at most ten digits");
        if value > u64::from(max) {
            return Err(HashError::TooCostly {
                what,
                value: u32::try_from(value).unwrap_or(u32::MAX),
                max,
            });
        }
        *slot = value as u32;
    }
    if let Some(extra) = fields.next() {
        return Err(HashError::Params(format!(
            "{} after p= (m=, t=, p=, each once, in that order)",
            match5_common::text::quote(extra)
        )));
    }
    Ok(out)
}

/// Checks a stored hash without hashing anything: strictly the form
/// `$argon2id$v=19$m=M,t=T,p=P$SALT$HASH` with bounded costs. Returns the
/// parameters that [`verify`] then uses, read from that same text.
pub fn check(phc: &str) -> Result<Params, HashError> {
    checked(phc).map(|(params, _)| params)
}

/// [`check`], with the hash as the library read it (for [`verify`]).
fn checked(phc: &str) -> Result<(Params, PasswordHash<'_>), HashError> {
    let parts: Vec<&str> = phc.splitn(7, '$').collect();
    if parts.len() < 2 || !parts[0].is_empty() {
        return Err(HashError::NotAHash);
    }
    let algorithm = parts[1];
    if algorithm != "argon2id" {
        return Err(if algorithm.starts_with("argon2") {
            HashError::Algorithm(match5_common::text::quote(algorithm))
        } else {
            HashError::NotAHash
        });
    }
    let version = parts.get(2).copied().unwrap_or_default();
    match version.strip_prefix("v=") {
        Some("19") => {}
        Some(v) => return Err(HashError::Version(match5_common::text::quote(v))),
        None => return Err(HashError::Version("(none)".to_string())),
    }
    if parts.len() != 6 {
        return Err(HashError::Params(
            "not of the form $argon2id$v=19$m=M,t=T,p=P$SALT$HASH".to_string(),
        ));
    }
    let [m, t, p] = costs(parts[3])?;
    base64("salt", parts[4], SALT_CHARS)?;
    base64("hash", parts[5], HASH_CHARS)?;
    // The library reads the same text; it must agree with what we checked.
    let parsed = PasswordHash::new(phc).map_err(|e| HashError::Params(e.to_string()))?;
    let params = Params::try_from(&parsed).map_err(|e| HashError::Params(e.to_string()))?;
    if (params.m_cost(), params.t_cost(), params.p_cost()) != (m, t, p) {
        return Err(HashError::Params("the costs read twice differ".to_string()));
    }
    Ok((params, parsed))
}

/// Does `password` match the stored hash? A hash that [`check`] refuses
/// never matches (and is never computed).
pub fn verify(phc: &str, password: &str) -> bool {
    let Ok((params, parsed)) = checked(phc) else {
        return false;
    };
    argon2(params)
        .verify_password(password.as_bytes(), &parsed)
        .is_ok()
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
    }

    /// A repeated key used to pass the check with its first value and
    /// hash with its last (274 GB): every field must be there once, in
    /// order, of a sane size.
    #[test]
    fn only_the_strict_form_is_accepted() {
        let salt = "c2FsdHNhbHRzYWx0";
        let hash = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
        let good = format!("$argon2id$v=19$m=19456,t=2,p=1${salt}${hash}");
        assert!(check(&good).is_ok());
        let refused = [
            // Duplicates: each key once.
            format!("$argon2id$v=19$m=65536,t=1,p=1,m=268435455${salt}${hash}"),
            format!("$argon2id$v=19$m=19456,t=1,p=1,t=100000${salt}${hash}"),
            format!("$argon2id$v=19$m=19456,m=19456,t=1,p=1${salt}${hash}"),
            format!("$argon2id$v=19$m=19456,t=1,t=1,p=1${salt}${hash}"),
            format!("$argon2id$v=19$m=19456,t=1,p=1,p=1${salt}${hash}"),
            format!("$argon2id$v=19$v=19$m=19456,t=1,p=1${salt}${hash}"),
            // Reordered.
            format!("$argon2id$v=19$t=1,m=19456,p=1${salt}${hash}"),
            format!("$argon2id$v=19$p=1,t=1,m=19456${salt}${hash}"),
            format!("$argon2id$m=19456,t=1,p=1$v=19${salt}${hash}"),
            // Unknown or missing keys.
            format!("$argon2id$v=19$m=19456,t=1,p=1,keyid=AAAA${salt}${hash}"),
            format!("$argon2id$v=19$m=19456,t=1,p=1,data=AAAA${salt}${hash}"),
            format!("$argon2id$v=19$m=19456,t=1,x=1${salt}${hash}"),
            format!("$argon2id$v=19$m=19456,t=1${salt}${hash}"),
            format!("$argon2id$v=19$m=,t=1,p=1${salt}${hash}"),
            format!("$argon2id$v=19$m=+19456,t=1,p=1${salt}${hash}"),
            format!("$argon2id$v=19$m=019456,t=1,p=1${salt}${hash}"),
            format!("$argon2id$v=19$M=19456,t=1,p=1${salt}${hash}"),
            // Oversized values and fields.
            format!("$argon2id$v=19$m=99999999999999999999,t=1,p=1${salt}${hash}"),
            format!("$argon2id$v=19$m=19456,t=4294967296,p=1${salt}${hash}"),
            format!("$argon2id$v=19$m=19456,t=1,p=1${}${hash}", "A".repeat(65)),
            format!("$argon2id$v=19$m=19456,t=1,p=1${salt}${}", "A".repeat(87)),
            format!(
                "$argon2id$v=19$m=19456,t=1,p=1${salt}${}",
                "A".repeat(100_000)
            ),
            format!("$argon2id$v=19$m=19456,t=1,p=1$c2Fsd${hash}"),
            format!("$argon2id$v=19$m=19456,t=1,p=1${salt}$AAAA"),
            format!("$argon2id$v=19$m=19456,t=1,p=1$c2FsdHNhbHRzYWx0!${hash}"),
            // Missing or extra parts.
            format!("$argon2id$v=19$m=19456,t=1,p=1${salt}"),
            format!("$argon2id$v=19$m=19456,t=1,p=1${salt}${hash}$"),
            format!("$argon2id$v=19$m=19456,t=1,p=1${salt}${hash}$AAAA"),
            format!("argon2id$v=19$m=19456,t=1,p=1${salt}${hash}"),
            format!("$argon2id$v=190$m=19456,t=1,p=1${salt}${hash}"),
            format!("$argon2id$v=19 $m=19456,t=1,p=1${salt}${hash}"),
        ];
        for phc in refused {
            let started = std::time::Instant::now();
            let err = check(&phc).expect_err(&phc);
            assert!(!verify(&phc, "x"), "{phc}");
            assert!(started.elapsed().as_secs() < 5, "{phc}: hashed");
            assert!(err.to_string().len() < 300, "{err}");
        }
        let tail = "$c2FsdHNhbHRzYWx0$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
        let inside = format!("$argon2id$v=19$m={MAX_MEMORY_KIB},t={MAX_TIME},p={MAX_LANES}{tail}");
        assert!(check(&inside).is_ok(), "the bounds themselves are allowed");
        let ours = format!("$argon2id$v=19$m={MEMORY_KIB},t={TIME},p={LANES}{tail}");
        assert!(check(&ours).is_ok(), "our own defaults lie inside");
    }
}
