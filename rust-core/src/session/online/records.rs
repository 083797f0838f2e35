//! Finished games and ratings: asking the server for them and keeping its answers for the
//! apps' "Your games" and ratings screens. Apart from the game itself: none of it touches the
//! board or the sync machine.

use super::{
    bad_frame, DownloadedGame, OnlineRating, OnlineSession, PastGame, PastResult, RatingChange,
};
use crate::online::{encode, ClientMsg, EndReason as WireEnd, GameRecord, GameSummary, ServerMsg};
use crate::session::error::OnlineError;
use crate::session::export::online_game_save;
use crate::session::types::EndReason;

/// A finished game of the server's list, as the app shows it.
fn past_game(g: &GameSummary) -> PastGame {
    let r = &g.result;
    let winners = match (r.winner, r.ranking.first()) {
        (Some(w), _) => vec![i32::from(w)],
        (None, Some(first)) if matches!(r.reason, WireEnd::MoveLimit) => {
            first.iter().map(|&s| i32::from(s)).collect()
        }
        _ => Vec::new(),
    };
    // Resigned or left: in a game of two, the one who did not win.
    let by = match (r.reason, r.winner) {
        (WireEnd::Resign | WireEnd::Abandoned, Some(w)) if g.players.len() == 2 => {
            Some(1 - i32::from(w))
        }
        _ => None,
    };
    let side = i32::from(g.side);
    let result = if winners.is_empty() {
        PastResult::NoWinner
    } else if winners.contains(&side) {
        PastResult::Won
    } else {
        PastResult::Lost
    };
    PastGame {
        by,
        by_you: by == Some(side),
        result,
        id: g.game.clone(),
        format: g.format,
        players: g.players.clone(),
        side: i32::from(g.side),
        winners,
        reason: match r.reason {
            WireEnd::Win => EndReason::Win,
            WireEnd::Deadlock => EndReason::Deadlock,
            WireEnd::Draw => EndReason::Draw,
            WireEnd::MoveLimit => EndReason::MoveLimit,
            WireEnd::Resign => EndReason::Resigned,
            WireEnd::DrawAgreed => EndReason::DrawAgreed,
            WireEnd::Abandoned => EndReason::Abandoned,
        },
        ended_ms: crate::session::signed::long(g.ended_ms),
    }
}

impl OnlineSession {
    pub(super) fn on_request_ratings(&mut self) -> Result<Vec<String>, OnlineError> {
        self.connected()?;
        self.ratings = None;
        Ok(vec![encode(&ClientMsg::Ratings)])
    }

    pub(super) fn on_list_games(&mut self) -> Result<Vec<String>, OnlineError> {
        self.lobby_request()?;
        self.past_games = None;
        Ok(vec![encode(&ClientMsg::ListGames)])
    }

    pub(super) fn on_download_game(&mut self, game: &str) -> Result<Vec<String>, OnlineError> {
        self.lobby_request()?;
        self.download = None;
        Ok(vec![encode(&ClientMsg::GetGame {
            game: game.to_owned(),
        })])
    }

    /// Keeps an answer about finished games or ratings (`receive` hands these messages over).
    pub(super) fn receive_record(&mut self, msg: &ServerMsg) -> Result<(), OnlineError> {
        match msg {
            ServerMsg::Ratings { ratings } => {
                self.ratings = Some(
                    ratings
                        .iter()
                        .map(|r| OnlineRating {
                            rule_set: r.rule_set,
                            rating: r.rating.round() as i32,
                            deviation: r.rd.round() as i32,
                            games: crate::session::signed::int(r.games),
                        })
                        .collect(),
                );
            }
            ServerMsg::RatingChanged {
                game,
                rule_set,
                before,
                after,
            } => {
                self.rating_change = Some(RatingChange {
                    game: game.clone(),
                    rule_set: *rule_set,
                    before: *before,
                    after: *after,
                });
            }
            ServerMsg::Games { games } => {
                self.past_games = Some(games.iter().map(past_game).collect());
            }
            ServerMsg::GameLog { game, events } => {
                // Replayed through the rules like any game: a log that does not replay is refused.
                let record = GameRecord::replay(game, events).map_err(bad_frame)?;
                self.download = Some(DownloadedGame {
                    id: game.clone(),
                    save: online_game_save(&record),
                });
            }
            _ => {}
        }
        Ok(())
    }
}
