// The Android application: the Activity, the Application, the Android side of the platform
// interface (storage, language, motion, share sheet, haptics) and the app's resources. Everything
// the player sees is the shared Compose UI of :ui; every rule and game state comes from :core.

import app.chinesecheckers.gradle.AndroidAbi
import app.chinesecheckers.gradle.AppVersion
import app.chinesecheckers.gradle.ReleaseSigning

plugins {
    id("com.android.application")
    id("org.jetbrains.kotlin.plugin.compose")
}

// One version for both apps: the repository's app-version.xcconfig, which the iOS project reads
// too. Read through Gradle's providers so that the configuration cache notices an edit.
val appVersionFile: RegularFile = rootProject.layout.projectDirectory.file("../app-version.xcconfig")
val appVersion = AppVersion.parse(providers.fileContents(appVersionFile).asText.get(), appVersionFile.asFile.path)

// The release key, from the environment (CI secrets, a release machine); null when none of the
// variables is set, and then the release APK is unsigned.
val releaseSigning = ReleaseSigning.fromEnvironment { providers.environmentVariable(it).orNull }

android {
    namespace = "app.chinesecheckers.android"
    compileSdk = libs.versions.compileSdk.get().toInt()

    defaultConfig {
        applicationId = "app.chinesecheckers"
        minSdk = libs.versions.minSdk.get().toInt()
        targetSdk = libs.versions.targetSdk.get().toInt()
        versionCode = appVersion.code
        versionName = appVersion.name

        ndk {
            // Only the ABIs the core is built for (buildSrc's AndroidAbi, the list :core builds):
            // JNA's AAR brings libjnidispatch.so for seven ABIs, and a device offered an ABI with
            // JNA but without the core (an x86 one) would install it and crash at start.
            abiFilters += AndroidAbi.builtNames
        }

        // Instrumented tests (src/androidTest, connectedDebugAndroidTest) run under AndroidX Test.
        testInstrumentationRunner = "androidx.test.runner.AndroidJUnitRunner"
    }

    signingConfigs {
        if (releaseSigning != null) {
            create("release") {
                storeFile = file(releaseSigning.storeFile)
                storePassword = releaseSigning.storePassword
                keyAlias = releaseSigning.keyAlias
                keyPassword = releaseSigning.keyPassword
            }
        }
    }

    buildTypes {
        release {
            isMinifyEnabled = true
            isShrinkResources = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
            // Signed when the CC_ANDROID_* variables are set; else unsigned, to sign with your own
            // key (Build > Generate Signed App Bundle / APK, or apksigner).
            if (releaseSigning != null) signingConfig = signingConfigs.getByName("release")
        }
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    buildFeatures {
        compose = true
    }

    androidResources {
        // The per-app language setting (Android 13+) offers exactly the app's languages; the
        // list is generated from the res/values-* folders (res/resources.properties names the
        // default one).
        generateLocaleConfig = true
    }

    testOptions {
        unitTests {
            // The framework suite (src/test) runs the real Activity under Robolectric, which reads
            // the merged manifest and the resources as AGP packages them for unit tests.
            isIncludeAndroidResources = true
        }
    }

    packaging {
        jniLibs {
            // Stored uncompressed and 16 KB-aligned in the APK, loaded in place (the default for
            // minSdk 23+, stated because 16 KB page devices need it).
            useLegacyPackaging = false
        }
    }
}

// The framework suite's JVM (src/test; android/robolectric/run.sh runs the same tests without
// Gradle): Robolectric 4.17 runs Android 16 on Java 21+; the core built for this machine
// (`cargo build --profile test -p chinese-checkers-core -p chinese-checkers-server` in the
// repository) is loaded through JNA's desktop jar, and the online tests start that server; the
// goldens are compared (`-Proborazzi.record=true` re-records them).
val hostTarget = rootProject.layout.projectDirectory.dir("../target/debug")
tasks.withType<Test>().configureEach {
    javaLauncher.set(javaToolchains.launcherFor { languageVersion.set(JavaLanguageVersion.of(21)) })
    maxHeapSize = "4g"
    jvmArgs(
        "--add-opens=java.base/java.lang=ALL-UNNAMED",
        "--add-opens=java.base/java.util=ALL-UNNAMED",
        "--add-opens=java.base/java.io=ALL-UNNAMED",
        "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "--add-opens=java.base/java.net=ALL-UNNAMED",
        "--add-opens=java.desktop/java.awt.font=ALL-UNNAMED",
        "--enable-native-access=ALL-UNNAMED",
    )
    systemProperty("jna.library.path", hostTarget.asFile.path)
    systemProperty("server.bin", hostTarget.file("chinese-checkers-server").asFile.path)
    systemProperty("goldens.dir", layout.projectDirectory.dir("src/test/screenshots").asFile.path)
    val record = providers.gradleProperty("roborazzi.record").orNull == "true"
    systemProperty(if (record) "roborazzi.test.record" else "roborazzi.test.verify", "true")
}

if (releaseSigning == null && gradle.startParameter.taskNames.any { it.contains("release", ignoreCase = true) }) {
    logger.warn(ReleaseSigning.UNSIGNED_MESSAGE)
}

dependencies {
    implementation(project(":ui"))
    implementation(platform(libs.compose.bom))
    implementation(libs.activity.compose)
    // Layout Inspector and Compose previews in debug builds only.
    debugImplementation(libs.compose.ui.tooling)

    // The framework suite (src/test): the real Activity under Robolectric with native graphics,
    // Compose's test rules, golden screenshots compared by Roborazzi; JNA's desktop jar loads the
    // core built for the machine running the tests.
    testImplementation(platform(libs.compose.bom))
    testImplementation(libs.compose.ui.test.junit4)
    testImplementation(libs.robolectric)
    testImplementation(libs.roborazzi)
    testImplementation(libs.roborazzi.compose)
    testImplementation(libs.junit)
    testImplementation(libs.kotlin.test.junit)
    testImplementation(libs.jna)

    // Instrumented Compose tests of the app's main flows (src/androidTest).
    androidTestImplementation(platform(libs.compose.bom))
    androidTestImplementation(libs.compose.ui.test.junit4)
    androidTestImplementation(libs.androidx.test.runner)
    androidTestImplementation(libs.androidx.test.ext.junit)
    // The empty ComponentActivity that ui-test's rules host content in, merged into debug builds.
    debugImplementation(libs.compose.ui.test.manifest)
}
