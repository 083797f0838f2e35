package app.chinesecheckers.gradle

import java.io.File

/**
 * The cargo executable to run: [override] when given (the Gradle property `rust.cargo`), else
 * rustup's cargo in $CARGO_HOME/bin (~/.cargo/bin) when it is there, else "cargo" from the PATH.
 *
 * The PATH alone is not enough: Android Studio started from the macOS Dock or a Linux desktop
 * menu does not get the shell's PATH, where rustup added ~/.cargo/bin.
 */
fun cargoExecutable(override: String?): String {
    if (!override.isNullOrBlank()) return override
    val cargoHome = System.getenv("CARGO_HOME")?.let(::File)
        ?: File(System.getProperty("user.home"), ".cargo")
    val windows = System.getProperty("os.name").startsWith("Windows")
    val rustupCargo = File(cargoHome, if (windows) "bin/cargo.exe" else "bin/cargo")
    return if (rustupCargo.isFile) rustupCargo.absolutePath else "cargo"
}
