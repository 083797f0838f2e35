import ChineseCheckersCore
import XCTest

final class CoreVersionTests: XCTestCase {
    func testCoreVersionMatchesCrateVersion() {
        XCTAssertEqual(coreVersion(), "0.1.0")
    }
}
