// Top-level build file. The plugins (Android Gradle plugin, Kotlin Gradle plugin, Compose
// compiler plugin) are on the build class path through buildSrc (buildSrc/build.gradle.kts), at
// the versions of gradle/libs.versions.toml, so the modules apply them by id, without versions.
// The Rust build tasks live in buildSrc too (app.chinesecheckers.gradle).

tasks.register<Delete>("clean") {
    delete(rootProject.layout.buildDirectory)
}
