// Pinned to: Xcode 26.6 (17F113), iOS 26.5 SDK (tests/swift/standin/README.md, sdk-pin.json).
// The stand-in's declarations for the loupe and the history shown on the board (see Core.swift
// for the rules these follow): a long press sequenced before a drag, a clipped canvas, and a
// history inspector (a sheet at half height on a phone) that leaves the board usable behind it.

// MARK: - A long press, then a drag

/// https://developer.apple.com/documentation/swiftui/longpressgesture
@available(iOS 13.0, *)
public struct LongPressGesture: Gesture {
    public typealias Value = Bool
    /// https://developer.apple.com/documentation/swiftui/longpressgesture/init(minimumduration:maximumdistance:)
    nonisolated public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/sequencegesture
@available(iOS 13.0, *)
@frozen public struct SequenceGesture<First, Second>: Gesture
where First: Gesture, Second: Gesture {
    /// https://developer.apple.com/documentation/swiftui/sequencegesture/value
    @frozen public enum Value {
        /// https://developer.apple.com/documentation/swiftui/sequencegesture/value/first(_:)
        case first(First.Value)
        /// https://developer.apple.com/documentation/swiftui/sequencegesture/value/second(_:_:)
        case second(First.Value, Second.Value?)
    }
}

/// https://developer.apple.com/documentation/swiftui/sequencegesture/value ("Conforms To")
@available(iOS 13.0, *)
extension SequenceGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

@available(iOS 13.0, *)
extension Gesture {
    /// https://developer.apple.com/documentation/swiftui/gesture/sequenced(before:)
    @MainActor @preconcurrency public func sequenced<Other>(before other: Other)
        -> SequenceGesture<Self, Other>
    where Other: Gesture { fatalError() }
}

// MARK: - Clipping

@available(iOS 13.0, *)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/clipshape(_:style:)
    nonisolated public func clipShape<S>(_ shape: S, style: FillStyle = FillStyle()) -> some View
    where S: Shape { fatalError() }
}

// MARK: - A sheet that leaves the board usable

/// https://developer.apple.com/documentation/swiftui/presentationdetent
@available(iOS 16.0, *)
public struct PresentationDetent: Hashable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/presentationdetent/medium
    public static let medium = PresentationDetent()
    /// https://developer.apple.com/documentation/swiftui/presentationdetent/large
    public static let large = PresentationDetent()
}

/// https://developer.apple.com/documentation/swiftui/presentationbackgroundinteraction
@available(iOS 16.4, *)
public struct PresentationBackgroundInteraction: Sendable {
    /// https://developer.apple.com/documentation/swiftui/presentationbackgroundinteraction/enabled(upthrough:)
    public static func enabled(upThrough detent: PresentationDetent)
        -> PresentationBackgroundInteraction
    { fatalError() }
}

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/presentationdetents(_:)
    @available(iOS 16.0, *)
    nonisolated public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/presentationbackgroundinteraction(_:)
    @available(iOS 16.4, *)
    nonisolated public func presentationBackgroundInteraction(
        _ interaction: PresentationBackgroundInteraction
    ) -> some View { fatalError() }
}

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/inspector(ispresented:content:)
    @available(iOS 17.0, *)
    nonisolated public func inspector<V>(
        isPresented: Binding<Bool>, @ViewBuilder content: () -> V
    ) -> some View where V: View { fatalError() }
}
