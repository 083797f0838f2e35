//! Tests of [`Game`], the one board interface: the capabilities of each kind of game, the
//! listener (every change, in order, the AI's move from the engine thread), the transport of an
//! online board, a watched board's taps and the local rematch.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::session::online::OnlineRequest;
use std::sync::Arc;

use parking_lot::Mutex;

use super::*;
use crate::online::{decode_client, encode, ClientMsg, GameRecord, ServerMsg, PROTOCOL_VERSION};
use crate::rules::{MoveKind, Preset};
use crate::session::MoveError;
use crate::session::{GameSetup, GameState, Notice, Opener, SaveStatus, SeatPlayer};

/// Every state the listener heard, with the name of the thread it came on.
#[derive(Default)]
pub(super) struct Heard(Mutex<Vec<(GameState, Option<String>)>>);

impl GameListener for Heard {
    fn changed(&self, state: GameState) {
        let thread = std::thread::current().name().map(str::to_owned);
        self.0.lock().push((state, thread));
    }
}

impl Heard {
    pub(super) fn revisions(&self) -> Vec<i64> {
        self.0.lock().iter().map(|(s, _)| s.revision).collect()
    }

    pub(super) fn last(&self) -> (GameState, Option<String>) {
        self.0.lock().last().cloned().expect("a state was heard")
    }
}

/// Every frame the board calls sent.
#[derive(Default)]
struct Sent(Mutex<Vec<String>>);

impl OnlineTransport for Sent {
    fn send(&self, frame: String) {
        self.0.lock().push(frame);
    }
}

fn solo(opener: Opener) -> Arc<LocalGame> {
    LocalGame::new(GameSetup {
        opener,
        seed: 5,
        ..GameSetup::solo(Preset::Tripot, AiLevel::Beginner)
    })
    .unwrap()
}

pub(super) fn pass_and_play() -> Arc<LocalGame> {
    LocalGame::new(GameSetup::pass_and_play(Preset::Classic, 2)).unwrap()
}

/// Plays a step of the seat to move with two taps on `board`.
pub(super) fn step(board: &Game) -> GameState {
    let now = board.state();
    let pegs: Vec<_> = now
        .holes
        .iter()
        .filter(|h| h.owner == Some(now.to_move))
        .map(|h| h.coord)
        .collect();
    for peg in pegs {
        let v = board.tap(peg.q, peg.r).unwrap();
        if let Some(t) = v.targets.iter().find(|t| t.kind == MoveKind::Step) {
            return board.tap(t.coord.q, t.coord.r).unwrap();
        }
        board.cancel_touch();
    }
    panic!("no step to play");
}

#[test]
fn a_solo_game_has_undo_hint_replay_and_the_ai() {
    let board = solo(Opener::Seat { index: 0 }).game();
    let caps = board.capabilities();
    assert!(caps.undo.is_some() && caps.hint.is_some() && caps.replay.is_some());
    assert!(caps.ai.is_some());
    assert!(!caps.draw_offers && !caps.clock);
    assert!(caps.rematch && caps.resign);
    // The handles act on the game: a move, taken back, played again.
    let v = step(&board);
    assert_eq!(v.history.len(), 1);
    let undo = caps.undo.unwrap();
    assert_eq!(undo.undo().unwrap().history.len(), 0);
    assert_eq!(undo.redo().unwrap().history.len(), 1);
    let replay = caps.replay.unwrap();
    assert_eq!(replay.start().unwrap().replay.unwrap().total, 1);
    assert!(replay.exit().replay.is_none());
}

#[test]
fn a_pass_and_play_game_has_undo_replay_and_draw_offers_but_no_engine() {
    let board = pass_and_play().game();
    let caps = board.capabilities();
    assert!(caps.undo.is_some() && caps.replay.is_some());
    assert!(caps.hint.is_none() && caps.ai.is_none());
    assert!(caps.draw_offers && caps.rematch && caps.resign && !caps.clock);
    let v = board.offer_draw().unwrap();
    assert!(v.capabilities.can_answer_draw);
    let v = board.answer_draw(true).unwrap();
    assert!(v.outcome.is_some());
}

#[test]
fn the_listener_hears_every_change_in_order_the_ai_s_move_from_the_engine_thread() {
    let local = solo(Opener::Seat { index: 0 });
    let board = Arc::clone(&local).game();
    let heard = Arc::new(Heard::default());
    board.set_listener(Some(heard.clone()));
    let v = step(&board);
    assert_eq!(heard.last().0, v, "the tap's state, on the tapping thread");
    let ai = board.capabilities().ai.unwrap();
    ai.set_ai_time_limit(Some(50));
    assert!(v.ai_to_move);
    let search = ai.think().unwrap();
    // Meanwhile the UI thread keeps changing the board: the deliveries stay in order.
    for _ in 0..50 {
        board.cancel_touch();
    }
    let SearchOutcome::Finished { state } = search.wait() else {
        panic!("the AI did not move");
    };
    assert_eq!(state.history.len(), 2);
    let revisions = heard.revisions();
    assert!(
        revisions.windows(2).all(|w| w[0] < w[1]),
        "out of order: {revisions:?}"
    );
    let ai_move = heard
        .0
        .lock()
        .iter()
        .find(|(s, _)| s.history.len() == 2)
        .cloned()
        .expect("the AI's move was heard");
    assert_eq!(ai_move.1.as_deref(), Some("engine"));
    // A change through the LocalGame itself reaches the board's listener too.
    let v = local.undo().unwrap();
    assert_eq!(heard.last().0, v);
    // Removed, it hears nothing more.
    board.set_listener(None);
    let count = heard.revisions().len();
    step(&board);
    assert_eq!(heard.revisions().len(), count);
}

#[test]
fn a_local_rematch_is_the_next_game_on_the_same_board_kept_in_its_slot() {
    let dir = std::env::temp_dir().join(format!("cc-ffi-rematch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let lib = GameLibrary::open(dir.display().to_string()).unwrap();
    let local = solo(Opener::Seat { index: 0 });
    lib.keep_local(Arc::clone(&local), false).unwrap();
    let board = local.game();
    let heard = Arc::new(Heard::default());
    board.set_listener(Some(heard.clone()));
    step(&board);
    assert_eq!(board.rematch().unwrap_err(), MoveError::NotOver);
    let old = board.id();
    let over = board.resign().unwrap();
    assert!(over.capabilities.can_rematch);
    let next = board.rematch().unwrap();
    assert_ne!(board.id(), old);
    assert!(next.history.is_empty() && next.outcome.is_none());
    assert_eq!(next.players, over.players, "the same seats and names");
    assert_eq!(
        next.storage,
        SaveStatus::Saved,
        "kept like the game before it"
    );
    assert_eq!(heard.last().0, next);
    // On Home at once, before anyone moved in it: Continue offers the rematch.
    let listing = lib.listing().unwrap();
    assert_eq!(
        listing.playing.len(),
        1,
        "the rematch is kept before its first move"
    );
    assert_eq!(listing.playing[0].id, board.id());
    assert_eq!(listing.playing[0].moves, 0);
    // The board's handles play the new game.
    step(&board);
    let caps = board.capabilities();
    assert_eq!(caps.undo.unwrap().undo().unwrap().history.len(), 0);
    step(&board);
    let listing = lib.listing().unwrap();
    assert_eq!(listing.playing.len(), 1);
    assert_eq!(listing.playing[0].id, board.id());
    assert_eq!(listing.finished[0].id, old);
    let _ = std::fs::remove_dir_all(&dir);
}

fn welcome() -> String {
    encode(&ServerMsg::Welcome {
        v: PROTOCOL_VERSION,
        name: "Ann".into(),
        games: vec![],
    })
}

#[test]
fn an_online_board_sends_its_move_through_the_transport() {
    let online = OnlineGame::new();
    let board = Arc::clone(&online).game();
    let heard = Arc::new(Heard::default());
    board.set_listener(Some(heard.clone()));
    online
        .send(OnlineRequest::Hello {
            token: new_token(),
            name: "Ann".to_owned(),
        })
        .unwrap();
    online.receive(welcome()).unwrap();
    let none = board.capabilities();
    assert!(!none.resign && !none.rematch && !none.draw_offers && none.undo.is_none());
    let players = vec!["Ann".to_string(), "Bob".to_string()];
    let (server, _) = GameRecord::new("g1", crate::online::Format::Tripot1, players.clone());
    online
        .receive(encode(&ServerMsg::Matched {
            game: "g1".into(),
            side: 0,
            format: crate::online::Format::Tripot1,
            players,
        }))
        .unwrap();
    let up = online
        .receive(encode(&ServerMsg::Sync {
            snapshot: server.snapshot(0),
        }))
        .unwrap();
    assert_eq!(heard.last().0, up.state.board, "a frame received is heard");
    assert_eq!(board.id(), "g1");
    let caps = board.capabilities();
    assert!(caps.undo.is_none() && caps.hint.is_none() && caps.replay.is_none());
    assert!(caps.ai.is_none() && !caps.clock);
    assert!(caps.draw_offers && caps.rematch && caps.resign);
    // Without a transport a board call has nowhere to send: refused, nothing done.
    assert_eq!(board.resign().unwrap_err(), MoveError::NoTransport);
    let sent = Arc::new(Sent::default());
    online.set_transport(Some(sent.clone()));
    let v = step(&board);
    let frames = sent.0.lock().clone();
    assert_eq!(frames.len(), 1, "{frames:?}");
    assert!(matches!(
        decode_client(&frames[0]).unwrap(),
        ClientMsg::Move { ref game, ply: 0, .. } if game == "g1"
    ));
    assert_eq!(heard.last().0, v);
    assert_eq!(online.state().game.unwrap().pending_move.len(), 2);
    board.offer_draw().unwrap();
    assert_eq!(sent.0.lock().len(), 2);
    assert_eq!(board.rematch().unwrap_err(), MoveError::NotOver);
}

#[test]
fn a_watched_board_has_no_actions_and_its_taps_say_watching() {
    let online = OnlineGame::new();
    let board = Arc::clone(&online).game();
    let sent = Arc::new(Sent::default());
    online.set_transport(Some(sent.clone()));
    let heard = Arc::new(Heard::default());
    board.set_listener(Some(heard.clone()));
    online
        .send(OnlineRequest::Hello {
            token: new_token(),
            name: "Ann".to_owned(),
        })
        .unwrap();
    online.receive(welcome()).unwrap();
    online
        .send(OnlineRequest::Spectate {
            game: "g5".to_owned(),
            code: None,
        })
        .unwrap();
    let (server, _) = GameRecord::new(
        "g5",
        crate::online::Format::Tripot1,
        vec!["Bob".into(), "Cy".into()],
    );
    online
        .receive(encode(&ServerMsg::Sync {
            snapshot: server.snapshot(0),
        }))
        .unwrap();
    assert_eq!(heard.last().0.players[0].player, SeatPlayer::Remote);
    let caps = board.capabilities();
    assert!(caps.undo.is_none() && caps.hint.is_none() && caps.replay.is_none());
    assert!(caps.ai.is_none());
    assert!(!caps.draw_offers && !caps.clock && !caps.rematch && !caps.resign);
    let peg = board
        .state()
        .holes
        .into_iter()
        .find(|h| h.owner == Some(0))
        .unwrap()
        .coord;
    let v = board.tap(peg.q, peg.r).unwrap();
    assert_eq!(v.notice, Some(Notice::Watching));
    assert!(v.selected.is_none() && v.targets.is_empty());
    assert!(sent.0.lock().is_empty(), "a watcher sends nothing");
}

#[test]
fn an_online_board_has_no_rematch_once_the_opponent_left() {
    use crate::online::record::Command;
    let online = OnlineGame::new();
    let board = Arc::clone(&online).game();
    online
        .send(OnlineRequest::Hello {
            token: new_token(),
            name: "Ann".to_owned(),
        })
        .unwrap();
    online.receive(welcome()).unwrap();
    let players = vec!["Ann".to_string(), "Bob".to_string()];
    let (mut server, _) = GameRecord::new("g1", crate::online::Format::Tripot1, players.clone());
    online
        .receive(encode(&ServerMsg::Matched {
            game: "g1".into(),
            side: 0,
            format: crate::online::Format::Tripot1,
            players,
        }))
        .unwrap();
    online
        .receive(encode(&ServerMsg::Sync {
            snapshot: server.snapshot(0),
        }))
        .unwrap();
    let mut run = |side: u8, command: &Command| {
        for (seq, event) in server.execute(side, command).unwrap() {
            online
                .receive(encode(&ServerMsg::Event {
                    game: "g1".into(),
                    seq,
                    event,
                }))
                .unwrap();
        }
    };
    run(1, &Command::Disconnect { grace_ms: 60_000 });
    // Away but not gone: a rematch may still follow the end.
    assert!(board.capabilities().rematch);
    let back_by = match board.state().banner {
        Some(crate::session::Banner::OpponentDisconnected {
            player: 1,
            back_by_ms: Some(at),
        }) => at,
        other => panic!("{other:?}"),
    };
    let r = away_reading(back_by, back_by - 59_500);
    assert_eq!(
        (r.left_ms, r.shown.minutes, r.shown.seconds),
        (59_500, 1, 0)
    );
    assert_eq!(r.next_change_at_ms, Some(back_by - 59_000));
    // Bob stays away past the grace: the game is over and there is no rematch with him.
    run(1, &Command::Abandon { since_seq: 2 });
    assert!(online.state().game.unwrap().over);
    let caps = board.capabilities();
    assert!(!caps.rematch);
    assert!(!board.state().capabilities.can_rematch);
}
