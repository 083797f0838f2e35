// Pinned to: Xcode 26.6 (17F113), iOS 26.5 SDK (tests/swift/standin/README.md, sdk-pin.json).
// A type-checking stand-in for the part of Apple's Foundation that the app uses and Linux's
// swift-corelibs-foundation lacks (String Catalog lookups), used only by tests/swift/run.sh.
// It is imported into the app's compile implicitly, so the app's sources stay what Xcode builds
// (on a Mac these come from Foundation itself). See ../SwiftUI/Core.swift for how the stand-in's
// declarations were written.
import Foundation

@available(iOS 15.0, *)
extension String {
    /// https://developer.apple.com/documentation/swift/string/localizationvalue
    public struct LocalizationValue: Equatable, ExpressibleByStringLiteral, Sendable {
        /// https://developer.apple.com/documentation/swift/string/localizationvalue/init(_:)
        public init(_ value: String) { fatalError() }
        /// https://developer.apple.com/documentation/swift/string/localizationvalue/init(stringliteral:)
        public init(stringLiteral value: String) { fatalError() }
    }

    /// https://developer.apple.com/documentation/swift/string/init(localized:table:bundle:locale:comment:)
    public init(
        localized keyAndValue: String.LocalizationValue, table: String? = nil,
        bundle: Bundle? = nil, locale: Locale = .current, comment: StaticString? = nil
    ) { fatalError() }
}
