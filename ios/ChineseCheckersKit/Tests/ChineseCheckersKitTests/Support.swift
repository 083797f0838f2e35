// Helpers of the model tests: fresh folders and settings, holes by coordinate, and waiting on
// the main actor while the models' tasks run.
import ChineseCheckersCore
import ChineseCheckersKit
import Foundation
import XCTest

/// Shorthand for a hole.
func coord(_ q: Int32, _ r: Int32) -> Coord { Coord(q: q, r: r) }

/// A person's seat.
let personSeat = Seat(player: .person, name: "")

/// An AI seat of `level`.
func aiSeat(_ level: AiLevel = .beginner) -> Seat { Seat(player: .ai(level: level), name: "") }

/// A failure of a test's own helpers.
struct HelperError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension XCTestCase {
    /// A fresh folder under the temporary directory, removed when the test ends.
    func temporaryFolder() -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("cc-kit-\(UUID().uuidString)", isDirectory: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// Settings in their own defaults suite, removed when the test ends.
    func temporarySettings() -> AppSettings {
        let suite = "cc-kit-\(UUID().uuidString)"
        let defaults = UserDefaults(suiteName: suite)!
        addTeardownBlock { UserDefaults().removePersistentDomain(forName: suite) }
        return AppSettings(defaults: defaults)
    }
}

/// Waits on the main actor (letting its tasks run) until `condition` holds or `timeout` passes.
@MainActor
func eventually(
    _ what: String, timeout: TimeInterval = 15, _ condition: @MainActor () -> Bool
) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return }
        try await Task.sleep(nanoseconds: 10_000_000)
    }
    throw HelperError("timed out waiting for \(what)")
}

/// The rule set `preset`'s options.
func options(_ preset: Preset) -> RuleOptions {
    ruleSets().first { $0.preset == preset }!.options
}

/// A set-up of `preset` with the given seats.
func setup(
    _ preset: Preset, seats: [Seat], colours: Int32 = 1, opener: Opener = .seat(index: 0),
    seed: Int64 = 7
) -> GameSetup {
    GameSetup(
        rules: Rules(preset: preset, options: options(preset)), seats: seats,
        coloursPerSide: colours, opener: opener, seed: seed)
}
