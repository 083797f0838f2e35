// A reader of Xcode String Catalogs (`.xcstrings`, JSON), for the Linux tests and for tools:
// the app itself looks its strings up in its bundle, with the same keys.
import Foundation

/// The strings of a String Catalog, by key and language.
public struct StringCatalog: Sendable {
    /// The catalog's source language (`sourceLanguage`).
    public let sourceLanguage: String
    /// key → language → string (plain `stringUnit` values only).
    public let strings: [String: [String: String]]

    /// Why a catalog could not be read.
    public enum ReadError: Error, CustomStringConvertible {
        /// The file is not a String Catalog (`detail` says where it differs).
        case notACatalog(String)

        /// A readable explanation.
        public var description: String {
            switch self {
            case .notACatalog(let detail): return "not a String Catalog: \(detail)"
            }
        }
    }

    /// Reads the catalog at `url`.
    public init(contentsOf url: URL) throws {
        try self.init(data: Data(contentsOf: url))
    }

    /// Reads a catalog from its JSON.
    public init(data: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ReadError.notACatalog("the top level is not an object")
        }
        guard let source = root["sourceLanguage"] as? String else {
            throw ReadError.notACatalog("no sourceLanguage")
        }
        guard let entries = root["strings"] as? [String: Any] else {
            throw ReadError.notACatalog("no strings")
        }
        var strings: [String: [String: String]] = [:]
        for (key, value) in entries {
            guard let entry = value as? [String: Any] else {
                throw ReadError.notACatalog("entry '\(key)' is not an object")
            }
            let localizations = entry["localizations"] as? [String: Any] ?? [:]
            var byLanguage: [String: String] = [:]
            for (language, localization) in localizations {
                let unit = (localization as? [String: Any])?["stringUnit"] as? [String: Any]
                if let text = unit?["value"] as? String { byLanguage[language] = text }
            }
            strings[key] = byLanguage
        }
        self.sourceLanguage = source
        self.strings = strings
    }

    /// The string of `key` in `language`, if the catalog has one.
    public func string(_ key: String, language: String) -> String? {
        strings[key]?[language]
    }

    /// A renderer of messages in `language` from this catalog.
    public func renderer(language: String) -> MessageRenderer {
        let strings = self.strings
        return MessageRenderer(language: language) { strings[$0]?[language] }
    }
}
