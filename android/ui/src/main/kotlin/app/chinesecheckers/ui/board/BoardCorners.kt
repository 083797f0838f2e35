package app.chinesecheckers.ui.board

import androidx.compose.ui.geometry.Rect
import app.chinesecheckers.core.BoardGeometry
import androidx.compose.ui.geometry.Size

/**
 * The four empty corners of the board's box beside the star, where a phone draws what comes and
 * goes (banners, Stop, notices, the hint's words, the replay stepper): there, nothing covers a hole
 * the player must tap, and nothing is pushed. Each is the widest rectangle anchored in its corner
 * of the canvas that reaches no hole's touch area at 1× ([BoardLayout.TAP_REACH] around each
 * centre, taken as a square, which holds the circle) and is still tall enough (a few lines of
 * words; failing that, the largest), at most half the canvas each way, so that the four never
 * meet. Wide rather than tall: the words wrap less (a tall phone has a band above the star). Rectangles are in canvas pixels (the canvas's own origin). The star is the
 * same after any turn by a multiple of 60°, so its corners are too; a zoomed board does cover them.
 */
internal data class BoardCorners(
    /** Top left (top start in a left-to-right layout). */
    val topStart: Rect,
    /** Top right. */
    val topEnd: Rect,
    /** Bottom left. */
    val bottomStart: Rect,
    /** Bottom right. */
    val bottomEnd: Rect,
)

/**
 * The empty corners of a canvas of [size] pixels holding [geometry] turned by [rotationDegrees],
 * at 1×; [enoughHeight] (pixels) is the height a corner needs for a few lines of words.
 */
internal fun boardCorners(geometry: BoardGeometry, size: Size, rotationDegrees: Float, enoughHeight: Float): BoardCorners {
    val layout = BoardLayout(geometry, size, rotationDegrees)
    val reach = BoardLayout.TAP_REACH * layout.baseScale
    // Each hole's touch square: left, top, right, bottom.
    val squares = geometry.holes.map { h ->
        val c = layout.toScreen(h.x, h.y)
        Rect(c.x - reach, c.y - reach, c.x + reach, c.y + reach)
    }
    val w = size.width
    val h = size.height
    // Each corner is found as a top-left one, on the canvas mirrored so that its corner is at the
    // origin; the result is mirrored back.
    fun corner(mirrorX: Boolean, mirrorY: Boolean): Rect {
        val near = squares.map { s ->
            Pair(if (mirrorX) w - s.right else s.left, if (mirrorY) h - s.bottom else s.top)
        }
        val (cw, ch) = widestFromOrigin(near, w / 2, h / 2, enoughHeight)
        val left = if (mirrorX) w - cw else 0f
        val top = if (mirrorY) h - ch else 0f
        return Rect(left, top, left + cw, top + ch)
    }
    return BoardCorners(
        topStart = corner(mirrorX = false, mirrorY = false),
        topEnd = corner(mirrorX = true, mirrorY = false),
        bottomStart = corner(mirrorX = false, mirrorY = true),
        bottomEnd = corner(mirrorX = true, mirrorY = true),
    )
}

/**
 * The widest rectangle [0, w] × [0, h], w ≤ [maxW], h ≤ [maxH], at least [enough] high, that
 * holds no point of any square given by its near corner (its smallest x and y); when none is that
 * high, the largest. A square is out of the rectangle when its near x is at or past w, or its near
 * y at or past h. The widths worth trying are the squares' near x (and [maxW]): a rectangle that
 * widens past one must stop above it.
 */
private fun widestFromOrigin(near: List<Pair<Float, Float>>, maxW: Float, maxH: Float, enough: Float): Pair<Float, Float> {
    val widths = (near.map { it.first }.filter { it > 0f && it < maxW } + maxW).distinct()
    val candidates = widths.map { width ->
        width to (near.filter { it.first < width }.minOfOrNull { it.second }?.coerceIn(0f, maxH) ?: maxH)
    }
    return candidates.filter { it.second >= minOf(enough, maxH) }.maxByOrNull { it.first }
        ?: candidates.maxByOrNull { it.first * it.second }
        ?: (0f to 0f)
}
