package app.chinesecheckers.ui.board

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.border
import androidx.compose.foundation.layout.offset
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clip
import androidx.compose.ui.draw.shadow
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.IntOffset
import androidx.compose.ui.unit.dp
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.GameState
import app.chinesecheckers.ui.theme.BoardPalette
import kotlin.math.roundToInt

/** The loupe's diameter. */
private val LoupeSize = 136.dp

/** Neighbouring holes in the loupe: about three holes across it. */
private val LoupeHoleSpacing = 40.dp

/** The gap between the loupe and the finger, so that the finger never covers it. */
private val LoupeGap = 40.dp

/**
 * Where the loupe's centre goes for a finger at [finger] on a canvas of [view] size, the loupe
 * being [diameter] across and kept [gap] from the finger: above the finger; where that would
 * leave the canvas, beside it on the roomier side; always wholly inside the canvas.
 */
fun loupeCentre(finger: Offset, view: Size, diameter: Float, gap: Float): Offset {
    val half = diameter / 2
    val above = finger.y - gap - half
    val (x, y) = if (above - half >= 0f) {
        finger.x to above
    } else {
        val right = finger.x <= view.width / 2
        (if (right) finger.x + gap + half else finger.x - gap - half) to finger.y
    }
    return Offset(x.coerceIn(half, maxOf(half, view.width - half)), y.coerceIn(half, maxOf(half, view.height - half)))
}

/**
 * The magnified preview of the holes under a finger held on the board: the board of [layout]
 * drawn larger around [finger], with the hole [chosen] (the one a release picks) ringed. Its
 * accessibility node ("loupe") is described by [chosenLabel].
 */
@Composable
internal fun BoardLoupe(
    layout: BoardLayout,
    outline: StarOutline,
    game: GameState,
    palette: BoardPalette,
    finger: Offset,
    chosen: Coord?,
    chosenLabel: String?,
) {
    val density = LocalDensity.current
    val diameter = with(density) { LoupeSize.toPx() }
    val centre = loupeCentre(finger, layout.size, diameter, with(density) { LoupeGap.toPx() })
    val magnification = maxOf(1f, with(density) { LoupeHoleSpacing.toPx() } / layout.baseScale)
    // The 1× point under the finger lands at the loupe's centre, magnified.
    val under = layout.viewport.toBoard(finger)
    val loupe = layout.withViewport(BoardViewport(magnification, Offset(diameter / 2 - under.x * magnification, diameter / 2 - under.y * magnification)))
    Canvas(
        Modifier
            .offset { IntOffset((centre.x - diameter / 2).roundToInt(), (centre.y - diameter / 2).roundToInt()) }
            .size(LoupeSize)
            .shadow(8.dp, CircleShape)
            .clip(CircleShape)
            .border(3.dp, palette.starEdge, CircleShape)
            .testTag("loupe")
            .semantics { if (chosenLabel != null) contentDescription = chosenLabel },
    ) {
        drawBoardFrame(loupe, outline, game, palette, moving = null, progress = 0f)
        if (chosen != null) {
            val r = layout.geometry.holeRadius * loupe.scale
            drawCircle(palette.selected, r * 1.45f, loupe.holeCentre(chosen), style = Stroke(r * 0.22f))
        }
    }
}
