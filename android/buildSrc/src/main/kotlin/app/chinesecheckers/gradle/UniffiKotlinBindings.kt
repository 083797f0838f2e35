package app.chinesecheckers.gradle

import org.gradle.api.DefaultTask
import org.gradle.api.GradleException
import org.gradle.api.file.ConfigurableFileCollection
import org.gradle.api.file.DirectoryProperty
import org.gradle.api.file.RegularFileProperty
import org.gradle.api.provider.Property
import org.gradle.api.tasks.CacheableTask
import org.gradle.api.tasks.Input
import org.gradle.api.tasks.InputFile
import org.gradle.api.tasks.InputFiles
import org.gradle.api.tasks.Internal
import org.gradle.api.tasks.OutputDirectory
import org.gradle.api.tasks.PathSensitive
import org.gradle.api.tasks.PathSensitivity
import org.gradle.api.tasks.TaskAction
import org.gradle.process.ExecOperations
import javax.inject.Inject

/**
 * Generates the Kotlin bindings of a UniFFI library into [outputDirectory].
 *
 * The workspace's bindgen crate ([bindgenPackage]) is built and run on the host in its own cargo
 * call: built together with the library, uniffi's `cli` feature would be merged into the library.
 * The bindings are read from the metadata in [library], a built shared library of any ABI (they
 * are the same for all), with the options of [config] (uniffi.toml: the Kotlin package name).
 */
@CacheableTask
abstract class UniffiKotlinBindings @Inject constructor(
    private val execOperations: ExecOperations,
) : DefaultTask() {
    /** The Cargo workspace holding the bindgen crate (cargo runs there). */
    @get:Internal
    abstract val workspaceDirectory: DirectoryProperty

    /** The bindgen crate's sources and the lock file (which pins uniffi's version). */
    @get:InputFiles
    @get:PathSensitive(PathSensitivity.RELATIVE)
    abstract val bindgenSources: ConfigurableFileCollection

    /** The built library whose UniFFI metadata the bindings are generated from. */
    @get:InputFile
    @get:PathSensitive(PathSensitivity.NONE)
    abstract val library: RegularFileProperty

    /** The uniffi.toml passed with `--config`. */
    @get:InputFile
    @get:PathSensitive(PathSensitivity.NONE)
    abstract val config: RegularFileProperty

    /** The workspace package of the bindgen binary, e.g. "uniffi-bindgen". */
    @get:Input
    abstract val bindgenPackage: Property<String>

    /** The Kotlin package the bindings must be in (checked, to catch an unread config). */
    @get:Input
    abstract val kotlinPackage: Property<String>

    /** The cargo executable ("cargo" on the PATH unless set). */
    @get:Input
    abstract val cargoExecutable: Property<String>

    /** Where the Kotlin sources are written (a source root: <package path>/<crate>.kt). */
    @get:OutputDirectory
    abstract val outputDirectory: DirectoryProperty

    init {
        group = "rust"
        description = "Generates the Kotlin bindings of the Rust core with uniffi-bindgen."
        cargoExecutable.convention("cargo")
    }

    @TaskAction
    fun generate() {
        val output = outputDirectory.get().asFile
        // Bindings of a renamed crate or package must not linger next to the new ones.
        output.deleteRecursively()
        output.mkdirs()

        val command = listOf(
            cargoExecutable.get(), "run", "--quiet", "-p", bindgenPackage.get(), "--",
            "generate", library.get().asFile.absolutePath,
            "--language", "kotlin",
            "--config", config.get().asFile.absolutePath,
            // Formatting would need ktlint on the PATH; the sources compile as they are.
            "--no-format",
            "--out-dir", output.absolutePath,
        )
        val result = execOperations.exec {
            workingDir = workspaceDirectory.get().asFile
            commandLine(command)
            isIgnoreExitValue = true
        }
        if (result.exitValue != 0) {
            throw GradleException("`${command.joinToString(" ")}` failed (exit ${result.exitValue})")
        }

        val packageLine = "package ${kotlinPackage.get()}"
        val sources = output.walkTopDown().filter { it.isFile && it.extension == "kt" }.toList()
        if (sources.none { file -> file.useLines { lines -> lines.any { it.trim() == packageLine } } }) {
            throw GradleException(
                "no generated Kotlin file in $output declares `$packageLine` " +
                    "(found: ${sources.joinToString { it.relativeTo(output).path }}); was ${config.get().asFile} read?",
            )
        }
    }
}
