// The new-game screen's last choices, kept between launches so the next game starts from them:
// the rule set, the seats, the colours per side and the opener. The core still checks the
// set-up when the game starts; a choice the rule set no longer offers falls back to its default.
import ChineseCheckersCore
import Foundation

/// What a player chose on the new-game screen, in a form that outlives an app update (case
/// names, not the bindings' values).
public struct NewGameChoices: Codable, Equatable, Sendable {
    /// One seat: a person (with the name typed, if any) or an AI opponent of a level.
    public struct SeatChoice: Codable, Equatable, Sendable {
        /// The AI level's case name (`Wording.levelName`), nil for a person.
        public var aiLevel: String?
        /// The name typed for the seat.
        public var name: String
    }

    /// The rule set's case name (`NewGameChoices.presetName`).
    public var preset: String
    /// The seats, in order.
    public var seats: [SeatChoice]
    /// Colours per side.
    public var coloursPerSide: Int32
    /// The opening seat, or nil for a coin toss.
    public var openerSeat: Int32?

    /// The choices of a set-up.
    public init(setup: GameSetup) {
        preset = Self.presetName(setup.rules.preset)
        seats = setup.seats.map { seat in
            switch seat.player {
            case .ai(let level):
                return SeatChoice(aiLevel: Wording.levelName(level), name: seat.name)
            case .person, .remote: return SeatChoice(aiLevel: nil, name: seat.name)
            }
        }
        coloursPerSide = setup.coloursPerSide
        switch setup.opener {
        case .seat(let index): openerSeat = index
        case .coinToss: openerSeat = nil
        }
    }

    /// The case name of a rule set (what the store keeps).
    public static func presetName(_ preset: Preset) -> String {
        switch preset {
        case .tripot: return "tripot"
        case .classic: return "classic"
        case .sternhalma: return "sternhalma"
        case .rulebook: return "rulebook"
        }
    }
}

/// Where the new-game screen keeps its last choices (`AppSettings` in the app; tests use their
/// own).
public protocol NewGameChoicesStore: AnyObject, Sendable {
    /// The choices last kept for `mode`, if any.
    func loadChoices(for mode: NewGameModel.Mode) -> NewGameChoices?
    /// Keeps the choices of a game just started on `mode`'s screen.
    func saveChoices(_ choices: NewGameChoices, for mode: NewGameModel.Mode)
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

extension NewGameModel {
    /// Takes `choices` back: the rule set (with its defaults), then each choice the rule set
    /// offers (seat count, seats, colours per side, opener); anything else keeps the default.
    func restore(_ choices: NewGameChoices) {
        guard
            let info = ruleSets.first(where: {
                NewGameChoices.presetName($0.preset) == choices.preset
            })
        else { return }
        choose(info.preset)
        if seatCounts.contains(Int32(choices.seats.count)) {
            setSeatCount(choices.seats.count)
            let levels = opponents.map(\.level)
            for (index, seat) in choices.seats.enumerated() {
                if let name = seat.aiLevel {
                    guard let level = levels.first(where: { Wording.levelName($0) == name })
                    else { continue }
                    setSeat(index, player: .ai(level: level), name: seat.name)
                } else {
                    setSeat(index, player: .person, name: seat.name)
                }
            }
        }
        if colourCounts.contains(choices.coloursPerSide) {
            coloursPerSide = choices.coloursPerSide
        }
        if canChooseOpener {
            if let seat = choices.openerSeat {
                if seat >= 0, Int(seat) < seats.count { opener = .seat(index: seat) }
            } else {
                opener = .coinToss
            }
        }
    }
}
