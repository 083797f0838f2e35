//! Fuzzes Position JSON parsing plus everything the engine does with a parsed position:
//! move generation, validation of every generated move, apply/undo, outcome, JSON round trip.
//! Run with `cargo +nightly fuzz run position_json` from the repository root.
#![no_main]

use chinese_checkers_core::rules::{Move, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // Also try the second half as a Move against the first half's position.
    let (pos_text, move_text) = text.split_once('\n').unwrap_or((text, ""));
    let Ok(position) = Position::from_json_str(pos_text) else { return };
    let _ = position.outcome();
    let moves = position.legal_moves();
    assert!(!moves.is_empty(), "no move, not even a pass");
    for m in moves.iter().take(64) {
        assert!(position.validate(m).is_ok(), "generated move refused");
        let mut p = position;
        let undo = p.apply(&m.compact());
        let _ = p.outcome();
        p.undo(undo);
        assert_eq!(p, position);
    }
    assert_eq!(Position::from_json(&position.to_json()).ok(), Some(position));
    if let Ok(m) = Move::from_json_str(move_text) {
        let _ = position.validate(&m);
    }
});
