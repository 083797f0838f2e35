// The new-game screen's last choices, kept between launches so the next game starts from them:
// the rule set, the seats, the colours per side and the opener, in the core's one format
// (`rememberSetup` / `recallSetup`, the same text as the Android app's). The core gives the
// choices back whole or not at all; then the screen starts from its defaults.
import ChineseCheckersCore
import Foundation

/// Where the new-game screen keeps its last choices (`AppSettings` in the app; tests use their
/// own).
public protocol NewGameChoicesStore: AnyObject, Sendable {
    /// The choices last kept for `mode` (`rememberSetup`'s text), if any.
    func loadChoices(for mode: NewGameModel.Mode) -> String?
    /// Keeps the choices of a game just started on `mode`'s screen.
    func saveChoices(_ choices: String, for mode: NewGameModel.Mode)
}

extension NewGameModel.Mode {
    /// The mode's name in the store's keys.
    var storageName: String {
        switch self {
        case .solo: return "solo"
        case .passAndPlay: return "passAndPlay"
        }
    }
}
