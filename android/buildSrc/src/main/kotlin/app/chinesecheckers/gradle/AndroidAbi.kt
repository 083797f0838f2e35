package app.chinesecheckers.gradle

import org.gradle.api.GradleException

/** An Android ABI the Rust core can be built for, with its Rust target triple. */
enum class AndroidAbi(val abiName: String, val rustTarget: String) {
    ARM64_V8A("arm64-v8a", "aarch64-linux-android"),
    ARMEABI_V7A("armeabi-v7a", "armv7-linux-androideabi"),
    X86_64("x86_64", "x86_64-linux-android"),
    X86("x86", "i686-linux-android"),
    ;

    /**
     * Cargo's environment variable for the rustflags of this target only (`target.<triple>.rustflags`):
     * flags set there reach the Android library and not the host's build scripts and proc-macros.
     */
    val rustflagsVariable: String
        get() = "CARGO_TARGET_${rustTarget.uppercase().replace('-', '_')}_RUSTFLAGS"

    companion object {
        /** The ABI called [name] as Android names it (the jniLibs folder name, e.g. "arm64-v8a"). */
        fun named(name: String): AndroidAbi =
            entries.firstOrNull { it.abiName == name }
                ?: throw GradleException(
                    "unknown Android ABI '$name'; known: ${entries.joinToString { it.abiName }}",
                )
    }
}
