// Pinned to: Xcode 26.6 (17F113), iOS 26.5 SDK (tests/swift/standin/README.md, sdk-pin.json).
// The stand-in's view modifiers and the small types they take (see Core.swift for what the
// stand-in is and how its declarations were written).
import Foundation
import UIKit

// MARK: - Layout

/// https://developer.apple.com/documentation/swiftui/edge
@available(iOS 13.0, *)
@frozen public enum Edge: Int8, CaseIterable, Sendable {
    case top
    case leading
    case bottom
    case trailing
    /// https://developer.apple.com/documentation/swiftui/edge/set
    @frozen public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/swiftui/edge/set/top
        public static let top = Set(rawValue: 1)
        /// https://developer.apple.com/documentation/swiftui/edge/set/leading
        public static let leading = Set(rawValue: 2)
        /// https://developer.apple.com/documentation/swiftui/edge/set/bottom
        public static let bottom = Set(rawValue: 4)
        /// https://developer.apple.com/documentation/swiftui/edge/set/trailing
        public static let trailing = Set(rawValue: 8)
        /// https://developer.apple.com/documentation/swiftui/edge/set/all
        public static let all = Set(rawValue: 15)
        /// https://developer.apple.com/documentation/swiftui/edge/set/horizontal
        public static let horizontal = Set(rawValue: 10)
        /// https://developer.apple.com/documentation/swiftui/edge/set/vertical
        public static let vertical = Set(rawValue: 5)
    }
}

/// https://developer.apple.com/documentation/swiftui/verticaledge
@available(iOS 15.0, *)
@frozen public enum VerticalEdge: Int8, CaseIterable, Sendable {
    case top
    case bottom
}

/// https://developer.apple.com/documentation/swiftui/horizontaledge
@available(iOS 15.0, *)
@frozen public enum HorizontalEdge: Int8, CaseIterable, Sendable {
    case leading
    case trailing
}

/// https://developer.apple.com/documentation/swiftui/contentmode
@available(iOS 13.0, *)
public enum ContentMode: Hashable, CaseIterable, Sendable {
    case fit
    case fill
}

/// https://developer.apple.com/documentation/swiftui/textalignment
@available(iOS 13.0, *)
public enum TextAlignment: Hashable, CaseIterable, Sendable {
    case leading
    case center
    case trailing
}

/// https://developer.apple.com/documentation/swiftui/controlsize
@available(iOS 15.0, *)
public enum ControlSize: CaseIterable, Hashable, Sendable {
    case mini
    case small
    case regular
    case large
}

@available(iOS 13.0, *)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/padding(_:_:)
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil)
        -> some View
    { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:)
    nonisolated public func frame(
        width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)
    nonisolated public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/position(_:)
    nonisolated public func position(_ position: CGPoint) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/aspectratio(_:contentmode:)
    nonisolated public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode)
        -> some View
    { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/safeareainset(edge:alignment:spacing:content:)
    @available(iOS 15.0, *)
    nonisolated public func safeAreaInset<V>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> some View where V: View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/contentshape(_:eofill:)
    nonisolated public func contentShape<S>(_ shape: S, eoFill: Bool = false) -> some View
    where S: Shape { fatalError() }

    // MARK: Text and appearance

    /// https://developer.apple.com/documentation/swiftui/view/font(_:)
    nonisolated public func font(_ font: Font?) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:)
    @available(iOS 15.0, *)
    nonisolated public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/multilinetextalignment(_:)
    nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/background(_:ignoressafeareaedges:)
    @available(iOS 15.0, *)
    nonisolated public func background<S>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all)
        -> some View
    where S: ShapeStyle { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/background(_:in:fillstyle:)
    @available(iOS 15.0, *)
    nonisolated public func background<S, T>(
        _ style: S, in shape: T, fillStyle: FillStyle = FillStyle()
    ) -> some View where S: ShapeStyle, T: Shape { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/controlsize(_:)
    @available(iOS 15.0, *)
    nonisolated public func controlSize(_ controlSize: ControlSize) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/disabled(_:)
    nonisolated public func disabled(_ disabled: Bool) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/tag(_:)
    nonisolated public func tag<V>(_ tag: V) -> some View where V: Hashable { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/textselection(_:)
    @available(iOS 15.0, *)
    nonisolated public func textSelection<S>(_ selectability: S) -> some View
    where S: TextSelectability { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/textselectability
@available(iOS 15.0, *)
public protocol TextSelectability {}

/// https://developer.apple.com/documentation/swiftui/enabledtextselectability
@available(iOS 15.0, *)
public struct EnabledTextSelectability: TextSelectability {}

@available(iOS 15.0, *)
extension TextSelectability where Self == EnabledTextSelectability {
    /// https://developer.apple.com/documentation/swiftui/textselectability/enabled
    public static var enabled: EnabledTextSelectability { fatalError() }
}

// MARK: - Styles

/// https://developer.apple.com/documentation/swiftui/primitivebuttonstyle
@available(iOS 13.0, *)
@MainActor @preconcurrency public protocol PrimitiveButtonStyle {}

/// https://developer.apple.com/documentation/swiftui/borderedbuttonstyle
@available(iOS 15.0, *)
public struct BorderedButtonStyle: PrimitiveButtonStyle {}

/// https://developer.apple.com/documentation/swiftui/borderedprominentbuttonstyle
@available(iOS 15.0, *)
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {}

/// https://developer.apple.com/documentation/swiftui/borderlessbuttonstyle
@available(iOS 13.0, *)
public struct BorderlessButtonStyle: PrimitiveButtonStyle {}

@available(iOS 15.0, *)
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    /// https://developer.apple.com/documentation/swiftui/primitivebuttonstyle/bordered
    @MainActor @preconcurrency public static var bordered: BorderedButtonStyle { fatalError() }
}

@available(iOS 15.0, *)
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    /// https://developer.apple.com/documentation/swiftui/primitivebuttonstyle/borderedprominent
    @MainActor @preconcurrency public static var borderedProminent: BorderedProminentButtonStyle {
        fatalError()
    }
}

@available(iOS 13.0, *)
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    /// https://developer.apple.com/documentation/swiftui/primitivebuttonstyle/borderless
    @MainActor @preconcurrency public static var borderless: BorderlessButtonStyle { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/pickerstyle
@available(iOS 13.0, *)
@MainActor @preconcurrency public protocol PickerStyle {}

/// https://developer.apple.com/documentation/swiftui/menupickerstyle
@available(iOS 14.0, *)
public struct MenuPickerStyle: PickerStyle {}

/// https://developer.apple.com/documentation/swiftui/segmentedpickerstyle
@available(iOS 13.0, *)
public struct SegmentedPickerStyle: PickerStyle {}

@available(iOS 14.0, *)
extension PickerStyle where Self == MenuPickerStyle {
    /// https://developer.apple.com/documentation/swiftui/pickerstyle/menu
    @MainActor @preconcurrency public static var menu: MenuPickerStyle { fatalError() }
}

@available(iOS 13.0, *)
extension PickerStyle where Self == SegmentedPickerStyle {
    /// https://developer.apple.com/documentation/swiftui/pickerstyle/segmented
    @MainActor @preconcurrency public static var segmented: SegmentedPickerStyle { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/labelstyle
@available(iOS 14.0, *)
@MainActor @preconcurrency public protocol LabelStyle {}

/// https://developer.apple.com/documentation/swiftui/titleandiconlabelstyle
@available(iOS 14.5, *)
public struct TitleAndIconLabelStyle: LabelStyle {}

@available(iOS 14.5, *)
extension LabelStyle where Self == TitleAndIconLabelStyle {
    /// https://developer.apple.com/documentation/swiftui/labelstyle/titleandicon
    @MainActor @preconcurrency public static var titleAndIcon: TitleAndIconLabelStyle {
        fatalError()
    }
}

@available(iOS 13.0, *)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/buttonstyle(_:)
    nonisolated public func buttonStyle<S>(_ style: S) -> some View where S: PrimitiveButtonStyle {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/pickerstyle(_:)
    nonisolated public func pickerStyle<S>(_ style: S) -> some View where S: PickerStyle {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/labelstyle(_:)
    @available(iOS 14.0, *)
    nonisolated public func labelStyle<S>(_ style: S) -> some View where S: LabelStyle {
        fatalError()
    }
}

// MARK: - Text input

/// https://developer.apple.com/documentation/swiftui/textinputautocapitalization
@available(iOS 15.0, *)
public struct TextInputAutocapitalization: Sendable {
    /// https://developer.apple.com/documentation/swiftui/textinputautocapitalization/never
    public static var never: TextInputAutocapitalization { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/textinputautocapitalization/characters
    public static var characters: TextInputAutocapitalization { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/submitlabel
@available(iOS 15.0, *)
public struct SubmitLabel: Sendable {
    /// https://developer.apple.com/documentation/swiftui/submitlabel/join
    public static var join: SubmitLabel { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/submitlabel/go
    public static var go: SubmitLabel { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/submittriggers
@available(iOS 15.0, *)
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/swiftui/submittriggers/text
    public static let text = SubmitTriggers(rawValue: 1)
}

@available(iOS 13.0, *)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/keyboardtype(_:)
    nonisolated public func keyboardType(_ type: UIKeyboardType) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/textcontenttype(_:)
    nonisolated public func textContentType(_ textContentType: UITextContentType?) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/textinputautocapitalization(_:)
    @available(iOS 15.0, *)
    nonisolated public func textInputAutocapitalization(
        _ autocapitalization: TextInputAutocapitalization?
    ) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/autocorrectiondisabled(_:)
    @available(iOS 13.0, *)
    nonisolated public func autocorrectionDisabled(_ disable: Bool = true) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/onsubmit(of:_:)
    @available(iOS 15.0, *)
    nonisolated public func onSubmit(
        of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void
    ) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/submitlabel(_:)
    @available(iOS 15.0, *)
    nonisolated public func submitLabel(_ submitLabel: SubmitLabel) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/focused(_:)
    @available(iOS 15.0, *)
    nonisolated public func focused(_ condition: FocusState<Bool>.Binding) -> some View {
        fatalError()
    }
}

// MARK: - Life cycle and presentation

/// https://developer.apple.com/documentation/swiftui/visibility
@available(iOS 15.0, *)
@frozen public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic
    case visible
    case hidden
}

@available(iOS 13.0, *)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-4psgg
    @available(iOS 17.0, *)
    nonisolated public func onChange<V>(
        of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void
    ) -> some View where V: Equatable { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/task(id:name:priority:file:line:_:)
    /// The iOS 26.4 SDK's form, which `.task(id:) { }` resolves to from that SDK on (the older
    /// `task(id:priority:_:)` with an `@escaping @Sendable` action is no longer public); its
    /// availability stays iOS 15 (sdk-pin.json lists the sources of both forms).
    /// (`@_inheritActorContext`, an underscored attribute the documentation does not print, is
    /// in the SDK's interface: the task runs on the view's actor, the main actor)
    @available(iOS 15.0, *)
    nonisolated public func task<T>(
        id: T, name: String? = nil, priority: TaskPriority = .userInitiated,
        file: String = #fileID, line: Int = #line,
        @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View where T: Equatable { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/alert(_:ispresented:actions:message:)
    @available(iOS 15.0, *)
    nonisolated public func alert<A, M>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View where A: View, M: View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/confirmationdialog(_:ispresented:titlevisibility:actions:)
    @available(iOS 15.0, *)
    nonisolated public func confirmationDialog<A>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
        titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A
    ) -> some View where A: View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/confirmationdialog(_:ispresented:titlevisibility:actions:message:)-2s7pz
    @available(iOS 15.0, *)
    nonisolated public func confirmationDialog<A, M>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
        titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A,
        @ViewBuilder message: () -> M
    ) -> some View where A: View, M: View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/sheet(ispresented:ondismiss:content:)
    nonisolated public func sheet<Content>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping () -> Content
    ) -> some View where Content: View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/sensoryfeedback(_:trigger:condition:)
    @available(iOS 17.0, *)
    nonisolated public func sensoryFeedback<T>(
        _ feedback: SensoryFeedback, trigger: T, condition: @escaping (T, T) -> Bool
    ) -> some View where T: Equatable { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/swipeactions(edge:allowsfullswipe:content:)
    @available(iOS 15.0, *)
    nonisolated public func swipeActions<T>(
        edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
        @ViewBuilder content: () -> T
    ) -> some View where T: View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/gesture(_:including:)
    nonisolated public func gesture<T>(_ gesture: T, including mask: GestureMask = .all)
        -> some View
    where T: Gesture { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/sensoryfeedback
@available(iOS 17.0, *)
public struct SensoryFeedback: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/sensoryfeedback/selection
    public static let selection = SensoryFeedback()
    /// https://developer.apple.com/documentation/swiftui/sensoryfeedback/impact
    public static let impact = SensoryFeedback()
}

// MARK: - Navigation and toolbars

@available(iOS 13.0, *)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)
    @available(iOS 14.0, *)
    nonisolated public func navigationTitle(_ title: Text) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/navigationbartitledisplaymode(_:)
    @available(iOS 14.0, *)
    nonisolated public func navigationBarTitleDisplayMode(
        _ displayMode: NavigationBarItem.TitleDisplayMode
    ) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/navigationdestination(for:destination:)
    @available(iOS 16.0, *)
    nonisolated public func navigationDestination<D, C>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View where D: Hashable, C: View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/navigationdestination(ispresented:destination:)
    @available(iOS 16.0, *)
    nonisolated public func navigationDestination<V>(
        isPresented: Binding<Bool>, @ViewBuilder destination: () -> V
    ) -> some View where V: View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/toolbar(content:)
    @available(iOS 14.0, *)
    nonisolated public func toolbar<Content>(@ViewBuilder content: () -> Content) -> some View
    where Content: View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/toolbar(content:)
    @available(iOS 14.0, *)
    nonisolated public func toolbar<Content>(
        @ToolbarContentBuilder content: () -> Content
    ) -> some View where Content: ToolbarContent { fatalError() }
}

// MARK: - Accessibility

/// https://developer.apple.com/documentation/swiftui/accessibilityattachmentmodifier
@available(iOS 13.0, *)
public struct AccessibilityAttachmentModifier: ViewModifier {
    public typealias Body = Never
    public func body(content: Content) -> Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/accessibilitychildbehavior
@available(iOS 13.0, *)
public struct AccessibilityChildBehavior: Hashable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/accessibilitychildbehavior/ignore
    public static let ignore = AccessibilityChildBehavior()
    /// https://developer.apple.com/documentation/swiftui/accessibilitychildbehavior/contain
    public static let contain = AccessibilityChildBehavior()
    /// https://developer.apple.com/documentation/swiftui/accessibilitychildbehavior/combine
    public static let combine = AccessibilityChildBehavior()
}

/// https://developer.apple.com/documentation/swiftui/accessibilitytraits
@available(iOS 13.0, *)
public struct AccessibilityTraits: SetAlgebra, Sendable {
    /// https://developer.apple.com/documentation/swiftui/accessibilitytraits/isbutton
    public static let isButton = AccessibilityTraits()
    /// https://developer.apple.com/documentation/swiftui/accessibilitytraits/isselected
    public static let isSelected = AccessibilityTraits()

    // SetAlgebra's requirements (the page lists the conformance; the stand-in never runs them).
    public init() {}
    public func contains(_ member: AccessibilityTraits) -> Bool { fatalError() }
    public func union(_ other: AccessibilityTraits) -> AccessibilityTraits { fatalError() }
    public func intersection(_ other: AccessibilityTraits) -> AccessibilityTraits { fatalError() }
    public func symmetricDifference(_ other: AccessibilityTraits) -> AccessibilityTraits {
        fatalError()
    }
    public mutating func insert(_ newMember: AccessibilityTraits)
        -> (inserted: Bool, memberAfterInsert: AccessibilityTraits)
    { fatalError() }
    public mutating func remove(_ member: AccessibilityTraits) -> AccessibilityTraits? {
        fatalError()
    }
    public mutating func update(with newMember: AccessibilityTraits) -> AccessibilityTraits? {
        fatalError()
    }
    public mutating func formUnion(_ other: AccessibilityTraits) { fatalError() }
    public mutating func formIntersection(_ other: AccessibilityTraits) { fatalError() }
    public mutating func formSymmetricDifference(_ other: AccessibilityTraits) { fatalError() }
    public static func == (lhs: AccessibilityTraits, rhs: AccessibilityTraits) -> Bool {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/accessibilityactionkind
@available(iOS 13.0, *)
public struct AccessibilityActionKind: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/accessibilityactionkind/default
    public static let `default` = AccessibilityActionKind()
}

@available(iOS 13.0, *)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/accessibilityelement(children:)
    nonisolated public func accessibilityElement(
        children: AccessibilityChildBehavior = .ignore
    ) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilitychildren(children:)
    @available(iOS 15.0, *)
    nonisolated public func accessibilityChildren<V>(@ViewBuilder children: () -> V)
        -> some View
    where V: View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilitylabel(_:)
    @available(iOS 14.0, *)
    nonisolated public func accessibilityLabel(_ label: Text)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilityaddtraits(_:)
    @available(iOS 14.0, *)
    nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilityhidden(_:)
    @available(iOS 14.0, *)
    nonisolated public func accessibilityHidden(_ hidden: Bool)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilityidentifier(_:)
    @available(iOS 14.0, *)
    nonisolated public func accessibilityIdentifier(_ identifier: String)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilityaction(_:_:)
    nonisolated public func accessibilityAction(
        _ actionKind: AccessibilityActionKind = .default, _ handler: @escaping () -> Void
    ) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }
}

/// The same modifiers on a view that already has accessibility attachments (they add to it).
@available(iOS 13.0, *)
extension ModifiedContent where Modifier == AccessibilityAttachmentModifier {
    /// https://developer.apple.com/documentation/swiftui/modifiedcontent/accessibilitylabel(_:)
    @available(iOS 14.0, *)
    nonisolated public func accessibilityLabel(_ label: Text)
        -> ModifiedContent<Content, Modifier>
    { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/modifiedcontent/accessibilityaddtraits(_:)
    @available(iOS 14.0, *)
    nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits)
        -> ModifiedContent<Content, Modifier>
    { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/modifiedcontent/accessibilityhidden(_:)
    @available(iOS 14.0, *)
    nonisolated public func accessibilityHidden(_ hidden: Bool)
        -> ModifiedContent<Content, Modifier>
    { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/modifiedcontent/accessibilityidentifier(_:)
    @available(iOS 14.0, *)
    nonisolated public func accessibilityIdentifier(_ identifier: String)
        -> ModifiedContent<Content, Modifier>
    { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/modifiedcontent/accessibilityaction(_:_:)
    nonisolated public func accessibilityAction(
        _ actionKind: AccessibilityActionKind = .default, _ handler: @escaping () -> Void
    ) -> ModifiedContent<Content, Modifier> { fatalError() }
}
