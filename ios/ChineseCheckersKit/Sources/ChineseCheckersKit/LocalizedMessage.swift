// A message to show, as a String Catalog key and its arguments: the core words nothing, the
// package picks the key, the app's catalog (or `StringCatalog` in tests) gives the words.
import Foundation

/// One argument of a `LocalizedMessage`.
public enum MessageArgument: Equatable, Hashable, Sendable {
    /// Text shown as it is: a name a player typed, an AI opponent's proper name, a room code.
    case text(String)
    /// A number (`%lld` in the catalog).
    case number(Int)
    /// Another message, worded first (a player's name such as "You" or "Player 2").
    case message(LocalizedMessage)
    /// Several messages joined with the language's list separator (key `list.separator`).
    case list([LocalizedMessage])
}

/// A String Catalog key with its arguments, in the order of the catalog's placeholders
/// (`%@` for text and messages, `%lld` for numbers; `%1$@`-style positions allowed).
public struct LocalizedMessage: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The catalog key, such as `banner.turnSkipped`.
    public let key: String
    /// The values of the key's placeholders.
    public let arguments: [MessageArgument]

    /// A message with the given key and arguments.
    public init(_ key: String, _ arguments: [MessageArgument] = []) {
        self.key = key
        self.arguments = arguments
    }

    /// The key and arguments, for logs and test failures.
    public var description: String {
        arguments.isEmpty ? key : "\(key)\(arguments)"
    }

    /// Every key this message needs from a catalog: its own and its arguments' keys.
    public var allKeys: [String] {
        var keys = [key]
        for argument in arguments {
            switch argument {
            case .text, .number:
                break
            case .message(let inner):
                keys += inner.allKeys
            case .list(let items):
                if !items.isEmpty { keys.append(MessageRenderer.listSeparatorKey) }
                keys += items.flatMap(\.allKeys)
            }
        }
        return keys
    }
}

/// Why a message could not be rendered.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// The catalog has no string for this key in this language.
    case missingKey(key: String, language: String)
    /// The format has a placeholder the arguments do not fill, or of the wrong type.
    case badPlaceholder(key: String, language: String, detail: String)

    /// A readable explanation for test failures and logs.
    public var description: String {
        switch self {
        case .missingKey(let key, let language):
            return "no string for '\(key)' in '\(language)'"
        case .badPlaceholder(let key, let language, let detail):
            return "'\(key)' in '\(language)': \(detail)"
        }
    }
}

/// Renders a `LocalizedMessage` with formats looked up by key: the app looks them up in its
/// bundle's String Catalog, the tests in `StringCatalog`. The substitution is done here, the same
/// way on every platform, so that what the tests check is what the app shows.
public struct MessageRenderer: Sendable {
    /// The key of the separator between list items (", " in English, "、" in Chinese).
    public static let listSeparatorKey = "list.separator"

    /// The language code, for error messages.
    public let language: String
    private let lookup: @Sendable (String) -> String?

    /// A renderer whose formats come from `lookup` (nil when the key is missing).
    public init(language: String, lookup: @escaping @Sendable (String) -> String?) {
        self.language = language
        self.lookup = lookup
    }

    /// The message in this renderer's language; throws when a key is missing or a placeholder
    /// does not match its argument.
    public func render(_ message: LocalizedMessage) throws -> String {
        guard let format = lookup(message.key) else {
            throw RenderError.missingKey(key: message.key, language: language)
        }
        let values = try message.arguments.map(renderArgument)
        return try substitute(format, values, key: message.key)
    }

    /// The message, or its key when it cannot be rendered (a UI must show something).
    public func text(_ message: LocalizedMessage) -> String {
        (try? render(message)) ?? message.key
    }

    private enum Value {
        case text(String)
        case number(Int)
    }

    private func renderArgument(_ argument: MessageArgument) throws -> Value {
        switch argument {
        case .text(let text):
            return .text(text)
        case .number(let number):
            return .number(number)
        case .message(let inner):
            return .text(try render(inner))
        case .list(let items):
            let parts = try items.map(render)
            let separator =
                parts.count > 1 ? try render(LocalizedMessage(Self.listSeparatorKey)) : ""
            return .text(parts.joined(separator: separator))
        }
    }

    /// Replaces `%@`, `%lld`, `%d` (optionally positional, `%2$@`) and `%%` in `format`.
    private func substitute(_ format: String, _ values: [Value], key: String) throws -> String {
        var result = ""
        var next = 0
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                result += "%"
                rest = rest.dropFirst()
                continue
            }
            var position: Int?
            let digits = rest.prefix { $0.isNumber }
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
                position = Int(digits).map { $0 - 1 }
                rest = rest.dropFirst(digits.count + 1)
            }
            let spec: String
            if rest.hasPrefix("lld") {
                spec = "lld"
            } else if rest.hasPrefix("@") || rest.hasPrefix("d") {
                spec = String(rest.prefix(1))
            } else {
                throw RenderError.badPlaceholder(
                    key: key, language: language, detail: "unsupported placeholder in '\(format)'")
            }
            rest = rest.dropFirst(spec.count)
            let index = position ?? next
            next = index + 1
            guard values.indices.contains(index) else {
                throw RenderError.badPlaceholder(
                    key: key, language: language,
                    detail: "placeholder \(index + 1) has no argument (\(values.count) given)")
            }
            switch (values[index], spec) {
            case (.text(let text), "@"):
                result += text
            case (.number(let number), "lld"), (.number(let number), "d"):
                result += String(number)
            default:
                throw RenderError.badPlaceholder(
                    key: key, language: language,
                    detail: "placeholder \(index + 1) is %\(spec), the argument does not match")
            }
        }
        result += rest
        return result
    }
}
