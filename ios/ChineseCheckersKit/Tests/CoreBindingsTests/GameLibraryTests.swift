import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

/// The saved games ("Continue") and the statistics, in a library folder under the temporary
/// directory.
final class GameLibraryTests: XCTestCase {
    private func solo(_ level: AiLevel = .beginner) throws -> LocalGame {
        try LocalGame.make(.tripot, seats: [person, ai(level)])
    }

    /// `g` after the person's first step.
    private func played(_ g: LocalGame) throws -> LocalGame {
        let s = try g.play(c(-1, 5), c(-1, 4))
        XCTAssertEqual(s.history.count, 1)
        return g
    }

    private func isWouldReplace(_ e: LibraryError, of id: String) -> Bool {
        if case .WouldReplace(let existing) = e { return existing.id == id }
        return false
    }

    func testSlotsAreKeptAndNeverReplacedWithoutAsking() async throws {
        let (library, _) = try makeLibrary()
        XCTAssertEqual(try library.games(), [])
        // Nothing played yet: nothing to save.
        XCTAssertNil(try library.saveLocal(game: try solo(), replace: false))
        XCTAssertEqual(try library.games(), [])

        let first = try played(try solo())
        let before = UInt64(Date().timeIntervalSince1970)
        let saved = try XCTUnwrap(library.saveLocal(game: first, replace: false))
        XCTAssertEqual(saved.id, first.id())
        XCTAssertEqual(saved.kind, .solo)
        XCTAssertEqual(saved.preset, .tripot)
        XCTAssertEqual(saved.players, [.you, .named(name: opponents()[0].name)])
        XCTAssertEqual(saved.moves, 1)
        XCTAssertFalse(saved.over)
        XCTAssertTrue((before - 5...before + 60).contains(saved.savedAtS), "\(saved.savedAtS)")
        XCTAssertEqual(try library.games(), [saved])

        // The same game again, a move later: its own slot, no question.
        first.setAiTimeLimit(ms: 50)
        try await first.aiMove()
        let again = try XCTUnwrap(library.saveLocal(game: first, replace: false))
        XCTAssertEqual(again.id, first.id())
        XCTAssertEqual(again.moves, 2)
        XCTAssertEqual(try library.games(), [again])

        // Another solo game: refused until the caller says to replace; nothing changes meanwhile.
        let second = try played(try solo(.easy))
        XCTAssertNotEqual(second.id(), first.id())
        assertThrows(LibraryError.self, try library.saveLocal(game: second, replace: false)) {
            self.isWouldReplace($0, of: first.id())
        }
        assertThrows(LibraryError.self, try library.saveLocal(game: second, replace: false)) {
            $0 == .WouldReplace(existing: again)
        }
        XCTAssertEqual(try library.games(), [again])

        // A pass-and-play game has a slot of its own.
        let hotseat = try played(try LocalGame.make(.classic, seats: [person, person]))
        let hs = try XCTUnwrap(library.saveLocal(game: hotseat, replace: false))
        XCTAssertEqual(hs.kind, .passAndPlay)
        XCTAssertEqual(hs.preset, .classic)
        XCTAssertEqual(hs.players, [.numbered(number: 1), .numbered(number: 2)])
        XCTAssertEqual(Set(try library.games().map(\.id)), [first.id(), hotseat.id()])
        // A second pass-and-play game would replace it, not the solo one.
        let hotseat2 = try LocalGame.make(.sternhalma, seats: [person, person, ai()])
        let (from, to) = try hotseat2.anyStep()
        XCTAssertEqual(try hotseat2.play(from, to).history.count, 1)
        assertThrows(LibraryError.self, try library.saveLocal(game: hotseat2, replace: false)) {
            self.isWouldReplace($0, of: hotseat.id())
        }

        // Replacing, once asked.
        let replaced = try XCTUnwrap(library.saveLocal(game: second, replace: true))
        XCTAssertEqual(replaced.id, second.id())
        XCTAssertEqual(replaced.players, [.you, .named(name: opponents()[1].name)])
        let games = try library.games()
        XCTAssertEqual(Set(games.map(\.id)), [second.id(), hotseat.id()])
        XCTAssertEqual(games.map(\.savedAtS), games.map(\.savedAtS).sorted(by: >), "newest first")
        XCTAssertEqual(games.first { $0.id == hotseat.id() }, hs)

        // Opening gives the same game.
        let opened = try library.openLocal(id: second.id())
        XCTAssertEqual(opened.id(), second.id())
        let (o, s) = (opened.state(), second.state())
        XCTAssertEqual(o.history, s.history)
        XCTAssertEqual(o.holes, s.holes)
        XCTAssertEqual(o.players, s.players)
        XCTAssertEqual(o.toMove, s.toMove)
        XCTAssertEqual(
            try library.openLocal(id: hotseat.id()).state().history, hotseat.state().history)

        // Removing.
        try library.remove(id: second.id())
        XCTAssertEqual(try library.games().map(\.id), [hotseat.id()])
        assertThrows(LibraryError.self, try library.openLocal(id: second.id())) {
            $0 == .NotFound(id: second.id())
        }
        assertThrows(LibraryError.self, try library.openLocal(id: "../statistics")) {
            if case .NotFound = $0 { return true } else { return false }
        }
        try library.remove(id: second.id())  // already gone: fine
        // Its slot is free again.
        XCTAssertNotNil(try library.saveLocal(game: first, replace: false))
    }

    func testTheSameFolderOpenedTwiceSeesTheSameGames() throws {
        let (library, dir) = try makeLibrary()
        let g = try played(try solo())
        let saved = try XCTUnwrap(library.saveLocal(game: g, replace: false))
        let other = try GameLibrary.open(dir: dir.path)
        XCTAssertEqual(try other.games(), [saved])
        XCTAssertEqual(try other.openLocal(id: g.id()).state().history, g.state().history)
    }

    func testADamagedFileIsLeftOutAndReported() throws {
        let (library, dir) = try makeLibrary()
        let g = try played(try solo())
        let hotseat = try played(try LocalGame.make(.classic, seats: [person, person]))
        _ = try XCTUnwrap(library.saveLocal(game: g, replace: false))
        let hs = try XCTUnwrap(library.saveLocal(game: hotseat, replace: false))
        let file = dir.appendingPathComponent("games", isDirectory: true).appendingPathComponent(
            "\(g.id()).json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))
        try Data("garbage, not JSON".utf8).write(to: file)

        XCTAssertEqual(try library.games(), [hs], "left out of the list")
        assertThrows(LibraryError.self, try library.openLocal(id: g.id())) {
            guard case .Damaged(let f, let detail) = $0 else { return false }
            return f.hasSuffix("\(g.id()).json") && !detail.isEmpty
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "kept on disk")

        // A file from a newer app says so.
        try Data(#"{"format":"chinese-checkers-saved-game","version":99}"#.utf8).write(to: file)
        XCTAssertEqual(try library.games(), [hs])
        assertThrows(LibraryError.self, try library.openLocal(id: g.id())) {
            guard case .TooNew(let found, let supported) = $0 else { return false }
            return found == 99 && (1..<99).contains(supported)
        }

        // Saving the game again writes a good file over its own damaged one.
        try Data("garbage".utf8).write(to: file)
        XCTAssertNotNil(try library.saveLocal(game: g, replace: false))
        XCTAssertEqual(Set(try library.games().map(\.id)), [g.id(), hotseat.id()])
        XCTAssertEqual(try library.openLocal(id: g.id()).state().history, g.state().history)

        // Damaged statistics are reported, and not overwritten by a new result.
        let stats = dir.appendingPathComponent("statistics.json")
        try Data("{".utf8).write(to: stats)
        assertThrows(LibraryError.self, try library.statistics()) {
            if case .Damaged = $0 { return true } else { return false }
        }
        _ = try g.resign()
        assertThrows(LibraryError.self, try library.record(game: g)) {
            if case .Damaged = $0 { return true } else { return false }
        }
        XCTAssertEqual(try String(contentsOf: stats, encoding: .utf8), "{")
    }

    func testAResignationCountsOneLossForItsOpponentOnce() throws {
        let (library, _) = try makeLibrary()
        let empty = try library.statistics()
        XCTAssertEqual(empty.map(\.level), [.beginner, .easy, .medium, .hard, .impossible])
        XCTAssertEqual(empty.map(\.name), opponents().map(\.name))
        XCTAssertTrue(
            empty.allSatisfy {
                $0.played == 0 && $0.won == 0 && $0.lost == 0 && $0.drawn == 0
                    && $0.fewestMoves == nil
            })

        let g = try played(try solo(.medium))
        XCTAssertFalse(try library.record(game: g), "not over")
        XCTAssertEqual(try library.statistics(), empty)
        _ = try g.resign()
        XCTAssertTrue(try library.record(game: g))
        XCTAssertFalse(try library.record(game: g), "counted once")
        let after = try library.statistics()
        let medium = stats(after, .medium)
        XCTAssertEqual([medium.played, medium.won, medium.lost, medium.drawn], [1, 0, 1, 0])
        XCTAssertNil(medium.fewestMoves)
        XCTAssertEqual(after.filter { $0.level != .medium }, empty.filter { $0.level != .medium })

        // Saved, opened again: the same game, not counted again.
        _ = try XCTUnwrap(library.saveLocal(game: g, replace: false))
        XCTAssertFalse(try library.record(game: try library.openLocal(id: g.id())))
        // Restored from its save text: the same id, not counted again.
        XCTAssertFalse(try library.record(game: try LocalGame.restore(save: g.save())))

        // Never counted: a game from a position, a game between people, a game with no AI.
        let pos = try positionFromJson(
            json: """
                {"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
                 "pegs":{"S":[[-4,8]],"N":[[-3,7],[-4,7],[-2,6],[-4,6],[0,-4]]},"to_move":0}
                """)
        let fromPosition = try LocalGame.fromPosition(
            position: pos, seats: [person, ai()], seed: 0)
        XCTAssertNotNil(try fromPosition.resign().outcome)
        XCTAssertFalse(try library.record(game: fromPosition))
        let people = try played(try LocalGame.make(.classic, seats: [person, person]))
        _ = try people.offerDraw()
        XCTAssertEqual(try people.answerDraw(accept: true).outcome?.reason, .drawAgreed)
        XCTAssertFalse(try library.record(game: people))
        XCTAssertEqual(try library.statistics(), after)

        // A second game against another opponent counts for that one.
        let hard = try played(try solo(.hard))
        _ = try hard.resign()
        XCTAssertTrue(try library.record(game: hard))
        let both = try library.statistics()
        XCTAssertEqual(stats(both, .hard).lost, 1)
        XCTAssertEqual(stats(both, .medium), medium)
    }
}
