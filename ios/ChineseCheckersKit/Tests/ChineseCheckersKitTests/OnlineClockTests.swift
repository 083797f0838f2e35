// The online clock's count-down (the core's reading, the app's digits) and the time controls
// offered, driven by the protocol's own frames fed to the core (no socket).
import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

@MainActor
final class OnlineClockTests: XCTestCase {
    /// `message` in English, from the app's catalog.
    private func english(_ message: LocalizedMessage) throws -> String {
        try StringCatalog(contentsOf: CatalogCoverageTests.catalogURL)
            .renderer(language: "en").render(message)
    }

    func testTheCoreCountsDownFromReceiptAndTheAppWritesTheDigits() async throws {
        let clock = OnlineClock(side: 0, leftMs: 12_000, banksMs: [], receivedAtMs: 1_000)
        let players: [PlayerState] = []
        func text(_ nowMs: Int64) -> String { ClockDisplay(clock, nowMs: nowMs, players: []).text }
        XCTAssertEqual(text(1_000), "0:12")
        XCTAssertEqual(text(1_001), "0:12")
        XCTAssertEqual(text(2_000), "0:11")
        XCTAssertEqual(text(12_999), "0:01")
        XCTAssertEqual(text(13_000), "0:00")
        XCTAssertEqual(text(99_000), "0:00", "never below")
        XCTAssertEqual(text(-5_000), "0:12", "a clock set back does not add time")
        XCTAssertFalse(ClockDisplay(clock, nowMs: 3_000, players: players).low)
        XCTAssertTrue(ClockDisplay(clock, nowMs: 3_001, players: players).low)
        // The redraws: when the shown second drops, none once the time is out.
        XCTAssertEqual(ClockDisplay(clock, nowMs: 1_000, players: players).nextChangeAtMs, 2_000)
        XCTAssertNil(ClockDisplay(clock, nowMs: 13_000, players: players).nextChangeAtMs)
        let odd = OnlineClock(side: 0, leftMs: 2_345, banksMs: [], receivedAtMs: 1_000)
        XCTAssertEqual(Array(ClockChanges(odd, fromMs: 0)), [1_345, 2_345, 3_345])
        XCTAssertEqual(Array(ClockChanges(odd, fromMs: 2_000)), [2_345, 3_345])
        XCTAssertEqual(Array(ClockChanges(odd, fromMs: 3_345)), [], "out of time")
    }

    func testMinutesAndHoursAreWrittenMSsAndHMmSs() async throws {
        XCTAssertEqual(ClockText.format(ClockFace(hours: 0, minutes: 5, seconds: 0)), "5:00")
        XCTAssertEqual(ClockText.format(ClockFace(hours: 0, minutes: 1, seconds: 6)), "1:06")
        XCTAssertEqual(ClockText.format(ClockFace(hours: 0, minutes: 0, seconds: 9)), "0:09")
        XCTAssertEqual(ClockText.format(ClockFace(hours: 1, minutes: 0, seconds: 0)), "1:00:00")
        XCTAssertEqual(ClockText.format(ClockFace(hours: 24, minutes: 3, seconds: 7)), "24:03:07")
        // The core's faces, written: the seconds rounded up.
        let long = OnlineClock(side: 0, leftMs: 3_599_001, banksMs: [], receivedAtMs: 0)
        XCTAssertEqual(ClockDisplay(long, nowMs: 0, players: []).text, "1:00:00")
        XCTAssertEqual(ClockDisplay(long, nowMs: 1, players: []).text, "59:59")
    }

    func testAGameClockRunsTheBankOfTheSideToMoveOnly() async throws {
        let clock = OnlineClock(
            side: 1, leftMs: 183_000, banksMs: [295_000, 183_000, 60_000], receivedAtMs: 0)
        let shown = ClockDisplay(clock, nowMs: 3_000, players: [])
        XCTAssertEqual(shown.banks, ["4:55", "3:00", "1:00"])
        XCTAssertEqual(shown.bank(2), "1:00")
        XCTAssertNil(shown.bank(3))
        let perMove = OnlineClock(side: 0, leftMs: 30_000, banksMs: [], receivedAtMs: 0)
        XCTAssertEqual(ClockDisplay(perMove, nowMs: 0, players: []).banks, [])
    }

    func testMillisecondsSinceTheEpochAndBack() async throws {
        let date = Date(timeIntervalSince1970: 1_796_126_400.5)
        XCTAssertEqual(date.unixMs, 1_796_126_400_500)
        XCTAssertEqual(Date(unixMs: 1_796_126_400_500), date)
    }

    func testTheTimeControlsOfferedAndWhatTheCoreIsAsked() async throws {
        XCTAssertEqual(
            TimeControlChoice.allCases, [.standard, .untimed, .perMove30, .game5Plus5])
        XCTAssertNil(TimeControlChoice.standard.timeControl, "the format's default")
        XCTAssertEqual(TimeControlChoice.untimed.timeControl, .untimed)
        XCTAssertEqual(TimeControlChoice.perMove30.timeControl, .perMove(seconds: 30))
        XCTAssertEqual(TimeControlChoice.game5Plus5.timeControl, .game(baseS: 300, incrementS: 5))
        XCTAssertEqual(
            try TimeControlChoice.allCases.map { try english($0.label) },
            ["Default", "Untimed", "30 s a move", "5 min + 5 s"])
        for language in CatalogCoverageTests.languages {
            let renderer = try StringCatalog(contentsOf: CatalogCoverageTests.catalogURL)
                .renderer(language: language)
            for choice in TimeControlChoice.allCases {
                let text = try renderer.render(choice.label)
                XCTAssertFalse(text.isEmpty || text.contains("%"), "\(language): \(text)")
            }
        }
    }

    /// A model whose core was matched into a sternhalma game of two (we are side 1), then got
    /// `frames`; the model's clock reads `now`.
    private func timedModel(
        clock: String, frames: [String], now: @escaping @Sendable () -> Int64
    ) throws -> (OnlineModel, OnlineGame) {
        let game = OnlineGame()
        _ = try game.send(request: .hello(token: newToken(), name: "Ann"))
        _ = try game.receive(frame: #"{"type":"welcome","v":2,"name":"Ann","games":[]}"#)
        _ = try game.receive(
            frame: #"{"type":"matched","game":"g","side":1,"format":"sternhalma2","#
                + #""players":["Bob","Ann"]}"#)
        _ = try game.receive(
            frame: #"{"type":"sync","snapshot":{"game":"g","seq":1,"side":1,"#
                + #""format":"sternhalma2","players":["Bob","Ann"],"clock":\#(clock),"#
                + #""moves":[],"draw_offer":null,"connected":[true,true],"#
                + #""rematch":[false,false],"rematch_game":null,"result":null}}"#)
        for frame in frames { _ = try game.receive(frame: frame) }
        let model = OnlineModel(
            game: game, url: URL(string: "ws://127.0.0.1:9/ws")!, token: newToken(), name: "Ann",
            nowMs: now)
        return (model, game)
    }

    func testTheModelCountsDownFromWhenTheCoreReceivedTheClock() async throws {
        let before = Date().unixMs
        let (model, game) = try timedModel(
            clock: #"{"kind":"per_move","seconds":30}"#,
            frames: [#"{"type":"clock","game":"g","side":0,"left_ms":12000}"#],
            now: { 0 })
        let after = Date().unixMs
        XCTAssertEqual(model.state.game?.timeControl, .perMove(seconds: 30))
        // The core stamps the clock as it receives it, on this device's clock.
        let clock = try XCTUnwrap(model.state.game?.clock)
        XCTAssertTrue((before...after).contains(clock.receivedAtMs), "\(clock.receivedAtMs)")
        let at = clock.receivedAtMs
        let shown = try XCTUnwrap(model.clockDisplay(nowMs: at + 3_500))
        XCTAssertEqual(shown.side, 0)
        XCTAssertEqual(shown.text, "0:09")
        XCTAssertTrue(shown.low)
        XCTAssertEqual(shown.banks, [])
        XCTAssertNil(shown.bank(0))
        XCTAssertEqual(shown.nextChangeAtMs, at + 4_000)
        XCTAssertEqual(try english(shown.spoken), "Bob: 0:09 left")
        // The model's own clock (fixed at 0 here, before the receipt) reads as the receipt.
        XCTAssertEqual(model.clockDisplay()?.text, "0:12")

        // Our turn: the next clock message restarts the count-down from its own receipt.
        _ = try game.receive(frame: #"{"type":"clock","game":"g","side":1,"left_ms":30000}"#)
        model.board.cancelTouch()  // reads the core's state
        let next = try XCTUnwrap(model.state.game?.clock)
        XCTAssertGreaterThanOrEqual(next.receivedAtMs, at)
        let ours = try XCTUnwrap(model.clockDisplay(nowMs: next.receivedAtMs + 1_000))
        XCTAssertEqual(ours.text, "0:29")
        XCTAssertEqual(try english(ours.spoken), "You have 0:29 left")
    }

    func testAGameClockShowsEverySeatsBankAndAnUntimedGameNoClock() async throws {
        let (model, _) = try timedModel(
            clock: #"{"kind":"game","base_s":300,"increment_s":5}"#,
            frames: [
                #"{"type":"clock","game":"g","side":0,"left_ms":295000,"banks_ms":[295000,183000]}"#
            ],
            now: { 0 })
        XCTAssertEqual(model.state.game?.timeControl, .game(baseS: 300, incrementS: 5))
        let at = try XCTUnwrap(model.state.game?.clock?.receivedAtMs)
        let shown = try XCTUnwrap(model.clockDisplay(nowMs: at + 1_000))
        XCTAssertEqual(shown.banks, ["4:54", "3:03"])
        XCTAssertEqual(shown.bank(1), "3:03")

        let (untimed, _) = try timedModel(
            clock: #"{"kind":"untimed"}"#, frames: [], now: { 0 })
        XCTAssertNil(untimed.clockDisplay(nowMs: 0))
    }

    func testTheTimedOutBannerNamesWhoseTimeRanOut() async throws {
        let (model, _) = try timedModel(
            clock: #"{"kind":"per_move","seconds":30}"#, frames: [], now: { 0 })
        let players = model.state.board.players
        XCTAssertEqual(
            try english(Wording.banner(.moveTimedOut(player: 0), players: players)),
            "Bob’s time ran out — the move with the most progress was played for them.")
        XCTAssertEqual(
            try english(Wording.banner(.moveTimedOut(player: 1), players: players)),
            "Your time ran out — the move with the most progress was played for you.")
    }
}
