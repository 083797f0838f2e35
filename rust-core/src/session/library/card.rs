//! What a Continue card shows, built from the game itself: the core decides a saved game's kind,
//! its seats and whose turn it is, so that no app counts people or reads a save.

use super::types::{CardNames, CardSeat, GameCard, SavedGameKind};
use crate::online::ClientGame;
use crate::session::online::OnlineSession;
use crate::session::state::SessionState;

/// The kind of a local game: solo with exactly one person at the device, pass-and-play
/// otherwise (several people, with or without AI seats).
pub(crate) fn local_kind(state: &SessionState) -> SavedGameKind {
    if state.only_person().is_some() {
        SavedGameKind::Solo
    } else {
        SavedGameKind::PassAndPlay
    }
}

/// A board's seats as a card shows them: each seat's name and who plays it.
fn card_seats(board: &SessionState) -> Vec<CardSeat> {
    board
        .names()
        .iter()
        .zip(board.seats())
        .map(|(name, &player)| CardSeat {
            name: name.clone(),
            player,
        })
        .collect()
}

/// The card of a local game as it stands, last played at `now_s`.
pub(crate) fn local_card(state: &SessionState, now_s: i64) -> GameCard {
    let seats = card_seats(state);
    GameCard {
        id: state.id().to_owned(),
        kind: local_kind(state),
        preset: state.game().start().rules().preset,
        names: CardNames::of(&seats),
        seats,
        to_move: state.game().position().to_move() as i32,
        moves: i32::try_from(state.game().history().len()).unwrap_or(i32::MAX),
        last_played_s: now_s,
        outcome: state.outcome_view(),
    }
}

/// The card of our online game as it stands (the seats as the board shows them: ours is "You",
/// the server's AI seats have their level), last played at `now_s`.
pub(crate) fn online_card(session: &OnlineSession, client: &ClientGame, now_s: i64) -> GameCard {
    let record = client.record();
    let board = session.board();
    let seats = card_seats(board);
    GameCard {
        id: client.game_id().to_owned(),
        kind: SavedGameKind::Online,
        preset: record.format().preset(),
        names: CardNames::of(&seats),
        seats,
        to_move: i32::from(record.to_move()),
        moves: i32::try_from(record.ply()).unwrap_or(i32::MAX),
        last_played_s: now_s,
        outcome: record.is_over().then(|| board.outcome_view()).flatten(),
    }
}
