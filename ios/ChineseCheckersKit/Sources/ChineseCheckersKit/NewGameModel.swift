// The new-game screen's model: a `GameSetup` edited within what the core's `ruleSets()` allow;
// the core validates it when the game starts.
import ChineseCheckersCore
import Foundation
import Observation

/// The new-game screen.
@MainActor
@Observable
public final class NewGameModel {
    /// Solo (one person against AI seats) or pass and play (people at one device).
    public enum Mode: Sendable {
        /// The person against AI opponents.
        case solo
        /// Several people at this device (AI seats may be added).
        case passAndPlay
    }

    /// Every rule set the core offers.
    public let ruleSets: [RuleSetInfo]
    /// The five named AI opponents.
    public let opponents: [OpponentInfo]
    /// Solo or pass and play (it sets the seats' defaults).
    public let mode: Mode
    /// The chosen rule set (changing it keeps every choice the new one allows; see `choose`).
    public private(set) var preset: Preset
    /// The rule options: the rule set's own, with the values chosen under "More options"
    /// (`setOption`, which the core checks).
    public private(set) var options: RuleOptions
    /// One seat per player, in seat order.
    public private(set) var seats: [Seat]
    /// Colours each side plays (tripot: 1–3).
    public var coloursPerSide: Int32
    /// Who opens.
    public var opener: Opener
    /// The choices the last change of rule set could not keep (the core's
    /// `setupForRuleSet`), to say under the rule sets (`Wording.setupChange`) until the next
    /// choice of seats, options or rule set; empty: every choice was kept.
    public private(set) var ruleSetChanges: [SetupChange] = []
    /// Why the last start failed, for an alert.
    public private(set) var error: LocalizedMessage?
    /// The interrupted game `start()` would replace (same kind, not ended): ask the person.
    public private(set) var replaceRequest: SavedGame?

    @ObservationIgnored private let library: GameLibrary?
    @ObservationIgnored private let settings: AppSettings?
    @ObservationIgnored private let choicesStore: NewGameChoicesStore?
    /// The last set-up `seatColours` previewed, with its seats' colours.
    @ObservationIgnored private var colourPreview: (setup: GameSetup, colours: [[Colour]])?
    /// Called when a game starts (the app notes which screen made the board).
    @ObservationIgnored var onStart: (@MainActor () -> Void)?

    /// A screen starting from the last choices kept in `choices` (by default the settings) for
    /// this mode, or else from the default rule set (the first the core lists: tripot).
    public init(
        mode: Mode, library: GameLibrary? = nil, settings: AppSettings? = nil,
        choices: NewGameChoicesStore? = nil
    ) {
        self.mode = mode
        self.library = library
        self.settings = settings
        self.choicesStore = choices ?? settings
        ruleSets = ChineseCheckersCore.ruleSets()
        opponents = ChineseCheckersCore.opponents()
        let first = ruleSets[0]
        preset = first.preset
        options = first.options
        seats = []
        coloursPerSide = first.defaultSetup.coloursPerSide
        opener = first.defaultSetup.opener
        seats = newGameSeats(count: Int32(first.defaultSetup.seats.count), solo: mode == .solo)
        if let saved = choicesStore?.loadChoices(for: mode) { restore(saved) }
    }

    /// The chosen rule set's description from the core.
    public var ruleSet: RuleSetInfo {
        ruleSets.first { $0.preset == preset } ?? ruleSets[0]
    }

    /// The seat counts the rule set allows.
    public var seatCounts: [Int32] { ruleSet.seatCounts }
    /// The colours per side the rule set allows.
    public var colourCounts: [Int32] { ruleSet.coloursPerSide }
    /// Whether the opener may be chosen (otherwise the rule set fixes it).
    public var canChooseOpener: Bool { ruleSet.openerChoice }
    /// The options the chosen rule set lets a new game change, each with the values it offers,
    /// in display order (the core's list: empty for the named bundles).
    public var editableOptions: [EditableOption] { ruleSet.editableOptions }
    /// Whether any option may be edited ("More options").
    public var canEditOptions: Bool { !editableOptions.isEmpty }

    /// The rule set "Customize" switches to when the chosen one edits nothing: the first the core
    /// lets a game change (nil when none does).
    public var customizable: Preset? {
        ruleSets.first { !$0.editableOptions.isEmpty }?.preset
    }

    /// The value `option` has now (the one an editor marks as chosen).
    public func value(of option: RuleOption) -> RuleOptionValue {
        ruleOptionValue(options: options, option: option)
    }

    /// Chooses one option's value through the core, which refuses (`error` set, the options
    /// unchanged) a value the rule set does not offer.
    public func setOption(_ value: RuleOptionValue) {
        do {
            options = try withRuleOption(
                rules: Rules(preset: preset, options: options), value: value
            )
            .options
        } catch {
            self.error = Wording.error(error)
        }
    }

    /// Chooses a rule set, with its own options; the core keeps every other choice the new
    /// rule set allows (the opponents and their levels, seats, colours, who opens) and names
    /// each one it had to change (`ruleSetChanges`).
    public func choose(_ preset: Preset) {
        guard ruleSets.contains(where: { $0.preset == preset }) else { return }
        let carried = setupForRuleSet(setup: setup(seed: 0), preset: preset)
        self.preset = preset
        options = carried.setup.rules.options
        seats = carried.setup.seats
        coloursPerSide = carried.setup.coloursPerSide
        opener = carried.setup.opener
        ruleSetChanges = carried.changed
    }

    /// Sets the number of seats: the core keeps the seats already chosen, adds its new-game
    /// seats (`newGameSeats`, as on Android) and moves an opener whose seat went to the first.
    public func setSeatCount(_ count: Int) {
        guard count > 0 else { return }
        ruleSetChanges = []
        let resized = setupWithSeatCount(
            setup: setup(seed: 0), count: Int32(count), solo: mode == .solo)
        seats = resized.seats
        opener = resized.opener
    }

    /// Puts a person or an AI opponent in seat `index`.
    public func setSeat(_ index: Int, player: SeatPlayer, name: String = "") {
        guard seats.indices.contains(index) else { return }
        ruleSetChanges = []
        seats[index] = Seat(player: player, name: name)
    }

    /// Solo: the seat the person sits at (its colours are theirs); nil in pass and play.
    public var personSeat: Int? {
        mode == .solo ? seats.firstIndex { $0.player == .person } : nil
    }

    /// Each seat's colours as the core deals them for this set-up (empty while the core
    /// refuses it), for "Your colour". The core's preview game is made once per set-up, not on
    /// every drawing of the screen.
    public var seatColours: [[Colour]] {
        let current = setup(seed: 0)
        if let preview = colourPreview, preview.setup == current { return preview.colours }
        let colours = (try? LocalGame(setup: current))?.state().players.map(\.colours) ?? []
        colourPreview = (current, colours)
        return colours
    }

    /// Solo: the person takes seat `index` (its colours), trading places with the opponent
    /// there, who keeps its level; with two seats a chosen opener stays with the player it was
    /// chosen for (the core's `setupSitAt`, as on Android).
    public func sitAt(_ index: Int) {
        guard mode == .solo, seats.indices.contains(index) else { return }
        let moved = setupSitAt(setup: setup(seed: 0), index: Int32(index))
        ruleSetChanges = []
        seats = moved.seats
        opener = moved.opener
    }

    /// The set-up as chosen, with a fresh seed.
    public func setup(seed: Int64 = Int64.random(in: Int64.min...Int64.max)) -> GameSetup {
        GameSetup(
            rules: Rules(preset: preset, options: options), seats: seats,
            coloursPerSide: coloursPerSide, opener: opener, seed: seed)
    }

    /// Starts the game, kept in the library at once (it writes itself after every change).
    /// Nil when the core refuses the set-up (`error` set), or when the game would take the slot
    /// of another interrupted game of its kind and `replacingSavedGame` is false: then
    /// `replaceRequest` names that game — ask the person, then start again with
    /// `replacingSavedGame` (or `keepSavedGame()`).
    public func start(replacingSavedGame: Bool = false) -> BoardModel? {
        let setup = setup()
        do {
            let game = try LocalGame(setup: setup)
            try library?.keepLocal(game: game, replace: replacingSavedGame)
            error = nil
            replaceRequest = nil
            choicesStore?.saveChoices(rememberSetup(setup: setup), for: mode)
            onStart?()
            return BoardModel(
                game: game.game(), aiTimeLimitMs: settings?.aiTimeLimitMs,
                turnBoard: settings?.turnBoard ?? true, aiPace: settings?.aiPace ?? 0)
        } catch LibraryError.WouldReplace(let existing) {
            replaceRequest = existing
            return nil
        } catch {
            self.error = Wording.error(error)
            return nil
        }
    }

    /// Takes kept choices back as the core reads them (`recallSetup`): the rule set with its own
    /// options, then the seats, colours per side and who opens; nothing when the core does not.
    func restore(_ choices: String) {
        guard let setup = recallSetup(text: choices),
            ruleSets.contains(where: { $0.preset == setup.rules.preset })
        else { return }
        choose(setup.rules.preset)
        seats = setup.seats
        coloursPerSide = setup.coloursPerSide
        opener = setup.opener
        ruleSetChanges = []
    }

    /// The person keeps the interrupted game: nothing starts.
    public func keepSavedGame() { replaceRequest = nil }

    /// Forgets the alert.
    public func dismissError() { error = nil }
}
