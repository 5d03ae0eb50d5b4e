//! Passwords of knowledge files: only an Argon2id hash (a PHC string) is ever
//! stored, never the password itself.

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

/// The PHC string of an Argon2id hash of `password`, with a fresh salt.
pub fn hash(password: &str) -> String {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .expect("Argon2 with default parameters hashes any password")
        .to_string()
}

/// Does `password` match the stored hash?
pub fn verify(phc: &str, password: &str) -> bool {
    PasswordHash::new(phc).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// Is `phc` an Argon2 PHC string this program can verify against?
pub fn is_valid_hash(phc: &str) -> bool {
    PasswordHash::new(phc).is_ok_and(|p| p.algorithm.as_str().starts_with("argon2"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_verifies_only_the_right_password() {
        let h = hash("geheim");
        assert!(h.starts_with("$argon2id$"));
        assert!(!h.contains("geheim"));
        assert!(verify(&h, "geheim"));
        assert!(!verify(&h, "Geheim"));
        assert!(is_valid_hash(&h));
        assert!(!is_valid_hash("geheim"));
        assert_ne!(hash("geheim"), h, "a fresh salt every time");
    }
}
