package app.chinesecheckers.ui.board

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.geometry.Size
import app.chinesecheckers.core.BoardGeometry
import app.chinesecheckers.core.Coord
import kotlin.math.cos
import kotlin.math.sin

/**
 * Where the board's holes land on a canvas of [size] pixels: the core's geometry (neighbours 1
 * apart, true aspect) scaled uniformly to fit with a margin, centred, and turned by
 * [rotationDegrees] about the board's centre, then magnified and moved by [viewport] (pinch-zoom
 * and pan). The same mapping turns a tap back into the nearest hole, so drawing and touch can
 * never disagree.
 */
class BoardLayout(
    val geometry: BoardGeometry,
    val size: Size,
    val rotationDegrees: Float,
    val viewport: BoardViewport = BoardViewport(),
) {
    /** Pixels per board unit at 1× (the whole board fitting the canvas). */
    val baseScale: Float = minOf(size.width / (geometry.width + 2 * MARGIN_X), size.height / (geometry.height + 2 * MARGIN_Y))

    /** Pixels per board unit on screen (the distance between neighbouring holes), zoom included. */
    val scale: Float = baseScale * viewport.zoom
    private val centreX = geometry.width / 2
    private val centreY = geometry.height / 2
    private val radians = Math.toRadians(rotationDegrees.toDouble())
    private val cos = cos(radians).toFloat()
    private val sin = sin(radians).toFloat()
    private val screenCentre = Offset(size.width / 2, size.height / 2)
    private val index: Map<Coord, Int> = geometry.holes.withIndex().associate { (i, h) -> h.coord to i }
    private val boardPoints: List<Offset> = geometry.holes.map { Offset(it.x, it.y) }

    /** The position of board point (x, y) at 1× (before zoom and pan). */
    private fun toUnzoomed(x: Float, y: Float): Offset {
        val dx = x - centreX
        val dy = y - centreY
        return Offset(screenCentre.x + baseScale * (dx * cos - dy * sin), screenCentre.y + baseScale * (dx * sin + dy * cos))
    }

    /** The screen position of board point (x, y). */
    fun toScreen(x: Float, y: Float): Offset = viewport.toScreen(toUnzoomed(x, y))

    /** The same board at another [viewport] (the loupe's, or 1×). */
    fun withViewport(viewport: BoardViewport): BoardLayout = BoardLayout(geometry, size, rotationDegrees, viewport)

    /**
     * The board's rectangle at 1×, in canvas pixels: its hole centres with the margin that the
     * star's rim takes beyond them. A pan keeps it over the view ([BoardViewport.clampedTo]).
     */
    fun contentAt1x(): Rect {
        val points = boardPoints.map { toUnzoomed(it.x, it.y) }
        return Rect(
            points.minOf { it.x } - MARGIN_X * baseScale,
            points.minOf { it.y } - MARGIN_Y * baseScale,
            points.maxOf { it.x } + MARGIN_X * baseScale,
            points.maxOf { it.y } + MARGIN_Y * baseScale,
        )
    }

    /** The screen position of a hole's centre. */
    fun holeCentre(coord: Coord): Offset {
        val h = geometry.holes[index.getValue(coord)]
        return toScreen(h.x, h.y)
    }

    /** The index (in geometry order) of [coord]. */
    fun indexOf(coord: Coord): Int = index.getValue(coord)

    /**
     * The hole nearest to a screen point, or null when the point is farther than [TAP_REACH]
     * board units from every hole (a tap beside the star).
     */
    fun holeAt(point: Offset): Coord? {
        // Undo the zoom and pan, then the fit, then the turn (rotate by -θ).
        val unzoomed = viewport.toBoard(point)
        val px = (unzoomed.x - screenCentre.x) / baseScale
        val py = (unzoomed.y - screenCentre.y) / baseScale
        val x = px * cos + py * sin + centreX
        val y = -px * sin + py * cos + centreY
        return nearestWithin(boardPoints, Offset(x, y), TAP_REACH)?.let { geometry.holes[it].coord }
    }

    companion object {
        /**
         * Space beside and above/below the outermost hole centres, in board units: the star's
         * outline reaches 0.55·2 + 0.16 (its growth and rim, see StarOutline) beyond the tip holes
         * radially, which is 1.26 upward and 1.26·cos 30° ≈ 1.09 sideways at the side tips.
         */
        const val MARGIN_X = 1.15f
        const val MARGIN_Y = 1.32f
        /** How far from a hole's centre a tap still counts for it (neighbours are 1 apart). */
        const val TAP_REACH = 0.75f
    }
}
