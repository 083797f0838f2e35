//! Anonymous identity: a random token the device makes on first launch and keeps, and a display
//! name the person may change. No account, no e-mail.

use rand::Rng;

/// Shortest accepted token.
pub const TOKEN_MIN: usize = 16;
/// Longest accepted token.
pub const TOKEN_MAX: usize = 64;
/// Longest display name, in characters.
pub const NAME_MAX: usize = 24;

/// A fresh device token: 32 lowercase hex digits (128 random bits).
pub fn new_token() -> String {
    let mut rng = rand::thread_rng();
    (0..32)
        .map(|_| char::from(b"0123456789abcdef"[rng.gen_range(0..16)]))
        .collect()
}

/// Checks a token: 16 to 64 characters among `A–Z a–z 0–9 _ -`.
pub fn check_token(token: &str) -> Result<(), String> {
    let ok_len = (TOKEN_MIN..=TOKEN_MAX).contains(&token.len());
    let ok_chars = token
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok_len && ok_chars {
        Ok(())
    } else {
        Err(format!(
            "a token has {TOKEN_MIN} to {TOKEN_MAX} characters among letters, digits, '_' and '-'"
        ))
    }
}

/// Cleans a display name (trimmed, inner runs of spaces collapsed) and checks it: 1 to 24
/// characters, no control characters.
pub fn check_name(name: &str) -> Result<String, String> {
    let cleaned = name.split_whitespace().collect::<Vec<_>>().join(" ");
    let count = cleaned.chars().count();
    if count == 0 || count > NAME_MAX {
        return Err(format!("a name has 1 to {NAME_MAX} characters"));
    }
    if cleaned.chars().any(char::is_control) {
        return Err("a name may not contain control characters".into());
    }
    Ok(cleaned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_valid() {
        let a = new_token();
        let b = new_token();
        assert_ne!(a, b);
        assert!(check_token(&a).is_ok());
        assert!(check_token("short").is_err());
        assert!(check_token(&"x".repeat(65)).is_err());
        assert!(check_token("0123456789abcdef!").is_err());
    }

    #[test]
    fn names_are_cleaned_and_bounded() {
        assert_eq!(check_name("  Ada   Lovelace ").unwrap(), "Ada Lovelace");
        assert!(check_name("   ").is_err());
        assert!(check_name(&"é".repeat(25)).is_err());
        assert_eq!(check_name(&"é".repeat(24)).unwrap().chars().count(), 24);
    }
}
