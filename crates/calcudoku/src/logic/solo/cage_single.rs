//! Solo's *trivial* Killer level: a cage with one open cell left holds what the cage still
//! has to add up to.
//!
//! Before that, as Solo does each time its Killer rules come round, placed cells leave their
//! cages: a cage's sum drops by the value, and the value leaves the cage's other cells (the
//! values of a Killer cage differ). That bookkeeping is no step of its own.

use super::cages::Cages;
use super::cube::{Cube, Shape, Stuck, bit};

/// Ok(true) when some cage had one open cell left and it was filled.
pub(super) fn step(shape: &Shape, cube: &mut Cube, cages: &mut Cages) -> Result<bool, Stuck> {
    settle(cube, cages)?;
    let mut placed = false;
    for k in 0..cages.cells.len() {
        if let [c] = cages.cells[k][..] {
            let v = cages.sum[k];
            if v == 0 || v as usize > shape.n || cube.cand[c] & bit(v as u8) == 0 {
                return Err(Stuck);
            }
            cube.place(shape, c, v as u8);
            placed = true;
        }
    }
    Ok(placed)
}

/// Takes placed cells out of their cages (each cage's cells from the last), lowering the sums
/// and ruling the values out of the cages' other cells.
fn settle(cube: &mut Cube, cages: &mut Cages) -> Result<(), Stuck> {
    for k in 0..cages.cells.len() {
        for i in (0..cages.cells[k].len()).rev() {
            let c = cages.cells[k][i];
            let t = cube.grid[c];
            if t == 0 {
                continue;
            }
            cages.remove(k, i);
            if u32::from(t) > cages.sum[k] {
                return Err(Stuck);
            }
            cages.sum[k] -= u32::from(t);
            for &o in &cages.cells[k] {
                cube.cand[o] &= !bit(t);
            }
        }
    }
    Ok(())
}
