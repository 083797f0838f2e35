package app.chinesecheckers.ui

import java.io.File
import java.nio.file.Files
import java.util.concurrent.TimeUnit

/**
 * The real server for an online UI test: started on 127.0.0.1 at a free port with its games in
 * memory ([start]), its stderr kept in [log], stopped by [stop] (call it from an `@After`).
 * android/desktop/run.sh hands the binary over as the `server.bin` property.
 */
class TestServer {
    private var process: Process? = null

    /** The server's stderr. */
    val log: File = File(Files.createTempDirectory("cc-server").toFile(), "server.log")

    /** Starts the server and returns the address it listens on (`127.0.0.1:port`). */
    fun start(): String {
        val bin = System.getProperty("server.bin")
        check(bin != null && File(bin).canExecute()) { "server binary not found: $bin (run android/desktop/run.sh)" }
        val p = ProcessBuilder(listOf(bin, "--bind", "127.0.0.1:0", "--memory"))
            .redirectError(ProcessBuilder.Redirect.appendTo(log))
            .start()
        process = p
        val line = p.inputStream.bufferedReader().readLine() ?: error("the server did not start")
        check(line.startsWith("listening on ")) { "unexpected server output: $line" }
        return line.removePrefix("listening on ").trim()
    }

    /** Stops the server, if it was started. */
    fun stop() {
        process?.destroy()
        process?.waitFor(5, TimeUnit.SECONDS)
    }
}

/** A device of the app named [name], connecting to the server at [address]. */
fun onlineDevice(name: String, address: String): AppState = AppState(testPlatform()).also { app ->
    app.settings.update { it.copy(displayName = name, serverAddress = "ws://$address/ws") }
}
