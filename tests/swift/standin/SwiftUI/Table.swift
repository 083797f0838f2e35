// Pinned to: Xcode 26.6 (17F113), iOS 26.5 SDK (tests/swift/standin/README.md, sdk-pin.json).
// The stand-in's declarations for the board's table (see Core.swift for the rules these follow):
// pinch-zoom and pan gestures, overlays that never push the layout, one-line text, and the player
// strip that scrolls to the player to move.

// MARK: - Gestures

@available(iOS 13.0, *)
extension Gesture {
    /// https://developer.apple.com/documentation/swiftui/gesture/onchanged(_:)
    nonisolated public func onChanged(_ action: @escaping (Self.Value) -> Void)
        -> _ChangedGesture<Self>
    where Self.Value: Equatable { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/gesture/exclusively(before:)
    nonisolated public func exclusively<Other>(before other: Other) -> ExclusiveGesture<Self, Other>
    where Other: Gesture { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/_changedgesture
@available(iOS 13.0, *)
@frozen public struct _ChangedGesture<Content>: Gesture where Content: Gesture {
    public typealias Value = Content.Value
}

/// https://developer.apple.com/documentation/swiftui/exclusivegesture
@available(iOS 13.0, *)
@frozen public struct ExclusiveGesture<First, Second>: Gesture
where First: Gesture, Second: Gesture {
    /// https://developer.apple.com/documentation/swiftui/exclusivegesture/value
    @frozen public enum Value {
        /// https://developer.apple.com/documentation/swiftui/exclusivegesture/value/first(_:)
        case first(First.Value)
        /// https://developer.apple.com/documentation/swiftui/exclusivegesture/value/second(_:)
        case second(Second.Value)
    }
}

/// https://developer.apple.com/documentation/swiftui/magnifygesture
@available(iOS 17.0, *)
public struct MagnifyGesture: Gesture {
    /// https://developer.apple.com/documentation/swiftui/magnifygesture/value
    public struct Value: Equatable, Sendable {
        /// https://developer.apple.com/documentation/swiftui/magnifygesture/value/magnification
        public var magnification: CGFloat
        /// https://developer.apple.com/documentation/swiftui/magnifygesture/value/startlocation
        public var startLocation: CGPoint
    }
    /// https://developer.apple.com/documentation/swiftui/magnifygesture/init(minimumscaledelta:)
    nonisolated public init(minimumScaleDelta: CGFloat = 0.01) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/draggesture
@available(iOS 13.0, *)
@MainActor @preconcurrency public struct DragGesture: Gesture {
    /// https://developer.apple.com/documentation/swiftui/draggesture/value
    public struct Value: Equatable, Sendable {
        /// https://developer.apple.com/documentation/swiftui/draggesture/value/translation
        public var translation: CGSize { fatalError() }
        /// https://developer.apple.com/documentation/swiftui/draggesture/value/location
        public var location: CGPoint { fatalError() }
    }
    /// https://developer.apple.com/documentation/swiftui/draggesture/init(minimumdistance:coordinatespace:)
    @available(iOS 17.0, *)
    @MainActor @preconcurrency public init(
        minimumDistance: CGFloat = 10, coordinateSpace: some CoordinateSpaceProtocol = .local
    ) { fatalError() }
}

@available(iOS 13.0, *)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/simultaneousgesture(_:including:)
    nonisolated public func simultaneousGesture<T>(
        _ gesture: T, including mask: GestureMask = .all
    ) -> some View where T: Gesture { fatalError() }
}

// MARK: - Overlays and one-line text

@available(iOS 13.0, *)
extension Alignment {
    /// https://developer.apple.com/documentation/swiftui/alignment/top
    public static let top = Alignment()
    /// https://developer.apple.com/documentation/swiftui/alignment/bottom
    public static let bottom = Alignment()
}

@available(iOS 13.0, *)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/overlay(alignment:content:)
    @available(iOS 15.0, *)
    nonisolated public func overlay<V>(
        alignment: Alignment = .center, @ViewBuilder content: () -> V
    ) -> some View where V: View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/allowshittesting(_:)
    nonisolated public func allowsHitTesting(_ enabled: Bool) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/linelimit(_:)-513mb
    nonisolated public func lineLimit(_ number: Int?) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/minimumscalefactor(_:)
    nonisolated public func minimumScaleFactor(_ factor: CGFloat) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/id(_:)
    nonisolated public func id<ID>(_ id: ID) -> some View where ID: Hashable { fatalError() }
}

// MARK: - Scrolling to a view

/// https://developer.apple.com/documentation/swiftui/unitpoint
@available(iOS 13.0, *)
@frozen public struct UnitPoint: Hashable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/unitpoint/center
    public static let center = UnitPoint()
}

/// https://developer.apple.com/documentation/swiftui/scrollviewproxy
@available(iOS 14.0, *)
public struct ScrollViewProxy {
    /// https://developer.apple.com/documentation/swiftui/scrollviewproxy/scrollto(_:anchor:)
    public func scrollTo<ID>(_ id: ID, anchor: UnitPoint? = nil) where ID: Hashable {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/scrollviewreader
@available(iOS 14.0, *)
@frozen public struct ScrollViewReader<Content>: View where Content: View {
    /// https://developer.apple.com/documentation/swiftui/scrollviewreader/init(content:)
    nonisolated public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) {
        fatalError()
    }
    public typealias Body = Never
    public var body: Never { fatalError() }
}
