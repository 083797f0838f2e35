// Catalog keys for everything the core reports as a kind: banners, outcomes, notices, server
// refusals, thrown errors, player and opponent names. The switches are exhaustive on purpose: a
// kind added to the core does not compile here until it has a key (and the catalog test then
// asks for its strings in every language).
import ChineseCheckersCore

/// Turns the core's structured values into `LocalizedMessage`s.
public enum Wording {
    // MARK: Players

    /// A player's name: "You", "Player 2", or the name as typed (AI opponents have proper names).
    public static func name(_ name: PlayerName) -> LocalizedMessage {
        switch name {
        case .you:
            return LocalizedMessage("player.you")
        case .numbered(let number):
            return LocalizedMessage("player.numbered", [.number(Int(number))])
        case .named(let text):
            return LocalizedMessage("player.named", [.text(text)])
        }
    }

    /// The name of player `index` in `players` ("Player N" when the index is unknown).
    public static func player(_ index: Int32, in players: [PlayerState]) -> LocalizedMessage {
        if let player = players.first(where: { $0.index == index }) {
            return name(player.name)
        }
        return LocalizedMessage("player.numbered", [.number(Int(index) + 1)])
    }

    /// Whether player `index` is "you" (the sentence then takes its `.you` form, for grammar).
    static func isYou(_ index: Int32?, _ players: [PlayerState]) -> Bool {
        guard let index else { return false }
        return players.first { $0.index == index }?.name == .you
    }

    /// `base` or `base.you`, with the player's name as first argument unless it is "you".
    static func aboutPlayer(
        _ base: String, _ index: Int32, _ players: [PlayerState], _ more: [MessageArgument] = []
    ) -> LocalizedMessage {
        if isYou(index, players) {
            return LocalizedMessage(base + ".you", more)
        }
        return LocalizedMessage(base, [.message(player(index, in: players))] + more)
    }

    // MARK: Banners

    /// The banner above the board.
    public static func banner(_ banner: Banner, players: [PlayerState]) -> LocalizedMessage {
        switch banner {
        case .coinToss(let opener):
            return aboutPlayer("banner.coinToss", opener, players)
        case .turnSkipped(let player, let times, let othersMoved):
            return aboutPlayer(
                "banner.turnSkipped", player, players,
                [.number(Int(times)), .number(Int(othersMoved))])
        case .aiThinking(let player):
            return LocalizedMessage(
                "banner.aiThinking", [.message(Self.player(player, in: players))])
        case .drawOffered(let by):
            return aboutPlayer("banner.drawOffered", by, players)
        case .drawDeclined(let by):
            return aboutPlayer("banner.drawDeclined", by, players)
        case .gameOver:
            return LocalizedMessage("banner.gameOver")
        case .replay(let shown, let total):
            return LocalizedMessage("banner.replay", [.number(Int(shown)), .number(Int(total))])
        case .connecting:
            return LocalizedMessage("banner.connecting")
        case .reconnecting:
            return LocalizedMessage("banner.reconnecting")
        case .replaced:
            return LocalizedMessage("banner.replaced")
        case .waiting:
            return LocalizedMessage("banner.waiting")
        case .roomCode(let code):
            return LocalizedMessage("banner.roomCode", [.text(code)])
        case .sending:
            return LocalizedMessage("banner.sending")
        case .syncing:
            return LocalizedMessage("banner.syncing")
        case .opponentDisconnected(let player, _):
            return LocalizedMessage(
                "banner.opponentDisconnected", [.message(Self.player(player, in: players))])
        case .opponentReconnected(let player):
            return LocalizedMessage(
                "banner.opponentReconnected", [.message(Self.player(player, in: players))])
        case .rematchOffered(let by):
            return aboutPlayer("banner.rematchOffered", by, players)
        case .moveTimedOut(let player):
            return aboutPlayer("banner.moveTimedOut", player, players)
        case .playerReplaced(let player):
            return LocalizedMessage(
                "banner.playerReplaced", [.message(Self.player(player, in: players))])
        case .serverError(let code):
            return LocalizedMessage("banner.serverError", [.message(serverError(code))])
        }
    }

    // MARK: Outcomes

    /// The catalog key of an end reason (`outcome.<reason>`).
    public static func outcomeKey(_ reason: EndReason) -> String {
        switch reason {
        case .win: return "outcome.win"
        case .deadlock: return "outcome.deadlock"
        case .draw: return "outcome.draw"
        case .moveLimit: return "outcome.moveLimit"
        case .resigned: return "outcome.resigned"
        case .drawAgreed: return "outcome.drawAgreed"
        case .abandoned: return "outcome.abandoned"
        }
    }

    /// The end of the game in one sentence: who won and why.
    public static func outcome(_ outcome: GameOutcome, players: [PlayerState]) -> LocalizedMessage {
        Self.outcome(
            winners: outcome.winners, reason: outcome.reason, by: outcome.by, players: players)
    }

    /// The end of the game in one sentence from its parts (the outcome's, or the status line's
    /// `TurnStatus.over`).
    public static func outcome(
        winners winnerIndices: [Int32], reason: EndReason, by: Int32?, players: [PlayerState]
    ) -> LocalizedMessage {
        let base = outcomeKey(reason)
        let winners = winnerIndices.map { player($0, in: players) }
        let youWon = winnerIndices.count == 1 && isYou(winnerIndices.first, players)
        switch reason {
        case .draw, .drawAgreed:
            return LocalizedMessage(base)
        case .win, .deadlock, .moveLimit:
            if winners.isEmpty { return LocalizedMessage(base + ".noWinner") }
            return youWon
                ? LocalizedMessage(base + ".you") : LocalizedMessage(base, [.list(winners)])
        case .resigned, .abandoned:
            // The one who resigned or left; the sentence names the winners too.
            if isYou(by, players) {
                return LocalizedMessage(base + ".byYou", [.list(winners)])
            }
            let who = by.map { player($0, in: players) } ?? LocalizedMessage("player.unknown")
            return youWon
                ? LocalizedMessage(base + ".you", [.message(who)])
                : LocalizedMessage(base, [.message(who), .list(winners)])
        }
    }

    /// The final ranking, one line per place ("1. Ann", "2. Bob, Player 3").
    public static func ranking(_ outcome: GameOutcome, players: [PlayerState]) -> [LocalizedMessage]
    {
        outcome.ranking.enumerated().map { place, indices in
            LocalizedMessage(
                "ranking.place",
                [.number(place + 1), .list(indices.map { player($0, in: players) })])
        }
    }

    // MARK: Notices

    /// Why a tap did nothing.
    public static func notice(_ notice: Notice, players: [PlayerState]) -> LocalizedMessage {
        switch notice {
        case .notYourTurn:
            return LocalizedMessage("notice.notYourTurn")
        case .emptyHole:
            return LocalizedMessage("notice.emptyHole")
        case .notYourPeg(let owner):
            return LocalizedMessage("notice.notYourPeg", [.message(player(owner, in: players))])
        case .pegCannotMove:
            return LocalizedMessage("notice.pegCannotMove")
        case .watching:
            return LocalizedMessage("notice.watching")
        case .notReachable(let reason):
            return LocalizedMessage("notice.notReachable." + unreachableName(reason))
        }
    }

    static func unreachableName(_ reason: Unreachable) -> String {
        switch reason {
        case .noPath: return "noPath"
        case .campRule: return "campRule"
        case .targetLock: return "targetLock"
        case .mustJump: return "mustJump"
        case .longestChain: return "longestChain"
        case .mustFreeTarget: return "mustFreeTarget"
        }
    }
}
