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

    /// Every game the listing gives, to continue or finished.
    private func listed(_ library: GameLibrary) throws -> [GameCard] {
        let listing = try library.listing()
        return listing.playing + listing.finished
    }

    func testSlotsAreKeptAndNeverReplacedWithoutAsking() async throws {
        let (library, _) = try makeLibrary()
        XCTAssertEqual(try listed(library), [])
        // Nothing played yet: nothing written.
        try library.keepLocal(game: try solo(), replace: false)
        XCTAssertEqual(try listed(library), [])

        let first = try solo()
        let before = Int64(Date().timeIntervalSince1970)
        try library.keepLocal(game: first, replace: false)
        _ = try played(first)
        let saved = try XCTUnwrap(try library.listing().playing.first)
        XCTAssertEqual(saved.id, first.id())
        XCTAssertEqual(saved.kind, .solo)
        XCTAssertEqual(saved.preset, .tripot)
        XCTAssertEqual(saved.seats.map(\.name), [.you, .named(name: opponents()[0].name)])
        // Whom the card names is the core's: the opponent of the person here.
        XCTAssertEqual(saved.names, .opponents(seats: Array(saved.seats.dropFirst())))
        XCTAssertEqual(saved.moves, 1)
        XCTAssertNil(saved.outcome)
        XCTAssertTrue(
            (before - 5...before + 60).contains(saved.lastPlayedS), "\(saved.lastPlayedS)")
        XCTAssertEqual(try listed(library), [saved])

        // The same game, a move later: its own slot, no question.
        first.setAiTimeLimit(ms: 50)
        try await first.aiMove()
        let again = try XCTUnwrap(try library.listing().playing.first)
        XCTAssertEqual(again.id, first.id())
        XCTAssertEqual(again.moves, 2)
        XCTAssertEqual(try listed(library), [again])

        // Another solo game: refused until the caller says to replace; nothing changes meanwhile.
        let second = try played(try solo(.easy))
        XCTAssertNotEqual(second.id(), first.id())
        assertThrows(LibraryError.self, try library.keepLocal(game: second, replace: false)) {
            self.isWouldReplace($0, of: first.id())
        }
        XCTAssertEqual(try listed(library), [again])

        // A pass-and-play game has a slot of its own.
        let hotseat = try played(try LocalGame.make(.classic, seats: [person, person]))
        try library.keepLocal(game: hotseat, replace: false)
        let hs = try XCTUnwrap(try library.listing().playing.first { $0.id == hotseat.id() })
        XCTAssertEqual(hs.kind, .passAndPlay)
        XCTAssertEqual(hs.preset, .classic)
        XCTAssertEqual(hs.seats.map(\.name), [.numbered(number: 1), .numbered(number: 2)])
        XCTAssertEqual(Set(try listed(library).map(\.id)), [first.id(), hotseat.id()])
        // A second pass-and-play game would replace it, not the solo one.
        let hotseat2 = try LocalGame.make(.sternhalma, seats: [person, person, ai()])
        let (from, to) = try hotseat2.anyStep()
        XCTAssertEqual(try hotseat2.play(from, to).history.count, 1)
        assertThrows(LibraryError.self, try library.keepLocal(game: hotseat2, replace: false)) {
            self.isWouldReplace($0, of: hotseat.id())
        }

        // Replacing, once asked (the new game has a move: it is written at once).
        try library.keepLocal(game: second, replace: true)
        let games = try library.listing().playing
        XCTAssertEqual(Set(games.map(\.id)), [second.id(), hotseat.id()])
        let replaced = try XCTUnwrap(games.first { $0.id == second.id() })
        XCTAssertEqual(replaced.seats.map(\.name), [.you, .named(name: opponents()[1].name)])
        XCTAssertEqual(
            games.map(\.lastPlayedS), games.map(\.lastPlayedS).sorted(by: >), "last played first")
        XCTAssertEqual(games.first { $0.id == hotseat.id() }, hs)

        // Opening gives the same game.
        let opened = try library.openGame(id: second.id())
        XCTAssertEqual(opened.id(), second.id())
        let (o, s) = (opened.state(), second.state())
        XCTAssertEqual(o.history, s.history)
        XCTAssertEqual(o.holes, s.holes)
        XCTAssertEqual(o.players, s.players)
        XCTAssertEqual(o.toMove, s.toMove)
        XCTAssertEqual(
            try library.openGame(id: hotseat.id()).state().history, hotseat.state().history)

        // Removing.
        try library.remove(id: second.id())
        XCTAssertEqual(try listed(library).map(\.id), [hotseat.id()])
        assertThrows(LibraryError.self, try library.openGame(id: second.id())) {
            $0 == .NotFound(id: second.id())
        }
        assertThrows(LibraryError.self, try library.openGame(id: "../statistics")) {
            if case .NotFound = $0 { return true } else { return false }
        }
        try library.remove(id: second.id())  // already gone: fine
        // Its slot is free again.
        try library.keepLocal(game: try played(try solo()), replace: false)
        XCTAssertEqual(try library.listing().playing.count, 2)
    }

    func testTheSameFolderOpenedTwiceSeesTheSameGames() throws {
        let (library, dir) = try makeLibrary()
        let g = try played(try solo())
        try library.keepLocal(game: g, replace: false)
        let other = try GameLibrary.open(dir: dir.path)
        XCTAssertEqual(try listed(other), try listed(library))
        XCTAssertEqual(try listed(other).map(\.id), [g.id()])
        XCTAssertEqual(try other.openGame(id: g.id()).state().history, g.state().history)
    }

    func testADamagedFileIsLeftOutAndReported() throws {
        let (library, dir) = try makeLibrary()
        let g = try played(try solo())
        let hotseat = try played(try LocalGame.make(.classic, seats: [person, person]))
        try library.keepLocal(game: g, replace: false)
        try library.keepLocal(game: hotseat, replace: false)
        let hs = try XCTUnwrap(try library.listing().playing.first { $0.id == hotseat.id() })
        let file = dir.appendingPathComponent("games", isDirectory: true).appendingPathComponent(
            "\(g.id()).json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))
        try Data("garbage, not JSON".utf8).write(to: file)

        XCTAssertEqual(try listed(library), [hs], "left out of the list")
        XCTAssertEqual(try library.listing().unreadable.map(\.id), [g.id()])
        assertThrows(LibraryError.self, try library.openGame(id: g.id())) {
            guard case .Damaged(let f, let detail) = $0 else { return false }
            return f.hasSuffix("\(g.id()).json") && !detail.isEmpty
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "kept on disk")

        // A file from a newer app says so.
        try Data(#"{"format":"chinese-checkers-saved-game","version":99}"#.utf8).write(to: file)
        XCTAssertEqual(try listed(library), [hs])
        assertThrows(LibraryError.self, try library.openGame(id: g.id())) {
            guard case .TooNew(let found, let supported) = $0 else { return false }
            return found == 99 && (1..<99).contains(supported)
        }

        // Writing the game again (its next save) puts a good file over its own damaged one.
        try Data("garbage".utf8).write(to: file)
        XCTAssertEqual(g.saveNow().storage, .saved)
        XCTAssertEqual(Set(try listed(library).map(\.id)), [g.id(), hotseat.id()])
        XCTAssertEqual(try library.openGame(id: g.id()).state().history, g.state().history)

        // Damaged statistics are reported, and not overwritten by a new result.
        let stats = dir.appendingPathComponent("statistics.json")
        try Data("{".utf8).write(to: stats)
        assertThrows(LibraryError.self, try library.statistics()) {
            if case .Damaged = $0 { return true } else { return false }
        }
        let resigned = try g.resign()
        guard case .failed = resigned.storage else {
            return XCTFail("the count could not be written: \(resigned.storage)")
        }
        XCTAssertEqual(try String(contentsOf: stats, encoding: .utf8), "{")
    }

    func testAResignationCountsOneLossForItsOpponentOnce() throws {
        let (library, dir) = try makeLibrary()
        let empty = try library.statistics()
        XCTAssertEqual(empty.map(\.level), [.beginner, .easy, .medium, .hard, .impossible])
        XCTAssertEqual(empty.map(\.name), opponents().map(\.name))
        XCTAssertTrue(
            empty.allSatisfy {
                $0.played == 0 && $0.won == 0 && $0.lost == 0 && $0.drawn == 0
                    && $0.fewestMoves == nil
            })

        let g = try played(try solo(.medium))
        try library.keepLocal(game: g, replace: false)
        XCTAssertEqual(try library.statistics(), empty, "not over")
        _ = try g.resign()
        let after = try library.statistics()
        let medium = stats(after, .medium)
        XCTAssertEqual([medium.played, medium.won, medium.lost, medium.drawn], [1, 0, 1, 0])
        XCTAssertNil(medium.fewestMoves)
        XCTAssertEqual(after.filter { $0.level != .medium }, empty.filter { $0.level != .medium })

        // Opened again, and the library opened anew: the same game, not counted again.
        _ = try library.openGame(id: g.id())
        XCTAssertEqual(try GameLibrary.open(dir: dir.path).statistics(), after)

        // Never counted: a game from a position, a game between people.
        let pos = try positionFromJson(
            json: """
                {"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
                 "pegs":{"S":[[-4,8]],"N":[[-3,7],[-4,7],[-2,6],[-4,6],[0,-4]]},"to_move":0}
                """)
        let fromPosition = try LocalGame.fromPosition(
            position: pos, seats: [person, ai()], seed: 0)
        try library.keepLocal(game: fromPosition, replace: false)
        // Its one peg is hemmed in: it can only jump.
        let peg = Coord(q: -4, r: 8)
        let target = try XCTUnwrap(try fromPosition.tap(q: peg.q, r: peg.r).targets.first).coord
        _ = fromPosition.cancelTouch()
        XCTAssertEqual(try fromPosition.play(peg, target).history.count, 1)
        XCTAssertNotNil(try fromPosition.resign().outcome)
        let people = try played(try LocalGame.make(.classic, seats: [person, person]))
        try library.keepLocal(game: people, replace: false)
        _ = try people.offerDraw()
        XCTAssertEqual(try people.answerDraw(accept: true).outcome?.reason, .drawAgreed)
        XCTAssertEqual(try library.listing().finished.count, 3)
        XCTAssertEqual(try library.statistics(), after)

        // A second game against another opponent counts for that one.
        let hard = try played(try solo(.hard))
        try library.keepLocal(game: hard, replace: false)
        _ = try hard.resign()
        let both = try library.statistics()
        XCTAssertEqual(stats(both, .hard).lost, 1)
        XCTAssertEqual(stats(both, .medium), medium)
    }
}
