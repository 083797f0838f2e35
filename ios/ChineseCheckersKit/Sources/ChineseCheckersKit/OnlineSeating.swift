// What the online screens show of games of 3 or more seats: the lobby's "seated/seats", the
// panel of a table or room that is still filling, and the seats of a game in progress. The
// formats (`onlineFormats()`) and their seat counts (`formatSeats(format:)`) are the core's.
import ChineseCheckersCore

extension Wording {
    /// A lobby row's detail: the format, and "seated/seats" for a table of 3 or more seats.
    public static func tableDetail(_ table: TableInfo) -> LocalizedMessage {
        let seats = Int(formatSeats(format: table.format))
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

/// One seat of an online game of 3 or more seats, as the game screen lists it in turn order.
public struct SeatLine: Equatable, Sendable {
    /// The seat's side (0 opens).
    public let side: Int
    /// "You" for our seat, else the name the player (or the computer) goes by.
    public let name: LocalizedMessage
    /// The colours the seat plays.
    public let colours: [Colour]
    /// "Computer · <level>" for a seat the server's AI plays; nil for a person.
    public let computer: LocalizedMessage?
    /// "away" while the seat's player is not connected; nil otherwise.
    public let away: LocalizedMessage?
    /// Whether it is this seat's turn (never once the game is over).
    public let toMove: Bool

    /// The seats of `state`'s game, side 0 (who opens) first; nil without a game or for a game
    /// of 2 seats, whose screen names the opponent alone.
    public static func lines(_ state: OnlineState) -> [SeatLine]? {
        guard let game = state.game, game.listsSeats else { return nil }
        let board = state.board
        return game.seats.enumerated().map { side, seat in
            let player = board.players.first { $0.index == Int32(side) }
            return SeatLine(
                side: side,
                name: player.map { Wording.name($0.name) }
                    ?? LocalizedMessage("player.named", [.text(seat.name)]),
                colours: player?.colours ?? [],
                computer: seat.ai.map {
                    LocalizedMessage("online.seat.computer", [.message(Wording.level($0))])
                },
                away: seat.connected ? nil : LocalizedMessage("online.seat.away"),
                toMove: board.outcome == nil && board.toMove == Int32(side))
        }
    }
}
