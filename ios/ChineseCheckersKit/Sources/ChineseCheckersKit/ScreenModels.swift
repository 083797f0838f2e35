// The models of the smaller screens: home (with "Continue"), rules, statistics and settings.
import ChineseCheckersCore
import Foundation
import Observation

/// The home screen: its buttons and the games to continue, as the library lists them.
@MainActor
@Observable
public final class HomeModel {
    /// The Continue cards: the games being played, last played first (an ended game is never
    /// among them: the core moves it to the finished games with its last move).
    public private(set) var continuable: [GameCard] = []
    /// When `continuable` was read, in seconds since 1970 (for "played … ago").
    public private(set) var readAtS: Int64 = 0
    /// "Saved games that could not be read: N" when the library holds files it cannot read
    /// (damaged, or from a newer app): they are kept, never offered to continue.
    public private(set) var unreadableNote: LocalizedMessage?
    /// Why the library could not be read, for an alert.
    public private(set) var error: LocalizedMessage?
    @ObservationIgnored private let library: GameLibrary?

    /// The home screen of `library` (nil when the library could not be opened).
    public init(library: GameLibrary?) {
        self.library = library
        refresh()
    }

    /// Reads the listing again (home is shown again: games were played, ended or started).
    public func refresh() {
        guard let library else { return }
        do {
            let listing = try library.listing()
            continuable = listing.playing
            unreadableNote =
                listing.unreadable.isEmpty
                ? nil : LocalizedMessage("home.unreadable", [.number(listing.unreadable.count)])
            readAtS = Int64(max(0, Date().timeIntervalSince1970))
        } catch {
            self.error = Wording.error(error)
        }
    }

    /// What a Continue card says, all from the core's card: its kind, rule set, players (the
    /// opponents, the AI with its level; every player when none is "you") and moves played;
    /// then whose turn it is and when it was last played.
    public func summary(_ card: GameCard) -> [LocalizedMessage] {
        // Whom the card names is the core's: the opponents of the person here, or every player.
        let shown: [CardSeat]
        switch card.names {
        case .opponents(let seats), .players(let seats): shown = seats
        }
        let players: [LocalizedMessage] = shown.map { seat in
            if case .ai(let level) = seat.player {
                return LocalizedMessage(
                    "home.card.aiSeat",
                    [.message(Wording.name(seat.name)), .message(Wording.level(level))])
            }
            return Wording.name(seat.name)
        }
        let first = LocalizedMessage(
            "home.savedGame",
            [
                .message(Self.kind(card.kind)), .message(Wording.preset(card.preset)),
                .list(players), .number(Int(card.moves)),
            ])
        var turn: LocalizedMessage?
        if card.seats.indices.contains(Int(card.toMove)) {
            let name = card.seats[Int(card.toMove)].name
            turn =
                name == .you
                ? LocalizedMessage("home.card.yourTurn")
                : LocalizedMessage("home.card.toMove", [.message(Wording.name(name))])
        }
        let ago = Self.lastPlayed(
            secondsAgo: max(0, readAtS - card.lastPlayedS))
        let second =
            turn.map { LocalizedMessage("home.card.status", [.message($0), .message(ago)]) } ?? ago
        return [first, second]
    }

    /// A card's kind, as the first word of its line.
    static func kind(_ kind: SavedGameKind) -> LocalizedMessage {
        switch kind {
        case .solo: return LocalizedMessage("home.card.solo")
        case .passAndPlay: return LocalizedMessage("home.card.passAndPlay")
        case .online: return LocalizedMessage("home.card.online")
        }
    }

    /// "played … ago", `secondsAgo` before the listing was read.
    static func lastPlayed(secondsAgo: Int64) -> LocalizedMessage {
        switch secondsAgo {
        case ..<60: return LocalizedMessage("home.card.justNow")
        case ..<3600:
            return LocalizedMessage("home.card.minutesAgo", [.number(Int(secondsAgo / 60))])
        case ..<86_400:
            return LocalizedMessage("home.card.hoursAgo", [.number(Int(secondsAgo / 3600))])
        default: return LocalizedMessage("home.card.daysAgo", [.number(Int(secondsAgo / 86_400))])
        }
    }

    /// Deletes a saved game.
    public func remove(_ card: GameCard) {
        do {
            try library?.remove(id: card.id)
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
    /// The core's diagrams of every rule set (one small board per move kind).
    @ObservationIgnored private let diagramsByPreset: [Preset: [RuleDiagram]]

    /// The rules screen, showing the default rule set.
    public init() {
        ruleSets = ChineseCheckersCore.ruleSets()
        selected = ruleSets.first?.preset ?? .tripot
        diagramsByPreset = Dictionary(
            ruleSets.map { ($0.preset, ruleDiagrams(rules: $0.preset)) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The rule set shown.
    public var shown: RuleSetInfo? { ruleSets.first { $0.preset == selected } }

    /// The shown rule set's diagrams, one per move kind, as the core made them from its lessons;
    /// each opens its lesson step (`LessonModel(id: diagram.lessonId, step: diagram.step)`).
    public var diagrams: [RuleDiagram] { diagramsByPreset[selected] ?? [] }

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
    /// Whether boards play sounds (handed to the boards shown).
    public var sound: Bool {
        didSet {
            settings.sound = sound
            onSound?(sound)
        }
    }
    /// Whether a pass-and-play board turns to the player to move (handed to the boards shown).
    public var turnBoard: Bool {
        didSet {
            settings.turnBoard = turnBoard
            onTurnBoard?(turnBoard)
        }
    }
    /// Seconds the board holds still before each AI move (one of `AppSettings.aiPaces`), handed
    /// to the board shown.
    public var aiPace: Double {
        didSet {
            settings.aiPace = aiPace
            onAiPace?(aiPace)
        }
    }
    /// Why the typed server address was refused.
    public private(set) var error: LocalizedMessage?

    @ObservationIgnored private let onTurnBoard: (@MainActor (Bool) -> Void)?
    @ObservationIgnored private let onAiPace: (@MainActor (Double) -> Void)?
    @ObservationIgnored private let onSound: (@MainActor (Bool) -> Void)?

    /// The settings screen over `settings`; `onTurnBoard` and `onAiPace` hear the "turn the
    /// board" and pace settings change, `onSound` the sound setting (the app hands them to its
    /// boards: `AppModel.settingsModel()`).
    public init(
        settings: AppSettings, onTurnBoard: (@MainActor (Bool) -> Void)? = nil,
        onAiPace: (@MainActor (Double) -> Void)? = nil,
        onSound: (@MainActor (Bool) -> Void)? = nil
    ) {
        self.settings = settings
        self.onTurnBoard = onTurnBoard
        self.onAiPace = onAiPace
        self.onSound = onSound
        sound = settings.sound
        aiPace = settings.aiPace
        playerName = settings.playerName
        serverAddress = settings.hasCustomServer ? settings.serverURL?.absoluteString ?? "" : ""
        haptics = settings.haptics
        turnBoard = settings.turnBoard
    }

    /// The paces offered, each with its words ("No pause", "600 ms").
    public var aiPaces: [(seconds: Double, words: LocalizedMessage)] {
        AppSettings.aiPaces.map { ($0, Wording.pace($0)) }
    }

    /// The default server's address, shown as the empty field's placeholder; nil in a build
    /// without one.
    public nonisolated static var defaultServerAddress: String? {
        AppSettings.defaultServerURL?.absoluteString
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
