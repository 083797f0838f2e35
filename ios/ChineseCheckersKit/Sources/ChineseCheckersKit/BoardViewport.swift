// The board's zoom and pan: how far a pinch may zoom, how far a drag may pan, and which hole lies
// under a point of the view at a given zoom. Drawing data only: which hole may be tapped, and what
// a tap does, is the core's business.
import ChineseCheckersCore
import Foundation

/// The player's zoom and pan of the board (1 and no offset: the whole star in view).
public struct BoardZoom: Equatable, Sendable {
    /// The smallest zoom: the whole star in view.
    public static let minimumScale: CGFloat = 1
    /// The largest zoom. Three times the fitted star puts neighbouring holes more than 44 pt
    /// apart (Apple's smallest touch target) on a 360 pt-wide phone, where the fitted star has
    /// them about 26 pt apart.
    public static let maximumScale: CGFloat = 3

    /// The zoom, from `minimumScale` to `maximumScale`.
    public private(set) var scale: CGFloat
    /// How far the board's centre is moved from the view's centre, in points (after the zoom).
    public private(set) var offset: CGSize

    /// No zoom, no pan.
    public static let identity = BoardZoom(scale: 1, offset: .zero, in: .zero)

    /// A zoom of `scale` moved by `offset` in a view of `size`, both clamped to what the view
    /// allows.
    public init(scale: CGFloat, offset: CGSize, in size: CGSize) {
        self.scale = min(max(scale, Self.minimumScale), Self.maximumScale)
        self.offset = .zero
        self.offset = clamped(offset, in: size)
    }

    /// Whether the board is zoomed in at all.
    public var isZoomed: Bool { scale > Self.minimumScale }

    /// This zoom multiplied by `factor` (a pinch's magnification since it began), keeping the
    /// board point under `anchor` (the pinch's centre, in the view) where it is.
    public func zoomed(by factor: CGFloat, anchor: CGPoint, in size: CGSize) -> BoardZoom {
        let target = min(max(scale * factor, Self.minimumScale), Self.maximumScale)
        let ratio = target / scale
        let centre = CGPoint(x: size.width / 2, y: size.height / 2)
        // The anchor's distance from the board's centre grows with the zoom; the offset moves so
        // that the anchor stays under the fingers.
        let fromCentreX = anchor.x - centre.x - offset.width
        let fromCentreY = anchor.y - centre.y - offset.height
        let moved = CGSize(
            width: anchor.x - centre.x - fromCentreX * ratio,
            height: anchor.y - centre.y - fromCentreY * ratio)
        return BoardZoom(scale: target, offset: moved, in: size)
    }

    /// This zoom moved by `translation` (a drag's since it began), clamped so that the board
    /// never leaves the view.
    public func panned(by translation: CGSize, in size: CGSize) -> BoardZoom {
        BoardZoom(
            scale: scale,
            offset: CGSize(
                width: offset.width + translation.width,
                height: offset.height + translation.height),
            in: size)
    }

    /// `offset` limited so that the zoomed board still covers the view's centre region: at zoom
    /// 1 no pan, at zoom z at most (z − 1) half-widths of the view each way.
    private func clamped(_ offset: CGSize, in size: CGSize) -> CGSize {
        let reachX = max(0, size.width * (scale - 1) / 2)
        let reachY = max(0, size.height * (scale - 1) / 2)
        return CGSize(
            width: min(max(offset.width, -reachX), reachX),
            height: min(max(offset.height, -reachY), reachY))
    }
}

/// Maps the geometry's space (neighbouring holes 1 apart) to a view of `size` and back, with the
/// board's turn (the core's `rotationDegrees`) and the player's zoom and pan.
public struct BoardViewport: Sendable {
    /// The board's drawing data.
    public let geometry: BoardGeometry
    /// The view's size, in points.
    public let size: CGSize
    /// The board's turn, in degrees clockwise.
    public let rotation: Double
    /// The player's zoom and pan.
    public let zoom: BoardZoom

    /// A viewport of `geometry` in a view of `size`.
    public init(
        geometry: BoardGeometry, size: CGSize, rotation: Double, zoom: BoardZoom = .identity
    ) {
        self.geometry = geometry
        self.size = size
        self.rotation = rotation
        self.zoom = zoom
    }

    /// Points per hole spacing: the star fitted with a margin of one hole, times the zoom.
    public var scale: CGFloat {
        let fitted = min(
            size.width / CGFloat(geometry.width + 2), size.height / CGFloat(geometry.height + 2))
        return fitted * zoom.scale
    }

    /// A hole's radius on screen.
    public var holeRadius: CGFloat { CGFloat(geometry.holeRadius) * scale }

    private var centre: CGPoint {
        CGPoint(x: size.width / 2 + zoom.offset.width, y: size.height / 2 + zoom.offset.height)
    }

    /// The view point of a geometry point.
    public func point(x: Float, y: Float) -> CGPoint {
        let dx = (CGFloat(x) - CGFloat(geometry.width) / 2) * scale
        let dy = (CGFloat(y) - CGFloat(geometry.height) / 2) * scale
        let angle = rotation * .pi / 180
        return CGPoint(
            x: centre.x + dx * CGFloat(cos(angle)) - dy * CGFloat(sin(angle)),
            y: centre.y + dx * CGFloat(sin(angle)) + dy * CGFloat(cos(angle)))
    }

    /// The view point of a hole's centre.
    public func point(of hole: HoleGeometry) -> CGPoint { point(x: hole.x, y: hole.y) }

    /// The geometry point of a view point (the inverse of `point`).
    public func geometryPoint(of location: CGPoint) -> (x: Float, y: Float) {
        let dx = location.x - centre.x
        let dy = location.y - centre.y
        let angle = -rotation * .pi / 180
        let rx = dx * CGFloat(cos(angle)) - dy * CGFloat(sin(angle))
        let ry = dx * CGFloat(sin(angle)) + dy * CGFloat(cos(angle))
        return (
            Float(rx / scale + CGFloat(geometry.width) / 2),
            Float(ry / scale + CGFloat(geometry.height) / 2)
        )
    }

    /// The hole under a view point, if any (nil beside the star).
    public func hole(at location: CGPoint) -> HoleGeometry? {
        let point = geometryPoint(of: location)
        return geometry.nearestHole(x: point.x, y: point.y)
    }
}
