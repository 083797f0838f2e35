package app.chinesecheckers.ui.board

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.geometry.Size
import app.chinesecheckers.core.Coord

/*
 * The board's zoom and pan as plain arithmetic (no Compose runtime), so that it is unit-tested on
 * its own: the gestures (BoardGestures.kt) only feed it finger movements, and the drawing, the
 * accessibility nodes and the hit test all read the same [BoardViewport].
 */

/**
 * How the board is magnified and moved: a point p of the whole board as drawn at 1× (the board
 * fitting its view) lands at `p · zoom + pan` on screen. The identity (1×, no pan) shows the
 * whole board.
 */
data class BoardViewport(val zoom: Float = 1f, val pan: Offset = Offset.Zero) {
    /** Whether the board is magnified (then the "1×" button resets it, and one finger pans). */
    val isZoomed: Boolean get() = zoom > 1f + ZOOM_EPSILON

    /** Where the 1× point [p] lands on screen. */
    fun toScreen(p: Offset): Offset = Offset(p.x * zoom + pan.x, p.y * zoom + pan.y)

    /** The 1× point under the screen point [s]. */
    fun toBoard(s: Offset): Offset = Offset((s.x - pan.x) / zoom, (s.y - pan.y) / zoom)

    /**
     * The viewport after a gesture: magnified by [zoomChange] about [centroid] (the point under
     * the fingers stays under them), then moved by [panChange]; kept within [limits].
     */
    fun transformed(centroid: Offset, panChange: Offset, zoomChange: Float, limits: ZoomLimits): BoardViewport {
        val z = (zoom * zoomChange).coerceIn(1f, limits.maxZoom)
        val under = toBoard(centroid)
        val pan = Offset(centroid.x - under.x * z + panChange.x, centroid.y - under.y * z + panChange.y)
        return BoardViewport(z, pan).clampedTo(limits)
    }

    /**
     * This viewport with its zoom within `1..maxZoom` and its pan such that the board never
     * leaves the view: along an axis where the magnified board is larger than the view it covers
     * the view (its edge can come to the view's edge, no farther); where it is smaller it is
     * centred, as at 1× (so 1× always has no pan).
     */
    fun clampedTo(limits: ZoomLimits): BoardViewport {
        val z = zoom.coerceIn(1f, limits.maxZoom)
        val c = limits.content
        return BoardViewport(
            z,
            Offset(clampAxis(pan.x, c.left, c.right, limits.view.width, z), clampAxis(pan.y, c.top, c.bottom, limits.view.height, z)),
        )
    }

    /** The part of the 1× board that is on screen (the view's rectangle mapped back). */
    fun visible(view: Size): Rect {
        val tl = toBoard(Offset.Zero)
        val br = toBoard(Offset(view.width, view.height))
        return Rect(tl, br)
    }

    /**
     * This zoomed viewport moved, at the same zoom, so that [rect] (1× pixels: the holes a player
     * must see, such as a chain's next landings or the hint's path) lies on screen above a band of
     * [bottomBand] pixels at the view's bottom (where a phone draws the hint's words and the "1×"
     * button). It moves as little as it can; a rectangle larger than that part of the view is
     * centred in it; the board's edges still bound the pan ([clampedTo]). Unchanged at 1× (the
     * whole board is in view) or when the rectangle is already in view.
     */
    fun keeping(rect: Rect, limits: ZoomLimits, bottomBand: Float = 0f): BoardViewport {
        if (!isZoomed || rect.width < 0f || rect.height < 0f) return this
        val view = limits.view
        val freeBottom = (view.height - bottomBand).coerceAtLeast(view.height / 2)
        val topLeft = toScreen(rect.topLeft)
        val bottomRight = toScreen(rect.bottomRight)
        fun shift(lo: Float, hi: Float, freeLo: Float, freeHi: Float): Float = when {
            hi - lo > freeHi - freeLo -> (freeLo + freeHi) / 2 - (lo + hi) / 2
            lo < freeLo -> freeLo - lo
            hi > freeHi -> freeHi - hi
            else -> 0f
        }
        val dx = shift(topLeft.x, bottomRight.x, 0f, view.width)
        val dy = shift(topLeft.y, bottomRight.y, 0f, freeBottom)
        if (dx == 0f && dy == 0f) return this
        return BoardViewport(zoom, Offset(pan.x + dx, pan.y + dy)).clampedTo(limits)
    }

    /**
     * The viewport [t] of the way (0..1) from this one to [to]: the reset's animation. Zoom and
     * pan move together, so the board's point under the view's centre glides back to its place.
     */
    fun lerp(to: BoardViewport, t: Float): BoardViewport =
        BoardViewport(zoom + (to.zoom - zoom) * t, Offset(pan.x + (to.pan.x - pan.x) * t, pan.y + (to.pan.y - pan.y) * t))

    companion object {
        /** Zooms this close to 1 count as 1 (the end of a pinch back out). */
        const val ZOOM_EPSILON = 0.01f

        /**
         * The least zoom worth a framing: less shows the framed holes hardly larger while hiding
         * the board's edges (a tablet's board, neighbours ~44 dp apart at 1×, could only go
         * to ~1.2× before its holes are 52 dp apart).
         */
        const val FRAMING_MIN_ZOOM = 1.25f

        /**
         * The viewport that frames [rect] (1× pixels, e.g. a lesson step's holes with a margin):
         * zoomed as far as the whole rectangle fits the view, within `1..maxZoom` of [limits],
         * and centred on it as far as the board's edges allow ([clampedTo]). When that zoom is
         * under [FRAMING_MIN_ZOOM] (a tablet, whose holes are nearly touch-sized at 1×, or a
         * rectangle that nearly fills the view) it gives the whole board, with no pan.
         */
        fun framing(rect: Rect, limits: ZoomLimits): BoardViewport {
            val view = limits.view
            if (rect.width <= 0f || rect.height <= 0f || view.width <= 0f || view.height <= 0f) return BoardViewport()
            val z = minOf(view.width / rect.width, view.height / rect.height).coerceIn(1f, limits.maxZoom)
            if (z < FRAMING_MIN_ZOOM) return BoardViewport()
            val centre = rect.center
            return BoardViewport(z, Offset(view.width / 2 - centre.x * z, view.height / 2 - centre.y * z)).clampedTo(limits)
        }

        private fun clampAxis(pan: Float, lo: Float, hi: Float, view: Float, z: Float): Float {
            // Where the board covers the view: its near edge at most at the view's start, its
            // far edge at least at the view's end. An empty range (the board is smaller than the
            // view, or exactly as large give or take rounding) centres it.
            val least = view - hi * z
            val most = -lo * z
            return if (least <= most) pan.coerceIn(least, most) else (view - (lo + hi) * z) / 2
        }
    }
}

/**
 * The holes a board opens framed on ([BoardViewport.framing], with about one hole spacing around
 * them), each time [key] changes: a lesson step's pegs, pointer and targets, keyed by the step's
 * opening, so that the player's own pinch and pan last until the next one.
 */
data class BoardFraming(val holes: List<Coord>, val key: Any)

/**
 * What bounds a [BoardViewport]: the [view]'s size, the board's [content] rectangle as drawn at 1×
 * (its holes and rim, in view pixels) and the greatest zoom.
 */
data class ZoomLimits(val view: Size, val content: Rect, val maxZoom: Float)

/**
 * The greatest zoom for a board whose neighbouring holes are [spacingAt1x] pixels apart at 1×:
 * the one that puts them [targetSpacing] pixels apart (Material's 48 dp touch target, with a
 * margin, converted by the caller), and never less than 1 (a board already that large does not
 * zoom).
 */
fun maxZoomFor(spacingAt1x: Float, targetSpacing: Float): Float =
    if (spacingAt1x <= 0f) 1f else maxOf(1f, targetSpacing / spacingAt1x)

/**
 * The index of the point of [centres] nearest to [point], or null when none is within [radius]
 * (a tap beside the star). Ties keep the first.
 */
fun nearestWithin(centres: List<Offset>, point: Offset, radius: Float): Int? {
    var best: Int? = null
    var bestDistance = radius * radius
    for ((i, c) in centres.withIndex()) {
        val dx = c.x - point.x
        val dy = c.y - point.y
        val d = dx * dx + dy * dy
        if (d < bestDistance) {
            bestDistance = d
            best = i
        }
    }
    return best
}
