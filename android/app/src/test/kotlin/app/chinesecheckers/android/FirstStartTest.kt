package app.chinesecheckers.android

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import app.chinesecheckers.core.Coord
import app.chinesecheckers.ui.Screen
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/** The first start on the real Activity: the lessons' offer, answered, and a lesson step played by taps. */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class FirstStartTest {
    @Test
    fun theOfferShowsOnceAndSkipLeavesHome() = appTest(firstStart = true) {
        awaitTag("learnOffer")
        snapshot("learn-offer-phone")
        click("skipLearn")
        assertFalse(exists("learnOffer"))
        tag("solo").assertIsDisplayed()
        assertTrue(app.settings.settings.value.learnOffered)
        assertEquals(Screen.Home, app.screen.value)
    }

    @Test
    fun learnToPlayOpensTheFirstLessonWhoseFirstStepIsPlayedByTaps() = appTest(firstStart = true, reducedMotion = true) {
        click("startLearn")
        click("lesson:tripot-moves")
        val first = checkNotNull(app.learn.state.value)
        assertEquals(0, first.lesson.step)
        tapHole(Coord(-1, 4))
        tapHole(Coord(0, 3))
        waitUntil("the step done", 5_000) { app.learn.state.value?.lesson?.stepDone == true }
        click("nextStep")
        assertEquals(1, app.learn.state.value?.lesson?.step)
    }
}
