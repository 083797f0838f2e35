plugins {
    `kotlin-dsl`
}

dependencies {
    // On buildSrc's class path these are on every build script's: the modules apply
    // com.android.application / com.android.library / org.jetbrains.kotlin.plugin.compose by id,
    // at these versions. The Kotlin Gradle plugin is here for AGP's built-in Kotlin, which would
    // otherwise compile with the KGP version AGP ships with (2.2.10).
    implementation(libs.android.gradle.plugin)
    implementation(libs.kotlin.gradle.plugin)
    implementation(libs.compose.compiler.gradle.plugin)
}
