package app.chinesecheckers.android.play

import android.content.Intent
import android.provider.Settings
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.v2.runAndroidComposeUiTest
import androidx.test.core.app.ApplicationProvider
import app.chinesecheckers.android.ChineseCheckersApplication
import app.chinesecheckers.android.Device
import app.chinesecheckers.android.MainActivity
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.gamesDir
import app.chinesecheckers.android.tag
import app.chinesecheckers.ui.AppState
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf
import java.io.BufferedInputStream
import java.io.ByteArrayOutputStream
import java.io.File
import java.io.InputStream
import java.io.OutputStream
import java.net.InetAddress
import java.net.ServerSocket
import java.net.Socket
import java.security.MessageDigest
import java.util.Base64
import java.util.concurrent.CopyOnWriteArrayList
import kotlin.concurrent.thread

/** The words of the node tagged [tag] (its Text, joined). */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.text(tag: String): String =
    tag(tag).fetchSemanticsNode().config.getOrElse(SemanticsProperties.Text) { emptyList() }.joinToString("") { it.text }

/**
 * The app's next start over the same files (the settings and the library kept): a second
 * AppState on the saved-games directory, handed to [read] and closed after.
 */
fun <T> RunningApp.nextStart(read: (AppState) -> T): T {
    val next = AppState(app.platform)
    return try {
        read(next)
    } finally {
        next.close()
    }
}

/**
 * [app.chinesecheckers.android.appTest] with the app's date given by [today], read each time
 * the app asks (appTest pins it to SCREENSHOT_DAY before the AppState is made, so a test of a
 * date that changes while the app runs needs its own). The rest is appTest's.
 */
@OptIn(ExperimentalTestApi::class)
fun datedAppTest(
    today: () -> Long,
    device: Device = Device.Phone,
    reducedMotion: Boolean = false,
    block: RunningApp.() -> Unit,
) {
    RuntimeEnvironment.setQualifiers(device.qualifiers())
    RuntimeEnvironment.setFontScale(1f)
    val application = ApplicationProvider.getApplicationContext<ChineseCheckersApplication>()
    Settings.Global.putFloat(application.contentResolver, Settings.Global.ANIMATOR_DURATION_SCALE, if (reducedMotion) 0f else 1f)
    val games = gamesDir().apply { mkdirs() }
    File(games, "settings.properties").writeText("learnOffered=true\n")
    application.today = today
    try {
        runAndroidComposeUiTest<MainActivity> {
            RunningApp(this, application).block()
        }
    } finally {
        application.appState.close()
    }
}

/**
 * The text the app hands to the system's share sheet (AndroidPlatform.share starts a chooser
 * around an ACTION_SEND), waited for with the UI running: the app may share from another thread
 * (a download's arrival on OkHttp's). Null when it started none within [timeoutMs].
 */
@OptIn(ExperimentalTestApi::class)
fun RunningApp.awaitSharedText(timeoutMs: Long = 10_000): String? {
    val shadow = shadowOf(application)
    runCatching { waitUntil("the share sheet started", timeoutMs) { shadow.peekNextStartedActivity() != null } }
    val started = shadow.nextStartedActivity ?: return null
    check(started.action == Intent.ACTION_CHOOSER) { "not the share sheet: $started" }
    val send = checkNotNull(started.getParcelableExtra(Intent.EXTRA_INTENT, Intent::class.java)) { "a chooser without its intent" }
    check(send.action == Intent.ACTION_SEND && send.type == "text/plain") { "not a plain-text send: $send" }
    return send.getStringExtra(Intent.EXTRA_TEXT)
}

/**
 * A scripted game server on 127.0.0.1: a WebSocket endpoint that hands every text frame the app
 * sends to [onMessage] with the socket to answer on (the protocol's own frames, so that the core
 * reads them as it would the real server's), and records them in order. It stands in for
 * OkHttp's MockWebServer of the desktop tests (not on the framework suite's class path): only
 * what a WebSocket needs, RFC 6455's handshake, text, ping and close frames. Pings are answered
 * (OkHttp's keep-alive), every connection is accepted (a reconnect finds it too).
 */
class ScriptedServer(private val onMessage: (ScriptedSocket, String) -> Unit) {
    private val server = ServerSocket(0, 50, InetAddress.getLoopbackAddress())
    private val sockets = CopyOnWriteArrayList<Socket>()

    /** Every text frame the app sent, in order. */
    val received = CopyOnWriteArrayList<String>()

    /** How many of [received] [nextFrame] has gone past. */
    private var read = 0

    /** The server's end of the app's latest connection, to send frames later. */
    @Volatile
    var last: ScriptedSocket? = null
        private set

    /** The address for the app's server setting. */
    val url: String = "ws://127.0.0.1:${server.localPort}/ws"

    init {
        thread(isDaemon = true, name = "scripted-server") {
            while (!server.isClosed) {
                val socket = runCatching { server.accept() }.getOrNull() ?: break
                sockets += socket
                thread(isDaemon = true, name = "scripted-socket") { serve(socket) }
            }
        }
    }

    /**
     * The next frame the app sent of [type] (`"type":"…"`), skipping others, waited for with the
     * UI running ([ComposeUiTest.waitUntil]: the app may send from the main thread); null after
     * [timeoutMs].
     */
    @OptIn(ExperimentalTestApi::class)
    fun nextFrame(test: ComposeUiTest, type: String, timeoutMs: Long = 10_000): String? {
        var found: String? = null
        runCatching {
            test.waitUntil("a $type frame", timeoutMs) {
                while (found == null && read < received.size) {
                    val frame = received[read++]
                    if (frame.contains("\"type\":\"$type\"")) found = frame
                }
                found != null
            }
        }
        return found
    }

    /** Closes every connection and stops listening. */
    fun stop() {
        runCatching { server.close() }
        for (s in sockets) runCatching { s.close() }
    }

    private fun serve(socket: Socket) {
        runCatching {
            val input = BufferedInputStream(socket.getInputStream())
            val output = socket.getOutputStream()
            handshake(input, output)
            val ws = ScriptedSocket(output)
            last = ws
            val message = ByteArrayOutputStream()
            while (true) {
                val (opcode, fin, payload) = readFrame(input) ?: break
                when (opcode) {
                    0x0, 0x1 -> {
                        message.write(payload)
                        if (fin) {
                            val text = message.toString(Charsets.UTF_8)
                            message.reset()
                            received += text
                            onMessage(ws, text)
                        }
                    }
                    0x8 -> {
                        ws.frame(0x8, payload)
                        break
                    }
                    0x9 -> ws.frame(0xA, payload)
                }
            }
        }
        runCatching { socket.close() }
    }

    private fun handshake(input: InputStream, output: OutputStream) {
        var key: String? = null
        while (true) {
            val line = readLine(input)
            if (line.isEmpty()) break
            val colon = line.indexOf(':')
            if (colon > 0 && line.substring(0, colon).trim().equals("Sec-WebSocket-Key", ignoreCase = true)) {
                key = line.substring(colon + 1).trim()
            }
        }
        val accept = Base64.getEncoder().encodeToString(
            MessageDigest.getInstance("SHA-1").digest((checkNotNull(key) { "not a WebSocket upgrade" } + WS_GUID).toByteArray()),
        )
        output.write(
            ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
                "Sec-WebSocket-Accept: $accept\r\n\r\n").toByteArray(),
        )
        output.flush()
    }

    private fun readLine(input: InputStream): String {
        val line = StringBuilder()
        while (true) {
            val c = input.read()
            check(c >= 0) { "the connection closed during the handshake" }
            if (c == '\n'.code) return line.toString().trimEnd('\r')
            line.append(c.toChar())
        }
    }

    /** One frame from the app (masked, as a client's are): its opcode, FIN bit and payload; null at the end. */
    private fun readFrame(input: InputStream): Triple<Int, Boolean, ByteArray>? {
        val b0 = input.read()
        if (b0 < 0) return null
        val b1 = input.read()
        if (b1 < 0) return null
        var length = (b1 and 0x7F).toLong()
        if (length == 126L) length = ((input.read() shl 8) or input.read()).toLong()
        else if (length == 127L) length = (0 until 8).fold(0L) { acc, _ -> (acc shl 8) or input.read().toLong() }
        val mask = if (b1 and 0x80 != 0) input.readNBytes(4) else null
        val payload = input.readNBytes(length.toInt())
        if (payload.size.toLong() != length) return null
        if (mask != null) for (i in payload.indices) payload[i] = (payload[i].toInt() xor mask[i % 4].toInt()).toByte()
        return Triple(b0 and 0x0F, b0 and 0x80 != 0, payload)
    }

    private companion object {
        const val WS_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
    }
}

/** The server's end of one of the app's connections. */
class ScriptedSocket(private val output: OutputStream) {
    /** Sends a text frame. */
    fun send(text: String) = frame(0x1, text.toByteArray(Charsets.UTF_8))

    /** Sends one unmasked frame (a server's). */
    @Synchronized
    fun frame(opcode: Int, payload: ByteArray) {
        runCatching {
            output.write(0x80 or opcode)
            when {
                payload.size < 126 -> output.write(payload.size)
                payload.size < 65_536 -> {
                    output.write(126)
                    output.write(payload.size shr 8)
                    output.write(payload.size and 0xFF)
                }
                else -> {
                    output.write(127)
                    for (shift in 56 downTo 0 step 8) output.write(((payload.size.toLong() shr shift) and 0xFF).toInt())
                }
            }
            output.write(payload)
            output.flush()
        }
    }
}
