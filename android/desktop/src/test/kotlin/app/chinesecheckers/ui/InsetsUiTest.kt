package app.chinesecheckers.ui

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.material3.Button
import androidx.compose.material3.Text
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SkikoComposeUiTest
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performTextReplacement
import app.chinesecheckers.ui.strings.ThemeChoice
import okhttp3.WebSocket
import okhttp3.WebSocketListener
import okhttp3.mockwebserver.MockResponse
import okhttp3.mockwebserver.MockWebServer
import org.junit.After
import org.junit.Assert.assertTrue
import org.junit.Test

/**
 * Every screen at phone, landscape phone and tablet sizes with the system's bars, cut-out and
 * keyboard simulated (a desktop JVM has none): nothing a person reads or taps lies under them, and
 * a focused text field shows above the keyboard. The screenshots (`insets-*`) draw those areas
 * over the screen. Online play talks to a scripted server with ratings, finished games (the
 * records), a lobby and games to watch, so that every part of the online screen is shown.
 */
@OptIn(ExperimentalTestApi::class)
class InsetsUiTest {
    private val server = MockWebServer()

    @After
    fun stop() {
        server.shutdown()
    }

    private fun scriptServer(): String {
        server.enqueue(
            MockResponse().withWebSocketUpgrade(object : WebSocketListener() {
                override fun onMessage(webSocket: WebSocket, text: String) {
                    when {
                        text.contains("\"type\":\"hello\"") ->
                            webSocket.send("""{"type":"welcome","v":2,"name":"Ann","games":[]}""")
                        text.contains("\"type\":\"ratings\"") -> webSocket.send(
                            """{"type":"ratings","ratings":[{"rule_set":"tripot","rating":1534.6,"rd":201.2,"games":3}]}""",
                        )
                        text.contains("\"type\":\"list_games\"") -> webSocket.send(
                            """{"type":"games","games":[""" +
                                """{"game":"g1","format":"classic","players":["Ann","Bob"],"side":0,"result":{"winner":0,"reason":"resign"},"ended_ms":${System.currentTimeMillis()}},""" +
                                """{"game":"g0","format":"tripot2","players":["Cy","Ann"],"side":1,"result":{"winner":0,"reason":"win"},"ended_ms":1700000000000}]}""",
                        )
                        text.contains("\"type\":\"watch_games\"") -> webSocket.send(
                            """{"type":"live_games","games":[{"game":"g5","format":"sternhalma2","players":["Dee","Eve"],"ply":12}]}""",
                        )
                        text.contains("\"type\":\"spectate\"") -> webSocket.send(
                            """{"type":"sync","snapshot":{"game":"g5","seq":1,"side":0,"format":"sternhalma2","players":["Dee","Eve"],""" +
                                """"moves":[],"draw_offer":null,"connected":[true,true],"rematch":[false,false],"rematch_game":null,"result":null}}""",
                        )
                    }
                }

                override fun onClosing(webSocket: WebSocket, code: Int, reason: String) {
                    webSocket.close(1000, null)
                }
            }),
        )
        server.start()
        return "ws://${server.hostName}:${server.port}/ws"
    }

    /** Clicks [tag], then checks (and pictures, when [shot] is given) the screen it leads to. */
    private fun SkikoComposeUiTest.visit(insets: SimulatedInsets, tag: String?, what: String, shot: String? = null) {
        if (tag != null) click(tag)
        assertClearOfInsets(insets, what)
        if (shot != null) insetsScreenshot(insets, shot)
    }

    /** Focuses the field [tag] with the keyboard up (and [typed] in it), checks the screen, then puts the keyboard away. */
    private fun SkikoComposeUiTest.withKeyboard(insets: SimulatedInsets, tag: String, what: String, shot: String? = null, typed: String? = null) {
        focusField(insets, tag)
        if (typed != null) {
            tag(tag).performTextReplacement(typed)
            waitForIdle()
        }
        assertFocusedFieldAboveKeyboard(insets, what)
        assertClearOfInsets(insets, what)
        if (shot != null) insetsScreenshot(insets, shot)
        insets.keyboardUp = false
        waitForIdle()
    }

    private fun everyScreen(device: InsetsDevice) = insetsTest(device) { insets ->
        val app = AppState(testPlatform(), today = screenshotToday)
        app.settings.update { it.copy(theme = ThemeChoice.Light, displayName = "Ann", serverAddress = scriptServer()) }
        setContent {
            CompositionLocalProvider(LocalAppInsets provides insets.appInsets) { ChineseCheckersApp(app) }
        }
        visit(insets, null, "Home", "insets-home")

        visit(insets, "solo", "New game", "insets-new-game")
        visit(insets, "start", "Board (solo)")
        // The opponent's answer in, then a peg of ours picked: lit holes and every control shown.
        waitUntil(timeoutMillis = 30_000) { !gameOf(app).aiToMove && gameOf(app).thinking == null }
        val (from, _) = findStep(app)
        tapHole(from)
        visit(insets, null, "Board (solo) with a peg picked", "insets-board")
        click("resign")
        click("confirmResign")
        waitUntil(timeoutMillis = 10_000) { exists("gameOver") }
        visit(insets, null, "Board: the game-over dialog")
        click("gameOverHome")

        visit(insets, "online", "Online")
        waitUntil(timeoutMillis = 30_000) { exists("ratings") }
        visit(insets, "yourGames", "Online: your games")
        waitUntil(timeoutMillis = 10_000) { exists("pastGame:g1") }
        // The records in the picture, on a short landscape screen too.
        tag("pastGame:g0").performScrollTo()
        visit(insets, null, "Online: your games listed", "insets-online")
        withKeyboard(insets, "roomCodeInput", "Online: room code", "insets-room-code", typed = "ABCD2345")
        click("watchGames")
        waitUntil(timeoutMillis = 10_000) { exists("liveGame:g5") }
        withKeyboard(insets, "watchCodeInput", "Online: watch with a code")
        // A watched game: the spectator's bar above the board, the insets padded once around both.
        click("liveGame:g5")
        waitUntil(timeoutMillis = 10_000) { exists("watching") && exists("board") }
        visit(insets, null, "Online: watching a game")
        // Where the board's Home sits from the bar: the same with and without the system areas
        // (the board padded for them again would sit a status bar lower, a cut-out further in).
        fun homeFromBar(): Offset {
            val bar = tag("watching").fetchSemanticsNode().boundsInWindow
            val home = tag("home").fetchSemanticsNode().boundsInWindow
            return Offset(home.left - bar.left, home.top - tag("stopWatching").fetchSemanticsNode().boundsInWindow.bottom)
        }
        val withAreas = homeFromBar()
        insets.systemAreasShown = false
        waitForIdle()
        val without = homeFromBar()
        insets.systemAreasShown = true
        waitForIdle()
        assertTrue("the watched board is padded twice: Home at $withAreas from the bar, $without without the system areas", (withAreas - without).getDistance() < 1f)
        click("stopWatching")
        waitUntil(timeoutMillis = 10_000) { exists("quickMatch") }
        click("back")

        visit(insets, "settings", "Settings")
        withKeyboard(insets, "displayName", "Settings: display name")
        click("advanced")
        // A fixed address in the picture (the scripted server's port changes from run to run).
        withKeyboard(insets, "serverAddress", "Settings: server address", "insets-settings-keyboard", typed = "ws://192.168.1.20:8080/ws")
        click("back")

        visit(insets, "rules", "Rules", "insets-rules")
        click("back")
        visit(insets, "statistics", "Statistics", "insets-statistics")
        click("back")
        visit(insets, "learn", "Lessons")
        visit(insets, "lesson:tripot-moves", "A lesson", "insets-lesson")
        app.close()
    }

    @Test
    fun everyScreenKeepsClearOfTheBarsAndTheKeyboardOnAPhone() = everyScreen(InsetsDevice.Phone)

    @Test
    fun everyScreenKeepsClearOfTheBarsCutOutAndKeyboardOnALandscapePhone() = everyScreen(InsetsDevice.Landscape)

    @Test
    fun everyScreenKeepsClearOfTheBarsAndTheKeyboardOnATablet() = everyScreen(InsetsDevice.Tablet)

    /** The check itself: a button at the top of a window that ignores the insets is found under the status bar. */
    @Test
    fun theCheckFindsAButtonThatIgnoresTheInsets() = insetsTest(InsetsDevice.Phone) { insets ->
        setContent {
            CompositionLocalProvider(LocalAppInsets provides insets.appInsets) {
                Column(Modifier.fillMaxSize()) { Button(onClick = {}) { Text("Under the status bar") } }
            }
        }
        val error = runCatching { assertClearOfInsets(insets, "unpadded") }.exceptionOrNull()
        assertTrue("the check let a button under the status bar pass", error is AssertionError && "Under the status bar" in error.message!!)
    }
}
