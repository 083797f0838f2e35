// The running clock of a timed online game and the time controls offered when creating a table
// or a room. The core reads the clock (`clockReading`: the time left at a moment, whether it is
// low, the banks, when the shown second next changes); the app only writes a `ClockFace`'s digits.
// Plain functions, tested on Linux; the views only show their text.
import ChineseCheckersCore
import Foundation

/// The digits of a clock face.
public enum ClockText {
    /// "m:ss", or "h:mm:ss" from an hour on (the core already rounded the seconds).
    public static func format(_ face: ClockFace) -> String {
        let ss = face.seconds < 10 ? "0\(face.seconds)" : "\(face.seconds)"
        if face.hours > 0 {
            let mm = face.minutes < 10 ? "0\(face.minutes)" : "\(face.minutes)"
            return "\(face.hours):\(mm):\(ss)"
        }
        return "\(face.minutes):\(ss)"
    }
}

/// What the game screen shows of a running clock at one moment (the core's `ClockReading`,
/// worded).
public struct ClockDisplay: Equatable, Sendable {
    /// The side whose time runs.
    public let side: Int
    /// Its time left, "m:ss".
    public let text: String
    /// Low on time (the core's threshold): highlighted.
    public let low: Bool
    /// With a game clock, every seat's bank ("m:ss"), side 0 first; empty otherwise.
    public let banks: [String]
    /// The time left as read out: "You have m:ss left" / "<name>: m:ss left".
    public let spoken: LocalizedMessage
    /// When (this device's clock, ms since the Unix epoch) the shown time next changes: the
    /// view redraws then; nil once the time is out.
    public let nextChangeAtMs: Int64?

    /// The display of `clock` at `nowMs` (this device's clock, the one the core stamped the
    /// clock's receipt with); `players` name the side.
    public init(_ clock: OnlineClock, nowMs: Int64, players: [PlayerState]) {
        let reading = clockReading(clock: clock, nowMs: nowMs)
        side = Int(reading.side)
        text = ClockText.format(reading.shown)
        low = reading.low
        banks = reading.banks.map(ClockText.format)
        nextChangeAtMs = reading.nextChangeAtMs
        spoken = Wording.aboutPlayer("online.clock.left", reading.side, players, [.text(text)])
    }

    /// The bank of `side`, if the game has a game clock.
    public func bank(_ side: Int) -> String? { banks.indices.contains(side) ? banks[side] : nil }
}

extension Date {
    /// This instant in milliseconds since the Unix epoch (the clock the core stamps an online
    /// clock's receipt with).
    public var unixMs: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    /// The instant `unixMs` milliseconds after the Unix epoch.
    public init(unixMs: Int64) { self.init(timeIntervalSince1970: Double(unixMs) / 1000) }
}

/// The instants a running clock's shown time changes, from a moment on: the core's
/// `nextChangeAtMs`, read again at each of them, until the time is out (the view's redraw
/// schedule).
public struct ClockChanges: Sequence, IteratorProtocol, Sendable {
    private let clock: OnlineClock
    private var nowMs: Int64

    /// The changes of `clock` after `fromMs` (this device's clock, ms).
    public init(_ clock: OnlineClock, fromMs: Int64) {
        self.clock = clock
        self.nowMs = fromMs
    }

    /// The next instant the shown time changes (ms), or nil once the time is out.
    public mutating func next() -> Int64? {
        guard let next = clockReading(clock: clock, nowMs: nowMs).nextChangeAtMs,
            next > nowMs
        else { return nil }
        nowMs = next
        return next
    }
}

/// The away countdown of an opponent whose connection dropped, at one moment ("Bob lost the
/// connection and has 2:41 to come back"): the core reads it (`awayReading`), the app writes
/// the digits.
public struct AwayDisplay: Equatable, Sendable {
    /// The banner's words.
    public let text: LocalizedMessage
    /// When (this device's clock, ms since the Unix epoch) the shown time next changes: the
    /// view redraws then; nil once the time is up.
    public let nextChangeAtMs: Int64?

    /// The countdown of `player`'s seat, held until `backByMs` (`Banner.opponentDisconnected`),
    /// read at `nowMs` (the same clock); `players` name them.
    public init(player: Int32, backByMs: Int64, nowMs: Int64, players: [PlayerState]) {
        let reading = awayReading(backByMs: backByMs, nowMs: nowMs)
        text = LocalizedMessage(
            "banner.opponentDisconnected.countdown",
            [.message(Wording.player(player, in: players)), .text(ClockText.format(reading.shown))])
        nextChangeAtMs = reading.nextChangeAtMs
    }
}

/// The instants an away countdown's shown time changes, from a moment on: the core's
/// `nextChangeAtMs`, read again at each of them, until the time is up (the view's redraws).
public struct AwayChanges: Sequence, IteratorProtocol, Sendable {
    private let backByMs: Int64
    private var nowMs: Int64

    /// The changes of the countdown to `backByMs` after `fromMs` (this device's clock, ms).
    public init(backByMs: Int64, fromMs: Int64) {
        self.backByMs = backByMs
        self.nowMs = fromMs
    }

    /// The next instant the shown time changes (ms), or nil once the time is up.
    public mutating func next() -> Int64? {
        guard let next = awayReading(backByMs: backByMs, nowMs: nowMs).nextChangeAtMs,
            next > nowMs
        else { return nil }
        nowMs = next
        return next
    }
}

/// The time controls offered when creating a table or a room (quick match has none).
public enum TimeControlChoice: String, CaseIterable, Sendable {
    /// The format's default (sternhalma 30 s a move, others untimed): the core is asked nil.
    case standard
    /// No clock.
    case untimed
    /// 30 seconds a move.
    case perMove30
    /// A game clock: 5 minutes plus 5 seconds a move.
    case game5Plus5

    /// What the core is asked for.
    public var timeControl: TimeControl? {
        switch self {
        case .standard: return nil
        case .untimed: return .untimed
        case .perMove30: return .perMove(seconds: 30)
        case .game5Plus5: return .game(baseS: 300, incrementS: 5)
        }
    }

    /// Its name on the picker.
    public var label: LocalizedMessage { LocalizedMessage("online.timeControl." + rawValue) }
}
