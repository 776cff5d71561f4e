//! Solo's *simple* Killer level: a value leaves a cage's cell when, with the other cells at
//! their smallest candidates, the cage would pass its sum, or with them at their largest it
//! would fall short — on the cages and then on the cages the units imply.

use super::cages::Cages;
use super::cube::{Cube, Shape, bit};

/// True when a value left some cell.
pub(super) fn step(shape: &Shape, cube: &mut Cube, cages: &Cages) -> bool {
    let mut any = false;
    for (cells, &sum) in cages.cells.iter().zip(&cages.sum) {
        any |= bound(shape, cube, cells, sum);
    }
    for (cells, sum) in &cages.implied {
        any |= bound(shape, cube, cells, *sum);
    }
    any
}

/// One cage, its cells in order (what one cell loses counts for the next).
fn bound(shape: &Shape, cube: &mut Cube, cells: &[usize], sum: u32) -> bool {
    if sum == 0 {
        return false;
    }
    let mut any = false;
    for (i, &c) in cells.iter().enumerate() {
        // The other cells at their smallest and at their largest candidates.
        let (mut low, mut high) = (0u32, 0u32);
        for (j, &o) in cells.iter().enumerate() {
            let m = cube.cand[o];
            if j == i || m == 0 {
                continue;
            }
            low += m.trailing_zeros() + 1;
            high += 64 - m.leading_zeros();
        }
        // A value v stays when high + v reaches the sum and low + v does not pass it.
        let keep = (1..=shape.n as u8)
            .filter(|&v| high + u32::from(v) >= sum && low + u32::from(v) <= sum)
            .fold(0, |m, v| m | bit(v));
        if cube.cand[c] & !keep != 0 {
            cube.cand[c] &= keep;
            any = true;
        }
    }
    any
}
