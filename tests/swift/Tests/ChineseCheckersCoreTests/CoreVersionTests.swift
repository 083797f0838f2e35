import XCTest
import ChineseCheckersCore
import GameModel

final class CoreVersionTests: XCTestCase {
    func testCoreVersionMatchesCrateVersion() {
        XCTAssertEqual(coreVersion(), "0.1.0")
    }

    func testGameModelPlaceholder() {
        XCTAssertEqual(GameModelInfo.version, "0.1")
    }
}
