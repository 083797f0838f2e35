//! The board's drawing data: where each hole is, in one coordinate space with the true aspect
//! ratio, which camp it belongs to, and its row and place in the row (the words a player uses).

use std::sync::LazyLock;

use crate::rules::board::{coords, TABLES};
use crate::rules::Coord;
use crate::rules::{Colour, Hole, HOLES};

/// One hole of the board as the apps draw it. Neighbouring holes are 1 unit apart.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct HoleGeometry {
    /// Where the hole is on the board.
    pub coord: Coord,
    /// Centre, from the left edge (`0..=width`).
    pub x: f32,
    /// Centre, from the top edge (`0..=height`); y grows downward.
    pub y: f32,
    /// The camp (star point) the hole belongs to, named by the colour that starts there; `None`
    /// for the central hexagon.
    pub camp: Option<Colour>,
    /// Row from the top, 1–17 (for accessibility labels).
    pub row: i32,
    /// Place in the row from the left, 1–13.
    pub place: i32,
}

/// The whole board: 121 holes in the order of `GameState::holes`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct BoardGeometry {
    /// The holes.
    pub holes: Vec<HoleGeometry>,
    /// Width of the board's bounding box (hole centres), in hole spacings: 12.
    pub width: f32,
    /// Height of that box: 16 rows √3/2 apart (about 13.86).
    pub height: f32,
    /// Radius of a hole drawn at a pleasant size, in the same units.
    pub hole_radius: f32,
}

static GEOMETRY: LazyLock<BoardGeometry> = LazyLock::new(build);

/// The board's geometry (the same value on every call).
pub fn board_geometry() -> BoardGeometry {
    GEOMETRY.clone()
}

fn build() -> BoardGeometry {
    let row_height = 3f32.sqrt() / 2.0;
    let mut holes: Vec<HoleGeometry> = (0..HOLES as Hole)
        .map(|h| {
            let [q, r] = coords(h);
            let camp = Colour::ALL
                .into_iter()
                .find(|c| TABLES.camp10[c.index()] & crate::rules::board::bit(h) != 0);
            HoleGeometry {
                coord: Coord { q, r },
                // Axial to pixel (pointy-top): x = q + r/2, y = r·√3/2; the centre hole at (6, 8 rows).
                x: q as f32 + r as f32 / 2.0 + 6.0,
                y: (r + 8) as f32 * row_height,
                camp,
                row: r + 9,
                place: 0,
            }
        })
        .collect();
    for row in 1..=17 {
        let mut in_row: Vec<usize> = (0..holes.len()).filter(|&i| holes[i].row == row).collect();
        in_row.sort_by(|&a, &b| holes[a].x.total_cmp(&holes[b].x));
        for (place, i) in in_row.into_iter().enumerate() {
            holes[i].place = place as i32 + 1;
        }
    }
    BoardGeometry {
        holes,
        width: 12.0,
        height: 16.0 * row_height,
        hole_radius: 0.36,
    }
}

/// A hole's name as the player reads it on a board turned by some angle: its row from the top
/// of the screen and its place in that row from the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct HolePosition {
    /// The hole.
    pub coord: Coord,
    /// Row from the top of the screen, 1–17.
    pub row: i32,
    /// Place in the row from the left of the screen, 1–13.
    pub place: i32,
}

/// Every hole's row and place as seen on the board turned by `rotation_degrees` clockwise (the
/// game's `rotation_degrees`): the one naming of holes for every front end, so that a move at
/// the bottom of the player's screen is named from the bottom, whoever's turn it is. The
/// rotation is taken to the nearest multiple of 60°, the turns the board makes; with 0 these are
/// [`HoleGeometry::row`] and [`HoleGeometry::place`].
pub fn hole_positions(rotation_degrees: i32) -> Vec<HolePosition> {
    let g = &*GEOMETRY;
    let sixths = (f64::from(rotation_degrees) / 60.0).round() as i32;
    let angle = (f64::from(sixths.rem_euclid(6)) * 60.0).to_radians();
    let (sin, cos) = angle.sin_cos();
    let (cx, cy) = (f64::from(g.width) / 2.0, f64::from(g.height) / 2.0);
    // Screen y grows downward, so this turns clockwise as seen. Rounded to a thousandth of a
    // hole spacing: holes of one row then share their y exactly.
    let turned: Vec<(Coord, i64, i64)> = g
        .holes
        .iter()
        .map(|h| {
            let (dx, dy) = (f64::from(h.x) - cx, f64::from(h.y) - cy);
            let x = dx * cos - dy * sin;
            let y = dx * sin + dy * cos;
            (
                h.coord,
                (x * 1000.0).round() as i64,
                (y * 1000.0).round() as i64,
            )
        })
        .collect();
    let mut ys: Vec<i64> = turned.iter().map(|t| t.2).collect();
    ys.sort_unstable();
    ys.dedup();
    let mut out: Vec<HolePosition> = Vec::with_capacity(turned.len());
    for (row, &y) in ys.iter().enumerate() {
        let mut in_row: Vec<&(Coord, i64, i64)> = turned.iter().filter(|t| t.2 == y).collect();
        in_row.sort_by_key(|t| t.1);
        for (place, t) in in_row.into_iter().enumerate() {
            out.push(HolePosition {
                coord: t.0,
                row: row as i32 + 1,
                place: place as i32 + 1,
            });
        }
    }
    // In the order of the geometry's holes (and of `GameState::holes`).
    out.sort_by_key(|p| {
        g.holes
            .iter()
            .position(|h| h.coord == p.coord)
            .unwrap_or(usize::MAX)
    });
    out
}

/// The turn of the board, in whole degrees clockwise on screen in `(-180, 180]`, that brings a
/// player's camps to the bottom of the screen.
///
/// The camps sit 60° apart clockwise from the bottom in the order of [`Colour::ALL`] (S, SW, NW,
/// N, NE, SE): a single camp `i` turns by `-60 × i`, the shorter way round (N turns by 180°).
/// The turn is always one that puts one of the player's own camps at the bottom, so the board
/// stands on a point with its rows level, as players know it (a turn between two camps would
/// tilt every row by 30°): for several camps, the one nearest their mean direction (tripot's and
/// sternhalma's three neighbouring camps: the middle one), and where two are equally near (two
/// neighbouring camps) or the camps have no mean (opposite camps, three evenly spread), the
/// player's first camp. No camp at all: no turn.
pub fn rotation_to_bottom(colours: &[Colour]) -> i32 {
    let index_of = |c: Colour| Colour::ALL.iter().position(|&a| a == c).unwrap_or(0);
    let angle_of = |c: Colour| (60.0 * index_of(c) as f64).to_radians();
    let Some(&first) = colours.first() else {
        return 0;
    };
    let (x, y) = colours.iter().fold((0.0_f64, 0.0_f64), |(x, y), &c| {
        (x + angle_of(c).cos(), y + angle_of(c).sin())
    });
    let bottom = if x.hypot(y) < 1e-9 {
        first
    } else {
        let mean = y.atan2(x);
        // The angle between a camp and the mean, in [0, π].
        let off = |c: Colour| {
            let d = (angle_of(c) - mean).rem_euclid(std::f64::consts::TAU);
            d.min(std::f64::consts::TAU - d)
        };
        // The first of the nearest camps: a later camp wins only when clearly nearer.
        colours.iter().copied().fold(
            first,
            |best, c| {
                if off(c) < off(best) - 1e-9 {
                    c
                } else {
                    best
                }
            },
        )
    };
    // Into (-180, 180]: -180 (the top camp turned the other way) is 180.
    let turn = (-60 * index_of(bottom) as i32).rem_euclid(360);
    if turn > 180 {
        turn - 360
    } else {
        turn
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_has_the_true_aspect_and_ten_holes_per_camp() {
        let g = board_geometry();
        assert_eq!(g.holes.len(), 121);
        let max_x = g.holes.iter().map(|h| h.x).fold(0.0, f32::max);
        let max_y = g.holes.iter().map(|h| h.y).fold(0.0, f32::max);
        assert!((max_x - g.width).abs() < 1e-4 && (max_y - g.height).abs() < 1e-4);
        assert!(g.holes.iter().all(|h| h.x >= 0.0 && h.y >= 0.0));
        // Neighbours are one unit apart, across rows too.
        let at = |q, r| g.holes.iter().find(|h| h.coord == Coord { q, r }).unwrap();
        for (a, b) in [((0, 0), (1, 0)), ((0, 0), (0, 1)), ((0, 0), (-1, 1))] {
            let (a, b) = (at(a.0, a.1), at(b.0, b.1));
            assert!(((a.x - b.x).hypot(a.y - b.y) - 1.0).abs() < 1e-5);
        }
        for c in Colour::ALL {
            assert_eq!(g.holes.iter().filter(|h| h.camp == Some(c)).count(), 10);
        }
        assert_eq!(g.holes.iter().filter(|h| h.camp.is_none()).count(), 61);
        // Row 1 is the top tip, row 5 the widest: 13 holes.
        assert_eq!(at(4, -8).row, 1);
        assert_eq!(g.holes.iter().filter(|h| h.row == 5).count(), 13);
        assert_eq!(at(0, 0).row, 9);
        assert_eq!(at(0, 0).place, 5);
        assert_eq!(at(0, 0).x, 6.0);
    }

    #[test]
    fn holes_are_named_from_the_bottom_of_the_turned_board() {
        let g = board_geometry();
        let unturned = hole_positions(0);
        for (p, h) in unturned.iter().zip(&g.holes) {
            assert_eq!((p.coord, p.row, p.place), (h.coord, h.row, h.place));
        }
        let lengths = |ps: &[HolePosition]| {
            (1..=17)
                .map(|r| ps.iter().filter(|p| p.row == r).count())
                .collect::<Vec<_>>()
        };
        for colour in Colour::ALL {
            let turn = rotation_to_bottom(&[colour]);
            let ps = hole_positions(turn);
            assert_eq!(ps.len(), 121);
            assert_eq!(lengths(&ps), lengths(&unturned), "{colour:?}: a star again");
            // The colour's own tip is the last row, its one hole; the tip opposite the first.
            let at = |c: [i32; 2]| {
                *ps.iter()
                    .find(|p| p.coord == Coord { q: c[0], r: c[1] })
                    .unwrap()
            };
            let tip = colour_tip(colour);
            assert_eq!((at(tip).row, at(tip).place), (17, 1), "{colour:?}");
            let far = colour_tip(colour.opposite());
            assert_eq!(at(far).row, 1, "{colour:?}");
            // The centre stays the centre.
            assert_eq!((at([0, 0]).row, at([0, 0]).place), (9, 5));
        }
        // Only whole sixths of a turn: 59° is 60°.
        assert_eq!(hole_positions(59), hole_positions(60));
        assert_eq!(hole_positions(-180), hole_positions(180));
    }

    fn colour_tip(c: Colour) -> [i32; 2] {
        let h = c.tip();
        crate::rules::board::coords(h)
    }
}
