package app.chinesecheckers.ui.rules

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.runtime.remember
import androidx.compose.foundation.layout.padding
import androidx.compose.material3.Card
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import app.chinesecheckers.core.BoardGeometry
import app.chinesecheckers.core.MoveKind
import app.chinesecheckers.core.RuleDiagram
import app.chinesecheckers.ui.LocalStrings
import app.chinesecheckers.ui.board.drawArrowsThrough
import app.chinesecheckers.ui.board.drawPeg
import app.chinesecheckers.ui.strings.lessons
import app.chinesecheckers.ui.theme.LocalBoardPalette
import kotlin.math.min

/** The largest hole radius of a diagram: a few holes are drawn no bigger than this. */
private val MaxHoleRadius = 16.dp

/** A diagram's board is at least this tall (a step's few holes)… */
private val MinBoardHeight = 120.dp

/** …and at most this tall (a chain's long strip). */
private val MaxBoardHeight = 280.dp

/** Widest a diagram card's column gets before two cards share a row. */
private val TwoColumnsFrom = 560.dp

/**
 * The core's diagrams of one rule set (`ruleDiagrams(preset)`), one card per move kind, two per
 * row on a wide screen; each card's link opens its lesson step ([onOpenLesson]).
 */
@Composable
fun RuleDiagrams(diagrams: List<RuleDiagram>, geometry: BoardGeometry, onOpenLesson: (String, Int) -> Unit) {
    BoxWithConstraints(Modifier.fillMaxWidth()) {
        val perRow = if (maxWidth >= TwoColumnsFrom) 2 else 1
        Column(verticalArrangement = Arrangement.spacedBy(12.dp)) {
            for (row in diagrams.chunked(perRow)) {
                Row(horizontalArrangement = Arrangement.spacedBy(12.dp)) {
                    for (d in row) DiagramCard(d, geometry, onOpenLesson, Modifier.weight(1f))
                    // A last row short of cards keeps the cards' width.
                    repeat(perRow - row.size) { Column(Modifier.weight(1f)) {} }
                }
            }
        }
    }
}

@Composable
private fun DiagramCard(diagram: RuleDiagram, geometry: BoardGeometry, onOpenLesson: (String, Int) -> Unit, modifier: Modifier) {
    val words = LocalStrings.current.lessons
    Card(modifier.testTag("diagram:${diagram.rule.name}")) {
        Column(Modifier.padding(12.dp), verticalArrangement = Arrangement.spacedBy(6.dp)) {
            Text(words.ruleTitle(diagram.rule), style = MaterialTheme.typography.titleMedium)
            DiagramBoard(diagram, geometry, Modifier.semantics { contentDescription = words.ruleTitle(diagram.rule) })
            Text(words.ruleText(diagram.rule), style = MaterialTheme.typography.bodyMedium)
            TextButton(
                onClick = { onOpenLesson(diagram.lessonId, diagram.step) },
                modifier = Modifier.testTag("diagramLesson:${diagram.rule.name}"),
            ) { Text(words.tryIt + " ›") }
        }
    }
}

/** The margin around a diagram's outermost hole centres, in board units: about a hole's width. */
private fun marginOf(geometry: BoardGeometry) = geometry.holeRadius * 2.2f

/** Width and height of a diagram's holes with their margin, in board units. */
private fun extentOf(diagram: RuleDiagram, geometry: BoardGeometry): Pair<Float, Float> {
    if (diagram.holes.isEmpty()) return 1f to 1f
    val margin = marginOf(geometry)
    val w = diagram.holes.maxOf { it.x } - diagram.holes.minOf { it.x } + 2 * margin
    val h = diagram.holes.maxOf { it.y } - diagram.holes.minOf { it.y } + 2 * margin
    return w to h
}

/**
 * One small board: the diagram's holes scaled and centred on their own bounding box, camp holes
 * tinted as on the board, the pegs before the move, and the move as the history's arrows (a swap
 * as one arrow each way).
 */
@Composable
private fun DiagramBoard(diagram: RuleDiagram, geometry: BoardGeometry, modifier: Modifier) {
    val palette = LocalBoardPalette.current
    // As wide as the card, as tall as the region needs at the scale it is drawn: a chain's tall
    // strip gets a taller board than a swap's few holes, within bounds.
    BoxWithConstraints(modifier.fillMaxWidth()) {
        val (w, h) = remember(diagram) { extentOf(diagram, geometry) }
        val scale = min(min(maxWidth.value / w, MaxBoardHeight.value / h), MaxHoleRadius.value / geometry.holeRadius)
        DiagramCanvas(diagram, geometry, palette, Modifier.fillMaxWidth().height((h * scale).dp.coerceAtLeast(MinBoardHeight)))
    }
}

@Composable
private fun DiagramCanvas(diagram: RuleDiagram, geometry: BoardGeometry, palette: app.chinesecheckers.ui.theme.BoardPalette, modifier: Modifier) {
    Canvas(modifier) {
        val holes = diagram.holes
        if (holes.isEmpty()) return@Canvas
        // Board units, with a hole's width of margin around the outermost centres.
        val margin = marginOf(geometry)
        val minX = holes.minOf { it.x } - margin
        val maxX = holes.maxOf { it.x } + margin
        val minY = holes.minOf { it.y } - margin
        val maxY = holes.maxOf { it.y } + margin
        // At most a game board's hole size on a tablet: a swap's few holes would otherwise fill
        // the card with giant pegs.
        val scale = min(min(size.width / (maxX - minX), size.height / (maxY - minY)), MaxHoleRadius.toPx() / geometry.holeRadius)
        val origin = Offset((size.width - (maxX - minX) * scale) / 2, (size.height - (maxY - minY) * scale) / 2)
        val byCoord = holes.associateBy { it.coord }
        fun at(x: Float, y: Float) = origin + Offset((x - minX) * scale, (y - minY) * scale)
        val r = geometry.holeRadius * scale
        drawRoundRect(palette.star, cornerRadius = androidx.compose.ui.geometry.CornerRadius(r, r))
        for (h in holes) {
            val c = at(h.x, h.y)
            h.camp?.let { drawCircle(palette.peg(it).campTint, r * 1.25f, c) }
            drawCircle(palette.hole, r * 0.62f, c)
            drawCircle(palette.holeEdge, r * 0.62f, c, style = Stroke((r * 0.08f).coerceAtLeast(1f)))
        }
        for (peg in diagram.pegs) {
            val h = byCoord[peg.coord] ?: continue
            drawPeg(at(h.x, h.y), r * 1.12f, peg.colour, palette, selected = false)
        }
        val points = diagram.path.mapNotNull { c -> byCoord[c]?.let { at(it.x, it.y) } }
        if (points.size >= 2 && diagram.kind == MoveKind.SWAP) {
            // Two pegs trade places: one arrow each way, side by side.
            val (a, b) = points[0] to points[1]
            val d = b - a
            val side = Offset(-d.y, d.x) / d.getDistance() * (r * 0.38f)
            drawArrowsThrough(listOf(a + side, b + side), r * 0.8f)
            drawArrowsThrough(listOf(b - side, a - side), r * 0.8f)
        } else if (points.size >= 2) {
            drawArrowsThrough(points, r)
        }
    }
}
