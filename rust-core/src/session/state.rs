//! The pure state machine: [`SessionState`] and [`update`]. No threads, no clocks, no I/O.
//!
//! The state holds the game (start position and moves), the redo stack, the touch state (nothing,
//! a selected peg, or a tripot chain in progress), the replay cursor, the hint and the manual
//! ending (resignation, agreed draw). The [`BoardView`](super::BoardView) is derived from it.

use rand::{rngs::StdRng, Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::error::SessionError;
use super::types::{EndReason, Mode, NewGame, Opener};
use crate::rules::{
    board::hole_at, CompactMove, Game, Hole, Move, MoveKind, Position, Preset, Rules,
};

/// A game ended by the players rather than by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManualEnd {
    /// Resignation or agreed draw.
    pub reason: EndReason,
    /// The player who resigned or whose draw offer was accepted.
    pub by: usize,
}

/// Where the person's finger is in the touch model.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Touch {
    /// Nothing selected.
    #[default]
    Idle,
    /// A peg is selected; `targets` are where it can go.
    Selected {
        /// The selected peg.
        peg: Hole,
        /// Its targets with their paths.
        targets: Vec<Target>,
    },
    /// A tripot chain in progress: the peg stands on the last hole of `path`.
    Chain {
        /// Start, then every landing so far.
        path: Vec<Hole>,
        /// The next hops offered, each with its full path.
        targets: Vec<Target>,
    },
}

/// A hole the selected peg can reach, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The highlighted hole.
    pub hole: Hole,
    /// Step, jump or swap.
    pub kind: MoveKind,
    /// The path from the peg's start (own peg then opposing peg for a swap).
    pub path: Vec<Hole>,
}

/// An input to the state machine.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The person touched a hole.
    Tap {
        /// Axial q.
        q: i32,
        /// Axial r.
        r: i32,
    },
    /// "End jump": play the chain in progress as it stands.
    EndJump,
    /// Drop the selection or the chain in progress.
    CancelTouch,
    /// Take back (solo: to the person's previous turn; pass-and-play: one move).
    Undo,
    /// Play again what undo took back.
    Redo,
    /// The person (solo) or the player to move (pass-and-play) resigns.
    Resign,
    /// The player to move offers a draw (pass-and-play).
    OfferDraw,
    /// The other player answers the pending draw offer.
    AnswerDraw {
        /// Whether the draw is accepted.
        accept: bool,
    },
    /// Enter replay at the current move.
    ReplayStart,
    /// Move the replay cursor by this many moves (clamped).
    ReplayStep {
        /// Moves forward (positive) or back (negative).
        delta: i32,
    },
    /// Leave replay.
    ReplayExit,
    /// The AI started thinking for the game as it is at `generation`.
    AiStarted {
        /// The generation the search started from.
        generation: u64,
    },
    /// The AI chose a move for the game as it was at `generation` (ignored if stale).
    AiMoved {
        /// The move.
        mv: Move,
        /// The generation the search started from.
        generation: u64,
    },
    /// The AI's search stopped without a move.
    AiStopped,
    /// A hint arrived for the game as it was at `generation` (ignored if stale).
    HintReady {
        /// The suggested move.
        mv: Move,
        /// The generation the hint was computed for.
        generation: u64,
    },
}

/// The whole session. Build with [`SessionState::new`] or [`SessionState::from_position`].
#[derive(Clone, Debug)]
pub struct SessionState {
    pub(crate) settings: NewGame,
    pub(crate) names: Vec<String>,
    pub(crate) game: Game,
    pub(crate) legal: Vec<CompactMove>,
    pub(crate) redo: Vec<Vec<Move>>,
    pub(crate) touch: Touch,
    pub(crate) end: Option<ManualEnd>,
    pub(crate) draw_offer: Option<usize>,
    pub(crate) draw_declined: bool,
    pub(crate) replay: Option<usize>,
    pub(crate) hint: Option<Move>,
    pub(crate) thinking: bool,
    pub(crate) generation: u64,
    pub(crate) stats_recorded: bool,
    /// Online only: the seat this device plays (the other one is the remote opponent).
    pub(crate) online_side: Option<usize>,
}

/// The state machine's step: applies `event` to `state`. On error the state is unchanged.
pub fn update(state: &mut SessionState, event: Event) -> Result<(), SessionError> {
    state.handle(event)
}

fn not_now(what: &str) -> SessionError {
    SessionError::NotNow(what.to_string())
}

/// Parses a `rules` setting: a preset name or a rules object as JSON text.
pub(crate) fn parse_rules(text: &str) -> Result<Rules, SessionError> {
    let value = serde_json::from_str::<Value>(text)
        .unwrap_or_else(|_| Value::String(text.trim().to_string()));
    Rules::from_json(&value).map_err(|e| SessionError::BadSettings(e.to_string()))
}

impl SessionState {
    /// A new game from the new-game screen's settings.
    pub fn new(settings: NewGame) -> Result<SessionState, SessionError> {
        let rules = parse_rules(&settings.rules)?;
        let bad = |e: crate::rules::PositionError| SessionError::BadSettings(e.to_string());
        let mut start = if rules.preset == Preset::Tripot {
            Position::start_tripot(rules, settings.colours_per_side as usize).map_err(bad)?
        } else {
            Position::start(rules, settings.players as usize).map_err(bad)?
        };
        if rules.preset == Preset::Tripot {
            let side2 = match settings.opener {
                Opener::Side1 => false,
                Opener::Side2 => true,
                Opener::CoinToss => StdRng::seed_from_u64(settings.seed).gen_bool(0.5),
            };
            if side2 {
                let mut v = start.to_json();
                v["to_move"] = Value::from(1);
                start = Position::from_json(&v).map_err(bad)?;
            }
        }
        SessionState::build(settings, start)
    }

    /// A session starting from any position (tests, puzzles): `mode`, `names` and `seed` as in
    /// [`NewGame`]; the rules come from the position.
    pub fn from_position(
        position: &str,
        mode: Mode,
        names: Vec<String>,
        seed: u64,
    ) -> Result<SessionState, SessionError> {
        let start = Position::from_json_str(position)
            .map_err(|e| SessionError::BadPosition(e.to_string()))?;
        let settings = NewGame {
            mode,
            rules: start.rules().to_json().to_string(),
            colours_per_side: start.players()[0].colours().count() as u32,
            players: start.player_count() as u32,
            opener: Opener::Side1,
            names,
            seed,
        };
        SessionState::build(settings, start)
    }

    /// Common construction: checks the mode, names the seats, plays any forced passes.
    pub(crate) fn build(settings: NewGame, start: Position) -> Result<SessionState, SessionError> {
        let n = start.player_count();
        match &settings.mode {
            Mode::Online => return Err(SessionError::Unsupported("online play".into())),
            Mode::Solo { human_side, .. } if *human_side as usize >= n => {
                return Err(SessionError::BadSettings(format!(
                    "the person's side {} does not exist in a {n}-player game",
                    human_side + 1
                )))
            }
            _ => {}
        }
        let mut names = Vec::with_capacity(n);
        let ai_seats = match settings.mode {
            Mode::Solo { .. } => n - 1,
            _ => 0,
        };
        for p in 0..n {
            let given = settings.names.get(p).map(|s| s.trim()).unwrap_or("");
            let name = if !given.is_empty() {
                given.to_string()
            } else {
                match &settings.mode {
                    Mode::Solo { human_side, .. } if *human_side as usize == p => "You".into(),
                    Mode::Solo { level, .. } if ai_seats > 1 => {
                        format!("{} {}", level.opponent_name(), p + 1)
                    }
                    Mode::Solo { level, .. } => level.opponent_name().to_string(),
                    _ => format!("Player {}", p + 1),
                }
            };
            names.push(name);
        }
        let mut state = SessionState::with_game(settings, names, Game::new(start));
        state.refresh();
        state.auto_pass()?;
        Ok(state)
    }

    /// A state over `game` with nothing in progress: no touch, end, offer, replay or hint.
    /// The constructors set what differs.
    fn with_game(settings: NewGame, names: Vec<String>, game: Game) -> SessionState {
        SessionState {
            settings,
            names,
            game,
            legal: Vec::with_capacity(256),
            redo: Vec::new(),
            touch: Touch::Idle,
            end: None,
            draw_offer: None,
            draw_declined: false,
            replay: None,
            hint: None,
            thinking: false,
            generation: 0,
            stats_recorded: false,
            online_side: None,
        }
    }

    /// The game (start position and moves).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The settings the session was started with.
    pub fn settings(&self) -> &NewGame {
        &self.settings
    }

    /// The seats' display names.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Counter bumped whenever the game changes; AI and hint results carry the one they saw.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The person's seat in solo (and online, the seat this device plays).
    pub fn human_side(&self) -> Option<usize> {
        match self.settings.mode {
            Mode::Solo { human_side, .. } => Some(human_side as usize),
            Mode::Online => self.online_side,
            _ => None,
        }
    }

    /// The display state of an online game: `game` as the server confirmed it (plus our pending
    /// move), `side` the seat this device plays. No forced passes are played here: the server
    /// plays them and sends them as moves.
    pub(crate) fn online(
        game: Game,
        side: usize,
        names: Vec<String>,
        end: Option<ManualEnd>,
    ) -> SessionState {
        let start = *game.start();
        let settings = NewGame {
            mode: Mode::Online,
            rules: start.rules().to_json().to_string(),
            colours_per_side: start.players()[0].colours().count() as u32,
            players: start.player_count() as u32,
            opener: Opener::Side1,
            names: names.clone(),
            seed: 0,
        };
        let mut state = SessionState {
            end,
            // Online games are not counted in the local statistics.
            stats_recorded: true,
            online_side: Some(side),
            ..SessionState::with_game(settings, names, game)
        };
        state.refresh();
        state
    }

    /// Whether a person on this device plays seat `p`.
    pub fn is_human(&self, p: usize) -> bool {
        !matches!(self.human_side(), Some(h) if h != p)
    }

    /// Whether the game is over (by the rules or by resignation / agreed draw).
    pub fn is_over(&self) -> bool {
        self.end.is_some() || self.game.outcome().is_some()
    }

    /// Whether the AI should move now.
    pub fn ai_to_move(&self) -> bool {
        // Online, the other seat is a remote person, never the AI.
        !matches!(self.settings.mode, Mode::Online)
            && !self.is_over()
            && !self.is_human(self.game.position().to_move())
    }

    /// Whether a person may touch the board now.
    pub(crate) fn touchable(&self) -> bool {
        !self.is_over()
            && self.replay.is_none()
            && self.draw_offer.is_none()
            && self.is_human(self.game.position().to_move())
    }

    /// Recomputes the cached legal moves after the game changed.
    pub(crate) fn refresh(&mut self) {
        if self.game.outcome().is_some() {
            self.legal.clear();
        } else {
            self.game.position().legal_moves_into(&mut self.legal);
        }
    }

    /// Plays the forced passes (a side with no move and no swap passes automatically).
    fn auto_pass(&mut self) -> Result<(), SessionError> {
        let mut guard = 0;
        while self.end.is_none() && self.legal.as_slice() == [CompactMove::PASS] {
            self.game
                .play(&Move::pass())
                .map_err(|e| SessionError::IllegalMove(e.to_string()))?;
            self.refresh();
            guard += 1;
            if guard > 100_000 {
                break;
            }
        }
        Ok(())
    }

    /// Plays a move (a person's or the AI's) and everything that follows from it.
    pub(crate) fn play(&mut self, mv: &Move, clear_redo: bool) -> Result<(), SessionError> {
        if self.is_over() {
            return Err(not_now("the game is over"));
        }
        self.game
            .play(mv)
            .map_err(|e| SessionError::IllegalMove(e.to_string()))?;
        log::debug!(
            "played {:?} by player {}",
            mv.kind,
            self.game.history().len()
        );
        if clear_redo {
            self.redo.clear();
        }
        self.after_change();
        self.refresh();
        self.auto_pass()
    }

    fn after_change(&mut self) {
        self.touch = Touch::Idle;
        self.hint = None;
        self.draw_declined = false;
        self.thinking = false;
        self.generation += 1;
    }

    fn handle(&mut self, event: Event) -> Result<(), SessionError> {
        match event {
            Event::Tap { q, r } => {
                let hole = hole_at(q, r);
                self.tap(hole)
            }
            Event::EndJump => self.end_jump(),
            Event::CancelTouch => {
                self.touch = Touch::Idle;
                Ok(())
            }
            Event::Undo => self.undo(),
            Event::Redo => self.redo(),
            Event::Resign => self.resign(),
            Event::OfferDraw => {
                if !self.can_offer_draw() {
                    return Err(not_now(
                        "draw offers are for two players on one screen, during the game",
                    ));
                }
                self.draw_offer = Some(self.game.position().to_move());
                self.touch = Touch::Idle;
                Ok(())
            }
            Event::AnswerDraw { accept } => {
                let by = self
                    .draw_offer
                    .ok_or_else(|| not_now("no draw was offered"))?;
                self.draw_offer = None;
                if accept {
                    self.end = Some(ManualEnd {
                        reason: EndReason::DrawAgreed,
                        by,
                    });
                    self.generation += 1;
                } else {
                    self.draw_declined = true;
                }
                Ok(())
            }
            Event::ReplayStart => {
                if self.game.history().len() == 0 {
                    return Err(not_now("no move has been played yet"));
                }
                self.touch = Touch::Idle;
                self.replay = Some(self.game.history().len());
                Ok(())
            }
            Event::ReplayStep { delta } => {
                let shown = self
                    .replay
                    .ok_or_else(|| not_now("replay is not running"))?;
                let total = self.game.history().len() as i64;
                self.replay = Some((shown as i64 + i64::from(delta)).clamp(0, total) as usize);
                Ok(())
            }
            Event::ReplayExit => {
                self.replay = None;
                Ok(())
            }
            Event::AiStarted { generation } => {
                if generation == self.generation && self.ai_to_move() {
                    self.thinking = true;
                }
                Ok(())
            }
            Event::AiMoved { mv, generation } => {
                if generation != self.generation || !self.ai_to_move() {
                    log::info!("discarding a stale AI move");
                    return Ok(());
                }
                self.thinking = false;
                self.play(&mv, true)
            }
            Event::AiStopped => {
                self.thinking = false;
                Ok(())
            }
            Event::HintReady { mv, generation } => {
                if generation == self.generation && self.can_hint() {
                    self.hint = Some(mv);
                }
                Ok(())
            }
        }
    }

    /// Undo is possible: solo back to the person's previous move, pass-and-play one move.
    pub fn can_undo(&self) -> bool {
        if self.end.is_some() || self.replay.is_some() || self.draw_offer.is_some() {
            return false;
        }
        match self.settings.mode {
            Mode::Solo { human_side, .. } => self
                .game
                .history()
                .any(|e| e.player == human_side as usize && e.mv.kind != MoveKind::Pass),
            Mode::PassAndPlay => self.game.history().any(|e| e.mv.kind != MoveKind::Pass),
            Mode::Online => false,
        }
    }

    /// Redo is possible.
    pub fn can_redo(&self) -> bool {
        self.end.is_none()
            && self.replay.is_none()
            && !self.redo.is_empty()
            && !matches!(self.settings.mode, Mode::Online)
    }

    /// A hint may be asked for (solo, the person's turn).
    pub fn can_hint(&self) -> bool {
        matches!(self.settings.mode, Mode::Solo { .. }) && self.touchable()
    }

    /// The person may resign.
    pub fn can_resign(&self) -> bool {
        !self.is_over() && self.replay.is_none() && !matches!(self.settings.mode, Mode::Online)
    }

    /// A draw may be offered (pass-and-play, two players, on the offering player's turn).
    pub fn can_offer_draw(&self) -> bool {
        matches!(self.settings.mode, Mode::PassAndPlay)
            && self.game.position().player_count() == 2
            && self.touchable()
    }

    fn undo(&mut self) -> Result<(), SessionError> {
        if !self.can_undo() {
            return Err(not_now("there is no move of yours to take back"));
        }
        let solo_human = self.human_side();
        let mut group = Vec::new();
        while let Some(entry) = self.game.undo() {
            let real = entry.mv.kind != MoveKind::Pass;
            let mine = !matches!(solo_human, Some(h) if h != entry.player);
            group.push(entry.mv);
            if real && mine {
                break;
            }
        }
        group.reverse();
        self.redo.push(group);
        self.after_change();
        self.refresh();
        Ok(())
    }

    fn redo(&mut self) -> Result<(), SessionError> {
        if !self.can_redo() || self.ai_to_move() {
            return Err(not_now("there is nothing to redo"));
        }
        let Some(group) = self.redo.pop() else {
            return Err(not_now("there is nothing to redo"));
        };
        let saved = (self.game.clone(), self.generation);
        for mv in &group {
            // Passes are replayed by `play` itself (auto-pass).
            if mv.kind == MoveKind::Pass {
                continue;
            }
            if let Err(e) = self.play(mv, false) {
                self.game = saved.0;
                self.generation = saved.1;
                self.refresh();
                self.redo.push(group);
                return Err(e);
            }
        }
        Ok(())
    }

    fn resign(&mut self) -> Result<(), SessionError> {
        if !self.can_resign() {
            return Err(not_now("the game is already over"));
        }
        let by = self
            .human_side()
            .unwrap_or_else(|| self.game.position().to_move());
        self.end = Some(ManualEnd {
            reason: EndReason::Resigned,
            by,
        });
        self.touch = Touch::Idle;
        self.draw_offer = None;
        self.thinking = false;
        self.generation += 1;
        Ok(())
    }

    /// The position the board shows: the current one, or the replayed one.
    pub(crate) fn shown_position(&self) -> Position {
        match self.replay {
            None => *self.game.position(),
            Some(k) => {
                let mut p = *self.game.start();
                for e in self.game.history().take(k) {
                    p.apply(&e.mv.compact());
                }
                p
            }
        }
    }
}
