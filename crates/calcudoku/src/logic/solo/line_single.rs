//! Part of Solo's *basic* level: positional elimination in a row, a column or (X) a
//! diagonal — a value with one place left in the line goes there.

use super::cube::{Cube, Shape, Stuck};
use super::hidden_single_in;

/// Rows, then columns, then the diagonals, each value in turn: the first value with one
/// place left, placed. Ok(true) when one was.
pub(super) fn step(shape: &Shape, cube: &mut Cube) -> Result<bool, Stuck> {
    for line in &shape.lines {
        if hidden_single_in(shape, cube, line)? {
            return Ok(true);
        }
    }
    Ok(false)
}
