// The new-game, rules, statistics and settings models through the real core.
import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

@MainActor
final class ScreenModelTests: XCTestCase {
    func testNewGameOffersTheCoresRuleSetsAndOpponents() async throws {
        let model = NewGameModel(mode: .solo)
        XCTAssertEqual(model.preset, .tripot, "tripot is the default")
        XCTAssertEqual(model.ruleSets.map(\.preset), ruleSets().map(\.preset))
        XCTAssertEqual(model.opponents.count, 5)
        XCTAssertEqual(model.seats.first?.player, .person)
        XCTAssertTrue(model.seats.dropFirst().allSatisfy { $0.player != .person })
        XCTAssertEqual(model.colourCounts, [1, 2, 3])
        XCTAssertFalse(model.canEditOptions)
        model.choose(.sternhalma)
        XCTAssertEqual(model.seatCounts, ruleSets().first { $0.preset == .sternhalma }!.seatCounts)
        model.setSeatCount(6)
        XCTAssertEqual(model.seats.count, 6)
        XCTAssertEqual(model.seats[0].player, .person)
        // The core's new-game seats: the AI at Easy in the new ones (the Android screen's too).
        XCTAssertEqual(
            model.seats.dropFirst().map(\.player), Array(repeating: .ai(level: .easy), count: 5))
        model.setSeat(5, player: .ai(level: .hard))
        let board = try XCTUnwrap(model.start())
        XCTAssertNil(model.error)
        XCTAssertEqual(board.state.players.count, 6)
        XCTAssertEqual(board.state.players[5].player, .ai(level: .hard))
        board.cancelThinking()
        await board.waitUntilIdle()
        // No rematch before the end; after it, the next game on the same board (the core's: the
        // same seats, a new seed).
        XCTAssertFalse(board.canRematch)
        board.resign()
        XCTAssertTrue(board.canRematch)
        let players = board.state.players.map(\.player)
        let firstID = board.game.id()
        board.rematch()
        XCTAssertNil(board.error)
        XCTAssertNotEqual(board.game.id(), firstID)
        XCTAssertEqual(board.state.players.map(\.player), players)
        XCTAssertTrue(board.state.history.isEmpty)
        XCTAssertNil(board.state.outcome)
        XCTAssertFalse(board.canRematch)
        board.cancelThinking()
        await board.waitUntilIdle()
        // The ended game's states the listener queued before the rematch (newer revisions than
        // the new game's) are dropped: the board stays on the new game.
        try await Task.sleep(nanoseconds: 100_000_000)
        XCTAssertNil(board.state.outcome)
        XCTAssertEqual(board.state, board.game.state())
    }

    /// Issue 38 item 3: a choice survives a change of rule set that allows it, and one that
    /// must change is said.
    func testAChangeOfRuleSetKeepsTheOpponentAndSaysWhatItCouldNotKeep() async {
        let model = NewGameModel(mode: .solo)
        model.setSeat(1, player: .ai(level: .beginner))
        model.choose(.classic)
        XCTAssertEqual(model.seats[1].player, .ai(level: .beginner), "the opponent chosen stays")
        XCTAssertEqual(model.ruleSetChanges, [])
        model.choose(.tripot)
        model.coloursPerSide = 3
        model.opener = .seat(index: 1)
        model.choose(.classic)
        XCTAssertEqual(model.ruleSetChanges, [.coloursPerSide(from: 3, to: 1), .opener])
        XCTAssertEqual(model.coloursPerSide, 1)
        XCTAssertEqual(model.opener, .seat(index: 0))
        XCTAssertEqual(model.seats[1].player, .ai(level: .beginner))
        XCTAssertEqual(
            Wording.setupChange(.coloursPerSide(from: 3, to: 1)),
            LocalizedMessage("setupChange.ColoursPerSide", [.number(3), .number(1)]))
        XCTAssertNotNil(model.start(), "a set-up the core accepts")
        // The next choice puts the words away.
        model.setSeat(1, player: .ai(level: .hard))
        XCTAssertEqual(model.ruleSetChanges, [])
    }

    func testTheCoreRefusesABadSetupAndTheModelWordsIt() async throws {
        let model = NewGameModel(mode: .passAndPlay)
        XCTAssertTrue(model.seats.allSatisfy { $0.player == .person })
        model.choose(.classic)
        model.setSeatCount(5)
        XCTAssertNil(model.start())
        let allowed = ruleSets().first { $0.preset == .classic }!.seatCounts
        XCTAssertFalse(allowed.contains(5))
        XCTAssertEqual(
            model.error,
            LocalizedMessage(
                "setupError.SeatCount",
                [
                    .message(LocalizedMessage("preset.classic")), .number(5),
                    .text(allowed.map(String.init).joined(separator: ", ")),
                ]))
        // The rulebook's options are editable; the core checks them at the start.
        model.dismissError()
        model.choose(.rulebook)
        XCTAssertTrue(model.canEditOptions)
        model.setOption(.jumpReach(reach: 3))
        model.setOption(.mandatoryJump(on: true))
        XCTAssertNil(model.error)
        XCTAssertEqual(model.setup(seed: 1).rules.options.jumpReach, 3)
        let board = try XCTUnwrap(model.start(), "\(String(describing: model.error))")
        let seats = board.state.players.map(\.player)
        XCTAssertGreaterThan(seats.count, 1)
        XCTAssertEqual(Set(seats), [.person], "people only: pass and play")
    }

    func testTheOptionsAndTheirValuesComeFromTheCore() async throws {
        let model = NewGameModel(mode: .solo)
        // The named bundles are played as named: nothing to edit, "Customize" goes to the
        // rulebook.
        for preset in [Preset.tripot, .classic, .sternhalma] {
            model.choose(preset)
            XCTAssertEqual(model.editableOptions, [], "\(preset)")
            XCTAssertFalse(model.canEditOptions)
            let before = model.options
            model.setOption(.swaps(on: !before.swaps))
            XCTAssertEqual(
                model.error,
                LocalizedMessage(
                    "setupError.OptionFixed", [.message(LocalizedMessage("preset.\(preset)"))]))
            XCTAssertEqual(model.options, before, "a refused choice changes nothing")
            model.dismissError()
        }
        XCTAssertEqual(model.customizable, .rulebook)

        // The rulebook offers the core's values: the distinct jump reaches, not a range.
        model.choose(try XCTUnwrap(model.customizable))
        XCTAssertTrue(model.canEditOptions)
        let reach = try XCTUnwrap(model.editableOptions.first { $0.option == .jumpReach })
        XCTAssertEqual(
            reach.values, [1, 2, 3, 4, 5, 8].map { RuleOptionValue.jumpReach(reach: $0) })
        let pegs = try XCTUnwrap(model.editableOptions.first { $0.option == .pegs })
        XCTAssertEqual(pegs.values, [.pegs(pegs: 10), .pegs(pegs: 15)])
        // Each option's current value is among those offered.
        for editable in model.editableOptions {
            XCTAssertTrue(editable.values.contains(model.value(of: editable.option)), "\(editable)")
        }

        // A choice changes the setup; a value the core does not offer is refused, worded.
        XCTAssertNotEqual(model.value(of: .jumpReach), .jumpReach(reach: 5))
        model.setOption(.jumpReach(reach: 5))
        model.setOption(.camps(camps: .noForeign))
        XCTAssertNil(model.error)
        XCTAssertEqual(model.value(of: .jumpReach), .jumpReach(reach: 5))
        XCTAssertEqual(model.setup(seed: 1).rules.options.jumpReach, 5)
        XCTAssertEqual(model.setup(seed: 1).rules.options.camps, .noForeign)
        model.setOption(.jumpReach(reach: 6))
        XCTAssertEqual(
            model.error,
            LocalizedMessage(
                "setupError.OptionValue", [.message(LocalizedMessage("preset.rulebook"))]))
        XCTAssertEqual(model.options.jumpReach, 5, "kept")
        model.dismissError()
        // Another rule set takes its own options again.
        model.choose(.tripot)
        XCTAssertEqual(model.options, ruleSets().first { $0.preset == .tripot }!.options)
    }

    func testHomeSaysHowManySavedGamesCouldNotBeRead() async throws {
        let folder = temporaryFolder()
        let library = try GameLibrary.open(dir: folder.path)
        let game = try LocalGame(setup: setup(.tripot, seats: [personSeat, personSeat]))
        try library.keepLocal(game: game, replace: false)
        let board = BoardModel(game: game.game())
        board.tap(coord(-1, 5))
        board.tap(coord(-1, 4))
        let home = HomeModel(library: library)
        XCTAssertEqual(home.continuable.map(\.id), [game.id()])
        XCTAssertNil(home.unreadableNote, "nothing to say")
        // The file is damaged behind the core's back: the game leaves Continue, home says so.
        let file = folder.appendingPathComponent("games", isDirectory: true)
            .appendingPathComponent("\(game.id()).json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))
        try Data("garbage, not JSON".utf8).write(to: file)
        home.refresh()
        XCTAssertEqual(home.continuable, [])
        let note = try XCTUnwrap(home.unreadableNote)
        XCTAssertEqual(note, LocalizedMessage("home.unreadable", [.number(1)]))
        let catalog = try StringCatalog(contentsOf: CatalogCoverageTests.catalogURL)
        XCTAssertEqual(
            try catalog.renderer(language: "en").render(note),
            "Saved games that could not be read: 1")
        for language in CatalogCoverageTests.languages {
            XCTAssertFalse(try catalog.renderer(language: language).render(note).contains("%"))
        }
    }

    func testRulesStatisticsAndSettings() async throws {
        let rules = RulesModel()
        XCTAssertEqual(rules.selected, .tripot)
        XCTAssertEqual(rules.optionLines.count, 14)
        rules.selected = .classic
        XCTAssertEqual(rules.shown?.preset, .classic)
        XCTAssertEqual(RulesModel.explanation(.classic), LocalizedMessage("rules.classic"))

        let library = try GameLibrary.open(dir: temporaryFolder().path)
        let statistics = StatisticsModel(library: library)
        XCTAssertEqual(statistics.rows.map(\.level), opponents().map(\.level))
        XCTAssertEqual(statistics.totalPlayed, 0)
        // A resigned game against the AI counts as a loss.
        let game = try LocalGame(setup: setup(.tripot, seats: [personSeat, aiSeat(.easy)]))
        // Kept in the library, the game is counted by the core as it ends.
        try library.keepLocal(game: game, replace: false)
        let board = BoardModel(game: game.game())
        board.tap(coord(-1, 5))
        board.tap(coord(-1, 4))
        board.cancelThinking()
        await board.waitUntilIdle()
        board.resign()
        XCTAssertEqual(board.state.outcome?.reason, .resigned)
        statistics.refresh()
        XCTAssertEqual(statistics.totalPlayed, 1)
        XCTAssertEqual(statistics.rows.first { $0.level == .easy }?.lost, 1)

        let settings = temporarySettings()
        let token = settings.onlineToken
        XCTAssertFalse(token.isEmpty)
        XCTAssertEqual(settings.onlineToken, token, "one token per install")
        let model = SettingsModel(settings: settings)
        model.playerName = "Zoé"
        XCTAssertEqual(settings.playerName, "Zoé")
        model.serverAddress = "http://example.org"
        XCTAssertFalse(model.commitServerAddress())
        XCTAssertEqual(model.error?.key, "settings.badServer")
        XCTAssertEqual(settings.serverURL, AppSettings.defaultServerURL)
        model.serverAddress = " ws://127.0.0.1:8080/ws "
        XCTAssertTrue(model.commitServerAddress())
        XCTAssertEqual(settings.serverURL?.absoluteString, "ws://127.0.0.1:8080/ws")
    }

    func testTheServerFieldIsEmptyForTheCoresDefaultAndResets() async {
        // The default is the core's build setting, not a copy kept by the app: none in the
        // source build the tests run.
        XCTAssertNil(defaultServerUrl())
        XCTAssertNil(AppSettings.defaultServerURL)
        XCTAssertNil(SettingsModel.defaultServerAddress)
        let settings = temporarySettings()
        var model = SettingsModel(settings: settings)
        XCTAssertEqual(model.serverAddress, "", "an empty field means the default server")
        XCTAssertFalse(model.canResetServer)
        XCTAssertFalse(settings.hasCustomServer)

        model.serverAddress = "wss://example.org/ws"
        XCTAssertTrue(model.canResetServer)
        XCTAssertTrue(model.commitServerAddress())
        XCTAssertTrue(settings.hasCustomServer)
        model = SettingsModel(settings: settings)
        XCTAssertEqual(model.serverAddress, "wss://example.org/ws", "shown again when reopened")

        model.resetServerAddress()
        XCTAssertEqual(model.serverAddress, "")
        XCTAssertFalse(settings.hasCustomServer)
        XCTAssertEqual(settings.serverURL, AppSettings.defaultServerURL)

        // Emptying the field by hand is the same as "Reset to default", and not an error.
        model.serverAddress = "ws://127.0.0.1:8080/ws"
        XCTAssertTrue(model.commitServerAddress())
        model.serverAddress = "  "
        XCTAssertTrue(model.commitServerAddress())
        XCTAssertNil(model.error)
        XCTAssertFalse(settings.hasCustomServer)
    }
}

extension ScreenModelTests {
    /// Without a default server (a source build) and none chosen, the online screen connects to
    /// nothing and says so; a chosen server is used.
    func testWithoutADefaultServerTheOnlineModelHasNoServerUntilOneIsChosen() async {
        let settings = temporarySettings()
        XCTAssertNil(settings.serverURL)
        let model = OnlineModel(
            url: settings.serverURL, token: settings.onlineToken, name: "Ann")
        XCTAssertFalse(model.hasServer)
        model.handle(.connect)
        XCTAssertFalse(model.isConnected, "nothing was opened")
        XCTAssertNil(model.error, "not an error: the screen says to choose a server")
        settings.serverURL = URL(string: "wss://example.org/ws")
        let chosen = OnlineModel(
            url: settings.serverURL, token: settings.onlineToken, name: "Ann")
        XCTAssertTrue(chosen.hasServer)
        settings.serverURL = nil
        XCTAssertNil(settings.serverURL, "forgotten: the build has no default")
    }
}
