//! End to end: two `GameSession`s in online mode play through the real server (in process, on
//! 127.0.0.1). The test only carries strings between the sessions and two WebSocket clients, as
//! the apps will: every message is built and read by the core.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::sync::Arc;
use std::time::Duration;

use chinese_checkers_core::ffi::{new_token, GameSession};
use chinese_checkers_core::session::online::OnlineFormat;
use chinese_checkers_core::session::{BannerKind, BoardView, EndReason, MoveKindView};
use chinese_checkers_server::Limits;
use common::{server, Kind};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One device: its socket and its session.
struct Device {
    ws: Ws,
    session: Arc<GameSession>,
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
            session: GameSession::new_online(),
            token: new_token(),
            name,
        };
        d.hello().await;
        d
    }

    async fn hello(&mut self) {
        let up = self
            .session
            .online_hello(self.token.clone(), self.name.into())
            .unwrap();
        self.send(up.outgoing).await;
        self.pump(|v| v.online.as_ref().unwrap().welcomed).await;
    }

    async fn send(&mut self, outgoing: Vec<String>) {
        for text in outgoing {
            self.ws.send(Message::text(text)).await.expect("send");
        }
    }

    /// Feeds the server's frames to the session (sending its answers) until `done` holds for the
    /// view; bounded in frames and in time.
    async fn pump(&mut self, done: impl Fn(&BoardView) -> bool) -> BoardView {
        for _ in 0..500 {
            let view = self.session.view();
            if done(&view) {
                return view;
            }
            let frame = tokio::time::timeout(Duration::from_secs(10), self.ws.next())
                .await
                .expect("a frame in time")
                .expect("socket open")
                .expect("frame");
            if let Message::Text(text) = frame {
                let up = self
                    .session
                    .online_receive(text.as_str().to_owned())
                    .unwrap();
                self.send(up.outgoing).await;
            }
        }
        panic!("{}: condition not reached", self.name);
    }

    /// Plays a step with two taps (the first peg of ours that has one); returns the moves count
    /// the game will have once it is confirmed.
    async fn play_a_step(&mut self) -> usize {
        let view = self.session.view();
        let side = view.online.as_ref().unwrap().side.unwrap();
        assert_eq!(view.to_move, side, "{}: not my turn", self.name);
        let mine = &view.players[side as usize].colours;
        let pegs: Vec<_> = view
            .holes
            .iter()
            .filter(|h| h.occupant.is_some_and(|c| mine.contains(&c)))
            .map(|h| h.coord)
            .collect();
        for peg in pegs {
            let up = self.session.online_tap(peg.q, peg.r).unwrap();
            let Some(step) = up
                .view
                .targets
                .iter()
                .find(|t| t.kind == MoveKindView::Step)
                .cloned()
            else {
                self.session.online_cancel_touch().unwrap();
                continue;
            };
            let up = self.session.online_tap(step.coord.q, step.coord.r).unwrap();
            assert_eq!(up.outgoing.len(), 1, "a finished move is sent");
            // Shown at once, pending until the server's event.
            assert_eq!(up.view.banner.as_ref().unwrap().kind, BannerKind::Sending);
            assert!(!up.view.online.as_ref().unwrap().pending_move.is_empty());
            let moves = up.view.history.len();
            self.send(up.outgoing).await;
            self.pump(|v| v.online.as_ref().unwrap().pending_move.is_empty())
                .await;
            return moves;
        }
        panic!("{}: no step to play", self.name);
    }
}

/// Whether it is `d`'s turn.
fn my_turn(d: &Device) -> bool {
    let v = d.session.view();
    v.to_move == v.online.as_ref().unwrap().side.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_sessions_play_through_the_server() {
    let s = server(Kind::Memory, Limits::default()).await;
    let mut a = Device::new(&s.url, "Ann").await;
    let mut b = Device::new(&s.url, "Bob").await;

    // Ann opens a private room; Bob joins with the code shown to Ann.
    let up = a.session.online_create_room(OnlineFormat::Tripot1).unwrap();
    a.send(up.outgoing).await;
    let view = a
        .pump(|v| v.online.as_ref().unwrap().room_code.is_some())
        .await;
    assert_eq!(view.banner.unwrap().kind, BannerKind::RoomCode);
    let code = view.online.unwrap().room_code.unwrap();
    let up = b.session.online_join_room(code.to_lowercase()).unwrap();
    b.send(up.outgoing).await;
    for d in [&mut a, &mut b] {
        let v = d.pump(|v| v.online.as_ref().unwrap().game.is_some()).await;
        assert!(!v.capabilities.can_undo && !v.capabilities.can_hint);
        assert!(v.capabilities.can_resign && v.capabilities.can_offer_draw);
    }

    // Four moves, each confirmed by the server and applied (validated) on the other device.
    for _ in 0..4 {
        let (mover, other) = if my_turn(&a) {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };
        let moves = mover.play_a_step().await;
        let v = other.pump(|v| v.history.len() == moves).await;
        assert_eq!(v.to_move, v.online.unwrap().side.unwrap());
    }

    // Bob's socket drops; Ann sees it, plays on if it is her turn; Bob comes back and catches up.
    b.ws.close(None).await.ok();
    a.pump(|v| v.online.as_ref().is_some_and(|o| !o.opponent_connected))
        .await;
    assert_eq!(
        a.session.view().banner.unwrap().kind,
        BannerKind::OpponentDisconnected
    );
    let mut moves = a.session.view().history.len();
    if my_turn(&a) {
        moves = a.play_a_step().await;
    }
    b.ws = connect(&s.url).await;
    b.hello().await;
    b.pump(|v| {
        v.history.len() == moves && v.banner.as_ref().map(|b| b.kind) != Some(BannerKind::Syncing)
    })
    .await;
    a.pump(|v| v.online.as_ref().is_some_and(|o| o.opponent_connected))
        .await;
    let (mover, other) = if my_turn(&a) {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    let moves = mover.play_a_step().await;
    other.pump(|v| v.history.len() == moves).await;

    // Ann offers a draw, Bob declines; then Bob resigns.
    let up = a.session.online_offer_draw().unwrap();
    a.send(up.outgoing).await;
    b.pump(|v| v.capabilities.can_answer_draw).await;
    let up = b.session.online_answer_draw(false).unwrap();
    b.send(up.outgoing).await;
    a.pump(|v| {
        v.banner
            .as_ref()
            .is_some_and(|b| b.kind == BannerKind::DrawDeclined)
    })
    .await;
    let up = b.session.online_resign().unwrap();
    b.send(up.outgoing).await;
    for d in [&mut a, &mut b] {
        let v = d.pump(|v| v.outcome.is_some()).await;
        let outcome = v.outcome.unwrap();
        assert_eq!(outcome.reason, EndReason::Resigned);
        assert_eq!(v.banner.unwrap().kind, BannerKind::GameOver);
        assert!(v.online.unwrap().can_rematch);
    }
    assert!(a.session.view().outcome.unwrap().text.contains("You won"));

    // Both ask for a rematch: a new game starts with the sides swapped.
    let old_game = a.session.view().online.unwrap().game.unwrap();
    let old_side = a.session.view().online.unwrap().side.unwrap();
    for d in [&mut a, &mut b] {
        let up = d.session.online_rematch().unwrap();
        d.send(up.outgoing).await;
    }
    for d in [&mut a, &mut b] {
        let v = d
            .pump(|v| v.online.as_ref().unwrap().game.as_deref() != Some(old_game.as_str()))
            .await;
        assert!(v.outcome.is_none() && v.history.is_empty());
        assert!(v.capabilities.can_resign);
    }
    assert_ne!(a.session.view().online.unwrap().side.unwrap(), old_side);
    let (mover, other) = if my_turn(&a) {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    let moves = mover.play_a_step().await;
    other.pump(|v| v.history.len() == moves).await;
}
