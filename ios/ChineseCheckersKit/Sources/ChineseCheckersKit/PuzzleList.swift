// The race puzzles' list: the puzzle of the day first (the core picks it from the local date),
// then the built-in set by difficulty, each with its par and the person's result as the core
// keeps them. The app only words them; which puzzle is today's, par and the results are the
// core's.
import ChineseCheckersCore
import Foundation
import Observation

/// The local calendar date as the core's puzzle of the day wants it: days since 1970-01-01.
public enum PuzzleDay {
    /// The days from 1970-01-01 to `date`'s day in `calendar` (its time zone), so that the
    /// puzzle changes at the person's midnight, not at UTC's.
    public static func days(of date: Date, calendar: Calendar = .current) -> Int64 {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(secondsFromGMT: 0) ?? utc.timeZone
        // The same year, month and day at UTC midnight: a whole number of days after the epoch.
        let midnight = utc.date(from: parts) ?? date
        return Int64((midnight.timeIntervalSince1970 / 86_400).rounded(.down))
    }
}

/// The puzzles of one difficulty, in the core's order.
public struct PuzzleSection: Identifiable, Equatable, Sendable {
    /// The difficulty.
    public let id: PuzzleDifficulty
    /// Its puzzles.
    public let puzzles: [PuzzleInfo]
}

/// The puzzles screen (and home's "Puzzles" line).
@MainActor
@Observable
public final class PuzzleListModel {
    /// Today's puzzle (nil when the core could not give it: `error` says why).
    public private(set) var daily: PuzzleInfo?
    /// The built-in set, easy first.
    public private(set) var sections: [PuzzleSection] = []
    /// The person's results over the built-in set, as the core counts them (Statistics).
    public private(set) var tally: PuzzleTally?
    /// Why the puzzles could not be read.
    public private(set) var error: LocalizedMessage?
    /// The folder the results are kept in (the library's).
    @ObservationIgnored public let directory: URL
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let calendar: Calendar

    /// The puzzles with the results kept in `directory`; `now` and `calendar` give today's date
    /// (tests pass a fixed one).
    public init(
        directory: URL, now: @escaping @Sendable () -> Date = { Date() },
        calendar: Calendar = .current
    ) {
        self.directory = directory
        self.now = now
        self.calendar = calendar
        refresh()
    }

    /// Today as days since 1970-01-01, in the local calendar.
    public var today: Int64 { PuzzleDay.days(of: now(), calendar: calendar) }

    /// Reads the puzzles and results again (a puzzle was solved, or the date changed).
    public func refresh() {
        let dir = directory.path
        do {
            daily = try puzzleOfTheDay(dataDir: dir, daysSinceEpoch: today)
            let all = try puzzles(dataDir: dir)
            sections = [PuzzleDifficulty.easy, .medium, .hard].compactMap { difficulty in
                let these = all.filter { $0.difficulty == difficulty }
                return these.isEmpty ? nil : PuzzleSection(id: difficulty, puzzles: these)
            }
            tally = try puzzleTally(dataDir: dir)
            error = nil
        } catch {
            self.error = Wording.error(error)
        }
    }

    /// Every puzzle in the list's order: today's, then the set.
    public var all: [PuzzleInfo] {
        (daily.map { [$0] } ?? []) + sections.flatMap(\.puzzles)
    }

    /// The puzzle `id` as listed now (with the person's latest result).
    public func info(id: String) -> PuzzleInfo? {
        all.first { $0.id == id }
    }

    /// The puzzle after `id` in the list (nil after the last one).
    public func after(_ id: String) -> PuzzleInfo? {
        let list = all
        guard let index = list.firstIndex(where: { $0.id == id }), index + 1 < list.count else {
            return nil
        }
        return list[index + 1]
    }

    /// Home's line under "Puzzles": today's difficulty and par.
    public var homeLine: LocalizedMessage? {
        daily.map {
            LocalizedMessage(
                "puzzle.home.daily",
                [.message(Self.difficulty($0.difficulty)), .message(Self.parWords($0))])
        }
    }

    /// The statistics screen's line: puzzles of the set solved and solved at par, as the core
    /// counts them (the puzzle of the day is not one of the set).
    public var statisticsLine: LocalizedMessage {
        let tally = tally ?? PuzzleTally(solved: 0, atPar: 0, total: 0)
        return LocalizedMessage(
            "stats.puzzles",
            [.number(Int(tally.solved)), .number(Int(tally.total)), .number(Int(tally.atPar))])
    }

    // MARK: Words

    /// "par 27, proven optimal" or "par 20, best known" (the core says which).
    public nonisolated static func parWords(par: Int32, proven: Bool) -> LocalizedMessage {
        LocalizedMessage(
            proven ? "puzzle.par.proven" : "puzzle.par.bestKnown", [.number(Int(par))])
    }

    /// A listed puzzle's par words.
    public nonisolated static func parWords(_ info: PuzzleInfo) -> LocalizedMessage {
        parWords(par: info.par, proven: info.proven)
    }

    /// "Easy", "Medium", "Hard".
    public nonisolated static func difficulty(_ difficulty: PuzzleDifficulty) -> LocalizedMessage {
        switch difficulty {
        case .easy: return LocalizedMessage("puzzle.difficulty.easy")
        case .medium: return LocalizedMessage("puzzle.difficulty.medium")
        case .hard: return LocalizedMessage("puzzle.difficulty.hard")
        }
    }

    /// The person's result: "Not solved yet", "Best: 7 moves", "Best: 6 moves, solved at par".
    public nonisolated static func resultWords(_ info: PuzzleInfo) -> LocalizedMessage {
        guard let best = info.best else { return LocalizedMessage("puzzle.notSolved") }
        return LocalizedMessage(
            info.solvedAtPar ? "puzzle.best.atPar" : "puzzle.best", [.number(Int(best))])
    }

    /// A puzzle's name in the list: "Puzzle of the day" for today's, otherwise its rule set and
    /// its place among that rule set's puzzles of its difficulty, as the core numbers it
    /// ("Tripot 2").
    public func title(_ info: PuzzleInfo) -> LocalizedMessage {
        guard let number = info.number else { return LocalizedMessage("puzzle.daily") }
        return LocalizedMessage(
            "puzzle.name", [.message(Wording.preset(info.preset)), .number(Int(number))])
    }

    /// A listed puzzle's second line: rule set, difficulty and par.
    public nonisolated static func details(_ info: PuzzleInfo) -> LocalizedMessage {
        LocalizedMessage(
            "puzzle.details",
            [
                .message(Wording.preset(info.preset)), .message(difficulty(info.difficulty)),
                .message(parWords(info)),
            ])
    }

    /// Forgets the alert.
    public func dismissError() { error = nil }
}
