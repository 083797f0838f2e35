//! The state drawn: the board rebuilt from the confirmed game and our pending move, the
//! capabilities, the banner and the whole `OnlineState`. Apart from `receive`, which only
//! changes the facts this is drawn from.

use super::phase::Wait;
use super::{Connection, OnlineGameInfo, OnlineSeat, OnlineSession, OnlineState};
use crate::online::{ClientGame, EndReason as WireEnd, GameRecord};
use crate::rules::Coord;
use crate::session::state::{ManualEnd, SessionState};
use crate::session::types::{
    Banner, ChangeKind, EndReason, GameState, PlayerName, SeatPlayer, StateChange,
};

impl OnlineSession {
    /// Rebuilds the board shown from the confirmed game and our pending move, keeping the touch
    /// state when the game did not move, and records what changed.
    pub(super) fn rebuild(&mut self) {
        let Some(c) = self.phase.client() else {
            self.bump(StateChange::default());
            return;
        };
        let record = c.record();
        let mut game = record.game().clone();
        if let Some(p) = c.pending() {
            if let Ok(mv) = p.mv.to_move() {
                // Validated by `propose` against this very position.
                let _ = game.play(&mv);
            }
        }
        // Endings the rules do not know about are shown like the local ones.
        let end = record.result().and_then(|r| {
            if record.seats() != 2 {
                // Only the last person's leaving ends a game of 3 or more seats that way.
                return matches!(r.reason, WireEnd::Resign | WireEnd::Abandoned).then_some(
                    ManualEnd {
                        reason: EndReason::Abandoned,
                        by: usize::from(c.side()),
                    },
                );
            }
            let loser = usize::from(1 - (r.winner? & 1));
            match r.reason {
                WireEnd::Resign => Some(ManualEnd {
                    reason: EndReason::Resigned,
                    by: loser,
                }),
                WireEnd::Abandoned => Some(ManualEnd {
                    reason: EndReason::Abandoned,
                    by: loser,
                }),
                _ => None,
            }
        });
        let end = end.or_else(|| {
            record.result().and_then(|r| {
                (r.reason == WireEnd::DrawAgreed).then_some(ManualEnd {
                    reason: EndReason::DrawAgreed,
                    by: 0,
                })
            })
        });
        let side = usize::from(c.side());
        let mut names: Vec<PlayerName> = record
            .players()
            .iter()
            .map(|n| PlayerName::Named { name: n.clone() })
            .collect();
        if self.phase.watch().is_none() {
            names[side] = PlayerName::You;
        }
        let mut seats: Vec<SeatPlayer> = record
            .ai()
            .iter()
            .map(|ai| match ai {
                Some(level) => SeatPlayer::Ai { level: *level },
                None => SeatPlayer::Remote,
            })
            .collect();
        if self.phase.watch().is_none() {
            seats[side] = SeatPlayer::Person;
        }
        let old = self.display.game.history().len();
        let new = game.history().len();
        let same_game = self.display.names.len() == names.len()
            && self.display.game.start() == game.start()
            && new >= old;
        let change = if same_game && new == old + 1 {
            let animate = game
                .history()
                .last()
                .map(|e| e.mv.path.iter().map(|&h| Coord::of(h)).collect())
                .unwrap_or_default();
            StateChange {
                kind: ChangeKind::NewMove,
                animate,
                sounds: Vec::new(),
            }
        } else {
            StateChange::default()
        };
        let mut next = SessionState::with_game(seats, names, game);
        next.end = end;
        next.refresh();
        if same_game && new == old && next.touchable() {
            next.touch = self.display.touch.clone();
        }
        next.revision = self.display.revision;
        // A game that comes in new (opened, rejoined) makes no end sound, even when it is over.
        let was_over = !same_game || self.display.is_over();
        self.display = next;
        self.bump(change);
        self.display.cue_sounds(was_over);
    }

    pub(super) fn bump(&mut self, change: StateChange) {
        self.display.revision += 1;
        self.display.change = change;
    }

    /// The state to draw now.
    pub fn state(&self) -> OnlineState {
        let mut v = self.display.view();
        let in_game = self.in_game();
        let caps = &mut v.capabilities;
        let client = self.client();
        let (side, draw_offer) = match client {
            Some(c) => (Some(c.side()), c.record().draw_offer()),
            None => (None, None),
        };
        let two_seats = client.is_some_and(|c| c.record().seats() == 2);
        caps.can_resign = in_game;
        // A game of three or more goes on for the others while another person plays in it
        // (docs/ONLINE.md: the seat goes to the AI).
        caps.resign_keeps_game_going = in_game
            && client.is_some_and(|c| {
                let record = c.record();
                record.seats() >= 3
                    && (0..record.seats())
                        .any(|s| s != usize::from(c.side()) && record.ai()[s].is_none())
            });
        caps.can_offer_draw = in_game && two_seats && draw_offer.is_none();
        caps.can_answer_draw = in_game && draw_offer.is_some() && draw_offer != side;
        caps.can_rematch = !in_game && self.rematch_possible();
        if client.is_none() {
            caps.can_end_jump = false;
        }
        let game = client.map(|c| OnlineGameInfo {
            id: c.game_id().to_owned(),
            format: c.record().format(),
            side: i32::from(c.side()),
            opponent: self.opponent.clone(),
            seats: self.seats_of(c),
            lists_seats: c.record().seats() >= 3,
            time_control: c.record().clock(),
            clock: self
                .clock
                .clone()
                .filter(|_| c.record().clock().is_timed() && !c.record().is_over()),
            pending_move: c
                .pending()
                .and_then(|p| p.mv.to_move().ok())
                .map(|mv| mv.path.iter().map(|&h| Coord::of(h)).collect())
                .unwrap_or_default(),
            opponent_connected: first_away(c).is_none(),
            resyncing: c.is_resyncing(),
            over: c.record().is_over(),
        });
        v.banner = self.banner(&v, game.as_ref());
        OnlineState {
            connection: self.connection,
            name: self.name.clone(),
            phase: self.phase.kind(),
            searching: matches!(self.phase.wait(), Some(Wait::Searching)),
            table: self.phase.table().cloned(),
            room: self.phase.room().cloned(),
            seated: self.phase.seated().cloned(),
            watching_lobby: self.lobby.is_some(),
            lobby: self.lobby.clone().unwrap_or_default(),
            game,
            joining: self.phase.matched().is_some(),
            board: v,
            last_error: self.last_error,
            past_games: self.past_games.clone(),
            download: self.download.clone(),
            ratings: self.ratings.clone(),
            rating_change: self.rating_change.clone(),
            live_games: self.live_games.clone(),
            spectating: self.phase.watch().is_some(),
        }
    }

    fn banner(&self, v: &GameState, game: Option<&OnlineGameInfo>) -> Option<Banner> {
        let waiting = self.phase.waiting_for_players();
        if v.outcome.is_some() && !waiting {
            if self.note.is_some() {
                return self.note.clone();
            }
            if self.phase.matched().is_none() {
                return v.banner.clone();
            }
        }
        match self.connection {
            Connection::Connecting => return Some(Banner::Connecting),
            Connection::Reconnecting => return Some(Banner::Reconnecting),
            Connection::Replaced => return Some(Banner::Replaced),
            Connection::Connected => {}
        }
        if let Some(room) = self.phase.room() {
            return Some(Banner::RoomCode {
                code: room.code.clone(),
            });
        }
        if waiting {
            return Some(Banner::Waiting);
        }
        if let Some(g) = game.filter(|g| !g.over) {
            if g.resyncing {
                return Some(Banner::Syncing);
            }
            if !g.pending_move.is_empty() {
                return Some(Banner::Sending);
            }
            if let Some(player) = self.client().and_then(first_away) {
                return Some(Banner::OpponentDisconnected {
                    player: i32::from(player),
                    back_by_ms: self.client().and_then(|c| self.back_by(c, player)),
                });
            }
            if let Some(by) = self.client().and_then(|c| c.record().draw_offer()) {
                return Some(Banner::DrawOffered { by: i32::from(by) });
            }
        }
        if self.note.is_some() {
            return self.note.clone();
        }
        v.banner.clone()
    }
}

/// The first other person at the table whose connection dropped.
fn first_away(c: &ClientGame) -> Option<u8> {
    let record = c.record();
    (0..record.seats() as u8)
        .find(|&s| s != c.side() && !record.connected().get(usize::from(s)).unwrap_or(&true))
}

impl OnlineSession {
    /// Whether our game on the board, once over, may have a rematch: not when it ended because
    /// a player left (abandonment), nor when another person of the game is away at its end
    /// (nobody to play it with: the server holds no seat of a finished game for them).
    pub(super) fn rematch_possible(&self) -> bool {
        let Some(c) = self.phase.own() else {
            return false;
        };
        let record = c.record();
        if record
            .result()
            .is_some_and(|r| r.reason == WireEnd::Abandoned)
        {
            return false;
        }
        (0..record.seats() as u8).all(|s| {
            s == c.side()
                || record.ai_of(s).is_some()
                || record
                    .connected()
                    .get(usize::from(s))
                    .copied()
                    .unwrap_or(true)
        })
    }

    /// When away seat `side` of game `c` is lost, if this device saw it drop (`None` while the
    /// seat is connected: a deadline left from an earlier drop is never shown).
    fn back_by(&self, c: &ClientGame, side: u8) -> Option<i64> {
        let record = c.record();
        if record
            .connected()
            .get(usize::from(side))
            .copied()
            .unwrap_or(true)
        {
            return None;
        }
        self.away
            .iter()
            .find(|a| a.game == c.game_id() && a.side == side)
            .map(|a| a.back_by_ms)
    }

    /// Every seat as the game screen shows it.
    fn seats_of(&self, c: &ClientGame) -> Vec<OnlineSeat> {
        let record: &GameRecord = c.record();
        (0..record.seats())
            .map(|s| OnlineSeat {
                name: record.players()[s].clone(),
                ai: record.ai()[s],
                connected: record.connected()[s],
                back_by_ms: u8::try_from(s).ok().and_then(|side| self.back_by(c, side)),
            })
            .collect()
    }
}
