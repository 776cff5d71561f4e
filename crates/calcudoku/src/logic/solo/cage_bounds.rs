//! Solo's *simple* Killer level: a value leaves a cage's cell when, with the other cells at
//! their smallest candidates, the cage would pass its sum, or with them at their largest it
//! would fall short — on the cages and then on the cages the units imply.

use super::cages::Cages;
use super::cube::{Cube, Shape, bit};

/// True when a value left some cell.
pub(super) fn step(shape: &Shape, cube: &mut Cube, cages: &mut Cages) -> bool {
    let mut any = false;
    for k in 0..cages.cells.len() {
        any |= bound_unless_seen(
            shape,
            cube,
            &cages.cells[k],
            cages.sum[k],
            &mut cages.bounds_seen[k],
        );
    }
    for (u, cells, sum) in cages.implied.with_units() {
        any |= bound_unless_seen(shape, cube, cells, sum, &mut cages.implied_seen[u]);
    }
    any
}

/// [`bound`], skipped when the cells' candidate masks add up to `seen`, what they did when it
/// last took nothing (candidates only shrink, so an equal sum is the same masks); `seen` is
/// updated, or cleared (`u64::MAX`) when a value left a cell. (Inlined: as a call, Killer
/// generation at basic took 1.7% more instructions.)
#[inline(always)]
fn bound_unless_seen(
    shape: &Shape,
    cube: &mut Cube,
    cells: &[usize],
    sum: u32,
    seen: &mut u64,
) -> bool {
    let now: u64 = cells.iter().map(|&c| cube.cand[c]).sum();
    if *seen == now {
        return false;
    }
    let changed = bound(shape, cube, cells, sum);
    *seen = if changed { u64::MAX } else { now };
    changed
}

/// One cage, its cells in order (what one cell loses counts for the next).
fn bound(shape: &Shape, cube: &mut Cube, cells: &[usize], sum: u32) -> bool {
    if sum == 0 {
        return false;
    }
    // A cell's smallest and largest candidates (0 for a cell without any).
    let low_of = |m: u64| if m == 0 { 0 } else { m.trailing_zeros() + 1 };
    let high_of = |m: u64| 64 - m.leading_zeros();
    let (mut low_all, mut high_all) = cells
        .iter()
        .fold((0u32, 0u32), |(l, h), &c| (l + low_of(cube.cand[c]), h + high_of(cube.cand[c])));
    let mut any = false;
    for &c in cells {
        let m = cube.cand[c];
        // The other cells at their smallest and at their largest candidates.
        let (low, high) = (low_all - low_of(m), high_all - high_of(m));
        // A value v stays when high + v reaches the sum and low + v does not pass it.
        let from = sum.saturating_sub(high).max(1);
        let to = (shape.n as u32).min(sum.saturating_sub(low));
        let keep = if low > sum || from > to { 0 } else { (bit(to as u8) << 1) - bit(from as u8) };
        if m & !keep != 0 {
            let left = m & keep;
            cube.cand[c] = left;
            low_all = low_all - low_of(m) + low_of(left);
            high_all = high_all - high_of(m) + high_of(left);
            any = true;
        }
    }
    any
}
