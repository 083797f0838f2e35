//! Building the [`GameState`] snapshot from the state.

use super::state::{SearchKind, SessionState, Touch};
use super::types::{
    Banner, Capabilities, Coord, EndReason, GameOutcome, GameState, Highlight, HoleState,
    MoveTarget, PlayedMove, PlayerState, ReplayState, SeatPlayer,
};
use crate::rules::{Colour, Hole, MoveKind, OutcomeReason, HOLES};

fn coords_of(path: &[Hole]) -> Vec<Coord> {
    path.iter().map(|&h| Coord::of(h)).collect()
}

impl SessionState {
    /// The snapshot the screen shows now.
    pub fn view(&self) -> GameState {
        let pos = self.shown_position();
        let history_len = self.game.history().len();
        let shown = self.replay.unwrap_or(history_len);

        // Highlights, weakest first so that stronger ones overwrite.
        let mut highlight = [Highlight::None; HOLES];
        let last_move: Vec<Hole> = if shown > 0 {
            self.game
                .history()
                .nth(shown - 1)
                .map(|e| e.mv.path.clone())
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        for &h in &last_move {
            highlight[usize::from(h)] = Highlight::LastMove;
        }
        // The hint is for the position played on, not a replayed or finished one.
        let hint: Option<&crate::rules::Move> = self
            .hint
            .as_ref()
            .filter(|_| self.replay.is_none() && !self.is_over());
        let hint_kind = hint.map(|mv| mv.kind);
        let hint: Vec<Hole> = hint.map(|mv| mv.path.clone()).unwrap_or_default();
        if let (Some(&a), Some(&b)) = (hint.first(), hint.last()) {
            highlight[usize::from(a)] = Highlight::Hint;
            highlight[usize::from(b)] = Highlight::Hint;
        }
        let mut occupant: [Option<Colour>; HOLES] = [None; HOLES];
        for c in Colour::ALL {
            for h in crate::rules::board::holes(pos.pegs_of(c)) {
                occupant[usize::from(h)] = Some(c);
            }
        }
        let (selected, chain, targets) = match (&self.touch, self.replay) {
            (Touch::Selected { peg, targets }, None) => {
                (Some(*peg), Vec::new(), targets.as_slice())
            }
            (Touch::Chain { path, targets }, None) => {
                let here = path[path.len() - 1];
                // The peg is drawn where the chain has taken it.
                occupant[usize::from(here)] = occupant[usize::from(path[0])].take();
                for &h in path {
                    highlight[usize::from(h)] = Highlight::Chain;
                }
                (Some(here), path.clone(), targets.as_slice())
            }
            _ => (None, Vec::new(), &[][..]),
        };
        for t in targets {
            highlight[usize::from(t.hole)] = match t.kind {
                MoveKind::Step => Highlight::StepTarget,
                MoveKind::Jump => Highlight::JumpTarget,
                _ => Highlight::SwapTarget,
            };
        }
        if let Some(s) = selected {
            highlight[usize::from(s)] = Highlight::Selected;
        }
        let holes: Vec<HoleState> = (0..HOLES as Hole)
            .map(|h| {
                let occupant = occupant[usize::from(h)];
                HoleState {
                    coord: Coord::of(h),
                    occupant,
                    owner: occupant.and_then(|c| pos.owner_of(c)).map(|p| p as i32),
                    highlight: highlight[usize::from(h)],
                }
            })
            .collect();

        let players: Vec<PlayerState> = pos
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| PlayerState {
                index: i as i32,
                name: self.names[i].clone(),
                // The AI plays the seat of a person who left (resigned a game of three or more).
                player: match self.ai_level(i) {
                    Some(level) if self.left.contains(&i) => SeatPlayer::Ai { level },
                    _ => self.seats[i],
                },
                colours: p.colours().collect(),
                team: p.team.map(i32::from),
            })
            .collect();
        let history: Vec<PlayedMove> = self
            .game
            .history()
            .enumerate()
            .map(|(i, e)| PlayedMove {
                number: i as i32 + 1,
                player: e.player as i32,
                kind: e.mv.kind,
                path: coords_of(&e.mv.path),
            })
            .collect();
        let outcome = self.outcome_view();
        let capabilities = Capabilities {
            can_undo: self.can_undo(),
            can_redo: self.can_redo(),
            can_hint: self.can_hint(),
            can_end_jump: matches!(&self.touch, Touch::Chain { path, .. } if self.can_end_here(path))
                && self.replay.is_none(),
            can_resign: self.can_resign(),
            resign_keeps_game_going: self.resign_keeps_game_going(),
            can_offer_draw: self.can_offer_draw(),
            can_answer_draw: self.draw_offer.is_some(),
            can_replay: history_len > 0 && !self.seats.contains(&super::SeatPlayer::Remote),
            // A local rematch is a new game after the end (`Game.rematch`).
            can_rematch: self.is_over(),
        };
        let to_move = pos.to_move();
        let thinking = (self.search == Some(SearchKind::Think)).then_some(to_move as i32);
        GameState {
            revision: super::signed::long(self.revision),
            change: self.change.clone(),
            holes,
            targets: targets
                .iter()
                .map(|t| MoveTarget {
                    coord: Coord::of(t.hole),
                    kind: t.kind,
                    path: coords_of(&t.path),
                })
                .collect(),
            selected: selected.map(Coord::of),
            chain: coords_of(&chain),
            last_move: coords_of(&last_move),
            players,
            to_move: to_move as i32,
            ai_to_move: self.ai_to_move(),
            ai_hold_ms: self.ai_hold_ms(),
            ai_paused: self.ai_paused(),
            thinking,
            rotation_degrees: self
                .bottom_seat()
                .and_then(|p| pos.players().get(p))
                .map_or(0, |p| {
                    super::geometry::rotation_to_bottom(&p.colours().collect::<Vec<_>>())
                }),
            hint_kind: hint_kind.filter(|_| !hint.is_empty()),
            hint: coords_of(&hint),
            hint_pending: self.search == Some(SearchKind::Hint),
            banner: self.banner(shown, outcome.is_some()),
            notice: self.notice,
            status: self.status(outcome.as_ref()),
            trail: self.trail(&history),
            history,
            capabilities,
            outcome,
            replay: self.replay.map(|k| ReplayState {
                shown: k as i32,
                total: history_len as i32,
            }),
            // The library's keeper says otherwise for a game it keeps.
            storage: super::types::SaveStatus::NotKept,
            // The puzzle or lesson around this board fills its own.
            puzzle: None,
            lesson: None,
        }
    }

    /// The banner: replay, game over, draw offer, skipped turn, AI thinking, declined draw, coin
    /// toss.
    fn banner(&self, shown: usize, over: bool) -> Option<Banner> {
        if let Some(k) = self.replay {
            return Some(Banner::Replay {
                shown: k as i32,
                total: self.game.history().len() as i32,
            });
        }
        if over {
            return Some(Banner::GameOver);
        }
        if let Some(p) = self.draw_offer {
            return Some(Banner::DrawOffered { by: p as i32 });
        }
        if let Some(run) = self.skipped.filter(|_| self.replay.is_none()) {
            return Some(Banner::TurnSkipped {
                player: run.player as i32,
                times: run.times as i32,
                others_moved: run.others_moved as i32,
            });
        }
        if let Some(last) = self.game.history().nth(shown.wrapping_sub(1)) {
            // Another seat's pass; a person's own passes are summed up above until they act.
            if last.mv.kind == MoveKind::Pass
                && (!self.is_person(last.player) || self.replay.is_some())
            {
                return Some(Banner::TurnSkipped {
                    player: last.player as i32,
                    times: 1,
                    others_moved: 0,
                });
            }
        }
        if self.search == Some(SearchKind::Think) {
            return Some(Banner::AiThinking {
                player: self.game.position().to_move() as i32,
            });
        }
        if let Some(by) = self.draw_declined {
            return Some(Banner::DrawDeclined { by: by as i32 });
        }
        self.coin_toss
            .map(|p| Banner::CoinToss { opener: p as i32 })
    }

    /// The outcome: by the rules, or by resignation or agreement. People who left a game of
    /// three or more (see [`SessionState::left`]) are ranked last, sharing that place, whatever
    /// the AI did with their seats; the winners are then the first place of what remains.
    pub(crate) fn outcome_view(&self) -> Option<GameOutcome> {
        let n = self.game.position().player_count();
        let to_i32 = |groups: Vec<Vec<usize>>| -> Vec<Vec<i32>> {
            groups
                .into_iter()
                .map(|g| g.into_iter().map(|p| p as i32).collect())
                .collect()
        };
        if let Some(end) = self.end {
            let others: Vec<i32> = (0..n).filter(|&p| p != end.by).map(|p| p as i32).collect();
            return Some(match end.reason {
                EndReason::DrawAgreed => GameOutcome {
                    winners: Vec::new(),
                    reason: EndReason::DrawAgreed,
                    by: Some(end.by as i32),
                    ranking: vec![(0..n as i32).collect()],
                },
                reason if n >= 3 => {
                    // The last person resigned: the game stops here, ranked as it stands.
                    let mut gone = self.left.clone();
                    gone.push(end.by);
                    let ranking = self.game.position().standing(&gone);
                    // Nobody won when every player left (their seats played by the AI).
                    let winners = ranking
                        .first()
                        .filter(|g| g.iter().any(|p| !gone.contains(p)))
                        .map(|g| g.iter().map(|&p| p as i32).collect())
                        .unwrap_or_default();
                    GameOutcome {
                        winners,
                        ranking: to_i32(ranking),
                        reason,
                        by: Some(end.by as i32),
                    }
                }
                reason => GameOutcome {
                    winners: others.clone(),
                    reason,
                    by: Some(end.by as i32),
                    ranking: vec![others, vec![end.by as i32]],
                },
            });
        }
        let o = self.game.outcome()?;
        let reason = match o.reason {
            OutcomeReason::Win => EndReason::Win,
            OutcomeReason::Deadlock => EndReason::Deadlock,
            OutcomeReason::Draw => EndReason::Draw,
            OutcomeReason::MoveLimit => EndReason::MoveLimit,
        };
        if self.left.is_empty() {
            return Some(GameOutcome {
                winners: o.winners.iter().map(|&p| p as i32).collect(),
                reason,
                by: None,
                ranking: to_i32(o.ranking),
            });
        }
        let mut ranking: Vec<Vec<usize>> = o
            .ranking
            .into_iter()
            .map(|g| g.into_iter().filter(|p| !self.left.contains(p)).collect())
            .filter(|g: &Vec<usize>| !g.is_empty())
            .collect();
        let mut gone = self.left.clone();
        gone.sort_unstable();
        ranking.push(gone);
        let ranking = to_i32(ranking);
        let winners = if o.winners.is_empty() {
            Vec::new()
        } else {
            ranking.first().cloned().unwrap_or_default()
        };
        Some(GameOutcome {
            winners,
            reason,
            by: None,
            ranking,
        })
    }
}
