//! Board geometry on the terminal: where each hole of a [`BoardView`] is drawn, which hole a click
//! lands on, and where an arrow key takes the cursor.
//!
//! Everything starts from the core's normalised screen positions (the pointy-top hex layout of
//! RULES.md §1): a normalised `x` of 1 is 24 half-steps between holes, a normalised `y` of 1 is
//! the 16 row gaps of the star. A half-step is two terminal columns, so neighbours in a row are
//! four columns apart and each hole owns a three-column cell (`[R]`, ` · `...).

use chinese_checkers_core::session::{BoardView, Coord, HoleView};

/// Half-steps between the star's leftmost and rightmost holes.
const HALF_STEPS: f32 = 24.0;
/// Row gaps between the star's top and bottom holes.
const ROW_GAPS: f32 = 16.0;
/// Terminal columns per half-step.
const COLS_PER_HALF_STEP: u16 = 2;

/// Columns the board needs: the centres span 48 columns, plus one column each side for a
/// hole's decoration.
pub const BOARD_WIDTH: u16 = 24 * COLS_PER_HALF_STEP + 3;

/// Rows the board needs with `row_step` terminal rows between two rows of holes.
pub fn board_height(row_step: u16) -> u16 {
    16 * row_step + 1
}

/// The half-step column (0..=24) and row (0..=16) of a hole in the star's grid.
pub fn grid(h: &HoleView) -> (u16, u16) {
    let gx = (h.x.clamp(0.0, 1.0) * HALF_STEPS).round() as u16;
    let gy = (h.y.clamp(0.0, 1.0) * ROW_GAPS).round() as u16;
    (gx, gy)
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
    pub fn cell(&self, h: &HoleView) -> (u16, u16) {
        let (gx, gy) = grid(h);
        (
            self.x + 1 + gx * COLS_PER_HALF_STEP,
            self.y + gy * self.row_step,
        )
    }

    /// The hole whose three-column cell contains the screen position, if any.
    pub fn hit(&self, view: &BoardView, column: u16, row: u16) -> Option<Coord> {
        view.holes.iter().find_map(|h| {
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

/// A hole's position in true proportions (one unit is a hex's outer radius).
fn physical(h: &HoleView) -> (f32, f32) {
    // x spans 12·√3 units, y spans 16 · 1.5 units (RULES.md §1).
    (h.x * 12.0 * 3f32.sqrt(), h.y * 24.0)
}

/// The nearest hole from `from` in the screen direction `dir`: among the holes within 63° of that
/// direction, the one with the smallest distance along it plus distance across it. For up and
/// down, "across" is measured from `goal_x` (the column the cursor started from, so that
/// repeated presses zig-zag up a column instead of drifting sideways).
pub fn step_cursor(
    view: &BoardView,
    from: Coord,
    dir: Direction,
    goal_x: Option<f32>,
) -> Option<Coord> {
    let here = view.holes.iter().find(|h| h.coord == from)?;
    let (hx, hy) = physical(here);
    let across_from = match dir {
        Direction::Up | Direction::Down => goal_x.map_or(hx, |g| g * 12.0 * 3f32.sqrt()),
        Direction::Left | Direction::Right => hy,
    };
    let mut best: Option<(f32, &HoleView)> = None;
    for h in view.holes.iter().filter(|h| h.coord != from) {
        let (x, y) = physical(h);
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

/// The normalised x of a hole, the cursor's goal column for vertical moves.
pub fn x_of(view: &BoardView, c: Coord) -> Option<f32> {
    view.holes.iter().find(|h| h.coord == c).map(|h| h.x)
}
