package app.chinesecheckers.android.insets

import androidx.activity.compose.setContent
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.material3.Button
import androidx.compose.material3.Text
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performTextReplacement
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.ScriptedServer
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.findStep
import app.chinesecheckers.android.game
import app.chinesecheckers.android.tag
import app.chinesecheckers.android.tapHole
import app.chinesecheckers.ui.strings.ThemeChoice
import org.junit.After
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * Every screen at phone, landscape phone and tablet sizes with the system's bars, cut-out and
 * keyboard reported to the real Activity's window as Android reports them ([SystemAreas]: window
 * insets given to the decor view, which the framework hands down to Compose's own insets; the
 * keyboard rising when the app asks the input method for it): nothing a person reads or taps lies
 * under them, and a focused text field shows above the keyboard. Online play talks to a scripted
 * server with ratings, finished games (the records), a lobby and games to watch, so that every
 * part of the online screen is shown. Two goldens draw those areas over the screen.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class InsetsUiTest {
    private val server = ScriptedServer { socket, text ->
        when {
            text.contains("\"type\":\"hello\"") ->
                socket.send("""{"type":"welcome","v":2,"name":"Ann","games":[]}""")
            text.contains("\"type\":\"ratings\"") -> socket.send(
                """{"type":"ratings","ratings":[{"rule_set":"tripot","rating":1534.6,"rd":201.2,"games":3}]}""",
            )
            text.contains("\"type\":\"list_games\"") -> socket.send(
                """{"type":"games","games":[""" +
                    """{"game":"g1","format":"classic","players":["Ann","Bob"],"side":0,"result":{"winner":0,"reason":"resign"},"ended_ms":${System.currentTimeMillis()}},""" +
                    """{"game":"g0","format":"tripot2","players":["Cy","Ann"],"side":1,"result":{"winner":0,"reason":"win"},"ended_ms":1700000000000}]}""",
            )
            text.contains("\"type\":\"watch_games\"") -> socket.send(
                """{"type":"live_games","games":[{"game":"g5","format":"sternhalma2","players":["Dee","Eve"],"ply":12}]}""",
            )
            text.contains("\"type\":\"spectate\"") -> socket.send(
                """{"type":"sync","snapshot":{"game":"g5","seq":1,"side":0,"format":"sternhalma2","players":["Dee","Eve"],""" +
                    """"moves":[],"draw_offer":null,"connected":[true,true],"rematch":[false,false],"rematch_game":null,"result":null}}""",
            )
        }
    }

    @After
    fun stop() = server.stop()

    /** Runs [block] on the real Activity at [device]'s window, its system areas reported to it. */
    private fun insetsTest(device: InsetsDevice, block: RunningApp.(SystemAreas) -> Unit) = appTest(device = device.device) {
        val areas = SystemAreas(device) { activity }
        areas.install()
        waitForIdle()
        block(areas)
    }

    /** Clicks [tag], then checks (and pictures, when [golden] is given) the screen it leads to. */
    private fun RunningApp.visit(areas: SystemAreas, tag: String?, what: String, golden: String? = null) {
        if (tag != null) click(tag)
        assertClearOfInsets(areas, what)
        if (golden != null) insetsSnapshot(areas, golden)
    }

    /**
     * Focuses the field [tag] (the keyboard rises) with [typed] in it, checks the screen, then
     * puts the keyboard away.
     */
    private fun RunningApp.withKeyboard(areas: SystemAreas, tag: String, what: String, golden: String? = null, typed: String? = null) {
        focusField(areas, tag)
        if (typed != null) {
            tag(tag).performTextReplacement(typed)
            waitForIdle()
        }
        assertFocusedFieldAboveKeyboard(areas, what)
        assertClearOfInsets(areas, what)
        if (golden != null) insetsSnapshot(areas, golden)
        areas.hideKeyboard()
        waitUntil("the keyboard down after $what", 5_000) { !areas.keyboardUp }
        waitForIdle()
    }

    /** Every screen at [device]; [goldens] names the pictures it takes (of the board, of Settings with the keyboard up). */
    private fun everyScreen(device: InsetsDevice, goldens: Set<String> = emptySet()) = insetsTest(device) { areas ->
        fun golden(name: String) = name.takeIf { it in goldens }
        app.settings.update { it.copy(theme = ThemeChoice.Light, displayName = "Ann", serverAddress = server.start()) }
        waitForIdle()
        visit(areas, null, "Home")

        visit(areas, "solo", "New game")
        visit(areas, "start", "Board (solo)")
        // The opponent's answer in, then a peg of ours picked: lit holes and every control shown.
        waitUntil("the opponent's answer", 30_000) { !game().aiToMove && game().thinking == null }
        val (from, _) = findStep()
        tapHole(from)
        visit(areas, null, "Board (solo) with a peg picked", golden("insets-board-landscape"))
        click("resign")
        click("confirmResign")
        waitUntil("the game-over dialog", 10_000) { exists("gameOver") }
        visit(areas, null, "Board: the game-over dialog")
        click("gameOverHome")

        visit(areas, "online", "Online")
        waitUntil("the ratings", 30_000) { exists("ratings") }
        visit(areas, "yourGames", "Online: your games")
        waitUntil("the finished games", 10_000) { exists("pastGame:g1") }
        // The records on screen, on a short landscape screen too.
        tag("pastGame:g0").performScrollTo()
        visit(areas, null, "Online: your games listed")
        withKeyboard(areas, "roomCodeInput", "Online: room code", typed = "ABCD2345")
        click("watchGames")
        waitUntil("the live games", 10_000) { exists("liveGame:g5") }
        withKeyboard(areas, "watchCodeInput", "Online: watch with a code")
        // A watched game: the spectator's bar above the board, the insets padded once around both.
        click("liveGame:g5")
        waitUntil("the watched game", 10_000) { exists("watching") && exists("board") }
        visit(areas, null, "Online: watching a game")
        // Where the board's Home sits from the bar: the same with and without the system areas
        // (the board padded for them again would sit a status bar lower, a cut-out further in).
        fun homeFromBar(): Offset {
            val bar = tag("watching").fetchSemanticsNode().boundsInWindow
            val home = tag("home").fetchSemanticsNode().boundsInWindow
            return Offset(home.left - bar.left, home.top - tag("stopWatching").fetchSemanticsNode().boundsInWindow.bottom)
        }
        val withAreas = homeFromBar()
        areas.systemAreasShown = false
        waitForIdle()
        val without = homeFromBar()
        areas.systemAreasShown = true
        waitForIdle()
        assertTrue("the watched board is padded twice: Home at $withAreas from the bar, $without without the system areas", (withAreas - without).getDistance() < 1f)
        click("stopWatching")
        waitUntil("the lobby", 10_000) { exists("quickMatch") }
        click("back")

        visit(areas, "settings", "Settings")
        withKeyboard(areas, "displayName", "Settings: display name")
        click("advanced")
        // A fixed address in the picture (the scripted server's port changes from run to run).
        withKeyboard(
            areas, "serverAddress", "Settings: server address",
            golden("insets-settings-keyboard-phone"), typed = "ws://192.168.1.20:8080/ws",
        )
        click("back")

        visit(areas, "rules", "Rules")
        click("back")
        visit(areas, "statistics", "Statistics")
        click("back")
        visit(areas, "learn", "Lessons")
        visit(areas, "lesson:tripot-moves", "A lesson")
    }

    @Test
    fun everyScreenKeepsClearOfTheBarsAndTheKeyboardOnAPhone() = everyScreen(InsetsDevice.Phone, goldens = setOf("insets-settings-keyboard-phone"))

    @Test
    fun everyScreenKeepsClearOfTheBarsCutOutAndKeyboardOnALandscapePhone() = everyScreen(InsetsDevice.Landscape, goldens = setOf("insets-board-landscape"))

    @Test
    fun everyScreenKeepsClearOfTheBarsAndTheKeyboardOnATablet() = everyScreen(InsetsDevice.Tablet)

    /**
     * The check itself: a button at the top of the Activity's window that ignores the insets is
     * found under the status bar.
     */
    @Test
    fun theCheckFindsAButtonThatIgnoresTheInsets() = insetsTest(InsetsDevice.Phone) { areas ->
        activity.setContent {
            Column(Modifier.fillMaxSize()) { Button(onClick = {}) { Text("Under the status bar") } }
        }
        waitForIdle()
        val error = runCatching { assertClearOfInsets(areas, "unpadded") }.exceptionOrNull()
        assertTrue("the check let a button under the status bar pass: $error", error is AssertionError && "Under the status bar" in error.message!!)
    }
}
