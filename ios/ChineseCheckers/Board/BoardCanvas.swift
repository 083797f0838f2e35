// The star drawn in a Canvas from the core's geometry and state: holes, camps, pegs (colour and
// symbol), lit targets, swap markers, the chain, the last move and the hint; a tap goes to the
// nearest hole; a moved peg travels along the core's path unless Reduce Motion is on.
import ChineseCheckersCore
import ChineseCheckersKit
import SwiftUI

/// Maps the geometry's space (holes 1 apart) to the view and back, with the pass-and-play turn.
struct BoardTransform {
    let geometry: BoardGeometry
    let size: CGSize
    /// Degrees, clockwise.
    let rotation: Double

    private var scale: CGFloat {
        // A margin of one hole around the star.
        min(
            size.width / CGFloat(geometry.width + 2), size.height / CGFloat(geometry.height + 2))
    }

    private var centre: CGPoint { CGPoint(x: size.width / 2, y: size.height / 2) }

    /// The view point of a geometry point.
    func point(x: Float, y: Float) -> CGPoint {
        let dx = (CGFloat(x) - CGFloat(geometry.width) / 2) * scale
        let dy = (CGFloat(y) - CGFloat(geometry.height) / 2) * scale
        let angle = rotation * .pi / 180
        return CGPoint(
            x: centre.x + dx * CGFloat(cos(angle)) - dy * CGFloat(sin(angle)),
            y: centre.y + dx * CGFloat(sin(angle)) + dy * CGFloat(cos(angle)))
    }

    /// The geometry point of a view point (the inverse of `point`).
    func geometryPoint(of location: CGPoint) -> (x: Float, y: Float) {
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

    /// A hole's radius on screen.
    var holeRadius: CGFloat { CGFloat(geometry.holeRadius) * scale }
}

/// The board of a game state.
struct BoardCanvas: View {
    let geometry: BoardGeometry
    let state: GameState
    let rotation: Double
    let animation: PegAnimation?
    let onTap: (_ x: Float, _ y: Float) -> Void
    let onTapHole: (Coord) -> Void

    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @Environment(\.colorScheme) private var colorScheme
    @State private var animationStart: Date?

    /// Seconds per hop of an animated move.
    private let hopDuration = 0.16

    var body: some View {
        GeometryReader { proxy in
            let transform = BoardTransform(geometry: geometry, size: proxy.size, rotation: rotation)
            TimelineView(.animation(paused: animationStart == nil)) { timeline in
                Canvas { context, _ in
                    draw(in: &context, transform: transform, now: timeline.date)
                }
            }
            .contentShape(Rectangle())
            .gesture(
                SpatialTapGesture().onEnded { value in
                    let point = transform.geometryPoint(of: value.location)
                    onTap(point.x, point.y)
                }
            )
            .accessibilityElement(children: .contain)
            .accessibilityLabel(Text("a11y.board"))
            .accessibilityChildren {
                holeElements(transform)
            }
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
    }

    // MARK: Drawing

    private func draw(in context: inout GraphicsContext, transform: BoardTransform, now: Date) {
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
        if let moving {
            drawPeg(moving.colour, at: moving.position, radius: radius, in: &context)
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
            context.stroke(
                ring, with: .color(.mint), style: StrokeStyle(lineWidth: 3, dash: [2, 2]))
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

    // MARK: Animation

    private struct MovingPeg {
        let colour: Colour
        let destination: Coord
        let position: CGPoint
    }

    /// The peg travelling along the core's path, while the animation runs.
    private func movingPeg(now: Date, transform: BoardTransform) -> MovingPeg? {
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
    private func holeElements(_ transform: BoardTransform) -> some View {
        ForEach(Array(geometry.holes.enumerated()), id: \.offset) { index, hole in
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
