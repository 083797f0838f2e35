// The models of the smaller screens: home (with "Continue"), rules, statistics and settings.
import ChineseCheckersCore
import Foundation
import Observation

/// The home screen: its buttons and the saved games to continue.
@MainActor
@Observable
public final class HomeModel {
    /// The saved games, newest first (local and online).
    public private(set) var savedGames: [SavedGame] = []
    /// Why the library could not be read, for an alert.
    public private(set) var error: LocalizedMessage?
    @ObservationIgnored private let library: GameLibrary?

    /// The home screen of `library` (nil when the library could not be opened).
    public init(library: GameLibrary?) {
        self.library = library
        refresh()
    }

    /// Reads the saved games again (after a game was saved or finished).
    public func refresh() {
        guard let library else { return }
        do {
            savedGames = try library.games().sorted { $0.savedAtS > $1.savedAtS }
        } catch {
            self.error = Wording.error(error)
        }
    }

    /// The games that can be continued (not over).
    public var continuable: [SavedGame] { savedGames.filter { !$0.over } }

    /// One line describing a saved game: its kind, rule set, players and moves.
    public func summary(_ saved: SavedGame) -> LocalizedMessage {
        LocalizedMessage(
            "home.savedGame",
            [
                .message(Wording.savedGameKind(saved.kind)), .message(Wording.preset(saved.preset)),
                .list(saved.players.map(Wording.name)), .number(Int(saved.moves)),
            ])
    }

    /// Deletes a saved game.
    public func remove(_ saved: SavedGame) {
        do {
            try library?.remove(id: saved.id)
        } catch {
            self.error = Wording.error(error)
        }
        refresh()
    }

    /// Forgets the alert.
    public func dismissError() { error = nil }
}

/// The statistics screen: per opponent, games played, won, lost, drawn and the fewest moves of a
/// win, as the core counts them.
@MainActor
@Observable
public final class StatisticsModel {
    /// One row per AI opponent.
    public private(set) var rows: [OpponentStatistics] = []
    /// Why the statistics could not be read.
    public private(set) var error: LocalizedMessage?
    @ObservationIgnored private let library: GameLibrary?

    /// The statistics of `library`.
    public init(library: GameLibrary?) {
        self.library = library
        refresh()
    }

    /// Reads the statistics again.
    public func refresh() {
        guard let library else { return }
        do {
            rows = try library.statistics()
        } catch {
            self.error = Wording.error(error)
        }
    }

    /// Games played against every opponent together.
    public var totalPlayed: Int { rows.reduce(0) { $0 + Int($1.played) } }
}

/// The rules screen: the rule sets and their options as the core describes them.
@MainActor
@Observable
public final class RulesModel {
    /// Every rule set.
    public let ruleSets: [RuleSetInfo]
    /// The rule set shown.
    public var selected: Preset

    /// The rules screen, showing the default rule set.
    public init() {
        ruleSets = ChineseCheckersCore.ruleSets()
        selected = ruleSets.first?.preset ?? .tripot
    }

    /// The rule set shown.
    public var shown: RuleSetInfo? { ruleSets.first { $0.preset == selected } }

    /// The catalog key of the rule set's explanation (`rules.<preset>`).
    public nonisolated static func explanation(_ preset: Preset) -> LocalizedMessage {
        LocalizedMessage(
            Wording.preset(preset).key.replacingOccurrences(of: "preset.", with: "rules."))
    }

    /// The shown rule set's options, worded one per line (name and value).
    public var optionLines: [LocalizedMessage] {
        guard let options = shown?.options else { return [] }
        return Wording.optionLines(options)
    }
}

/// The settings screen.
@MainActor
@Observable
public final class SettingsModel {
    @ObservationIgnored private let settings: AppSettings

    /// The name shown to online opponents.
    public var playerName: String { didSet { settings.playerName = playerName } }
    /// The online server's address as typed (empty: the default server).
    public var serverAddress: String
    /// Whether moves play haptic feedback.
    public var haptics: Bool { didSet { settings.haptics = haptics } }
    /// Why the typed server address was refused.
    public private(set) var error: LocalizedMessage?

    /// The settings screen over `settings`.
    public init(settings: AppSettings) {
        self.settings = settings
        playerName = settings.playerName
        serverAddress = settings.hasCustomServer ? settings.serverURL.absoluteString : ""
        haptics = settings.haptics
    }

    /// The default server's address, shown as the empty field's placeholder.
    public nonisolated static var defaultServerAddress: String {
        AppSettings.defaultServerURL.absoluteString
    }

    /// Whether "Reset to default" has something to do.
    public var canResetServer: Bool {
        !serverAddress.trimmingCharacters(in: .whitespaces).isEmpty || settings.hasCustomServer
    }

    /// Keeps the typed server address when it is a WebSocket URL (`ws://` or `wss://`); an empty
    /// field means the default server.
    @discardableResult
    public func commitServerAddress() -> Bool {
        let trimmed = serverAddress.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty {
            resetServerAddress()
            return true
        }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
            scheme == "ws" || scheme == "wss", url.host != nil
        else {
            error = LocalizedMessage("settings.badServer", [.text(trimmed)])
            return false
        }
        error = nil
        settings.serverURL = url
        return true
    }

    /// "Reset to default": empties the field and forgets the player's server.
    public func resetServerAddress() {
        serverAddress = ""
        error = nil
        settings.resetServerURL()
    }
}
