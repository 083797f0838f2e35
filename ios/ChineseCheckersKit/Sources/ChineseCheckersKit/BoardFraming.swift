// Framing part of the board: on a phone the whole star leaves holes about 26 pt apart, so a lesson
// step opens zoomed on the few holes it is about. Drawing arithmetic only: which holes those are
// (pegs, pointer, targets) is the core's state.
import ChineseCheckersCore
import Foundation

/// A request to frame a box of the board: the view applies it each time `serial` changes, and
/// leaves the player's own pinch and pan alone in between.
public struct BoardFraming: Equatable, Sendable {
    /// Changes each time the box should be framed again (a step opens, Try again, a wrong try
    /// taken back), even when the box is the same.
    public let serial: Int
    /// The box, in the geometry's space (neighbouring holes 1 apart), margin included.
    public let box: CGRect

    /// A request to frame `box`, numbered `serial`.
    public init(serial: Int, box: CGRect) {
        self.serial = serial
        self.box = box
    }

    /// The bounding box of `holes` in the geometry's space, grown by `margin` hole spacings each
    /// way (nil when none of them is on the board).
    public static func box(
        around holes: [Coord], geometry: BoardGeometry, margin: CGFloat = 1
    ) -> CGRect? {
        let points = holes.compactMap { geometry.hole(at: $0) }
        guard let first = points.first else { return nil }
        var minX = CGFloat(first.x)
        var maxX = minX
        var minY = CGFloat(first.y)
        var maxY = minY
        for hole in points.dropFirst() {
            minX = min(minX, CGFloat(hole.x))
            maxX = max(maxX, CGFloat(hole.x))
            minY = min(minY, CGFloat(hole.y))
            maxY = max(maxY, CGFloat(hole.y))
        }
        return CGRect(
            x: minX - margin, y: minY - margin,
            width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin)
    }
}

extension BoardZoom {
    /// The hole spacing from which the whole star needs no framing: Apple's smallest touch target.
    /// A tablet's whole star already has its holes this far apart.
    public static let comfortableSpacing: CGFloat = 44

    /// The zoom that frames `box` (geometry units) on a board turned by `rotation` degrees in a
    /// view of `size`: the box's centre in the view's centre, zoomed as far as the box fits, from
    /// 1 to `maximumScale` (the pan clamped as a drag's is). The whole star (`identity`) when it
    /// already puts its holes `comfortableSpacing` apart, or for an empty view.
    public static func framing(
        _ box: CGRect, geometry: BoardGeometry, rotation: Double, in size: CGSize
    ) -> BoardZoom {
        let whole = BoardViewport(geometry: geometry, size: size, rotation: rotation)
        guard size.width > 0, size.height > 0, whole.scale < comfortableSpacing else {
            return .identity
        }
        let drawn = whole.bounds(of: box)
        let fit = min(
            size.width / max(drawn.width, .ulpOfOne), size.height / max(drawn.height, .ulpOfOne))
        let scale = min(max(fit, minimumScale), maximumScale)
        // At zoom z a point d from the view's centre is drawn z·d from it, then moved by the
        // offset: the box's centre lands in the view's centre with an offset of −z·d.
        let fromCentre = CGSize(
            width: drawn.midX - size.width / 2, height: drawn.midY - size.height / 2)
        return BoardZoom(
            scale: scale,
            offset: CGSize(width: -fromCentre.width * scale, height: -fromCentre.height * scale),
            in: size)
    }

    /// This zoom moved, at the same scale, so that `box` (geometry units: the holes a player must
    /// see next, such as a chain's landings or the hint's path) lies in the view below a band of
    /// `topBand` points at its top (where the notes are drawn). It moves as little as it can; a
    /// box larger than that part of the view is centred in it; the pan stays within what a drag
    /// may reach. Unchanged at the whole star, or when the box is already in view.
    public func keeping(
        _ box: CGRect, geometry: BoardGeometry, rotation: Double, in size: CGSize,
        topBand: CGFloat = 0
    ) -> BoardZoom {
        guard isZoomed, size.width > 0, size.height > 0 else { return self }
        let drawn = BoardViewport(geometry: geometry, size: size, rotation: rotation, zoom: self)
            .bounds(of: box)
        let top = min(topBand, size.height / 2)
        let dx = Self.shift(low: drawn.minX, high: drawn.maxX, from: 0, to: size.width)
        let dy = Self.shift(low: drawn.minY, high: drawn.maxY, from: top, to: size.height)
        guard dx != 0 || dy != 0 else { return self }
        return BoardZoom(
            scale: scale,
            offset: CGSize(width: offset.width + dx, height: offset.height + dy), in: size)
    }

    /// How far to move a span `low`…`high` so that it lies within `from`…`to` (centred when it
    /// is longer); a span within half a point of it counts as in (no move for rounding alone).
    private static func shift(low: CGFloat, high: CGFloat, from: CGFloat, to: CGFloat) -> CGFloat {
        let slack: CGFloat = 0.5
        if high - low > to - from + slack { return (from + to) / 2 - (low + high) / 2 }
        if low < from - slack { return from - low }
        if high > to + slack { return to - high }
        return 0
    }

    /// The zoom `fraction` of the way (0 to 1) from this one to `target`, for drawing a framing's
    /// move frame by frame.
    public func interpolated(to target: BoardZoom, fraction: CGFloat, in size: CGSize) -> BoardZoom
    {
        let t = min(max(fraction, 0), 1)
        // Scale and offset move together in a straight line: the pan limit grows linearly with
        // the zoom, so no point on the way is clamped.
        return BoardZoom(
            scale: scale + (target.scale - scale) * t,
            offset: CGSize(
                width: offset.width + (target.offset.width - offset.width) * t,
                height: offset.height + (target.offset.height - offset.height) * t),
            in: size)
    }
}

extension BoardViewport {
    /// Where `box` (geometry units) is drawn in the view: the bounds of its four corners, turned
    /// with the board.
    func bounds(of box: CGRect) -> CGRect {
        let corners = [
            point(x: Float(box.minX), y: Float(box.minY)),
            point(x: Float(box.maxX), y: Float(box.minY)),
            point(x: Float(box.minX), y: Float(box.maxY)),
            point(x: Float(box.maxX), y: Float(box.maxY)),
        ]
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let (minX, maxX) = (xs.min() ?? 0, xs.max() ?? 0)
        let (minY, maxY) = (ys.min() ?? 0, ys.max() ?? 0)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
