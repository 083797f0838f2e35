// "Learn to play" (issue 29) through the kit's models: the first three lessons played to their
// end by taps at hole centres (as the board sends them), wrong tries worded with their reason and
// put back with Try again, the first start's offer asked once, and the Rules screen's diagrams
// (the core's) each opening the lesson step it shows.
import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

@MainActor
final class LessonModelTests: XCTestCase {
    private var english: MessageRenderer!

    override func setUp() async throws {
        english = try StringCatalog(contentsOf: CatalogCoverageTests.catalogURL)
            .renderer(language: "en")
    }

    /// Taps the holes at their centres, as the board's canvas sends a finger's tap.
    private func tap(_ model: LessonModel, _ holes: [Coord]) throws {
        for hole in holes {
            let centre = try XCTUnwrap(model.geometry.hole(at: hole), "hole \(hole)")
            model.handle(.tapAt(x: centre.x, y: centre.y))
            XCTAssertNil(model.error, "tap \(hole)")
        }
    }

    /// Plays a step's move: the peg and each hole it reaches, then End jump when the core
    /// still offers it (a tripot chain that could go on).
    private func play(_ model: LessonModel, _ holes: [Coord]) throws {
        try tap(model, holes)
        if model.isEnabled(.endJump) { model.handle(.press(.endJump)) }
        XCTAssertNil(model.error)
    }

    private func words(_ message: LocalizedMessage?) throws -> String {
        try english.render(try XCTUnwrap(message))
    }

    /// Asserts the step is done with "Well done" and Next enabled, then presses Next.
    private func finishStep(_ model: LessonModel, line: UInt = #line) throws {
        XCTAssertTrue(model.state.stepDone, "step \(model.state.step)", line: line)
        XCTAssertTrue(model.feedbackIsSuccess, line: line)
        XCTAssertEqual(model.pointer, [], "no pointer once done", line: line)
        XCTAssertTrue(model.isEnabled(.next), line: line)
        let step = model.state.step
        model.handle(.press(.next))
        XCTAssertEqual(model.state.step, step + 1, line: line)
        XCTAssertNil(model.feedback, "a new step starts without feedback", line: line)
        XCTAssertFalse(model.isEnabled(.next), "no Next before the goal", line: line)
    }

    func testTheFirstThreeLessonsArePlayedThroughByTaps() async throws {
        let folder = temporaryFolder()
        let list = LessonsModel(directory: folder)
        XCTAssertTrue(list.lessons.allSatisfy { !$0.finished })
        XCTAssertNil(LessonsModel.finished(list.lessons[0]))
        XCTAssertEqual(
            Array(list.lessons.prefix(3).map(\.id)),
            ["tripot-moves", "tripot-long-jumps", "tripot-swaps"])
        XCTAssertEqual(
            try english.render(LessonsModel.summary(list.lessons[0])), "Tripot · 4 steps")
        let model = try LessonModel(id: "tripot-moves", directory: folder)

        // Steps, jumps and chains.
        XCTAssertEqual(try words(model.title), "Steps, jumps and chains")
        XCTAssertEqual(try words(model.progress), "Step 1 of 4")
        XCTAssertEqual(
            try words(model.goal), "Make a step: move your peg to a neighbouring empty hole.")
        XCTAssertEqual(model.pointer, [coord(-1, 4), coord(0, 3)])
        XCTAssertFalse(model.isEnabled(.tryAgain), "nothing to put back yet")
        // A tap on an empty hole: refused, in the game's own words.
        try tap(model, [coord(2, 2)])
        XCTAssertEqual(model.feedback, LocalizedMessage("notice.emptyHole"))
        // A wrong try: a jump where a step was asked, worded and taken back.
        try play(model, [coord(-1, 4), coord(-1, 2)])
        XCTAssertEqual(
            try words(model.feedback), "That was not a step. It was taken back: try again.")
        XCTAssertEqual(model.missedArrows.map(\.to), [coord(-1, 2)], "the try as an arrow")
        XCTAssertEqual(
            model.board.holes.first { $0.coord == coord(-1, 4) }?.occupant, .s,
            "the peg is back")
        XCTAssertFalse(model.state.stepDone)
        XCTAssertTrue(model.isEnabled(.tryAgain))
        model.handle(.press(.tryAgain))
        XCTAssertNil(model.feedback, "Try again: the step as it opened")
        XCTAssertEqual(model.missedArrows, [])
        try play(model, [coord(-1, 4), coord(0, 3)])
        XCTAssertEqual(try words(model.feedback), "Well done!")
        try finishStep(model)

        XCTAssertEqual(
            try words(model.goal),
            "Jump over the Green peg: land on the empty hole just beyond it.")
        try play(model, [coord(-2, 4), coord(0, 4)])
        XCTAssertEqual(
            try words(model.feedback),
            "That jumped over a Red peg. It was taken back: try again.")
        try play(model, [coord(-1, 4), coord(-1, 2)])
        try finishStep(model)

        XCTAssertEqual(try words(model.progress), "Step 3 of 4")
        XCTAssertEqual(
            try words(model.goal),
            "Chain 3 jumps with the same peg, hop by hop; tap End jump if it could go on.")
        try play(model, [coord(0, 4), coord(0, 2)])
        XCTAssertEqual(
            try words(model.feedback),
            "The chain stopped after 1 jump(s). It was taken back: try again.")
        try play(model, [coord(0, 4), coord(0, 2), coord(0, 0), coord(0, -2)])
        try finishStep(model)

        // End jump: the chain could go on, and the button ends it.
        try tap(model, [coord(0, 4), coord(0, 2), coord(0, 0)])
        XCTAssertTrue(model.isEnabled(.endJump), "the chain could go on")
        XCTAssertTrue(model.isEnabled(.tryAgain), "a chain under way can be put back")
        model.handle(.press(.endJump))
        XCTAssertTrue(model.state.lessonDone)
        XCTAssertEqual(try words(model.feedback), "Well done: lesson complete!")
        XCTAssertTrue(model.nextOpensLesson)
        XCTAssertEqual(model.nextLessonID, "tripot-long-jumps")
        XCTAssertTrue(model.isEnabled(.next))
        model.handle(.press(.next))

        // Long jumps.
        XCTAssertEqual(model.state.lessonId, "tripot-long-jumps")
        XCTAssertEqual(try words(model.title), "Long jumps")
        XCTAssertEqual(try words(model.progress), "Step 1 of 2")
        XCTAssertEqual(
            try words(model.goal),
            "Make a long jump over a pivot 3 holes away: the holes before and after it must be "
                + "empty.")
        try play(model, [coord(0, 4), coord(2, 2)])
        XCTAssertEqual(
            try words(model.feedback),
            "Its pivot was only 1 hole(s) away. It was taken back: try again.")
        try play(model, [coord(0, 4), coord(0, -2)])
        try finishStep(model)
        try play(model, [coord(-4, 8), coord(-4, 7)])
        XCTAssertEqual(
            try words(model.feedback), "That was not a jump. It was taken back: try again.")
        try play(model, [coord(-4, 8), coord(6, -2)])
        XCTAssertTrue(model.state.lessonDone)
        model.handle(.press(.next))

        // The blocked-peg swap, both cases.
        XCTAssertEqual(model.state.lessonId, "tripot-swaps")
        XCTAssertEqual(try words(model.title), "The blocked-peg swap")
        XCTAssertEqual(
            try words(model.goal),
            "Your peg is stuck: free it by swapping it with an opposing peg next to it.")
        try play(model, [coord(0, 0), coord(1, 0)])
        XCTAssertEqual(
            try words(model.feedback), "That was not a swap. It was taken back: try again.")
        try play(model, [coord(-4, 8), coord(-4, 7)])
        try finishStep(model)
        XCTAssertEqual(
            try words(model.goal),
            "An opposing peg squats in your target: swap your last peg with it.")
        try play(model, [coord(1, -4), coord(1, -5)])
        XCTAssertTrue(model.state.lessonDone)
        XCTAssertEqual(model.nextLessonID, "tripot-passed-turn")
        // Back on the list: the three played to their end are ticked, the others not.
        list.refresh()
        XCTAssertEqual(
            list.lessons.filter(\.finished).map(\.id),
            ["tripot-moves", "tripot-long-jumps", "tripot-swaps"])
        XCTAssertEqual(
            try english.render(try XCTUnwrap(LessonsModel.finished(list.lessons[0]))), "Done")
    }

    func testAPassedTurnIsShownAsTheStepOpens() async throws {
        let model = try LessonModel(id: "tripot-passed-turn", directory: temporaryFolder())
        XCTAssertEqual(model.state.goal, .watchPass)
        XCTAssertEqual(try words(model.feedback), "You were blocked: your turn was skipped.")
        XCTAssertTrue(model.feedbackIsSuccess)
        XCTAssertTrue(model.state.lessonDone)
    }

    func testAnEndJumpWithNoJumpIsReportedNotThrown() async throws {
        let model = try LessonModel(id: "tripot-moves", directory: temporaryFolder())
        XCTAssertFalse(model.isEnabled(.endJump))
        model.handle(.press(.endJump))
        XCTAssertEqual(model.error, LocalizedMessage("moveError.NoJumpInProgress"))
        model.handle(.dismissError)
        XCTAssertNil(model.error)
    }

    func testTheFirstStartOffersTheLessonsOnce() async throws {
        let folder = temporaryFolder()
        let settings = temporarySettings()
        let first = AppModel(directory: folder, settings: settings)
        XCTAssertTrue(first.learnOfferShown, "asked on the first start")
        first.answerLearnOffer(learn: true)
        XCTAssertFalse(first.learnOfferShown)
        XCTAssertEqual(first.navigation.path, [.lessons], "Learn to play opens the lessons")
        XCTAssertTrue(settings.learnOfferAnswered)
        XCTAssertFalse(
            AppModel(directory: folder, settings: settings).learnOfferShown, "never again")

        let skipping = temporarySettings()
        let other = AppModel(directory: temporaryFolder(), settings: skipping)
        XCTAssertTrue(other.learnOfferShown)
        other.answerLearnOffer(learn: false)
        XCTAssertEqual(other.navigation.path, [], "Skip stays on home")
        XCTAssertFalse(
            AppModel(directory: temporaryFolder(), settings: skipping).learnOfferShown,
            "a skip is remembered too")

        // An update on a device that has played: its library holds a game, no question.
        let played = temporaryFolder()
        let library = try GameLibrary.open(dir: played.path)
        let game = try LocalGame(setup: setup(.tripot, seats: [personSeat, aiSeat()]))
        try library.keepLocal(game: game, replace: false)
        // Listed once played: the person's first step (the peg at -1,5 to -1,4).
        _ = try game.game().tap(q: -1, r: 5)
        _ = try game.game().tap(q: -1, r: 4)
        XCTAssertFalse(try library.listing().playing.isEmpty, "the library holds the game")
        let updated = AppModel(directory: played, settings: temporarySettings())
        XCTAssertFalse(updated.learnOfferShown, "a player with games is not on a first start")
    }

    func testEachRulesDiagramOpensTheLessonStepItShows() async throws {
        let app = AppModel(directory: temporaryFolder(), settings: temporarySettings())
        let rules = RulesModel()
        for preset in rules.ruleSets.map(\.preset) {
            rules.selected = preset
            let diagrams = rules.diagrams
            XCTAssertFalse(diagrams.isEmpty, "\(preset) has diagrams")
            XCTAssertEqual(Set(diagrams.map(\.rule)).count, diagrams.count, "one per rule")
            for diagram in diagrams {
                let holes = Set(diagram.holes.map(\.coord))
                XCTAssertTrue(holes.isSuperset(of: diagram.pegs.map(\.coord)), "\(diagram.rule)")
                XCTAssertTrue(holes.isSuperset(of: diagram.path), "\(diagram.rule)")
                XCTAssertEqual(diagram.arrows.count, max(0, diagram.path.count - 1))
                XCTAssertEqual(diagram.arrows.first?.from, diagram.path.first)
                XCTAssertEqual(diagram.occupant(at: diagram.pegs[0].coord), diagram.pegs[0].colour)
                XCTAssertNotEqual(try english.render(diagram.caption), "")

                // The link: the lesson at the diagram's step, its board the diagram's pegs.
                XCTAssertEqual(
                    app.openLesson(id: diagram.lessonId, step: diagram.step), .lesson)
                let lesson = try XCTUnwrap(app.lesson)
                XCTAssertEqual(lesson.state.lessonId, diagram.lessonId)
                XCTAssertEqual(lesson.state.step, diagram.step)
                XCTAssertEqual(lesson.state.rule, diagram.rule)
                for peg in diagram.pegs {
                    XCTAssertEqual(
                        lesson.board.holes.first { $0.coord == peg.coord }?.occupant,
                        peg.colour, "\(diagram.rule): the peg at \(peg.coord)")
                }
            }
        }
        rules.selected = .tripot
        XCTAssertEqual(
            rules.diagrams.prefix(3).map(\.rule), [.step, .jump, .chain], "tripot's first three")
        XCTAssertNil(app.openLesson(id: "no-such-lesson"))
        XCTAssertEqual(app.error?.key, "lessonError.NoSuchLesson")
    }
}
