package app.chinesecheckers.android

import androidx.compose.ui.test.ComposeTimeoutException
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import java.io.ByteArrayOutputStream
import java.io.EOFException
import java.io.IOException
import java.io.InputStream
import java.io.OutputStream
import java.net.InetAddress
import java.net.ServerSocket
import java.net.Socket
import java.security.MessageDigest
import java.util.Base64
import java.util.concurrent.CopyOnWriteArrayList
import kotlin.concurrent.thread

/**
 * A scripted WebSocket server on 127.0.0.1 for the online tests that need frames the real server
 * cannot be made to send (a timed game's clock, a half-filled table, a table of four with a
 * computer and an absent seat, games to watch, finished games and ratings): every text frame the
 * app sends is recorded ([received], [awaitSent]) and handed to [script] with the connection's
 * [ScriptedSocket], which answers with the protocol's own frames, so the core reads them as it
 * would the real server's. It stands in for OkHttp's MockWebServer, which the framework suite's
 * class path does not have: the WebSocket handshake and frames of RFC 6455 (text, close, ping), no
 * extensions. Every connection (a reconnection too) runs the same script.
 */
class ScriptedServer(private val script: (socket: ScriptedSocket, text: String) -> Unit) {
    private val listener = ServerSocket(0, 50, InetAddress.getLoopbackAddress())
    private val connections = CopyOnWriteArrayList<Socket>()

    @Volatile private var running = false

    /** Every text frame the app sent, in order (on every connection). */
    val received: List<String> get() = frames
    private val frames = CopyOnWriteArrayList<String>()

    /** How many of [received] [nextSent] has gone past. */
    private var taken = 0

    /** The server's end of the app's latest connection, to send frames later (null before the app connects). */
    @Volatile
    var last: ScriptedSocket? = null
        private set

    /** Starts accepting connections; returns the address the app connects to (`ws://127.0.0.1:port/ws`). */
    fun start(): String {
        running = true
        thread(isDaemon = true, name = "scripted-server") {
            while (running) {
                val socket = try {
                    listener.accept()
                } catch (e: IOException) {
                    break
                }
                connections += socket
                thread(isDaemon = true, name = "scripted-server-connection") { serve(socket) }
            }
        }
        return "ws://127.0.0.1:${listener.localPort}/ws"
    }

    /**
     * The oldest frame of [type] (`"type":"…"`) the app sent that no call took yet, the frames
     * before it skipped; null when none has come.
     */
    @Synchronized
    fun nextSent(type: String): String? {
        while (taken < received.size) {
            val frame = received[taken++]
            if (frame.contains("\"type\":\"$type\"")) return frame
        }
        return null
    }

    /** Closes the listener and every connection (call it from an `@After`). */
    fun stop() {
        running = false
        runCatching { listener.close() }
        for (c in connections) runCatching { c.close() }
    }

    private fun serve(socket: Socket) {
        try {
            val input = socket.getInputStream().buffered()
            val output = socket.getOutputStream()
            val key = readRequestHeaders(input)["sec-websocket-key"] ?: return
            val accept = Base64.getEncoder().encodeToString(
                MessageDigest.getInstance("SHA-1").digest((key + WEBSOCKET_GUID).toByteArray()),
            )
            output.write(
                ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
                    "Sec-WebSocket-Accept: $accept\r\n\r\n").toByteArray(),
            )
            output.flush()
            val ws = ScriptedSocket(output)
            last = ws
            val message = ByteArrayOutputStream()
            while (true) {
                val b0 = input.read()
                if (b0 < 0) break
                val b1 = input.readByte()
                val fin = b0 and 0x80 != 0
                val opcode = b0 and 0x0f
                var length = (b1 and 0x7f).toLong()
                if (length == 126L) length = input.readNumber(2) else if (length == 127L) length = input.readNumber(8)
                // Client frames are masked (RFC 6455 5.3).
                val mask = if (b1 and 0x80 != 0) input.readBytes(4) else null
                val payload = input.readBytes(length.toInt())
                if (mask != null) for (i in payload.indices) payload[i] = (payload[i].toInt() xor mask[i % 4].toInt()).toByte()
                when (opcode) {
                    0x0, 0x1 -> {
                        message.write(payload)
                        if (fin) {
                            val text = message.toString(Charsets.UTF_8)
                            message.reset()
                            frames += text
                            script(ws, text)
                        }
                    }
                    // The app closes: answer its close, as a server does, and end.
                    0x8 -> {
                        ws.frame(0x8, payload.copyOf(minOf(payload.size, 2)))
                        break
                    }
                    // OkHttp's keep-alive ping: a pong, or it gives the connection up.
                    0x9 -> ws.frame(0xA, payload)
                }
            }
        } catch (e: IOException) {
            // The connection ended (the app dropped it, or the server shut down).
        } finally {
            runCatching { socket.close() }
        }
    }

    private fun readRequestHeaders(input: InputStream): Map<String, String> {
        val head = ByteArrayOutputStream()
        while (!head.toString(Charsets.ISO_8859_1).endsWith("\r\n\r\n")) head.write(input.readByte())
        return head.toString(Charsets.ISO_8859_1).split("\r\n").drop(1)
            .mapNotNull { line -> line.indexOf(':').takeIf { it > 0 }?.let { line.substring(0, it).trim().lowercase() to line.substring(it + 1).trim() } }
            .toMap()
    }

    private fun InputStream.readByte(): Int = read().also { if (it < 0) throw EOFException() }

    private fun InputStream.readBytes(n: Int): ByteArray {
        val bytes = ByteArray(n)
        var read = 0
        while (read < n) {
            val r = read(bytes, read, n - read)
            if (r < 0) throw EOFException()
            read += r
        }
        return bytes
    }

    private fun InputStream.readNumber(bytes: Int): Long = readBytes(bytes).fold(0L) { acc, b -> (acc shl 8) or (b.toLong() and 0xff) }

    private companion object {
        const val WEBSOCKET_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
    }
}

/** One connection of a [ScriptedServer]: what the script sends the app. */
class ScriptedSocket internal constructor(private val output: OutputStream) {
    /** Sends the text frame [text] (unmasked, as a server's are). */
    fun send(text: String) = frame(0x1, text.toByteArray(Charsets.UTF_8))

    internal fun frame(opcode: Int, payload: ByteArray) = synchronized(this) {
        val header = ByteArrayOutputStream()
        header.write(0x80 or opcode)
        when {
            payload.size < 126 -> header.write(payload.size)
            payload.size < 65_536 -> {
                header.write(126)
                header.write(payload.size shr 8)
                header.write(payload.size and 0xff)
            }
            else -> {
                header.write(127)
                for (shift in 56 downTo 0 step 8) header.write(((payload.size.toLong() shr shift) and 0xff).toInt())
            }
        }
        output.write(header.toByteArray())
        output.write(payload)
        output.flush()
    }
}

/**
 * The next frame of [type] the app sent to [server] ([ScriptedServer.nextSent]), skipping others;
 * fails after [timeoutMs], with every frame sent. It waits with the main looper running: the app
 * may send from it (a presenter's event, a coroutine on the main dispatcher), which a blocking
 * wait on the test thread would hold back.
 */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.awaitSent(server: ScriptedServer, type: String, timeoutMs: Long = 10_000): String {
    var found: String? = null
    try {
        waitUntil("a $type frame sent", timeoutMs) {
            found = found ?: server.nextSent(type)
            found != null
        }
    } catch (e: ComposeTimeoutException) {
        throw AssertionError("the app sent no $type frame in $timeoutMs ms; sent: ${server.received}", e)
    }
    return checkNotNull(found)
}
