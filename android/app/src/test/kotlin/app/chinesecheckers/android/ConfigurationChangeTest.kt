package app.chinesecheckers.android

import android.content.res.Configuration
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsEnabled
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.captureToImage
import androidx.compose.ui.test.onRoot
import androidx.compose.ui.graphics.toPixelMap
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.MoveKind
import app.chinesecheckers.ui.Screen
import app.chinesecheckers.ui.strings.FrenchStrings
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotSame
import org.junit.Assert.assertSame
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * The Activity destroyed and created again by a configuration change — rotation, the dark theme,
 * the font size, the system language — in the middle of a tripot chain: nothing is lost (the same
 * game, the hop already made, End jump still offered), the change shows, the app is not reported
 * as having left the screen, and the chain then ends as it would have.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class ConfigurationChangeTest {
    /** Starts a chain, changes the configuration, checks that nothing was lost, then ends the chain. */
    private fun RunningApp.midChain(change: RunningApp.() -> MainActivity, shows: RunningApp.() -> Unit) {
        startChainGame(app)
        hopOnce(app)
        val before = game()
        val state = app
        val old = activity
        val new = change()
        assertNotSame("the Activity was created again", old, new)
        assertSame("the process's state is the same", state, app)
        assertEquals(Screen.Board, app.screen.value)
        assertEquals("the position", before.holes, game().holes)
        assertEquals("the hop already made", listOf(Coord(0, 0), Coord(0, -2)), game().chain)
        assertFalse("a configuration change is not leaving the screen", application.visibility.inBackground)
        tag("endJump").assertIsEnabled()
        shows()
        // The chain goes on where it was: one more hop, then End jump plays the whole jump.
        tapHole(Coord(2, -4))
        click("endJump")
        val played = game().history.first()
        assertEquals(MoveKind.JUMP, played.kind)
        assertEquals(listOf(Coord(0, 0), Coord(0, -2), Coord(2, -4)), played.path)
    }

    @Test
    fun rotationMidChainLosesNothing() = appTest(Device.Phone, reducedMotion = true) {
        midChain({ changeConfiguration("+land") }) {
            val configuration = activity.resources.configuration
            assertEquals(Configuration.ORIENTATION_LANDSCAPE, configuration.orientation)
            val root = onRoot().fetchSemanticsNode().size
            assertTrue("the window is wider than tall: $root", root.width > root.height)
        }
    }

    @Test
    fun theSystemDarkThemeMidChainLosesNothingAndDarkensTheScreen() = appTest(Device.Phone, reducedMotion = true) {
        val lightCorner = onRoot().captureToImage().toPixelMap()[2, 2].luminance()
        midChain({ changeConfiguration("+night") }) {
            assertEquals(Configuration.UI_MODE_NIGHT_YES, activity.resources.configuration.uiMode and Configuration.UI_MODE_NIGHT_MASK)
            val darkCorner = onRoot().captureToImage().toPixelMap()[2, 2].luminance()
            assertTrue("the background darkened: $lightCorner -> $darkCorner", darkCorner < 0.2f && lightCorner > 0.6f)
        }
    }

    @Test
    fun aLargerFontMidChainLosesNothingAndEnlargesTheText() = appTest(Device.Phone, reducedMotion = true) {
        startChainGame(app)
        val status = tag("status").fetchSemanticsNode().boundsInRoot.height
        app.navigate(Screen.Home)
        app.back()
        midChain({ changeConfiguration(fontScale = 1.3f) }) {
            assertEquals(1.3f, activity.resources.configuration.fontScale, 0.001f)
            val larger = tag("status").fetchSemanticsNode().boundsInRoot.height
            assertTrue("the status line grew with the font: $status -> $larger", larger > status * 1.15f)
        }
    }

    @Test
    fun theSystemLanguageChangedMidChainLosesNothingAndRewordsTheBoard() = appTest(Device.Phone, reducedMotion = true) {
        midChain({ changeConfiguration("fr-rFR") }) {
            tag("status").assertTextEquals(FrenchStrings.jumpAgain(canEnd = true))
        }
    }

    private fun androidx.compose.ui.graphics.Color.luminance(): Float = 0.2126f * red + 0.7152f * green + 0.0722f * blue
}
