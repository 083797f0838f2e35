import Foundation
import XCTest
import ChineseCheckersCore

/// The session through the generated bindings: the scenarios of issue #4 (same as the Kotlin suite).
final class GameSessionTests: XCTestCase {
    private func solo(colours: UInt32 = 1, opener: Opener = .side1, level: AiLevel = .beginner) -> NewGame {
        NewGame(mode: .solo(level: level, humanSide: 0), rules: "tripot", coloursPerSide: colours,
                players: 2, opener: opener, names: [], seed: 7)
    }

    private func hole(_ v: BoardView, _ q: Int32, _ r: Int32) -> HoleView {
        v.holes.first { $0.coord == Coord(q: q, r: r) }!
    }

    private func hemmed(_ rules: String) -> String {
        """
        {"rules":\(rules),"players":[{"colours":["S"]},{"colours":["N"]}],
         "pegs":{"S":[[-4,8]],"N":[[-3,7],[-4,7],[-2,6],[-4,6],[0,-4]]},"to_move":0}
        """
    }

    private func distance(_ a: Coord, _ b: Coord) -> Int32 {
        let dq = a.q - b.q, dr = a.r - b.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) / 2
    }

    /// Asserts that `body` throws a `SessionError` matching `matches`.
    private func assertThrowsSession(_ body: @autoclosure () throws -> Any,
                                     _ matches: (SessionError) -> Bool,
                                     file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try body()
            XCTFail("no error thrown", file: file, line: line)
        } catch let e as SessionError {
            XCTAssertTrue(matches(e), "unexpected \(e)", file: file, line: line)
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
        }
    }

    func testNewGameShowsTheWholeBoard() throws {
        let v = try GameSession(settings: solo(colours: 3)).view()
        XCTAssertEqual(v.holes.count, 121)
        XCTAssertEqual(v.holes.filter { $0.occupant != nil }.count, 60)
        XCTAssertEqual(v.toMoveName, "You")
        XCTAssertEqual(v.players[1].name, "Jean Médecin")
        XCTAssertTrue(v.capabilities.canHint)
        XCTAssertFalse(v.capabilities.aiToMove)
        XCTAssertTrue(v.holes.allSatisfy { (0...1).contains($0.x) && (0...1).contains($0.y) })
        XCTAssertEqual(opponents().count, 5)
        initLogging(level: .warn)
        initLogging(level: .info)
    }

    func testTapSelectsHighlightsAndPlaysAStep() throws {
        let s = try GameSession(settings: solo())
        var v = try s.tap(q: -1, r: 5)
        XCTAssertEqual(v.selected, Coord(q: -1, r: 5))
        XCTAssertEqual(hole(v, -1, 5).highlight, .selected)
        XCTAssertEqual(hole(v, -1, 4).highlight, .stepTarget)
        XCTAssertTrue(v.targets.contains { $0.kind == .step && $0.path == [Coord(q: -1, r: 5), Coord(q: -1, r: 4)] })
        v = try s.tap(q: 0, r: 0)
        XCTAssertNil(v.selected)
        _ = try s.tap(q: -1, r: 5)
        v = try s.tap(q: -1, r: 4)
        XCTAssertEqual(v.history.map(\.label), ["Step"])
        XCTAssertEqual(v.lastMove, [Coord(q: -1, r: 5), Coord(q: -1, r: 4)])
        XCTAssertTrue(v.capabilities.aiToMove)
        s.setAiTimeLimit(ms: 50)
        v = try s.think()
        XCTAssertEqual(v.history.count, 2)
        XCTAssertEqual(v.toMove, 0)
    }

    func testTripotChainHopsBacksOutAndEndsTheJump() throws {
        let pos = """
        {"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
         "pegs":{"S":[[0,0]],"N":[[0,-1],[1,-3],[4,-8]]},"to_move":0}
        """
        let s = try GameSession.fromPosition(positionJson: pos, mode: .passAndPlay, names: [], seed: 0)
        var v = try s.tap(q: 0, r: 0)
        XCTAssertEqual(v.targets.first { $0.coord == Coord(q: 2, r: -4) }?.path,
                       [Coord(q: 0, r: 0), Coord(q: 0, r: -2), Coord(q: 2, r: -4)])
        v = try s.tap(q: 0, r: -2)
        XCTAssertEqual(v.chain, [Coord(q: 0, r: 0), Coord(q: 0, r: -2)])
        XCTAssertTrue(v.capabilities.canEndJump)
        XCTAssertEqual(hole(v, 0, -2).occupant, .s)
        XCTAssertEqual(hole(v, 2, -4).highlight, .jumpTarget)
        v = try s.tap(q: 2, r: -4)
        XCTAssertEqual(v.chain.count, 3)
        v = try s.tap(q: 0, r: -2)
        XCTAssertEqual(v.chain.count, 2)
        v = try s.endJump()
        XCTAssertEqual(v.history.map(\.label), ["Jump"])
        XCTAssertEqual(v.history[0].path, [Coord(q: 0, r: 0), Coord(q: 0, r: -2)])
        assertThrowsSession(try s.endJump()) { if case .NotNow = $0 { return true } else { return false } }
    }

    func testSwapShowsDistinctMarkersAndIsLabelled() throws {
        let s = try GameSession.fromPosition(positionJson: hemmed("\"tripot\""),
                                             mode: .solo(level: .beginner, humanSide: 0), names: [], seed: 0)
        var v = try s.tap(q: -4, r: 8)
        XCTAssertEqual(v.targets.filter { $0.kind == .swap }.count, 4)
        XCTAssertEqual(hole(v, -3, 7).highlight, .swapTarget)
        v = try s.tap(q: -3, r: 7)
        XCTAssertEqual(v.history.map(\.label), ["Swap"])
        XCTAssertEqual(hole(v, -3, 7).occupant, .s)
        XCTAssertEqual(hole(v, -4, 8).occupant, .n)
    }

    func testBlockedTurnIsSkippedWithABanner() throws {
        let s = try GameSession.fromPosition(positionJson: hemmed(#"{"preset":"tripot","swaps":false}"#),
                                             mode: .solo(level: .beginner, humanSide: 0), names: [], seed: 0)
        let v = s.view()
        XCTAssertEqual(v.banner?.kind, .youWereBlocked)
        XCTAssertEqual(v.banner?.text, "You were blocked — turn skipped")
        XCTAssertEqual(v.history.map(\.label), ["Pass"])
        XCTAssertTrue(v.capabilities.aiToMove)
        s.setAiTimeLimit(ms: 50)
        XCTAssertGreaterThanOrEqual(try s.think().history.count, 2)
    }

    func testUndoTakesBackTheAiReplyAndRedoReplays() throws {
        let s = try GameSession(settings: solo())
        s.setAiTimeLimit(ms: 50)
        assertThrowsSession(try s.undo()) { if case .NotNow = $0 { return true } else { return false } }
        _ = try s.tap(q: -1, r: 5)
        _ = try s.tap(q: -1, r: 4)
        _ = try s.think()
        var v = try s.undo()
        XCTAssertTrue(v.history.isEmpty)
        XCTAssertTrue(v.capabilities.canRedo)
        v = try s.redo()
        XCTAssertEqual(v.history.count, 2)
    }

    func testHintAndReplay() throws {
        let s = try GameSession(settings: solo())
        var v = try s.hint()
        XCTAssertGreaterThanOrEqual(v.hint.count, 2)
        XCTAssertEqual(hole(v, v.hint[0].q, v.hint[0].r).highlight, .hint)
        _ = try s.tap(q: -1, r: 5)
        _ = try s.tap(q: -1, r: 4)
        s.setAiTimeLimit(ms: 50)
        _ = try s.think()
        _ = try s.replayStart()
        v = try s.replayStep(delta: -2)
        XCTAssertEqual(v.replay, ReplayView(shown: 0, total: 2))
        XCTAssertEqual(hole(v, -1, 5).occupant, .s)
        v = s.replayExit()
        XCTAssertNil(v.replay)
        XCTAssertEqual(hole(v, -1, 4).occupant, .s)
    }

    func testSaveRestoreAndBadSaves() throws {
        let s = try GameSession(settings: solo(colours: 2))
        s.setAiTimeLimit(ms: 50)
        _ = try s.tap(q: -1, r: 5)
        _ = try s.tap(q: -1, r: 4)
        _ = try s.think()
        let saved = s.save()
        XCTAssertEqual(try GameSession.restore(saveJson: saved).view(), s.view())
        assertThrowsSession(try GameSession.restore(saveJson: #"{"format":"chinese-checkers-session","version":99}"#)) {
            if case .SaveTooNew = $0 { return true } else { return false }
        }
        for bad in ["not json", String(saved.prefix(saved.count / 2)), saved.replacingOccurrences(of: "[-1,4]", with: "[0,0]")] {
            assertThrowsSession(try GameSession.restore(saveJson: bad)) {
                if case .CorruptSave = $0 { return true } else { return false }
            }
        }
    }

    func testErrorCasesAreThrownWithReadableMessages() throws {
        let online = NewGame(mode: .online, rules: "tripot", coloursPerSide: 1, players: 2, opener: .side1, names: [], seed: 0)
        assertThrowsSession(try GameSession(settings: online)) { if case .Unsupported = $0 { return true } else { return false } }
        var chess = solo()
        chess.rules = "chess"
        assertThrowsSession(try GameSession(settings: chess)) {
            if case .BadSettings(let m) = $0 { return m.contains("chess") } else { return false }
        }
        assertThrowsSession(try GameSession(settings: solo(colours: 4))) { if case .BadSettings = $0 { return true } else { return false } }
        assertThrowsSession(try GameSession.fromPosition(positionJson: "{", mode: .passAndPlay, names: [], seed: 0)) {
            if case .BadPosition = $0 { return true } else { return false }
        }
        let s = try GameSession(settings: solo())
        assertThrowsSession(try s.think()) { if case .NotNow = $0 { return true } else { return false } }
        assertThrowsSession(try s.redo()) { if case .NotNow = $0 { return true } else { return false } }
        assertThrowsSession(try statisticsRecords(statisticsJson: "{]")) {
            if case .CorruptStatistics = $0 { return true } else { return false }
        }
    }

    func testCancellingStopsTheSearchPromptly() throws {
        let s = try GameSession(settings: solo(opener: .side2, level: .impossible))
        s.setAiTimeLimit(ms: 20_000)
        let start = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { s.cancelThinking() }
        assertThrowsSession(try s.think()) { if case .Cancelled = $0 { return true } else { return false } }
        XCTAssertLessThan(Date().timeIntervalSince(start), 3)
        XCTAssertTrue(s.view().history.isEmpty)
        XCTAssertNil(s.view().banner)
    }

    func testAsyncThinkPlaysTheAiMove() async throws {
        let s = try GameSession(settings: solo(opener: .side2))
        s.setAiTimeLimit(ms: 50)
        let v = try await s.thinkAsync()
        XCTAssertEqual(v.history.count, 1)
        XCTAssertEqual(v.toMove, 0)
    }

    func testCancelThinkingStopsAnAsyncThink() async throws {
        let s = try GameSession(settings: solo(opener: .side2, level: .impossible))
        s.setAiTimeLimit(ms: 20_000)
        let start = Date()
        let task = Task { try await s.thinkAsync() }
        try await Task.sleep(nanoseconds: 150_000_000)
        XCTAssertEqual(s.view().banner?.kind, .aiThinking)
        s.cancelThinking()
        do {
            _ = try await task.value
            XCTFail("the search was not cancelled")
        } catch SessionError.Cancelled {
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 3)
        XCTAssertTrue(s.view().history.isEmpty)
    }

    /// A whole game: the person taps the most forward target (the hint when none advances).
    func testFullSoloGameAgainstTheAi() throws {
        let s = try GameSession(settings: solo(opener: .coinToss))
        s.setAiTimeLimit(ms: 20)
        let tip = Coord(q: 4, r: -8)
        var v = s.view()
        var turns = 0
        while v.outcome == nil && turns < 400 {
            turns += 1
            if v.capabilities.aiToMove {
                v = try s.think()
                continue
            }
            var best: (Coord, Coord)? = nil
            var bestGain: Int32 = 0
            for h in v.holes where h.occupant == .s {
                let sel = try s.tap(q: h.coord.q, r: h.coord.r)
                for t in sel.targets where t.kind != .swap {
                    let gain = distance(h.coord, tip) - distance(t.coord, tip)
                    if gain > bestGain {
                        bestGain = gain
                        best = (h.coord, t.coord)
                    }
                }
                _ = s.cancelTouch()
            }
            if best == nil {
                let hint = try s.hint().hint
                best = (hint.first!, hint.last!)
            }
            let (from, to) = best!
            _ = try s.tap(q: from.q, r: from.r)
            v = try s.tap(q: to.q, r: to.r)
            if v.capabilities.canEndJump { v = try s.endJump() }
        }
        XCTAssertNotNil(v.outcome, "no outcome after \(turns) turns")
        let records = try statisticsRecords(statisticsJson: try s.recordStatistics(statisticsJson: ""))
        XCTAssertEqual(records[0].won + records[0].lost + records[0].drawn, 1)
    }
}
