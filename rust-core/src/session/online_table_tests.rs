//! Tests of what the player's table shows online (issue 28): the away countdown of a player
//! whose connection dropped, no rematch against a player who left, and who resigned or left a
//! finished game of the list.

use super::*;
use crate::online::record::Command;
use crate::online::{encode, EndReason as WireEnd, GameRecord, GameResult, GameSummary, ServerMsg};
use crate::online::{ClientMsg, PROTOCOL_VERSION};
use crate::session::types::{Banner, EndReason};

const TOKEN: &str = "device-token-0123456789";

fn frame(msg: &ServerMsg) -> String {
    encode(msg)
}

/// Our session as Ann, welcomed by the server (no game yet).
fn welcomed() -> OnlineSession {
    let mut s = OnlineSession::new();
    s.send(OnlineRequest::Hello {
        token: TOKEN.to_owned(),
        name: "Ann".to_owned(),
    })
    .unwrap();
    s.receive(&frame(&ServerMsg::Welcome {
        v: PROTOCOL_VERSION,
        name: "Ann".into(),
        games: Vec::new(),
    }))
    .unwrap();
    s
}

/// Our session playing `side` of game g1 (tripot, Ann against Bob), and the server's record.
fn playing(side: u8) -> (OnlineSession, GameRecord) {
    let mut s = welcomed();
    let players: Vec<String> = if side == 0 {
        vec!["Ann".into(), "Bob".into()]
    } else {
        vec!["Bob".into(), "Ann".into()]
    };
    let (server, _) = GameRecord::new("g1", Format::Tripot1, players.clone());
    s.receive(&frame(&ServerMsg::Matched {
        game: "g1".into(),
        side,
        format: Format::Tripot1,
        players,
    }))
    .unwrap();
    s.receive(&frame(&ServerMsg::Sync {
        snapshot: server.snapshot(side),
    }))
    .unwrap();
    assert!(s.state().game.is_some());
    (s, server)
}

/// The server runs `side`'s command and the session receives its events.
fn run(s: &mut OnlineSession, server: &mut GameRecord, side: u8, command: &Command) {
    for (seq, event) in server.execute(side, command).unwrap() {
        s.receive(&frame(&ServerMsg::Event {
            game: server.id().into(),
            seq,
            event,
        }))
        .unwrap();
    }
}

/// The away deadline the banner shows (and whether it shows the away banner at all).
fn banner_back_by(s: &OnlineSession) -> Option<Option<i64>> {
    match s.state().board.banner {
        Some(Banner::OpponentDisconnected { back_by_ms, .. }) => Some(back_by_ms),
        _ => None,
    }
}

#[test]
fn the_away_deadline_is_the_drop_s_arrival_plus_the_grace() {
    let (mut s, mut server) = playing(1);
    let before = wall_clock_ms();
    run(
        &mut s,
        &mut server,
        0,
        &Command::Disconnect { grace_ms: 161_000 },
    );
    let after = wall_clock_ms();
    let back_by = banner_back_by(&s)
        .expect("the away banner")
        .expect("a deadline");
    assert!(
        (before + 161_000..=after + 161_000).contains(&back_by),
        "{before} {back_by} {after}"
    );
    // A game of two does not list its seats (the status line names the opponent).
    assert!(!s.state().game.unwrap().lists_seats);
    // The seat says the same; ours and the connected ones have none.
    let seats = s.state().game.unwrap().seats;
    assert_eq!(seats[0].back_by_ms, Some(back_by));
    assert!(!seats[0].connected);
    assert_eq!(seats[1].back_by_ms, None);
    // Read at the drop's arrival it shows the whole grace, 2:41.
    let r = away_reading(back_by, back_by - 161_000);
    assert_eq!((r.shown.minutes, r.shown.seconds), (2, 41));

    // Back: no deadline any more.
    run(&mut s, &mut server, 0, &Command::Reconnect);
    assert_eq!(banner_back_by(&s), None);
    assert_eq!(s.state().game.unwrap().seats[0].back_by_ms, None);
    // A second drop gets its own deadline, from its own grace.
    let before = wall_clock_ms();
    run(
        &mut s,
        &mut server,
        0,
        &Command::Disconnect { grace_ms: 5_000 },
    );
    let again = banner_back_by(&s).flatten().expect("a new deadline");
    assert!(
        again >= before + 5_000 && again < back_by,
        "{again} {back_by}"
    );

    // Brought back in step from a snapshot (no event): the deadline seen stays.
    let resync = ServerMsg::Sync {
        snapshot: server.snapshot(1),
    };
    s.receive(&frame(&resync)).unwrap();
    assert_eq!(banner_back_by(&s), Some(Some(again)));

    // A device that did not see the drop (restarted from its save) knows no deadline: the seat
    // is shown held, without a countdown.
    let restored = OnlineSession::restore(&s.save()).unwrap();
    let seats = restored.state().game.unwrap().seats;
    assert!(!seats[0].connected);
    assert_eq!(seats[0].back_by_ms, None);
}

#[test]
fn an_away_seat_of_a_game_of_three_has_its_deadline() {
    let mut s = welcomed();
    let players: Vec<String> = vec!["Ann".into(), "Bob".into(), "Cy".into()];
    let (mut server, _) = GameRecord::new("g3", Format::Sternhalma3, players.clone());
    s.receive(&frame(&ServerMsg::Matched {
        game: "g3".into(),
        side: 0,
        format: Format::Sternhalma3,
        players,
    }))
    .unwrap();
    s.receive(&frame(&ServerMsg::Sync {
        snapshot: server.snapshot(0),
    }))
    .unwrap();
    run(
        &mut s,
        &mut server,
        2,
        &Command::Disconnect { grace_ms: 30_000 },
    );
    let game = s.state().game.unwrap();
    assert!(game.lists_seats, "a game of three lists its seats");
    let seats = game.seats;
    assert_eq!(seats[1].back_by_ms, None);
    let cy = seats[2].back_by_ms.expect("Cy's deadline");
    assert_eq!(banner_back_by(&s), Some(Some(cy)));
    // The grace runs out: the AI takes the seat, and the deadline goes with the drop.
    let since_seq = server.disconnected_since(2).unwrap();
    run(&mut s, &mut server, 2, &Command::Abandon { since_seq });
    let seats = s.state().game.unwrap().seats;
    assert!(seats[2].ai.is_some());
    assert_eq!(seats[2].back_by_ms, None);
}

#[test]
fn no_rematch_against_a_player_who_left() {
    // Bob stays away past the grace: the game ends, and there is no rematch with him.
    let (mut s, mut server) = playing(1);
    run(&mut s, &mut server, 0, &Command::Disconnect { grace_ms: 1 });
    let since_seq = server.disconnected_since(0).unwrap();
    run(&mut s, &mut server, 0, &Command::Abandon { since_seq });
    let st = s.state();
    assert_eq!(st.board.outcome.unwrap().reason, EndReason::Abandoned);
    assert!(!st.board.capabilities.can_rematch);
    assert_eq!(s.rematch(), Err(OnlineError::NoGame));

    // We resign while Bob is away: no rematch while he is gone...
    let (mut s, mut server) = playing(0);
    run(
        &mut s,
        &mut server,
        1,
        &Command::Disconnect { grace_ms: 60_000 },
    );
    run(&mut s, &mut server, 0, &Command::Resign);
    let st = s.state();
    assert!(st.game.unwrap().over);
    assert!(!st.board.capabilities.can_rematch);
    assert_eq!(s.rematch(), Err(OnlineError::NoGame));
    // ...and one again once he is back.
    run(&mut s, &mut server, 1, &Command::Reconnect);
    assert!(s.state().board.capabilities.can_rematch);
    assert_eq!(
        decode(&s.rematch().unwrap()),
        ClientMsg::Rematch { game: "g1".into() }
    );

    // A resignation with both here keeps the rematch.
    let (mut s, mut server) = playing(0);
    run(&mut s, &mut server, 1, &Command::Resign);
    assert!(s.state().board.capabilities.can_rematch);
}

fn decode(out: &[String]) -> ClientMsg {
    assert_eq!(out.len(), 1, "{out:?}");
    crate::online::decode_client(&out[0]).unwrap()
}

fn summary(players: &[&str], side: u8, winner: Option<u8>, reason: WireEnd) -> GameSummary {
    GameSummary {
        game: format!("g{side}{reason:?}"),
        format: if players.len() == 2 {
            Format::Tripot1
        } else {
            Format::Sternhalma3
        },
        players: players.iter().map(|&p| p.to_owned()).collect(),
        side,
        result: GameResult::new(winner, reason),
        ended_ms: 1_700_000_000_000,
    }
}

#[test]
fn the_past_games_say_who_resigned_or_left() {
    let (mut s, _) = playing(0);
    let games = vec![
        // Bob (seat 1) resigned against us.
        summary(&["Ann", "Bob"], 0, Some(0), WireEnd::Resign),
        // We (seat 1) resigned.
        summary(&["Bob", "Ann"], 1, Some(0), WireEnd::Resign),
        // We (seat 0) left: Bob won by abandonment.
        summary(&["Ann", "Bob"], 0, Some(1), WireEnd::Abandoned),
        // Won on the board: nobody resigned.
        summary(&["Ann", "Bob"], 0, Some(0), WireEnd::Win),
        // A game of three that ended when the last person left: the list does not say who.
        summary(&["Ann", "Bob", "Cy"], 0, None, WireEnd::Resign),
    ];
    s.receive(&frame(&ServerMsg::Games { games })).unwrap();
    let past = s.state().past_games.unwrap();
    let said: Vec<(Option<i32>, bool, EndReason)> =
        past.iter().map(|g| (g.by, g.by_you, g.reason)).collect();
    assert_eq!(
        said,
        vec![
            (Some(1), false, EndReason::Resigned),
            (Some(1), true, EndReason::Resigned),
            (Some(0), true, EndReason::Abandoned),
            (None, false, EndReason::Win),
            (None, false, EndReason::Resigned),
        ]
    );
    // Our result is the core's: both apps and the terminal word it, none works it out.
    let results: Vec<PastResult> = past.iter().map(|g| g.result).collect();
    assert_eq!(
        results,
        vec![
            PastResult::Won,
            PastResult::Lost,
            PastResult::Lost,
            PastResult::Won,
            PastResult::NoWinner,
        ]
    );
}
