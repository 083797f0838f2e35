//! Ratings end to end, against every backend: series of quick-match games between the same
//! people (games of two ended by resignation or agreement, games of three played to the end
//! with a person replaced by the AI, a game of three everyone left), then each stored rating is
//! checked against a reference computed here with `skillratings` directly from the known
//! results; private rooms are rated only when everyone asks; the lobby shows the host's rating;
//! ratings survive a restart (data file, Redis).

// Scenario functions are test code called from the generated #[test]s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[macro_use]
mod common;

use std::collections::HashMap;
use std::time::Duration;

use chinese_checkers_core::online::{
    ClientMsg, DrawAction, Format, GameEvent, RatingInfo, ServerMsg,
};
use chinese_checkers_core::rules::Preset;
use chinese_checkers_server::{Backend, Limits, RunningServer};
use common::*;
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

suite!(
    quick_match_series_rates_every_game_as_the_reference,
    private_rooms_are_rated_only_when_everyone_asks,
    quick_match_pairs_similar_ratings_first_then_widens,
);

/// Players here move at machine speed.
fn machine_speed_limits() -> Limits {
    Limits {
        rate_per_second: 10_000,
        rate_burst: 10_000,
        // These tests check the rating arithmetic: every device has an address of its own
        // (`join_from`), games end at any move, and the pairs play as often as they like.
        // The integrity rules are tested in tests/hostile.rs.
        trust_proxy: true,
        min_rated_moves_per_side: 0,
        rated_games_per_pair_day: 1000,
        ..fast_limits()
    }
}

/// A server that can be restarted on the same data (file or Redis).
struct Setup {
    kind: Kind,
    server: Option<RunningServer>,
    _redis: Option<RedisServer>,
    backend: Backend,
    url: String,
}

async fn setup(kind: Kind) -> Setup {
    let redis = (kind == Kind::Redis).then(RedisServer::start);
    let backend = match kind {
        Kind::Memory => Backend::Memory,
        Kind::File => Backend::File {
            path: temp_data_file("ratings"),
        },
        Kind::Redis => Backend::Redis {
            url: redis.as_ref().unwrap().url.clone(),
            prefix: "cc".into(),
        },
    };
    let server = instance_on(backend.clone(), machine_speed_limits()).await;
    let url = server.ws_url();
    Setup {
        kind,
        server: Some(server),
        _redis: redis,
        backend,
        url,
    }
}

impl Setup {
    /// Stops the server and starts another on the same data (memory: nothing to keep).
    async fn restart(&mut self) -> bool {
        if self.kind == Kind::Memory {
            return false;
        }
        if let Some(s) = self.server.take() {
            s.shutdown().await;
        }
        let server = instance_on(self.backend.clone(), machine_speed_limits()).await;
        self.url = server.ws_url();
        self.server = Some(server);
        true
    }
}

/// The reference: every rating computed here from the known results with `skillratings`.
#[derive(Default)]
struct Reference {
    ratings: HashMap<(String, Preset), (Glicko2Rating, u32)>,
}

impl Reference {
    fn get(&self, token: &str, rule_set: Preset) -> (Glicko2Rating, u32) {
        self.ratings
            .get(&(token.to_owned(), rule_set))
            .copied()
            .unwrap_or((
                Glicko2Rating {
                    rating: 1500.0,
                    deviation: 350.0,
                    volatility: 0.06,
                },
                0,
            ))
    }

    /// One rated game: each person's place (0 first); every person plays every other once.
    fn game(&mut self, rule_set: Preset, people: &[(&str, u32)]) {
        let config = Glicko2Config {
            tau: 0.5,
            convergence_tolerance: 0.000_001,
        };
        let before: Vec<(Glicko2Rating, u32)> =
            people.iter().map(|(t, _)| self.get(t, rule_set)).collect();
        let mut after = Vec::new();
        for (i, (_, mine)) in people.iter().enumerate() {
            let results: Vec<(Glicko2Rating, Outcomes)> = people
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(j, (_, theirs))| {
                    let outcome = if mine < theirs {
                        Outcomes::WIN
                    } else if mine == theirs {
                        Outcomes::DRAW
                    } else {
                        Outcomes::LOSS
                    };
                    (before[j].0, outcome)
                })
                .collect();
            after.push((
                glicko2_rating_period(&before[i].0, &results, &config),
                before[i].1 + 1,
            ));
        }
        for ((token, _), a) in people.iter().zip(after) {
            self.ratings.insert(((*token).to_owned(), rule_set), a);
        }
    }

    /// What the `ratings` message must say for a token.
    fn expected(&self, token: &str) -> Vec<(Preset, f64, f64, u32)> {
        [Preset::Tripot, Preset::Classic, Preset::Sternhalma]
            .into_iter()
            .filter_map(|r| {
                self.ratings
                    .get(&(token.to_owned(), r))
                    .map(|(g, n)| (r, g.rating, g.deviation, *n))
            })
            .collect()
    }
}

/// Asks for the client's ratings.
async fn ratings_of(c: &mut Client) -> Vec<RatingInfo> {
    c.send(&ClientMsg::Ratings).await;
    match c
        .expect("ratings", |m| matches!(m, ServerMsg::Ratings { .. }))
        .await
    {
        ServerMsg::Ratings { ratings } => ratings,
        _ => unreachable!(),
    }
}

/// The client's stored ratings equal the reference's.
async fn check(reference: &Reference, c: &mut Client) {
    let got = ratings_of(c).await;
    let want = reference.expected(&c.token);
    assert_eq!(got.len(), want.len(), "{}: {got:?} vs {want:?}", c.name);
    for (g, (rule_set, rating, rd, games)) in got.iter().zip(want) {
        assert_eq!(g.rule_set, rule_set, "{}", c.name);
        assert!(
            (g.rating - rating).abs() < 1e-6,
            "{}: {g:?} vs {rating}",
            c.name
        );
        assert!((g.rd - rd).abs() < 1e-6, "{}: {g:?} vs {rd}", c.name);
        assert_eq!(g.games, games, "{}: {g:?}", c.name);
    }
}

/// Quick match of these clients (in this order) in `format`; returns the game and each one's
/// side.
async fn quick(clients: &mut [&mut Client], format: Format) -> (String, Vec<u8>) {
    let n = clients.len();
    for (i, c) in clients.iter_mut().enumerate() {
        c.send(&ClientMsg::QuickMatch {
            format: Some(format),
        })
        .await;
        if i + 1 < n {
            c.expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
                .await;
        }
    }
    let mut id = String::new();
    let mut sides = Vec::new();
    for c in clients.iter_mut() {
        let (g, side, f) = c.matched().await;
        assert_eq!(f, format);
        assert!(c.game(&g).record().is_rated(), "quick match is rated");
        id = g;
        sides.push(side);
    }
    (id, sides)
}

/// Receives until the game is over and the client was told its new rating; returns the
/// rounded rating before and after.
async fn rating_changed(c: &mut Client, id: &str) -> (i32, i32) {
    let want = id.to_owned();
    let changed = c
        .expect(
            "rating_changed",
            |m| matches!(m, ServerMsg::RatingChanged { game, .. } if *game == want),
        )
        .await;
    let deadline = tokio::time::Instant::now() + WAIT;
    while !c.game(id).record().is_over() {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        c.try_recv(left).await.expect("the game's end");
    }
    match changed {
        ServerMsg::RatingChanged { before, after, .. } => (before, after),
        _ => unreachable!(),
    }
}

/// The rounded rating shown for a token in a rule set.
fn shown(reference: &Reference, token: &str, rule_set: Preset) -> i32 {
    reference.get(token, rule_set).0.rating.round() as i32
}

/// Every client of a game receives until it has seen event `seq`.
async fn all_catch_up(clients: &mut [&mut Client], id: &str) {
    let seq = clients
        .iter()
        .map(|c| c.games.get(id).map_or(0, |g| g.last_seq()))
        .max()
        .unwrap_or(0);
    for c in clients.iter_mut() {
        c.catch_up(id, seq).await;
    }
}

/// Plays a game of people (and AI seats): each person plays the greedy move on their turn, the
/// server's AI plays the others; until the end or `max_plies`.
async fn play_with_ai(clients: &mut [&mut Client], sides: &[u8], id: &str, max_plies: u32) {
    loop {
        let record = clients[0].game(id).record();
        if record.is_over() || record.ply() >= max_plies {
            return;
        }
        if record.game().outcome().is_some() {
            // Decided by the last move: its `ended` event follows.
            clients[0].expect_end().await;
            all_catch_up(clients, id).await;
            continue;
        }
        let to_move = record.to_move();
        match sides.iter().position(|&s| s == to_move) {
            Some(i) => {
                let mv = greedy(clients[i].game(id));
                clients[i].play(id, &mv).await;
            }
            None => {
                let seq = clients[0].game(id).last_seq();
                clients[0].catch_up(id, seq + 1).await;
            }
        }
        all_catch_up(clients, id).await;
    }
}

/// A resignation in a game of two: both are told their new ratings; the reference follows.
async fn resign_game(
    reference: &mut Reference,
    loser: &mut Client,
    winner: &mut Client,
    format: Format,
) {
    let (id, _) = quick(&mut [&mut *loser, &mut *winner], format).await;
    let rule_set = format.preset();
    let before = [
        shown(reference, &loser.token, rule_set),
        shown(reference, &winner.token, rule_set),
    ];
    loser.send(&ClientMsg::Resign { game: id.clone() }).await;
    reference.game(rule_set, &[(&loser.token, 1), (&winner.token, 0)]);
    let after = [
        shown(reference, &loser.token, rule_set),
        shown(reference, &winner.token, rule_set),
    ];
    assert_eq!(rating_changed(loser, &id).await, (before[0], after[0]));
    assert_eq!(rating_changed(winner, &id).await, (before[1], after[1]));
    assert!(after[0] < before[0] && after[1] > before[1]);
}

async fn quick_match_series_rates_every_game_as_the_reference(kind: Kind) {
    let mut s = setup(kind).await;
    let mut ada = Client::join_from(&s.url, "Ada", "10.1.0.1").await;
    let mut bob = Client::join_from(&s.url, "Bob", "10.1.0.2").await;
    let mut cy = Client::join_from(&s.url, "Cy", "10.1.0.3").await;
    let mut reference = Reference::default();
    assert!(
        ratings_of(&mut ada).await.is_empty(),
        "no rating before a game"
    );

    // Games of two, each ended by a resignation; tripot twice in two formats of one rule set.
    resign_game(&mut reference, &mut ada, &mut bob, Format::Tripot1).await;
    resign_game(&mut reference, &mut bob, &mut ada, Format::Classic).await;
    resign_game(&mut reference, &mut ada, &mut bob, Format::Tripot2).await;
    resign_game(&mut reference, &mut cy, &mut bob, Format::Tripot1).await;

    // An agreed draw between Ada and Cy.
    let (id, _) = quick(&mut [&mut ada, &mut cy], Format::Tripot3).await;
    ada.send(&ClientMsg::Draw {
        game: id.clone(),
        action: DrawAction::Offer,
    })
    .await;
    cy.expect("draw offered", |m| {
        matches!(
            m,
            ServerMsg::Event {
                event: GameEvent::DrawOffered { .. },
                ..
            }
        )
    })
    .await;
    cy.send(&ClientMsg::Draw {
        game: id.clone(),
        action: DrawAction::Accept,
    })
    .await;
    reference.game(Preset::Tripot, &[(&ada.token, 0), (&cy.token, 0)]);
    rating_changed(&mut ada, &id).await;
    rating_changed(&mut cy, &id).await;
    for c in [&mut ada, &mut bob, &mut cy] {
        check(&reference, c).await;
    }

    // Sternhalma for three: Bob resigns a few moves in (the AI takes his seat, he counts as
    // last), Ada and Cy play to the end.
    let (id, sides) = quick(&mut [&mut ada, &mut bob, &mut cy], Format::Sternhalma3).await;
    play_with_ai(&mut [&mut ada, &mut bob, &mut cy], &sides, &id, 4).await;
    bob.send(&ClientMsg::Resign { game: id.clone() }).await;
    let bob_side = sides[1];
    ada.expect("seat_to_ai", |m| {
        matches!(m, ServerMsg::Event { event: GameEvent::SeatToAi { side, .. }, .. } if *side == bob_side)
    })
    .await;
    all_catch_up(&mut [&mut ada, &mut bob, &mut cy], &id).await;
    play_with_ai(
        &mut [&mut ada, &mut cy],
        &[sides[0], sides[2]],
        &id,
        u32::MAX,
    )
    .await;
    let result = ada.game(&id).record().result().unwrap().clone();
    assert!(!result.ranking.is_empty(), "{result:?}");
    let place = |side: u8| {
        result
            .ranking
            .iter()
            .position(|g| g.contains(&side))
            .unwrap() as u32
    };
    let last = result.ranking.len() as u32;
    reference.game(
        Preset::Sternhalma,
        &[
            (&ada.token, place(sides[0])),
            (&bob.token, last),
            (&cy.token, place(sides[2])),
        ],
    );
    for c in [&mut ada, &mut bob, &mut cy] {
        rating_changed(c, &id).await;
    }
    for c in [&mut ada, &mut bob, &mut cy] {
        check(&reference, c).await;
    }

    // Sternhalma for three that everyone leaves: no result for anyone, not rated.
    let (id, _) = quick(&mut [&mut ada, &mut bob, &mut cy], Format::Sternhalma3).await;
    for c in [&mut ada, &mut bob, &mut cy] {
        c.send(&ClientMsg::Resign { game: id.clone() }).await;
        c.expect("seat_to_ai", |m| {
            matches!(
                m,
                ServerMsg::Event {
                    event: GameEvent::SeatToAi { .. },
                    ..
                }
            )
        })
        .await;
    }
    for c in [&mut ada, &mut bob, &mut cy] {
        let deadline = tokio::time::Instant::now() + WAIT;
        while !c.game(&id).record().is_over() {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let m = c.try_recv(left).await.expect("the end");
            assert!(!matches!(m, ServerMsg::RatingChanged { .. }), "{m:?}");
        }
    }
    for c in [&mut ada, &mut bob, &mut cy] {
        check(&reference, c).await;
    }

    // The lobby shows a host's rating in the table's rule set (none where it has none).
    ada.send(&ClientMsg::CreateTable {
        format: Format::Sternhalma2,
        clock: None,
    })
    .await;
    let expected = Some(shown(&reference, &ada.token, Preset::Sternhalma));
    match ada
        .expect("table_created", |m| {
            matches!(m, ServerMsg::TableCreated { .. })
        })
        .await
    {
        ServerMsg::TableCreated { table } => assert_eq!(table.host_rating, expected),
        _ => unreachable!(),
    }
    let mut dan = Client::join_from(&s.url, "Dan", "10.1.0.4").await;
    dan.send(&ClientMsg::CreateTable {
        format: Format::Classic,
        clock: None,
    })
    .await;
    cy.send(&ClientMsg::WatchLobby).await;
    let tables = match cy
        .expect(
            "lobby",
            |m| matches!(m, ServerMsg::Lobby { tables } if tables.len() == 2),
        )
        .await
    {
        ServerMsg::Lobby { tables } => tables,
        _ => unreachable!(),
    };
    let ratings: Vec<(String, Option<i32>)> = tables
        .into_iter()
        .map(|t| (t.host, t.host_rating))
        .collect();
    assert!(
        ratings.contains(&("Ada".to_owned(), expected)),
        "{ratings:?}"
    );
    assert!(ratings.contains(&("Dan".to_owned(), None)), "{ratings:?}");
    drop(dan);

    // A restart keeps every rating (data file, Redis).
    let tokens: Vec<(String, String)> = [&ada, &bob, &cy]
        .iter()
        .map(|c| (c.name.clone(), c.token.clone()))
        .collect();
    drop((ada, bob, cy));
    if s.restart().await {
        for (name, token) in tokens {
            let mut c = Client::rejoin(&s.url, &name, &token).await;
            check(&reference, &mut c).await;
        }
    }
}

async fn private_rooms_are_rated_only_when_everyone_asks(kind: Kind) {
    let s = setup(kind).await;
    let mut ada = Client::join_from(&s.url, "Ada", "10.1.0.5").await;
    let mut bob = Client::join_from(&s.url, "Bob", "10.1.0.6").await;
    let mut reference = Reference::default();
    // The host did not ask (the guest did), then the guest did not (the host did).
    for (host_rated, guest_rated) in [(false, true), (true, false), (false, false)] {
        let code = ada.create_room(Format::Classic, host_rated).await;
        bob.send(&ClientMsg::JoinRoom {
            code,
            rated: guest_rated,
        })
        .await;
        let (id, _, _) = ada.matched().await;
        bob.matched().await;
        assert!(!ada.game(&id).record().is_rated());
        ada.send(&ClientMsg::Resign { game: id.clone() }).await;
        for c in [&mut ada, &mut bob] {
            c.expect_end().await;
            // No rating changes: nothing comes but the answer to `ratings`.
            let got = ratings_of(c).await;
            assert!(got.is_empty(), "{got:?}");
        }
    }
    assert!(
        ada.try_recv(Duration::from_millis(300)).await.is_none(),
        "nothing more"
    );
    // Both ask: rated.
    let code = ada.create_room(Format::Classic, true).await;
    bob.send(&ClientMsg::JoinRoom { code, rated: true }).await;
    let (id, _, _) = ada.matched().await;
    bob.matched().await;
    assert!(ada.game(&id).record().is_rated());
    bob.send(&ClientMsg::Resign { game: id.clone() }).await;
    reference.game(Preset::Classic, &[(&ada.token, 0), (&bob.token, 1)]);
    rating_changed(&mut ada, &id).await;
    rating_changed(&mut bob, &id).await;
    check(&reference, &mut ada).await;
    check(&reference, &mut bob).await;
    // A room of three is rated only if the host and both guests ask.
    let mut cy = Client::join_from(&s.url, "Cy", "10.1.0.7").await;
    let code = ada.create_room(Format::Sternhalma3, true).await;
    bob.send(&ClientMsg::JoinRoom {
        code: code.clone(),
        rated: true,
    })
    .await;
    cy.send(&ClientMsg::JoinRoom { code, rated: false }).await;
    let (id, _, _) = cy.matched().await;
    assert!(!cy.game(&id).record().is_rated());
}

/// Waits for `searching`.
async fn searching(c: &mut Client) {
    c.expect("searching", |m| matches!(m, ServerMsg::Searching { .. }))
        .await;
}

async fn quick_match_pairs_similar_ratings_first_then_widens(kind: Kind) {
    let s = setup(kind).await;
    let mut ada = Client::join_from(&s.url, "Ada", "10.1.0.8").await;
    let mut bob = Client::join_from(&s.url, "Bob", "10.1.0.9").await;
    let mut reference = Reference::default();
    // Ada beats Bob: 1662 against 1338 in tripot.
    resign_game(&mut reference, &mut bob, &mut ada, Format::Tripot1).await;
    let tripot1 = ClientMsg::QuickMatch {
        format: Some(Format::Tripot1),
    };
    // The newcomers connect first: once Ada and Bob wait, only Cy's request may come before
    // their window meets (1.25 s), however slow the machine is at opening sockets.
    let mut cy = Client::join_from(&s.url, "Cy", "10.1.0.10").await;
    let mut dan = Client::join_from(&s.url, "Dan", "10.1.0.11").await;
    // Ada waits; Bob, 325 apart, is too far for now (200 + 100 a second waited).
    ada.send(&tripot1).await;
    searching(&mut ada).await;
    bob.send(&tripot1).await;
    searching(&mut bob).await;
    // Cy, a newcomer (1500, 162 from Ada), plays Ada, who waited longest.
    cy.send(&tripot1).await;
    let (game, _, _) = cy.matched().await;
    assert_eq!(ada.matched().await.0, game);
    // Dan, a newcomer, plays Bob.
    dan.send(&tripot1).await;
    let (game2, _, _) = dan.matched().await;
    assert_eq!(bob.matched().await.0, game2);
    cy.send(&ClientMsg::Resign { game: game.clone() }).await;
    dan.send(&ClientMsg::Resign {
        game: game2.clone(),
    })
    .await;
    reference.game(Preset::Tripot, &[(&cy.token, 1), (&ada.token, 0)]);
    reference.game(Preset::Tripot, &[(&dan.token, 1), (&bob.token, 0)]);
    for (c, g) in [
        (&mut ada, &game),
        (&mut cy, &game),
        (&mut bob, &game2),
        (&mut dan, &game2),
    ] {
        rating_changed(c, g).await;
        check(&reference, c).await;
    }
    // Ada and Bob alone: too far apart at first, paired once the window is wide enough.
    let gap = (reference.get(&ada.token, Preset::Tripot).0.rating
        - reference.get(&bob.token, Preset::Tripot).0.rating)
        .abs();
    assert!(gap > 220.0 && gap < 900.0, "{gap}");
    let started = std::time::Instant::now();
    ada.send(&tripot1).await;
    searching(&mut ada).await;
    bob.send(&tripot1).await;
    searching(&mut bob).await;
    let (game, _, _) = bob.matched().await;
    assert_eq!(ada.matched().await.0, game);
    let needed = (gap - 200.0) / 100.0;
    let waited = started.elapsed().as_secs_f64();
    assert!(
        waited >= needed - 0.1,
        "paired after {waited:.2} s, the window reaches {gap:.0} after {needed:.2} s"
    );
}
