//! Tests of the FFI facade in Rust: blocking and async thinking, cancellation, the panic guard.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::future::Future;
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};
use std::time::{Duration, Instant};

use super::*;
use crate::session::{BannerKind, Opener};

struct ThreadWaker(std::thread::Thread);

impl Wake for ThreadWaker {
    fn wake(self: Arc<Self>) {
        self.0.unpark();
    }
}

/// A minimal executor: polls until ready, parking in between.
fn block_on<F: Future>(fut: F) -> F::Output {
    let mut fut = std::pin::pin!(fut);
    let waker = Waker::from(Arc::new(ThreadWaker(std::thread::current())));
    let mut cx = Context::from_waker(&waker);
    loop {
        if let Poll::Ready(v) = fut.as_mut().poll(&mut cx) {
            return v;
        }
        std::thread::park_timeout(Duration::from_millis(50));
    }
}

fn session(level: AiLevel, opener: Opener) -> Arc<GameSession> {
    GameSession::new(NewGame {
        mode: Mode::Solo {
            level,
            human_side: 0,
        },
        rules: "tripot".into(),
        colours_per_side: 1,
        players: 2,
        opener,
        names: vec![],
        seed: 3,
    })
    .unwrap()
}

#[test]
fn think_plays_and_refuses_on_the_persons_turn() {
    let s = session(AiLevel::Beginner, Opener::Side2);
    s.set_ai_time_limit(Some(50));
    let v = s.think().unwrap();
    assert_eq!(v.history.len(), 1);
    assert_eq!(
        s.think().unwrap_err(),
        SessionError::NotNow("it is not the AI's turn".into())
    );
}

#[test]
fn async_think_plays() {
    let s = session(AiLevel::Beginner, Opener::Side2);
    s.set_ai_time_limit(Some(50));
    let v = block_on(Arc::clone(&s).think_async()).unwrap();
    assert_eq!(v.history.len(), 1);
}

#[test]
fn cancel_thinking_stops_the_search() {
    let s = session(AiLevel::Impossible, Opener::Side2);
    s.set_ai_time_limit(Some(20_000));
    let t = Instant::now();
    let other = Arc::clone(&s);
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        other.cancel_thinking();
    });
    assert_eq!(s.think().unwrap_err(), SessionError::Cancelled);
    canceller.join().unwrap();
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    assert!(s.view().history.is_empty());
    assert!(s.view().banner.is_none());
}

#[test]
fn dropping_the_async_think_cancels_the_search() {
    let s = session(AiLevel::Impossible, Opener::Side2);
    s.set_ai_time_limit(Some(20_000));
    {
        let mut fut = Box::pin(Arc::clone(&s).think_async());
        let waker = Waker::from(Arc::new(ThreadWaker(std::thread::current())));
        let mut cx = Context::from_waker(&waker);
        assert!(fut.as_mut().poll(&mut cx).is_pending());
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(s.view().banner.unwrap().kind, BannerKind::AiThinking);
    }
    let t = Instant::now();
    while s.view().banner.is_some() && t.elapsed() < Duration::from_secs(3) {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(
        s.view().banner.is_none(),
        "still thinking after {:?}",
        t.elapsed()
    );
    assert!(s.view().history.is_empty());
}

#[test]
fn undo_cancels_a_search_in_progress() {
    let s = session(AiLevel::Impossible, Opener::Side1);
    s.tap(-1, 5).unwrap();
    s.tap(-1, 4).unwrap();
    s.set_ai_time_limit(Some(20_000));
    let other = Arc::clone(&s);
    let thinker = std::thread::spawn(move || other.think());
    std::thread::sleep(Duration::from_millis(100));
    let v = s.undo().unwrap();
    assert!(v.history.is_empty());
    assert_eq!(
        thinker.join().unwrap().unwrap_err(),
        SessionError::Cancelled
    );
    assert!(s.view().history.is_empty());
}

#[test]
fn guarded_turns_a_panic_into_an_error() {
    let e = guarded(|| -> u32 { panic!("boom") }).unwrap_err();
    assert_eq!(e, SessionError::Internal("boom".into()));
}

#[test]
fn statistics_and_opponents() {
    assert_eq!(opponents().len(), 5);
    assert_eq!(statistics_records(String::new()).unwrap().len(), 5);
    init_logging(LogLevel::Warn);
    init_logging(LogLevel::Error);
}

#[test]
fn cancel_thinking_stops_a_hint() {
    let s = session(AiLevel::Beginner, Opener::Side1);
    let other = Arc::clone(&s);
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(30));
        other.cancel_thinking();
    });
    let r = s.hint();
    canceller.join().unwrap();
    // The hint either finished first or was cancelled; it never fails otherwise.
    match r {
        Ok(v) => assert!(v.hint.len() >= 2),
        Err(e) => assert_eq!(e, SessionError::Cancelled),
    }
}

#[test]
fn online_session_moves_strings_only() {
    let online = GameSession::new_online();
    // The local calls are refused: online games go through the online_ calls.
    assert!(online.tap(0, 0).is_err());
    assert!(online.undo().is_err());
    assert!(online.hint().is_err());
    assert!(online.think().is_err());
    let token = new_token();
    let up = online.online_hello(token, "Ann".into()).unwrap();
    assert_eq!(up.outgoing.len(), 1);
    assert!(up.outgoing[0].contains("\"type\":\"hello\""));
    assert_eq!(up.view.banner.unwrap().kind, BannerKind::Connecting);
    let up = online
        .online_receive(r#"{"type":"welcome","v":1,"name":"Ann","games":[]}"#.into())
        .unwrap();
    assert!(up.view.online.unwrap().welcomed);
    let up = online.online_quick_match(None).unwrap();
    assert_eq!(up.outgoing, vec![r#"{"type":"quick_match","format":null}"#]);
    assert!(online.online_receive("not json".into()).is_err());
    // A local session has no online calls.
    let local = session(AiLevel::Beginner, Opener::Side1);
    assert!(local.online_resign().is_err());
    assert!(local.view().online.is_none());
}
