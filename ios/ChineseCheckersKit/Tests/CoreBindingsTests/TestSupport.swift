import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

/// Shorthand for a hole.
func c(_ q: Int32, _ r: Int32) -> Coord { Coord(q: q, r: r) }

/// The hole `(q, r)` of a state.
func hole(_ s: GameState, _ q: Int32, _ r: Int32) -> HoleState {
    s.holes.first { $0.coord == c(q, r) }!
}

/// Hex distance between two holes.
func distance(_ a: Coord, _ b: Coord) -> Int32 {
    let dq = a.q - b.q, dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) / 2
}

/// The camp opposite `colour` (its target in every rule set here).
func opposite(_ colour: Colour) -> Colour {
    switch colour {
    case .s: return .n
    case .n: return .s
    case .sw: return .ne
    case .ne: return .sw
    case .nw: return .se
    case .se: return .nw
    }
}

/// The tip of each camp (the camp's hole farthest from the centre), from the core's geometry.
let campTips: [Colour: Coord] = {
    var tips: [Colour: Coord] = [:]
    for h in boardGeometry().holes {
        guard let camp = h.camp else { continue }
        if let t = tips[camp], distance(t, c(0, 0)) >= distance(h.coord, c(0, 0)) { continue }
        tips[camp] = h.coord
    }
    return tips
}()

/// Sum, over the pegs of `player`, of their distance to their target's tip.
func remainingDistance(_ s: GameState, player: Int32) -> Int32 {
    s.holes.reduce(0) { sum, h in
        guard h.owner == player, let colour = h.occupant else { return sum }
        return sum + distance(h.coord, campTips[opposite(colour)]!)
    }
}

/// Asserts that `body` throws an `E` for which `check` holds.
func assertThrows<E: Error, T>(
    _ type: E.Type, _ body: @autoclosure () throws -> T,
    file: StaticString = #filePath, line: UInt = #line,
    _ check: (E) -> Bool = { _ in true }
) {
    do {
        _ = try body()
        XCTFail("no error thrown", file: file, line: line)
    } catch let e as E {
        XCTAssertTrue(check(e), "unexpected \(e)", file: file, line: line)
    } catch {
        XCTFail("unexpected \(error)", file: file, line: line)
    }
}

/// Waits (polling) until `cond` holds or `timeout` passes.
func waitUntil(_ what: String, timeout: TimeInterval = 10, _ cond: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if cond() { return }
        Thread.sleep(forTimeInterval: 0.01)
    }
    throw TestError("timed out waiting for \(what)")
}

struct TestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A value shared between threads.
final class Box<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T?
    func set(_ v: T) { lock.lock(); value = v; lock.unlock() }
    func get() -> T? { lock.lock(); defer { lock.unlock() }; return value }
}

extension LocalGame {
    /// A new game from a set-up built from the rule set's default one.
    static func make(
        _ preset: Preset,
        seats: [Seat] = [
            Seat(player: .person, name: ""),
            Seat(player: .ai(level: .beginner), name: ""),
        ],
        colours: Int32 = 1, opener: Opener = .seat(index: 0), seed: Int64 = 7
    ) throws -> LocalGame {
        try LocalGame(
            setup: GameSetup(
                rules: Rules(
                    preset: preset, options: ruleSets().first { $0.preset == preset }!.options),
                seats: seats, coloursPerSide: colours, opener: opener, seed: seed))
    }

    /// The AI's move, awaited; fails the test unless the search finished.
    @discardableResult
    func aiMove(file: StaticString = #filePath, line: UInt = #line) async throws -> GameState {
        let outcome = try await think().outcome()
        guard case .finished(let s) = outcome else {
            XCTFail("the AI did not finish: \(outcome)", file: file, line: line)
            return outcome.state
        }
        return s
    }

    /// Taps `from` then `to`, and ends a tripot chain if one is left in progress.
    @discardableResult
    func play(_ from: Coord, _ to: Coord) throws -> GameState {
        _ = try tap(q: from.q, r: from.r)
        var s = try tap(q: to.q, r: to.r)
        if s.capabilities.canEndJump && !s.chain.isEmpty { s = try endJump() }
        return s
    }
}

let person = Seat(player: .person, name: "")
func ai(_ level: AiLevel = .beginner) -> Seat { Seat(player: .ai(level: level), name: "") }

extension LocalGame {
    /// A step of the player to move: the first own peg with a step target, and that target.
    func anyStep() throws -> (Coord, Coord) {
        let s = state()
        defer { _ = cancelTouch() }
        for h in s.holes where h.owner == s.toMove {
            let selected = try tap(q: h.coord.q, r: h.coord.r)
            if let t = selected.targets.first(where: { $0.kind == .step }) {
                return (h.coord, t.coord)
            }
        }
        throw TestError("no step for player \(s.toMove)")
    }
}

extension XCTestCase {
    /// A game library in a fresh folder under the temporary directory (removed when the test
    /// ends), and that folder.
    func makeLibrary() throws -> (GameLibrary, URL) {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("cc-library-\(UUID().uuidString)", isDirectory: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return (try GameLibrary.open(dir: dir.path), dir)
    }
}

/// The statistics of `level` in `stats`.
func stats(_ stats: [OpponentStatistics], _ level: AiLevel) -> OpponentStatistics {
    stats.first { $0.level == level }!
}
