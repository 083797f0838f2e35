// swift-tools-version:5.9
// Swift tests of the generated UniFFI bindings, run on Linux by `tests/swift/run.sh`.
//
// The sources of ChineseCheckersCore (the generated `ChineseCheckersCore.swift`) and
// ChineseCheckersCoreFFI (the generated header and `module.modulemap`) are written by run.sh
// and are not committed. Link flags (-L, rpath) are passed by run.sh, so no `unsafeFlags` here.
import PackageDescription

let package = Package(
    name: "ChineseCheckersSwiftTests",
    products: [
        .library(name: "ChineseCheckersCore", targets: ["ChineseCheckersCore"]),
        .library(name: "GameModel", targets: ["GameModel"]),
    ],
    targets: [
        // C declarations of the Rust FFI; the modulemap links libchinese_checkers_core.
        .systemLibrary(name: "ChineseCheckersCoreFFI", path: "Sources/ChineseCheckersCoreFFI"),
        // The generated Swift bindings.
        .target(
            name: "ChineseCheckersCore",
            dependencies: ["ChineseCheckersCoreFFI"],
            path: "Sources/ChineseCheckersCore"
        ),
        // Plain-Swift app model shared with the iOS app (placeholder for now).
        .target(
            name: "GameModel",
            dependencies: ["ChineseCheckersCore"],
            path: "Sources/GameModel"
        ),
        .testTarget(
            name: "ChineseCheckersCoreTests",
            dependencies: ["ChineseCheckersCore", "GameModel"],
            path: "Tests/ChineseCheckersCoreTests"
        ),
    ]
)
