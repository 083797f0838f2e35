//! An online game as a session save: the project's game format, which the replay screen of a
//! local game (the apps', the terminal's `--resume`) reads. Downloaded game records become
//! ordinary saved games: every seat is a person at this device (or the AI that played it), so
//! the game can be replayed, shared and even played on from where it stopped.

use super::state::{ManualEnd, SessionState};
use super::types::{EndReason, PlayerName, SeatPlayer};
use crate::online::{EndReason as WireEnd, GameRecord};

/// The save of an online game. Endings the rules do not know are kept when a local game has
/// them too (a resignation, an agreed draw); an online game abandoned by a player has no local
/// equivalent, so its save simply stops at the last move.
pub fn online_game_save(record: &GameRecord) -> String {
    let seats = record
        .ai()
        .iter()
        .map(|ai| match ai {
            Some(level) => SeatPlayer::Ai { level: *level },
            None => SeatPlayer::Person,
        })
        .collect();
    let names = record
        .players()
        .iter()
        .map(|n| PlayerName::Named { name: n.clone() })
        .collect();
    let mut state = SessionState::with_game(seats, names, record.game().clone());
    if record.id().bytes().all(|b| b.is_ascii_alphanumeric()) && record.id().len() <= 64 {
        state.id = record.id().to_owned();
    }
    state.end = record.result().and_then(|r| match (r.reason, r.winner) {
        (WireEnd::Resign, Some(w)) if record.seats() == 2 => Some(ManualEnd {
            reason: EndReason::Resigned,
            by: usize::from(1 - (w & 1)),
        }),
        (WireEnd::DrawAgreed, _) => Some(ManualEnd {
            reason: EndReason::DrawAgreed,
            by: 0,
        }),
        _ => None,
    });
    state.refresh();
    state.save()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::{Command, Format, GameEvent};

    fn greedy(record: &GameRecord) -> crate::online::WireMove {
        let legal = record.game().legal_moves();
        let compact: Vec<_> = legal.iter().map(|m| m.compact()).collect();
        let best = crate::ai::greatest_progress(record.position(), &compact);
        let i = compact.iter().position(|c| *c == best).unwrap_or(0);
        crate::online::WireMove::from_move(&legal[i])
    }

    #[test]
    fn a_downloaded_game_restores_as_a_local_game_with_every_move() {
        let players = vec!["Ann".to_owned(), "Bob".to_owned(), "Yves".to_owned()];
        let ai = vec![None, None, Some(crate::ai::AiLevel::Medium)];
        let (mut record, started) = GameRecord::with_ai("g42", Format::Sternhalma3, players, ai);
        let mut log = vec![started];
        for _ in 0..30 {
            let side = record.to_move();
            let ply = record.ply();
            let mv = greedy(&record);
            for (_, e) in record.execute(side, &Command::Move { ply, mv }).unwrap() {
                log.push(e);
            }
        }
        let replayed = GameRecord::replay("g42", &log).unwrap();
        let save = online_game_save(&replayed);
        let local = SessionState::restore(&save).unwrap();
        assert_eq!(local.id, "g42");
        assert_eq!(local.game.history().count(), 30);
        assert_eq!(local.game.position(), record.position());
        assert_eq!(
            local.seats[2],
            SeatPlayer::Ai {
                level: crate::ai::AiLevel::Medium
            }
        );
        assert_eq!(local.seats[0], SeatPlayer::Person);
        assert_eq!(local.names[1], PlayerName::Named { name: "Bob".into() });
        // A resignation between two is kept as the local ending.
        let (mut duel, _) = GameRecord::new("d1", Format::Classic, vec!["A".into(), "B".into()]);
        let ended = duel.execute(1, &Command::Resign).unwrap();
        assert!(matches!(ended[0].1, GameEvent::Ended { .. }));
        let local = SessionState::restore(&online_game_save(&duel)).unwrap();
        assert_eq!(
            local.end,
            Some(ManualEnd {
                reason: EndReason::Resigned,
                by: 1
            })
        );
    }
}
