// buildSrc: the Rust build tasks, and the Gradle plugins every module applies (on its class path).

dependencyResolutionManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
    // The same catalog as the main build, so that each version is written once.
    versionCatalogs {
        create("libs") {
            from(files("../gradle/libs.versions.toml"))
        }
    }
}

rootProject.name = "buildSrc"
