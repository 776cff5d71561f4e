//! Part of Solo's *basic* level: numeric elimination — an open cell with one candidate left
//! takes it.

use super::cube::{Cube, Shape, Stuck};

/// Cells column by column (Solo's order): the first open cell with one candidate, placed; a
/// cell with none is a contradiction. Ok(true) when one was placed.
pub(super) fn step(shape: &Shape, cube: &mut Cube) -> Result<bool, Stuck> {
    let n = shape.n;
    for x in 0..n {
        for y in 0..n {
            let c = y * n + x;
            if cube.grid[c] != 0 {
                continue;
            }
            match cube.cand[c].count_ones() {
                0 => return Err(Stuck),
                1 => {
                    let v = cube.cand[c].trailing_zeros() as u8 + 1;
                    cube.place(shape, c, v);
                    return Ok(true);
                }
                _ => {}
            }
        }
    }
    Ok(false)
}
