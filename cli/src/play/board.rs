//! Board geometry on the terminal: where each hole is drawn, which hole a click lands on, and
//! where an arrow key takes the cursor.
//!
//! Everything starts from the core's [`board_geometry`] (true proportions, neighbouring holes one
//! unit apart, the holes in the order of `GameState::holes`): the star is 12 units wide, i.e. 24
//! half-steps between holes, and 16 row gaps tall. A half-step is two terminal columns, so
//! neighbours in a row are four columns apart and each hole owns a three-column cell (`[R]`,
//! ` · `...).

use std::sync::LazyLock;

use chinese_checkers_core::session::{board_geometry, BoardGeometry, Coord, HoleGeometry};

/// Half-steps between the star's leftmost and rightmost holes.
const HALF_STEPS: f32 = 24.0;
/// Row gaps between the star's top and bottom holes.
const ROW_GAPS: f32 = 16.0;
/// Terminal columns per half-step.
const COLS_PER_HALF_STEP: u16 = 2;

/// The board's holes as the core lays them out (the same on every call).
static GEOMETRY: LazyLock<BoardGeometry> = LazyLock::new(board_geometry);

/// The board's geometry, holes in the order of `GameState::holes`.
pub fn geometry() -> &'static BoardGeometry {
    &GEOMETRY
}

/// The geometry of the hole at `c`.
pub fn hole(c: Coord) -> Option<&'static HoleGeometry> {
    GEOMETRY.holes.iter().find(|h| h.coord == c)
}

/// Columns the board needs: the centres span 48 columns, plus one column each side for a
/// hole's decoration.
pub const BOARD_WIDTH: u16 = 24 * COLS_PER_HALF_STEP + 3;

/// Rows the board needs with `row_step` terminal rows between two rows of holes.
pub fn board_height(row_step: u16) -> u16 {
    16 * row_step + 1
}

/// The half-step column (0..=24) and row (0..=16) of a hole in the star's grid.
pub fn grid(h: &HoleGeometry) -> (u16, u16) {
    let g = geometry();
    let gx = (h.x / g.width).clamp(0.0, 1.0) * HALF_STEPS;
    let gy = (h.y / g.height).clamp(0.0, 1.0) * ROW_GAPS;
    (gx.round() as u16, gy.round() as u16)
}

/// Where the board is on the screen, as the last frame drew it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Screen column of the board's left edge.
    pub x: u16,
    /// Screen row of the board's top edge.
    pub y: u16,
    /// Terminal rows between two rows of holes (1 compact, 2 roomy).
    pub row_step: u16,
}

impl Placement {
    /// The screen column of the hole's centre and its screen row.
    pub fn cell(&self, h: &HoleGeometry) -> (u16, u16) {
        let (gx, gy) = grid(h);
        (
            self.x + 1 + gx * COLS_PER_HALF_STEP,
            self.y + gy * self.row_step,
        )
    }

    /// The hole whose three-column cell contains the screen position, if any.
    pub fn hit(&self, column: u16, row: u16) -> Option<Coord> {
        geometry().holes.iter().find_map(|h| {
            let (cx, cy) = self.cell(h);
            (cy == row && column.abs_diff(cx) <= 1).then_some(h.coord)
        })
    }
}

/// An arrow key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Towards the top of the screen.
    Up,
    /// Towards the bottom of the screen.
    Down,
    /// Towards the left.
    Left,
    /// Towards the right.
    Right,
}

/// The nearest hole from `from` in the screen direction `dir`: among the holes within 63° of that
/// direction, the one with the smallest distance along it plus distance across it. For up and
/// down, "across" is measured from `goal_x` (the column the cursor started from, so that
/// repeated presses zig-zag up a column instead of drifting sideways). Distances are the
/// geometry's true proportions (one unit between neighbours).
pub fn step_cursor(from: Coord, dir: Direction, goal_x: Option<f32>) -> Option<Coord> {
    let here = hole(from)?;
    let (hx, hy) = (here.x, here.y);
    let across_from = match dir {
        Direction::Up | Direction::Down => goal_x.unwrap_or(hx),
        Direction::Left | Direction::Right => hy,
    };
    let mut best: Option<(f32, &HoleGeometry)> = None;
    for h in geometry().holes.iter().filter(|h| h.coord != from) {
        let (x, y) = (h.x, h.y);
        let (along, across, cone) = match dir {
            Direction::Up => (hy - y, (x - across_from).abs(), (x - hx).abs()),
            Direction::Down => (y - hy, (x - across_from).abs(), (x - hx).abs()),
            Direction::Left => (hx - x, (y - across_from).abs(), (y - hy).abs()),
            Direction::Right => (x - hx, (y - across_from).abs(), (y - hy).abs()),
        };
        if along <= 0.01 || cone > 2.0 * along {
            continue;
        }
        let score = along + across;
        let better = match best {
            None => true,
            Some((s, _)) => score < s - 1e-3,
        };
        if better {
            best = Some((score, h));
        }
    }
    best.map(|(_, h)| h.coord)
}

/// The x of a hole, the cursor's goal column for vertical moves.
pub fn x_of(c: Coord) -> Option<f32> {
    hole(c).map(|h| h.x)
}
