// The shared Compose UI: every screen, state holder and string of the app, written against the
// common androidx.compose API with no android.* import. The same sources (src/main/kotlin) are
// compiled for the desktop JVM by android/desktop/pom.xml, where they are clicked through and
// pictured by tests; here they become an Android library for :app.

plugins {
    id("com.android.library")
    id("org.jetbrains.kotlin.plugin.compose")
}

android {
    namespace = "app.chinesecheckers.ui"
    compileSdk = libs.versions.compileSdk.get().toInt()

    defaultConfig {
        minSdk = libs.versions.minSdk.get().toInt()
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    buildFeatures {
        compose = true
    }
}

dependencies {
    // The core's bindings (app.chinesecheckers.core) and, through :core, JNA and the coroutines.
    api(project(":core"))

    // The Compose API the UI is written against; the BOM keeps the modules at one release.
    api(platform(libs.compose.bom))
    api(libs.compose.ui)
    api(libs.compose.foundation)
    api(libs.compose.material3)

    // The online games' WebSocket transport (app.chinesecheckers.online).
    implementation(libs.okhttp)

    // Plain JVM tests of the UI's arithmetic and words (src/test); JNA's desktop jar loads the
    // core built for the machine running them (jna.library.path, as :app's tests have it).
    testImplementation(libs.junit)
    testImplementation(libs.kotlin.test.junit)
    testImplementation(libs.jna)
}

tasks.withType<Test>().configureEach {
    systemProperty("jna.library.path", rootProject.layout.projectDirectory.dir("../target/debug").asFile.path)
}
