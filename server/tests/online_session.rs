//! End to end: two `OnlineGame`s play through the real server (in process, on 127.0.0.1). The
//! test only carries strings between the games and two WebSocket clients, as the apps will:
//! every message is built and read by the core.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use chinese_checkers_core::session::online::OnlineRequest;
use std::sync::Arc;
use std::time::Duration;

use chinese_checkers_core::ffi::{new_token, OnlineGame};
use chinese_checkers_core::online::Format;
use chinese_checkers_core::session::online::{Connection, OnlineState};
use chinese_checkers_core::session::{Banner, EndReason, PlayerName};
use chinese_checkers_server::Limits;
use common::{server, tap_a_step, Kind};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One device: its socket and its online game.
struct Device {
    ws: Ws,
    game: Arc<OnlineGame>,
    token: String,
    name: &'static str,
}

async fn connect(url: &str) -> Ws {
    tokio_tungstenite::connect_async(url)
        .await
        .expect("connects")
        .0
}

impl Device {
    async fn new(url: &str, name: &'static str) -> Device {
        let mut d = Device {
            ws: connect(url).await,
            game: OnlineGame::new(),
            token: new_token(),
            name,
        };
        d.hello().await;
        d
    }

    async fn hello(&mut self) {
        let up = self
            .game
            .send(OnlineRequest::Hello {
                token: self.token.clone(),
                name: self.name.into(),
            })
            .unwrap();
        self.send(up.outgoing).await;
        self.pump(|s| s.connection == Connection::Connected).await;
    }

    async fn send(&mut self, outgoing: Vec<String>) {
        for text in outgoing {
            self.ws.send(Message::text(text)).await.expect("send");
        }
    }

    /// Feeds the server's frames to the game (sending its answers) until `done` holds for the
    /// state; bounded in frames and in time.
    async fn pump(&mut self, done: impl Fn(&OnlineState) -> bool) -> OnlineState {
        for _ in 0..500 {
            let state = self.game.state();
            if done(&state) {
                return state;
            }
            let frame = tokio::time::timeout(Duration::from_secs(10), self.ws.next())
                .await
                .expect("a frame in time")
                .expect("socket open")
                .expect("frame");
            if let Message::Text(text) = frame {
                let up = self.game.receive(text.as_str().to_owned()).unwrap();
                self.send(up.outgoing).await;
            }
        }
        panic!("{}: condition not reached", self.name);
    }

    /// Plays a step with two taps (the first peg of ours that has one); returns the moves count
    /// the game will have once it is confirmed.
    async fn play_a_step(&mut self) -> usize {
        let state = self.game.state();
        let side = state.game.as_ref().unwrap().side;
        assert_eq!(state.board.to_move, side, "{}: not my turn", self.name);
        let frames =
            tap_a_step(&self.game).unwrap_or_else(|| panic!("{}: no step to play", self.name));
        // Shown at once, pending until the server's event.
        let shown = self.game.state();
        assert_eq!(shown.board.banner, Some(Banner::Sending));
        assert!(!shown.game.as_ref().unwrap().pending_move.is_empty());
        let moves = shown.board.history.len();
        self.send(frames).await;
        self.pump(|s| s.game.as_ref().unwrap().pending_move.is_empty())
            .await;
        moves
    }
}

/// Whether it is `d`'s turn.
fn my_turn(d: &Device) -> bool {
    let s = d.game.state();
    s.board.to_move == s.game.as_ref().unwrap().side
}

/// Our seat in the game.
fn side(s: &OnlineState) -> i32 {
    s.game.as_ref().unwrap().side
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_sessions_play_through_the_server() {
    let s = server(Kind::Memory, Limits::default()).await;
    let mut a = Device::new(&s.url, "Ann").await;
    let mut b = Device::new(&s.url, "Bob").await;

    // Ann opens a private room; Bob joins with the code shown to Ann.
    let up = a
        .game
        .send(OnlineRequest::CreateRoom {
            format: Format::Tripot1,
            clock: None,
        })
        .unwrap();
    a.send(up.outgoing).await;
    let state = a.pump(|s| s.room.is_some()).await;
    let code = state.room.as_ref().unwrap().code.clone();
    assert_eq!(state.room.as_ref().unwrap().format, Format::Tripot1);
    assert_eq!(
        state.board.banner,
        Some(Banner::RoomCode { code: code.clone() })
    );
    let up = b
        .game
        .send(OnlineRequest::JoinRoom {
            code: code.to_lowercase(),
        })
        .unwrap();
    b.send(up.outgoing).await;
    for d in [&mut a, &mut b] {
        let s = d.pump(|s| s.game.is_some()).await;
        let caps = &s.board.capabilities;
        assert!(!caps.can_undo && !caps.can_hint);
        assert!(caps.can_resign && caps.can_offer_draw);
        // We are "You"; the opponent is named as the server gave it.
        let me = side(&s) as usize;
        assert_eq!(s.board.players[me].name, PlayerName::You);
        let them = if d.name == "Ann" { "Bob" } else { "Ann" };
        assert_eq!(
            s.board.players[1 - me].name,
            PlayerName::Named { name: them.into() }
        );
        assert_eq!(s.game.as_ref().unwrap().opponent, them);
    }

    // Four moves, each confirmed by the server and applied (validated) on the other device.
    for _ in 0..4 {
        let (mover, other) = if my_turn(&a) {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };
        let moves = mover.play_a_step().await;
        let s = other.pump(|s| s.board.history.len() == moves).await;
        assert_eq!(s.board.to_move, side(&s));
    }

    // Bob's socket drops; Ann sees it, plays on if it is her turn; Bob comes back and catches up.
    let bob_side = side(&b.game.state());
    b.ws.close(None).await.ok();
    a.pump(|s| s.game.as_ref().is_some_and(|g| !g.opponent_connected))
        .await;
    // With the time Ann's device has to wait for him: at most the server's grace from now.
    let now = chinese_checkers_core::session::online::wall_clock_ms();
    let Some(Banner::OpponentDisconnected { player, back_by_ms }) = a.game.state().board.banner
    else {
        panic!("{:?}", a.game.state().board.banner)
    };
    assert_eq!(player, bob_side);
    let left = back_by_ms.expect("a deadline") - now;
    assert!((50_000..=60_000).contains(&left), "{left}");
    let mut moves = a.game.state().board.history.len();
    if my_turn(&a) {
        moves = a.play_a_step().await;
    }
    b.ws = connect(&s.url).await;
    b.hello().await;
    b.pump(|s| s.board.history.len() == moves && s.board.banner != Some(Banner::Syncing))
        .await;
    let back = a
        .pump(|s| s.game.as_ref().is_some_and(|g| g.opponent_connected))
        .await;
    assert_eq!(
        back.board.banner,
        Some(Banner::OpponentReconnected { player: bob_side })
    );
    let (mover, other) = if my_turn(&a) {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    let moves = mover.play_a_step().await;
    other.pump(|s| s.board.history.len() == moves).await;

    // Ann offers a draw, Bob declines; then Bob resigns.
    let ann_side = side(&a.game.state());
    a.send(common::on_board(&a.game, |b| b.offer_draw().unwrap()))
        .await;
    let offered = b.pump(|s| s.board.capabilities.can_answer_draw).await;
    assert_eq!(
        offered.board.banner,
        Some(Banner::DrawOffered { by: ann_side })
    );
    // Ann's own offer shows once the server has it (she waits for Bob).
    a.pump(|s| s.board.banner == Some(Banner::DrawOffered { by: ann_side }))
        .await;
    assert!(!a.game.state().board.capabilities.can_answer_draw);
    b.send(common::on_board(&b.game, |b| b.answer_draw(false).unwrap()))
        .await;
    a.pump(|s| s.board.banner == Some(Banner::DrawDeclined { by: bob_side }))
        .await;
    b.send(common::on_board(&b.game, |b| b.resign().unwrap()))
        .await;
    for d in [&mut a, &mut b] {
        let s = d.pump(|s| s.board.outcome.is_some()).await;
        let outcome = s.board.outcome.as_ref().unwrap();
        assert_eq!(outcome.reason, EndReason::Resigned);
        assert_eq!(outcome.by, Some(bob_side));
        assert_eq!(outcome.winners, vec![ann_side]);
        assert_eq!(s.board.banner, Some(Banner::GameOver));
        assert!(s.board.capabilities.can_rematch);
        assert!(s.game.as_ref().unwrap().over);
    }
    // Ann won: the winner is the seat the state names "You".
    let state = a.game.state();
    let winner = state.board.outcome.as_ref().unwrap().winners[0];
    assert_eq!(state.board.players[winner as usize].name, PlayerName::You);

    // Both ask for a rematch: a new game starts with the sides swapped.
    let old_game = a.game.state().game.unwrap().id;
    let old_side = side(&a.game.state());
    a.send(common::on_board(&a.game, |b| b.rematch().unwrap()))
        .await;
    // Ann's request reaches Bob as an offer.
    let asked = b
        .pump(|s| matches!(s.board.banner, Some(Banner::RematchOffered { .. })))
        .await;
    assert_eq!(
        asked.board.banner,
        Some(Banner::RematchOffered { by: ann_side })
    );
    b.send(common::on_board(&b.game, |b| b.rematch().unwrap()))
        .await;
    for d in [&mut a, &mut b] {
        let s = d
            .pump(|s| s.game.as_ref().is_some_and(|g| g.id != old_game))
            .await;
        assert!(s.board.outcome.is_none() && s.board.history.is_empty());
        assert!(s.board.capabilities.can_resign);
    }
    assert_ne!(side(&a.game.state()), old_side);
    let (mover, other) = if my_turn(&a) {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    let moves = mover.play_a_step().await;
    other.pump(|s| s.board.history.len() == moves).await;
}
