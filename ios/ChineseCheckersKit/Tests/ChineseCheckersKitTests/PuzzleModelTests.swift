// The race puzzles through the kit's models and the real core: a puzzle solved at par by taps
// along the solver's line (read from the committed set, as the core's own test plays it), its
// words, the list showing it solved, undo/redo/restart moving the count, the solver's line
// stepped on the sheet's board, and today's puzzle for an injected date.
import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

@MainActor
final class PuzzleModelTests: XCTestCase {
    /// The app's English words, from its String Catalog.
    private static let catalog = try? StringCatalog(contentsOf: CatalogCoverageTests.catalogURL)

    private func words(_ message: LocalizedMessage?) throws -> String {
        let renderer = try XCTUnwrap(Self.catalog, "the catalog reads").renderer(language: "en")
        return try renderer.render(try XCTUnwrap(message))
    }

    /// The solver's line of `id` in the committed set (rust-core/src/session/puzzles.json).
    private func committedLine(_ id: String) throws -> [(from: Coord, to: Coord)] {
        let url = CatalogCoverageTests.iosFolder.deletingLastPathComponent()
            .appendingPathComponent("rust-core/src/session/puzzles.json")
        struct Hole: Decodable {
            let q: Int32
            let r: Int32
        }
        struct Step: Decodable {
            let from: Hole
            let to: Hole
        }
        struct Entry: Decodable {
            let id: String
            let line: [Step]
        }
        struct Set: Decodable { let puzzles: [Entry] }
        let set = try JSONDecoder().decode(Set.self, from: Data(contentsOf: url))
        let entry = try XCTUnwrap(set.puzzles.first { $0.id == id }, "\(id) is in the set")
        return entry.line.map { (coord($0.from.q, $0.from.r), coord($0.to.q, $0.to.r)) }
    }

    /// Plays one step of a line by taps, as a person would: the peg, then where it stops, then
    /// End jump when the chain could go on.
    private func play(_ step: (from: Coord, to: Coord), on model: PuzzleModel) {
        let before = model.state.moves
        model.handle(.tap(step.from))
        model.handle(.tap(step.to))
        if model.state.moves == before {
            XCTAssertTrue(model.slots.first { $0.id == .endJump }!.enabled, "End jump is offered")
            model.handle(.slot(.endJump))
        }
        XCTAssertEqual(model.state.moves, before + 1, "one move per step of the line")
    }

    func testAPuzzleSolvedAtParByTapsIsListedSolved() async throws {
        let dir = temporaryFolder()
        let list = PuzzleListModel(directory: dir)
        let id = "tripot-easy-1"
        let info = try XCTUnwrap(list.info(id: id))
        XCTAssertEqual(try words(PuzzleListModel.resultWords(info)), "Not solved yet")
        XCTAssertEqual(
            try words(PuzzleListModel.parWords(info)), "par \(info.par), best known",
            "tripot's par is the solver's best, not proven")
        let line = try committedLine(id)
        XCTAssertEqual(line.count, Int(info.par))

        let model = try PuzzleModel(directory: dir, info: info) { id in
            list.refresh()
            return list.info(id: id)
        }
        XCTAssertEqual(try words(model.count), "Moves 0 · Par \(info.par)")
        XCTAssertEqual(
            model.slots.map(\.id), [.endJump, .undo, .redo, .restart], "the buttons' fixed places")
        XCTAssertEqual(model.slots.map(\.enabled), [false, false, false, false])

        for step in line { play(step, on: model) }
        XCTAssertTrue(model.state.solved && model.state.atPar)
        XCTAssertTrue(model.solvedShown, "the solved sheet is up")
        XCTAssertEqual(try words(model.count), "Moves \(info.par) · Par \(info.par)")
        XCTAssertEqual(try words(model.resultWords), "Solved in \(info.par) moves: at par!")
        XCTAssertEqual(model.announcement?.messages, [model.resultWords!], "VoiceOver says it")
        XCTAssertEqual(
            try words(model.bestWords), "Best: \(info.par) moves, solved at par",
            "the best as the core recorded it")

        // The solver's line, stepped on the sheet's board by the core.
        XCTAssertEqual(model.lineStep, 0)
        XCTAssertEqual(
            try words(model.lineWords), "The solver’s line (\(info.par) moves): the start")
        XCTAssertTrue(model.lineArrows.isEmpty)
        let start = try XCTUnwrap(model.lineBoard)
        model.handle(.stepLine(forward: true))
        XCTAssertEqual(model.lineStep, 1)
        XCTAssertEqual(try words(model.lineWords), "The solver’s line: move 1 of \(info.par)")
        // One arrow per hop of the move's path, from where the peg left to where it stopped.
        let path = model.state.line[0].path
        XCTAssertEqual(path.first, line[0].from)
        XCTAssertEqual(path.last, line[0].to)
        XCTAssertEqual(model.lineArrows.map(\.from), Array(path.dropLast()))
        XCTAssertEqual(model.lineArrows.map(\.to), Array(path.dropFirst()))
        let after = try XCTUnwrap(model.lineBoard)
        XCTAssertNil(start.holes.first { $0.coord == line[0].to }?.occupant)
        XCTAssertEqual(after.holes.first { $0.coord == line[0].to }?.occupant, .s, "the peg moved")
        model.handle(.stepLine(forward: false))
        XCTAssertEqual(model.lineStep, 0)
        XCTAssertEqual(model.lineBoard?.holes, start.holes, "back to the start")
        XCTAssertFalse(model.canStepLineBack)

        // Replaying the line is not the person's solve: the list shows the person's own result.
        list.refresh()
        let solved = try XCTUnwrap(list.info(id: id))
        XCTAssertEqual(solved.best, info.par)
        XCTAssertTrue(solved.solvedAtPar)
        XCTAssertEqual(
            try words(PuzzleListModel.resultWords(solved)), "Best: \(info.par) moves, solved at par"
        )
        // Statistics counts the built-in set (the puzzle of the day is not one of it), the same
        // numbers as Android's (the core's tally).
        let set = list.sections.flatMap(\.puzzles).count
        XCTAssertEqual(list.tally, PuzzleTally(solved: 1, atPar: 1, total: Int32(set)))
        XCTAssertEqual(
            try words(list.statisticsLine), "Race puzzles: solved 1 of \(set) · at par 1")
        XCTAssertEqual(list.after(id)?.id, list.all[list.all.firstIndex { $0.id == id }! + 1].id)
    }

    func testUndoRedoAndRestartChangeTheCount() async throws {
        let dir = temporaryFolder()
        let list = PuzzleListModel(directory: dir)
        let id = "classic-easy-1"
        let info = try XCTUnwrap(list.info(id: id))
        let line = try committedLine(id)
        let model = try PuzzleModel(directory: dir, info: info) { id in
            list.refresh()
            return list.info(id: id)
        }
        play(line[0], on: model)
        play(line[1], on: model)
        XCTAssertEqual(try words(model.count), "Moves 2 · Par \(info.par)")
        XCTAssertEqual(model.announcement?.messages, [model.count], "VoiceOver says the count")
        XCTAssertEqual(model.slots.map(\.enabled), [false, true, false, true])

        model.handle(.slot(.undo))
        XCTAssertEqual(model.state.moves, 1)
        XCTAssertEqual(model.slots.map(\.enabled), [false, true, true, true])
        model.handle(.slot(.redo))
        XCTAssertEqual(model.state.moves, 2)
        model.handle(.slot(.restart))
        XCTAssertEqual(model.state.moves, 0)
        XCTAssertEqual(try words(model.count), "Moves 0 · Par \(info.par)")
        XCTAssertFalse(model.slots.first { $0.id == .undo }!.enabled)

        // Solved over par: one wasted move there and back first.
        let first = line[0]
        play(first, on: model)
        play((first.to, first.from), on: model)
        for step in line { play(step, on: model) }
        XCTAssertTrue(model.state.solved)
        XCTAssertFalse(model.state.atPar)
        XCTAssertEqual(
            try words(model.resultWords), "Solved in \(info.par + 2) moves: 2 over par")
        XCTAssertEqual(try words(model.bestWords), "Best: \(info.par + 2) moves")
        // An undo takes the last move back: the sheet goes, the count goes down.
        model.handle(.slot(.undo))
        XCTAssertFalse(model.solvedShown)
        XCTAssertNil(model.resultWords)
        XCTAssertEqual(model.state.moves, info.par + 1)
    }

    func testTheAppOpensTodaysPuzzleAndTheNextOne() async throws {
        let settings = temporarySettings()
        settings.sound = false
        let app = AppModel(directory: temporaryFolder(), settings: settings)
        let today = try XCTUnwrap(app.puzzles.daily)
        XCTAssertEqual(app.openPuzzle(today), .puzzle)
        XCTAssertEqual(app.puzzle?.info.id, today.id)
        XCTAssertEqual(app.puzzle?.soundOn, false, "the sound setting")
        let next = try XCTUnwrap(app.puzzles.after(today.id), "the set follows today's")
        XCTAssertEqual(next.id, app.puzzles.sections.first?.puzzles.first?.id)
        XCTAssertEqual(app.openPuzzle(next), .puzzle)
        XCTAssertEqual(app.puzzle?.info.id, next.id)
        XCTAssertEqual(app.puzzle?.state.moves, 0)
    }

    func testThePuzzleOfTheDayFollowsTheInjectedLocalDate() async throws {
        let dir = temporaryFolder()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try XCTUnwrap(TimeZone(identifier: "Asia/Shanghai"))
        // 2026-12-06 01:30 in Shanghai is still 2026-12-05 at UTC: the local date counts.
        let instant = try XCTUnwrap(
            calendar.date(from: DateComponents(year: 2026, month: 12, day: 6, hour: 1, minute: 30)))
        let days = Int64(20_793)
        XCTAssertEqual(PuzzleDay.days(of: instant, calendar: calendar), days)
        let list = PuzzleListModel(directory: dir, now: { instant }, calendar: calendar)
        let expected = try puzzleOfTheDay(dataDir: dir.path, daysSinceEpoch: days)
        XCTAssertEqual(list.daily, expected)
        XCTAssertEqual(list.all.first, expected, "today's puzzle comes first")
        XCTAssertEqual(try words(list.title(expected)), "Puzzle of the day")
        XCTAssertEqual(
            try words(list.homeLine),
            "Today: \(try words(PuzzleListModel.difficulty(expected.difficulty))), "
                + (try words(PuzzleListModel.parWords(expected))))
        let tomorrow = PuzzleListModel(
            directory: dir, now: { instant.addingTimeInterval(86_400) }, calendar: calendar)
        XCTAssertNotEqual(tomorrow.daily?.id, expected.id, "consecutive dates differ")

        // The set follows, by difficulty, easy first; the proven par says so.
        XCTAssertEqual(list.sections.map(\.id), [.easy, .medium, .hard])
        let hard = try XCTUnwrap(list.sections.last?.puzzles.first { $0.proven })
        XCTAssertEqual(try words(PuzzleListModel.parWords(hard)), "par 27, proven optimal")
        XCTAssertEqual(try words(list.title(hard)), "Classic 1")
    }
}
