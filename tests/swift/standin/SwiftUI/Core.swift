// Pinned to: Xcode 26.6 (17F113), iOS 26.5 SDK (tests/swift/standin/README.md, sdk-pin.json).
// A type-checking stand-in for SwiftUI, used only by tests/swift/run.sh: Linux has no SwiftUI, so
// the app's views are compiled here against these declarations, which are exactly the ones the
// views use, each written from its page in Apple's documentation (cited beside it). Nothing here
// runs: bodies are `fatalError()`.
//
// Pinned to the SDK the iOS workflow builds with (Xcode 26.6, the iOS 26.5 SDK): the pages show
// the newest SDK (Xcode 27's at the time of writing), so three of their forms are not the 26.5
// SDK's and are written as that SDK has them:
// - the pages' `@ContentBuilder` (SDK 27, a type alias of `ViewBuilder` there) is written
//   `@ViewBuilder`, the 26.5 SDK's builder for the same parameters;
// - `@State` is the 26.5 SDK's property wrapper, not SDK 27's macro;
// - `@export(implementation)` (about inlining, no effect on type checking; Swift 6.0.3 here does
//   not parse it) is left out.
// Declarations whose form differs between SDKs are listed in sdk-pin.json, which
// tests/swift/check_ios_project.py reads: the stand-in must have the pinned SDK's form, and the
// workflow must build with that Xcode. An overloaded symbol is cited by its overload group's
// address (the page listing its overloads) unless the exact overload's page was looked up.
// Availability is the pages' iOS availability; the check fails if the app uses a declaration
// newer than its deployment target outside `if #available`.
@_exported import Foundation
import Observation
@_exported import UIKit

// MARK: - View and its builder

/// https://developer.apple.com/documentation/swiftui/view
@available(iOS 13.0, *)
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    /// https://developer.apple.com/documentation/swiftui/view/body-8kl5o
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Primitive views have `Never` bodies.
/// https://developer.apple.com/documentation/swiftui/view (Never conforms: "Relationships")
@available(iOS 13.0, *)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/viewbuilder
@available(iOS 13.0, *)
@resultBuilder public struct ViewBuilder {
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildexpression(_:)
    public static func buildExpression<Content>(_ content: Content) -> Content
    where Content: View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock()
    public static func buildBlock() -> EmptyView { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    public static func buildBlock<Content>(_ content: Content) -> Content
    where Content: View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)-2bj1g
    @available(iOS 17.0, *)
    public static func buildBlock<each Content>(_ content: repeat each Content)
        -> TupleView<(repeat each Content)>
    where repeat each Content: View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:)
    public static func buildIf<Content>(_ content: Content?) -> Content?
    where Content: View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
    public static func buildEither<TrueContent, FalseContent>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    where TrueContent: View, FalseContent: View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
    public static func buildEither<TrueContent, FalseContent>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    where TrueContent: View, FalseContent: View { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/tupleview
@available(iOS 13.0, *)
@frozen public struct TupleView<T>: View {
    public var value: T
    /// https://developer.apple.com/documentation/swiftui/tupleview/init(_:)
    public init(_ value: T) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/_conditionalcontent
@available(iOS 13.0, *)
@frozen public struct _ConditionalContent<TrueContent, FalseContent>: View
where TrueContent: View, FalseContent: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/emptyview
@available(iOS 13.0, *)
@frozen public struct EmptyView: View {
    /// https://developer.apple.com/documentation/swiftui/emptyview/init()
    public init() {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// `buildIf` results: Optional is a view when its wrapped type is.
/// https://developer.apple.com/documentation/swift/optional (SwiftUI's View conformance)
@available(iOS 13.0, *)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/viewmodifier
@available(iOS 13.0, *)
@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    /// https://developer.apple.com/documentation/swiftui/viewmodifier/body(content:)
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// https://developer.apple.com/documentation/swiftui/_viewmodifier_content
@available(iOS 13.0, *)
public struct _ViewModifier_Content<Modifier>: View where Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/modifiedcontent
@available(iOS 13.0, *)
@frozen public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
}

/// https://developer.apple.com/documentation/swiftui/modifiedcontent (View conformance)
@available(iOS 13.0, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// MARK: - App and scenes

/// https://developer.apple.com/documentation/swiftui/app
@available(iOS 14.0, *)
@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    /// https://developer.apple.com/documentation/swiftui/app/body-swift.property
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    /// https://developer.apple.com/documentation/swiftui/app/init()
    @MainActor @preconcurrency init()
}

@available(iOS 14.0, *)
extension App {
    /// https://developer.apple.com/documentation/swiftui/app/main()
    @MainActor @preconcurrency public static func main() { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/scene
@available(iOS 14.0, *)
@MainActor @preconcurrency public protocol Scene {
    associatedtype Body: Scene
    /// https://developer.apple.com/documentation/swiftui/scene/body-swift.property
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// https://developer.apple.com/documentation/swiftui/scenebuilder
@available(iOS 14.0, *)
@resultBuilder public struct SceneBuilder {
    /// https://developer.apple.com/documentation/swiftui/scenebuilder/buildblock(_:)
    public static func buildBlock<Content>(_ content: Content) -> Content
    where Content: Scene { fatalError() }
}

@available(iOS 14.0, *)
extension Never: Scene {}

/// https://developer.apple.com/documentation/swiftui/windowgroup
@available(iOS 14.0, *)
public struct WindowGroup<Content>: Scene where Content: View {
    /// https://developer.apple.com/documentation/swiftui/windowgroup/init(content:)
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/scenephase
@available(iOS 14.0, *)
public enum ScenePhase: Comparable, Hashable, Sendable {
    case background
    case inactive
    case active
}

// MARK: - State and bindings

/// https://developer.apple.com/documentation/swiftui/state
@available(iOS 13.0, *)
@frozen @propertyWrapper public struct State<Value> {
    /// https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
    public init(wrappedValue value: Value) { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/state/init(initialvalue:)
    public init(initialValue value: Value) { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/state/wrappedvalue
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }
    /// https://developer.apple.com/documentation/swiftui/state/projectedvalue
    public var projectedValue: Binding<Value> { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/binding
@available(iOS 13.0, *)
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    /// https://developer.apple.com/documentation/swiftui/binding/init(get:set:)-7ufcp
    @preconcurrency public init(
        get: @escaping @isolated(any) @Sendable () -> Value,
        set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/binding/init(projectedvalue:)
    public init(projectedValue: Binding<Value>) { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/binding/wrappedvalue
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }
    /// https://developer.apple.com/documentation/swiftui/binding/projectedvalue
    public var projectedValue: Binding<Value> { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:)
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
        -> Binding<Subject>
    { fatalError() }
}

/// "A binding conforms to Sendable only if its wrapped value type also conforms to Sendable."
/// https://developer.apple.com/documentation/swiftui/binding/init(get:set:)-7ufcp
@available(iOS 13.0, *)
extension Binding: @unchecked Sendable where Value: Sendable {}

/// https://developer.apple.com/documentation/swiftui/bindable
@available(iOS 17.0, *)
@dynamicMemberLookup @propertyWrapper public struct Bindable<Value> {
    /// https://developer.apple.com/documentation/swiftui/bindable/wrappedvalue
    public var wrappedValue: Value
    /// https://developer.apple.com/documentation/swiftui/bindable/projectedvalue
    public var projectedValue: Bindable<Value> { fatalError() }
    // The SDK's interface also has these two, unconstrained and unavailable ("The wrapped value
    // must be an object that conforms to Observable"; the documentation leaves unavailable
    // declarations out): they make `@Bindable var model: M` a memberwise parameter of type M.
    @available(*, unavailable, message: "The wrapped value must be an Observable object")
    public init(wrappedValue: Value) { fatalError() }
    @available(*, unavailable, message: "The wrapped value must be an Observable object")
    public init(projectedValue: Bindable<Value>) { fatalError() }
}

@available(iOS 17.0, *)
extension Bindable where Value: AnyObject {
    /// https://developer.apple.com/documentation/swiftui/bindable/subscript(dynamicmember:)
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>)
        -> Binding<Subject>
    { fatalError() }
}

@available(iOS 17.0, *)
extension Bindable where Value: AnyObject, Value: Observable {
    /// https://developer.apple.com/documentation/swiftui/bindable/init(wrappedvalue:)
    public init(wrappedValue: Value) { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/bindable/init(_:)
    public init(_ wrappedValue: Value) { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/bindable/init(projectedvalue:)
    public init(projectedValue: Bindable<Value>) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/focusstate
@available(iOS 15.0, *)
@frozen @propertyWrapper public struct FocusState<Value> where Value: Hashable {
    /// https://developer.apple.com/documentation/swiftui/focusstate/binding
    @frozen @propertyWrapper public struct Binding {
        // Only SwiftUI makes these (no public initialiser on the page); declaring one here
        // keeps Swift from synthesising an internal init() that a public wrapper may not have.
        private init(standIn: Never) {}
        /// https://developer.apple.com/documentation/swiftui/focusstate/binding/wrappedvalue
        public var wrappedValue: Value {
            get { fatalError() }
            nonmutating set { fatalError() }
        }
    }
    /// https://developer.apple.com/documentation/swiftui/focusstate/init()
    public init() where Value == Bool { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/focusstate/wrappedvalue
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }
    /// https://developer.apple.com/documentation/swiftui/focusstate/projectedvalue
    public var projectedValue: FocusState<Value>.Binding { fatalError() }
}

// MARK: - Environment

/// https://developer.apple.com/documentation/swiftui/environment
@available(iOS 13.0, *)
@frozen @propertyWrapper public struct Environment<Value> {
    /// https://developer.apple.com/documentation/swiftui/environment/init(_:)
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
    public var wrappedValue: Value { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/environmentvalues
@available(iOS 13.0, *)
public struct EnvironmentValues {
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/horizontalsizeclass
    public var horizontalSizeClass: UserInterfaceSizeClass? {
        get { fatalError() }
        set { fatalError() }
    }
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/scenephase
    @available(iOS 14.0, *)
    public var scenePhase: ScenePhase {
        get { fatalError() }
        set { fatalError() }
    }
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/accessibilityreducemotion
    public var accessibilityReduceMotion: Bool { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/colorscheme
    public var colorScheme: ColorScheme {
        get { fatalError() }
        set { fatalError() }
    }
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/dismiss
    @available(iOS 15.0, *)
    public var dismiss: DismissAction { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/userinterfacesizeclass
@available(iOS 13.0, *)
public enum UserInterfaceSizeClass: Sendable {
    case compact
    case regular
}

/// https://developer.apple.com/documentation/swiftui/colorscheme
@available(iOS 13.0, *)
public enum ColorScheme: CaseIterable, Sendable {
    case light
    case dark
}

/// https://developer.apple.com/documentation/swiftui/dismissaction
@available(iOS 15.0, *)
@MainActor @preconcurrency public struct DismissAction {
    /// https://developer.apple.com/documentation/swiftui/dismissaction/callasfunction()
    public func callAsFunction() { fatalError() }
}
