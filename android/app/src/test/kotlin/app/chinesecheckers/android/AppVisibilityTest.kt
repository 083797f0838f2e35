package app.chinesecheckers.android

import android.app.Activity
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RobolectricTestRunner
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** [AppVisibility]: which Activity stops and starts are the app leaving and regaining the screen. */
@RunWith(RobolectricTestRunner::class)
class AppVisibilityTest {
    /** What the app was told, in order. */
    private val events = mutableListOf<String>()
    private val visibility = AppVisibility(
        onBackground = { events += "background" },
        onForeground = { events += "foreground" },
    )

    @Test
    fun leavingAndComingBackAreReportedOnceEach() {
        visibility.activityStarted() // the first start: the app was never away
        visibility.activityStopped(changingConfigurations = false)
        assertTrue(visibility.inBackground)
        visibility.activityStopped(changingConfigurations = false) // a second stop changes nothing
        visibility.activityStarted()
        visibility.activityStarted()

        assertEquals(listOf("background", "foreground"), events)
        assertFalse(visibility.inBackground)
    }

    @Test
    fun aConfigurationChangeIsNotLeavingTheScreen() {
        visibility.activityStarted()
        visibility.activityStopped(changingConfigurations = true)
        visibility.activityStarted()

        assertEquals(emptyList(), events)
        assertFalse(visibility.inBackground)
    }

    /** An Activity that reports to [visibility] as MainActivity does. */
    class ReportingActivity : Activity() {
        override fun onStart() {
            super.onStart()
            current!!.activityStarted()
        }

        override fun onStop() {
            super.onStop()
            current!!.activityStopped(changingConfigurations = isChangingConfigurations)
        }

        companion object {
            /** The tracker under test (an Activity is created by the framework, not by the test). */
            var current: AppVisibility? = null
        }
    }

    @Test
    fun anActivityGoingToTheBackgroundAndBackReportsBoth() {
        ReportingActivity.current = visibility
        val controller = Robolectric.buildActivity(ReportingActivity::class.java).setup()
        assertEquals(emptyList(), events)

        controller.pause().stop()
        assertEquals(listOf("background"), events)

        controller.restart().start().resume()
        assertEquals(listOf("background", "foreground"), events)
    }

    @Test
    fun anActivityRecreatedForRotationReportsNothing() {
        ReportingActivity.current = visibility
        val controller = Robolectric.buildActivity(ReportingActivity::class.java).setup()

        controller.recreate()

        assertEquals(emptyList(), events)
        assertFalse(visibility.inBackground)
    }

    @Test
    fun aFinishedActivityAndANewOneReportLeavingAndComingBack() {
        ReportingActivity.current = visibility
        // Back on Home closes the Activity; the process and its AppState live on.
        Robolectric.buildActivity(ReportingActivity::class.java).setup().pause().stop().destroy()
        assertTrue(visibility.inBackground)

        // The launcher icon starts a new Activity in the same process.
        Robolectric.buildActivity(ReportingActivity::class.java).setup()
        assertEquals(listOf("background", "foreground"), events)
    }
}
