package app.chinesecheckers.ui.board

import androidx.compose.animation.core.Animatable
import androidx.compose.animation.core.LinearEasing
import androidx.compose.animation.core.animateFloatAsState
import androidx.compose.animation.core.snap
import androidx.compose.animation.core.tween
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.border
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.offset
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.SideEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberCoroutineScope
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.runtime.snapshotFlow
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clipToBounds
import androidx.compose.ui.draw.drawWithCache
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.ImageBitmap
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.PathEffect
import androidx.compose.ui.graphics.drawscope.CanvasDrawScope
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.luminance
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.SemanticsPropertyKey
import androidx.compose.ui.semantics.SemanticsPropertyReceiver
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.onClick
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.IntOffset
import androidx.compose.ui.unit.dp
import app.chinesecheckers.core.BoardGeometry
import app.chinesecheckers.core.Colour
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.GameState
import app.chinesecheckers.core.Highlight
import app.chinesecheckers.core.HolePosition
import app.chinesecheckers.core.PlayedMove
import app.chinesecheckers.core.holePositions
import app.chinesecheckers.ui.strings.Strings
import app.chinesecheckers.ui.theme.BoardPalette
import app.chinesecheckers.ui.theme.LocalBoardPalette
import app.chinesecheckers.ui.theme.PegSymbol
import kotlin.math.cos
import kotlin.math.roundToInt
import kotlin.math.sin
import kotlin.math.sqrt
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.collectLatest
import kotlinx.coroutines.launch

/** The test tag of the hole at [coord] (its accessibility node). */
fun holeTag(coord: Coord) = "hole:${coord.q}:${coord.r}"

/**
 * The star board: drawn on one [Canvas] from the core's [geometry] and [game] state, turned by
 * [rotationDegrees], with the moving peg of [animation] drawn along its path. A tap goes to the
 * nearest hole ([onTapHole]) or, beside the star, to [onTapOutside]. Each hole also has an
 * invisible accessibility node with its label (row, place, what stands on it, whether it is lit)
 * and a click action, which screen readers use and tests address by [holeTag].
 *
 * Small screens: two fingers zoom (up to neighbouring holes [ZoomedHoleSpacing] apart) and pan,
 * one finger pans once zoomed, a mouse wheel zooms about the pointer ([zoomState] keeps it).
 * While zoomed the board is framed and shows a "1×" button that goes back to the whole board:
 * a button, not a double tap, so that a tap on a zoomed board reaches the core at once instead
 * of waiting out a double-tap timeout. At 1× a finger held (or slid) on the board shows a loupe
 * of the holes under it, the one a release picks ringed.
 *
 * [shownMove] (a history line the player tapped) is drawn over everything as arrows, one per hop
 * of its path, in the board's own rotation; without one, [arrowPath] is drawn the same way (a
 * puzzle's solver line shows its moves from → to). [pointer] (a lesson's `LessonState.pointer`)
 * rings the holes a lesson points at, over the pegs.
 *
 * [framing] (a lesson step's holes) zooms the board onto those holes each time its key changes
 * (see [BoardFraming]); a pinch, a pan or the "1×" button then take over until the next key.
 * [keepInView] (a chain's peg and next landings, the hint's path) is brought on screen when it
 * changes while the board is zoomed — panned, not re-zoomed ([BoardViewport.keeping]) — above
 * a band of [keepClearBottom] at the bottom, where a phone's hint words and "1×" button sit.
 */
@Composable
fun BoardCanvas(
    geometry: BoardGeometry,
    game: GameState,
    rotationDegrees: Float,
    animation: PegAnimation?,
    reducedMotion: Boolean,
    strings: Strings,
    playerName: (Int) -> String,
    onTapHole: (Coord) -> Unit,
    onTapOutside: () -> Unit,
    modifier: Modifier = Modifier,
    onAnimationFinished: (revision: Long) -> Unit = {},
    zoomState: BoardZoomState = rememberBoardZoomState(),
    shownMove: PlayedMove? = null,
    arrowPath: List<Coord> = emptyList(),
    pointer: List<Coord> = emptyList(),
    framing: BoardFraming? = null,
    keepInView: List<Coord> = emptyList(),
    keepClearBottom: Dp = 0.dp,
) {
    val palette = LocalBoardPalette.current
    val rotation by animateFloatAsState(
        targetValue = rotationDegrees,
        animationSpec = if (reducedMotion) snap() else tween(450),
        label = "board rotation",
    )
    // Progress along the animated path, in hops; keyed by the move's revision so that each new
    // move starts from its first hole.
    val progress = remember(animation?.revision) { Animatable(0f) }
    LaunchedEffect(animation?.revision) {
        if (animation != null) {
            progress.snapTo(0f)
            progress.animateTo(
                (animation.path.size - 1).toFloat(),
                tween(animation.totalMillis, easing = LinearEasing),
            )
            onAnimationFinished(animation.revision)
        }
    }
    val geometryKit = remember(geometry) { StarOutline(geometry) }
    // Clipped: a zoomed board must not draw over the controls around it.
    BoxWithConstraints(modifier.clipToBounds()) {
        val density = LocalDensity.current
        val size = with(density) { Size(maxWidth.toPx(), maxHeight.toPx()) }
        val unzoomed = remember(geometry, size, rotation) { BoardLayout(geometry, size, rotation) }
        val spacingPx = with(density) { ZoomedHoleSpacing.toPx() }
        val limits = remember(unzoomed, spacingPx) { ZoomLimits(size, unzoomed.contentAt1x(), maxZoomFor(unzoomed.baseScale, spacingPx)) }
        // Clamped here too, so that a frame after a resize or a turn never draws an old pan.
        val viewport = zoomState.viewport.clampedTo(limits)
        SideEffect { zoomState.updateLimits(limits) }
        val layout = remember(unzoomed, viewport) { unzoomed.withViewport(viewport) }
        // The gesture detector lives as long as the board: it reads the current layout and
        // callbacks, so that a pinch is not restarted by the frames it causes.
        val currentLayout by rememberUpdatedState(layout)
        val tapHole by rememberUpdatedState(onTapHole)
        val tapOutside by rememberUpdatedState(onTapOutside)
        val motionReduced by rememberUpdatedState(reducedMotion)
        val scope = rememberCoroutineScope()
        val framed by rememberUpdatedState(framing)
        LaunchedEffect(framing?.key, size) {
            val holes = framed?.holes.orEmpty()
            if (holes.isEmpty()) return@LaunchedEffect
            // Framed at the turn the board is going to (a turn still animating would move the box).
            val target = BoardLayout(geometry, size, rotationDegrees)
            val centres = holes.map { target.holeCentre(it) }
            // About one hole spacing around the holes, so that a ringed hole is not on the edge.
            val margin = target.baseScale
            val box = Rect(
                centres.minOf { it.x } - margin,
                centres.minOf { it.y } - margin,
                centres.maxOf { it.x } + margin,
                centres.maxOf { it.y } + margin,
            )
            zoomState.glideTo(BoardViewport.framing(box, limits), motionReduced)
        }
        // While zoomed, what the player must see next is brought on screen: moved, never
        // re-zoomed, and only when some of it is off screen or under the bottom band.
        val bandPx = with(density) { keepClearBottom.toPx() }
        // Also once a pinch comes to rest (the zoom changed, then held still): zooming mid-chain
        // must not leave the next landings off screen. A one-finger pan is the player's own.
        LaunchedEffect(keepInView, size, bandPx) {
            if (keepInView.isEmpty()) return@LaunchedEffect
            val target = BoardLayout(geometry, size, rotationDegrees)
            val centres = keepInView.map { target.holeCentre(it) }
            // Half a hole spacing around the holes: a ringed hole is not on the view's edge.
            val margin = target.baseScale / 2
            val box = Rect(
                centres.minOf { it.x } - margin,
                centres.minOf { it.y } - margin,
                centres.maxOf { it.x } + margin,
                centres.maxOf { it.y } + margin,
            )
            var first = true
            snapshotFlow { zoomState.viewport.zoom }.collectLatest {
                if (!first) delay(PINCH_REST_MILLIS)
                first = false
                val now = zoomState.viewport.clampedTo(limits)
                val moved = now.keeping(box, limits, bandPx)
                if (moved != now) zoomState.glideTo(moved, motionReduced)
            }
        }
        Box(
            Modifier.fillMaxSize().pointerInput(zoomState) {
                detectBoardGestures(
                    isZoomed = { zoomState.viewport.isZoomed },
                    onTap = { point ->
                        val hole = currentLayout.holeAt(point)
                        if (hole != null) tapHole(hole) else tapOutside()
                    },
                    onTransform = zoomState::transform,
                    onHold = { zoomState.held = it },
                    // A release beside the star picks nothing (sliding off is how to cancel).
                    onHoldRelease = { point -> currentLayout.holeAt(point)?.let(tapHole) },
                )
            }.pointerInput(zoomState) { detectWheelZoom { at, factor -> zoomState.transform(at, Offset.Zero, factor) } },
        ) {
            // Remembered: a new modifier each recomposition would throw the cached bitmap away.
            val staticLayer = remember(layout, geometryKit, palette) {
                Modifier.drawWithCache {
                    // The star, the camps and the plain holes change only with the size, the turn
                    // or the theme: drawn once into a bitmap, then copied under each frame.
                    val background = ImageBitmap(size.width.toInt().coerceAtLeast(1), size.height.toInt().coerceAtLeast(1))
                    CanvasDrawScope().draw(this, layoutDirection, androidx.compose.ui.graphics.Canvas(background), size) {
                        drawStaticBoard(layout, geometryKit, palette)
                    }
                    onDrawBehind { drawImage(background) }
                }
            }
            // The moves drawn as the trail, said to tests and tools by their numbers.
            val trail = trailMoves(game)
            val arrows = (shownMove?.path ?: arrowPath).takeIf { it.size >= 2 }.orEmpty()
            Canvas(
                Modifier.fillMaxSize().then(staticLayer).semantics {
                    trailDrawn = trail.map { it.number }
                    trailColours = trail.map { trailColour(game, it) }
                    arrowsDrawn = arrows
                    pointerDrawn = pointer
                }.testTag("trail"),
            ) {
                val moving = animation?.takeIf { progress.isRunning || progress.value < it.path.size - 1 }
                drawTrail(layout, game, palette)
                drawHighlights(layout, game, palette)
                drawPegs(layout, game, palette, moving, progress.value)
                drawHint(layout, game.hint)
                drawArrows(layout, arrows)
                drawPointer(layout, pointer)
            }
            // One accessibility node per hole, over its centre (no pointer handling of its own:
            // real taps reach the board's nearest-hole detection above).
            val holePx = layout.scale * geometry.holeRadius * 2
            val holeDp = with(density) { holePx.toDp() }
            // Rows and places as the player sees them on the turned board (the core's naming).
            val named = rememberHolePositions(game.rotationDegrees)
            for ((i, hole) in game.holes.withIndex()) {
                val g = geometry.holes[i]
                val centre = layout.toScreen(g.x, g.y)
                val n = named[i]
                val label = strings.holeLabel(n.row, n.place, hole.occupant, hole.owner?.let(playerName), hole.highlight)
                HoleNode(hole.coord, label, IntOffset((centre.x - holePx / 2).roundToInt(), (centre.y - holePx / 2).roundToInt()), holeDp, onTapHole)
            }
            zoomState.held?.let { finger ->
                val chosen = layout.holeAt(finger)
                val label = chosen?.let { c ->
                    val i = layout.indexOf(c)
                    val n = named[i]
                    val hole = game.holes[i]
                    strings.holeLabel(n.row, n.place, hole.occupant, hole.owner?.let(playerName), hole.highlight)
                }
                BoardLoupe(layout, geometryKit, game, palette, finger, chosen, label)
            }
        }
        if (viewport.isZoomed) {
            // The zoomed cue: a frame around the board, and the way back to the whole board.
            Box(Modifier.fillMaxSize().border(3.dp, MaterialTheme.colorScheme.primary).testTag("zoomedFrame"))
            FilledTonalButton(
                onClick = { scope.launch { zoomState.resetZoom(motionReduced) } },
                contentPadding = PaddingValues(horizontal = 12.dp),
                modifier = Modifier.align(Alignment.BottomEnd).padding(8.dp).semantics { contentDescription = strings.zoomReset }.testTag("zoomReset"),
            ) { Text("1×", maxLines = 1) }
        }
    }
}

/**
 * The accessibility node of one hole. A composable of its own with plain parameters, so that a
 * new state recomposes only the holes whose label or place changed (a tap changes a handful).
 */
@Composable
private fun HoleNode(coord: Coord, label: String, topLeft: IntOffset, size: androidx.compose.ui.unit.Dp, onTapHole: (Coord) -> Unit) {
    Box(
        Modifier
            .offset { topLeft }
            .size(size)
            .testTag(holeTag(coord))
            .semantics {
                contentDescription = label
                onClick { onTapHole(coord); true }
            },
    )
}

/**
 * Draws one whole frame of the board: star, camps, holes with their highlights, pegs, and the
 * peg of [moving] at [progress] hops along its path; with [includeStatic] false, only what a
 * frame redraws over the cached star (highlights and pegs). Public so that the desktop build can
 * time it.
 */
fun DrawScope.drawBoardFrame(
    layout: BoardLayout,
    outline: StarOutline,
    game: GameState,
    palette: BoardPalette,
    moving: PegAnimation?,
    progress: Float,
    includeStatic: Boolean = true,
) {
    if (includeStatic) drawStaticBoard(layout, outline, palette)
    drawTrail(layout, game, palette)
    drawHighlights(layout, game, palette)
    drawPegs(layout, game, palette, moving, progress)
    drawHint(layout, game.hint)
}

/** The star's outline and camp triangles in board units, computed once per geometry. */
class StarOutline(geometry: BoardGeometry) {
    private val cx = geometry.width / 2
    private val cy = geometry.height / 2

    /** The two big triangles whose union is the star, grown by a margin. */
    val triangles: List<List<Offset>>

    /** Each camp's triangle (its three corner holes, grown by a margin). */
    val camps: Map<Colour, List<Offset>>

    init {
        val byCamp = geometry.holes.filter { it.camp != null }.groupBy { it.camp!! }
        fun dist2(x: Float, y: Float) = (x - cx) * (x - cx) + (y - cy) * (y - cy)
        val tips = byCamp.mapValues { (_, holes) -> holes.maxBy { dist2(it.x, it.y) }.let { Offset(it.x, it.y) } }
        fun grow(points: List<Offset>, by: Float): List<Offset> {
            val mx = points.map { it.x }.average().toFloat()
            val my = points.map { it.y }.average().toFloat()
            return points.map { p ->
                val dx = p.x - mx
                val dy = p.y - my
                val len = sqrt(dx * dx + dy * dy)
                // An equilateral triangle's edges move out by `by` when its corners move by 2·by.
                Offset(p.x + dx / len * 2 * by, p.y + dy / len * 2 * by)
            }
        }
        // Alternate tips form the two triangles: S, NW, NE and N, SE, SW.
        triangles = listOf(
            grow(listOf(Colour.S, Colour.NW, Colour.NE).map { tips.getValue(it) }, 0.55f),
            grow(listOf(Colour.N, Colour.SE, Colour.SW).map { tips.getValue(it) }, 0.55f),
        )
        camps = byCamp.mapValues { (colour, holes) ->
            val tip = tips.getValue(colour)
            // The two corners of the camp's base: its holes farthest from the tip, one each side.
            val far = holes.map { Offset(it.x, it.y) }.sortedByDescending { (it - tip).getDistanceSquared() }
            val first = far[0]
            val second = far.first { (it - first).getDistanceSquared() > 1f }
            grow(listOf(tip, first, second), 0.45f)
        }
    }
}

private fun DrawScope.polygon(layout: BoardLayout, points: List<Offset>, color: Color) {
    val path = Path()
    points.forEachIndexed { i, p ->
        val s = layout.toScreen(p.x, p.y)
        if (i == 0) path.moveTo(s.x, s.y) else path.lineTo(s.x, s.y)
    }
    path.close()
    drawPath(path, color)
}

/** What never changes during a game: background, star with its rim, camp tints, the holes. */
private fun DrawScope.drawStaticBoard(layout: BoardLayout, outline: StarOutline, palette: BoardPalette) {
    drawRect(palette.background)
    // A rim: the star drawn slightly larger in the edge colour, then the star itself.
    for (t in outline.triangles) polygon(layout, grow(t, 0.08f), palette.starEdge)
    for (t in outline.triangles) polygon(layout, t, palette.star)
    for ((colour, t) in outline.camps) polygon(layout, t, palette.peg(colour).campTint)
    val r = layout.geometry.holeRadius * layout.scale
    val ring = (r * 0.22f).coerceAtLeast(1.5f)
    for (g in layout.geometry.holes) {
        val c = layout.toScreen(g.x, g.y)
        drawCircle(palette.hole, r * 0.62f, c)
        drawCircle(palette.holeEdge, r * 0.62f, c, style = Stroke(ring * 0.35f))
    }
}

/** The lit holes: targets, swap markers, the chain, the last move and the hint. */
private fun DrawScope.drawHighlights(layout: BoardLayout, game: GameState, palette: BoardPalette) {
    val r = layout.geometry.holeRadius * layout.scale
    val ring = (r * 0.22f).coerceAtLeast(1.5f)
    for ((i, hole) in game.holes.withIndex()) {
        if (hole.highlight == Highlight.NONE || hole.highlight == Highlight.SELECTED) continue
        val g = layout.geometry.holes[i]
        val c = layout.toScreen(g.x, g.y)
        when (hole.highlight) {
            Highlight.STEP_TARGET, Highlight.JUMP_TARGET -> {
                drawCircle(palette.target.copy(alpha = 0.35f), r * 1.05f, c)
                drawCircle(palette.target, r * 1.05f, c, style = Stroke(ring))
            }
            Highlight.SWAP_TARGET -> {
                drawCircle(palette.target, r * 1.18f, c, style = Stroke(ring * 0.7f))
                drawCircle(palette.target, r * 0.95f, c, style = Stroke(ring * 0.7f))
            }
            Highlight.CHAIN -> drawCircle(palette.target, r * 0.45f, c)
            // Wider than a peg (1.12 r), so that it still shows around the peg that landed.
            Highlight.LAST_MOVE -> drawCircle(palette.lastMove, r * 1.34f, c, style = Stroke(ring * 0.7f))
            // Drawn as the hint's whole path, over the pegs ([drawHint]).
            Highlight.HINT -> Unit
            Highlight.SELECTED, Highlight.NONE -> Unit
        }
    }
}

/**
 * The moves the board draws as the trail: every move of the core's `GameState.trail` that has a
 * path (the core leaves passes out already; a path is what is drawn), oldest first.
 */
internal fun trailMoves(game: GameState): List<PlayedMove> = game.trail.filter { it.path.size >= 2 }

/**
 * The colour of the peg a trail move moved: the peg now where it ended, when it is one of the
 * mover's colours (a later swap may have moved it on), else the mover's first colour.
 */
internal fun trailColour(game: GameState, move: PlayedMove): Colour? {
    val mine = game.players.getOrNull(move.player)?.colours ?: return null
    val there = game.holes.firstOrNull { it.coord == move.path.last() }?.occupant
    return there?.takeIf { it in mine } ?: mine.firstOrNull()
}

/** The colours the trail is drawn in, one per move of [TrailDrawn]: for tests and tools. */
val TrailColours = SemanticsPropertyKey<List<Colour?>>("TrailColours")
private var SemanticsPropertyReceiver.trailColours by TrailColours

/**
 * Every hole's row and place as seen on the board turned by [rotationDegrees] (the core's
 * `holePositions`, in the order of the geometry's holes): the one naming of holes in the
 * history, the hint and the spoken labels, so that a move at the bottom of the screen is named
 * from the bottom.
 */
@Composable
fun rememberHolePositions(rotationDegrees: Int): List<HolePosition> = remember(rotationDegrees) { holePositions(rotationDegrees) }

/** The move numbers of the trail the board draws (`GameState.trail`), oldest first: for tests and tools. */
val TrailDrawn = SemanticsPropertyKey<List<Int>>("TrailDrawn")
private var SemanticsPropertyReceiver.trailDrawn by TrailDrawn

/**
 * The other seats' moves since ours ([moves], the core's trail), under the highlights and pegs:
 * a thin line along each path with a dot on each landing and a ring around where it ended, each
 * in the colour of the peg that moved (so that who went where reads in a game of six), the newest
 * as strong as the last move's mark and the older ones fainter, so that the order of a round
 * reads at a glance.
 */
private fun DrawScope.drawTrail(layout: BoardLayout, game: GameState, palette: BoardPalette) {
    val moves = trailMoves(game)
    if (moves.isEmpty()) return
    val r = layout.geometry.holeRadius * layout.scale
    val width = (r * 0.2f).coerceAtLeast(1.5f)
    val round = androidx.compose.ui.graphics.StrokeCap.Round
    val join = androidx.compose.ui.graphics.StrokeJoin.Round
    for ((i, move) in moves.withIndex()) {
        val newest = i == moves.lastIndex
        // The oldest at 0.45, rising evenly to the newest at 1.
        val alpha = if (newest) 1f else 0.45f + 0.4f * i / moves.size
        val colour = trailColour(game, move)?.let { palette.peg(it).fill }?.copy(alpha = alpha)
            ?: palette.lastMove.copy(alpha = alpha)
        val points = move.path.map { layout.holeCentre(it) }
        val line = Path().apply {
            moveTo(points[0].x, points[0].y)
            for (p in points.drop(1)) lineTo(p.x, p.y)
        }
        drawPath(line, colour, style = Stroke(if (newest) width * 1.5f else width, cap = round, join = join))
        // Where it started: a small open ring, so that the direction reads without an arrowhead.
        drawCircle(colour, r * 0.3f, points[0], style = Stroke(width))
        for (p in points.drop(1)) drawCircle(colour, r * 0.24f, p)
        // The newest's ring is the last move's own highlight ([drawHighlights]); older ones get a fainter one.
        if (!newest) drawCircle(colour, r * 1.34f, points.last(), style = Stroke((r * 0.22f).coerceAtLeast(1.5f) * 0.6f))
    }
}

/** The path of the move a history line shows (`PlayedMove.path`), as drawn by [drawArrows]: for tests and tools. */
val ArrowsDrawn = SemanticsPropertyKey<List<Coord>>("ArrowsDrawn")
private var SemanticsPropertyReceiver.arrowsDrawn by ArrowsDrawn

/** The shown move's arrows: lime under a near-black edge, unlike every peg, highlight and the hint. */
val ARROW_FILL = Color(0xFFC6FF00)
private val ARROW_EDGE = Color(0xFF151515)

/**
 * A move from the history ([path]) as arrows, one per hop, over everything else: a shaft from
 * near one hole's centre to near the next with an arrowhead pointing at where the peg landed,
 * each in a dark edge with a lime core.
 */
private fun DrawScope.drawArrows(layout: BoardLayout, path: List<Coord>) {
    if (path.size < 2) return
    drawArrowsThrough(path.map { layout.holeCentre(it) }, layout.geometry.holeRadius * layout.scale)
}

/**
 * Arrows through [points] (hole centres on screen), one per hop, for holes of radius [r]: the
 * history's arrows, and the Rules screen's small boards.
 */
internal fun DrawScope.drawArrowsThrough(points: List<Offset>, r: Float) {
    val width = (r * 0.32f).coerceAtLeast(3f)
    val round = androidx.compose.ui.graphics.StrokeCap.Round
    for ((a, b) in points.zipWithNext()) {
        val d = b - a
        val len = d.getDistance()
        if (len < 1f) continue
        val u = d / len
        val n = Offset(-u.y, u.x)
        val start = a + u * (r * 0.35f)
        val tip = b - u * (r * 0.3f)
        val base = tip - u * (width * 2.6f)
        val head = Path().apply {
            moveTo(tip.x, tip.y)
            lineTo(base.x + n.x * width * 1.7f, base.y + n.y * width * 1.7f)
            lineTo(base.x - n.x * width * 1.7f, base.y - n.y * width * 1.7f)
            close()
        }
        drawLine(ARROW_EDGE, start, base, strokeWidth = width * 1.9f, cap = round)
        drawPath(head, ARROW_EDGE, style = Stroke(width * 0.9f, join = androidx.compose.ui.graphics.StrokeJoin.Round))
        drawLine(ARROW_FILL, start, base, strokeWidth = width, cap = round)
        drawPath(head, ARROW_FILL)
    }
}

/** The holes a lesson points at (`LessonState.pointer`), as drawn by [drawPointer]: for tests and tools. */
val PointerDrawn = SemanticsPropertyKey<List<Coord>>("PointerDrawn")
private var SemanticsPropertyReceiver.pointerDrawn by PointerDrawn

/** The lesson pointer's colours: magenta, unlike every peg, highlight, the hint and the arrows. */
private val POINTER_FILL = Color(0xFFFF2DB4)
private val POINTER_EDGE = Color(0xFF151515)

/**
 * A lesson's pointer over the pegs: a thick ring around the peg to move ([holes]' first) and a
 * dashed one on each other hole (a pivot, where it goes), each a magenta core on a near-black
 * edge with a white rim, which shows on every peg colour and on both themes' boards.
 */
private fun DrawScope.drawPointer(layout: BoardLayout, holes: List<Coord>) {
    if (holes.isEmpty()) return
    val r = layout.geometry.holeRadius * layout.scale
    val width = (r * 0.26f).coerceAtLeast(2.5f)
    for ((i, c) in holes.withIndex()) {
        val centre = layout.holeCentre(c)
        val radius = if (i == 0) r * 1.55f else r * 1.35f
        val dash = if (i == 0) null else PathEffect.dashPathEffect(floatArrayOf(r * 0.55f, r * 0.3f))
        drawCircle(Color.White, radius, centre, style = Stroke(width * 2.4f, pathEffect = dash))
        drawCircle(POINTER_EDGE, radius, centre, style = Stroke(width * 1.7f, pathEffect = dash))
        drawCircle(POINTER_FILL, radius, centre, style = Stroke(width, pathEffect = dash))
    }
}

/** The hint's marker: white under near-black, which stands out on every peg colour and both themes. */
private val HINT_LIGHT = Color.White
private val HINT_DARK = Color(0xFF151515)

/**
 * The hint as its whole path ([path], the state's `hint`), drawn over the pegs: a thick line
 * hop by hop in a double stroke (white outside, near-black inside), a ring around the peg to move
 * and one on each landing, the last one doubled.
 */
/**
 * The hint's start ring, in hole radii: its stroke (±0.27 radius) stays clear of the peg inside
 * it (drawn at 1.12 radii), so the peg to move is never covered.
 */
internal const val HINT_START_RING = 1.5f

/** How long a pinch's zoom must hold still before what must be seen is brought on screen. */
private const val PINCH_REST_MILLIS = 300L

private fun DrawScope.drawHint(layout: BoardLayout, path: List<Coord>) {
    if (path.size < 2) return
    val r = layout.geometry.holeRadius * layout.scale
    val width = (r * 0.34f).coerceAtLeast(3f)
    val points = path.map { layout.holeCentre(it) }
    // The line leaves from the start ring, not the peg's centre: mid-chain that peg is the one
    // that just landed, and the player must see it (the rings stay outside every peg).
    val startRing = r * HINT_START_RING
    val line = Path().apply {
        val first = points[0]
        val towards = points[1] - first
        val length = towards.getDistance()
        val from = if (length > startRing) first + towards / length * startRing else points[1]
        moveTo(from.x, from.y)
        for (p in points.drop(1)) lineTo(p.x, p.y)
    }
    val round = androidx.compose.ui.graphics.StrokeCap.Round
    val join = androidx.compose.ui.graphics.StrokeJoin.Round
    drawPath(line, HINT_LIGHT, style = Stroke(width * 2.2f, cap = round, join = join))
    drawPath(line, HINT_DARK, style = Stroke(width, cap = round, join = join))
    fun ring(c: Offset, radius: Float) {
        drawCircle(HINT_LIGHT, radius, c, style = Stroke(width * 1.6f))
        drawCircle(HINT_DARK, radius, c, style = Stroke(width * 0.7f))
    }
    ring(points[0], startRing)
    for (p in points.drop(1)) ring(p, r * 0.75f)
    ring(points.last(), r * 1.2f)
}

private fun grow(points: List<Offset>, by: Float): List<Offset> {
    val mx = points.map { it.x }.average().toFloat()
    val my = points.map { it.y }.average().toFloat()
    return points.map { p ->
        val d = p - Offset(mx, my)
        val len = d.getDistance()
        p + d / len * (2 * by)
    }
}

private fun DrawScope.drawPegs(
    layout: BoardLayout,
    game: GameState,
    palette: BoardPalette,
    moving: PegAnimation?,
    progress: Float,
) {
    val r = layout.geometry.holeRadius * layout.scale * 1.12f
    val movingTo = moving?.path?.last()
    for ((i, hole) in game.holes.withIndex()) {
        val colour = hole.occupant ?: continue
        if (hole.coord == movingTo) continue
        val g = layout.geometry.holes[i]
        drawPeg(layout.toScreen(g.x, g.y), r, colour, palette, hole.highlight == Highlight.SELECTED)
    }
    if (moving != null && movingTo != null) {
        val colour = game.holes[layout.indexOf(movingTo)].occupant ?: return
        val hop = progress.toInt().coerceIn(0, moving.path.size - 2)
        val t = (progress - hop).coerceIn(0f, 1f)
        val a = layout.holeCentre(moving.path[hop])
        val b = layout.holeCentre(moving.path[hop + 1])
        // A jump arcs: the peg rises (grows) mid-hop.
        val lift = if (moving.path.size > 2 || (b - a).getDistance() > layout.scale * 1.5f) 1f + 0.18f * sin(Math.PI * t).toFloat() else 1f
        drawPeg(a + (b - a) * t, r * lift, colour, palette, selected = false)
    }
}

internal fun DrawScope.drawPeg(centre: Offset, r: Float, colour: Colour, palette: BoardPalette, selected: Boolean) {
    val style = palette.peg(colour)
    // A marble in four flat circles (shadow, rim, body, gloss): no shader to build per peg and frame.
    drawCircle(SHADOW, r, centre + Offset(r * 0.08f, r * 0.14f))
    drawCircle(darker(style.fill), r, centre)
    drawCircle(style.fill, r * 0.86f, centre - Offset(r * 0.05f, r * 0.05f))
    drawCircle(lerpWhite(style.fill, 0.45f).copy(alpha = 0.55f), r * 0.32f, centre - Offset(r * 0.38f, r * 0.38f))
    val ink = if (style.fill.luminance() > 0.45f) Color(0xCC000000) else palette.symbol.copy(alpha = 0.92f)
    drawSymbol(style.symbol, centre, r * 0.42f, ink)
    if (selected) {
        drawCircle(palette.selected, r * 1.22f, centre, style = Stroke(r * 0.2f))
    }
}

private val SHADOW = Color.Black.copy(alpha = 0.25f)

private fun lerpWhite(c: Color, t: Float) = Color(c.red + (1 - c.red) * t, c.green + (1 - c.green) * t, c.blue + (1 - c.blue) * t)
private fun darker(c: Color) = Color(c.red * 0.7f, c.green * 0.7f, c.blue * 0.7f)

private fun DrawScope.drawSymbol(symbol: PegSymbol, c: Offset, s: Float, ink: Color) {
    fun shape(points: List<Offset>) {
        val p = Path()
        points.forEachIndexed { i, o -> if (i == 0) p.moveTo(c.x + o.x, c.y + o.y) else p.lineTo(c.x + o.x, c.y + o.y) }
        p.close()
        drawPath(p, ink)
    }
    when (symbol) {
        PegSymbol.Dot -> drawCircle(ink, s * 0.6f, c)
        PegSymbol.Square -> drawRect(ink, c - Offset(s * 0.62f, s * 0.62f), Size(s * 1.24f, s * 1.24f))
        PegSymbol.Triangle -> shape(listOf(Offset(0f, -s * 0.85f), Offset(s * 0.8f, s * 0.6f), Offset(-s * 0.8f, s * 0.6f)))
        PegSymbol.Diamond -> shape(listOf(Offset(0f, -s * 0.9f), Offset(s * 0.7f, 0f), Offset(0f, s * 0.9f), Offset(-s * 0.7f, 0f)))
        PegSymbol.Star -> shape((0 until 10).map { k ->
            val a = Math.PI / 5 * k - Math.PI / 2
            val rr = if (k % 2 == 0) s * 0.95f else s * 0.42f
            Offset((cos(a) * rr).toFloat(), (sin(a) * rr).toFloat())
        })
        PegSymbol.Cross -> {
            val w = s * 0.32f
            drawRect(ink, c - Offset(s * 0.8f, w), Size(s * 1.6f, w * 2))
            drawRect(ink, c - Offset(w, s * 0.8f), Size(w * 2, s * 1.6f))
        }
    }
}
