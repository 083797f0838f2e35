// The online clock's count-down and the time controls offered, driven by the protocol's own
// frames fed to the core (no socket), with the model's clock fixed by the test.
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

    func testTheCountDownStartsWhenTheStateArrived() async throws {
        let clock = OnlineClock(side: 0, leftMs: 12_000, banksMs: [])
        XCTAssertEqual(ClockText.clockText(clock, receivedAtMs: 1_000, nowMs: 1_000), "0:12")
        XCTAssertEqual(ClockText.clockText(clock, receivedAtMs: 1_000, nowMs: 1_001), "0:12")
        XCTAssertEqual(ClockText.clockText(clock, receivedAtMs: 1_000, nowMs: 2_000), "0:11")
        XCTAssertEqual(ClockText.clockText(clock, receivedAtMs: 1_000, nowMs: 12_999), "0:01")
        XCTAssertEqual(ClockText.clockText(clock, receivedAtMs: 1_000, nowMs: 13_000), "0:00")
        XCTAssertEqual(
            ClockText.clockText(clock, receivedAtMs: 1_000, nowMs: 99_000), "0:00", "never below")
        XCTAssertEqual(
            ClockText.clockText(clock, receivedAtMs: 5_000, nowMs: 1_000), "0:12",
            "a clock set back does not add time")
        XCTAssertFalse(ClockText.isLow(clock, receivedAtMs: 0, nowMs: 2_000))
        XCTAssertTrue(ClockText.isLow(clock, receivedAtMs: 0, nowMs: 2_001))
    }

    func testMinutesAndHoursAreWrittenMSsAndHMmSs() async throws {
        XCTAssertEqual(ClockText.format(ms: 300_000), "5:00")
        XCTAssertEqual(ClockText.format(ms: 65_500), "1:06")
        XCTAssertEqual(ClockText.format(ms: 9_000), "0:09")
        XCTAssertEqual(ClockText.format(ms: 3_600_000), "1:00:00")
        XCTAssertEqual(ClockText.format(ms: 86_400_000), "24:00:00")
        XCTAssertEqual(ClockText.format(ms: -5), "0:00")
    }

    func testAGameClockRunsTheBankOfTheSideToMoveOnly() async throws {
        let clock = OnlineClock(side: 1, leftMs: 183_000, banksMs: [295_000, 183_000, 60_000])
        XCTAssertEqual(
            ClockText.bankTexts(clock, receivedAtMs: 0, nowMs: 3_000), ["4:55", "3:00", "1:00"])
        let perMove = OnlineClock(side: 0, leftMs: 30_000, banksMs: [])
        XCTAssertEqual(ClockText.bankTexts(perMove, receivedAtMs: 0, nowMs: 0), [])
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
        _ = try game.hello(token: newToken(), name: "Ann")
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

    func testTheModelCountsDownFromWhenTheClockArrived() async throws {
        let (model, game) = try timedModel(
            clock: #"{"kind":"per_move","seconds":30}"#,
            frames: [#"{"type":"clock","game":"g","side":0,"left_ms":12000}"#],
            now: { 50_000 })
        XCTAssertEqual(model.state.game?.timeControl, .perMove(seconds: 30))
        XCTAssertEqual(model.clockReceivedAtMs, 50_000)
        XCTAssertEqual(model.clockTickOriginMs, 50_000, "12 000 ms: the second changes on arrival")
        XCTAssertEqual(
            ClockText.tickOriginMs(
                OnlineClock(side: 0, leftMs: 12_345, banksMs: []), receivedAtMs: 1_000), 1_345)
        let shown = try XCTUnwrap(model.clockDisplay(nowMs: 53_500))
        XCTAssertEqual(shown.side, 0)
        XCTAssertEqual(shown.text, "0:09")
        XCTAssertTrue(shown.low)
        XCTAssertEqual(shown.banks, [])
        XCTAssertNil(shown.bank(0))
        XCTAssertEqual(try english(shown.spoken), "Bob: 0:09 left")

        // Our turn: the next clock message restarts the count-down (at the model's now).
        _ = try game.receive(frame: #"{"type":"clock","game":"g","side":1,"left_ms":30000}"#)
        model.board.cancelTouch()  // reads the core's state
        let ours = try XCTUnwrap(model.clockDisplay(nowMs: 51_000))
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
        let shown = try XCTUnwrap(model.clockDisplay(nowMs: 1_000))
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
