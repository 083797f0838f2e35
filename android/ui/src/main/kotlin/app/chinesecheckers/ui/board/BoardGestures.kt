package app.chinesecheckers.ui.board

import androidx.compose.animation.core.Animatable
import androidx.compose.animation.core.tween
import androidx.compose.foundation.gestures.awaitEachGesture
import androidx.compose.foundation.gestures.awaitFirstDown
import androidx.compose.foundation.gestures.calculateCentroid
import androidx.compose.foundation.gestures.calculatePan
import androidx.compose.foundation.gestures.calculateZoom
import androidx.compose.runtime.Composable
import androidx.compose.runtime.Stable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.input.pointer.AwaitPointerEventScope
import androidx.compose.ui.input.pointer.PointerEventType
import androidx.compose.ui.input.pointer.PointerInputChange
import androidx.compose.ui.input.pointer.PointerInputScope
import androidx.compose.ui.input.pointer.positionChanged
import androidx.compose.ui.unit.dp
import kotlin.math.pow

/**
 * Neighbouring holes at the greatest zoom: Material's 48 dp touch target plus 4 dp, so that the
 * rounding of positions to pixels never takes a pair under 48 dp.
 */
val ZoomedHoleSpacing = 52.dp

/**
 * The board's zoom and pan, and the finger held on it (the loupe's), kept across frames and
 * recompositions. Only the gestures change it; [viewport] is always within the last limits.
 */
@Stable
class BoardZoomState {
    /** The current zoom and pan. */
    var viewport by mutableStateOf(BoardViewport())
        private set

    /** Where a finger is held on the board at 1× (the loupe shows what lies under it), or null. */
    var held by mutableStateOf<Offset?>(null)
        internal set

    private var limits: ZoomLimits? = null
    private val reset = Animatable(0f)

    /** Takes the limits of the current canvas: the viewport is kept within them (a resize, a turn). */
    internal fun updateLimits(limits: ZoomLimits) {
        if (limits == this.limits) return
        this.limits = limits
        viewport = viewport.clampedTo(limits)
    }

    /** A pinch or pan: see [BoardViewport.transformed]. */
    internal fun transform(centroid: Offset, pan: Offset, zoom: Float) {
        val limits = limits ?: return
        viewport = viewport.transformed(centroid, pan, zoom, limits)
    }

    /** Back to 1×: at once with [reducedMotion], else in a short glide. */
    internal suspend fun resetZoom(reducedMotion: Boolean) = glideTo(BoardViewport(), reducedMotion, RESET_MILLIS)

    /**
     * To [target] (a lesson step's framing, [BoardViewport.framing]): at once with
     * [reducedMotion], else in a glide. A newer glide or reset cancels this one where it is.
     */
    internal suspend fun glideTo(target: BoardViewport, reducedMotion: Boolean, millis: Int = FRAME_MILLIS) {
        val from = viewport
        if (reducedMotion || from == target) {
            viewport = target
            return
        }
        reset.snapTo(0f)
        reset.animateTo(1f, tween(millis)) { viewport = from.lerp(target, value) }
        viewport = target
    }

    private companion object {
        const val RESET_MILLIS = 250
        const val FRAME_MILLIS = 400
    }
}

/** A [BoardZoomState] kept for as long as the board is shown. */
@Composable
fun rememberBoardZoomState(): BoardZoomState = remember { BoardZoomState() }

/**
 * The board's one gesture detector, so that its gestures never compete with each other:
 * - a tap: [onTap] at once, zoomed or not (there is no double tap to wait for: a zoomed board
 *   goes back to 1× by its visible "1×" button, so no tap is ever held back);
 * - two fingers, or one finger moved past the touch slop while zoomed: [onTransform] (pan and
 *   zoom, about the fingers' centroid), the first move included so that the board follows the
 *   finger from where it went down;
 * - one finger held past the long-press timeout, or moved past the touch slop, at 1×: [onHold]
 *   with its position while it moves (the loupe), then [onHoldRelease] where it is lifted;
 *   [onHold] (null) when it ends in any way.
 */
internal suspend fun PointerInputScope.detectBoardGestures(
    isZoomed: () -> Boolean,
    onTap: (Offset) -> Unit,
    onTransform: (centroid: Offset, pan: Offset, zoom: Float) -> Unit,
    onHold: (Offset?) -> Unit,
    onHoldRelease: (Offset) -> Unit,
) {
    awaitEachGesture {
        val down = awaitFirstDown(requireUnconsumed = false)
        try {
            oneGesture(down, isZoomed(), onTransform, onHold, onHoldRelease)?.let(onTap)
        } finally {
            onHold(null)
        }
    }
}

/**
 * Follows one gesture from [down] until every finger is up; returns where a plain tap was
 * lifted, or null when the gesture was a transform, a hold or cancelled.
 */
private suspend fun AwaitPointerEventScope.oneGesture(
    down: PointerInputChange,
    zoomed: Boolean,
    onTransform: (centroid: Offset, pan: Offset, zoom: Float) -> Unit,
    onHold: (Offset?) -> Unit,
    onHoldRelease: (Offset) -> Unit,
): Offset? {
    val slop = viewConfiguration.touchSlop
    // Until the gesture is known: lifted (a tap), a second finger, a move past the slop, or (at
    // 1× only) held long enough for the loupe.
    var last = down.position
    val decide: suspend AwaitPointerEventScope.() -> Kind = {
        var kind: Kind? = null
        while (kind == null) {
            val event = awaitPointerEvent()
            val pressed = event.changes.filter { it.pressed }
            if (pressed.isEmpty()) {
                val up = event.changes.firstOrNull { it.id == down.id } ?: event.changes.first()
                last = up.position
                kind = if (up.isConsumed) Kind.Cancelled else Kind.Tap.also { up.consume() }
            } else if (pressed.size > 1) {
                kind = Kind.Transform
            } else {
                val change = pressed.first()
                last = change.position
                if ((change.position - down.position).getDistance() > slop) {
                    kind = if (zoomed) {
                        // The board follows the finger from where it went down.
                        change.consume()
                        onTransform(change.position, change.position - down.position, 1f)
                        Kind.Transform
                    } else {
                        Kind.Hold
                    }
                }
            }
        }
        kind
    }
    val kind = if (zoomed) decide() else withTimeoutOrNull(viewConfiguration.longPressTimeoutMillis, decide) ?: Kind.Hold
    return when (kind) {
        Kind.Tap -> last
        Kind.Cancelled -> null
        Kind.Transform -> {
            transform(onTransform)
            null
        }
        Kind.Hold -> {
            onHold(last)
            var releasedAt: Offset? = null
            while (true) {
                val event = awaitPointerEvent()
                val pressed = event.changes.filter { it.pressed }
                if (pressed.isEmpty()) {
                    val up = event.changes.first()
                    if (!up.isConsumed) {
                        up.consume()
                        releasedAt = up.position
                    }
                    break
                }
                if (pressed.size > 1) {
                    // A second finger: the hold becomes a pinch, and chooses nothing.
                    onHold(null)
                    transform(onTransform)
                    return null
                }
                val change = pressed.first()
                if (change.positionChanged()) change.consume()
                onHold(change.position)
            }
            onHold(null)
            releasedAt?.let(onHoldRelease)
            null
        }
    }
}

/** Pans and zooms with the fingers until every finger is up. */
private suspend fun AwaitPointerEventScope.transform(onTransform: (centroid: Offset, pan: Offset, zoom: Float) -> Unit) {
    while (true) {
        val event = awaitPointerEvent()
        if (event.changes.none { it.pressed }) return
        val zoom = event.calculateZoom()
        val pan = event.calculatePan()
        if (zoom != 1f || pan != Offset.Zero) {
            onTransform(event.calculateCentroid(useCurrent = false), pan, zoom)
        }
        event.changes.forEach { if (it.positionChanged()) it.consume() }
    }
}

private enum class Kind { Tap, Transform, Hold, Cancelled }

/**
 * A mouse wheel over the board zooms about the pointer (the desktop build, a mouse on a tablet):
 * each notch by [WHEEL_STEP], up to zoom in, down to zoom out; [onZoom] gets the point and the factor.
 */
internal suspend fun PointerInputScope.detectWheelZoom(onZoom: (at: Offset, factor: Float) -> Unit) {
    awaitPointerEventScope {
        while (true) {
            val event = awaitPointerEvent()
            if (event.type != PointerEventType.Scroll) continue
            val change = event.changes.firstOrNull() ?: continue
            val notches = change.scrollDelta.y
            if (notches != 0f) {
                onZoom(change.position, WHEEL_STEP.pow(-notches))
                change.consume()
            }
        }
    }
}

/** The zoom of one wheel notch. */
private const val WHEEL_STEP = 1.25f
