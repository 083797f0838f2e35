// Catalog keys for the names of the core's plain enums (colours, rule sets, AI levels...), for
// move history entries and for the VoiceOver label of a hole.
import ChineseCheckersCore

extension Wording {
    /// The case name of an AI level (keys `level.<name>` and `opponent.<name>.personality`).
    public static func levelName(_ level: AiLevel) -> String {
        switch level {
        case .beginner: return "beginner"
        case .easy: return "easy"
        case .medium: return "medium"
        case .hard: return "hard"
        case .impossible: return "impossible"
        }
    }

    /// The level's name ("Beginner"...).
    public static func level(_ level: AiLevel) -> LocalizedMessage {
        LocalizedMessage("level." + levelName(level))
    }

    /// One line of an AI opponent's personality (its proper name comes from the core).
    public static func personality(_ level: AiLevel) -> LocalizedMessage {
        LocalizedMessage("opponent." + levelName(level) + ".personality")
    }

    /// The case name of a colour (key `colour.<name>`).
    public static func colourName(_ colour: Colour) -> String {
        switch colour {
        case .s: return "s"
        case .sw: return "sw"
        case .nw: return "nw"
        case .n: return "n"
        case .ne: return "ne"
        case .se: return "se"
        }
    }

    /// A colour's name ("Red"...): colours are named after their camp by the core.
    public static func colour(_ colour: Colour) -> LocalizedMessage {
        LocalizedMessage("colour." + colourName(colour))
    }

    /// A rule set's name.
    public static func preset(_ preset: Preset) -> LocalizedMessage {
        switch preset {
        case .tripot: return LocalizedMessage("preset.tripot")
        case .classic: return LocalizedMessage("preset.classic")
        case .sternhalma: return LocalizedMessage("preset.sternhalma")
        case .rulebook: return LocalizedMessage("preset.rulebook")
        }
    }

    /// An online game's format ("Tripot, 1 colour"...).
    public static func format(_ format: Format) -> LocalizedMessage {
        switch format {
        case .tripot1: return LocalizedMessage("format.tripot1")
        case .tripot2: return LocalizedMessage("format.tripot2")
        case .tripot3: return LocalizedMessage("format.tripot3")
        case .classic: return LocalizedMessage("format.classic")
        case .sternhalma2: return LocalizedMessage("format.sternhalma2")
        case .sternhalma3: return LocalizedMessage("format.sternhalma3")
        case .sternhalma4: return LocalizedMessage("format.sternhalma4")
        case .sternhalma6: return LocalizedMessage("format.sternhalma6")
        }
    }

    /// The kind of a saved game ("Solo", "Pass and play", "Online").
    public static func savedGameKind(_ kind: SavedGameKind) -> LocalizedMessage {
        switch kind {
        case .solo: return LocalizedMessage("savedGame.solo")
        case .passAndPlay: return LocalizedMessage("savedGame.passAndPlay")
        case .online: return LocalizedMessage("savedGame.online")
        }
    }

    /// The connection indicator of the online screens.
    public static func connection(_ connection: Connection) -> LocalizedMessage {
        switch connection {
        case .connecting: return LocalizedMessage("connection.connecting")
        case .reconnecting: return LocalizedMessage("connection.reconnecting")
        case .replaced: return LocalizedMessage("connection.replaced")
        case .connected: return LocalizedMessage("connection.connected")
        }
    }

    /// One line of the move history: "12. Ann: jump, 3 holes" (the path's length, with the
    /// start).
    public static func historyEntry(_ move: PlayedMove, players: [PlayerState]) -> LocalizedMessage
    {
        let who = MessageArgument.message(player(move.player, in: players))
        let number = MessageArgument.number(Int(move.number))
        switch move.kind {
        case .step:
            return LocalizedMessage("history.step", [number, who])
        case .jump:
            return LocalizedMessage("history.jump", [number, who, .number(move.path.count - 1)])
        case .swap:
            return LocalizedMessage("history.swap", [number, who])
        case .pass:
            return LocalizedMessage("history.pass", [number, who])
        }
    }

    /// What a hole's highlight means, for VoiceOver (nil when it means nothing).
    public static func highlight(_ highlight: Highlight) -> LocalizedMessage? {
        switch highlight {
        case .none: return nil
        case .selected: return LocalizedMessage("highlight.selected")
        case .stepTarget: return LocalizedMessage("highlight.stepTarget")
        case .jumpTarget: return LocalizedMessage("highlight.jumpTarget")
        case .swapTarget: return LocalizedMessage("highlight.swapTarget")
        case .chain: return LocalizedMessage("highlight.chain")
        case .lastMove: return LocalizedMessage("highlight.lastMove")
        case .hint: return LocalizedMessage("highlight.hint")
        }
    }

    /// A hole's VoiceOver label from the core's row and place ("Row 3, place 2"), what stands on
    /// it ("Red peg of Ann", or "empty") and its highlight ("jump target").
    public static func holeLabel(
        _ geometry: HoleGeometry, _ hole: HoleState, players: [PlayerState]
    ) -> [LocalizedMessage] {
        var parts = [
            LocalizedMessage(
                "hole.position", [.number(Int(geometry.row)), .number(Int(geometry.place))])
        ]
        if let colour = hole.occupant {
            if let owner = hole.owner {
                parts.append(
                    LocalizedMessage(
                        "hole.pegOf",
                        [.message(Self.colour(colour)), .message(player(owner, in: players))]))
            } else {
                parts.append(LocalizedMessage("hole.peg", [.message(Self.colour(colour))]))
            }
        } else {
            parts.append(LocalizedMessage("hole.empty"))
        }
        if let highlight = highlight(hole.highlight) { parts.append(highlight) }
        return parts
    }

    /// What VoiceOver says after a move: who moved, from where to where (row and place).
    public static func moveAnnouncement(
        _ move: PlayedMove, geometry: BoardGeometry, players: [PlayerState]
    ) -> LocalizedMessage {
        let who = MessageArgument.message(player(move.player, in: players))
        guard let from = move.path.first, let to = move.path.last,
            let start = geometry.hole(at: from), let end = geometry.hole(at: to)
        else {
            return LocalizedMessage("announce.pass", [who])
        }
        return LocalizedMessage(
            "announce.move",
            [
                who, .number(Int(start.row)), .number(Int(start.place)), .number(Int(end.row)),
                .number(Int(end.place)),
            ])
    }
}

extension Wording {
    /// The rule options, one line each: the option's name and its value (the move cap, which
    /// no editor offers, after the deadlock rule).
    public static func optionLines(_ options: RuleOptions) -> [LocalizedMessage] {
        func line(_ option: RuleOption) -> LocalizedMessage {
            optionLine(option, optionValue(ruleOptionValue(options: options, option: option)))
        }
        let moveCap = LocalizedMessage(
            "option.line",
            [
                .message(LocalizedMessage("option.moveCap")),
                .message(
                    options.moveCap.map { LocalizedMessage("value.number", [.number(Int($0))]) }
                        ?? LocalizedMessage("value.noLimit")),
            ])
        let before: [RuleOption] = [.jumpReach, .camps, .targetLock, .win, .swaps, .deadlock]
        let after: [RuleOption] = [
            .pegs, .mandatoryJump, .maxChain, .antiBlocking, .blockedDestination,
            .continueForPlaces, .ranking,
        ]
        return before.map(line) + [moveCap] + after.map(line)
    }

    /// "Name: value", one line of the options.
    public static func optionLine(_ option: RuleOption, _ value: LocalizedMessage)
        -> LocalizedMessage
    {
        LocalizedMessage("option.line", [.message(optionName(option)), .message(value)])
    }

    /// A rule option's name (an editor's label).
    public static func optionName(_ option: RuleOption) -> LocalizedMessage {
        switch option {
        case .jumpReach: return LocalizedMessage("option.jumpReach")
        case .camps: return LocalizedMessage("option.camps")
        case .targetLock: return LocalizedMessage("option.targetLock")
        case .win: return LocalizedMessage("option.win")
        case .swaps: return LocalizedMessage("option.swaps")
        case .deadlock: return LocalizedMessage("option.deadlock")
        case .pegs: return LocalizedMessage("option.pegs")
        case .mandatoryJump: return LocalizedMessage("option.mandatoryJump")
        case .maxChain: return LocalizedMessage("option.maxChain")
        case .antiBlocking: return LocalizedMessage("option.antiBlocking")
        case .blockedDestination: return LocalizedMessage("option.blockedDestination")
        case .continueForPlaces: return LocalizedMessage("option.continueForPlaces")
        case .ranking: return LocalizedMessage("option.ranking")
        }
    }

    /// One value of a rule option (a picker row): a number, on or off, or the variant's name.
    public static func optionValue(_ value: RuleOptionValue) -> LocalizedMessage {
        func flag(_ on: Bool) -> LocalizedMessage {
            LocalizedMessage(on ? "value.on" : "value.off")
        }
        switch value {
        case .jumpReach(let reach): return LocalizedMessage("value.number", [.number(Int(reach))])
        case .pegs(let pegs): return LocalizedMessage("value.number", [.number(Int(pegs))])
        case .camps(let camps): return self.camps(camps)
        case .win(let win): return winRule(win)
        case .deadlock(let deadlock): return self.deadlock(deadlock)
        case .maxChain(let maxChain): return self.maxChain(maxChain)
        case .ranking(let ranking): return self.ranking(ranking)
        case .targetLock(let on), .swaps(let on), .mandatoryJump(let on), .antiBlocking(let on),
            .blockedDestination(let on), .continueForPlaces(let on):
            return flag(on)
        }
    }

    /// A camp restriction's name.
    public static func camps(_ camps: Camps) -> LocalizedMessage {
        switch camps {
        case .open: return LocalizedMessage("camps.open")
        case .noStoppingInForeign: return LocalizedMessage("camps.noStoppingInForeign")
        case .noForeign: return LocalizedMessage("camps.noForeign")
        }
    }

    /// A win rule's name.
    public static func winRule(_ rule: WinRule) -> LocalizedMessage {
        switch rule {
        case .allOwn: return LocalizedMessage("win.allOwn")
        case .filledWithOneOwn: return LocalizedMessage("win.filledWithOneOwn")
        }
    }

    /// A deadlock rule's name.
    public static func deadlock(_ rule: Deadlock) -> LocalizedMessage {
        switch rule {
        case .pegCount: return LocalizedMessage("deadlock.pegCount")
        case .none: return LocalizedMessage("deadlock.none")
        }
    }

    /// A longest-chain rule's name.
    public static func maxChain(_ rule: MaxChain) -> LocalizedMessage {
        switch rule {
        case .off: return LocalizedMessage("maxChain.off")
        case .perPiece: return LocalizedMessage("maxChain.perPiece")
        case .army: return LocalizedMessage("maxChain.army")
        }
    }

    /// A move-cap ranking's name.
    public static func ranking(_ rule: Ranking) -> LocalizedMessage {
        switch rule {
        case .distance: return LocalizedMessage("ranking.distance")
        case .pegsThenDistance: return LocalizedMessage("ranking.pegsThenDistance")
        }
    }
}
