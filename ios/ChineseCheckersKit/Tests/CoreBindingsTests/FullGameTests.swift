import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

/// Whole local games from typed set-ups in every rule set: AI seats move through `think()` and
/// an awaited search, person seats by tapping an own peg, then one of its targets.
final class FullGameTests: XCTestCase {
    private struct Run {
        var start: GameState
        var state: GameState
        var personMoves = 0
        var aiMoves = 0
        var seconds: TimeInterval = 0
    }

    /// The person's move: the target that brings a peg closest to its target camp (rear pegs
    /// first on a tie); when nothing advances, the hint (games with an AI) or the best target.
    private func personMove(_ g: LocalGame) async throws -> GameState {
        let s = g.state()
        var best: (from: Coord, to: Coord, gain: Int32, rear: Int32)?
        for h in s.holes where h.owner == s.toMove {
            let selected = try g.tap(q: h.coord.q, r: h.coord.r)
            guard selected.selected == h.coord, let colour = h.occupant else { continue }
            let tip = campTips[opposite(colour)]!
            let rear = distance(h.coord, tip)
            for t in selected.targets where t.kind != .swap {
                let gain = rear - distance(t.coord, tip)
                if best == nil || gain > best!.gain || (gain == best!.gain && rear > best!.rear) {
                    best = (h.coord, t.coord, gain, rear)
                }
            }
            _ = g.cancelTouch()
        }
        var move = best.map { ($0.from, $0.to) }
        if (best?.gain ?? 0) <= 0 && s.capabilities.canHint {
            let hinted = await (try g.hint()).outcome().state.hint
            if let first = hinted.first, let last = hinted.last { move = (first, last) }
        }
        guard let (from, to) = move else { throw TestError("no move for player \(s.toMove)") }
        let after = try g.play(from, to)
        guard after.history.count > s.history.count,
            after.history[s.history.count].player == s.toMove
        else {
            throw TestError("tapping \(from) then \(to) played nothing")
        }
        return after
    }

    /// Plays until the outcome, or until `budget` seconds have passed.
    private func playOut(_ g: LocalGame, budget: TimeInterval) async throws -> Run {
        g.setAiTimeLimit(ms: 20)
        let begin = Date()
        var run = Run(start: g.state(), state: g.state())
        while run.state.outcome == nil && Date().timeIntervalSince(begin) < budget {
            if run.state.aiToMove {
                let before = run.state.history.count
                run.state = try await g.aiMove()
                XCTAssertGreaterThan(run.state.history.count, before)
                run.aiMoves += 1
            } else {
                XCTAssertEqual(run.state.players[Int(run.state.toMove)].player, .person)
                run.state = try await personMove(g)
                run.personMoves += 1
            }
            XCTAssertNil(run.state.thinking)
        }
        run.seconds = Date().timeIntervalSince(begin)
        let s = run.state
        print(
            "\(s.players.count) players: \(s.history.count) moves (\(run.personMoves) tapped, \(run.aiMoves) by the AI)"
                + " in \(String(format: "%.1f", run.seconds)) s, outcome \(s.outcome.map { "\($0)" } ?? "none")"
        )
        XCTAssertEqual(s.history.map(\.number), Array(1...Int32(s.history.count)))
        XCTAssertGreaterThan(run.personMoves, 0)
        XCTAssertGreaterThan(run.aiMoves, 0)
        if let o = s.outcome {
            XCTAssertEqual(s.banner, .gameOver)
            XCTAssertFalse(s.aiToMove)
            XCTAssertEqual(
                Set(o.ranking.joined()), Set(s.players.map(\.index)), "everyone is ranked")
            XCTAssertTrue(Set(o.winners).isSubset(of: Set(o.ranking.first ?? [])))
            XCTAssertNil(o.by)
        } else {
            // Stopped for time: every seat has moved and brought its pegs forward.
            XCTAssertGreaterThanOrEqual(s.history.count, 4 * s.players.count)
            for p in s.players {
                let moves = s.history.filter { $0.player == p.index && $0.kind != .pass }.count
                XCTAssertGreaterThanOrEqual(moves, 3, "player \(p.index) moved")
                XCTAssertLessThan(
                    remainingDistance(s, player: p.index),
                    remainingDistance(run.start, player: p.index), "player \(p.index) advanced")
            }
        }
        // The game survives a save at any point.
        let restored = try LocalGame.restore(save: g.save()).state()
        XCTAssertEqual(restored.history, s.history)
        XCTAssertEqual(restored.outcome, s.outcome)
        XCTAssertEqual(restored.players, s.players)
        return run
    }

    func testTripotOneColourSoloGameReachesAnOutcome() async throws {
        let g = try LocalGame.make(.tripot, seats: [person, ai()], opener: .coinToss, seed: 11)
        // Kept: the library counts it once, as it ended.
        let (library, dir) = try makeLibrary()
        try library.keepLocal(game: g, replace: false)
        let first = g.state()
        XCTAssertEqual(first.banner, .coinToss(opener: first.toMove))
        let run = try await playOut(g, budget: 150)
        let o = try XCTUnwrap(
            run.state.outcome, "no outcome after \(run.state.history.count) moves")
        XCTAssertTrue([.win, .deadlock].contains(o.reason), "\(o.reason)")
        XCTAssertEqual(o.winners.count, 1)
        XCTAssertEqual(o.ranking.count, 2)
        let counted = try library.statistics()
        let beginner = stats(counted, .beginner)
        let personWon = o.winners == [0]
        XCTAssertEqual(
            [beginner.played, beginner.won, beginner.lost, beginner.drawn],
            [1, personWon ? 1 : 0, personWon ? 0 : 1, 0])
        let personMoves = Int32(
            run.state.history.filter { $0.player == 0 && $0.kind != .pass }.count)
        XCTAssertEqual(beginner.fewestMoves, personWon ? personMoves : nil)
        XCTAssertEqual(counted.filter { $0.level != .beginner }.map(\.played), [0, 0, 0, 0])
        let saved = try XCTUnwrap(try library.listing().finished.first)
        XCTAssertEqual(saved.id, g.id())
        XCTAssertEqual(saved.kind, .solo)
        XCTAssertEqual(saved.outcome, o)
        XCTAssertEqual(saved.moves, Int32(run.state.history.count))
        XCTAssertEqual(try library.listing().playing, [], "an ended game is not one to continue")
        // An ended game stays ended: nothing can be taken back, and the library's count stands.
        XCTAssertFalse(run.state.capabilities.canUndo)
        XCTAssertFalse(run.state.capabilities.canRedo)
        assertThrows(MoveError.self, try g.undo()) { $0 == .NothingToUndo }
        XCTAssertEqual(g.state().outcome, o)
        XCTAssertEqual(g.state().history, run.state.history)
        XCTAssertEqual(try library.statistics(), counted)
        // Opened again, it is still the same ended game: never counted twice.
        let reopened = try library.openGame(id: g.id())
        XCTAssertEqual(reopened.state().history, run.state.history)
        XCTAssertEqual(reopened.state().outcome, o)
        XCTAssertEqual(try GameLibrary.open(dir: dir.path).statistics(), counted)
    }

    func testTripotThreeColoursAiOpens() async throws {
        let g = try LocalGame.make(
            .tripot, seats: [person, ai()], colours: 3, opener: .seat(index: 1))
        let s = g.state()
        XCTAssertEqual(s.players.map { $0.colours.count }, [3, 3])
        XCTAssertEqual(s.holes.filter { $0.occupant != nil }.count, 60)
        XCTAssertTrue(s.aiToMove)
        XCTAssertEqual(s.toMove, 1)
        _ = try await playOut(g, budget: 45)
    }

    func testClassicWithTheAiInTheFirstSeat() async throws {
        let g = try LocalGame.make(.classic, seats: [ai(), person])
        let s = g.state()
        XCTAssertTrue(s.aiToMove)
        XCTAssertEqual(s.players[1].name, .you)
        XCTAssertEqual(s.players[0].colours, [.s])
        XCTAssertEqual(s.players[1].colours, [.n])
        _ = try await playOut(g, budget: 45)
    }

    func testSternhalmaSixSeatsOfPeopleAndAi() async throws {
        let seats = [person, ai(), person, ai(.easy), Seat(player: .person, name: "Ada"), ai()]
        let g = try LocalGame.make(.sternhalma, seats: seats)
        let s = g.state()
        XCTAssertEqual(s.players.count, 6)
        XCTAssertEqual(Set(s.players.flatMap(\.colours)).count, 6)
        XCTAssertEqual(s.holes.filter { $0.occupant != nil }.count, 60)
        XCTAssertEqual(s.players[0].name, .numbered(number: 1))
        XCTAssertEqual(s.players[2].name, .numbered(number: 3))
        XCTAssertEqual(s.players[4].name, .named(name: "Ada"))
        XCTAssertEqual(s.players[3].player, .ai(level: .easy))
        XCTAssertEqual(s.players[1].name, .named(name: opponents()[0].name))
        XCTAssertNotEqual(s.players[5].name, s.players[1].name, "two Beginners, two names")
        // One round reaches every seat; undo with several people at the device takes back to the
        // last person's move (Ada's, seat 4), redo plays it and the AI's reply again.
        g.setAiTimeLimit(ms: 20)
        var round = s
        for seat in 0..<6 {
            XCTAssertEqual(round.toMove, Int32(seat))
            round = round.aiToMove ? try await g.aiMove() : try await personMove(g)
        }
        XCTAssertEqual(round.history.map(\.player), [0, 1, 2, 3, 4, 5])
        let undone = try g.undo()
        XCTAssertEqual(undone.history, Array(round.history.prefix(4)))
        XCTAssertEqual(undone.toMove, 4)
        XCTAssertEqual(undone.change.kind, .undo)
        let redone = try g.redo()
        XCTAssertEqual(redone.history, round.history)
        XCTAssertEqual(redone.change.kind, .redo)
        _ = try await playOut(g, budget: 50)
    }

    func testRulebookThreeSeats() async throws {
        let g = try LocalGame.make(.rulebook, seats: [person, ai(), person])
        let s = g.state()
        XCTAssertEqual(s.players.count, 3)
        XCTAssertEqual(s.holes.filter { $0.occupant != nil }.count, 30)
        XCTAssertEqual(
            s.players.map(\.name),
            [.numbered(number: 1), .named(name: opponents()[0].name), .numbered(number: 3)])
        _ = try await playOut(g, budget: 45)
    }
}
