package app.chinesecheckers.ui.online

import app.chinesecheckers.core.ClockFace
import app.chinesecheckers.core.TimeControl

/**
 * Words the core's clock readings (`clockReading(clock, nowMs)`: the time left, whether it is
 * low, the banks and when the shown digits next change): digits only, no arithmetic of its own.
 * A plain function, so that it is unit-tested without a screen.
 */
object ClockPresenter {
    /** "m:ss", or "h:mm:ss" when the face has hours. */
    fun format(face: ClockFace): String =
        if (face.hours > 0) {
            "%d:%02d:%02d".format(face.hours, face.minutes, face.seconds)
        } else {
            "%d:%02d".format(face.minutes, face.seconds)
        }
}

/** The time controls offered when creating a table or a room. */
enum class TimeControlChoice(
    /** What the core is asked for: null leaves the format's default (sternhalma 30 s a move, others untimed). */
    val timeControl: TimeControl?,
) {
    Default(null),
    Untimed(TimeControl.Untimed),
    PerMove30(TimeControl.PerMove(30)),
    Game5Plus5(TimeControl.Game(300, 5)),
}
