@file:OptIn(androidx.compose.ui.test.ExperimentalTestApi::class)

package app.chinesecheckers.android

import android.app.Application
import android.content.Context
import android.os.Bundle
import android.provider.Settings
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.v2.runEmptyComposeUiTest
import androidx.test.core.app.ApplicationProvider
import app.chinesecheckers.core.Coord
import app.chinesecheckers.core.GameState
import app.chinesecheckers.core.LocalGame
import app.chinesecheckers.core.positionFromJson
import app.chinesecheckers.ui.AppState
import app.chinesecheckers.ui.board.BoardMode
import org.robolectric.Robolectric
import org.robolectric.RuntimeEnvironment
import org.robolectric.android.controller.ActivityController
import org.robolectric.util.ReflectionHelpers
import org.robolectric.util.ReflectionHelpers.ClassParameter
import java.io.File

/**
 * A tripot position where the person's peg at 0,0 has a chain: 0,0 → 0,-2 → 2,-4 (then End jump,
 * or on); an AI (the Beginner) plays the other side in [BoardMode.Solo], a second person in
 * pass and play. Kept in the library like any game (which lists it from its first move on).
 */
fun ComposeUiTest.startChainGame(app: AppState, mode: BoardMode = BoardMode.Solo) {
    val position = positionFromJson(
        """{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
        "pegs":{"S":[[0,0],[0,4]],"N":[[0,-1],[1,-3],[4,-8]]},"to_move":0}""",
    )
    val game = LocalGame.fromPosition(position, listOf(person(), if (mode == BoardMode.Solo) ai() else person()), 0L)
    checkNotNull(app.library) { "no library" }.keepLocal(game, true)
    app.showLocal(game.game(), mode)
    waitForIdle()
}

/** The chain's first hop played by taps: the peg at 0,0 and the hole 0,-2. */
fun ComposeUiTest.hopOnce(app: AppState) {
    tapHole(Coord(0, 0))
    tapHole(Coord(0, -2))
    val chain = checkNotNull(app.board.value).state.value.game.chain
    check(chain == listOf(Coord(0, 0), Coord(0, -2))) { "no chain in progress: $chain" }
}

/**
 * A configuration change as Android makes it: the new configuration ([qualifiers], Robolectric's
 * "+land", "+night", or a whole string; and/or [fontScale]) is the system's, and the Activity,
 * which declares no android:configChanges, is destroyed and created again with its saved state.
 * Returns the new Activity.
 */
@OptIn(ExperimentalTestApi::class)
fun RunningApp.changeConfiguration(qualifiers: String? = null, fontScale: Float? = null): MainActivity {
    val before = activity
    qualifiers?.let(RuntimeEnvironment::setQualifiers)
    fontScale?.let(RuntimeEnvironment::setFontScale)
    runOnUiThread { before.recreate() }
    waitUntil("the Activity recreated", 10_000) { compose.activity !== before && compose.activity != null }
    waitForIdle()
    return activity
}

/**
 * A test across the death of the app's process: [start] creates the real MainActivity of a fresh
 * process (Robolectric's Application of the test), [killAndComeBack] does what Android does to a
 * process the player left and comes back to. The Activities are driven by Robolectric's
 * controllers (the Compose rules find every Compose root of the process).
 */
@OptIn(ExperimentalTestApi::class)
class ProcessRun(val compose: ComposeUiTest) : ComposeUiTest by compose {
    /** The process's Application (a new one after [killAndComeBack]). */
    var application: ChineseCheckersApplication = RuntimeEnvironment.getApplication().app
        private set

    /** The Activity on screen. */
    lateinit var controller: ActivityController<MainActivity>
        private set

    /** The process's state. */
    val app: AppState get() = application.appState

    /** The game on the board. */
    fun game(): GameState = checkNotNull(app.board.value) { "no board shown" }.state.value.game

    /** Launches the app: the Activity created, started and resumed. */
    fun start() {
        application.today = { SCREENSHOT_DAY }
        startManifestProviders()
        runOnUiThread { controller = Robolectric.buildActivity(MainActivity::class.java).setup() }
        waitForIdle()
    }

    /**
     * The player leaves (the Activity pauses, saves its state and stops), Android kills the
     * process (nothing of it runs again: its searches stop here as dying stops them), then the
     * player comes back: a new process — a new [ChineseCheckersApplication] over the same files —
     * creates the Activity with the saved state.
     */
    fun killAndComeBack() {
        val saved = Bundle()
        runOnUiThread { controller.pause().saveInstanceState(saved).stop() }
        app.close()
        // The old Activity's views must leave the test's registry of Compose roots (a dead
        // process has none); the app does nothing of its own in onDestroy.
        runOnUiThread { controller.destroy() }

        val fresh = ChineseCheckersApplication()
        ReflectionHelpers.callInstanceMethod<Any>(
            fresh, "attach", ClassParameter.from(Context::class.java, application.baseContext),
        )
        RuntimeEnvironment.application = fresh
        application = fresh
        fresh.today = { SCREENSHOT_DAY }
        runOnUiThread {
            // A new process: its providers start, then the Application's onCreate, as on Android.
            startManifestProviders()
            fresh.onCreate()
            controller = Robolectric.buildActivity(MainActivity::class.java).setup(saved)
        }
        check(controller.get().application === fresh) { "the new Activity is not the new process's" }
        waitForIdle()
    }
}

/** [ProcessRun]'s test: the window of [device], the system's animations off (no glide to wait for). */
@OptIn(ExperimentalTestApi::class)
fun processTest(device: Device = Device.Phone, block: ProcessRun.() -> Unit) {
    RuntimeEnvironment.setQualifiers(device.qualifiers())
    val application = ApplicationProvider.getApplicationContext<ChineseCheckersApplication>()
    Settings.Global.putFloat(application.contentResolver, Settings.Global.ANIMATOR_DURATION_SCALE, 0f)
    File(gamesDir().apply { mkdirs() }, "settings.properties").writeText("learnOffered=true\n")
    runEmptyComposeUiTest {
        val run = ProcessRun(this)
        try {
            run.block()
        } finally {
            run.app.close()
        }
    }
}

/** The Application an Activity belongs to, as the app's. */
val Application.app: ChineseCheckersApplication get() = this as ChineseCheckersApplication
