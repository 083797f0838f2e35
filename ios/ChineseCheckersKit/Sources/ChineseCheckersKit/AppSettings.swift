// The few values the app keeps between launches outside the core's game library: the player's
// name, the server, the install's online token, the game to reopen, and preferences.
import ChineseCheckersCore
import Foundation

/// Settings in `UserDefaults` (the app's standard defaults; tests pass their own suite).
public final class AppSettings: @unchecked Sendable {
    // UserDefaults is thread-safe; the class holds nothing else.
    private let defaults: UserDefaults

    private enum Key {
        static let playerName = "playerName"
        static let serverURL = "serverURL"
        static let onlineToken = "onlineToken"
        static let activeGameID = "activeGameID"
        static let haptics = "haptics"
        static let sound = "sound"
        static let turnBoard = "turnBoard"
        static let aiTimeLimitMs = "aiTimeLimitMs"
        static let aiPace = "aiPace"
        static let newGameChoices = "newGameChoices"
        static let learnOfferAnswered = "learnOfferAnswered"
    }

    /// The server used when none was set: the build's, whose address the core keeps for both
    /// apps (`defaultServerUrl()`, a build setting); nil in a build without one (a source build),
    /// where the player chooses a server before playing online.
    public static let defaultServerURL: URL? = ChineseCheckersCore.defaultServerUrl().flatMap {
        URL(string: $0)
    }

    /// Settings stored in `defaults`.
    public init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    /// The name shown to online opponents (empty until the player types one).
    public var playerName: String {
        get { defaults.string(forKey: Key.playerName) ?? "" }
        set { defaults.set(newValue, forKey: Key.playerName) }
    }

    /// The online server's WebSocket address: the player's, or else the build's default; nil
    /// when there is neither. Setting nil forgets the player's.
    public var serverURL: URL? {
        // Kept as text: `UserDefaults.url(forKey:)` reads any string as a file path on Linux.
        get {
            defaults.string(forKey: Key.serverURL).flatMap(URL.init(string:))
                ?? Self.defaultServerURL
        }
        set {
            if let newValue {
                defaults.set(newValue.absoluteString, forKey: Key.serverURL)
            } else {
                defaults.removeObject(forKey: Key.serverURL)
            }
        }
    }

    /// Whether the player set a server of their own (false: the default one is used).
    public var hasCustomServer: Bool {
        guard let stored = defaults.string(forKey: Key.serverURL) else { return false }
        return URL(string: stored) != nil && stored != Self.defaultServerURL?.absoluteString
    }

    /// Forgets the player's server: the default one is used again (and follows the core's, if it
    /// changes in a later version, rather than a copy kept from this one).
    public func resetServerURL() {
        defaults.removeObject(forKey: Key.serverURL)
    }

    /// This install's online token: made by the core once, then kept (the server knows the
    /// player's games by it).
    public var onlineToken: String {
        if let token = defaults.string(forKey: Key.onlineToken) { return token }
        let token = newToken()
        defaults.set(token, forKey: Key.onlineToken)
        return token
    }

    /// The id of the game that was on screen when the app last went to the background: reopened
    /// on launch.
    public var activeGameID: String? {
        get { defaults.string(forKey: Key.activeGameID) }
        set { defaults.set(newValue, forKey: Key.activeGameID) }
    }

    /// Whether moves and turns play haptic feedback.
    public var haptics: Bool {
        get { defaults.object(forKey: Key.haptics) as? Bool ?? true }
        set { defaults.set(newValue, forKey: Key.haptics) }
    }

    /// Whether boards play the core's sounds (moves, our turn online, the end of the game).
    public var sound: Bool {
        get { defaults.object(forKey: Key.sound) as? Bool ?? true }
        set { defaults.set(newValue, forKey: Key.sound) }
    }

    /// Whether a pass-and-play board turns to the player to move (the core turns it:
    /// `Game.setTurnBoard`).
    public var turnBoard: Bool {
        get { defaults.object(forKey: Key.turnBoard) as? Bool ?? true }
        set { defaults.set(newValue, forKey: Key.turnBoard) }
    }

    /// Whether the first start's "Learn to play" / "Skip" was answered (either way): it is
    /// offered once, then never again (the lessons stay on Home and on the Rules screen).
    public var learnOfferAnswered: Bool {
        get { defaults.bool(forKey: Key.learnOfferAnswered) }
        set { defaults.set(newValue, forKey: Key.learnOfferAnswered) }
    }

    /// The paces the settings screen offers, in seconds per AI move (0: no hold).
    public static let aiPaces: [Double] = [0, 0.3, 0.6, 1, 1.5]

    /// Seconds the board holds still before each AI move (`BoardModel.aiPace`; none with Reduce
    /// Motion): about 0.6 s unless the player chose otherwise.
    public var aiPace: Double {
        get { (defaults.object(forKey: Key.aiPace) as? NSNumber)?.doubleValue ?? 0.6 }
        set { defaults.set(NSNumber(value: max(0, newValue)), forKey: Key.aiPace) }
    }

    /// The AI's thinking time in milliseconds (nil: the core's default for each level).
    public var aiTimeLimitMs: Int64? {
        get { (defaults.object(forKey: Key.aiTimeLimitMs) as? NSNumber)?.int64Value }
        set {
            if let newValue {
                defaults.set(NSNumber(value: newValue), forKey: Key.aiTimeLimitMs)
            } else {
                defaults.removeObject(forKey: Key.aiTimeLimitMs)
            }
        }
    }
}

extension AppSettings: NewGameChoicesStore {
    /// The last new-game choices, per screen (solo, pass and play), as the core keeps them.
    public func loadChoices(for mode: NewGameModel.Mode) -> String? {
        defaults.string(forKey: Key.newGameChoices + "." + mode.storageName)
    }

    /// Keeps the choices of a game just started.
    public func saveChoices(_ choices: String, for mode: NewGameModel.Mode) {
        defaults.set(choices, forKey: Key.newGameChoices + "." + mode.storageName)
    }
}

/// Where the app keeps its files.
public enum AppFiles {
    /// The game library's folder: `Application Support/Games` (created by the core).
    public static func libraryDirectory() throws -> URL {
        let support = try FileManager.default.url(
            for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil,
            create: true)
        return support.appendingPathComponent("Games", isDirectory: true)
    }
}
