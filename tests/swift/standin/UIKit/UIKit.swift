// Pinned to: Xcode 26.6 (17F113), iOS 26.5 SDK (tests/swift/standin/README.md, sdk-pin.json).
// A type-checking stand-in for UIKit, used only by tests/swift/run.sh: the two UIKit types the
// app's SwiftUI views pass to modifiers (SwiftUI re-exports UIKit on iOS) and the device
// orientation the UI tests set through XCUIDevice. See ../SwiftUI/Core.swift for how the
// stand-in's declarations were written.
@_exported import Foundation

/// https://developer.apple.com/documentation/uikit/uikeyboardtype
@available(iOS 2.0, *)
public enum UIKeyboardType: Int, Sendable {
    case `default` = 0
    // The case is named as UIKit names it.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// https://developer.apple.com/documentation/uikit/uikeyboardtype/url
    case URL = 3
}

/// https://developer.apple.com/documentation/uikit/uitextcontenttype
@available(iOS 10.0, *)
public struct UITextContentType: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/uikit/uitextcontenttype/nickname
    public static let nickname = UITextContentType(rawValue: "nickname")
}

/// https://developer.apple.com/documentation/uikit/uideviceorientation
@available(iOS 2.0, *)
public enum UIDeviceOrientation: Int, Sendable {
    case unknown = 0
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 3
    case landscapeRight = 4
    case faceUp = 5
    case faceDown = 6
}
