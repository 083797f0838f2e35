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

/// The characters of Unicode's general category Cf ("format"): invisible characters such as
/// zero-width spaces and joiners, the byte-order mark, and the bidirectional embeddings,
/// overrides and isolates (U+202A–U+202E, U+2066–U+2069) that could make a name display as
/// something else. Inclusive ranges, sorted.
const FORMAT_CHARS: &[(char, char)] = &[
    ('\u{00AD}', '\u{00AD}'),
    ('\u{0600}', '\u{0605}'),
    ('\u{061C}', '\u{061C}'),
    ('\u{06DD}', '\u{06DD}'),
    ('\u{070F}', '\u{070F}'),
    ('\u{0890}', '\u{0891}'),
    ('\u{08E2}', '\u{08E2}'),
    ('\u{180E}', '\u{180E}'),
    ('\u{200B}', '\u{200F}'),
    ('\u{202A}', '\u{202E}'),
    ('\u{2060}', '\u{2064}'),
    ('\u{2066}', '\u{206F}'),
    ('\u{FEFF}', '\u{FEFF}'),
    ('\u{FFF9}', '\u{FFFB}'),
    ('\u{110BD}', '\u{110BD}'),
    ('\u{110CD}', '\u{110CD}'),
    ('\u{13430}', '\u{1343F}'),
    ('\u{1BCA0}', '\u{1BCA3}'),
    ('\u{1D173}', '\u{1D17A}'),
    ('\u{E0001}', '\u{E0001}'),
    ('\u{E0020}', '\u{E007F}'),
];

/// Whether `c` is a format character (general category Cf), bidi controls included.
fn is_format(c: char) -> bool {
    FORMAT_CHARS.iter().any(|&(lo, hi)| (lo..=hi).contains(&c))
}

/// Cleans a display name (trimmed, inner runs of spaces collapsed) and checks it: 1 to 24
/// characters, no control characters, no invisible or bidirectional format characters.
pub fn check_name(name: &str) -> Result<String, String> {
    let cleaned = name.split_whitespace().collect::<Vec<_>>().join(" ");
    let count = cleaned.chars().count();
    if count == 0 || count > NAME_MAX {
        return Err(format!("a name has 1 to {NAME_MAX} characters"));
    }
    if cleaned.chars().any(char::is_control) {
        return Err("a name may not contain control characters".into());
    }
    if cleaned.chars().any(is_format) {
        return Err("a name may not contain invisible or text-direction characters".into());
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

    #[test]
    fn names_refuse_control_format_and_bidi_characters() {
        for c in ('\u{202A}'..='\u{202E}')
            .chain('\u{2066}'..='\u{2069}')
            .chain('\u{200B}'..='\u{200F}')
            .chain(['\u{FEFF}', '\u{00AD}', '\u{2060}', '\u{061C}', '\u{E0041}'])
            .chain(['\u{0000}', '\u{0007}', '\u{001B}', '\u{007F}', '\u{009B}'])
        {
            for name in [format!("Ada{c}"), format!("{c}Bob"), format!("A{c}B")] {
                assert!(check_name(&name).is_err(), "{:?} accepted", name);
            }
        }
        // The classic spoof: "Ada" followed by a right-to-left override.
        assert!(check_name("Ada\u{202E}nimda").is_err());
        // Ordinary letters of any script, accents and emoji stay welcome.
        for ok in [
            "Ada",
            "Zoë",
            "Ярослав",
            "李雷",
            "مريم",
            "אבי",
            "😀 Fun",
            "O'Neil-Smith",
        ] {
            assert_eq!(check_name(ok).as_deref(), Ok(ok));
        }
    }
}
