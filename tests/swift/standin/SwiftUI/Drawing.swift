// Pinned to: Xcode 26.6 (17F113), iOS 26.5 SDK (tests/swift/standin/README.md, sdk-pin.json).
// The stand-in's drawing: colours, fonts, shape styles, shapes, paths, Canvas, TimelineView and
// the tap gesture (see Core.swift for what the stand-in is and how its declarations were written).
import Foundation

// MARK: - Shape styles, colours and fonts

/// https://developer.apple.com/documentation/swiftui/shapestyle
@available(iOS 13.0, *)
public protocol ShapeStyle: Sendable {}

/// https://developer.apple.com/documentation/swiftui/color
@available(iOS 13.0, *)
@frozen public struct Color: Hashable, ShapeStyle, Sendable {
    /// https://developer.apple.com/documentation/swiftui/color/opacity(_:)
    public func opacity(_ opacity: Double) -> Color { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/color/red
    public static let red = Color()
    /// https://developer.apple.com/documentation/swiftui/color/orange
    public static let orange = Color()
    /// https://developer.apple.com/documentation/swiftui/color/yellow
    public static let yellow = Color()
    /// https://developer.apple.com/documentation/swiftui/color/green
    public static let green = Color()
    /// https://developer.apple.com/documentation/swiftui/color/mint
    @available(iOS 15.0, *)
    public static let mint = Color()
    /// https://developer.apple.com/documentation/swiftui/color/cyan
    @available(iOS 15.0, *)
    public static let cyan = Color()
    /// https://developer.apple.com/documentation/swiftui/color/blue
    public static let blue = Color()
    /// https://developer.apple.com/documentation/swiftui/color/purple
    public static let purple = Color()
    /// https://developer.apple.com/documentation/swiftui/color/black
    public static let black = Color()
    /// https://developer.apple.com/documentation/swiftui/color/white
    public static let white = Color()
    /// https://developer.apple.com/documentation/swiftui/color/primary
    public static let primary = Color()
    /// https://developer.apple.com/documentation/swiftui/color/secondary
    public static let secondary = Color()
    /// https://developer.apple.com/documentation/swiftui/color/accentcolor
    public static var accentColor: Color { fatalError() }
}

@available(iOS 13.0, *)
extension ShapeStyle where Self == Color {
    /// https://developer.apple.com/documentation/swiftui/shapestyle/red
    public static var red: Color { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/shapestyle/orange
    public static var orange: Color { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle
@available(iOS 15.0, *)
@frozen public struct HierarchicalShapeStyle: ShapeStyle {}

@available(iOS 15.0, *)
extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// https://developer.apple.com/documentation/swiftui/shapestyle/secondary
    public static var secondary: HierarchicalShapeStyle { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/material
@available(iOS 15.0, *)
public struct Material: ShapeStyle {}

@available(iOS 15.0, *)
extension ShapeStyle where Self == Material {
    /// https://developer.apple.com/documentation/swiftui/shapestyle/regularmaterial
    public static var regularMaterial: Material { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/shapestyle/bar
    public static var bar: Material { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/font
@available(iOS 13.0, *)
@frozen public struct Font: Hashable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/font/weight
    @frozen public struct Weight: Hashable, Sendable {
        /// https://developer.apple.com/documentation/swiftui/font/weight/regular
        public static let regular = Weight()
        /// https://developer.apple.com/documentation/swiftui/font/weight/bold
        public static let bold = Weight()
    }
    /// https://developer.apple.com/documentation/swiftui/font/title2
    @available(iOS 14.0, *)
    public static let title2 = Font()
    /// https://developer.apple.com/documentation/swiftui/font/title3
    @available(iOS 14.0, *)
    public static let title3 = Font()
    /// https://developer.apple.com/documentation/swiftui/font/headline
    public static let headline = Font()
    /// https://developer.apple.com/documentation/swiftui/font/subheadline
    public static let subheadline = Font()
    /// https://developer.apple.com/documentation/swiftui/font/body
    public static let body = Font()
    /// https://developer.apple.com/documentation/swiftui/font/footnote
    public static let footnote = Font()
    /// https://developer.apple.com/documentation/swiftui/font/caption
    public static let caption = Font()
    /// https://developer.apple.com/documentation/swiftui/font/bold()
    public func bold() -> Font { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/font/weight(_:)
    public func weight(_ weight: Font.Weight) -> Font { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/font/monospaceddigit()
    public func monospacedDigit() -> Font { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/font/monospaced()
    @available(iOS 15.0, *)
    public func monospaced() -> Font { fatalError() }
}

// MARK: - Shapes and paths

/// https://developer.apple.com/documentation/swiftui/shape
@available(iOS 13.0, *)
public protocol Shape: Sendable, View {
    /// https://developer.apple.com/documentation/swiftui/shape/path(in:)
    nonisolated func path(in rect: CGRect) -> Path
}

@available(iOS 13.0, *)
extension Shape {
    /// https://developer.apple.com/documentation/swiftui/shape/fill(_:style:)
    nonisolated public func fill<S>(_ content: S, style: FillStyle = FillStyle()) -> some View
    where S: ShapeStyle { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/fillstyle
@available(iOS 13.0, *)
@frozen public struct FillStyle: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/fillstyle/init(eofill:antialiased:)
    public init(eoFill: Bool = false, antialiased: Bool = true) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/strokestyle
@available(iOS 13.0, *)
@frozen public struct StrokeStyle: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/strokestyle/init(linewidth:linecap:linejoin:miterlimit:dash:dashphase:)
    public init(
        lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
        miterLimit: CGFloat = 10, dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0
    ) { fatalError() }
}

/// Core Graphics, which SwiftUI re-exports; Linux's Foundation has CGFloat, CGPoint, CGSize and
/// CGRect but not these two.
/// https://developer.apple.com/documentation/coregraphics/cglinecap
public enum CGLineCap: Int32, Sendable {
    case butt = 0
    case round = 1
    case square = 2
}

/// https://developer.apple.com/documentation/coregraphics/cglinejoin
public enum CGLineJoin: Int32, Sendable {
    case miter = 0
    case round = 1
    case bevel = 2
}

/// https://developer.apple.com/documentation/swiftui/path
@available(iOS 13.0, *)
@frozen public struct Path: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/path/init()
    public init() { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/path/init(ellipsein:)
    public init(ellipseIn rect: CGRect) { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/path/move(to:)
    public mutating func move(to end: CGPoint) { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/path/addline(to:)
    public mutating func addLine(to end: CGPoint) { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/path/closesubpath()
    public mutating func closeSubpath() { fatalError() }
}

/// A path is a shape; the conformance is an extension, as in the SDK, so Path itself is not
/// main-actor isolated (its members are used anywhere).
/// https://developer.apple.com/documentation/swiftui/path (Relationships: Shape)
@available(iOS 13.0, *)
extension Path: Shape {
    nonisolated public func path(in rect: CGRect) -> Path { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/circle
@available(iOS 13.0, *)
@frozen public struct Circle: Shape {
    /// https://developer.apple.com/documentation/swiftui/circle/init()
    nonisolated public init() { fatalError() }
    nonisolated public func path(in rect: CGRect) -> Path { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/rectangle
@available(iOS 13.0, *)
@frozen public struct Rectangle: Shape {
    /// https://developer.apple.com/documentation/swiftui/rectangle/init()
    nonisolated public init() { fatalError() }
    nonisolated public func path(in rect: CGRect) -> Path { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/roundedcornerstyle
@available(iOS 13.0, *)
public enum RoundedCornerStyle: Equatable, Hashable, Sendable {
    case circular
    case continuous
}

/// https://developer.apple.com/documentation/swiftui/roundedrectangle
@available(iOS 13.0, *)
@frozen public struct RoundedRectangle: Shape {
    /// https://developer.apple.com/documentation/swiftui/roundedrectangle/init(cornerradius:style:)
    nonisolated public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        fatalError()
    }
    nonisolated public func path(in rect: CGRect) -> Path { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// MARK: - Canvas

/// https://developer.apple.com/documentation/swiftui/colorrenderingmode
@available(iOS 15.0, *)
public enum ColorRenderingMode: Equatable, Hashable, Sendable {
    case nonLinear
    case linear
    case extendedLinear
}

/// https://developer.apple.com/documentation/swiftui/graphicscontext
@available(iOS 15.0, *)
@frozen public struct GraphicsContext {
    /// https://developer.apple.com/documentation/swiftui/graphicscontext/shading
    public struct Shading: Sendable {
        /// https://developer.apple.com/documentation/swiftui/graphicscontext/shading/color(_:)
        public static func color(_ color: Color) -> GraphicsContext.Shading { fatalError() }
    }
    /// https://developer.apple.com/documentation/swiftui/graphicscontext/fill(_:with:style:)
    public func fill(
        _ path: Path, with shading: GraphicsContext.Shading, style: FillStyle = FillStyle()
    ) { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/graphicscontext/stroke(_:with:style:)
    public func stroke(_ path: Path, with shading: GraphicsContext.Shading, style: StrokeStyle) {
        fatalError()
    }
    /// https://developer.apple.com/documentation/swiftui/graphicscontext/stroke(_:with:linewidth:)
    public func stroke(
        _ path: Path, with shading: GraphicsContext.Shading, lineWidth: CGFloat = 1
    ) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/canvas (the page's `nonisolated struct` needs
/// Swift 6.1; its initialiser below is nonisolated, which is what callers see)
@available(iOS 15.0, *)
public struct Canvas<Symbols>: View where Symbols: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 15.0, *)
extension Canvas where Symbols == EmptyView {
    /// https://developer.apple.com/documentation/swiftui/canvas/init(opaque:colormode:rendersasynchronously:renderer:)
    nonisolated public init(
        opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear,
        rendersAsynchronously: Bool = false,
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void
    ) { fatalError() }
}

// MARK: - TimelineView

/// https://developer.apple.com/documentation/swiftui/timelineschedule
@available(iOS 15.0, *)
public protocol TimelineSchedule {
    associatedtype Entries: Sequence where Entries.Element == Date
    /// https://developer.apple.com/documentation/swiftui/timelineschedule/entries(from:mode:)
    func entries(from startDate: Date, mode: TimelineScheduleMode) -> Self.Entries
}

/// https://developer.apple.com/documentation/swiftui/timelineschedulemode
@available(iOS 15.0, *)
public enum TimelineScheduleMode: Sendable {
    case normal
    case lowFrequency
}

/// https://developer.apple.com/documentation/swiftui/animationtimelineschedule
@available(iOS 15.0, *)
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> [Date] {
        fatalError()
    }
}

@available(iOS 15.0, *)
extension TimelineSchedule where Self == AnimationTimelineSchedule {
    /// https://developer.apple.com/documentation/swiftui/timelineschedule/animation(minimuminterval:paused:)
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false)
        -> AnimationTimelineSchedule
    { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/periodictimelineschedule
@available(iOS 15.0, *)
public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> [Date] {
        fatalError()
    }
}

@available(iOS 15.0, *)
extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    /// https://developer.apple.com/documentation/swiftui/timelineschedule/periodic(from:by:)
    public static func periodic(from startDate: Date, by interval: TimeInterval)
        -> PeriodicTimelineSchedule
    { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/timelineviewdefaultcontext
@available(iOS 15.0, *)
public struct TimelineViewDefaultContext {
    /// https://developer.apple.com/documentation/swiftui/timelineview/context/date
    public let date: Date
}

/// https://developer.apple.com/documentation/swiftui/timelineview
@available(iOS 15.0, *)
public struct TimelineView<Schedule, Content> where Schedule: TimelineSchedule {
    /// https://developer.apple.com/documentation/swiftui/timelineview/context
    public typealias Context = TimelineViewDefaultContext
}

@available(iOS 15.0, *)
extension TimelineView: View where Content: View {
    /// https://developer.apple.com/documentation/swiftui/timelineview/init(_:content:)
    nonisolated public init(
        _ schedule: Schedule,
        @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content
    ) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// MARK: - Gestures

/// https://developer.apple.com/documentation/swiftui/gesture
@available(iOS 13.0, *)
@MainActor @preconcurrency public protocol Gesture<Value> {
    associatedtype Value
}

@available(iOS 13.0, *)
extension Gesture {
    /// https://developer.apple.com/documentation/swiftui/gesture/onended(_:)
    nonisolated public func onEnded(_ action: @escaping (Self.Value) -> Void) -> _EndedGesture<Self>
    { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/_endedgesture
@available(iOS 13.0, *)
@frozen public struct _EndedGesture<Content>: Gesture where Content: Gesture {
    public typealias Value = Content.Value
}

/// https://developer.apple.com/documentation/swiftui/coordinatespaceprotocol
@available(iOS 17.0, *)
public protocol CoordinateSpaceProtocol {}

/// https://developer.apple.com/documentation/swiftui/localcoordinatespace
@available(iOS 17.0, *)
public struct LocalCoordinateSpace: CoordinateSpaceProtocol {}

@available(iOS 17.0, *)
extension CoordinateSpaceProtocol where Self == LocalCoordinateSpace {
    /// https://developer.apple.com/documentation/swiftui/coordinatespaceprotocol/local
    public static var local: LocalCoordinateSpace { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/spatialtapgesture
@available(iOS 16.0, *)
public struct SpatialTapGesture: Gesture {
    /// https://developer.apple.com/documentation/swiftui/spatialtapgesture/value
    public struct Value: Equatable, Sendable {
        /// https://developer.apple.com/documentation/swiftui/spatialtapgesture/value/location
        public var location: CGPoint
    }
    /// https://developer.apple.com/documentation/swiftui/spatialtapgesture/init(count:coordinatespace:)
    @available(iOS 17.0, *)
    nonisolated public init(
        count: Int = 1, coordinateSpace: some CoordinateSpaceProtocol = .local
    ) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/gesturemask
@available(iOS 13.0, *)
@frozen public struct GestureMask: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/swiftui/gesturemask/all
    public static let all = GestureMask(rawValue: 3)
}
