//! Private-room codes: short, over an alphabet without look-alikes (no `0 O 1 I L`), so a code
//! read aloud or copied by hand reaches the right room.

use rand::Rng;

/// The characters of a room code: digits 2–9 and capitals without `I`, `L` and `O`.
pub const ROOM_CODE_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// How many characters a room code has: 31^8 ≈ 8.5e11 codes, so that guessing one at the
/// rate the server allows is hopeless (the arithmetic is in docs/ONLINE.md, "Room codes").
pub const ROOM_CODE_LEN: usize = 8;

/// A fresh random room code.
pub fn new_room_code<R: Rng + ?Sized>(rng: &mut R) -> String {
    (0..ROOM_CODE_LEN)
        .map(|_| char::from(ROOM_CODE_ALPHABET[rng.gen_range(0..ROOM_CODE_ALPHABET.len())]))
        .collect()
}

/// Normalises what a person typed into a code: case, spaces and dashes do not matter, and the
/// look-alikes `O`→`0` are not in the alphabet, so they are refused. `None` when it cannot be a
/// code.
pub fn normalize_room_code(input: &str) -> Option<String> {
    let code: String = input
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let ok = code.len() == ROOM_CODE_LEN && code.bytes().all(|b| ROOM_CODE_ALPHABET.contains(&b));
    ok.then_some(code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn codes_use_the_alphabet_and_normalise() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for _ in 0..200 {
            let code = new_room_code(&mut rng);
            assert_eq!(code.len(), ROOM_CODE_LEN);
            assert_eq!(normalize_room_code(&code).as_deref(), Some(code.as_str()));
            let spaced = format!("{}-{} ", &code[..4].to_lowercase(), &code[4..]);
            assert_eq!(normalize_room_code(&spaced).as_deref(), Some(code.as_str()));
        }
        for bad in [
            "",
            "ABC",
            "ABCDEF",
            "ABCDEFG",
            "ABCDEFGH2",
            "ABCDEFG0",
            "ABCDEFGO",
            "ABCDEFG1",
            "ABCDEFGI",
            "ABCDEFGL",
        ] {
            assert_eq!(normalize_room_code(bad), None, "{bad}");
        }
    }

    #[test]
    fn alphabet_has_no_look_alikes() {
        for c in b"01ILO" {
            assert!(!ROOM_CODE_ALPHABET.contains(c));
        }
        assert_eq!(ROOM_CODE_ALPHABET.len(), 31);
    }
}
