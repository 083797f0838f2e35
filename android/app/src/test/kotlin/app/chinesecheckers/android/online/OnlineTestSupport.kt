package app.chinesecheckers.android.online

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.click
import app.chinesecheckers.android.tag
import app.chinesecheckers.core.OnlineState
import app.chinesecheckers.ui.AppState
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/** The core's online state of [app] (the app under test or a second device); null before it connects. */
fun online(app: AppState): OnlineState? = app.online.state.value.online

/** What a failed wait shows of [app]'s online state. */
fun describe(app: AppState): String = online(app)?.let {
    "connection=${it.connection} searching=${it.searching} table=${it.table} room=${it.room} spectating=${it.spectating} " +
        "lastError=${it.lastError} banner=${it.board.banner} game=${it.game} ui error=${app.online.state.value.error}; ${app.online.diagnostics()}"
} ?: "not connected"

/** The text of the node tagged [t]. */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.text(t: String): String =
    tag(t).fetchSemanticsNode().config[SemanticsProperties.Text].joinToString("") { it.text }

/**
 * The app under test on its online screen, talking to the server at [address] (a `ws://` URL) as
 * "Ann": the settings as the player would have set them, then the screen opened as Home's
 * "Online" button does (its screen connects when it shows).
 */
@OptIn(ExperimentalTestApi::class)
fun RunningApp.openOnline(address: String, name: String = "Ann") {
    app.settings.update { it.copy(displayName = name, serverAddress = address) }
    click("online")
}

/** The frames the app sent a [ScriptedServer], in order; [next] takes them one by one. */
class SentFrames {
    private val queue = LinkedBlockingQueue<String>()
    private val all = java.util.Collections.synchronizedList(mutableListOf<String>())

    /** Records a frame the app sent (call it from the server's script). */
    fun add(frame: String) {
        queue.add(frame)
        all.add(frame)
    }

    /** Every frame sent so far. */
    fun all(): List<String> = synchronized(all) { all.toList() }

    /** The oldest frame sent not taken yet, or null. */
    fun poll(): String? = queue.poll()

    override fun toString(): String = all().toString()
}

/**
 * The next frame of [type] the app sent to [frames]' server, skipping others; fails after 10 s. It
 * waits with the main looper running: the app may send from it (a presenter's event, a coroutine
 * on the main dispatcher), which a blocking wait on the test thread would hold back.
 */
@OptIn(androidx.compose.ui.test.ExperimentalTestApi::class)
fun androidx.compose.ui.test.ComposeUiTest.awaitSent(frames: SentFrames, type: String): String {
    var found: String? = null
    waitUntil("a $type frame sent (sent: $frames)", 10_000) {
        while (found == null) {
            val frame = frames.poll() ?: break
            if (frame.contains("\"type\":\"$type\"")) found = frame
        }
        found != null
    }
    return checkNotNull(found)
}
