//! Part of Solo's *basic* level: positional elimination in a row, a column or (X) a
//! diagonal — a value with one place left in the line goes there.

use super::cube::{Cube, Shape, Stuck};
use super::hidden_single_in;

/// Rows, then columns, then the diagonals, each value in turn: the first value with one
/// place left, placed. Ok(true) when one was.
pub(super) fn step(shape: &Shape, cube: &mut Cube) -> Result<bool, Stuck> {
    let n = shape.n;
    let mut lines: Vec<Vec<usize>> = (0..n).map(|y| shape.row(y)).collect();
    lines.extend((0..n).map(|x| shape.column(x)));
    lines.extend(shape.diagonals.iter().flatten().cloned());
    for line in &lines {
        for v in 1..=n as u8 {
            if hidden_single_in(shape, cube, line, v)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}
