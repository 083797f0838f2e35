// The Gradle build's scripts checked without Gradle (none can run on the machine this project is
// written on): every .gradle.kts under android/ is parsed by the real Kotlin parser (the
// compiler's PSI, the parser Gradle's Kotlin DSL uses) and read against the version catalog and
// buildSrc. Run by android/robolectric/check-gradle-scripts.sh; each finding is one line
// `file:line: message`, and any finding fails the run.
// The compiler's environment API is marked for rework (opt-in); it is the documented way to get a
// PSI parser outside the IDE, and the version is pinned.
@file:OptIn(
    org.jetbrains.kotlin.compiler.plugin.ExperimentalCompilerApi::class,
    org.jetbrains.kotlin.CoreEnvironmentDeprecation::class,
    org.jetbrains.kotlin.config.MessageCollectorAccess::class,
    org.jetbrains.kotlin.config.CompilerConfiguration.Internals::class,
)

package app.chinesecheckers.gradlecheck

import app.chinesecheckers.gradle.AndroidAbi
import app.chinesecheckers.gradle.AppVersion
import app.chinesecheckers.gradle.ReleaseSigning
import org.jetbrains.kotlin.cli.common.messages.MessageCollector
import org.jetbrains.kotlin.cli.extensionsStorage
import org.jetbrains.kotlin.cli.jvm.compiler.EnvironmentConfigFiles
import org.jetbrains.kotlin.cli.jvm.compiler.KotlinCoreEnvironment
import org.jetbrains.kotlin.com.intellij.openapi.util.Disposer
import org.jetbrains.kotlin.com.intellij.psi.PsiElement
import org.jetbrains.kotlin.com.intellij.psi.PsiErrorElement
import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.config.CommonConfigurationKeys
import org.jetbrains.kotlin.config.CompilerConfiguration
import org.jetbrains.kotlin.lexer.KtTokens
import org.jetbrains.kotlin.psi.KtBinaryExpression
import org.jetbrains.kotlin.psi.KtBlockExpression
import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtCallableReferenceExpression
import org.jetbrains.kotlin.psi.KtClassLiteralExpression
import org.jetbrains.kotlin.psi.KtConstantExpression
import org.jetbrains.kotlin.psi.KtDotQualifiedExpression
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtFile
import org.jetbrains.kotlin.psi.KtFunctionLiteral
import org.jetbrains.kotlin.psi.KtNameReferenceExpression
import org.jetbrains.kotlin.psi.KtParenthesizedExpression
import org.jetbrains.kotlin.psi.KtPsiFactory
import org.jetbrains.kotlin.psi.KtQualifiedExpression
import org.jetbrains.kotlin.psi.KtScript
import org.jetbrains.kotlin.psi.KtScriptInitializer
import org.jetbrains.kotlin.psi.KtStringTemplateExpression
import org.jetbrains.kotlin.psi.KtThisExpression
import org.tomlj.Toml
import org.tomlj.TomlTable
import java.io.File
import java.util.zip.ZipFile
import kotlin.system.exitProcess

/** Where the app's ABI list must come from, in both core/ and app/ (one source of truth). */
const val ABI_SOURCE = "AndroidAbi.builtNames"

/** Plugins Gradle itself provides (the buildSrc script applies `kotlin-dsl`). */
val GRADLE_CORE_PLUGINS = setOf("kotlin-dsl", "java", "java-library", "java-gradle-plugin", "groovy", "base")

class Findings {
    val lines = mutableListOf<String>()
    fun add(file: File, root: File, line: Int, message: String) {
        lines += "${file.relativeTo(root.parentFile).path}:$line: $message"
    }
}

class Script(val file: File, val psi: KtFile) {
    val text: String = psi.text
    fun line(e: PsiElement): Int = text.substring(0, e.textRange.startOffset).count { it == '\n' } + 1
    val script: KtScript? get() = psi.script
    /** The script's statements, each unwrapped from the initializer node the parser puts around it. */
    val topLevel: List<KtExpression>
        get() = script?.blockExpression?.statements.orEmpty().mapNotNull { (it as? KtScriptInitializer)?.body ?: it }
    inline fun <reified T : PsiElement> all(): Collection<T> = PsiTreeUtil.collectElementsOfType(psi, T::class.java)
}

fun KtCallExpression.calleeName(): String? = (calleeExpression as? KtNameReferenceExpression)?.getReferencedName()
fun KtCallExpression.lambdaBody(): KtBlockExpression? = lambdaArguments.firstOrNull()?.getLambdaExpression()?.bodyExpression

/** The names of the calls whose lambdas enclose [e], innermost first (`ndk`, `defaultConfig`, `android`). */
fun enclosingBlocks(e: PsiElement): List<String> = generateSequence(e.parent) { it.parent }
    .filterIsInstance<KtCallExpression>().mapNotNull { it.calleeName() }.toList()

/** A plain literal: a number, boolean, null, or a string with no `$` template in it. */
fun isLiteral(e: KtExpression?): Boolean = when (e) {
    is KtConstantExpression -> true
    is KtStringTemplateExpression -> !e.hasInterpolation()
    is KtParenthesizedExpression -> isLiteral(e.expression)
    else -> false
}

/**
 * An expression whose value is computed and dropped with no effect when it stands as a
 * statement: a bare name (the stray `X`), a constant, a string, `this`, a property read
 * (`libs.versions.ndk`), a class or callable reference, or arithmetic and comparisons of those.
 */
fun doesNothing(e: KtExpression): Boolean = when (e) {
    is KtNameReferenceExpression, is KtConstantExpression, is KtStringTemplateExpression, is KtThisExpression,
    is KtClassLiteralExpression, is KtCallableReferenceExpression -> true
    is KtParenthesizedExpression -> e.expression?.let(::doesNothing) ?: true
    is KtQualifiedExpression -> e.selectorExpression is KtNameReferenceExpression && doesNothing(e.receiverExpression)
    is KtBinaryExpression -> e.operationToken in setOf(
        KtTokens.PLUS, KtTokens.MINUS, KtTokens.MUL, KtTokens.DIV, KtTokens.PERC, KtTokens.EQEQ, KtTokens.EXCLEQ,
        KtTokens.EQEQEQ, KtTokens.EXCLEQEQEQ, KtTokens.LT, KtTokens.GT, KtTokens.LTEQ, KtTokens.GTEQ,
        KtTokens.ANDAND, KtTokens.OROR,
    ) && e.left?.let(::doesNothing) == true && e.right?.let(::doesNothing) == true
    else -> false
}

/** A catalog accessor path as Gradle generates it: `compose-ui-tooling` is `compose.ui.tooling`. */
fun accessor(alias: String) = alias.split('-', '_', '.').joinToString(".")

class Catalog(val file: File, findings: Findings, root: File) {
    val toml = Toml.parse(file.toPath())
    val versions: Set<String>
    val libraries: Map<String, String?> // accessor path -> "group:name:version" (null when the BOM gives the version)
    val plugins: Map<String, String> // accessor path -> plugin id
    val bundles: Set<String>

    init {
        for (e in toml.errors()) findings.add(file, root, e.position()?.line() ?: 1, "TOML: ${e.message}")
        fun table(name: String): TomlTable? = toml.getTable(name)
        val versionTable = table("versions")
        versions = versionTable?.keySet().orEmpty().map(::accessor).toSet()
        fun version(entry: TomlTable, alias: String, line: Int): String? {
            val ref = entry.getString("version.ref")
            if (ref != null) {
                val v = versionTable?.getString(listOf(ref))
                if (v == null) findings.add(file, root, line, "$alias: version.ref \"$ref\" is not in [versions]")
                return v
            }
            return entry.getString("version")
        }
        libraries = table("libraries")?.let { libs ->
            libs.keySet().associate { alias ->
                val line = libs.inputPositionOf(listOf(alias))?.line() ?: 1
                val coordinates: String? = when (val v = libs.get(listOf(alias))) {
                    is String -> v.takeIf { it.split(':').size == 3 }
                        ?: null.also { findings.add(file, root, line, "$alias: \"$v\" is not group:name:version") }
                    is TomlTable -> {
                        val module = v.getString("module")
                            ?: v.getString("group")?.let { g -> v.getString("name")?.let { "$g:$it" } }
                        if (module == null || module.split(':').size != 2) {
                            findings.add(file, root, line, "$alias: needs module = \"group:name\" (or group and name)")
                        }
                        version(v, alias, line)?.let { "$module:$it" }
                    }
                    else -> null.also { findings.add(file, root, line, "$alias: not a library declaration") }
                }
                accessor(alias) to coordinates
            }
        }.orEmpty()
        plugins = table("plugins")?.let { t ->
            t.keySet().associate { alias ->
                val line = t.inputPositionOf(listOf(alias))?.line() ?: 1
                val entry = t.getTable(listOf(alias))
                val id = entry?.getString("id")
                if (id == null) findings.add(file, root, line, "plugin $alias: no id")
                else version(entry, alias, line)
                accessor(alias) to (id ?: "")
            }
        }.orEmpty()
        bundles = table("bundles")?.keySet().orEmpty().map(::accessor).toSet()
    }
}

/** `libs.a.b.c` reference chains: the names after `libs`, up to the first call (`.get()`). */
fun catalogReferences(s: Script): List<Pair<KtExpression, List<String>>> =
    s.all<KtNameReferenceExpression>().filter { it.getReferencedName() == "libs" }.mapNotNull { libs ->
        var current: KtExpression = libs
        val names = mutableListOf<String>()
        while (true) {
            val parent = current.parent as? KtDotQualifiedExpression ?: break
            if (parent.receiverExpression != current) break
            val selector = parent.selectorExpression as? KtNameReferenceExpression ?: break
            names += selector.getReferencedName()
            current = parent
        }
        // `libs` that is not a receiver (e.g. the string in create("libs")) is no reference.
        if (names.isEmpty()) null else current to names
    }

/** Plugin ids a `plugins {}` block applies: `id("…")`, `alias(libs.plugins.…)`, `` `kotlin-dsl` ``. */
fun appliedPlugins(s: Script, catalog: Catalog, findings: Findings, root: File): List<Pair<PsiElement, String>> {
    val block = s.topLevel.filterIsInstance<KtCallExpression>().firstOrNull { it.calleeName() == "plugins" }?.lambdaBody()
        ?: return emptyList()
    return block.statements.mapNotNull { statement ->
        // `id("x") version "1" apply false` is infix calls around the id(...) call.
        var e: KtExpression = statement
        if (e is KtBinaryExpression) {
            if (e.operationReference.getReferencedName() == "version") {
                findings.add(s.file, root, s.line(e), "plugin given a version here: buildSrc puts the plugins on the class path at the catalog's versions, and Gradle refuses a second version")
            }
            while (e is KtBinaryExpression) e = e.left ?: break
        }
        when {
            e is KtNameReferenceExpression -> e to e.getReferencedName()
            e is KtCallExpression && e.calleeName() == "id" -> {
                val arg = e.valueArguments.singleOrNull()?.getArgumentExpression() as? KtStringTemplateExpression
                if (arg == null || arg.hasInterpolation()) {
                    findings.add(s.file, root, s.line(e), "plugin id is not a plain string"); null
                } else e to arg.entries.joinToString("") { it.text }
            }
            e is KtCallExpression && e.calleeName() == "alias" -> {
                val ref = e.valueArguments.singleOrNull()?.getArgumentExpression()?.text?.removePrefix("libs.plugins.")
                catalog.plugins[ref]?.let { e to it }
            }
            else -> {
                findings.add(s.file, root, s.line(e), "unexpected statement in plugins {}: ${e.text}"); null
            }
        }
    }
}

/** The jar of group:name:version in the local Maven repository, fetched with Maven if missing. */
fun mavenFile(coordinates: String, ext: String): File {
    val (group, name, version) = coordinates.split(':')
    val m2 = File(System.getProperty("user.home"), ".m2/repository")
    val file = File(m2, "${group.replace('.', '/')}/$name/$version/$name-$version.$ext")
    if (!file.isFile) {
        ProcessBuilder("mvn", "-B", "-q", "dependency:get", "-Dtransitive=false", "-Dartifact=$coordinates:$ext")
            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor()
    }
    check(file.isFile) { "$coordinates:$ext cannot be fetched from Maven Central" }
    return file
}

/** The plugin ids a plugin jar declares (META-INF/gradle-plugins/<id>.properties). */
fun pluginIds(jar: File): Set<String> = ZipFile(jar).use { zip ->
    zip.entries().asSequence().map { it.name }
        .filter { it.startsWith("META-INF/gradle-plugins/") && it.endsWith(".properties") }
        .map { it.removePrefix("META-INF/gradle-plugins/").removeSuffix(".properties") }.toSet()
}

fun parse(factory: KtPsiFactory, file: File): Script {
    // The file's own name: the parser reads a name ending in .kts as a script.
    val psi = factory.createFile(file.name, file.readText())
    return Script(file, psi)
}

fun main(args: Array<String>) {
    require(args.size == 1) { "usage: GradleScriptCheck <android folder>" }
    val root = File(args[0]).canonicalFile
    val repository = root.parentFile
    val findings = Findings()

    val configuration = CompilerConfiguration().apply {
        put(CommonConfigurationKeys.MODULE_NAME, "gradle-script-check")
        put(CommonConfigurationKeys.MESSAGE_COLLECTOR_KEY, MessageCollector.NONE)
        // No compiler plugin: an empty store of extensions (the environment refuses none at all).
        extensionsStorage = org.jetbrains.kotlin.compiler.plugin.CompilerPluginRegistrar.ExtensionStorage()
    }
    val disposable = Disposer.newDisposable()
    val environment = KotlinCoreEnvironment.createForProduction(disposable, configuration, EnvironmentConfigFiles.JVM_CONFIG_FILES)
    val factory = KtPsiFactory(environment.project, markGenerated = false)

    val files = root.walkTopDown()
        .onEnter { it.name !in setOf("build", "target", ".gradle", "node_modules") }
        .filter { it.isFile && it.name.endsWith(".gradle.kts") }.sortedBy { it.path }.toList()
    check(files.isNotEmpty()) { "no .gradle.kts under $root" }
    val scripts = files.map { parse(factory, it) }
    val catalog = Catalog(File(root, "gradle/libs.versions.toml"), findings, root)

    // 1. Syntax: the parser's error nodes, as Gradle would report them when compiling the script.
    for (s in scripts) {
        if (s.script == null) findings.add(s.file, root, 1, "not parsed as a Kotlin script")
        for (error in s.all<PsiErrorElement>()) {
            findings.add(s.file, root, s.line(error), "syntax error: ${error.errorDescription}")
        }
    }

    // 2. Statements that do nothing. In a lambda the last statement is its value (`onlyIf { true }`),
    // so only the others are looked at there; in the script itself and in function bodies, all.
    for (s in scripts) {
        for (block in s.all<KtBlockExpression>()) {
            val statements = block.statements.mapNotNull { (it as? KtScriptInitializer)?.body ?: it }
            val whole = block.parent is KtScript || block.parent is org.jetbrains.kotlin.psi.KtNamedFunction
            val checked = if (whole) statements else statements.dropLast(1)
            // A plugins {} block names plugins by bare accessors (`kotlin-dsl`, `java`).
            if ((block.parent?.parent?.parent?.parent as? KtCallExpression)?.calleeName() == "plugins") continue
            for (statement in checked) {
                if (doesNothing(statement)) {
                    findings.add(s.file, root, s.line(statement), "statement does nothing: `${statement.text}`")
                }
            }
        }
    }

    // 3. Every libs.… reference names an entry of the catalog.
    for (s in scripts) {
        for ((e, names) in catalogReferences(s)) {
            val path = names.drop(1).joinToString(".")
            val ok = when (names.first()) {
                "versions" -> path in catalog.versions
                "plugins" -> path in catalog.plugins
                "bundles" -> path in catalog.bundles
                else -> names.joinToString(".") in catalog.libraries
            }
            if (!ok) findings.add(s.file, root, s.line(e), "`${e.text}` is not in gradle/libs.versions.toml")
        }
    }

    // 4. Plugin ids: the modules' must be on buildSrc's class path (the plugin jars of its
    // implementation(libs.…) dependencies); buildSrc's own are Gradle's.
    val buildSrcScript = scripts.single { it.file == File(root, "buildSrc/build.gradle.kts") }
    val buildSrcDependencies = buildSrcScript.all<KtCallExpression>()
        .filter { it.calleeName() == "implementation" && "dependencies" in enclosingBlocks(it) }
        .mapNotNull { call ->
            val ref = call.valueArguments.singleOrNull()?.getArgumentExpression()?.text?.removePrefix("libs.")
            val coordinates = catalog.libraries[ref]
            if (coordinates == null) {
                findings.add(buildSrcScript.file, root, buildSrcScript.line(call), "buildSrc dependency ${call.text} has no version in the catalog"); null
            } else coordinates
        }
    val classPathPlugins = buildSrcDependencies.flatMap { pluginIds(mavenFile(it, "jar")) }.toSet()
    println("buildSrc class path: ${buildSrcDependencies.joinToString()} (${classPathPlugins.size} plugin ids)")
    for (s in scripts) {
        val inBuildSrc = s.file.path.startsWith(File(root, "buildSrc").path + File.separator)
        for ((e, id) in appliedPlugins(s, catalog, findings, root)) {
            val known = if (inBuildSrc) GRADLE_CORE_PLUGINS else classPathPlugins
            if (id !in known) {
                findings.add(s.file, root, s.line(e), "plugin '$id' is not " + if (inBuildSrc) "a Gradle core plugin" else "on buildSrc's class path (${buildSrcDependencies.joinToString()})")
            }
        }
    }

    // 5. Modules: settings' include(...) names folders with a build script, and project(":x")
    // references name included modules.
    val settings = scripts.single { it.file == File(root, "settings.gradle.kts") }
    val included = settings.all<KtCallExpression>().filter { it.calleeName() == "include" }
        .flatMap { it.valueArguments }.mapNotNull { (it.getArgumentExpression() as? KtStringTemplateExpression)?.entries?.joinToString("") { e -> e.text } }
    for (module in included) {
        if (!File(root, module.removePrefix(":").replace(':', '/') + "/build.gradle.kts").isFile) {
            findings.add(settings.file, root, 1, "included module $module has no build.gradle.kts")
        }
    }
    for (s in scripts) {
        for (call in s.all<KtCallExpression>().filter { it.calleeName() == "project" }) {
            val name = (call.valueArguments.singleOrNull()?.getArgumentExpression() as? KtStringTemplateExpression)?.entries?.joinToString("") { it.text }
            if (name != null && name !in included) findings.add(s.file, root, s.line(call), "project(\"$name\") is not included in settings.gradle.kts")
        }
    }

    // 6. ABIs: the app ships exactly the ABIs the core is built for, both taken from buildSrc.
    val app = scripts.single { it.file == File(root, "app/build.gradle.kts") }
    val core = scripts.single { it.file == File(root, "core/build.gradle.kts") }
    val filters = app.all<KtBinaryExpression>().filter { it.left?.text == "abiFilters" && it.operationToken == KtTokens.PLUSEQ }
    if (filters.isEmpty()) {
        findings.add(app.file, root, 1, "no `ndk { abiFilters += $ABI_SOURCE }`: an x86 device would install JNA's x86 library without the core's and crash at start")
    }
    for (f in filters) {
        if (f.right?.text != ABI_SOURCE) findings.add(app.file, root, app.line(f), "abiFilters must be `$ABI_SOURCE` (the list the core is built for), not `${f.right?.text}`")
        if (enclosingBlocks(f).take(2) != listOf("ndk", "defaultConfig")) findings.add(app.file, root, app.line(f), "abiFilters must sit in android.defaultConfig.ndk (every variant)")
    }
    val abiSets = core.all<KtCallExpression>().filter { it.calleeName() == "set" }
        .filter { (it.parent as? KtDotQualifiedExpression)?.receiverExpression?.text == "abis" }
    if (abiSets.size != 1) findings.add(core.file, root, 1, "expected one `abis.set(...)` (the cargoNdkBuild task's ABIs), found ${abiSets.size}")
    for (call in abiSets) {
        val arg = call.valueArguments.singleOrNull()?.getArgumentExpression()?.text
        if (arg != ABI_SOURCE) findings.add(core.file, root, core.line(call), "cargoNdkBuild's abis must be `$ABI_SOURCE`, not `$arg`")
    }
    // And every ABI built has JNA's dispatcher in the JNA AAR the app ships.
    val jnaVersion = catalog.libraries["jna"]
    if (jnaVersion != null) {
        val aar = mavenFile(jnaVersion, "aar")
        val jnaAbis = ZipFile(aar).use { zip ->
            zip.entries().asSequence().map { it.name }.filter { it.matches(Regex("jni/[^/]+/libjnidispatch\\.so")) }
                .map { it.split('/')[1] }.toSet()
        }
        val withoutJna = AndroidAbi.builtNames - jnaAbis
        if (withoutJna.isNotEmpty()) findings.add(File(root, "buildSrc/src/main/kotlin/app/chinesecheckers/gradle/AndroidAbi.kt"), root, 1, "JNA's AAR has no libjnidispatch.so for $withoutJna")
        println("ABIs: core and app ${AndroidAbi.builtNames}; JNA's AAR has ${jnaAbis.sorted()}, the others are filtered out")
    }

    // 7. Version: the app's versionName/versionCode come from app-version.xcconfig, not literals.
    for (key in listOf("versionCode", "versionName")) {
        val assignments = app.all<KtBinaryExpression>().filter { it.left?.text == key && it.operationToken == KtTokens.EQ }
        if (assignments.isEmpty()) findings.add(app.file, root, 1, "$key is not set")
        for (a in assignments) {
            if (isLiteral(a.right) || PsiTreeUtil.collectElementsOfType(a.right, KtConstantExpression::class.java).isNotEmpty() && a.right !is KtDotQualifiedExpression) {
                findings.add(app.file, root, app.line(a), "$key is a literal (`${a.text}`): it must come from app-version.xcconfig (AppVersion)")
            }
        }
    }
    if ("app-version.xcconfig" !in app.text) findings.add(app.file, root, 1, "app-version.xcconfig is not read")
    val versionFile = File(repository, "app-version.xcconfig")
    runCatching { AppVersion.parse(versionFile.readText(), versionFile.name) }
        .onSuccess { println("version: ${it.name} (${it.code}) from ${versionFile.name}") }
        .onFailure { findings.add(versionFile, root, 1, it.message ?: it.toString()) }

    // 8. buildSrc's Gradle-free helpers do what the build scripts rely on.
    fun expect(what: String, ok: Boolean) {
        if (!ok) findings.add(File(root, "buildSrc"), root, 1, "buildSrc helper: $what")
    }
    val missing = runCatching { AppVersion.parse("APP_VERSION_NAME = 1.2\n", "x.xcconfig") }.exceptionOrNull()?.message
    expect("AppVersion names the missing code key (got: $missing)", missing?.contains("APP_VERSION_CODE") == true)
    expect("AppVersion reads KEY = VALUE with comments", AppVersion.parse("// c\nAPP_VERSION_NAME = 2.0.1 // x\nAPP_VERSION_CODE=7\n", "x") == AppVersion("2.0.1", 7))
    expect("AppVersion refuses code 0", runCatching { AppVersion.parse("APP_VERSION_NAME = 1\nAPP_VERSION_CODE = 0", "x") }.isFailure)
    val env = ReleaseSigning.VARIABLES.associateWith { "v-$it" }
    expect("ReleaseSigning: no variable, no signing", ReleaseSigning.fromEnvironment { null } == null)
    expect("ReleaseSigning: all four read", ReleaseSigning.fromEnvironment(env::get)?.keyAlias == "v-${ReleaseSigning.KEY_ALIAS}")
    val partial = runCatching { ReleaseSigning.fromEnvironment { if (it == ReleaseSigning.KEYSTORE) "k" else null } }.exceptionOrNull()?.message
    expect("ReleaseSigning: a partial set fails naming the missing ones (got: $partial)", partial?.contains(ReleaseSigning.KEY_PASSWORD) == true)
    expect("AndroidAbi.named knows every ABI", AndroidAbi.entries.all { AndroidAbi.named(it.abiName) == it })

    Disposer.dispose(disposable)
    findings.lines.forEach(System.err::println)
    if (findings.lines.isNotEmpty()) {
        System.err.println("Gradle script check FAILED: ${findings.lines.size} finding(s)")
        exitProcess(1)
    }
    println("Gradle script check passed: ${scripts.size} scripts (${scripts.joinToString { it.file.relativeTo(root).path }}), catalog ${catalog.libraries.size} libraries / ${catalog.versions.size} versions")
}
