package app.chinesecheckers.ui

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.geometry.Size
import app.chinesecheckers.core.boardGeometry
import app.chinesecheckers.ui.board.BoardLayout
import app.chinesecheckers.ui.board.BoardViewport
import app.chinesecheckers.ui.board.ZoomLimits
import app.chinesecheckers.ui.board.loupeCentre
import app.chinesecheckers.ui.board.maxZoomFor
import app.chinesecheckers.ui.board.nearestWithin
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

/** The board's zoom and pan arithmetic (BoardZoom.kt) and the zoomed layout's hit test. */
class BoardZoomTest {
    private val view = Size(700f, 800f)
    // A board narrower than the view at 1× (as in a portrait phone: margin above and below).
    private val content = Rect(20f, 100f, 680f, 700f)
    private val limits = ZoomLimits(view, content, maxZoom = 3f)

    private fun assertNear(expected: Offset, actual: Offset, what: String) {
        assertTrue("$what: $expected expected, got $actual", (expected - actual).getDistance() < 0.01f)
    }

    @Test
    fun screenAndBoardMappingsAreInverse() {
        val v = BoardViewport(2.5f, Offset(-300f, -120f))
        for (p in listOf(Offset.Zero, Offset(100f, 40f), Offset(699f, 799f))) {
            assertNear(p, v.toBoard(v.toScreen(p)), "round trip of $p")
        }
        assertEquals(Offset(2.5f * 100f - 300f, 2.5f * 40f - 120f), v.toScreen(Offset(100f, 40f)))
        assertEquals(Offset(10f, 20f), BoardViewport().toScreen(Offset(10f, 20f)))
    }

    @Test
    fun aPinchKeepsThePointUnderTheFingersAndStopsAtOneAndAtTheMaximum() {
        val centroid = Offset(350f, 400f)
        val under = BoardViewport().toBoard(centroid)
        val zoomed = BoardViewport().transformed(centroid, Offset.Zero, 2f, limits)
        assertEquals(2f, zoomed.zoom)
        assertNear(centroid, zoomed.toScreen(under), "the point under the fingers")
        assertEquals(3f, zoomed.transformed(centroid, Offset.Zero, 10f, limits).zoom)
        val out = zoomed.transformed(centroid, Offset.Zero, 0.1f, limits)
        assertEquals(BoardViewport(), out)
        assertTrue(zoomed.isZoomed)
        assertTrue(!out.isZoomed)
    }

    @Test
    fun aFramedRectangleFillsTheViewCentredWithinTheZoomLimitsAndTheBoardsEdges() {
        // A box 200 × 100 about (350, 400): the width binds (700 / 200 = 3.5), held at the max 3.
        val box = Rect(250f, 350f, 450f, 450f)
        val framed = BoardViewport.framing(box, limits)
        assertEquals(3f, framed.zoom)
        assertNear(Offset(350f, 400f), framed.toScreen(box.center), "the box's centre at the view's centre")
        val seen = framed.visible(view)
        assertTrue("the box is in view: $seen", seen.contains(box.topLeft) && seen.contains(box.bottomRight))
        // A box that fits at 2.5×: as far as it fits, no farther.
        val wider = Rect(210f, 300f, 490f, 500f)
        assertEquals(2.5f, BoardViewport.framing(wider, limits).zoom, 0.001f)
        // Near the board's edge: centred as far as the edge allows, the box still in view.
        val corner = Rect(30f, 110f, 230f, 210f)
        val atEdge = BoardViewport.framing(corner, limits)
        assertEquals(atEdge, atEdge.clampedTo(limits))
        val seenAtEdge = atEdge.visible(view)
        assertTrue("the corner box is in view: $seenAtEdge", seenAtEdge.contains(corner.topLeft) && seenAtEdge.contains(corner.bottomRight - Offset(0.01f, 0.01f)))
        // A box that would be framed at under 1.25× (1.2×), or is larger than the view, stays
        // at 1×: the whole board.
        assertEquals(BoardViewport(), BoardViewport.framing(Rect(50f, 100f, 633.4f, 400f), limits))
        assertEquals(1.25f, BoardViewport.framing(Rect(50f, 100f, 610f, 400f), limits).zoom, 0.001f)
        assertEquals(BoardViewport(), BoardViewport.framing(Rect(0f, 0f, 800f, 300f), limits))
        assertEquals(BoardViewport(), BoardViewport.framing(Rect(100f, 100f, 100f, 100f), limits))
    }

    @Test
    fun at1xThereIsNoPanAndTheBoardStaysCentred() {
        assertEquals(BoardViewport(), BoardViewport(1f, Offset(250f, -90f)).clampedTo(limits))
        assertEquals(BoardViewport(), BoardViewport().transformed(Offset(10f, 10f), Offset(200f, 300f), 1f, limits))
    }

    @Test
    fun aPanNeverTakesTheBoardOutOfView() {
        val zoomed = BoardViewport().transformed(Offset(350f, 400f), Offset.Zero, 3f, limits)
        for (pan in listOf(Offset(5000f, 0f), Offset(-5000f, 0f), Offset(0f, 5000f), Offset(0f, -5000f), Offset(4000f, -4000f))) {
            val v = zoomed.transformed(Offset(350f, 400f), pan, 1f, limits)
            val shown = Rect(v.toScreen(content.topLeft), v.toScreen(content.bottomRight))
            // Three times larger than the view: it must cover the whole view, and no more.
            assertTrue("$pan: $shown covers the view", shown.left <= 0.01f && shown.top <= 0.01f && shown.right >= view.width - 0.01f && shown.bottom >= view.height - 0.01f)
            val visible = v.visible(view)
            assertTrue("$pan: only the board is seen ($visible within $content)", visible.left >= content.left - 0.01f && visible.right <= content.right + 0.01f && visible.top >= content.top - 0.01f && visible.bottom <= content.bottom + 0.01f)
        }
        // Pushed right as far as it goes, the board's left edge sits at the view's left edge.
        val right = zoomed.transformed(Offset(350f, 400f), Offset(5000f, 0f), 1f, limits)
        assertEquals(0f, right.toScreen(content.topLeft).x, 0.01f)
    }

    @Test
    fun aSlightZoomKeepsTheShorterSideCentred() {
        // 1.1×: the board (600 px tall at 1×) is 660 px tall, less than the view's 800: centred.
        val v = BoardViewport(1.1f, Offset(0f, 500f)).clampedTo(limits)
        val top = v.toScreen(content.topLeft).y
        val bottom = v.toScreen(content.bottomRight).y
        assertEquals(view.height - bottom, top, 0.01f)
    }

    @Test
    fun theResetGlidesFromTheZoomToTheIdentity() {
        val from = BoardViewport(3f, Offset(-900f, -600f))
        assertEquals(from, from.lerp(BoardViewport(), 0f))
        assertEquals(BoardViewport(), from.lerp(BoardViewport(), 1f))
        assertEquals(BoardViewport(2f, Offset(-450f, -300f)), from.lerp(BoardViewport(), 0.5f))
    }

    @Test
    fun theMaximumZoomPutsNeighboursAtTheTargetSpacing() {
        assertEquals(52f / 24f, maxZoomFor(24f, 52f), 1e-6f)
        // A board already large enough does not zoom at all.
        assertEquals(1f, maxZoomFor(60f, 52f), 0f)
        assertEquals(1f, maxZoomFor(0f, 52f), 0f)
    }

    @Test
    fun theNearestPointWithinTheRadiusIsChosen() {
        val centres = listOf(Offset(0f, 0f), Offset(10f, 0f), Offset(20f, 0f))
        assertEquals(1, nearestWithin(centres, Offset(11f, 3f), 7.5f))
        assertEquals(2, nearestWithin(centres, Offset(16f, 0f), 7.5f))
        assertNull(nearestWithin(centres, Offset(10f, 9f), 7.5f))
        assertNull(nearestWithin(emptyList(), Offset.Zero, 7.5f))
    }

    @Test
    fun aZoomedTurnedLayoutHitsEveryHoleAtItsCentreAndHalfWayToANeighbour() {
        val geometry = boardGeometry()
        // A 360 dp phone's board at 2 px per dp, turned as pass-and-play turns it.
        val base = BoardLayout(geometry, Size(704f, 760f), 120f)
        val maxZoom = maxZoomFor(base.baseScale, 104f)
        assertTrue("the phone's board needs zoom ($maxZoom)", maxZoom > 1.5f)
        val limits = ZoomLimits(base.size, base.contentAt1x(), maxZoom)
        val v = BoardViewport().transformed(Offset(200f, 600f), Offset(-80f, 40f), 10f, limits)
        assertEquals(maxZoom, v.zoom, 1e-5f)
        val layout = base.withViewport(v)
        assertEquals(104f, layout.scale, 0.01f)
        for (h in geometry.holes) {
            val c = layout.toScreen(h.x, h.y)
            assertEquals(h.coord, layout.holeAt(c))
            // 0.45 of the way to the right-hand neighbour (turned with the board) still hits it.
            val right = layout.toScreen(h.x + 0.45f, h.y)
            assertEquals(h.coord, layout.holeAt(right))
        }
        // Between holes far from any (beyond the reach beside the star) nothing is hit.
        assertNull(layout.holeAt(layout.toScreen(-5f, -5f)))
    }

    @Test
    fun theLoupeSitsAboveTheFingerOrBesideItNearTheTop() {
        val size = Size(700f, 800f)
        val above = loupeCentre(Offset(350f, 500f), size, 272f, 80f)
        assertEquals(Offset(350f, 500f - 80f - 136f), above)
        // Near the top: beside the finger, on the roomier side, and wholly inside the canvas.
        val beside = loupeCentre(Offset(100f, 60f), size, 272f, 80f)
        assertEquals(100f + 80f + 136f, beside.x, 0f)
        assertEquals(136f, beside.y, 0f)
        val besideLeft = loupeCentre(Offset(650f, 200f), size, 272f, 80f)
        assertEquals(650f - 80f - 136f, besideLeft.x, 0f)
    }
    @Test
    fun keepingMovesAZoomedBoardJustEnoughToShowTheHolesAboveTheBand() {
        // At 1× everything is in view: nothing moves.
        val box = Rect(600f, 500f, 660f, 560f)
        assertEquals(BoardViewport(), BoardViewport().keeping(box, limits, bottomBand = 100f))
        // Zoomed 2× on the top left: the box (1160..1280 by 800..920 on screen) is off to the
        // right and below.
        val v = BoardViewport(2f, Offset(-40f, -200f)).clampedTo(limits)
        val kept = v.keeping(box, limits, bottomBand = 100f)
        assertEquals("never re-zoomed", v.zoom, kept.zoom)
        val tl = kept.toScreen(box.topLeft)
        val br = kept.toScreen(box.bottomRight)
        assertTrue("on screen across: $tl $br", tl.x >= 0f && br.x <= view.width + 0.01f)
        assertTrue("above the band: $tl $br", tl.y >= 0f && br.y <= view.height - 100f + 0.01f)
        // Moved as little as it can: the box's far edges on the free part's edges.
        assertEquals(view.width, br.x, 0.01f)
        assertEquals(view.height - 100f, br.y, 0.01f)
        // Already in view: unchanged.
        assertEquals(kept, kept.keeping(box, limits, bottomBand = 100f))
        // A box too tall for the free part is centred in it; the board's edges still bound the pan.
        val tall = Rect(300f, 150f, 340f, 650f)
        val centred = v.keeping(tall, limits, bottomBand = 100f)
        assertEquals(centred, centred.clampedTo(limits))
    }
}
