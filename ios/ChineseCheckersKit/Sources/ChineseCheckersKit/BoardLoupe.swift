// The loupe: a finger held on the board at the whole-star size, where holes are closer than a
// fingertip, shows the holes under it magnified beside the finger, with the hole a release picks
// ringed. Which hole that is comes from the board's own hit test (`BoardViewport.hole(at:)`);
// what the pick does is the core's business (the release is an ordinary tap on that hole).
import ChineseCheckersCore
import Foundation

/// What draws the board: the view point of a geometry point and the holes' radius on screen. The
/// board (`BoardViewport`) and its loupe (`BoardLoupe`) both draw through one.
public protocol BoardProjection: Sendable {
    /// The view point of a geometry point.
    func point(x: Float, y: Float) -> CGPoint
    /// A hole's radius on screen.
    var holeRadius: CGFloat { get }
}

extension BoardViewport: BoardProjection {}

/// A finger held on the board at the whole-star size: where the loupe goes, what it shows and
/// which hole a release picks.
public struct BoardLoupe: Equatable, Sendable, BoardProjection {
    /// The loupe's diameter, in points (as the Android app's).
    public static let diameter: CGFloat = 136
    /// Points between neighbouring holes inside the loupe: about three holes across it, each
    /// wider than Apple's 44 pt touch target.
    public static let holeSpacing: CGFloat = 48
    /// The gap between the finger and the loupe's edge, so that the finger never covers it.
    public static let gap: CGFloat = 40
    /// How long a finger stays down before the loupe shows, in seconds (a quicker touch is a tap).
    public static let holdSeconds: Double = 0.3

    /// Where the finger is, in the board view's points.
    public let finger: CGPoint
    /// The hole under the finger (the board's hit test), which a release picks; nil beside the
    /// star.
    public let hole: HoleGeometry?
    /// The loupe's centre, in the board view's points: above the finger, or beside it where above
    /// would leave the view, always wholly inside the view.
    public let centre: CGPoint
    /// Points per hole spacing inside the loupe.
    public let scale: CGFloat
    /// The board's turn, in degrees clockwise (the loupe turns with the board).
    public let rotation: Double
    /// The geometry point under the finger, drawn at the loupe's centre.
    private let focusX: Float
    private let focusY: Float
    private let geometryHoleRadius: Float

    /// The loupe of a finger at `finger` on the board of `viewport`, or nil when the board is
    /// zoomed in: there the holes are large enough for a fingertip, and a held finger pans.
    public init?(finger: CGPoint, viewport: BoardViewport) {
        guard !viewport.zoom.isZoomed else { return nil }
        self.finger = finger
        hole = viewport.hole(at: finger)
        centre = Self.centre(for: finger, in: viewport.size)
        // Never smaller than the board itself: on a large screen the loupe still magnifies.
        scale = max(Self.holeSpacing, viewport.scale * 1.5)
        rotation = viewport.rotation
        let focus = viewport.geometryPoint(of: finger)
        focusX = focus.x
        focusY = focus.y
        geometryHoleRadius = viewport.geometry.holeRadius
    }

    /// The hole a release picks (a tap on it), or nil beside the star.
    public var pick: Coord? { hole?.coord }

    /// The loupe's own view point of a geometry point: the point under the finger at the loupe's
    /// centre (`diameter / 2` each way), magnified and turned like the board.
    public func point(x: Float, y: Float) -> CGPoint {
        let dx = CGFloat(x - focusX) * scale
        let dy = CGFloat(y - focusY) * scale
        let angle = rotation * .pi / 180
        let half = Self.diameter / 2
        return CGPoint(
            x: half + dx * CGFloat(cos(angle)) - dy * CGFloat(sin(angle)),
            y: half + dx * CGFloat(sin(angle)) + dy * CGFloat(cos(angle)))
    }

    /// A hole's radius inside the loupe.
    public var holeRadius: CGFloat { CGFloat(geometryHoleRadius) * scale }

    /// The loupe's centre for a finger at `finger` in a view of `size`: `gap` above the finger;
    /// where that would leave the view, beside it on the roomier side; clamped inside the view.
    public static func centre(for finger: CGPoint, in size: CGSize) -> CGPoint {
        let half = diameter / 2
        let above = finger.y - gap - half
        let x: CGFloat
        let y: CGFloat
        if above - half >= 0 {
            x = finger.x
            y = above
        } else {
            x = finger.x <= size.width / 2 ? finger.x + gap + half : finger.x - gap - half
            y = finger.y
        }
        return CGPoint(
            x: min(max(x, half), max(half, size.width - half)),
            y: min(max(y, half), max(half, size.height - half)))
    }
}
