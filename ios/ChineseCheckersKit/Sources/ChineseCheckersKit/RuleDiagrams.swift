// The Rules screen's diagrams are the core's (`ruleDiagrams(rules:)`): one small board per move
// kind of a rule set, made from the lessons' own positions, so a diagram and the lesson step it
// opens never disagree. Here only what drawing one needs: its words, its move as arrows and
// which peg stands on a hole.
import ChineseCheckersCore

extension RuleDiagram {
    /// The words under the diagram.
    public var caption: LocalizedMessage { Wording.lessonRule(rule) }

    /// The move, one arrow per hop between the diagram's hole centres (none for a pass).
    public var arrows: [MoveArrow] { MoveArrow.along(path, geometry: boardGeometry()) }

    /// The colour of the peg on `coord` before the move (nil: an empty hole).
    public func occupant(at coord: Coord) -> Colour? {
        pegs.first { $0.coord == coord }?.colour
    }
}
