// What the online screens show of games of 3 or more seats: the formats in the pickers, the
// lobby's "seated/seats", and the panel of a table or room that is still filling.
import ChineseCheckersCore

extension Format {
    /// Every online format in the core's order, for the pickers (the generated enum is not
    /// `CaseIterable`; `seats` below switches exhaustively, so a new case fails the build there).
    public static let all: [Format] = [
        .tripot1, .tripot2, .tripot3, .classic, .sternhalma2, .sternhalma3, .sternhalma4,
        .sternhalma6,
    ]

    /// How many seats a game of this format has. The core gives this only once seated
    /// (`SeatedInfo.seats`), not with a lobby's `TableInfo`, so it is read from the format here.
    public var seats: Int {
        switch self {
        case .tripot1, .tripot2, .tripot3, .classic, .sternhalma2: return 2
        case .sternhalma3: return 3
        case .sternhalma4: return 4
        case .sternhalma6: return 6
        }
    }
}

extension Wording {
    /// A lobby row's detail: the format, and "seated/seats" for a table of 3 or more seats.
    public static func tableDetail(_ table: TableInfo) -> LocalizedMessage {
        let seats = table.format.seats
        guard seats > 2 else { return format(table.format) }
        return LocalizedMessage(
            "online.lobby.tableSeats",
            [.message(format(table.format)), .number(Int(table.seated)), .number(seats)])
    }
}

/// The panel of a table or room of 3 or more seats we sit at while it fills: who sits, how many
/// seats are free, and whether we may start it with computer players (the host only).
public struct SeatedPanel: Equatable, Sendable {
    /// "Seated at the table · <format>".
    public let title: LocalizedMessage
    /// The players seated so far, the host first, as they named themselves.
    public let players: [String]
    /// How many seats are still empty.
    public let freeSeatCount: Int
    /// "Free seats: N".
    public let freeSeats: LocalizedMessage
    /// Whether "Start with computer players" is offered (we are the host).
    public let canStart: Bool
    /// A guest's line while waiting; nil for the host, who has the button instead.
    public let waiting: LocalizedMessage?

    /// The panel for the core's `SeatedInfo`.
    public init(_ info: SeatedInfo) {
        title = LocalizedMessage("online.seated.title", [.message(Wording.format(info.format))])
        players = info.players
        freeSeatCount = max(0, Int(info.seats) - info.players.count)
        freeSeats = LocalizedMessage("online.seated.free", [.number(freeSeatCount)])
        canStart = info.host
        waiting = info.host ? nil : LocalizedMessage("online.seated.waiting")
    }
}
