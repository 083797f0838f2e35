// The Android app of Chinese Checkers. Open this folder (android/) in Android Studio.
//
//  :core  the Rust core for Android: built with cargo-ndk into jniLibs, its UniFFI Kotlin bindings
//         generated at build time (package app.chinesecheckers.core), JNA.
//  :ui    the shared Compose UI (plain Kotlin + androidx.compose, no android.* import), the same
//         sources the desktop build (android/desktop, Maven) compiles.
//  :app   the Android application: Activity, Application, AndroidPlatform, resources.

pluginManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}

dependencyResolutionManagement {
    // Every module resolves from these; a module that declares its own repository is an error.
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
    // gradle/libs.versions.toml is read as the "libs" catalog by Gradle's convention.
}

rootProject.name = "ChineseCheckers"

include(":core", ":ui", ":app")
