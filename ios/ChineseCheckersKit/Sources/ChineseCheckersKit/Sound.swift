// Which sounds a board plays is the core's to say (`GameState.change.sounds`, once per update);
// the app only maps each cue to a short sound of its own, and respects the sound setting.
import ChineseCheckersCore

/// Plays the core's sound cues (the app's player makes a short sound per cue; the tests record
/// them).
@MainActor
public protocol SoundPlayer: AnyObject {
    /// Plays `cues` once, in order (the cues of one update: a jump of three hops gives three).
    func play(_ cues: [SoundCue])
}
