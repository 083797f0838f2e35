//! Issue 27, "Online, second round": the findings of hostile clients on loopback, each an
//! end-to-end scenario on every store it concerns (memory, data file, Redis).

// Scenario functions are test code called from the generated #[test]s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[macro_use]
mod common;

use chinese_checkers_core::online::{ClientMsg, ErrorCode, ServerMsg};
use common::*;

suite!(unknown_fields_are_refused,);

/// Finding 8: every message with a field the protocol does not have is refused
/// (`bad_message`) and does nothing, those without fields included.
async fn unknown_fields_are_refused(kind: Kind) {
    let s = server(kind, fast_limits()).await;
    let mut c = Client::raw(&s.url).await;
    // Before hello too: `ping` is allowed then, but not with a field.
    c.send_raw(r#"{"type":"ping","zz":1}"#).await;
    c.expect_error(ErrorCode::BadMessage).await;
    let mut c = Client::join(&s.url, "Ada").await;
    for bare in [
        "cancel_match",
        "watch_lobby",
        "unwatch_lobby",
        "ping",
        "ratings",
        "list_games",
        "watch_games",
    ] {
        c.send_raw(&format!(r#"{{"type":"{bare}","extra":true}}"#))
            .await;
        let message = c.expect_error(ErrorCode::BadMessage).await;
        assert!(message.contains(bare), "{bare}: {message}");
    }
    for text in [
        r#"{"type":"resign","game":"g","zz":1}"#,
        r#"{"type":"create_table","format":"tripot1","clock":{"kind":"untimed","zz":1}}"#,
        r#"{"type":"quick_match","format":null,"priority":9}"#,
    ] {
        c.send_raw(text).await;
        c.expect_error(ErrorCode::BadMessage).await;
    }
    // Nothing was done: no lobby, ratings or games came, no search started; the connection
    // still works.
    c.send(&ClientMsg::Ping).await;
    match c.recv().await {
        ServerMsg::Pong => {}
        other => panic!("expected only pong after the refusals, got {other:?}"),
    }
    c.send(&ClientMsg::QuickMatch { format: None }).await;
    c.expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
        .await;
}
