package app.chinesecheckers.android

import android.graphics.Bitmap
import android.graphics.BitmapFactory
import android.graphics.Canvas
import android.graphics.Paint
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.hasText
import app.chinesecheckers.ui.strings.EnglishStrings
import com.github.takahirom.roborazzi.ExperimentalRoborazziApi
import com.github.takahirom.roborazzi.RoborazziOptions
import com.github.takahirom.roborazzi.RoborazziTaskType
import com.github.takahirom.roborazzi.captureRoboImage
import com.github.takahirom.roborazzi.captureScreenRoboImage
import org.junit.Assert.assertThrows
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode
import java.io.File
import java.nio.file.Files

/**
 * The goldens are compared, not only written: Home as the player sees it passes its golden
 * (MainScreensTest's screen-home-phone) with a speck of noise, and fails it with one word gone
 * (a button's label painted over with the button's own colour) or a whole button gone.
 * The comparisons here always verify, whatever run.sh's mode: a RECORD run must not write a
 * broken picture as a golden.
 */
@OptIn(ExperimentalTestApi::class, ExperimentalRoborazziApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class GoldenComparisonTest {
    private val verify = RoborazziOptions(
        taskType = RoborazziTaskType.Verify,
        compareOptions = GOLDEN_OPTIONS.compareOptions,
    )

    /** The screen now, as a bitmap (recorded to a scratch file, never to a golden). */
    private fun RunningApp.screen(): Bitmap {
        val scratch = File(Files.createTempDirectory("cc-golden").toFile(), "screen.png")
        waitForIdle()
        captureScreenRoboImage(scratch.path, roborazziOptions = RoborazziOptions(taskType = RoborazziTaskType.Record))
        return checkNotNull(BitmapFactory.decodeFile(scratch.path)) { "no picture at $scratch" }.copy(Bitmap.Config.ARGB_8888, true)
    }

    @Test
    fun homePassesItsGoldenWithASpeckOfNoiseAndFailsItWithAWordOrAButtonGone() = appTest(Device.Phone, reducedMotion = true) {
        val home = screen()
        // The same screen passes, even with a few pixels off (anti-aliasing on another machine).
        val speck = home.copy(Bitmap.Config.ARGB_8888, true)
        for (x in 100 until 110) speck.setPixel(x, 200, 0xFF808080.toInt())
        speck.captureRoboImage(golden("screen-home-phone"), verify)

        // One word gone: the label of Rules (its text's box) painted with the button's colour.
        val rules = onNode(hasText(EnglishStrings.rules), useUnmergedTree = true).fetchSemanticsNode().boundsInRoot
        val word = home.copy(Bitmap.Config.ARGB_8888, true)
        val buttonColour = home.getPixel(rules.left.toInt() - 4, rules.center.y.toInt())
        Canvas(word).drawRect(rules.left, rules.top, rules.right, rules.bottom, Paint().apply { color = buttonColour })
        assertThrows("a golden with a word gone must fail", AssertionError::class.java) {
            word.captureRoboImage(golden("screen-home-phone"), verify)
        }

        // The Settings button painted over with the screen's own background: it fails.
        val settings = tag("settings").fetchSemanticsNode().boundsInRoot
        val gone = home.copy(Bitmap.Config.ARGB_8888, true)
        val background = home.getPixel(2, 2)
        Canvas(gone).drawRect(settings.left, settings.top, settings.right, settings.bottom, Paint().apply { color = background })
        assertThrows("a golden with a button gone must fail", AssertionError::class.java) {
            gone.captureRoboImage(golden("screen-home-phone"), verify)
        }
    }
}
