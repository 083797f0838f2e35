//! Why a tap did nothing ([`Notice`]): said to the person instead of a silent refusal. Its own
//! module, below [`super::types`] and the lessons' types, which both name it.

/// Why a tap did nothing: said to the person instead of a silent refusal. Shown until the next
/// action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Notice {
    /// It is not the turn of a person at this device.
    NotYourTurn,
    /// An empty hole with no peg selected: tap one of your pegs.
    EmptyHole,
    /// That peg belongs to another player.
    NotYourPeg {
        /// Whose peg it is.
        owner: i32,
    },
    /// That peg has no legal move now.
    PegCannotMove,
    /// The selected peg cannot reach that hole.
    NotReachable {
        /// Why.
        reason: Unreachable,
    },
    /// This board shows a game being watched: taps do nothing.
    Watching,
}

/// Why the selected peg cannot go where the person tapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Unreachable {
    /// No step or jump leads there.
    NoPath,
    /// A move may not end in a camp that is neither the peg's home nor its target (or, under the
    /// strict rule, not even pass through one).
    CampRule,
    /// A peg that has reached its target camp may not leave it.
    TargetLock,
    /// A jump is possible somewhere, so a step is not allowed.
    MustJump,
    /// The longest jump chain must be played.
    LongestChain,
    /// A peg must first be moved out of another player's target camp.
    MustFreeTarget,
}
