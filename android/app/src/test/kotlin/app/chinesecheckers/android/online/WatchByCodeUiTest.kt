package app.chinesecheckers.android.online

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.performTextClearance
import androidx.compose.ui.test.performTextInput
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.TestServer
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.awaitTrue
import app.chinesecheckers.android.click
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.findStep
import app.chinesecheckers.android.onlineDevice
import app.chinesecheckers.android.snapshot
import app.chinesecheckers.android.tag
import app.chinesecheckers.android.useServer
import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.ErrorCode
import app.chinesecheckers.ui.Screen
import app.chinesecheckers.ui.board.BoardEvent
import app.chinesecheckers.ui.online.OnlineEvent
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * "Watch with a code" through the real server on 127.0.0.1: Ann and Bob (two devices without a
 * screen) play a private room's game; Eve, the app under test, on the "Watch a game" screen,
 * types a wrong code (told there is no game with it, until she edits the code), then the room's
 * code as a friend would pass it on (lower case, a dash), and watches their game read-only, its
 * moves arriving as they are played.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class WatchByCodeUiTest {
    private val server = TestServer()

    @After
    fun stopServer() = server.stop()

    @Test
    fun aPrivateRoomsGameIsWatchedWithTheRoomCodeAlone() = appTest(device = Device.TabletPortrait) {
        val address = server.start()
        val ann = onlineDevice("Ann", address)
        val bob = onlineDevice("Bob", address)
        try {
            // Ann's and Bob's devices have no screen: their states change on the network's
            // threads, not the main looper, so they are awaited as they are.
            for (a in listOf(ann, bob)) {
                a.navigate(Screen.Online)
                a.online.connect()
            }
            awaitTrue("Ann and Bob connected") { listOf(ann, bob).all { online(it)?.connection == Connection.CONNECTED } }
            ann.online.onEvent(OnlineEvent.CreateRoom)
            awaitTrue("room code", describe = { describe(ann) }) { online(ann)?.room != null }
            val code = online(ann)!!.room!!.code
            bob.online.onEvent(OnlineEvent.RoomCodeChanged(code))
            bob.online.onEvent(OnlineEvent.JoinRoom)
            awaitTrue("the room's game", describe = { describe(ann) }) { online(ann)?.game != null && online(bob)?.game != null }
            val game = online(ann)!!.game!!.id

            val eve = app
            useServer(address, name = "Eve")
            click("online")
            waitUntil("Eve connected", 30_000) { exists("watchGames") && online(eve)?.connection == Connection.CONNECTED }
            click("watchGames")
            // The room's game is private: not in the list.
            waitUntil("the empty list", 10_000) { exists("noLiveGames") }

            // A wrong code (well formed): no game with that code, and Eve stays on the lobby screen.
            // A fixed one (not the room's random code), so that the picture is the same every run.
            val wrong = if (code != "ABCD2345") "ABCD2345" else "ABCD2346"
            tag("watchCodeInput").performTextInput(wrong)
            click("watchWithCode")
            waitUntil("the refusal", 10_000) { exists("watchCodeError") }
            assertEquals(ErrorCode.GAME_NOT_FOUND, online(eve)!!.lastError)
            assertFalse(online(eve)!!.spectating)
            tag("watchCodeError").assertTextEquals("No game is being played with that code.")
            assertFalse("said once, under the field", exists("serverError"))
            assertTrue(exists("quickMatch"))
            snapshot("online-watch-code")

            // Editing the code takes the message away: it was about the code sent, not the one typed
            // now (and nothing else words the refusal instead).
            tag("watchCodeInput").performTextClearance()
            waitForIdle()
            assertFalse("the message goes with the edit", exists("watchCodeError"))
            assertFalse(exists("serverError"))
            assertFalse(eve.online.state.value.watchCodeNotFound)
            val wrong2 = (if (code.startsWith("4")) "5" else "4") + code.drop(1)
            tag("watchCodeInput").performTextInput(wrong2)
            waitForIdle()
            assertFalse("another code, not sent yet", exists("watchCodeError"))
            // Sent, it is refused, and said again.
            click("watchWithCode")
            waitUntil("the refusal again", 10_000) { exists("watchCodeError") }
            // Another request of the lobby: the refusal was the code's, and is not worded again
            // under the lobby as a game that ended.
            eve.online.onEvent(OnlineEvent.WatchGames)
            waitForIdle()
            assertFalse("the message goes with another request", exists("watchCodeError"))
            assertFalse("and nothing words it instead", exists("serverError"))
            assertEquals(null, online(eve)!!.lastError)
            click("watchWithCode")
            waitUntil("the third refusal", 10_000) { exists("watchCodeError") }
            tag("watchCodeInput").performTextClearance()
            waitForIdle()
            assertFalse("cleared with the field", exists("watchCodeError"))

            // The room's code as a friend passes it on.
            tag("watchCodeInput").performTextInput(code.lowercase().chunked(4).joinToString("-"))
            waitForIdle()
            click("watchWithCode")
            waitUntil("watching the room's game", 10_000) { online(eve)?.game != null && exists("watching") && exists("board") }
            val watched = online(eve)!!
            assertTrue(watched.spectating)
            assertEquals(game, watched.game!!.id)
            tag("watching").assertTextEquals("Watching")
            assertFalse("a spectator resigns nothing", eve.online.board.value!!.state.value.game.capabilities.canResign)

            // A move of the players' arrives on Eve's board.
            val mover = if (online(ann)!!.board.toMove == online(ann)!!.game!!.side) ann else bob
            // The mover's board shows its turn (its presenter publishes the core's state a moment
            // after the online state has it): the move is found on the board's state.
            awaitTrue("the mover's board drawn", describe = { describe(mover) }) {
                mover.online.board.value?.state?.value?.game?.toMove == online(mover)!!.game!!.side
            }
            val presenter = checkNotNull(mover.online.board.value)
            val (from, to) = findStep(presenter)
            presenter.onEvent(BoardEvent.TapHole(from.q, from.r))
            presenter.onEvent(BoardEvent.TapHole(to.q, to.r))
            waitUntil("Eve sees the move", 30_000) { online(eve)!!.board.history.size == 1 }
            // The other player hears of it from the server too, maybe after Eve.
            awaitTrue("both players have the move", describe = { describe(ann) + "; " + describe(bob) }) {
                online(ann)!!.board.history.size == 1 && online(bob)!!.board.history.size == 1
            }
            assertEquals(online(ann)!!.board.holes, online(eve)!!.board.holes)

            click("stopWatching")
            waitUntil("the lobby again", 10_000) { !exists("watching") && exists("quickMatch") }
            assertFalse(online(eve)!!.spectating)
        } finally {
            ann.close()
            bob.close()
        }
    }
}
