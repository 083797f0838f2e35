package app.chinesecheckers.ui.board

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import app.chinesecheckers.core.BoardGeometry
import app.chinesecheckers.core.Coord
import kotlin.math.cos
import kotlin.math.sin

/**
 * Where the board's holes land on a canvas of [size] pixels: the core's geometry (neighbours 1
 * apart, true aspect) scaled uniformly to fit with a margin, centred, and turned by
 * [rotationDegrees] about the board's centre. The same mapping turns a tap back into the nearest
 * hole, so drawing and touch can never disagree.
 */
class BoardLayout(val geometry: BoardGeometry, val size: Size, val rotationDegrees: Float) {
    /** Pixels per board unit (the distance between neighbouring holes). */
    val scale: Float = minOf(size.width / (geometry.width + 2 * MARGIN_X), size.height / (geometry.height + 2 * MARGIN_Y))
    private val centreX = geometry.width / 2
    private val centreY = geometry.height / 2
    private val radians = Math.toRadians(rotationDegrees.toDouble())
    private val cos = cos(radians).toFloat()
    private val sin = sin(radians).toFloat()
    private val screenCentre = Offset(size.width / 2, size.height / 2)
    private val index: Map<Coord, Int> = geometry.holes.withIndex().associate { (i, h) -> h.coord to i }

    /** The screen position of board point (x, y). */
    fun toScreen(x: Float, y: Float): Offset {
        val dx = x - centreX
        val dy = y - centreY
        return Offset(screenCentre.x + scale * (dx * cos - dy * sin), screenCentre.y + scale * (dx * sin + dy * cos))
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
        val px = (point.x - screenCentre.x) / scale
        val py = (point.y - screenCentre.y) / scale
        // Undo the turn: rotate by -θ.
        val x = px * cos + py * sin + centreX
        val y = -px * sin + py * cos + centreY
        var best: Coord? = null
        var bestDistance = TAP_REACH * TAP_REACH
        for (h in geometry.holes) {
            val d = (h.x - x) * (h.x - x) + (h.y - y) * (h.y - y)
            if (d < bestDistance) {
                bestDistance = d
                best = h.coord
            }
        }
        return best
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
