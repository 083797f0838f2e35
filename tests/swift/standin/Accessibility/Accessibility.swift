// Pinned to: Xcode 26.6 (17F113), iOS 26.5 SDK (tests/swift/standin/README.md, sdk-pin.json).
// A type-checking stand-in for the Accessibility framework, used only by tests/swift/run.sh: the
// announcement the app's views post. See ../SwiftUI/Core.swift for how the stand-in's
// declarations were written.
import Foundation

/// https://developer.apple.com/documentation/accessibility/accessibilitynotification
@available(iOS 17.0, *)
public enum AccessibilityNotification {
    /// https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement
    public struct Announcement {
        /// https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement/init(_:)
        public init(_ announcement: String) { fatalError() }
        /// https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement/post()
        public func post() { fatalError() }
    }
}
