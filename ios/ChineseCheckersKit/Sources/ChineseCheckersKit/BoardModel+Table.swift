// What the player's table shows around the board: the control bar's fixed slots, the questions
// asked before a destructive action, the one status line, the player strip and the hint in
// words. All of it read from the core's state; nothing here decides a rule.
import ChineseCheckersCore

/// One button of the control bar. The bar's slots are the same list for the whole game (only a
/// capability the game lacks entirely has no slot), so a button never moves under the finger: a
/// button that does not apply now is shown disabled in its place.
public struct ControlSlot: Equatable, Hashable, Sendable, Identifiable {
    /// Which button, in the bar's order.
    public enum Kind: Equatable, Hashable, Sendable, CaseIterable {
        /// Ends a tripot chain where the peg stands (its own slot, first).
        case endJump
        /// Takes back the last move.
        case undo
        /// Plays again a move taken back.
        case redo
        /// Asks the AI for a hint.
        case hint
        /// Starts the replay, or leaves it while it runs.
        case replay
        /// The moves played (the history).
        case moves
        /// Offers a draw, or answers the opponent's offer.
        case draw
        /// Resigns (after a confirmation).
        case resign
    }

    /// Which button.
    public let id: Kind
    /// Whether it does something now.
    public let enabled: Bool

    /// A slot (the view builds none: `BoardModel.controlSlots` lists them).
    public init(id: Kind, enabled: Bool) {
        self.id = id
        self.enabled = enabled
    }
}

/// A destructive action waiting for the player's "yes" (`BoardModel.confirm()`).
public enum Confirmation: Equatable, Sendable {
    /// Resign this game?
    case resign
    /// Offer a draw?
    case offerDraw
    /// Accept or decline the opponent's draw offer (`answerDraw(accept:)`).
    case answerDraw
}

/// One player in the strip above the board.
public struct PlayerChip: Equatable, Hashable, Sendable, Identifiable {
    /// The player's index (the core's `PlayerState.index`).
    public let id: Int32
    /// The player's name.
    public let name: LocalizedMessage
    /// The colours the player plays.
    public let colours: [Colour]
    /// Whether the player is to move (the strip keeps this one in view).
    public let toMove: Bool
}

/// One move of the trail the board draws: a move another seat played since the board's seat
/// last moved (the core's `GameState.trail`).
public struct TrailSegment: Equatable, Hashable, Sendable, Identifiable {
    /// The move's number in the game.
    public let id: Int32
    /// Who played it.
    public let player: Int32
    /// The holes its peg passed, from its start to its end.
    public let path: [Coord]
    /// The colour of the peg that moved, which the line is drawn in (so that who went where
    /// reads in a game of six): the peg now at the end of the path when it is one of the
    /// mover's colours (a later swap may have moved it on), else the mover's first colour.
    public let colour: Colour?
    /// How many trail moves came after it: 0 for the newest (drawn like the last move), the
    /// older ones fainter.
    public let age: Int
}

extension BoardModel {
    // MARK: The control bar

    /// The control bar's buttons, in order, each enabled as the core's `state.capabilities` say.
    /// The list depends only on what the game has at all (`capabilities()`), never on the
    /// moment: a chain, a banner, a thinking AI or the replay change `enabled`, not the slots.
    public var controlSlots: [ControlSlot] {
        let can = state.capabilities
        let replaying = state.replay != nil
        var slots: [ControlSlot] = []
        // During the replay only the replay's own slot (its exit) and the moves apply.
        func add(_ kind: ControlSlot.Kind, _ enabled: Bool) {
            slots.append(ControlSlot(id: kind, enabled: enabled && !replaying))
        }
        add(.endJump, can.canEndJump)
        if hasUndo {
            add(.undo, can.canUndo)
            add(.redo, can.canRedo)
        }
        if hasHint { add(.hint, can.canHint && !isHinting) }
        if hasReplay {
            slots.append(ControlSlot(id: .replay, enabled: replaying || can.canReplay))
        }
        slots.append(ControlSlot(id: .moves, enabled: !state.history.isEmpty))
        if hasDrawOffers {
            add(.draw, can.canAnswerDraw || can.canOfferDraw)
        }
        if hasResign { add(.resign, can.canResign) }
        return slots
    }

    /// Whether the draw slot answers an offer now (its label: "Answer the draw offer").
    public var drawSlotAnswers: Bool { state.capabilities.canAnswerDraw }

    /// Whether the replay slot leaves the replay now (its label: "Exit replay").
    public var replaySlotExits: Bool { state.replay != nil }

    /// The control bar's button `kind` was tapped: does what it says, or asks first (resign and
    /// draws: `pendingConfirmation`). The moves slot is the view's (it opens the history).
    public func tapSlot(_ kind: ControlSlot.Kind) {
        guard controlSlots.first(where: { $0.id == kind })?.enabled == true else { return }
        switch kind {
        case .endJump: endJump()
        case .undo: undo()
        case .redo: redo()
        case .hint: requestHint()
        case .replay: if replaySlotExits { exitReplay() } else { startReplay() }
        case .moves: break
        case .draw: if drawSlotAnswers { askToAnswerDraw() } else { requestDrawOffer() }
        case .resign: requestResign()
        }
    }

    // MARK: Confirmations

    /// Asks "Resign this game?" (`pendingConfirmation`); nothing is resigned until `confirm()`.
    public func requestResign() {
        guard state.capabilities.canResign else { return }
        pendingConfirmation = .resign
    }

    /// Asks "Offer a draw?"; nothing is sent until `confirm()`.
    public func requestDrawOffer() {
        guard state.capabilities.canOfferDraw else { return }
        pendingConfirmation = .offerDraw
    }

    /// Asks the player to accept or decline the opponent's offer (`answerDraw(accept:)`).
    public func askToAnswerDraw() {
        guard state.capabilities.canAnswerDraw else { return }
        pendingConfirmation = .answerDraw
    }

    /// The player said yes to the pending question: resigns or offers the draw (an answer to a
    /// draw offer goes through `answerDraw(accept:)`).
    public func confirm() {
        let pending = pendingConfirmation
        pendingConfirmation = nil
        switch pending {
        case .resign: resign()
        case .offerDraw: offerDraw()
        case .answerDraw, nil: break
        }
    }

    /// The player said no: the game stays as it was.
    public func cancelConfirmation() { pendingConfirmation = nil }

    // MARK: The status line

    /// The one status line above the board: the replay's position, who won and how once the
    /// game is over (the game-over sheet closed or not), the thinking or paused AI, a chain that
    /// goes on ("Jump again, or End jump"), or who is to move: the core's `state.status`, worded.
    public var status: LocalizedMessage {
        Wording.status(state)
    }

    /// The banner drawn over the board, unless the status line already says it (the end, the
    /// AI thinking, the replay's position).
    public var overlayBanner: LocalizedMessage? {
        switch state.banner {
        case .gameOver, .aiThinking, .replay, nil: return nil
        default: return banner
        }
    }

    /// The game-over sheet was closed: the status line keeps saying who won and how.
    public func dismissGameOver() { gameOverShown = false }

    // MARK: The player strip

    /// The players in seat order, the one to move marked (the strip scrolls to it).
    public var playerChips: [PlayerChip] {
        state.players.map { player in
            PlayerChip(
                id: player.index, name: Wording.name(player.name), colours: player.colours,
                toMove: state.outcome == nil && player.index == state.toMove)
        }
    }

    // MARK: The trail

    /// Every move of the core's trail to draw, oldest first, each with its age (the newest
    /// drawn like the last move, the earlier ones fainter); empty when the core's trail is.
    public var trailSegments: [TrailSegment] {
        let trail = state.trail
        return trail.enumerated().map { index, move in
            TrailSegment(
                id: move.number, player: move.player, path: move.path,
                colour: trailColour(move), age: trail.count - 1 - index)
        }
    }

    private func trailColour(_ move: PlayedMove) -> Colour? {
        let index = Int(move.player)
        guard state.players.indices.contains(index) else { return nil }
        let mine = state.players[index].colours
        let there = state.holes.first { $0.coord == move.path.last }?.occupant
        if let there, mine.contains(there) { return there }
        return mine.first
    }

    // MARK: The hint

    /// The hint in words ("Hint: jump from row 3, place 2 to row 5, place 4"), while the state
    /// has one (the core keeps it while pegs are selected, until a move is played).
    public var hintWords: LocalizedMessage? {
        Wording.hint(
            state.hint, kind: state.hintKind,
            geometry: geometry.named(rotationDegrees: state.rotationDegrees))
    }
}

extension Wording {
    /// The status line of `state` (see `BoardModel.status`): the core's `state.status` worded,
    /// nothing decided here.
    public static func status(_ state: GameState) -> LocalizedMessage {
        status(state.status, canEndJump: state.capabilities.canEndJump, players: state.players)
    }

    /// The status line of a `TurnStatus`; `canEndJump` (the state's capability) says whether a
    /// chain that goes on may also stop here.
    public static func status(_ status: TurnStatus, canEndJump: Bool, players: [PlayerState])
        -> LocalizedMessage
    {
        switch status {
        case .toMove(let player):
            return aboutPlayer("status.toMove", player, players)
        case .jumpAgain:
            // The core says whether the chain may stop here too: then say both.
            return LocalizedMessage(canEndJump ? "status.jumpAgain" : "status.jumpAgain.only")
        case .thinking(let player):
            return banner(.aiThinking(player: player), players: players)
        case .aiPaused(let player):
            return LocalizedMessage("status.aiPaused", [.message(Self.player(player, in: players))])
        case .replay(let shown, let total):
            return banner(.replay(shown: shown, total: total), players: players)
        case .over(let winners, let reason, let by):
            return outcome(winners: winners, reason: reason, by: by, players: players)
        }
    }

    /// The AI's pace in words: "No pause", or the hold in milliseconds.
    public static func pace(_ seconds: Double) -> LocalizedMessage {
        guard seconds > 0 else { return LocalizedMessage("settings.pace.none") }
        return LocalizedMessage("settings.pace.ms", [.number(Int((seconds * 1000).rounded()))])
    }

    /// A hint in words, by its kind and from its path's first hole to its last ("Hint: jump
    /// from row 3, place 2 to row 5, place 4"); nil without a hint.
    public static func hint(_ path: [Coord], kind: MoveKind?, geometry: BoardGeometry)
        -> LocalizedMessage?
    {
        guard let kind, let from = path.first, let to = path.last, path.count >= 2,
            let start = geometry.hole(at: from), let end = geometry.hole(at: to)
        else { return nil }
        let key: String
        switch kind {
        case .step: key = "board.hint.step"
        case .jump: key = "board.hint.jump"
        case .swap: key = "board.hint.swap"
        case .pass: return nil
        }
        return LocalizedMessage(
            key,
            [
                .number(Int(start.row)), .number(Int(start.place)), .number(Int(end.row)),
                .number(Int(end.place)),
            ])
    }
}
