//! Run with `cargo +nightly fuzz run protocol_messages` from the repository root.
//!
//! Fuzz target: decoding of online protocol messages (both directions) never panics; whatever
//! decodes re-encodes to a message that decodes to the same value; a decoded move fed to a fresh
//! game record is validated without panicking.
#![no_main]

use chinese_checkers_core::online::{
    decode_client, decode_server, encode, ClientMsg, Command, Format, GameRecord,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(msg) = decode_client(text) {
        assert_eq!(decode_client(&encode(&msg)).ok(), Some(msg.clone()));
        if let ClientMsg::Move { ply, mv, .. } = msg {
            let (record, _) = GameRecord::new("g", Format::Tripot3, ["a".into(), "b".into()]);
            let _ = record.command(0, &Command::Move { ply, mv });
        }
    }
    if let Ok(msg) = decode_server(text) {
        assert_eq!(decode_server(&encode(&msg)).ok(), Some(msg));
    }
});
