package app.chinesecheckers.gradle

// No Gradle import here (nor in AppVersion.kt and ReleaseSigning.kt): these files are also
// compiled and run by android/robolectric/check-gradle-scripts.sh, where no Gradle API exists.

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
        /**
         * The ABIs the core is built for (core/build.gradle.kts) and the only ones the app ships
         * (app/build.gradle.kts, `ndk.abiFilters`): one list for both, because a device whose
         * preferred ABI has JNA's libjnidispatch.so (its AAR carries seven ABIs) but not the core
         * would install that ABI and crash at the first call into the core. 32-bit x86 is left
         * out: no phone sold in years uses it, and the emulator's images are x86_64.
         */
        val built: List<AndroidAbi> = listOf(ARM64_V8A, ARMEABI_V7A, X86_64)

        /** [built] as Android names the ABIs (jniLibs folders, abiFilters). */
        val builtNames: List<String>
            get() = built.map { it.abiName }

        /** The ABI called [name] as Android names it (the jniLibs folder name, e.g. "arm64-v8a"). */
        fun named(name: String): AndroidAbi =
            requireNotNull(entries.firstOrNull { it.abiName == name }) {
                "unknown Android ABI '$name'; known: ${entries.joinToString { it.abiName }}"
            }
    }
}
