// The Android application: the Activity, the Application, the Android side of the platform
// interface (storage, language, motion, share sheet, haptics) and the app's resources. Everything
// the player sees is the shared Compose UI of :ui; every rule and game state comes from :core.

plugins {
    id("com.android.application")
    id("org.jetbrains.kotlin.plugin.compose")
}

android {
    namespace = "app.chinesecheckers.android"
    compileSdk = libs.versions.compileSdk.get().toInt()

    defaultConfig {
        applicationId = "app.chinesecheckers"
        minSdk = libs.versions.minSdk.get().toInt()
        targetSdk = libs.versions.targetSdk.get().toInt()
        versionCode = 1
        versionName = "0.1.0"
    }

    buildTypes {
        release {
            isMinifyEnabled = true
            isShrinkResources = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
            // Unsigned: sign with your own key (Build > Generate Signed App Bundle / APK).
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

dependencies {
    implementation(project(":ui"))
    implementation(platform(libs.compose.bom))
    implementation(libs.activity.compose)
    // Layout Inspector and Compose previews in debug builds only.
    debugImplementation(libs.compose.ui.tooling)
}
