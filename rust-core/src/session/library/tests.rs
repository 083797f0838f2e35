//! Tests of the library: slots, the cards, games kept after every change, the end of a game,
//! the statistics, damaged and newer files, online games.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::online::record::Command;
use crate::online::{encode, ClientMsg, Format, GameRecord, ServerMsg, PROTOCOL_VERSION};
use crate::rules::board::coords;
use crate::rules::{Move, MoveKind, Preset};
use crate::session::online::OnlineRequest;
use crate::session::setup::GameSetup;
use crate::session::state::{update, Event, FirstEnd, SearchKind};
use crate::session::types::{EndReason, PlayerName, SaveStatus, SeatPlayer};

/// A fresh folder under the system's temporary directory.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cc-library-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn solo() -> SessionState {
    SessionState::new(
        GameSetup::solo(Preset::Tripot, AiLevel::Easy)
            .validate()
            .unwrap(),
    )
}

fn hotseat() -> SessionState {
    SessionState::new(
        GameSetup::pass_and_play(Preset::Classic, 2)
            .validate()
            .unwrap(),
    )
}

/// The person's first step (tripot, seat 0).
fn step(s: &mut SessionState) {
    update(s, Event::Tap { q: -1, r: 5 }).unwrap();
    update(s, Event::Tap { q: -1, r: 4 }).unwrap();
}

fn played(mut s: SessionState) -> SessionState {
    step(&mut s);
    s
}

/// The AI's move, as the engine thread plays it (the greatest progress: quick and seeded).
fn ai_moves(s: &mut SessionState) {
    let request = s.begin_search(SearchKind::Think, None).unwrap();
    let legal = s.game().legal_moves();
    let compact: Vec<_> = legal.iter().map(|m| m.compact()).collect();
    let best = crate::ai::greatest_progress(s.game().position(), &compact);
    let mv = legal[compact.iter().position(|c| *c == best).unwrap()].clone();
    s.finish_search(&request, Some(mv));
}

/// The moves stored in game `id`'s file.
fn stored_moves(lib: &Library, id: &str) -> usize {
    let (_, text) = lib.load(id).unwrap();
    SessionState::restore(&text).unwrap().game().history().len()
}

/// Every game the listing gives, to continue or finished.
fn listed(lib: &Library) -> Vec<GameCard> {
    let listing = lib.listing().unwrap();
    listing
        .playing
        .into_iter()
        .chain(listing.finished)
        .collect()
}

/// Counts `game` in the statistics if it ended and counts, as a keeper does (`true`: counted
/// now).
fn record(lib: &Library, game: &SessionState) -> Result<bool, LibraryError> {
    match game.counted() {
        Some(result) => lib.count(game.id(), &result),
        None => Ok(false),
    }
}

#[test]
fn slots_are_kept_and_never_replaced_without_asking() {
    let lib = Library::open(&folder("slots")).unwrap();
    drop(lib.keep_local(&solo(), false).unwrap());
    assert!(listed(&lib).is_empty(), "untouched");
    let first = played(solo());
    drop(lib.keep_local(&first, false).unwrap());
    let saved = &lib.listing().unwrap().playing[0];
    assert_eq!((saved.kind, saved.moves), (SavedGameKind::Solo, 1));
    // The same game again: its own slot, no question.
    assert!(lib.keep_local(&first, false).is_ok());
    // Another solo game: refused until the caller says to replace.
    let second = played(solo());
    match lib.keep_local(&second, false) {
        Err(LibraryError::WouldReplace { existing }) => assert_eq!(existing.id, first.id()),
        other => panic!("{other:?}"),
    }
    // A pass-and-play game has a slot of its own.
    let hotseat = played(hotseat());
    drop(lib.keep_local(&hotseat, false).unwrap());
    assert_eq!(listed(&lib).len(), 2);
    drop(lib.keep_local(&second, true).unwrap());
    let games = listed(&lib);
    assert_eq!(games.len(), 2);
    assert!(games.iter().any(|g| g.id == second.id()));
    assert!(!games.iter().any(|g| g.id == first.id()));
    let (info, text) = lib.load(second.id()).unwrap();
    assert_eq!(info.kind, SavedGameKind::Solo);
    let back = SessionState::restore(&text).unwrap();
    assert_eq!(back.view().history, second.view().history);
    lib.remove(second.id()).unwrap();
    assert!(matches!(
        lib.load(second.id()),
        Err(LibraryError::NotFound { .. })
    ));
    assert!(matches!(
        lib.load("../statistics"),
        Err(LibraryError::NotFound { .. })
    ));
}

#[test]
fn a_kept_game_writes_every_move_and_its_card_says_what_continue_shows() {
    let lib = Library::open(&folder("kept")).unwrap();
    let mut game = solo();
    let mut keeper = lib.keep_local(&game, false).unwrap();
    assert_eq!(keeper.status(), SaveStatus::Saved);
    assert!(
        lib.listing().unwrap().playing.is_empty(),
        "untouched: nothing"
    );
    // A selection changes nothing on disk.
    update(&mut game, Event::Tap { q: -1, r: 5 }).unwrap();
    keeper.keep_local(&game);
    assert!(lib.listing().unwrap().playing.is_empty());
    update(&mut game, Event::Tap { q: -1, r: 4 }).unwrap();
    assert_eq!(keeper.keep_local(&game), SaveStatus::Saved);
    assert_eq!(stored_moves(&lib, game.id()), 1);
    // The AI's reply, as the engine thread hands it over.
    ai_moves(&mut game);
    keeper.keep_local(&game);
    assert_eq!(stored_moves(&lib, game.id()), 2);
    let listing = lib.listing().unwrap();
    assert_eq!(listing.playing.len(), 1);
    assert!(listing.finished.is_empty() && listing.unreadable.is_empty());
    let card = &listing.playing[0];
    assert_eq!(card.id, game.id());
    assert_eq!(card.kind, SavedGameKind::Solo);
    assert_eq!(card.preset, Preset::Tripot);
    assert_eq!(card.moves, 2);
    assert_eq!(card.to_move, 0);
    assert_eq!(card.outcome, None);
    assert!(now_s().abs_diff(card.last_played_s) < 60);
    assert_eq!(
        card.seats,
        vec![
            CardSeat {
                name: PlayerName::You,
                player: SeatPlayer::Person
            },
            CardSeat {
                name: PlayerName::Named {
                    name: AiLevel::Easy.opponent().name.to_string()
                },
                player: SeatPlayer::Ai {
                    level: AiLevel::Easy
                }
            },
        ]
    );
    // The card names the opponent of the person here (its own field, read from the file's
    // seats as the library lists it).
    assert_eq!(
        card.names,
        CardNames::Opponents {
            seats: card.seats[1..].to_vec()
        }
    );
    // Undo is a change too: the file follows.
    update(&mut game, Event::Undo).unwrap();
    keeper.keep_local(&game);
    assert_eq!(stored_moves(&lib, game.id()), 0, "taken back, on disk too");
    update(&mut game, Event::Redo).unwrap();
    keeper.keep_local(&game);
    assert_eq!(stored_moves(&lib, game.id()), 2);
    // Opened again, it goes on writing itself, and the card's kind comes from the seats.
    let (mut back, mut keeper) = lib.open_local(game.id()).unwrap();
    assert_eq!(back.view().history, game.view().history);
    step_again(&mut back);
    keeper.keep_local(&back);
    assert_eq!(stored_moves(&lib, game.id()), 3);
    let mut pair = hotseat();
    let mut other = lib.keep_local(&pair, false).unwrap();
    // Classic, seat 0 at the bottom: a step from the front row.
    let legal = pair.game().legal_moves();
    let mv = legal.iter().find(|m| m.kind == MoveKind::Step).unwrap();
    tap_move(&mut pair, mv);
    other.keep_local(&pair);
    let listing = lib.listing().unwrap();
    let card = listing.playing.iter().find(|c| c.id == pair.id()).unwrap();
    assert_eq!(card.kind, SavedGameKind::PassAndPlay);
    assert_eq!(
        (card.preset, card.to_move, card.moves),
        (Preset::Classic, 1, 1)
    );
    assert_eq!(card.seats[1].name, PlayerName::Numbered { number: 2 });
}

/// Plays a move of the person to move with two taps.
fn tap_move(s: &mut SessionState, mv: &Move) {
    for &h in &mv.path[..2] {
        let [q, r] = coords(h);
        update(s, Event::Tap { q, r }).unwrap();
    }
    if s.game().history().last().map(|e| &e.mv) != Some(mv) {
        update(s, Event::EndJump).unwrap();
    }
}

/// Any step of the person to move.
fn step_again(s: &mut SessionState) {
    let legal = s.game().legal_moves();
    let mv = legal
        .iter()
        .find(|m| m.kind == MoveKind::Step)
        .unwrap()
        .clone();
    tap_move(s, &mv);
}

#[test]
fn a_new_game_takes_its_slot_only_at_its_first_move() {
    let lib = Library::open(&folder("slot-claim")).unwrap();
    let first = played(solo());
    let _kept = lib.keep_local(&first, false).unwrap();
    let mut second = solo();
    match lib.keep_local(&second, false) {
        Err(LibraryError::WouldReplace { existing }) => {
            assert_eq!((existing.id.as_str(), existing.moves), (first.id(), 1));
        }
        other => panic!("{other:?}"),
    }
    // Said yes, but nothing played: the first game is still there to continue.
    let mut keeper = lib.keep_local(&second, true).unwrap();
    let ids = |lib: &Library| -> Vec<String> {
        lib.listing()
            .unwrap()
            .playing
            .into_iter()
            .map(|c| c.id)
            .collect()
    };
    assert_eq!(ids(&lib), vec![first.id().to_owned()]);
    step(&mut second);
    keeper.keep_local(&second);
    assert_eq!(ids(&lib), vec![second.id().to_owned()]);
    // A pass-and-play game does not touch the solo slot.
    let pair = played(SessionState::new(
        GameSetup::pass_and_play(Preset::Tripot, 2)
            .validate()
            .unwrap(),
    ));
    lib.keep_local(&pair, false).unwrap();
    assert_eq!(ids(&lib).len(), 2);
}

#[test]
fn an_ended_game_leaves_continue_at_once_and_counts_once() {
    let dir = folder("ended");
    let lib = Library::open(&dir).unwrap();
    let mut game = played(solo());
    let mut keeper = lib.keep_local(&game, false).unwrap();
    ai_moves(&mut game);
    keeper.keep_local(&game);
    assert_eq!(lib.listing().unwrap().playing.len(), 1);
    // Resigned after two moves: never "Continue · 2 moves".
    update(&mut game, Event::Resign).unwrap();
    keeper.keep_local(&game);
    let listing = lib.listing().unwrap();
    assert!(listing.playing.is_empty(), "{listing:?}");
    assert_eq!(listing.finished.len(), 1);
    let card = &listing.finished[0];
    assert_eq!((card.id.as_str(), card.moves), (game.id(), 2));
    let outcome = card.outcome.as_ref().unwrap();
    assert_eq!((outcome.reason, outcome.by), (EndReason::Resigned, Some(0)));
    // Counted once, as it ended — by the library, with no call of the app.
    let easy = |lib: &Library| lib.statistics().unwrap()[1].clone();
    assert_eq!((easy(&lib).played, easy(&lib).lost), (1, 1));
    keeper.keep_local(&game);
    assert!(!record(&lib, &game).unwrap(), "counted already");
    let (back, mut again) = lib.open_local(game.id()).unwrap();
    again.keep_local(&back);
    drop(Library::open(&dir).unwrap());
    assert_eq!(easy(&lib).played, 1, "once, however often it is seen");
    assert_eq!(
        lib.listing().unwrap().finished.len(),
        1,
        "reopened, still finished"
    );
}

#[test]
fn a_game_won_then_taken_back_stays_finished() {
    let lib = Library::open(&folder("won-undone")).unwrap();
    let mut game = played(solo());
    let mut keeper = lib.keep_local(&game, false).unwrap();
    // The rules' ending, as the session first notes it.
    game.first_end = Some(FirstEnd {
        winners: vec![0],
        moves: vec![31, 30],
    });
    keeper.keep_local(&game);
    let listing = lib.listing().unwrap();
    assert!(listing.playing.is_empty());
    assert_eq!(listing.finished[0].id, game.id());
    assert_eq!(lib.statistics().unwrap()[1].won, 1);
}

#[test]
fn an_ending_written_but_not_counted_is_counted_when_the_library_opens() {
    let dir = folder("missed");
    let lib = Library::open(&dir).unwrap();
    let mut game = played(solo());
    update(&mut game, Event::Resign).unwrap();
    // Written without counting: the process died between the two writes.
    lib.write_entry(&file::local_entry(&game, now_s()), &game.save())
        .unwrap();
    assert_eq!(lib.statistics().unwrap()[1].played, 0);
    let lib = Library::open(&dir).unwrap();
    assert_eq!(lib.statistics().unwrap()[1].played, 1);
    let lib = Library::open(&dir).unwrap();
    assert_eq!(lib.statistics().unwrap()[1].played, 1, "counted once");
}

#[test]
fn a_failed_write_loses_nothing_and_is_reported_then_retried() {
    let dir = folder("failing");
    let lib = Library::open(&dir).unwrap();
    let mut game = played(solo());
    let mut keeper = lib.keep_local(&game, false).unwrap();
    let path = dir.join("games").join(format!("{}.json", game.id()));
    let before = std::fs::read_to_string(&path).unwrap();
    // The folder cannot be written any more (a file stands where it was).
    let games = dir.join("games");
    let aside = dir.join("games-aside");
    std::fs::rename(&games, &aside).unwrap();
    std::fs::write(&games, "not a folder").unwrap();
    ai_moves(&mut game);
    let status = keeper.keep_local(&game);
    assert!(matches!(status, SaveStatus::Failed { .. }), "{status:?}");
    assert_eq!(game.game().history().len(), 2, "the game is intact");
    // The listing says what is wrong instead of panicking.
    assert!(matches!(lib.listing(), Err(LibraryError::Storage { .. })));
    std::fs::remove_file(&games).unwrap();
    std::fs::rename(&aside, &games).unwrap();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        before,
        "the old save is whole"
    );
    // The next call writes it.
    assert_eq!(keeper.keep_local(&game), SaveStatus::Saved);
    assert_eq!(stored_moves(&lib, game.id()), 2);
}

#[test]
fn damaged_and_newer_files_are_reported_kept_and_the_rest_stays_usable() {
    let dir = folder("damaged");
    let lib = Library::open(&dir).unwrap();
    let game = played(solo());
    drop(lib.keep_local(&game, false).unwrap());
    let path = dir.join("games").join(format!("{}.json", game.id()));
    std::fs::write(&path, "{\"format\":\"chinese-checkers-saved-game\"").unwrap();
    let newer = dir.join("games").join("fromthefuture.json");
    let newer_text = r#"{"format":"chinese-checkers-saved-game","version":7,"kind":"solo"}"#;
    std::fs::write(&newer, newer_text).unwrap();
    let listing = lib.listing().unwrap();
    assert!(listing.playing.is_empty() && listing.finished.is_empty());
    assert_eq!(listing.unreadable.len(), 2);
    assert_eq!(listing.unreadable[0].id, game.id());
    assert!(matches!(
        listing.unreadable[0].reason,
        UnreadableReason::Damaged { .. }
    ));
    assert_eq!(
        listing.unreadable[1].reason,
        UnreadableReason::TooNew {
            found: 7,
            supported: 2
        }
    );
    assert!(matches!(
        lib.load(game.id()),
        Err(LibraryError::Damaged { .. })
    ));
    assert_eq!(
        lib.open_local("fromthefuture").unwrap_err(),
        LibraryError::TooNew {
            found: 7,
            supported: 2
        }
    );
    // Another solo game takes the slot: nothing unreadable is removed or overwritten.
    let mut other = solo();
    let mut keeper = lib.keep_local(&other, false).unwrap();
    step(&mut other);
    keeper.keep_local(&other);
    drop(Library::open(&dir).unwrap());
    assert!(path.exists(), "nothing is deleted behind the player's back");
    assert_eq!(std::fs::read_to_string(&newer).unwrap(), newer_text);
    let listing = lib.listing().unwrap();
    assert_eq!(listing.playing.len(), 1);
    assert_eq!(listing.unreadable.len(), 2);
    // Removed when the player says so.
    lib.remove(game.id()).unwrap();
    assert_eq!(lib.listing().unwrap().unreadable.len(), 1);
}

#[test]
fn version_1_files_are_read_with_their_cards() {
    let dir = folder("version-1");
    let lib = Library::open(&dir).unwrap();
    let mut game = played(solo());
    ai_moves(&mut game);
    let info = SavedGame {
        id: game.id().to_owned(),
        kind: SavedGameKind::Solo,
        preset: Preset::Tripot,
        players: game.names().to_vec(),
        moves: 2,
        over: false,
        saved_at_s: 1_700_000_000,
    };
    let mut file = serde_json::to_value(&info).unwrap();
    file["format"] = "chinese-checkers-saved-game".into();
    file["version"] = 1.into();
    file["save"] = serde_json::from_str(&game.save()).unwrap();
    let path = dir.join("games").join(format!("{}.json", game.id()));
    std::fs::write(&path, file.to_string()).unwrap();
    let card = &lib.listing().unwrap().playing[0];
    assert_eq!(
        (card.moves, card.to_move, card.last_played_s),
        (2, 0, 1_700_000_000)
    );
    assert_eq!(
        card.seats[1].player,
        SeatPlayer::Ai {
            level: AiLevel::Easy
        }
    );
    let (mut back, mut keeper) = lib.open_local(game.id()).unwrap();
    step_again(&mut back);
    keeper.keep_local(&back);
    assert_eq!(stored_moves(&lib, game.id()), 3, "written on as version 2");
}

#[test]
fn finished_games_beyond_the_limit_go_oldest_first() {
    let dir = folder("prune");
    let lib = Library::open(&dir).unwrap();
    let mut ids = Vec::new();
    for i in 0..=FINISHED_KEPT {
        let mut game = played(hotseat_tripot());
        update(&mut game, Event::Resign).unwrap();
        let mut entry = file::local_entry(&game, 1_000 + i as i64);
        entry.card.last_played_s = 1_000 + i as i64;
        lib.write_entry(&entry, &game.save()).unwrap();
        ids.push(game.id().to_owned());
    }
    assert_eq!(lib.listing().unwrap().finished.len(), FINISHED_KEPT + 1);
    let mut last = played(solo());
    let mut keeper = lib.keep_local(&last, false).unwrap();
    update(&mut last, Event::Resign).unwrap();
    keeper.keep_local(&last);
    let finished = lib.listing().unwrap().finished;
    assert_eq!(finished.len(), FINISHED_KEPT);
    assert_eq!(finished[0].id, last.id());
    assert!(!finished.iter().any(|c| c.id == ids[0] || c.id == ids[1]));
}

fn hotseat_tripot() -> SessionState {
    SessionState::new(
        GameSetup::pass_and_play(Preset::Tripot, 2)
            .validate()
            .unwrap(),
    )
}

#[test]
fn statistics_count_each_game_once_as_it_first_ended() {
    let dir = folder("stats");
    let lib = Library::open(&dir).unwrap();
    assert!(lib.statistics().unwrap().iter().all(|r| r.played == 0));
    let mut won = played(solo());
    assert!(!record(&lib, &won).unwrap(), "not over");
    won.first_end = Some(FirstEnd {
        winners: vec![0],
        moves: vec![31, 30],
    });
    assert!(record(&lib, &won).unwrap());
    assert!(!record(&lib, &won).unwrap(), "counted once");
    let mut lost = played(solo());
    update(&mut lost, Event::Resign).unwrap();
    assert!(record(&lib, &lost).unwrap());
    let easy = &lib.statistics().unwrap()[1];
    assert_eq!(easy.level, AiLevel::Easy);
    assert_eq!(
        (easy.played, easy.won, easy.lost, easy.fewest_moves),
        (2, 1, 1, Some(31))
    );
    // Version 1 statistics (the terminal's) are read on.
    std::fs::write(
        dir.join("statistics.json"),
        r#"{"format":"chinese-checkers-statistics","version":1,"opponents":{"hard":{"won":2,"lost":1}}}"#,
    )
    .unwrap();
    let hard = &lib.statistics().unwrap()[3];
    assert_eq!((hard.played, hard.won, hard.lost), (3, 2, 1));
    std::fs::write(dir.join("statistics.json"), "{").unwrap();
    assert!(matches!(
        lib.statistics(),
        Err(LibraryError::Damaged { .. })
    ));
    assert!(
        record(&lib, &lost).is_err(),
        "a damaged file is not overwritten"
    );
    // A kept game that ends says the statistics could not be written; the game is on disk.
    let mut game = played(solo());
    let mut keeper = lib.keep_local(&game, false).unwrap();
    update(&mut game, Event::Resign).unwrap();
    assert!(matches!(
        keeper.keep_local(&game),
        SaveStatus::Failed { .. }
    ));
    assert_eq!(lib.listing().unwrap().finished[0].id, game.id());
    assert_eq!(
        std::fs::read_to_string(dir.join("statistics.json")).unwrap(),
        "{"
    );
}

/// One device's online session and the server's record of its game (the server's own code).
struct Online {
    device: OnlineSession,
    server: GameRecord,
}

fn frame(msg: &ServerMsg) -> String {
    encode(msg)
}

impl Online {
    /// Welcomed, matched and synced: the device plays seat 0 of `game` against Bob.
    fn start(game: &str) -> Online {
        let mut device = OnlineSession::new();
        device
            .send(OnlineRequest::Hello {
                token: "device-token-0123456789".to_owned(),
                name: "Ann".to_owned(),
            })
            .unwrap();
        let welcome = ServerMsg::Welcome {
            v: PROTOCOL_VERSION,
            name: "Ann".into(),
            games: Vec::new(),
        };
        device.receive(&frame(&welcome)).unwrap();
        device
            .send(OnlineRequest::QuickMatch {
                format: Some(Format::Classic),
            })
            .unwrap();
        let players = vec!["Ann".to_string(), "Bob".to_string()];
        let (server, _) = GameRecord::new(game, Format::Classic, players.clone());
        let matched = ServerMsg::Matched {
            game: game.into(),
            side: 0,
            format: Format::Classic,
            players,
        };
        device.receive(&frame(&matched)).unwrap();
        let sync = ServerMsg::Sync {
            snapshot: server.snapshot(0),
        };
        device.receive(&frame(&sync)).unwrap();
        Online { device, server }
    }

    /// The server runs `command` of `side` and the device receives the events.
    fn server_runs(&mut self, side: u8, command: &Command) {
        for (seq, event) in self.server.execute(side, command).unwrap() {
            let msg = ServerMsg::Event {
                game: self.server.id().into(),
                seq,
                event,
            };
            self.device.receive(&frame(&msg)).unwrap();
        }
    }

    /// The device plays a step with two taps; returns the move message it sends.
    fn device_steps(&mut self) -> (u32, crate::online::WireMove) {
        let legal = self.server.game().legal_moves();
        let mv = legal.iter().find(|m| m.kind == MoveKind::Step).unwrap();
        let [q, r] = coords(mv.path[0]);
        self.device.tap(q, r).unwrap();
        let [q, r] = coords(mv.path[1]);
        let out = self.device.tap(q, r).unwrap();
        match crate::online::decode_client(&out[0]).unwrap() {
            ClientMsg::Move { ply, mv, .. } => (ply, mv),
            other => panic!("{other:?}"),
        }
    }
}

fn stored_ply(lib: &Library, id: &str) -> (u32, bool) {
    let (_, text) = lib.load(id).unwrap();
    let session = OnlineSession::restore(&text).unwrap();
    let client = session.client().unwrap();
    (client.record().ply(), client.pending().is_some())
}

#[test]
fn a_kept_online_game_is_written_as_it_goes_and_never_continued_once_over() {
    let lib = Library::open(&folder("online")).unwrap();
    let mut s = Online::start("g7");
    let mut keeper = lib.keep_online(&s.device);
    let card = &lib.listing().unwrap().playing[0];
    assert_eq!((card.id.as_str(), card.kind), ("g7", SavedGameKind::Online));
    assert_eq!(
        (card.preset, card.moves, card.to_move),
        (Preset::Classic, 0, 0)
    );
    assert_eq!(card.seats[0].name, PlayerName::You);
    assert_eq!(
        card.seats[1],
        CardSeat {
            name: PlayerName::Named { name: "Bob".into() },
            player: SeatPlayer::Remote
        }
    );
    // Our move, sent: kept with its pending move, so that a restart resends it.
    let (ply, mv) = s.device_steps();
    keeper.keep_online(&s.device);
    assert_eq!(stored_ply(&lib, "g7"), (0, true));
    // The server commits it, the opponent answers.
    s.server_runs(0, &Command::Move { ply, mv });
    keeper.keep_online(&s.device);
    assert_eq!(stored_ply(&lib, "g7"), (1, false));
    let legal = s.server.game().legal_moves();
    let reply = crate::online::WireMove::from_move(
        legal.iter().find(|m| m.kind == MoveKind::Step).unwrap(),
    );
    s.server_runs(1, &Command::Move { ply: 1, mv: reply });
    keeper.keep_online(&s.device);
    assert_eq!(stored_ply(&lib, "g7"), (2, false));
    assert_eq!(lib.listing().unwrap().playing[0].to_move, 0);
    // Won (the opponent resigns): finished at once, never offered to continue.
    s.server_runs(1, &Command::Resign);
    keeper.keep_online(&s.device);
    let listing = lib.listing().unwrap();
    assert!(listing.playing.is_empty(), "{listing:?}");
    let card = &listing.finished[0];
    assert_eq!(card.id, "g7");
    assert_eq!(card.outcome.as_ref().unwrap().winners, vec![0]);
    // A game we only watch is never ours to keep.
    let mut watcher = Online::start("g8");
    watcher.server_runs(0, &Command::Resign);
    watcher
        .device
        .send(OnlineRequest::Spectate {
            game: "g9".to_owned(),
            code: None,
        })
        .unwrap();
    let (watched, _) = GameRecord::new("g9", Format::Classic, vec!["Di".into(), "Ed".into()]);
    let sync = ServerMsg::Sync {
        snapshot: watched.snapshot(0),
    };
    watcher.device.receive(&frame(&sync)).unwrap();
    assert!(watcher.device.state().spectating);
    let mut watching = lib.keep_online(&watcher.device);
    watching.keep_online(&watcher.device);
    let listing = lib.listing().unwrap();
    assert!(listing.playing.is_empty());
    assert!(!listing.finished.iter().any(|c| c.id == "g9"));
}

#[test]
fn a_pass_and_play_card_names_every_player() {
    let dir = folder("card-names");
    let lib = Library::open(&dir).unwrap();
    let game = played(hotseat_tripot());
    let mut keeper = lib.keep_local(&game, false).unwrap();
    keeper.keep_local(&game);
    let listing = lib.listing().unwrap();
    let card = &listing.playing[0];
    assert_eq!(card.kind, SavedGameKind::PassAndPlay);
    assert_eq!(
        card.names,
        CardNames::Players {
            seats: card.seats.clone()
        }
    );
    assert_eq!(card.seats.len(), 2);
}
