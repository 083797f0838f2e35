// Pinned to: Xcode 26.6 (17F113), iOS 26.5 SDK (tests/swift/standin/README.md, sdk-pin.json).
// The stand-in's views: text, controls, containers, navigation (see Core.swift for what the
// stand-in is and how its declarations were written).
import Foundation

// MARK: - Text and images

/// https://developer.apple.com/documentation/swiftui/localizedstringkey
@available(iOS 13.0, *)
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringLiteral, Sendable {
    /// https://developer.apple.com/documentation/swiftui/localizedstringkey/init(_:)
    public init(_ value: String) { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/localizedstringkey/init(stringliteral:)
    public init(stringLiteral value: String) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/text
@available(iOS 13.0, *)
@frozen public struct Text: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/text/init(_:tablename:bundle:comment:)
    nonisolated public init(
        _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
        comment: StaticString? = nil
    ) { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/text/init(verbatim:)
    nonisolated public init(verbatim content: String) { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/text/init(_:style:)
    @available(iOS 14.0, *)
    nonisolated public init(_ date: Date, style: Text.DateStyle) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/text/datestyle
    public struct DateStyle: Sendable {
        /// https://developer.apple.com/documentation/swiftui/text/datestyle/date
        public static let date = DateStyle()
    }

    nonisolated public static func == (lhs: Text, rhs: Text) -> Bool { fatalError() }
}

/// Text is a view through an extension, as in the SDK: the type itself is not main-actor
/// isolated (the app's own `Text.init(_: LocalizedMessage)` is nonisolated too).
/// https://developer.apple.com/documentation/swiftui/text (Relationships: View)
@available(iOS 13.0, *)
extension Text: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/image
@available(iOS 13.0, *)
@frozen public struct Image: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/image/init(systemname:)
    @available(iOS 13.0, *)
    nonisolated public init(systemName: String) { fatalError() }
    nonisolated public static func == (lhs: Image, rhs: Image) -> Bool { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/image (Relationships: View)
@available(iOS 13.0, *)
extension Image: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/label
@available(iOS 14.0, *)
public struct Label<Title, Icon>: View where Title: View, Icon: View {
    /// https://developer.apple.com/documentation/swiftui/label/init(title:icon:)
    nonisolated public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        fatalError()
    }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 14.0, *)
extension Label where Title == Text, Icon == Image {
    /// https://developer.apple.com/documentation/swiftui/label/init(_:systemimage:)
    nonisolated public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        fatalError()
    }
}

// MARK: - Controls

/// https://developer.apple.com/documentation/swiftui/buttonrole
@available(iOS 15.0, *)
public struct ButtonRole: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/buttonrole/destructive
    public static let destructive = ButtonRole()
    /// https://developer.apple.com/documentation/swiftui/buttonrole/cancel
    public static let cancel = ButtonRole()
}

/// https://developer.apple.com/documentation/swiftui/button
@available(iOS 13.0, *)
@MainActor @preconcurrency public struct Button<Label>: View where Label: View {
    /// https://developer.apple.com/documentation/swiftui/button/init(action:label:)
    @preconcurrency nonisolated public init(
        action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
    ) { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/button/init(role:action:label:)
    @available(iOS 15.0, *)
    @preconcurrency nonisolated public init(
        role: ButtonRole?, action: @escaping @MainActor () -> Void,
        @ViewBuilder label: () -> Label
    ) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, *)
extension Button where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/button/init(_:action:)-1asy
    @preconcurrency nonisolated public init(
        _ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void
    ) { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/button/init(_:role:action:)
    @available(iOS 15.0, *)
    @preconcurrency nonisolated public init(
        _ titleKey: LocalizedStringKey, role: ButtonRole?,
        action: @escaping @MainActor () -> Void
    ) { fatalError() }
}

@available(iOS 14.0, *)
extension Button where Label == SwiftUI.Label<Text, Image> {
    /// https://developer.apple.com/documentation/swiftui/button/init(_:systemimage:action:)
    nonisolated public init(
        _ titleKey: LocalizedStringKey, systemImage: String,
        action: @escaping @MainActor () -> Void
    ) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/toggle
@available(iOS 13.0, *)
public struct Toggle<Label>: View where Label: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, *)
extension Toggle where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/toggle/init(_:ison:)
    nonisolated public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/textfield
@available(iOS 13.0, *)
public struct TextField<Label>: View where Label: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, *)
extension TextField where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/textfield/init(_:text:)
    nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        fatalError()
    }
    /// https://developer.apple.com/documentation/swiftui/textfield/init(_:text:prompt:)
    @available(iOS 15.0, *)
    nonisolated public init(
        _ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?
    ) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/stepper
@available(iOS 13.0, *)
public struct Stepper<Label>: View where Label: View {
    /// https://developer.apple.com/documentation/swiftui/stepper/init(value:in:step:label:oneditingchanged:)
    nonisolated public init<V>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
        @ViewBuilder label: () -> Label, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V: Strideable { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/picker
@available(iOS 13.0, *)
public struct Picker<Label, SelectionValue, Content>: View
where Label: View, SelectionValue: Hashable, Content: View {
    /// https://developer.apple.com/documentation/swiftui/picker/init(selection:content:label:)
    nonisolated public init(
        selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content,
        @ViewBuilder label: () -> Label
    ) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, *)
extension Picker where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/picker/init(_:selection:content:)
    nonisolated public init(
        _ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>,
        @ViewBuilder content: () -> Content
    ) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/progressview
@available(iOS 14.0, *)
public struct ProgressView<Label, CurrentValueLabel>: View
where Label: View, CurrentValueLabel: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 14.0, *)
extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// https://developer.apple.com/documentation/swiftui/progressview/init()
    nonisolated public init() { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/sharelink
@available(iOS 16.0, *)
public struct ShareLink<Data, PreviewImage, PreviewIcon, Label>: View
where
    Data: RandomAccessCollection, PreviewImage: Transferable, PreviewIcon: Transferable,
    Label: View, Data.Element: Transferable
{
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 16.0, *)
extension ShareLink where PreviewImage == Never, PreviewIcon == Never {
    /// https://developer.apple.com/documentation/swiftui/sharelink/init(item:subject:message:label:)
    nonisolated public init(
        item: String, subject: Text? = nil, message: Text? = nil,
        @ViewBuilder label: () -> Label
    ) where Data == CollectionOfOne<String> { fatalError() }
}

/// What ShareLink shares (CoreTransferable, which SwiftUI re-exports); only the conformances
/// ShareLink's `where` clauses above need.
/// https://developer.apple.com/documentation/coretransferable/transferable
@available(iOS 16.0, *)
public protocol Transferable {}

/// https://developer.apple.com/documentation/swift/string (Transferable conformance)
@available(iOS 16.0, *)
extension String: Transferable {}

/// ShareLink without a preview has `Never` preview types.
/// https://developer.apple.com/documentation/swift/never (Transferable conformance)
@available(iOS 16.0, *)
extension Never: Transferable {}

// MARK: - Containers

/// https://developer.apple.com/documentation/swiftui/horizontalalignment
@available(iOS 13.0, *)
@frozen public struct HorizontalAlignment: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/horizontalalignment/leading
    public static let leading = HorizontalAlignment()
    /// https://developer.apple.com/documentation/swiftui/horizontalalignment/center
    public static let center = HorizontalAlignment()
}

/// https://developer.apple.com/documentation/swiftui/verticalalignment
@available(iOS 13.0, *)
@frozen public struct VerticalAlignment: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/verticalalignment/center
    public static let center = VerticalAlignment()
}

/// https://developer.apple.com/documentation/swiftui/alignment
@available(iOS 13.0, *)
@frozen public struct Alignment: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/alignment/center
    public static let center = Alignment()
    /// https://developer.apple.com/documentation/swiftui/alignment/topleading
    public static let topLeading = Alignment()
}

/// https://developer.apple.com/documentation/swiftui/vstack
@available(iOS 13.0, *)
@frozen public struct VStack<Content>: View where Content: View {
    /// https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
    nonisolated public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/hstack
@available(iOS 13.0, *)
@frozen public struct HStack<Content>: View where Content: View {
    /// https://developer.apple.com/documentation/swiftui/hstack/init(alignment:spacing:content:)
    nonisolated public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/spacer
@available(iOS 13.0, *)
@frozen public struct Spacer: View {
    /// https://developer.apple.com/documentation/swiftui/spacer/init(minlength:)
    nonisolated public init(minLength: CGFloat? = nil) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/axis/set
@available(iOS 13.0, *)
public enum Axis: Sendable {
    case horizontal
    case vertical
    /// https://developer.apple.com/documentation/swiftui/axis/set
    @frozen public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/swiftui/axis/set/horizontal
        public static let horizontal = Set(rawValue: 1)
        /// https://developer.apple.com/documentation/swiftui/axis/set/vertical
        public static let vertical = Set(rawValue: 2)
    }
}

/// https://developer.apple.com/documentation/swiftui/scrollview
@available(iOS 13.0, *)
public struct ScrollView<Content>: View where Content: View {
    /// https://developer.apple.com/documentation/swiftui/scrollview/init(_:showsindicators:content:)
    nonisolated public init(
        _ axes: Axis.Set = .vertical, showsIndicators: Bool = true,
        @ViewBuilder content: () -> Content
    ) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/group
@available(iOS 13.0, *)
@frozen public struct Group<Content> {}

@available(iOS 13.0, *)
extension Group: View where Content: View {
    /// https://developer.apple.com/documentation/swiftui/group/init(content:)
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/list
@available(iOS 13.0, *)
public struct List<SelectionValue, Content>: View
where SelectionValue: Hashable, Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, *)
extension List where SelectionValue == Never {
    /// https://developer.apple.com/documentation/swiftui/list/init(content:)
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/list/init(_:id:rowcontent:)
    nonisolated public init<Data, ID, RowContent>(
        _ data: Data, id: KeyPath<Data.Element, ID>,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    )
    where
        Content == ForEach<Data, ID, RowContent>, Data: RandomAccessCollection, ID: Hashable,
        RowContent: View
    { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/foreach
@available(iOS 13.0, *)
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {}

@available(iOS 13.0, *)
extension ForEach: View where Content: View {
    /// https://developer.apple.com/documentation/swiftui/foreach/init(_:id:content:)
    nonisolated public init(
        _ data: Data, id: KeyPath<Data.Element, ID>,
        @ViewBuilder content: @escaping (Data.Element) -> Content
    ) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, *)
extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    /// https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)
    nonisolated public init(
        _ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content
    ) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/form
@available(iOS 13.0, *)
public struct Form<Content>: View where Content: View {
    /// https://developer.apple.com/documentation/swiftui/form/init(content:)
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/section
@available(iOS 13.0, *)
public struct Section<Parent, Content, Footer> {}

@available(iOS 13.0, *)
extension Section: View where Parent: View, Content: View, Footer: View {
    /// https://developer.apple.com/documentation/swiftui/section/init(content:header:)
    @available(iOS 15.0, *)
    nonisolated public init(
        @ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent
    ) where Footer == EmptyView { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/section/init(content:footer:)
    @available(iOS 15.0, *)
    nonisolated public init(
        @ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer
    ) where Parent == EmptyView { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, *)
extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    /// https://developer.apple.com/documentation/swiftui/section/init(content:)
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
}

@available(iOS 15.0, *)
extension Section where Parent == Text, Content: View, Footer == EmptyView {
    /// https://developer.apple.com/documentation/swiftui/section/init(_:content:)
    nonisolated public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/labeledcontent
@available(iOS 16.0, *)
public struct LabeledContent<Label, Content> {}

@available(iOS 16.0, *)
extension LabeledContent: View where Label: View, Content: View {
    /// https://developer.apple.com/documentation/swiftui/labeledcontent/init(content:label:)
    nonisolated public init(
        @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label
    ) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 16.0, *)
extension LabeledContent where Label == Text, Content: View {
    /// https://developer.apple.com/documentation/swiftui/labeledcontent/init(_:content:)
    nonisolated public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/disclosuregroup
@available(iOS 14.0, *)
public struct DisclosureGroup<Label, Content>: View where Label: View, Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 14.0, *)
extension DisclosureGroup where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/disclosuregroup/init(_:content:)
    nonisolated public init(
        _ titleKey: LocalizedStringKey, @ViewBuilder content: @escaping () -> Content
    ) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/contentunavailableview
@available(iOS 17.0, *)
public struct ContentUnavailableView<Label, Description, Actions>: View
where Label: View, Description: View, Actions: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 17.0, *)
extension ContentUnavailableView
where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    /// https://developer.apple.com/documentation/swiftui/contentunavailableview/init(_:systemimage:description:)
    nonisolated public init(
        _ title: LocalizedStringKey, systemImage name: String, description: Text? = nil
    ) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/geometryproxy
@available(iOS 13.0, *)
public struct GeometryProxy {
    /// https://developer.apple.com/documentation/swiftui/geometryproxy/size
    public var size: CGSize { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/geometryreader
@available(iOS 13.0, *)
@frozen public struct GeometryReader<Content>: View where Content: View {
    /// https://developer.apple.com/documentation/swiftui/geometryreader/init(content:)
    nonisolated public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        fatalError()
    }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// MARK: - Navigation

/// https://developer.apple.com/documentation/swiftui/navigationstack
@available(iOS 16.0, *)
@MainActor @preconcurrency public struct NavigationStack<Data, Root>: View where Root: View {
    /// https://developer.apple.com/documentation/swiftui/navigationstack/init(path:root:)-3bt4q
    nonisolated public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where
        Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
        Data.Element: Hashable
    { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 16.0, *)
extension NavigationStack where Data == NavigationPath {
    /// https://developer.apple.com/documentation/swiftui/navigationstack/init(root:)
    nonisolated public init(@ViewBuilder root: () -> Root) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/navigationpath
@available(iOS 16.0, *)
public struct NavigationPath {}

/// https://developer.apple.com/documentation/swiftui/navigationsplitview
@available(iOS 16.0, *)
@MainActor @preconcurrency public struct NavigationSplitView<Sidebar, Content, Detail>: View
where Sidebar: View, Content: View, Detail: View {
    /// https://developer.apple.com/documentation/swiftui/navigationsplitview/init(sidebar:detail:)
    nonisolated public init(
        @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail
    ) where Content == EmptyView { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/navigationbaritem/titledisplaymode
@available(iOS 13.0, *)
public enum NavigationBarItem {
    /// https://developer.apple.com/documentation/swiftui/navigationbaritem/titledisplaymode
    public enum TitleDisplayMode: Sendable {
        case automatic
        case inline
        case large
    }
}

// MARK: - Toolbars

/// https://developer.apple.com/documentation/swiftui/toolbarcontent
@available(iOS 14.0, *)
@MainActor @preconcurrency public protocol ToolbarContent {
    associatedtype Body: ToolbarContent
    /// https://developer.apple.com/documentation/swiftui/toolbarcontent/body-swift.property
    @ToolbarContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(iOS 14.0, *)
extension Never: ToolbarContent {}

/// https://developer.apple.com/documentation/swiftui/toolbarcontentbuilder
@available(iOS 14.0, *)
@resultBuilder public struct ToolbarContentBuilder {
    /// https://developer.apple.com/documentation/swiftui/toolbarcontentbuilder/buildblock(_:)
    public static func buildBlock<Content>(_ content: Content) -> Content
    where Content: ToolbarContent { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/toolbaritemplacement
@available(iOS 14.0, *)
public struct ToolbarItemPlacement: Sendable {
    /// https://developer.apple.com/documentation/swiftui/toolbaritemplacement/automatic
    public static let automatic = ToolbarItemPlacement()
    /// https://developer.apple.com/documentation/swiftui/toolbaritemplacement/primaryaction
    public static let primaryAction = ToolbarItemPlacement()
}

/// https://developer.apple.com/documentation/swiftui/toolbaritem
@available(iOS 14.0, *)
public struct ToolbarItem<ID, Content>: ToolbarContent where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 14.0, *)
extension ToolbarItem where ID == () {
    /// https://developer.apple.com/documentation/swiftui/toolbaritem/init(placement:content:)
    nonisolated public init(
        placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content
    ) { fatalError() }
}
