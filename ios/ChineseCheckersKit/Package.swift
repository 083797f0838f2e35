// swift-tools-version:6.0
// ChineseCheckersKit: everything of the iOS app that needs no Apple UI framework, so that it
// compiles and is tested on Linux too (`tests/swift/run.sh`).
//
// The core comes in two generated parts, neither committed:
// - `ChineseCheckersCore` (Sources/ChineseCheckersCore/ChineseCheckersCore.swift): the Swift
//   bindings, written by `tests/swift/run.sh` on Linux and by `ios/scripts/build-xcframework.sh`
//   on a Mac.
// - `ChineseCheckersCoreFFI`: the C declarations and the Rust library. On Linux a system library
//   (header + modulemap written by run.sh, the .so linked through -L/-rpath flags that run.sh
//   passes, so no `unsafeFlags` here); on Apple platforms the XCFramework that
//   build-xcframework.sh writes to Frameworks/ (static libraries for device and simulator, with the
//   header and modulemap inside).
//
// Tools 6.0: the libraries are Swift 6 (language mode 6, complete concurrency checking), as the
// app is. The test targets stay in Swift 5 mode: the test runner that SwiftPM generates on Linux
// calls their main-actor test classes from a nonisolated context, which Swift 6 refuses.
//
// `#if os(Linux)` in a manifest tests the machine that builds, which is what decides here: Linux
// builds for Linux, a Mac builds for iOS (and for macOS when `swift build` runs there, which the
// XCFramework does not cover; use Xcode or `xcodebuild -destination 'generic/platform=iOS'`).
import PackageDescription

#if os(Linux)
    let coreFFI: Target = .systemLibrary(
        name: "ChineseCheckersCoreFFI",
        path: "Sources/ChineseCheckersCoreFFI"
    )
#else
    let coreFFI: Target = .binaryTarget(
        name: "ChineseCheckersCoreFFI",
        path: "Frameworks/ChineseCheckersCoreFFI.xcframework"
    )
#endif

let package = Package(
    name: "ChineseCheckersKit",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "ChineseCheckersKit", targets: ["ChineseCheckersKit"]),
        .library(name: "ChineseCheckersCore", targets: ["ChineseCheckersCore"]),
    ],
    targets: [
        coreFFI,
        // The generated Swift bindings of the Rust core.
        .target(
            name: "ChineseCheckersCore",
            dependencies: ["ChineseCheckersCoreFFI"],
            path: "Sources/ChineseCheckersCore"
        ),
        // Screen models, online client, persistence and wording of the core's messages.
        .target(
            name: "ChineseCheckersKit",
            dependencies: ["ChineseCheckersCore"],
            path: "Sources/ChineseCheckersKit"
        ),
        // The bindings themselves, through the real core (moved from tests/swift).
        .testTarget(
            name: "CoreBindingsTests",
            dependencies: ["ChineseCheckersCore", "ChineseCheckersKit"],
            path: "Tests/CoreBindingsTests",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The screen models, the wording and the String Catalog, through the real core.
        .testTarget(
            name: "ChineseCheckersKitTests",
            dependencies: ["ChineseCheckersCore", "ChineseCheckersKit"],
            path: "Tests/ChineseCheckersKitTests",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
