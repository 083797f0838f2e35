package app.chinesecheckers.ui.online

import app.chinesecheckers.core.OnlineClock
import app.chinesecheckers.core.TimeControl

/**
 * The running clock of a timed online game. The server's [OnlineClock] says how much time the
 * side to move had when the state arrived (a relative time); the screen counts down from the
 * moment it received that state, [receivedAtMs], to [nowMs] (both on this device's clock), and
 * re-renders each second. Plain functions, so that they are unit-tested without a screen.
 */
object ClockPresenter {
    /** Below this much time left, the clock is highlighted. */
    const val LOW_MS = 10_000L

    /** The milliseconds left of [leftMs] that arrived at [receivedAtMs], at [nowMs] (never below 0). */
    fun remainingMs(leftMs: Long, receivedAtMs: Long, nowMs: Long): Long =
        (leftMs - (nowMs - receivedAtMs).coerceAtLeast(0)).coerceAtLeast(0)

    /** "m:ss", whole seconds rounded up (so "0:00" only once the time is out); hours as "h:mm:ss". */
    fun format(ms: Long): String {
        val s = (ms.coerceAtLeast(0) + 999) / 1000
        val h = s / 3600
        val m = (s % 3600) / 60
        val sec = s % 60
        return if (h > 0) "%d:%02d:%02d".format(h, m, sec) else "%d:%02d".format(m, sec)
    }

    /** The time left of the side to move, "m:ss", counted down from [receivedAtMs] to [nowMs]. */
    fun clockText(clock: OnlineClock, receivedAtMs: Long, nowMs: Long): String =
        format(remainingMs(clock.leftMs.toLong(), receivedAtMs, nowMs))

    /** Whether the side to move has less than [LOW_MS] left. */
    fun isLow(clock: OnlineClock, receivedAtMs: Long, nowMs: Long): Boolean =
        remainingMs(clock.leftMs.toLong(), receivedAtMs, nowMs) < LOW_MS

    /**
     * With a game clock, every seat's bank, "m:ss", side 0 first: the side to move counts down
     * (its bank is the time it has left), the others stand still; empty without a game clock.
     */
    fun bankTexts(clock: OnlineClock, receivedAtMs: Long, nowMs: Long): List<String> =
        clock.banksMs.mapIndexed { side, bank ->
            if (side == clock.side) clockText(clock, receivedAtMs, nowMs) else format(bank.toLong())
        }
}

/** The time controls offered when creating a table or a room. */
enum class TimeControlChoice(
    /** What the core is asked for: null leaves the format's default (sternhalma 30 s a move, others untimed). */
    val timeControl: TimeControl?,
) {
    Default(null),
    Untimed(TimeControl.Untimed),
    PerMove30(TimeControl.PerMove(30u)),
    Game5Plus5(TimeControl.Game(300u, 5u)),
}
