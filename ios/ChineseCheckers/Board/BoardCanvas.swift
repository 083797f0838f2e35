// The star drawn in a Canvas from the core's geometry and state: holes, camps, pegs (colour and
// symbol), lit targets, swap markers, the chain, the trail of the other seats' moves (the newest
// like the last move, older ones fainter) and the hint's whole path; a tap
// goes to the nearest hole; pinch zooms and a drag pans (the kit's BoardZoom and BoardViewport do
// the arithmetic), a double tap shows the whole star again; at the whole-star size a finger held
// still shows a loupe beside it (the kit's BoardLoupe: which hole, where, what a release picks);
// a move tapped in the history is drawn as arrows along its path; a moved peg travels along the
// core's path unless Reduce Motion is on; a lesson's pointer rings the peg to move and where it
// goes, and a lesson step's framing (the kit's BoardFraming) zooms on its holes as it opens,
// moving there over a third of a second unless Reduce Motion is on (a pinch or a pan after it is
// the player's until the next framing).
import ChineseCheckersCore
import ChineseCheckersKit
import SwiftUI

/// The board of a game state.
struct BoardCanvas: View {
    let geometry: BoardGeometry
    let state: GameState
    let rotation: Double
    let animation: PegAnimation?
    /// The other seats' moves since this board's seat last moved (`BoardModel.trailSegments`).
    let trail: [TrailSegment]
    /// The move tapped in the history, one arrow per hop (`BoardModel.shownMoveArrows`).
    let arrows: [MoveArrow]
    let onTap: (_ x: Float, _ y: Float) -> Void
    let onTapHole: (Coord) -> Void
    /// The player's zoom and pan (kept by the screen, so it survives a redraw).
    @Binding var zoom: BoardZoom
    /// A lesson's holes to point at, the peg first (`LessonModel.pointer`; none in a game).
    var pointer: [Coord] = []
    /// A lesson step's box to zoom on, applied each time its serial changes
    /// (`LessonModel.framing`; none in a game).
    var framing: BoardFraming?
    /// What the player must see next (`BoardModel.keepInView`): a zoomed board moves to show it
    /// when it changes and once a pinch ends (mid-chain the next landings must not be off screen).
    var keepInView: [Coord] = []
    /// The height the notes drawn over the board's top take (nothing kept in view goes under).
    var notesHeight: CGFloat = 0

    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @Environment(\.colorScheme) private var colorScheme
    @State private var animationStart: Date?
    /// The zoom as the pinch found it (its magnification counts from its start).
    @State private var pinchStart: BoardZoom?
    /// The zoom and the drag's translation when the pan took over (a drag goes on counting from
    /// its own start, so after a pinch it pans from where the pinch left the board). Each gesture
    /// keeps its own start: sharing one, a pinch and a drag running together rebuilt the zoom from
    /// each other's start and the board jumped.
    @State private var panStart: (zoom: BoardZoom, translation: CGSize)?
    /// Where the finger is while it touches the board (the loupe opens there after the hold).
    @State private var finger: CGPoint?
    /// The loupe of a finger held on the board at the whole-star size.
    @State private var loupe: BoardLoupe?
    /// A framing's move under way: the zoom drawn when it began, and when.
    @State private var framingMove: ZoomMove?

    /// Seconds per hop of an animated move.
    private let hopDuration = 0.16
    /// Seconds a framing takes to zoom the board.
    private let framingDuration = 0.35
    /// Points a finger moves before a drag pans the zoomed board.
    private let panDistance: CGFloat = 12

    var body: some View {
        GeometryReader { proxy in
            let size = proxy.size
            let transform = BoardViewport(
                geometry: geometry, size: size, rotation: rotation, zoom: zoom)
            TimelineView(.animation(paused: animationStart == nil && framingMove == nil)) {
                timeline in
                let shown = BoardViewport(
                    geometry: geometry, size: size, rotation: rotation,
                    zoom: shownZoom(in: size, now: timeline.date))
                Canvas { context, _ in
                    draw(in: &context, transform: shown, now: timeline.date)
                }
                // The loupe follows the same clock: a peg on its way moves in it too.
                .overlay { loupeView(now: timeline.date) }
            }
            .contentShape(Rectangle())
            .gesture(
                // A finger held still opens the loupe (first: a quicker touch is a tap); a double
                // tap shows the whole star again; a single tap goes to the hole.
                loupeGesture(transform)
                    .exclusively(
                        before: SpatialTapGesture(count: 2).onEnded { _ in
                            framingMove = nil
                            zoom = .identity
                        }
                    )
                    .exclusively(
                        before: SpatialTapGesture().onEnded { value in
                            let point = transform.geometryPoint(of: value.location)
                            onTap(point.x, point.y)
                        })
            )
            .simultaneousGesture(
                // Only follows the finger, for the loupe: the long press says no location.
                DragGesture(minimumDistance: 0)
                    .onChanged { value in finger = value.location }
                    .onEnded { _ in finger = nil }
            )
            .simultaneousGesture(
                MagnifyGesture()
                    .onChanged { value in
                        // A second finger: the hold becomes a pinch and picks nothing.
                        loupe = nil
                        // The fingers take over from a framing still moving.
                        framingMove = nil
                        let start = pinchStart ?? zoom
                        pinchStart = start
                        panStart = nil
                        zoom = start.zoomed(
                            by: value.magnification, anchor: value.startLocation, in: size)
                    }
                    .onEnded { _ in
                        pinchStart = nil
                        panStart = nil
                        keep(keepInView, in: size)
                    }
            )
            .simultaneousGesture(
                DragGesture(minimumDistance: panDistance)
                    .onChanged { value in
                        // Nothing to pan at the whole star, and a pinch in progress moves the
                        // board itself: the drag does nothing then.
                        guard zoom.isZoomed, pinchStart == nil else { return }
                        framingMove = nil
                        let start = panStart ?? (zoom, value.translation)
                        panStart = start
                        let moved = CGSize(
                            width: value.translation.width - start.translation.width,
                            height: value.translation.height - start.translation.height)
                        zoom = start.zoom.panned(by: moved, in: size)
                    }
                    .onEnded { _ in panStart = nil }
            )
            .accessibilityElement(children: .contain)
            .accessibilityLabel(Text("a11y.board"))
            .accessibilityChildren {
                holeElements(transform)
            }
            // The framing as the board first shows (no move then), and each new one after.
            .onChange(of: framing, initial: true) { old, new in
                frame(new, in: size, animated: old != new)
            }
            .onChange(of: keepInView) { _, holes in keep(holes, in: size) }
        }
        .aspectRatio(CGFloat(geometry.width + 2) / CGFloat(geometry.height + 2), contentMode: .fit)
        .onChange(of: animation) { _, next in
            animationStart = next != nil && !reduceMotion ? Date() : nil
        }
        .task(id: animationStart) {
            // Stops the timeline once the peg has arrived.
            guard animationStart != nil, let hops = animation.map({ $0.path.count - 1 }) else {
                return
            }
            try? await Task.sleep(for: .seconds(hopDuration * Double(hops) + 0.05))
            if !Task.isCancelled { animationStart = nil }
        }
        .task(id: framingMove) {
            // Stops the timeline once the framing is reached.
            guard framingMove != nil else { return }
            try? await Task.sleep(for: .seconds(framingDuration + 0.05))
            if !Task.isCancelled { framingMove = nil }
        }
    }

    // MARK: Framing

    /// Zooms on `framing`'s box (the kit's arithmetic), from the zoom drawn now, moving there
    /// unless Reduce Motion is on; a pinch or drag under way gives way.
    private func frame(_ framing: BoardFraming?, in size: CGSize, animated: Bool) {
        guard let framing, size.width > 0, size.height > 0 else { return }
        let target = BoardZoom.framing(
            framing.box, geometry: geometry, rotation: rotation, in: size)
        let from = shownZoom(in: size, now: Date())
        pinchStart = nil
        panStart = nil
        framingMove =
            animated && !reduceMotion && from != target ? ZoomMove(from: from, start: Date()) : nil
        zoom = target
    }

    /// Moves a zoomed board, at the same zoom, so that `holes` are in view below the notes (the
    /// kit's arithmetic); nothing moves at the whole star or when they are in view already.
    private func keep(_ holes: [Coord], in size: CGSize) {
        guard zoom.isZoomed, pinchStart == nil,
            let box = BoardFraming.box(around: holes, geometry: geometry, margin: 0.5)
        else { return }
        let target = zoom.keeping(
            box, geometry: geometry, rotation: rotation, in: size, topBand: notesHeight)
        guard target != zoom else { return }
        let from = shownZoom(in: size, now: Date())
        framingMove = reduceMotion ? nil : ZoomMove(from: from, start: Date())
        zoom = target
    }

    /// The zoom drawn at `now`: on the way from a framing's start to `zoom`, eased in and out,
    /// or `zoom` itself.
    private func shownZoom(in size: CGSize, now: Date) -> BoardZoom {
        guard let move = framingMove else { return zoom }
        let t = min(max(now.timeIntervalSince(move.start) / framingDuration, 0), 1)
        let eased = t * t * (3 - 2 * t)
        return move.from.interpolated(to: zoom, fraction: CGFloat(eased), in: size)
    }

    // MARK: Drawing

    private func draw(
        in context: inout GraphicsContext, transform: any BoardProjection, now: Date
    ) {
        let radius = transform.holeRadius
        let moving = movingPeg(now: now, transform: transform)
        let campAlpha = colorScheme == .dark ? 0.22 : 0.14
        for (index, hole) in geometry.holes.enumerated() {
            let centre = transform.point(x: hole.x, y: hole.y)
            let holeState = state.holes[index]
            // The camp's tint under the hole.
            if let camp = hole.camp {
                let tint = Path(ellipseIn: rect(centre, radius * 1.45))
                context.fill(tint, with: .color(PegStyle.of(camp).color.opacity(campAlpha)))
            }
            context.fill(
                Path(ellipseIn: rect(centre, radius)), with: .color(.secondary.opacity(0.35)))
            drawHighlight(holeState.highlight, at: centre, radius: radius, in: &context)
            if let colour = holeState.occupant, moving?.destination != holeState.coord {
                drawPeg(colour, at: centre, radius: radius, in: &context)
            }
        }
        drawTrail(in: &context, transform: transform, radius: radius)
        drawHintPath(in: &context, transform: transform, radius: radius)
        drawMoveArrows(arrows, in: &context, radius: radius) {
            transform.point(x: $0, y: $1)
        }
        drawPointer(in: &context, transform: transform, radius: radius)
        if let moving {
            drawPeg(moving.colour, at: moving.position, radius: radius, in: &context)
        }
    }

    /// Every move of the trail along its path, with a ring where it ended, each in the colour
    /// of the peg that moved: the newest at full strength, each older one fainter.
    private func drawTrail(
        in context: inout GraphicsContext, transform: any BoardProjection, radius: CGFloat
    ) {
        for segment in trail {
            let points = segment.path.compactMap { geometry.hole(at: $0) }
                .map { transform.point(x: $0.x, y: $0.y) }
            guard let end = points.last, points.count >= 2 else { continue }
            // Presentation only: full strength for the newest, a half, a third… for older ones.
            let strength = 1 / Double(segment.age + 1)
            let base = segment.colour.map { PegStyle.of($0).color } ?? Color.secondary
            let colour = base.opacity(0.9 * strength)
            var line = Path()
            line.move(to: points[0])
            for point in points.dropFirst() { line.addLine(to: point) }
            context.stroke(
                line, with: .color(colour),
                style: StrokeStyle(
                    lineWidth: max(1.5, radius * 0.16), lineCap: .round, lineJoin: .round))
            context.stroke(
                Path(ellipseIn: rect(end, radius * 1.25)), with: .color(colour), lineWidth: 2)
        }
    }

    /// The hint's whole path, from its peg to its end, over the pegs: a white line on a black
    /// one, which stands out on every peg colour and on the light and the dark board alike.
    private func drawHintPath(
        in context: inout GraphicsContext, transform: any BoardProjection, radius: CGFloat
    ) {
        let points = state.hint.compactMap { geometry.hole(at: $0) }
            .map { transform.point(x: $0.x, y: $0.y) }
        guard points.count >= 2 else { return }
        let width = max(2, radius * 0.22)
        // The line leaves from the peg's rim, not its centre: mid-chain the peg to move is the
        // one that just landed, and the player must see it.
        let start = Self.leaving(points[0], towards: points[1], by: radius * 0.9 + width * 1.4)
        var line = Path()
        line.move(to: start)
        for point in points.dropFirst() { line.addLine(to: point) }
        context.stroke(
            line, with: .color(.black),
            style: StrokeStyle(lineWidth: width * 2.4, lineCap: .round, lineJoin: .round))
        context.stroke(
            line, with: .color(.white),
            style: StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round))
        if let end = points.last {
            context.fill(Path(ellipseIn: rect(end, width * 1.8)), with: .color(.black))
            context.fill(Path(ellipseIn: rect(end, width * 1.1)), with: .color(.white))
        }
    }

    /// The point `distance` from `from` on the way to `to` (`to` itself when that is nearer).
    static func leaving(_ from: CGPoint, towards to: CGPoint, by distance: CGFloat) -> CGPoint {
        let dx = to.x - from.x
        let dy = to.y - from.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > distance, length > 0 else { return to }
        return CGPoint(x: from.x + dx / length * distance, y: from.y + dy / length * distance)
    }

    /// A lesson's pointer: a wide ring around the peg to move, dashed rings where it goes.
    private func drawPointer(
        in context: inout GraphicsContext, transform: any BoardProjection, radius: CGFloat
    ) {
        for (index, coord) in pointer.enumerated() {
            guard let hole = geometry.hole(at: coord) else { continue }
            let centre = transform.point(x: hole.x, y: hole.y)
            let ring = Path(ellipseIn: rect(centre, radius * 1.5))
            let dash: [CGFloat] = index == 0 ? [] : [5, 4]
            context.stroke(
                ring, with: .color(.black.opacity(0.6)),
                style: StrokeStyle(lineWidth: 5, dash: dash))
            context.stroke(ring, with: .color(.cyan), style: StrokeStyle(lineWidth: 3, dash: dash))
        }
    }

    private func drawHighlight(
        _ highlight: Highlight, at centre: CGPoint, radius: CGFloat,
        in context: inout GraphicsContext
    ) {
        let ring = Path(ellipseIn: rect(centre, radius * 1.25))
        switch highlight {
        case .none:
            break
        case .selected:
            context.stroke(ring, with: .color(.primary), lineWidth: 3)
        case .stepTarget:
            context.fill(Path(ellipseIn: rect(centre, radius * 0.45)), with: .color(.accentColor))
        case .jumpTarget:
            context.stroke(ring, with: .color(.accentColor), lineWidth: 3)
        case .swapTarget:
            // Swap markers: a dashed ring, distinct from the targets of a step or a jump.
            context.stroke(
                ring, with: .color(.orange), style: StrokeStyle(lineWidth: 3, dash: [4, 3]))
        case .chain:
            context.stroke(ring, with: .color(.accentColor.opacity(0.6)), lineWidth: 2)
        case .lastMove:
            context.stroke(ring, with: .color(.secondary), lineWidth: 2)
        case .hint:
            // Black under white: visible on every peg colour, in both themes (the path is drawn
            // over it).
            context.stroke(ring, with: .color(.black), lineWidth: 5)
            context.stroke(ring, with: .color(.white), lineWidth: 2)
        }
    }

    private func drawPeg(
        _ colour: Colour, at centre: CGPoint, radius: CGFloat, in context: inout GraphicsContext
    ) {
        let style = PegStyle.of(colour)
        let peg = Path(ellipseIn: rect(centre, radius * 0.9))
        context.fill(peg, with: .color(style.color))
        context.stroke(peg, with: .color(.black.opacity(0.35)), lineWidth: 1)
        context.fill(style.mark(at: centre, radius: radius), with: .color(.white.opacity(0.9)))
    }

    private func rect(_ centre: CGPoint, _ radius: CGFloat) -> CGRect {
        CGRect(x: centre.x - radius, y: centre.y - radius, width: radius * 2, height: radius * 2)
    }

    // MARK: The loupe

    /// A finger held still: after `BoardLoupe.holdSeconds` the loupe opens where the finger is
    /// (the kit says whether it shows at this zoom), follows it, and the release picks the hole
    /// the kit found under it. Zoomed in, no loupe opens (the holes are big enough): a held
    /// finger that stays put taps on release, and a moving one pans.
    private func loupeGesture(_ transform: BoardViewport)
        -> some Gesture<SequenceGesture<LongPressGesture, DragGesture>.Value>
    {
        LongPressGesture(minimumDuration: BoardLoupe.holdSeconds)
            .sequenced(before: DragGesture(minimumDistance: 0))
            .onChanged { value in
                // A pinch in progress owns the fingers: no loupe until it ends.
                guard case .second(true, let drag) = value, pinchStart == nil,
                    let location = drag?.location ?? finger
                else { return }
                loupe = BoardLoupe(finger: location, viewport: transform)
            }
            .onEnded { value in
                let shown = loupe
                loupe = nil
                guard case .second(true, let drag) = value, pinchStart == nil else { return }
                let picked =
                    drag.flatMap { BoardLoupe(finger: $0.location, viewport: transform) }?.pick
                    ?? shown?.pick
                if let picked {
                    onTapHole(picked)
                } else if shown == nil, transform.zoom.isZoomed,
                    hypot(drag?.translation.width ?? 0, drag?.translation.height ?? 0)
                        < panDistance,
                    let location = drag?.location ?? finger
                {
                    // Zoomed in no loupe opens, but the long press has still won over the taps
                    // after it (an exclusive gesture lets one succeed): a slow tap that did not
                    // pan is a tap.
                    let point = transform.geometryPoint(of: location)
                    onTap(point.x, point.y)
                }
            }
    }

    /// The loupe over the board: the holes under the finger magnified, the one a release picks
    /// ringed, beside the finger so that it never covers them.
    @ViewBuilder private func loupeView(now: Date) -> some View {
        if let loupe {
            Canvas { context, _ in
                let size = BoardLoupe.diameter
                let disc = Path(ellipseIn: CGRect(x: 0, y: 0, width: size, height: size))
                context.fill(disc, with: .color(colorScheme == .dark ? .black : .white))
                draw(in: &context, transform: loupe, now: now)
                if let hole = loupe.hole {
                    let centre = loupe.point(x: hole.x, y: hole.y)
                    let ring = Path(ellipseIn: rect(centre, loupe.holeRadius * 1.45))
                    context.stroke(ring, with: .color(.black), lineWidth: 6)
                    context.stroke(ring, with: .color(.white), lineWidth: 3)
                }
                context.stroke(disc, with: .color(.secondary), lineWidth: 4)
            }
            .frame(width: BoardLoupe.diameter, height: BoardLoupe.diameter)
            .clipShape(Circle())
            .position(loupe.centre)
            .allowsHitTesting(false)
            .accessibilityHidden(true)
        }
    }

    // MARK: Animation

    private struct MovingPeg {
        let colour: Colour
        let destination: Coord
        let position: CGPoint
    }

    /// The peg travelling along the core's path, while the animation runs.
    private func movingPeg(now: Date, transform: any BoardProjection) -> MovingPeg? {
        guard let animation, let start = animationStart, animation.path.count >= 2,
            let destination = animation.path.last,
            let colour = state.holes.first(where: { $0.coord == destination })?.occupant
        else { return nil }
        let hops = Double(animation.path.count - 1)
        let progress = now.timeIntervalSince(start) / (hopDuration * hops)
        guard progress < 1 else { return nil }
        let hop = min(Int(progress * hops), animation.path.count - 2)
        let within = progress * hops - Double(hop)
        guard let from = geometry.hole(at: animation.path[hop]),
            let to = geometry.hole(at: animation.path[hop + 1])
        else { return nil }
        let a = transform.point(x: from.x, y: from.y)
        let b = transform.point(x: to.x, y: to.y)
        let position = CGPoint(
            x: a.x + (b.x - a.x) * CGFloat(within), y: a.y + (b.y - a.y) * CGFloat(within))
        return MovingPeg(colour: colour, destination: destination, position: position)
    }

    // MARK: VoiceOver

    /// One element per hole, labelled with the core's row and place and what stands on it;
    /// activating it taps the hole.
    private func holeElements(_ transform: BoardViewport) -> some View {
        // Rows and places as the player sees them on the turned board.
        let named = geometry.named(rotationDegrees: state.rotationDegrees)
        return ForEach(Array(named.holes.enumerated()), id: \.offset) { index, hole in
            let centre = transform.point(x: hole.x, y: hole.y)
            let parts = Wording.holeLabel(hole, state.holes[index], players: state.players)
            Circle()
                .frame(width: transform.holeRadius * 2, height: transform.holeRadius * 2)
                .position(centre)
                .accessibilityLabel(Text(verbatim: AppText.sentence(parts)))
                .accessibilityAddTraits(.isButton)
                // For the UI tests: "hole_<q>_<r>", the core's coordinates.
                .accessibilityIdentifier("hole_\(hole.coord.q)_\(hole.coord.r)")
                .accessibilityAction { onTapHole(hole.coord) }
        }
    }
}

/// Arrows along a move, one per hop, from hole centre to hole centre (`point` maps the
/// geometry's space to the view's), white on black like the hint (visible on every peg colour in
/// both themes), each head at the hole the hop reaches: the move tapped in the history, a
/// lesson's try taken back, a Rules diagram's move.
func drawMoveArrows(
    _ arrows: [MoveArrow], in context: inout GraphicsContext, radius: CGFloat,
    point: (Float, Float) -> CGPoint
) {
    let width = max(2, radius * 0.22)
    for arrow in arrows {
        let start = point(arrow.fromX, arrow.fromY)
        let end = point(arrow.toX, arrow.toY)
        let length = hypot(end.x - start.x, end.y - start.y)
        guard length > 0 else { continue }
        // Unit vector along the hop and its normal, for the head.
        let ux = (end.x - start.x) / length
        let uy = (end.y - start.y) / length
        let head = radius * 0.9
        // The tip stops at the hole's edge, so the peg there stays visible.
        let tip = CGPoint(x: end.x - ux * radius * 0.5, y: end.y - uy * radius * 0.5)
        let base = CGPoint(x: tip.x - ux * head, y: tip.y - uy * head)
        var shaft = Path()
        shaft.move(to: start)
        shaft.addLine(to: base)
        var arrowHead = Path()
        arrowHead.move(to: tip)
        arrowHead.addLine(to: CGPoint(x: base.x - uy * head * 0.6, y: base.y + ux * head * 0.6))
        arrowHead.addLine(to: CGPoint(x: base.x + uy * head * 0.6, y: base.y - ux * head * 0.6))
        arrowHead.closeSubpath()
        context.stroke(
            shaft, with: .color(.black),
            style: StrokeStyle(lineWidth: width * 2.4, lineCap: .round, lineJoin: .round))
        context.stroke(
            arrowHead, with: .color(.black),
            style: StrokeStyle(lineWidth: width * 1.4, lineCap: .round, lineJoin: .round))
        context.stroke(
            shaft, with: .color(.white),
            style: StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round))
        context.fill(arrowHead, with: .color(.white))
    }
}

/// A framing's move: the zoom it leaves and when it began.
private struct ZoomMove: Equatable {
    let from: BoardZoom
    let start: Date
}
