// The rules screen's diagrams: one small piece of the board per move kind (step, jump, swap),
// its example peg selected and its targets lit by the core itself. The app only places the
// example's pegs; which holes the peg may reach is asked of the core, as on a real board.
import ChineseCheckersCore

/// One hole of a diagram: where it is and what the core says stands on it and is lit there.
public struct DiagramHole: Equatable, Sendable {
    /// The hole's drawing data (the core's geometry).
    public let geometry: HoleGeometry
    /// The hole in the example's state, after its peg was tapped.
    public let state: HoleState
}

/// A diagram of one move kind.
public struct RuleDiagram: Identifiable, Equatable, Sendable {
    /// The move kind it shows.
    public let id: MoveKind
    /// What the diagram shows, in words.
    public let caption: LocalizedMessage
    /// The example's peg, selected.
    public let peg: Coord
    /// The holes around the peg, each with the core's state (the whole diagram).
    public let holes: [DiagramHole]

    /// The holes the core lit as targets of this kind (a jump's example lights its steps too).
    public var targets: [Coord] {
        let lit = Self.highlight(of: id)
        return holes.filter { $0.state.highlight == lit }.map(\.state.coord)
    }

    /// How the core lights a target of `kind`.
    static func highlight(of kind: MoveKind) -> Highlight? {
        switch kind {
        case .step: return .stepTarget
        case .jump: return .jumpTarget
        case .swap: return .swapTarget
        case .pass: return nil
        }
    }

    /// Step, jump and swap, each in a tripot position whose targets the core lit; a kind whose
    /// example the core refuses is left out.
    public static func all() -> [RuleDiagram] {
        [
            diagram(
                .step, caption: "rules.diagram.step", north: [[4, -8]]),
            diagram(
                .jump, caption: "rules.diagram.jump", north: [[0, -1], [1, -3], [4, -8]]),
            // The peg at a point's tip is walled in: its two neighbours and the two holes beyond
            // them hold opposing pegs, so it has no step and no jump, and the core offers it a
            // swap.
            diagram(
                .swap, caption: "rules.diagram.swap", peg: Coord(q: 8, r: -4),
                north: [[7, -4], [7, -3], [6, -4], [6, -2]]),
        ].compactMap { $0 }
    }

    /// How far from the peg a diagram shows holes, in hole spacings.
    static let reach: Float = 3.1

    /// South's one peg at `peg` (the centre unless said), North's at `north`, South to move; the
    /// peg tapped through the core. Nil if the core refuses the position or lights no target of
    /// `kind`.
    private static func diagram(
        _ kind: MoveKind, caption: String, peg: Coord = Coord(q: 0, r: 0), north: [[Int]]
    ) -> RuleDiagram? {
        let pegs = north.map { "[\($0[0]),\($0[1])]" }.joined(separator: ",")
        let json = """
            {"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
             "pegs":{"S":[[\(peg.q),\(peg.r)]],"N":[\(pegs)]},"to_move":0}
            """
        let person = Seat(player: .person, name: "")
        guard let position = try? positionFromJson(json: json),
            let game = try? LocalGame.fromPosition(
                position: position, seats: [person, person], seed: 0),
            let state = try? game.game().tap(q: peg.q, r: peg.r)
        else { return nil }
        let geometry = boardGeometry()
        guard let centre = geometry.hole(at: peg) else { return nil }
        let holes = zip(geometry.holes, state.holes).compactMap { hole, holeState in
            let dx = hole.x - centre.x
            let dy = hole.y - centre.y
            return dx * dx + dy * dy <= reach * reach
                ? DiagramHole(geometry: hole, state: holeState) : nil
        }
        guard let lit = highlight(of: kind), holes.contains(where: { $0.state.highlight == lit })
        else { return nil }
        return RuleDiagram(id: kind, caption: LocalizedMessage(caption), peg: peg, holes: holes)
    }
}
