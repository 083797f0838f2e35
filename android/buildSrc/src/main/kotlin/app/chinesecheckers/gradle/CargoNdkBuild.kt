package app.chinesecheckers.gradle

import org.gradle.api.DefaultTask
import org.gradle.api.GradleException
import org.gradle.api.file.ConfigurableFileCollection
import org.gradle.api.file.DirectoryProperty
import org.gradle.api.provider.ListProperty
import org.gradle.api.provider.Property
import org.gradle.api.tasks.Input
import org.gradle.api.tasks.InputFiles
import org.gradle.api.tasks.Internal
import org.gradle.api.tasks.Optional
import org.gradle.api.tasks.OutputDirectory
import org.gradle.api.tasks.PathSensitive
import org.gradle.api.tasks.PathSensitivity
import org.gradle.api.tasks.TaskAction
import org.gradle.process.ExecOperations
import org.gradle.work.DisableCachingByDefault
import javax.inject.Inject

/**
 * Builds one Cargo package for Android with cargo-ndk, in the release profile, for each of
 * [abis], and lays the shared libraries out as a jniLibs folder ([jniLibsDirectory]/<abi>/lib….so).
 *
 * Every library is linked with 16 KB ELF segment alignment ([maxPageSize]), which devices with
 * 16 KB memory pages (Android 15+) need; NDK r28+ does it by default, the flag keeps it so with
 * any NDK. The flag goes in cargo's per-target rustflags, so the host's build scripts keep theirs.
 *
 * Needs cargo, cargo-ndk (`cargo install cargo-ndk`), the Rust targets of [abis]
 * (`rustup target add …`) and an NDK ([ndkPath], from the Android plugin's SDK components).
 */
@DisableCachingByDefault(because = "cargo keeps its own incremental build in the workspace's target directory")
abstract class CargoNdkBuild @Inject constructor(
    private val execOperations: ExecOperations,
) : DefaultTask() {
    /** The Cargo workspace the package belongs to (cargo runs there). */
    @get:Internal
    abstract val workspaceDirectory: DirectoryProperty

    /** Everything cargo reads to build the package: sources, manifests, the lock file. */
    @get:InputFiles
    @get:PathSensitive(PathSensitivity.RELATIVE)
    abstract val rustSources: ConfigurableFileCollection

    /** The Cargo package (`-p`), e.g. "chinese-checkers-core". */
    @get:Input
    abstract val cargoPackage: Property<String>

    /** The library's file stem: lib<libraryName>.so is expected for each ABI. */
    @get:Input
    abstract val libraryName: Property<String>

    /** Android ABI names (see [AndroidAbi]), e.g. "arm64-v8a". */
    @get:Input
    abstract val abis: ListProperty<String>

    /** The Android API level the libraries link against: the app's minSdk. */
    @get:Input
    abstract val platformApi: Property<Int>

    /** The ELF segment alignment, in bytes (16384 for 16 KB pages). */
    @get:Input
    abstract val maxPageSize: Property<Int>

    /** The NDK's root folder; when absent cargo-ndk looks for one itself (ANDROID_NDK_HOME, …). */
    @get:Input
    @get:Optional
    abstract val ndkPath: Property<String>

    /** The cargo executable ("cargo" on the PATH unless set). */
    @get:Input
    abstract val cargoExecutable: Property<String>

    /** The jniLibs folder written: one sub-folder per ABI. */
    @get:OutputDirectory
    abstract val jniLibsDirectory: DirectoryProperty

    init {
        group = "rust"
        description = "Builds the Rust core for Android with cargo-ndk into a jniLibs folder."
        maxPageSize.convention(SIXTEEN_KB)
        cargoExecutable.convention("cargo")
    }

    @TaskAction
    fun build() {
        val targets = abis.get().map(AndroidAbi::named)
        if (targets.isEmpty()) throw GradleException("$path: no ABI to build for (abis is empty)")
        val output = jniLibsDirectory.get().asFile
        // Libraries of ABIs dropped from the list must not linger in the APK.
        output.deleteRecursively()
        output.mkdirs()

        val command = buildList {
            add(cargoExecutable.get())
            add("ndk")
            targets.forEach { add("-t"); add(it.abiName) }
            add("--platform"); add(platformApi.get().toString())
            add("--output-dir"); add(output.absolutePath)
            add("build"); add("--release")
            add("-p"); add(cargoPackage.get())
        }
        val linkFlag = "-C link-arg=-Wl,-z,max-page-size=${maxPageSize.get()}"
        val result = execOperations.exec {
            workingDir = workspaceDirectory.get().asFile
            commandLine(command)
            for (target in targets) {
                // Keep rustflags the developer set for the target, add ours.
                val own = System.getenv(target.rustflagsVariable)
                environment(target.rustflagsVariable, listOfNotNull(own, linkFlag).joinToString(" "))
            }
            ndkPath.orNull?.let { environment("ANDROID_NDK_HOME", it) }
            isIgnoreExitValue = true
        }
        if (result.exitValue != 0) {
            throw GradleException(
                "`${command.joinToString(" ")}` failed (exit ${result.exitValue}). It needs cargo-ndk " +
                    "(`cargo install cargo-ndk`), the Rust targets " +
                    "(`rustup target add ${targets.joinToString(" ") { it.rustTarget }}`) and an NDK " +
                    "r28+ (Android Studio: SDK Manager > SDK Tools > NDK).",
            )
        }

        val missing = targets.map { output.resolve("${it.abiName}/lib${libraryName.get()}.so") }.filterNot { it.isFile }
        if (missing.isNotEmpty()) {
            throw GradleException("cargo-ndk succeeded but did not write ${missing.joinToString()}")
        }
    }

    private companion object {
        const val SIXTEEN_KB = 16 * 1024
    }
}
