// The running clock of a timed online game and the time controls offered when creating a table
// or a room. The server's `OnlineClock` says how much time the side to move had when the state
// arrived (a relative time): the screen counts down from the moment it received that state and
// redraws each second. Plain functions, tested on Linux; the views only show their text.
import ChineseCheckersCore

/// The count-down of an online clock.
public enum ClockText {
    /// Below this much time left, the clock is highlighted.
    public static let lowMs: Int64 = 10_000

    /// The milliseconds left of `leftMs` received at `receivedAtMs`, at `nowMs` (never below 0).
    public static func remainingMs(leftMs: UInt64, receivedAtMs: Int64, nowMs: Int64) -> Int64 {
        let elapsed = max(0, nowMs - receivedAtMs)
        return max(0, Int64(clamping: leftMs) - elapsed)
    }

    /// "m:ss", whole seconds rounded up (so "0:00" only once the time is out); "h:mm:ss" past
    /// an hour.
    public static func format(ms: Int64) -> String {
        let seconds = (max(0, ms) + 999) / 1000
        let hours = seconds / 3600
        let minutes = (seconds % 3600) / 60
        let rest = seconds % 60
        let ss = rest < 10 ? "0\(rest)" : "\(rest)"
        if hours > 0 {
            let mm = minutes < 10 ? "0\(minutes)" : "\(minutes)"
            return "\(hours):\(mm):\(ss)"
        }
        return "\(minutes):\(ss)"
    }

    /// The time left of the side to move, "m:ss", counted down from `receivedAtMs` to `nowMs`.
    public static func clockText(_ clock: OnlineClock, receivedAtMs: Int64, nowMs: Int64) -> String
    {
        format(ms: remainingMs(leftMs: clock.leftMs, receivedAtMs: receivedAtMs, nowMs: nowMs))
    }

    /// When (in ms, on the clock of `receivedAtMs`) the shown second first changes: redrawing
    /// every second from there shows each second as soon as it starts.
    public static func tickOriginMs(_ clock: OnlineClock, receivedAtMs: Int64) -> Int64 {
        receivedAtMs + Int64(clock.leftMs % 1000)
    }

    /// Whether the side to move has less than `lowMs` left.
    public static func isLow(_ clock: OnlineClock, receivedAtMs: Int64, nowMs: Int64) -> Bool {
        remainingMs(leftMs: clock.leftMs, receivedAtMs: receivedAtMs, nowMs: nowMs) < lowMs
    }

    /// With a game clock, every seat's bank, side 0 first: the side to move counts down, the
    /// others stand still; empty without a game clock.
    public static func bankTexts(_ clock: OnlineClock, receivedAtMs: Int64, nowMs: Int64)
        -> [String]
    {
        clock.banksMs.enumerated().map { side, bank in
            side == Int(clock.side)
                ? clockText(clock, receivedAtMs: receivedAtMs, nowMs: nowMs)
                : format(ms: Int64(clamping: bank))
        }
    }
}

/// What the game screen shows of a running clock at one moment.
public struct ClockDisplay: Equatable, Sendable {
    /// The side whose time runs.
    public let side: Int
    /// Its time left, "m:ss".
    public let text: String
    /// Under ten seconds left: highlighted.
    public let low: Bool
    /// With a game clock, every seat's bank ("m:ss"), side 0 first; empty otherwise.
    public let banks: [String]
    /// The time left as read out: "You have m:ss left" / "<name>: m:ss left".
    public let spoken: LocalizedMessage

    /// The display of `clock` received at `receivedAtMs`, at `nowMs`; `players` name the side.
    public init(
        _ clock: OnlineClock, receivedAtMs: Int64, nowMs: Int64, players: [PlayerState]
    ) {
        side = Int(clock.side)
        text = ClockText.clockText(clock, receivedAtMs: receivedAtMs, nowMs: nowMs)
        low = ClockText.isLow(clock, receivedAtMs: receivedAtMs, nowMs: nowMs)
        banks = ClockText.bankTexts(clock, receivedAtMs: receivedAtMs, nowMs: nowMs)
        spoken = Wording.aboutPlayer("online.clock.left", clock.side, players, [.text(text)])
    }

    /// The bank of `side`, if the game has a game clock.
    public func bank(_ side: Int) -> String? { banks.indices.contains(side) ? banks[side] : nil }
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
