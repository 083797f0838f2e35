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

    packaging {
        jniLibs {
            // Stored uncompressed and 16 KB-aligned in the APK, loaded in place (the default for
            // minSdk 23+, stated because 16 KB page devices need it).
            useLegacyPackaging = false
        }
    }
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

    // Instrumented Compose tests of the app's main flows (src/androidTest).
    androidTestImplementation(platform(libs.compose.bom))
    androidTestImplementation(libs.compose.ui.test.junit4)
    androidTestImplementation(libs.androidx.test.runner)
    androidTestImplementation(libs.androidx.test.ext.junit)
    // The empty ComponentActivity that ui-test's rules host content in, merged into debug builds.
    debugImplementation(libs.compose.ui.test.manifest)
}
