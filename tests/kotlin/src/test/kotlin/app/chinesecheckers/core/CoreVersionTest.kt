package app.chinesecheckers.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

/** Calls through the generated UniFFI bindings into the host-built Rust library. */
class CoreVersionTest {
    @Test
    fun coreVersionIsTheCrateVersion() {
        assertEquals("0.1.0", coreVersion())
    }
}
