//! Building the [`BoardView`] snapshot from the state, and the texts that depend on the game.

use super::state::{SessionState, Touch};
use super::types::{
    Banner, BannerKind, BoardView, Capabilities, Coord, EndReason, Highlight, HistoryItem,
    HoleView, MoveKindView, OutcomeView, PegColour, PlayerView, ReplayView, TargetView,
};
use crate::rules::board::{coords, screen_position};
use crate::rules::{Colour, Hole, MoveKind, OutcomeReason, HOLES};

/// The hole as a [`Coord`].
pub(crate) fn coord(h: Hole) -> Coord {
    let [q, r] = coords(h);
    Coord { q, r }
}

fn coords_of(path: &[Hole]) -> Vec<Coord> {
    path.iter().map(|&h| coord(h)).collect()
}

/// The app-facing colour.
pub(crate) fn peg_colour(c: Colour) -> PegColour {
    match c {
        Colour::S => PegColour::S,
        Colour::SW => PegColour::SW,
        Colour::NW => PegColour::NW,
        Colour::N => PegColour::N,
        Colour::NE => PegColour::NE,
        Colour::SE => PegColour::SE,
    }
}

/// The app-facing move kind.
pub(crate) fn kind_view(k: MoveKind) -> MoveKindView {
    match k {
        MoveKind::Step => MoveKindView::Step,
        MoveKind::Jump => MoveKindView::Jump,
        MoveKind::Swap => MoveKindView::Swap,
        MoveKind::Pass => MoveKindView::Pass,
    }
}

impl SessionState {
    /// The snapshot the screen shows now.
    pub fn view(&self) -> BoardView {
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
        let hint: Vec<Hole> = match (&self.hint, self.replay) {
            (Some(mv), None) => mv.path.clone(),
            _ => Vec::new(),
        };
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
        let holes: Vec<HoleView> = (0..HOLES as Hole)
            .map(|h| {
                let (x, y) = screen_position(h);
                HoleView {
                    coord: coord(h),
                    x,
                    y,
                    occupant: occupant[usize::from(h)].map(peg_colour),
                    highlight: highlight[usize::from(h)],
                }
            })
            .collect();

        let players: Vec<PlayerView> = pos
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| PlayerView {
                index: i as u32,
                name: self.names[i].clone(),
                colours: p.colours().map(peg_colour).collect(),
                is_human: self.is_human(i),
            })
            .collect();
        let history: Vec<HistoryItem> = self
            .game
            .history()
            .enumerate()
            .map(|(i, e)| HistoryItem {
                number: i as u32 + 1,
                player: e.player as u32,
                player_name: self.names[e.player].clone(),
                kind: kind_view(e.mv.kind),
                label: e.label().to_string(),
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
            can_offer_draw: self.can_offer_draw(),
            can_answer_draw: self.draw_offer.is_some(),
            can_replay: history_len > 0,
            ai_to_move: self.ai_to_move() && self.replay.is_none(),
        };
        let to_move = pos.to_move();
        BoardView {
            holes,
            targets: targets
                .iter()
                .map(|t| TargetView {
                    coord: coord(t.hole),
                    kind: kind_view(t.kind),
                    path: coords_of(&t.path),
                })
                .collect(),
            selected: selected.map(coord),
            chain: coords_of(&chain),
            last_move: coords_of(&last_move),
            players,
            to_move: to_move as u32,
            to_move_name: self.names[to_move].clone(),
            banner: self.banner(shown, outcome.as_ref()),
            history,
            capabilities,
            outcome,
            replay: self.replay.map(|k| ReplayView {
                shown: k as u32,
                total: history_len as u32,
            }),
            hint: coords_of(&hint),
            online: None,
        }
    }

    /// The banner: replay, game over, draw offer, skipped turn, AI thinking, declined draw.
    fn banner(&self, shown: usize, outcome: Option<&OutcomeView>) -> Option<Banner> {
        let make = |kind, text: String| Some(Banner { kind, text });
        if let Some(k) = self.replay {
            let total = self.game.history().len();
            return make(BannerKind::Replay, format!("Replay — move {k} of {total}"));
        }
        if let Some(o) = outcome {
            return make(BannerKind::GameOver, o.text.clone());
        }
        if let Some(p) = self.draw_offer {
            return make(
                BannerKind::DrawOffered,
                format!("{} offers a draw", self.names[p]),
            );
        }
        if let Some(last) = self.game.history().nth(shown.wrapping_sub(1)) {
            if last.mv.kind == MoveKind::Pass {
                let p = last.player;
                return if self.human_side() == Some(p) {
                    make(
                        BannerKind::YouWereBlocked,
                        "You were blocked — turn skipped".into(),
                    )
                } else {
                    make(
                        BannerKind::OpponentBlocked,
                        format!("{} was blocked — turn skipped", self.names[p]),
                    )
                };
            }
        }
        if self.thinking {
            let p = self.game.position().to_move();
            return make(
                BannerKind::AiThinking,
                format!("{} is thinking…", self.names[p]),
            );
        }
        if self.draw_declined {
            return make(BannerKind::DrawDeclined, "Draw declined".into());
        }
        None
    }

    /// The outcome, worded for the person.
    pub(crate) fn outcome_view(&self) -> Option<OutcomeView> {
        let n = self.game.position().player_count();
        if let Some(end) = self.end {
            let others: Vec<u32> = (0..n).filter(|&p| p != end.by).map(|p| p as u32).collect();
            return Some(match end.reason {
                EndReason::DrawAgreed => OutcomeView {
                    winners: Vec::new(),
                    reason: EndReason::DrawAgreed,
                    text: "Draw agreed".into(),
                    ranking: vec![(0..n as u32).collect()],
                },
                _ => {
                    let who = if self.human_side() == Some(end.by) {
                        "You resigned".to_string()
                    } else {
                        format!("{} resigned", self.names[end.by])
                    };
                    OutcomeView {
                        text: format!("{who} — {}", self.winners_text(&others)),
                        winners: others.clone(),
                        reason: EndReason::Resigned,
                        ranking: vec![others, vec![end.by as u32]],
                    }
                }
            });
        }
        let o = self.game.outcome()?;
        let winners: Vec<u32> = o.winners.iter().map(|&p| p as u32).collect();
        let (reason, why) = match o.reason {
            OutcomeReason::Win => (EndReason::Win, "all pegs home"),
            OutcomeReason::Deadlock => (
                EndReason::Deadlock,
                "both sides were blocked; decided on pegs home, then distance",
            ),
            OutcomeReason::Draw => (EndReason::Draw, "everyone was blocked"),
            OutcomeReason::MoveLimit => (
                EndReason::MoveLimit,
                "move limit reached; ranked by distance",
            ),
        };
        let text = if winners.is_empty() {
            format!("Draw — {why}")
        } else {
            format!("{} — {why}", self.winners_text(&winners))
        };
        Some(OutcomeView {
            winners,
            reason,
            text,
            ranking: o
                .ranking
                .iter()
                .map(|g| g.iter().map(|&p| p as u32).collect())
                .collect(),
        })
    }

    fn winners_text(&self, winners: &[u32]) -> String {
        if winners
            .iter()
            .any(|&w| self.human_side() == Some(w as usize))
        {
            return "You won!".into();
        }
        let names: Vec<&str> = winners
            .iter()
            .map(|&w| self.names[w as usize].as_str())
            .collect();
        match names.len() {
            0 => "Nobody won".into(),
            1 => format!("{} won", names[0]),
            _ => format!("{} won", names.join(" and ")),
        }
    }
}
