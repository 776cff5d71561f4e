//! Part of Solo's *extreme* level: positional set elimination — for one value, when k rows
//! can hold it only in k columns between them, it leaves those columns' other rows, and the
//! other way round (X-wing, swordfish and larger fish, rows and columns only).

use super::cube::{Cube, Shape, Stuck, bit};
use super::set::eliminate;

/// Each value in turn: the first whose places across rows and columns give an elimination.
/// Ok(true) when one did.
pub(super) fn step(shape: &Shape, cube: &mut Cube) -> Result<bool, Stuck> {
    let n = shape.n;
    for v in 1..=n as u8 {
        let m = bit(v);
        // Rows: the grid's rows; columns: its columns.
        let rows: Vec<u64> = (0..n)
            .map(|y| (0..n).filter(|&x| cube.cand[y * n + x] & m != 0).fold(0, |a, x| a | 1 << x))
            .collect();
        if let Some(removed) = eliminate(&rows, n)? {
            for (y, x) in removed {
                cube.cand[y * n + x] &= !m;
            }
            return Ok(true);
        }
    }
    Ok(false)
}
