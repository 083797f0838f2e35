import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

/// The local game through the generated bindings (the scenarios of the Kotlin suite, plus the new
/// API's banners, typed errors, revisions and cancellation).
final class LocalGameTests: XCTestCase {
    private func solo(
        colours: Int32 = 1, opener: Opener = .seat(index: 0), level: AiLevel = .beginner,
        seed: Int64 = 7
    ) throws -> LocalGame {
        try LocalGame.make(
            .tripot, seats: [person, ai(level)], colours: colours, opener: opener, seed: seed)
    }

    /// S's lone peg on its tip, hemmed in by four N pegs; N has one more peg in the centre.
    private func hemmed(_ rules: String) throws -> PositionSetup {
        try positionFromJson(
            json: """
                {"rules":\(rules),"players":[{"colours":["S"]},{"colours":["N"]}],
                 "pegs":{"S":[[-4,8]],"N":[[-3,7],[-4,7],[-2,6],[-4,6],[0,-4]]},"to_move":0}
                """)
    }

    func testNewGameShowsTheWholeBoard() throws {
        let s = try solo(colours: 3).state()
        XCTAssertEqual(s.holes.count, 121)
        XCTAssertEqual(s.holes.map(\.coord), boardGeometry().holes.map(\.coord))
        XCTAssertEqual(s.holes.filter { $0.occupant != nil }.count, 60)
        XCTAssertEqual(s.players.count, 2)
        XCTAssertEqual(s.players[0].name, .you)
        XCTAssertEqual(s.players[0].player, .person)
        XCTAssertEqual(s.players[0].colours.count, 3)
        XCTAssertEqual(s.players[1].name, .named(name: opponents()[0].name))
        XCTAssertEqual(s.players[1].player, .ai(level: .beginner))
        XCTAssertEqual(s.toMove, 0)
        XCTAssertTrue(s.capabilities.canHint)
        XCTAssertFalse(s.aiToMove)
        XCTAssertNil(s.thinking)
        XCTAssertNil(s.banner)
        XCTAssertNil(s.outcome)
        XCTAssertTrue(s.history.isEmpty)
        XCTAssertEqual(s.change.kind, .refresh)
        XCTAssertEqual(opponents().map(\.level), [.beginner, .easy, .medium, .hard, .impossible])
        initLogging(level: .warn)
        initLogging(level: .info)
    }

    func testRuleSetsOfferReadySetups() throws {
        let sets = ruleSets()
        XCTAssertEqual(sets.map(\.preset), [.tripot, .classic, .sternhalma, .rulebook])
        XCTAssertEqual(sets[0].seatCounts, [2])
        XCTAssertEqual(sets[0].coloursPerSide, [1, 2, 3])
        XCTAssertTrue(sets[0].openerChoice)
        XCTAssertEqual(sets[2].seatCounts, [2, 3, 4, 6])
        XCTAssertFalse(sets[1].openerChoice)
        for info in sets {
            XCTAssertEqual(info.defaultSetup.rules.preset, info.preset)
            let s = try LocalGame(setup: info.defaultSetup).state()
            XCTAssertEqual(s.players.count, 2)
            XCTAssertEqual(s.holes.filter { $0.occupant != nil }.count, 20)
        }
    }

    func testGeometryHasTheTrueAspectAndTenHolesPerCamp() {
        let g = boardGeometry()
        XCTAssertEqual(g.holes.count, 121)
        XCTAssertEqual(g.width, 12, accuracy: 1e-5)
        XCTAssertEqual(g.height, 16 * Float(3).squareRoot() / 2, accuracy: 1e-4)
        XCTAssertGreaterThan(g.holeRadius, 0)
        XCTAssertLessThan(g.holeRadius, 0.5)
        XCTAssertEqual(g.holes.map(\.x).max()!, g.width, accuracy: 1e-4)
        XCTAssertEqual(g.holes.map(\.y).max()!, g.height, accuracy: 1e-4)
        XCTAssertTrue(g.holes.allSatisfy { $0.x >= 0 && $0.y >= 0 })
        let at = Dictionary(uniqueKeysWithValues: g.holes.map { ($0.coord, $0) })
        var pairs = 0
        for h in g.holes {
            for (dq, dr) in [(1, 0), (0, 1), (-1, 1)] as [(Int32, Int32)] {
                guard let n = at[c(h.coord.q + dq, h.coord.r + dr)] else { continue }
                pairs += 1
                XCTAssertEqual(
                    hypot(h.x - n.x, h.y - n.y), 1, accuracy: 1e-4, "\(h.coord) – \(n.coord)")
            }
        }
        XCTAssertGreaterThan(pairs, 250)
        for colour in [Colour.s, .sw, .nw, .n, .ne, .se] {
            XCTAssertEqual(g.holes.filter { $0.camp == colour }.count, 10, "\(colour)")
        }
        XCTAssertEqual(g.holes.filter { $0.camp == nil }.count, 61)
        XCTAssertEqual(at[c(4, -8)]?.row, 1)
        XCTAssertEqual(at[c(4, -8)]?.camp, .n)
        XCTAssertEqual(at[c(0, 0)]?.row, 9)
        XCTAssertEqual(Set(g.holes.map(\.row)), Set(1...17))
        XCTAssertEqual(boardGeometry(), g)
    }

    func testTapSelectsHighlightsAndPlaysAStep() async throws {
        let g = try solo()
        var s = try g.tap(q: -1, r: 5)
        XCTAssertEqual(s.selected, c(-1, 5))
        XCTAssertEqual(hole(s, -1, 5).highlight, .selected)
        XCTAssertEqual(hole(s, -1, 4).highlight, .stepTarget)
        XCTAssertTrue(s.targets.contains { $0.kind == .step && $0.path == [c(-1, 5), c(-1, 4)] })
        s = try g.tap(q: 0, r: 0)
        XCTAssertNil(s.selected)
        _ = try g.tap(q: -1, r: 5)
        s = try g.tap(q: -1, r: 4)
        XCTAssertEqual(s.history.map(\.kind), [.step])
        XCTAssertEqual(s.history[0].number, 1)
        XCTAssertEqual(s.history[0].player, 0)
        XCTAssertEqual(s.lastMove, [c(-1, 5), c(-1, 4)])
        XCTAssertTrue(s.aiToMove)
        XCTAssertFalse(s.capabilities.canHint)
        // Taps on the AI's turn are ignored.
        XCTAssertNil(try g.tap(q: -2, r: 5).selected)
        g.setAiTimeLimit(ms: 50)
        s = try await g.aiMove()
        XCTAssertEqual(s.history.count, 2)
        XCTAssertEqual(s.history[1].player, 1)
        XCTAssertEqual(s.toMove, 0)
        XCTAssertFalse(s.aiToMove)
    }

    func testTripotChainHopsBacksOutAndEndsTheJump() throws {
        // [3,-4] lets the chain hop on from [2,-4] to [4,-4]: a landing with no hop left would
        // end the chain by itself.
        let pos = try positionFromJson(
            json: """
                {"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
                 "pegs":{"S":[[0,0]],"N":[[0,-1],[1,-3],[3,-4],[4,-8]]},"to_move":0}
                """)
        XCTAssertEqual(pos.rules.preset, .tripot)
        XCTAssertEqual(pos.players.map(\.colours), [[.s], [.n]])
        let g = try LocalGame.fromPosition(position: pos, seats: [person, person], seed: 0)
        var s = try g.tap(q: 0, r: 0)
        XCTAssertEqual(
            s.targets.first { $0.coord == c(2, -4) }?.path, [c(0, 0), c(0, -2), c(2, -4)])
        s = try g.tap(q: 0, r: -2)
        XCTAssertEqual(s.chain, [c(0, 0), c(0, -2)])
        XCTAssertTrue(s.capabilities.canEndJump)
        XCTAssertEqual(hole(s, 0, -2).occupant, .s)
        XCTAssertNil(hole(s, 0, 0).occupant)
        XCTAssertEqual(hole(s, 2, -4).highlight, .jumpTarget)
        s = try g.tap(q: 2, r: -4)
        XCTAssertEqual(s.chain.count, 3)
        XCTAssertEqual(s.status, .jumpAgain(player: 0))
        s = try g.tap(q: 0, r: -2)
        XCTAssertEqual(s.chain, [c(0, 0), c(0, -2)])
        s = try g.endJump()
        XCTAssertEqual(s.history.map(\.kind), [.jump])
        XCTAssertEqual(s.history[0].path, [c(0, 0), c(0, -2)])
        assertThrows(MoveError.self, try g.endJump()) { $0 == .NoJumpInProgress }
    }

    func testSwapShowsDistinctMarkers() throws {
        let g = try LocalGame.fromPosition(
            position: try hemmed("\"tripot\""), seats: [person, ai()], seed: 0)
        var s = try g.tap(q: -4, r: 8)
        XCTAssertEqual(s.targets.filter { $0.kind == .swap }.count, 4)
        XCTAssertEqual(hole(s, -3, 7).highlight, .swapTarget)
        s = try g.tap(q: -3, r: 7)
        XCTAssertEqual(s.history.map(\.kind), [.swap])
        XCTAssertEqual(hole(s, -3, 7).occupant, .s)
        XCTAssertEqual(hole(s, -4, 8).occupant, .n)
    }

    // MARK: - Banners and outcomes (kinds and arguments, never text)

    func testForcedPassShowsTurnSkipped() async throws {
        let pos = try hemmed(#"{"preset":"tripot","swaps":false}"#)
        XCTAssertFalse(pos.rules.options.swaps)
        let g = try LocalGame.fromPosition(position: pos, seats: [person, ai(.hard)], seed: 0)
        let s = g.state()
        XCTAssertEqual(s.banner, .turnSkipped(player: 0, times: 1, othersMoved: 0))
        XCTAssertEqual(s.history.map(\.kind), [.pass])
        XCTAssertEqual(s.history[0].path, [])
        XCTAssertTrue(s.aiToMove)
        XCTAssertFalse(s.capabilities.canUndo)
        g.setAiTimeLimit(ms: 50)
        let after = try await g.aiMove()
        XCTAssertGreaterThanOrEqual(after.history.count, 2)
    }

    /// The person stays hemmed in while the AI walks: one banner sums up the run of skipped turns.
    func testARunOfSkippedTurnsIsSummedUpUntilThePersonActs() async throws {
        let pos = try hemmed(#"{"preset":"tripot","swaps":false}"#)
        let g = try LocalGame.fromPosition(position: pos, seats: [person, ai()], seed: 0)
        g.setAiTimeLimit(ms: 50)
        var s = g.state()
        XCTAssertEqual(s.banner, .turnSkipped(player: 0, times: 1, othersMoved: 0))
        var runs = [s.banner]
        for k in Int32(1)...4 {
            s = try await g.aiMove()
            XCTAssertNil(s.outcome)
            // The person passed again at once unless the AI's move freed their peg.
            let passedAgain = s.aiToMove
            let times = passedAgain ? k + 1 : k
            XCTAssertEqual(
                s.banner, .turnSkipped(player: 0, times: times, othersMoved: k),
                "after the AI's move \(k)")
            XCTAssertEqual(
                s.history.filter { $0.player == 0 }.map(\.kind),
                Array(repeating: .pass, count: Int(times)))
            XCTAssertEqual(s.history.filter { $0.player == 1 }.count, Int(k))
            runs.append(s.banner)
            if !passedAgain { break }
        }
        print("skipped-turn banners: \(runs.map { "\($0!)" })")
        XCTAssertGreaterThanOrEqual(runs.count, 3, "the run grew over two AI moves at least")
        // The person's next action (here a tap) clears it.
        s = try g.tap(q: -4, r: 8)
        XCTAssertNil(s.banner)
        if s.aiToMove { XCTAssertEqual(s.notice, .notYourTurn) }
    }

    /// An AI seat's pass shows for that pass only (times 1, nobody moved meanwhile).
    func testAnAiSeatsPassShowsOnce() throws {
        let pos = try hemmed(#"{"preset":"tripot","swaps":false}"#)
        let g = try LocalGame.fromPosition(position: pos, seats: [ai(), person], seed: 0)
        var s = g.state()
        XCTAssertEqual(s.banner, .turnSkipped(player: 0, times: 1, othersMoved: 0))
        XCTAssertEqual(s.toMove, 1)
        XCTAssertFalse(s.aiToMove)
        s = try g.play(c(0, -4), c(0, -3))
        XCTAssertEqual(s.history.map(\.kind), [.pass, .step, .pass])
        XCTAssertEqual(s.banner, .turnSkipped(player: 0, times: 1, othersMoved: 0))
        XCTAssertEqual(s.toMove, 1)
    }

    func testCoinTossIsAnnouncedUntilTheFirstMove() async throws {
        var openers = Set<Int32>()
        for seed in Int64(0)..<16 {
            let s = try solo(opener: .coinToss, seed: seed).state()
            XCTAssertEqual(s.banner, .coinToss(opener: s.toMove))
            XCTAssertEqual(s.aiToMove, s.toMove == 1)
            openers.insert(s.toMove)
        }
        XCTAssertEqual(openers, [0, 1])
        let g = try solo(opener: .coinToss, seed: 3)
        g.setAiTimeLimit(ms: 50)
        var s = g.state()
        s = s.aiToMove ? try await g.aiMove() : try g.play(c(-1, 5), c(-1, 4))
        XCTAssertEqual(s.history.count, 1)
        XCTAssertNil(s.banner)
    }

    /// Rule sets where the first seat always opens seat the toss's winner first, the others in
    /// their turn order behind it.
    func testACoinTossWorksWhenTheFirstSeatAlwaysOpens() throws {
        var firsts = Set<PlayerName>()
        for seed in Int64(0)..<16 {
            let s = try LocalGame.make(.classic, opener: .coinToss, seed: seed).state()
            XCTAssertEqual(s.toMove, 0)
            XCTAssertEqual(s.banner, .coinToss(opener: 0))
            XCTAssertEqual(s.players[0].colours, [.s])
            XCTAssertEqual(Set(s.players.map(\.name)), [.you, .named(name: opponents()[0].name)])
            XCTAssertEqual(s.aiToMove, s.players[0].name != .you)
            firsts.insert(s.players[0].name)
        }
        XCTAssertEqual(firsts.count, 2, "either seat may win the toss")
        let names: [PlayerName] = [
            .you, .named(name: opponents()[0].name), .named(name: opponents()[1].name),
        ]
        var rotations = Set<Int>()
        for seed in Int64(0)..<16 {
            let s = try LocalGame.make(
                .sternhalma, seats: [person, ai(), ai(.easy)], opener: .coinToss, seed: seed
            ).state()
            XCTAssertEqual(s.toMove, 0)
            XCTAssertEqual(s.banner, .coinToss(opener: 0))
            let shown = s.players.map(\.name)
            let k = try XCTUnwrap(names.firstIndex(of: shown[0]))
            XCTAssertEqual(shown, Array(names[k...] + names[..<k]), "turn order kept")
            rotations.insert(k)
        }
        XCTAssertEqual(rotations, [0, 1, 2])
    }

    func testAiSeatsOfOneLevelGetDistinctNames() throws {
        let s = try LocalGame.make(.sternhalma, seats: [person, ai(), ai(), ai(), ai(.easy), ai()])
            .state()
        let names = s.players.map(\.name)
        XCTAssertEqual(Set(names).count, 6, "\(names)")
        XCTAssertEqual(names[0], .you)
        XCTAssertEqual(names[1], .named(name: opponents()[0].name))
        XCTAssertEqual(names[4], .named(name: opponents()[1].name))
        let levelNames = Set(opponents().map { PlayerName.named(name: $0.name) })
        for i in [2, 3, 5] { XCTAssertFalse(levelNames.contains(names[i]), "\(names[i])") }
        // A name given to a seat is kept.
        let named = try LocalGame.make(
            .classic, seats: [person, Seat(player: .ai(level: .beginner), name: "Bot")]
        ).state()
        XCTAssertEqual(named.players[1].name, .named(name: "Bot"))
    }

    func testResignationEndsTheGameForTheOtherSide() throws {
        let g = try solo()
        let (library, _) = try makeLibrary()
        try library.keepLocal(game: g, replace: false)
        _ = try g.play(c(-1, 5), c(-1, 4))
        XCTAssertTrue(g.state().capabilities.canResign)
        let s = try g.resign()
        XCTAssertEqual(
            s.outcome, GameOutcome(winners: [1], reason: .resigned, by: 0, ranking: [[1], [0]]))
        XCTAssertEqual(s.banner, .gameOver)
        XCTAssertFalse(s.aiToMove)
        assertThrows(MoveError.self, try g.think()) { $0 == .GameOver }
        assertThrows(MoveError.self, try g.resign()) { $0 == .GameOver }
        // Kept, it was counted by the library as it ended.
        let beginner = stats(try library.statistics(), .beginner)
        XCTAssertEqual(
            [beginner.played, beginner.won, beginner.lost, beginner.drawn], [1, 0, 1, 0])
    }

    func testDrawOffersAreDeclinedAndAgreed() throws {
        let g = try LocalGame.make(.classic, seats: [person, person])
        var s = g.state()
        XCTAssertEqual(s.players.map(\.name), [.numbered(number: 1), .numbered(number: 2)])
        XCTAssertTrue(s.capabilities.canOfferDraw)
        XCTAssertFalse(s.capabilities.canHint)
        s = try g.offerDraw()
        XCTAssertEqual(s.banner, .drawOffered(by: 0))
        XCTAssertTrue(s.capabilities.canAnswerDraw)
        s = try g.answerDraw(accept: false)
        XCTAssertEqual(s.banner, .drawDeclined(by: 1))
        assertThrows(MoveError.self, try g.answerDraw(accept: true)) { $0 == .NoDrawOffer }
        s = try g.play(c(-1, 5), c(-1, 4))
        XCTAssertNil(s.banner)
        XCTAssertEqual(s.toMove, 1)
        s = try g.offerDraw()
        XCTAssertEqual(s.banner, .drawOffered(by: 1))
        s = try g.answerDraw(accept: true)
        XCTAssertEqual(s.outcome?.reason, .drawAgreed)
        XCTAssertEqual(s.outcome?.winners, [])
        XCTAssertEqual(s.outcome?.by, 1)
        XCTAssertEqual(s.outcome?.ranking, [[0, 1]])
        XCTAssertEqual(s.banner, .gameOver)
    }

    /// Classic: S has nine pegs in the top camp and steps the tenth in.
    func testAWinningMoveGivesTheOutcome() throws {
        let top = boardGeometry().holes.filter { $0.camp == .n }.map(\.coord)
        let last = c(1, -5), from = c(1, -4)
        XCTAssertTrue(top.contains(last))
        let s9 = top.filter { $0 != last } + [from]
        let json = """
            {"rules":"classic","players":[{"colours":["S"]},{"colours":["N"]}],
             "pegs":{"S":[\(s9.map { "[\($0.q),\($0.r)]" }.joined(separator: ","))],"N":[[0,0],[1,1]]},
             "to_move":0}
            """
        let g = try LocalGame.fromPosition(
            position: try positionFromJson(json: json), seats: [person, ai()], seed: 0)
        var s = g.state()
        XCTAssertNil(s.outcome)
        s = try g.play(from, last)
        XCTAssertEqual(s.outcome?.reason, .win)
        XCTAssertEqual(s.outcome?.winners, [0])
        XCTAssertNil(s.outcome?.by)
        XCTAssertEqual(s.outcome?.ranking.first, [0])
        XCTAssertEqual(s.banner, .gameOver)
        XCTAssertFalse(s.aiToMove)
        XCTAssertEqual(s.change.kind, .newMove)
        assertThrows(MoveError.self, try g.hint()) { $0 == .HintNotPossible }
        // Position JSON goes both ways.
        let again = try positionFromJson(
            json: try positionToJson(position: try positionFromJson(json: json)))
        XCTAssertEqual(again, try positionFromJson(json: json))
    }

    // MARK: - Notices (why a tap did nothing)

    func testRefusedTapsSayWhy() throws {
        let g = try solo()
        var s = try g.tap(q: 0, r: 0)
        XCTAssertEqual(s.notice, .emptyHole)
        XCTAssertNil(s.selected)
        s = try g.tap(q: 1, r: -5)
        XCTAssertEqual(s.notice, .notYourPeg(owner: 1))
        XCTAssertNil(s.selected)
        // The tip is hemmed in by its own pegs at the start.
        s = try g.tap(q: -4, r: 8)
        XCTAssertEqual(s.notice, .pegCannotMove)
        XCTAssertTrue(s.targets.isEmpty)
        s = try g.tap(q: -1, r: 5)
        XCTAssertNil(s.notice, "a peg with moves: no notice")
        XCTAssertEqual(s.selected, c(-1, 5))
        s = try g.tap(q: 0, r: 0)
        XCTAssertEqual(s.notice, .notReachable(reason: .noPath))
        XCTAssertNil(s.selected, "the tap also deselects, as before")
        // Cleared by the next action.
        s = g.cancelTouch()
        XCTAssertNil(s.notice)
        s = try g.play(c(-1, 5), c(-1, 4))
        XCTAssertNil(s.notice)
        XCTAssertTrue(s.aiToMove)
        s = try g.tap(q: -2, r: 5)
        XCTAssertEqual(s.notice, .notYourTurn)
        XCTAssertNil(s.selected)
        // Sternhalma's camp rule: no stopping in a foreign camp.
        let pos = try positionFromJson(
            json: """
                {"rules":"sternhalma","players":[{"colours":["S"]},{"colours":["N"]}],
                 "pegs":{"S":[[-4,4]],"N":[[4,-8]]},"to_move":0}
                """)
        let stern = try LocalGame.fromPosition(position: pos, seats: [person, person], seed: 0)
        s = try stern.tap(q: -4, r: 4)
        XCTAssertNil(s.notice)
        XCTAssertFalse(s.targets.contains { $0.coord == c(-5, 4) })
        s = try stern.tap(q: -5, r: 4)
        XCTAssertEqual(s.notice, .notReachable(reason: .campRule))
        XCTAssertTrue(s.history.isEmpty)
    }

    // MARK: - Typed errors

    func testSetupErrorsCarryTheirFields() throws {
        assertThrows(SetupError.self, try LocalGame.make(.classic, seats: [person, ai(), ai()])) {
            $0 == .SeatCount(preset: .classic, found: 3, allowed: [2])
        }
        assertThrows(
            SetupError.self,
            try LocalGame.make(.sternhalma, seats: Array(repeating: person, count: 5))
        ) {
            guard case .SeatCount(let preset, let found, let allowed) = $0 else { return false }
            return preset == .sternhalma && found == 5 && allowed == [2, 3, 4, 6]
        }
        assertThrows(SetupError.self, try solo(colours: 4)) {
            $0 == .ColoursPerSide(preset: .tripot, found: 4, allowed: [1, 2, 3])
        }
        assertThrows(SetupError.self, try LocalGame.make(.classic, opener: .seat(index: 1))) {
            $0 == .OpenerFixed(preset: .classic)
        }
        assertThrows(SetupError.self, try solo(opener: .seat(index: 2))) {
            $0 == .NoSuchSeat(index: 2, seats: 2)
        }
        // Records are immutable: a changed option is a new value.
        let d = ruleSets()[0].defaultSetup, o = d.rules.options
        let reach0 = RuleOptions(
            jumpReach: 0, camps: o.camps, targetLock: o.targetLock, win: o.win, swaps: o.swaps,
            deadlock: o.deadlock, moveCap: o.moveCap, pegs: o.pegs, mandatoryJump: o.mandatoryJump,
            maxChain: o.maxChain, antiBlocking: o.antiBlocking,
            blockedDestination: o.blockedDestination, continueForPlaces: o.continueForPlaces,
            ranking: o.ranking)
        let setup = GameSetup(
            rules: Rules(preset: .tripot, options: reach0), seats: d.seats,
            coloursPerSide: d.coloursPerSide, opener: d.opener, seed: d.seed)
        assertThrows(SetupError.self, try LocalGame(setup: setup)) {
            if case .BadRules = $0 { return true } else { return false }
        }
        assertThrows(SetupError.self, try positionFromJson(json: "{")) {
            if case .BadPosition = $0 { return true } else { return false }
        }
        assertThrows(
            SetupError.self,
            try LocalGame.fromPosition(position: try hemmed("\"tripot\""), seats: [person], seed: 0)
        ) {
            $0 == .SeatCount(preset: .tripot, found: 1, allowed: [2])
        }
    }

    func testMoveErrorsLeaveTheGameUnchanged() throws {
        let g = try solo()
        let before = g.state()
        assertThrows(MoveError.self, try g.undo()) { $0 == .NothingToUndo }
        assertThrows(MoveError.self, try g.redo()) { $0 == .NothingToRedo }
        assertThrows(MoveError.self, try g.think()) { $0 == .NotAiTurn }
        assertThrows(MoveError.self, try g.endJump()) { $0 == .NoJumpInProgress }
        assertThrows(MoveError.self, try g.replayStart()) { $0 == .NothingToReplay }
        assertThrows(MoveError.self, try g.replayStep(delta: 1)) { $0 == .NotReplaying }
        assertThrows(MoveError.self, try g.offerDraw()) { $0 == .DrawNotPossible }
        XCTAssertEqual(g.state(), before, "a refused call changes nothing, not even the revision")
        assertThrows(MoveError.self, try LocalGame.make(.classic, seats: [person, person]).hint()) {
            $0 == .HintNotPossible
        }
    }

    func testSaveRestoreAndBadSaves() async throws {
        let g = try solo(colours: 2)
        g.setAiTimeLimit(ms: 50)
        _ = try g.play(c(-1, 5), c(-1, 4))
        try await g.aiMove()
        let saved = g.save()
        let restored = try LocalGame.restore(save: saved).state()
        let now = g.state()
        XCTAssertEqual(restored.holes, now.holes)
        XCTAssertEqual(restored.history, now.history)
        XCTAssertEqual(restored.players, now.players)
        XCTAssertEqual(restored.capabilities, now.capabilities)
        assertThrows(
            SaveError.self,
            try LocalGame.restore(save: #"{"format":"chinese-checkers-session","version":99}"#)
        ) {
            guard case .TooNew(let found, let supported) = $0 else { return false }
            return found == 99 && (1..<99).contains(supported)
        }
        for bad in [
            "not json", String(saved.prefix(saved.count / 2)),
            saved.replacingOccurrences(of: "[-1,4]", with: "[0,0]"),
        ] {
            assertThrows(SaveError.self, try LocalGame.restore(save: bad)) {
                if case .Corrupt = $0 { return true } else { return false }
            }
        }
        XCTAssertEqual(
            try LocalGame.restore(save: saved).id(), g.id(), "a restored game keeps its id")
        XCTAssertNotEqual(try solo(colours: 2).id(), g.id())
    }

    // MARK: - Revisions and changes

    func testRevisionsGrowAndChangesAnimateForwardMovesOnly() async throws {
        let g = try solo()
        g.setAiTimeLimit(ms: 50)
        var last = g.state().revision
        func check(_ s: GameState, _ kind: ChangeKind, animate: [Coord]?, line: UInt = #line) {
            XCTAssertGreaterThan(s.revision, last, "revision", line: line)
            last = s.revision
            XCTAssertEqual(s.change.kind, kind, line: line)
            if let animate { XCTAssertEqual(s.change.animate, animate, line: line) }
        }
        check(try g.tap(q: -1, r: 5), .refresh, animate: [])
        check(try g.tap(q: -1, r: 4), .newMove, animate: [c(-1, 5), c(-1, 4)])
        var s = try await g.aiMove()
        check(s, .newMove, animate: s.history[1].path)
        XCTAssertFalse(s.change.animate.isEmpty)
        let (from, to) = try g.anyStep()
        s = try g.play(from, to)
        XCTAssertEqual(s.change.kind, .newMove)
        XCTAssertEqual(s.change.animate, [from, to])
        last = s.revision
        s = try await g.aiMove()
        check(s, .newMove, animate: s.history[3].path)
        let four = s.history
        check(try g.undo(), .undo, animate: [])
        XCTAssertEqual(g.state().history, Array(four.prefix(2)))
        check(try g.redo(), .redo, animate: nil)
        s = g.state()
        XCTAssertEqual(s.history, four)
        XCTAssertTrue(s.change.animate.isEmpty || s.change.animate == four[3].path)
        let live = g.state().holes
        check(try g.replayStart(), .refresh, animate: [])
        XCTAssertEqual(g.state().replay, ReplayState(shown: 4, total: 4))
        s = try g.replayStep(delta: -1)
        check(s, .replayStep, animate: [])
        XCTAssertEqual(s.banner, .replay(shown: 3, total: 4))
        s = try g.replayStep(delta: 1)
        check(s, .replayStep, animate: four[3].path)
        s = try g.replayStep(delta: -10)
        check(s, .replayStep, animate: [])
        XCTAssertEqual(s.replay, ReplayState(shown: 0, total: 4))
        XCTAssertEqual(hole(s, -1, 5).occupant, .s)
        s = try g.replayStep(delta: 2)
        check(s, .replayStep, animate: [])
        s = try g.replayStep(delta: 1)
        check(s, .replayStep, animate: four[2].path)
        s = g.replayExit()
        check(s, .refresh, animate: [])
        XCTAssertNil(s.replay)
        XCTAssertEqual(s.history, four)
        XCTAssertEqual(s.holes.map(\.occupant), live.map(\.occupant))
    }

    // MARK: - Hints and cancellation

    func testHintShowsOnTheBoard() async throws {
        let g = try solo()
        let search = try g.hint()
        XCTAssertTrue(g.state().hintPending)
        let outcome = await search.outcome()
        guard case .finished(let s) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertFalse(s.hintPending)
        XCTAssertGreaterThanOrEqual(s.hint.count, 2)
        XCTAssertEqual(hole(s, s.hint[0].q, s.hint[0].r).highlight, .hint)
        XCTAssertTrue(s.history.isEmpty)
        let played = try g.play(s.hint.first!, s.hint.last!)
        XCTAssertEqual(played.history.count, 1)
        XCTAssertEqual(played.hint, [])
    }

    func testChoosingAnotherPegKeepsTheHint() async throws {
        let g = try solo()
        let outcome = await (try g.hint()).outcome()
        guard case .finished(let hinted) = outcome else { return XCTFail("\(outcome)") }
        let from = try XCTUnwrap(hinted.hint.first)
        var s = try g.tap(q: from.q, r: from.r)
        XCTAssertEqual(s.hint, hinted.hint, "the hint's own peg keeps it")
        let other = try XCTUnwrap(s.holes.first { $0.owner == 0 && $0.coord != from }).coord
        s = try g.tap(q: other.q, r: other.r)
        XCTAssertEqual(s.selected, other)
        XCTAssertEqual(s.hint, hinted.hint, "the hint stays until a move is played")
        XCTAssertNotNil(s.hintKind)
    }

    func testCancellingTheAiTaskStopsTheSearch() async throws {
        let g = try solo(opener: .seat(index: 1), level: .impossible)
        g.setAiTimeLimit(ms: 20_000)
        let before = g.state()
        XCTAssertTrue(before.aiToMove)
        let search = try g.think()
        let start = Date()
        let task = Task { await search.outcome() }
        try await Task.sleep(nanoseconds: 150_000_000)
        var s = g.state()
        XCTAssertEqual(s.thinking, 1)
        XCTAssertEqual(s.banner, .aiThinking(player: 1))
        XCTAssertFalse(s.aiToMove)
        assertThrows(MoveError.self, try g.think()) { $0 == .NotAiTurn }
        task.cancel()
        let outcome = await task.value
        XCTAssertLessThan(Date().timeIntervalSince(start), 3)
        guard case .cancelled(let after) = outcome else {
            return XCTFail("not cancelled: \(outcome)")
        }
        for s in [after, g.state()] {
            XCTAssertNil(s.thinking)
            XCTAssertNil(s.banner)
            XCTAssertTrue(s.history.isEmpty)
            // The stopped search paused the AI: its turn waits for the person.
            XCTAssertTrue(s.aiPaused)
            XCTAssertFalse(s.aiToMove)
            XCTAssertEqual(s.holes, before.holes)
        }
        // A second wait on the same handle says cancelled too; while paused, no new search.
        if case .finished = await search.finish() { XCTFail("finished after cancel") }
        assertThrows(MoveError.self, try g.think()) { $0 == .NotAiTurn }
        // Resumed, a new search starts at once.
        s = try XCTUnwrap(g.game().capabilities().ai, "the engine").resume()
        XCTAssertFalse(s.aiPaused)
        XCTAssertTrue(s.aiToMove)
        g.setAiTimeLimit(ms: 50)
        s = try await g.aiMove()
        XCTAssertEqual(s.history.count, 1)
        XCTAssertEqual(s.toMove, 0)
    }

    func testCancellingAHintTaskLeavesNoHint() async throws {
        let g = try solo()
        let before = g.state()
        let search = try g.hint()
        let task = Task { await search.outcome() }
        task.cancel()
        let outcome = await task.value
        guard case .cancelled(let after) = outcome else {
            return XCTFail("not cancelled: \(outcome)")
        }
        for s in [after, g.state()] {
            XCTAssertFalse(s.hintPending)
            XCTAssertEqual(s.hint, [])
            XCTAssertTrue(s.history.isEmpty)
            XCTAssertTrue(s.capabilities.canHint)
            XCTAssertEqual(s.holes, before.holes)
        }
        let again = await (try g.hint()).outcome()
        guard case .finished(let s) = again else { return XCTFail("\(again)") }
        XCTAssertGreaterThanOrEqual(s.hint.count, 2)
    }

    func testUndoStopsTheAiAndTakesBackTheMove() async throws {
        let g = try solo(level: .impossible)
        g.setAiTimeLimit(ms: 20_000)
        _ = try g.play(c(-1, 5), c(-1, 4))
        let search = try g.think()
        let task = Task { await search.outcome() }
        try await Task.sleep(nanoseconds: 100_000_000)
        let s = try g.undo()
        XCTAssertTrue(s.history.isEmpty)
        XCTAssertNil(s.thinking)
        XCTAssertTrue(s.capabilities.canRedo)
        if case .finished = await task.value { XCTFail("the search finished after undo") }
        XCTAssertTrue(g.state().history.isEmpty)
    }
}
