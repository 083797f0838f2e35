// The app's String Catalog against the core: every kind the core can produce (read from the
// generated bindings, so a new kind fails here) has a string in English, French and Simplified
// Chinese, and renders through the package's formatter with its arguments.
import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

final class CatalogCoverageTests: XCTestCase {
    static let languages = ["en", "fr", "zh-Hans"]

    /// ios/ (this file is ios/ChineseCheckersKit/Tests/ChineseCheckersKitTests/…).
    static let iosFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let catalogURL = iosFolder.appendingPathComponent(
        "ChineseCheckers/Resources/Localizable.xcstrings")

    private var catalog: StringCatalog!

    override func setUpWithError() throws {
        catalog = try StringCatalog(contentsOf: Self.catalogURL)
    }

    /// Three players: you (seat 1), Ann (an AI opponent's or a typed name) and "Player 3".
    let players = [
        PlayerState(index: 0, name: .you, player: .person, colours: [.s], team: nil),
        PlayerState(index: 1, name: .named(name: "Ann"), player: .person, colours: [.n], team: nil),
        PlayerState(
            index: 2, name: .numbered(number: 3), player: .person, colours: [.ne], team: nil),
    ]

    // MARK: The core's kinds, from the generated bindings

    /// The case names of `name` in the generated Swift bindings (the core's own list).
    private func generatedCases(_ name: String) throws -> [String] {
        let bindings = Self.iosFolder.appendingPathComponent(
            "ChineseCheckersKit/Sources/ChineseCheckersCore/ChineseCheckersCore.swift")
        let lines = try String(contentsOf: bindings, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        guard
            let start = lines.firstIndex(where: {
                $0.hasPrefix("public enum \(name):") || $0.hasPrefix("enum \(name):")
            })
        else { throw HelperError("no enum \(name) in the bindings") }
        var cases: [String] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("}") { break }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("case ") else { continue }
            let name = trimmed.dropFirst(5).prefix { $0.isLetter || $0.isNumber || $0 == "`" }
            cases.append(name.replacingOccurrences(of: "`", with: ""))
        }
        XCTAssertFalse(cases.isEmpty, "\(name) has cases")
        return cases
    }

    /// Asserts that `samples` (case name → message) covers exactly the core's cases of `name`,
    /// and renders each message in every language.
    private func check(
        _ name: String, _ samples: [String: [LocalizedMessage]], file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        XCTAssertEqual(
            Set(samples.keys), Set(try generatedCases(name)),
            "\(name): the samples cover the core's cases", file: file, line: line)
        for (caseName, messages) in samples {
            for message in messages {
                for language in Self.languages {
                    let text = try catalog.renderer(language: language).render(message)
                    XCTAssertFalse(
                        text.trimmingCharacters(in: .whitespaces).isEmpty,
                        "\(name).\(caseName) in \(language)", file: file, line: line)
                    XCTAssertFalse(
                        text.contains("%"), "\(message) in \(language): \(text)", file: file,
                        line: line)
                }
            }
        }
    }

    /// Issue 38 item 9: the board's buttons and Cancel are different words in every language
    /// (French once said "Annuler" for both Undo and Cancel).
    func testTheBoardsButtonsAndCancelAreDifferentWordsInEveryLanguage() throws {
        let keys = [
            "board.endJump", "board.undo", "board.redo", "board.hint", "board.replay",
            "board.resign", "common.cancel",
        ]
        for language in Self.languages {
            let renderer = catalog.renderer(language: language)
            let words = try keys.map { try renderer.render(LocalizedMessage($0)) }
            XCTAssertEqual(Set(words).count, keys.count, "\(language): \(words)")
        }
    }

    func testEveryBannerKindIsWordedInEveryLanguage() throws {
        func both(_ make: (Int32) -> Banner) -> [LocalizedMessage] {
            [0, 1, 2].map { Wording.banner(make($0), players: players) }
        }
        try check(
            "Banner",
            [
                "coinToss": both { .coinToss(opener: $0) },
                "turnSkipped": both { .turnSkipped(player: $0, times: 3, othersMoved: 5) },
                "aiThinking": both { .aiThinking(player: $0) },
                "drawOffered": both { .drawOffered(by: $0) },
                "drawDeclined": both { .drawDeclined(by: $0) },
                "gameOver": both { _ in .gameOver },
                "replay": both { _ in .replay(shown: 4, total: 9) },
                "connecting": both { _ in .connecting },
                "reconnecting": both { _ in .reconnecting },
                "replaced": both { _ in .replaced },
                "waiting": both { _ in .waiting },
                "roomCode": both { _ in .roomCode(code: "ABCD2345") },
                "sending": both { _ in .sending },
                "syncing": both { _ in .syncing },
                "opponentDisconnected": both { .opponentDisconnected(player: $0, backByMs: nil) },
                "opponentReconnected": both { .opponentReconnected(player: $0) },
                "rematchOffered": both { .rematchOffered(by: $0) },
                "playerReplaced": both { .playerReplaced(player: $0) },
                "moveTimedOut": both { .moveTimedOut(player: $0) },
                "serverError": both { _ in .serverError(code: .roomNotFound) },
            ])
    }

    func testEveryOutcomeKindIsWordedInEveryLanguage() throws {
        var samples: [String: [LocalizedMessage]] = [:]
        for reason in try generatedCases("EndReason") {
            let endReason = try XCTUnwrap(Self.endReasons[reason], "no sample of \(reason)")
            // Won by you, by Ann, by two players, by nobody; resigned or left by you or by Ann.
            let outcomes = [
                GameOutcome(winners: [0], reason: endReason, by: 1, ranking: [[0], [1]]),
                GameOutcome(winners: [1], reason: endReason, by: 0, ranking: [[1], [0]]),
                GameOutcome(winners: [1, 2], reason: endReason, by: 0, ranking: [[1, 2], [0]]),
                GameOutcome(winners: [], reason: endReason, by: nil, ranking: [[0, 1]]),
            ]
            samples[reason] = outcomes.flatMap {
                [Wording.outcome($0, players: players)] + Wording.ranking($0, players: players)
            }
        }
        try check("EndReason", samples)
    }

    static let endReasons: [String: EndReason] = [
        "win": .win, "deadlock": .deadlock, "draw": .draw, "moveLimit": .moveLimit,
        "resigned": .resigned, "drawAgreed": .drawAgreed, "abandoned": .abandoned,
    ]

    func testEveryNoticeKindIsWordedInEveryLanguage() throws {
        let reasons: [String: Unreachable] = [
            "noPath": .noPath, "campRule": .campRule, "targetLock": .targetLock,
            "mustJump": .mustJump, "longestChain": .longestChain,
            "mustFreeTarget": .mustFreeTarget,
        ]
        try check(
            "Unreachable",
            reasons.mapValues { [Wording.notice(.notReachable(reason: $0), players: players)] })
        try check(
            "Notice",
            [
                "notYourTurn": [Wording.notice(.notYourTurn, players: players)],
                "emptyHole": [Wording.notice(.emptyHole, players: players)],
                "notYourPeg": [1, 2].map {
                    Wording.notice(.notYourPeg(owner: $0), players: players)
                },
                "pegCannotMove": [Wording.notice(.pegCannotMove, players: players)],
                "watching": [Wording.notice(.watching, players: players)],
                "notReachable": reasons.values.map {
                    Wording.notice(.notReachable(reason: $0), players: players)
                },
            ])
    }

    func testEveryServerRefusalIsWordedInEveryLanguage() throws {
        let codes: [ErrorCode] = [
            .malformed, .unknownMessage, .badMessage, .unsupportedVersion, .helloFirst, .badToken,
            .badName, .rateLimited, .tooLarge, .tooManyRooms, .tooManyTables, .alreadySearching,
            .roomNotFound, .tableNotFound, .ownTable, .gameNotFound, .notInGame, .wrongPly,
            .notYourTurn, .illegalMove, .gameOver, .notOver, .noDrawOffer, .idle, .shuttingDown,
            .internal, .alreadyGreeted, .notInThisFormat, .notHost,
        ]
        var samples: [String: [LocalizedMessage]] = [:]
        for code in codes {
            samples[Wording.serverErrorName(code)] = [
                Wording.serverError(code), Wording.banner(.serverError(code: code), players: []),
            ]
        }
        try check("ErrorCode", samples)
    }

    func testEveryThrownErrorIsWordedInEveryLanguage() throws {
        let saved = SavedGame(
            id: "g", kind: .solo, preset: .tripot, players: [.you], moves: 3, over: false,
            savedAtS: 0)
        let moveErrors: [MoveError] = [
            .GameOver, .NotYourTurn, .NotAiTurn, .NothingToUndo, .NothingToRedo,
            .NoJumpInProgress, .CannotEndHere, .DrawNotPossible, .NoDrawOffer, .NothingToReplay,
            .NotReplaying, .HintNotPossible, .MoveInFlight, .NoGame, .NotOver, .NotConnected,
            .NoTransport, .Internal(detail: "x"),
        ]
        let onlineErrors: [OnlineError] = [
            .BadName(detail: "x"), .BadToken(detail: "x"), .BadRoomCode(code: "no!"),
            .NotConnected, .GameInProgress, .NoGame, .NoTable, .NotOver, .NoDrawOffer,
            .Malformed(detail: "x"), .NotSeated, .NotHost,
        ]
        let setupErrors: [SetupError] = [
            .SeatCount(preset: .classic, found: 5, allowed: [2, 3, 4, 6]),
            .ColoursPerSide(preset: .tripot, found: 4, allowed: [1, 2, 3]),
            .OpenerFixed(preset: .sternhalma), .NoSuchSeat(index: 7, seats: 2),
            .BadRules(detail: "x"), .BadPosition(detail: "x"),
            .OptionFixed(preset: .tripot, option: .swaps),
            .OptionValue(preset: .rulebook, value: .jumpReach(reach: 9)),
        ]
        let saveErrors: [SaveError] = [.Corrupt(detail: "x"), .TooNew(found: 9, supported: 2)]
        let libraryErrors: [LibraryError] = [
            .WouldReplace(existing: saved), .NotFound(id: "g"),
            .Damaged(file: "a.json", detail: "x"), .TooNew(found: 9, supported: 2),
            .Storage(file: "a.json", detail: "x"),
        ]
        func byCase<E: Error>(_ errors: [E]) -> [String: [LocalizedMessage]] {
            Dictionary(
                errors.map { error in
                    let message = Wording.error(error)
                    return (String(message.key.split(separator: ".").last!), [message])
                }, uniquingKeysWith: { $0 + $1 })
        }
        try check("MoveError", byCase(moveErrors))
        try check("OnlineError", byCase(onlineErrors))
        try check("SetupError", byCase(setupErrors))
        try check("SaveError", byCase(saveErrors))
        try check("LibraryError", byCase(libraryErrors))
        try check("PuzzleError", byCase([PuzzleError.BadSet(detail: "x"), .Unknown(id: "y")]))
    }

    func testEveryLessonWordIsWordedInEveryLanguage() throws {
        try check(
            "LessonTopic",
            [
                "moves": [Wording.lessonTopic(.moves)],
                "longJumps": [Wording.lessonTopic(.longJumps)],
                "swaps": [Wording.lessonTopic(.swaps)],
                "passedTurn": [Wording.lessonTopic(.passedTurn)],
                "classic": [Wording.lessonTopic(.classic)],
                "sternhalma": [Wording.lessonTopic(.sternhalma)],
            ])
        try check(
            "LessonGoal",
            [
                "step": [Wording.lessonGoal(.step)],
                "jumpOver": [Wording.lessonGoal(.jumpOver(colour: .n))],
                "chain": [Wording.lessonGoal(.chain(hops: 3))],
                "longJump": [Wording.lessonGoal(.longJump(distance: 3))],
                "swapStuckPeg": [Wording.lessonGoal(.swapStuckPeg)],
                "evictSquatter": [Wording.lessonGoal(.evictSquatter)],
                "watchPass": [Wording.lessonGoal(.watchPass)],
                "moveTo": [Wording.lessonGoal(.moveTo(hole: Coord(q: 4, r: 0)))],
                "fillTarget": [Wording.lessonGoal(.fillTarget)],
                "winAtMoveCap": [Wording.lessonGoal(.winAtMoveCap(cap: 200))],
            ])
        try check(
            "WrongTry",
            [
                "notAStep": [Wording.wrongTry(.notAStep)],
                "notAJump": [Wording.wrongTry(.notAJump)],
                "wrongPivot": [Wording.wrongTry(.wrongPivot(found: .s))],
                "chainTooShort": [Wording.wrongTry(.chainTooShort(hops: 1))],
                "chainTooLong": [Wording.wrongTry(.chainTooLong(hops: 3))],
                "wrongJumpLength": [Wording.wrongTry(.wrongJumpLength(distance: 1))],
                "notASwap": [Wording.wrongTry(.notASwap)],
                "squatterStays": [Wording.wrongTry(.squatterStays)],
                "wrongHole": [Wording.wrongTry(.wrongHole)],
                "noWin": [Wording.wrongTry(.noWin)],
                "notRankedFirst": [Wording.wrongTry(.notRankedFirst)],
            ])
        func feedback(_ value: LessonFeedback, done: Bool = false) -> LocalizedMessage {
            Wording.lessonFeedback(value, players: players, lessonDone: done)
        }
        try check(
            "LessonFeedback",
            [
                "refused": [feedback(.refused(notice: .notYourPeg(owner: 1)))],
                "missed": [feedback(.missed(reason: .notAStep, path: []))],
                "stepDone": [feedback(.stepDone), feedback(.stepDone, done: true)],
                "turnPassed": [feedback(.turnPassed)],
            ])
        let rules: [LessonRule] = [
            .step, .jump, .chain, .endJump, .longJump, .swapStuckPeg, .swapSquatter, .passedTurn,
            .shortJumpsOnly, .fillTarget, .campRule, .targetLock, .moveCap,
        ]
        try check(
            "LessonRule",
            Dictionary(
                uniqueKeysWithValues: rules.map { rule in
                    let message = Wording.lessonRule(rule)
                    return (String(message.key.split(separator: ".").last!), [message])
                }))
        let screen = [
            LocalizedMessage("lesson.progress", [.number(2), .number(4)]),
            LessonsModel.summary(lessons(dataDir: temporaryFolder().path)[0]),
            Wording.error(LessonError.NoSuchLesson(id: "x")),
        ]
        for message in screen {
            for language in Self.languages {
                XCTAssertFalse(try catalog.renderer(language: language).render(message).isEmpty)
            }
        }
    }

    func testEveryOpponentAndNameIsWordedInEveryLanguage() throws {
        let opponents = ChineseCheckersCore.opponents()
        XCTAssertEqual(opponents.count, 5, "five named opponents")
        XCTAssertEqual(Set(opponents.map(\.name)).count, 5, "each with its own name")
        var levels: [String: [LocalizedMessage]] = [:]
        for opponent in opponents {
            levels[Wording.levelName(opponent.level)] = [
                Wording.level(opponent.level), Wording.personality(opponent.level),
            ]
        }
        try check("AiLevel", levels)
        try check("Colour", Self.samples(Wording.colour, [.s, .sw, .nw, .n, .ne, .se]))
        try check(
            "Preset", Self.samples(Wording.preset, [.tripot, .classic, .sternhalma, .rulebook]))
        try check("Format", Self.samples(Wording.format, onlineFormats()))
        try check(
            "Connection",
            Self.samples(Wording.connection, [.connecting, .reconnecting, .connected, .replaced]))
        try check(
            "SavedGameKind", Self.samples(Wording.savedGameKind, [.solo, .passAndPlay, .online]))
        try check("Camps", Self.samples(Wording.camps, [.open, .noStoppingInForeign, .noForeign]))
        try check("WinRule", Self.samples(Wording.winRule, [.allOwn, .filledWithOneOwn]))
        try check("Deadlock", Self.samples(Wording.deadlock, [.pegCount, .none]))
        try check("MaxChain", Self.samples(Wording.maxChain, [.off, .perPiece, .army]))
        try check("Ranking", Self.samples(Wording.ranking, [.distance, .pegsThenDistance]))
        // Every option's name, and every value any rule set offers, keyed by its option.
        var optionNames: [String: [LocalizedMessage]] = [:]
        var optionValues: [String: [LocalizedMessage]] = [:]
        for editable in ruleSets().flatMap(\.editableOptions) {
            let name = Wording.optionName(editable.option)
            let caseName = String(name.key.split(separator: ".").last!)
            optionNames[caseName] = [name]
            optionValues[caseName, default: []] += editable.values.map {
                Wording.optionLine(editable.option, Wording.optionValue($0))
            }
        }
        try check("RuleOption", optionNames)
        try check("RuleOptionValue", optionValues)
        let highlights: [Highlight] = [
            .selected, .stepTarget, .jumpTarget, .swapTarget, .chain, .lastMove, .hint,
        ]
        var highlightSamples = Self.samples({ Wording.highlight($0)! }, highlights)
        XCTAssertNil(Wording.highlight(.none), "a plain hole says nothing more")
        highlightSamples["none"] = []
        try check("Highlight", highlightSamples)
        for preset in ruleSets().map(\.preset) {
            for language in Self.languages {
                let renderer = catalog.renderer(language: language)
                XCTAssertFalse(try renderer.render(RulesModel.explanation(preset)).isEmpty)
                for line in Wording.optionLines(ruleSets().first { $0.preset == preset }!.options) {
                    XCTAssertFalse(try renderer.render(line).contains("%"))
                }
            }
        }
    }

    /// Samples keyed by the last part of their key (`colour.sw` → `sw`), as the core names them.
    private static func samples<T>(_ word: (T) -> LocalizedMessage, _ values: [T])
        -> [String: [LocalizedMessage]]
    {
        Dictionary(
            values.map { value in
                let message = word(value)
                return (String(message.key.split(separator: ".").last!), [message])
            }, uniquingKeysWith: { $0 + $1 })
    }

    // MARK: Exact wording

    func testMessagesRenderWithTheirArgumentsInTheThreeLanguages() throws {
        let skipped = Wording.banner(
            .turnSkipped(player: 1, times: 3, othersMoved: 5), players: players)
        let expected = [
            "en": "Ann had no move: turn skipped (3×); the others played 5 moves.",
            "fr": "Ann n’avait aucun coup : tour passé (3×) ; les autres ont joué 5 coups.",
            "zh-Hans": "Ann 无路可走：跳过回合（3 次）；其他玩家走了 5 步。",
        ]
        for (language, text) in expected {
            XCTAssertEqual(try catalog.renderer(language: language).render(skipped), text)
        }
        let won = GameOutcome(winners: [1, 2], reason: .resigned, by: 0, ranking: [[1, 2], [0]])
        let outcome = Wording.outcome(won, players: players)
        XCTAssertEqual(
            try catalog.renderer(language: "en").render(outcome),
            "You resigned: Ann, Player 3 wins.")
        XCTAssertEqual(
            try catalog.renderer(language: "zh-Hans").render(outcome), "你认输了：Ann、玩家 3 获胜。")
        XCTAssertEqual(
            try catalog.renderer(language: "fr").render(
                Wording.banner(.coinToss(opener: 0), players: players)),
            "Pile ou face : vous commencez.")
        XCTAssertEqual(
            try catalog.renderer(language: "en").render(
                Wording.setupError(.SeatCount(preset: .classic, found: 5, allowed: [2, 3, 4, 6]))),
            "Classic is played by 2, 3, 4, 6 players, not 5.")
    }

    func testTheRendererRefusesMissingKeysAndMismatchedPlaceholders() throws {
        let renderer = MessageRenderer(language: "en") { key in
            ["n": "%lld pegs", "t": "%@ and %@", "pos": "%2$@ before %1$@"][key]
        }
        XCTAssertEqual(try renderer.render(LocalizedMessage("n", [.number(4)])), "4 pegs")
        XCTAssertEqual(
            try renderer.render(LocalizedMessage("pos", [.text("a"), .text("b")])), "b before a")
        XCTAssertThrowsError(try renderer.render(LocalizedMessage("missing"))) {
            XCTAssertEqual($0 as? RenderError, .missingKey(key: "missing", language: "en"))
        }
        XCTAssertThrowsError(try renderer.render(LocalizedMessage("n", [.text("four")])))
        XCTAssertThrowsError(try renderer.render(LocalizedMessage("t", [.text("one")])))
        XCTAssertEqual(
            renderer.text(LocalizedMessage("missing")), "missing", "the key as a last resort")
    }

    // MARK: The catalog itself

    /// The placeholders of a format, in order of their argument (`%2$@` counts as the second).
    private func placeholders(_ format: String) -> [String] {
        var found: [Int: String] = [:]
        var next = 1
        let scanner = Array(format)
        var index = 0
        while index < scanner.count {
            guard scanner[index] == "%" else {
                index += 1
                continue
            }
            index += 1
            if index < scanner.count, scanner[index] == "%" {
                index += 1
                continue
            }
            var digits = ""
            var probe = index
            while probe < scanner.count, scanner[probe].isNumber {
                digits.append(scanner[probe])
                probe += 1
            }
            var position = next
            if !digits.isEmpty, probe < scanner.count, scanner[probe] == "$" {
                position = Int(digits)!
                index = probe + 1
            }
            let spec = String(scanner[index...].prefix { $0.isLetter || $0 == "@" }.prefix(3))
            found[position] = spec.hasPrefix("lld") ? "lld" : String(spec.prefix(1))
            next = position + 1
            index += found[position]!.count
        }
        return found.keys.sorted().map { found[$0]! }
    }

    func testEveryKeyHasEveryLanguageWithTheSamePlaceholders() throws {
        XCTAssertEqual(catalog.sourceLanguage, "en")
        XCTAssertGreaterThan(catalog.strings.count, 200)
        for (key, byLanguage) in catalog.strings {
            let english = try XCTUnwrap(byLanguage["en"], "\(key) has no English")
            for language in Self.languages {
                let text = try XCTUnwrap(byLanguage[language], "\(key) has no \(language)")
                XCTAssertFalse(text.isEmpty, "\(key) is empty in \(language)")
                XCTAssertEqual(
                    placeholders(text), placeholders(english),
                    "\(key): the placeholders of \(language) match English")
            }
        }
    }

    func testEveryKeyTheViewsUseIsInTheCatalog() throws {
        // The SwiftUI views only build on a Mac; their keys are checked here. A key is a string
        // literal such as "board.undo" whose first part names a screen.
        let prefixes = [
            "app", "home", "newGame", "board", "online", "rules", "stats", "settings", "common",
            "a11y", "lessons", "lesson", "puzzle",
        ]
        let folder = Self.iosFolder.appendingPathComponent("ChineseCheckers")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        XCTAssertGreaterThan(files.count, 5, "the app's views are there")
        var used = Set<String>()
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            for part in source.split(separator: "\"").enumerated() where part.offset % 2 == 1 {
                let literal = String(part.element)
                guard let first = literal.split(separator: ".").first,
                    prefixes.contains(String(first)), literal.contains("."),
                    literal.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." })
                else { continue }
                used.insert(literal)
            }
        }
        XCTAssertGreaterThan(used.count, 40, "the views use their keys")
        for key in used.sorted() {
            for language in Self.languages {
                XCTAssertNotNil(
                    catalog.string(key, language: language), "'\(key)' has no \(language) string")
            }
        }
    }
}
