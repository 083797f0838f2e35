// Words for the core's structured messages, from the app's String Catalog: the package picks
// the key and the arguments, the catalog gives the words in the person's language.
import ChineseCheckersKit
import Foundation
import SwiftUI

/// The app's renderer of `LocalizedMessage`s.
enum AppText {
    /// Formats from the bundle's String Catalog, with the same keys the Linux tests check.
    static let renderer = MessageRenderer(
        language: Locale.current.language.languageCode?.identifier ?? "en"
    ) { key in
        let text = String(localized: String.LocalizationValue(key))
        // String(localized:) answers the key itself when the catalog has no entry.
        return text == key ? nil : text
    }

    /// The message in the person's language.
    static func string(_ message: LocalizedMessage) -> String {
        renderer.text(message)
    }

    /// Several messages as one VoiceOver sentence.
    static func sentence(_ messages: [LocalizedMessage]) -> String {
        messages.map(string).joined(separator: ", ")
    }
}

extension Text {
    /// A text showing a message of the core, worded from the catalog.
    init(_ message: LocalizedMessage) {
        self.init(verbatim: AppText.string(message))
    }
}
