// Finding holes in the core's geometry: a tap's nearest hole and a coordinate's hole. Drawing
// data only; which hole may be tapped, and what a tap does, is the core's business.
import ChineseCheckersCore

extension BoardGeometry {
    /// The hole whose centre is nearest to `(x, y)` in the geometry's space (neighbouring holes 1
    /// apart), or nil when the point is farther than half a hole spacing from every centre (a tap
    /// beside the star).
    public func nearestHole(x: Float, y: Float) -> HoleGeometry? {
        var best: HoleGeometry?
        var bestDistance = Float.infinity
        for hole in holes {
            let dx = hole.x - x
            let dy = hole.y - y
            let squared = dx * dx + dy * dy
            if squared < bestDistance {
                bestDistance = squared
                best = hole
            }
        }
        // Half the spacing: the centre's own cell, so a tap between the points of the star
        // selects nothing.
        return bestDistance <= 0.25 ? best : nil
    }

    /// The hole at `coord`, if it is on the board.
    public func hole(at coord: Coord) -> HoleGeometry? {
        holes.first { $0.coord == coord }
    }

    /// This geometry with every hole's row and place as the player reads them on the board
    /// turned by `rotationDegrees` (the core's `holePositions`, the one naming of holes on every
    /// front end): what the history, the hint and VoiceOver name holes by. Centres unchanged.
    public func named(rotationDegrees: Int32) -> BoardGeometry {
        guard rotationDegrees != 0 else { return self }
        var byCoord: [Coord: HolePosition] = [:]
        for position in holePositions(rotationDegrees: rotationDegrees) {
            byCoord[position.coord] = position
        }
        return BoardGeometry(
            holes: holes.map { hole in
                guard let position = byCoord[hole.coord] else { return hole }
                return HoleGeometry(
                    coord: hole.coord, x: hole.x, y: hole.y, camp: hole.camp, row: position.row,
                    place: position.place)
            },
            width: width, height: height, holeRadius: holeRadius)
    }
}
