// Pinned to: Xcode 26.6 (17F113), iOS 26.5 SDK (tests/swift/standin/README.md, sdk-pin.json).
// A type-checking stand-in for XCUIAutomation (the UI-testing part of XCTest since Xcode 16.3),
// used only by tests/swift/run.sh to compile ios/ChineseCheckersUITests: Linux's XCTest has no
// XCUI types. The UI tests import XCTest only, as Xcode builds them; run.sh imports this module
// into them implicitly. Only what the UI tests use, each declaration written from its page in
// Apple's documentation (cited beside it); nothing here runs.
import Foundation
import UIKit

/// https://developer.apple.com/documentation/xcuiautomation/xcuielementtypequeryprovider
@MainActor public protocol XCUIElementTypeQueryProvider {
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielementtypequeryprovider/buttons
    var buttons: XCUIElementQuery { get }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielementtypequeryprovider/switches
    var switches: XCUIElementQuery { get }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielementtypequeryprovider/textfields
    var textFields: XCUIElementQuery { get }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielementtypequeryprovider/navigationbars
    var navigationBars: XCUIElementQuery { get }
}

/// https://developer.apple.com/documentation/xcuiautomation/xcuielement
@MainActor open class XCUIElement: NSObject, XCUIElementTypeQueryProvider {
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielement/elementtype-swift.enum
    public enum ElementType: UInt, Sendable {
        case any = 0
    }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielement/exists
    public var exists: Bool { fatalError() }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielement/ishittable
    public var isHittable: Bool { fatalError() }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielementattributes/label
    public var label: String { fatalError() }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielementattributes/isenabled
    public var isEnabled: Bool { fatalError() }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielement/firstmatch
    public var firstMatch: XCUIElement { fatalError() }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielement/waitforexistence(timeout:)
    public func waitForExistence(timeout: TimeInterval) -> Bool { fatalError() }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielement/tap()
    public func tap() { fatalError() }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielement/swipeup()
    public func swipeUp() { fatalError() }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielement/descendants(matching:)
    public func descendants(matching type: XCUIElement.ElementType) -> XCUIElementQuery {
        fatalError()
    }
    public var buttons: XCUIElementQuery { fatalError() }
    public var switches: XCUIElementQuery { fatalError() }
    public var textFields: XCUIElementQuery { fatalError() }
    public var navigationBars: XCUIElementQuery { fatalError() }
}

/// https://developer.apple.com/documentation/xcuiautomation/xcuiapplication
@MainActor open class XCUIApplication: XCUIElement {
    /// https://developer.apple.com/documentation/xcuiautomation/xcuiapplication/init()
    override public init() { fatalError() }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuiapplication/launcharguments
    public var launchArguments: [String] {
        get { fatalError() }
        set { fatalError() }
    }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuiapplication/launch()
    public func launch() { fatalError() }
}

/// https://developer.apple.com/documentation/xcuiautomation/xcuielementquery
@MainActor open class XCUIElementQuery: NSObject, XCUIElementTypeQueryProvider {
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielementquery/subscript(_:)
    public subscript(key: String) -> XCUIElement { fatalError() }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielementquery/element(boundby:)
    public func element(boundBy index: Int) -> XCUIElement { fatalError() }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielementquery/firstmatch
    public var firstMatch: XCUIElement { fatalError() }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuielementquery/count
    public var count: Int { fatalError() }
    public var buttons: XCUIElementQuery { fatalError() }
    public var switches: XCUIElementQuery { fatalError() }
    public var textFields: XCUIElementQuery { fatalError() }
    public var navigationBars: XCUIElementQuery { fatalError() }
}

/// https://developer.apple.com/documentation/xcuiautomation/xcuidevice
@MainActor open class XCUIDevice: NSObject {
    /// https://developer.apple.com/documentation/xcuiautomation/xcuidevice/shared
    public class var shared: XCUIDevice { fatalError() }
    /// https://developer.apple.com/documentation/xcuiautomation/xcuidevice/orientation
    public var orientation: UIDeviceOrientation {
        get { fatalError() }
        set { fatalError() }
    }
}
