// Colour plus symbol per colour of pegs, so that players are told apart without colour too.
import ChineseCheckersCore
import SwiftUI

/// How the pegs of one colour look.
struct PegStyle {
    /// The fill colour (the catalog names it: `colour.<name>`).
    let color: Color
    /// The number of corners of the mark drawn on the peg (0: a dot).
    let corners: Int
    /// Whether the mark is a star (its corners alternate inner and outer points).
    let star: Bool

    /// The style of `colour`.
    static func of(_ colour: Colour) -> PegStyle {
        switch colour {
        case .s: return PegStyle(color: .red, corners: 0, star: false)
        case .sw: return PegStyle(color: .orange, corners: 3, star: false)
        case .nw: return PegStyle(color: .yellow, corners: 4, star: false)
        case .n: return PegStyle(color: .green, corners: 6, star: false)
        case .ne: return PegStyle(color: .blue, corners: 5, star: true)
        case .se: return PegStyle(color: .purple, corners: 8, star: false)
        }
    }

    /// The mark inside a peg of radius `radius` centred on `centre`.
    func mark(at centre: CGPoint, radius: CGFloat) -> Path {
        let size = radius * 0.5
        guard corners > 0 else {
            return Path(
                ellipseIn: CGRect(
                    x: centre.x - size / 2, y: centre.y - size / 2, width: size, height: size))
        }
        var path = Path()
        let points = star ? corners * 2 : corners
        for index in 0..<points {
            let angle = Double(index) / Double(points) * 2 * .pi - .pi / 2
            let reach = star && index % 2 == 1 ? size * 0.45 : size
            let point = CGPoint(
                x: centre.x + reach * CGFloat(cos(angle)), y: centre.y + reach * CGFloat(sin(angle))
            )
            if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
        return path
    }
}
