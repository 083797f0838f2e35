// Our finished online games ("Your games") and our ratings, as the online screen words them:
// one line per game (format, the other players, won or lost, why it ended, when), one line per
// rule set we are rated in, the host's rating at lobby tables and the change a rated game made.
import ChineseCheckersCore
import Foundation

/// One finished game of "Your games".
public struct PastGameLine: Equatable, Sendable, Identifiable {
    /// The server's game id (to download it).
    public let id: String
    /// "Classic · against Bob".
    public let title: LocalizedMessage
    /// "Won · Bob resigned", "Lost · You resigned" (our result, why it ended: who resigned or
    /// left, when the core knows it).
    public let detail: LocalizedMessage
    /// "today" or "yesterday"; nil for an older game (the view writes `endedAt` as a date).
    public let day: LocalizedMessage?
    /// When it ended (the server's clock).
    public let endedAt: Date

    /// The line of `game`, its day counted in `calendar` from `nowMs` (this device's clock).
    public init(_ game: PastGame, nowMs: Int64, calendar: Calendar = .current) {
        id = game.id
        let others = game.players.enumerated().filter { $0.offset != Int(game.side) }
            .map(\.element)
        title = LocalizedMessage(
            "online.games.title",
            [.message(Wording.format(game.format)), .text(others.joined(separator: ", "))])
        let result: String
        switch game.result {
        case .won: result = "online.games.won"
        case .lost: result = "online.games.lost"
        case .noWinner: result = "online.games.noWinner"
        }
        detail = LocalizedMessage(
            "online.games.detail",
            [.message(LocalizedMessage(result)), .message(Wording.pastReason(game))])
        endedAt = Date(unixMs: Int64(clamping: game.endedMs))
        let now = Date(unixMs: nowMs)
        if calendar.isDate(endedAt, inSameDayAs: now) {
            day = LocalizedMessage("online.games.today")
        } else if let yesterday = calendar.date(byAdding: .day, value: -1, to: now),
            calendar.isDate(endedAt, inSameDayAs: yesterday)
        {
            day = LocalizedMessage("online.games.yesterday")
        } else {
            day = nil
        }
    }
}

/// One public game in progress of "Watch a game".
public struct LiveGameLine: Equatable, Sendable, Identifiable {
    /// The server's game id (to watch it).
    public let id: String
    /// "Tripot, 1 colour · Bob, Cy · 12 moves".
    public let text: LocalizedMessage

    /// The line of `game`.
    public init(_ game: LiveGame) {
        id = game.game
        text = LocalizedMessage(
            game.ply == 1 ? "online.watch.line.one" : "online.watch.line",
            [
                .message(Wording.format(game.format)),
                .text(game.players.joined(separator: ", ")), .number(Int(game.ply)),
            ])
    }
}

extension Wording {
    /// Why a finished game ended, in a few words (the list has no room for a sentence).
    public static func pastReason(_ reason: EndReason) -> LocalizedMessage {
        switch reason {
        case .win: return LocalizedMessage("online.games.reason.win")
        case .deadlock: return LocalizedMessage("online.games.reason.deadlock")
        case .draw: return LocalizedMessage("online.games.reason.draw")
        case .moveLimit: return LocalizedMessage("online.games.reason.moveLimit")
        case .resigned: return LocalizedMessage("online.games.reason.resigned")
        case .drawAgreed: return LocalizedMessage("online.games.reason.drawAgreed")
        case .abandoned: return LocalizedMessage("online.games.reason.abandoned")
        }
    }

    /// Why a finished game ended, naming who resigned or left when the core says (`PastGame.by`,
    /// `byYou`: "You resigned", "Bob left the game"); otherwise the reason alone.
    public static func pastReason(_ game: PastGame) -> LocalizedMessage {
        let base: String
        switch game.reason {
        case .resigned: base = "online.games.reason.resigned"
        case .abandoned: base = "online.games.reason.abandoned"
        default: return pastReason(game.reason)
        }
        if game.byYou { return LocalizedMessage(base + ".you") }
        guard let by = game.by, game.players.indices.contains(Int(by)) else {
            return pastReason(game.reason)
        }
        return LocalizedMessage(base + ".by", [.text(game.players[Int(by)])])
    }

    /// "Tripot 1535 (3 games)".
    public static func ratingLine(_ rating: OnlineRating) -> LocalizedMessage {
        LocalizedMessage(
            rating.games == 1 ? "online.ratings.line.one" : "online.ratings.line",
            [
                .message(preset(rating.ruleSet)), .number(Int(rating.rating)),
                .number(Int(rating.games)),
            ])
    }

    /// A lobby table's host, with their rating in the table's rule set when the server sent it.
    public static func tableHost(_ table: TableInfo) -> LocalizedMessage {
        guard let rating = table.hostRating else {
            return LocalizedMessage("player.named", [.text(table.host)])
        }
        return LocalizedMessage(
            "online.lobby.hostRating", [.text(table.host), .number(Int(rating))])
    }

    /// "Rating 1500 → 1662".
    public static func ratingChange(_ change: RatingChange) -> LocalizedMessage {
        LocalizedMessage(
            "online.ratingChange", [.number(Int(change.before)), .number(Int(change.after))])
    }
}
