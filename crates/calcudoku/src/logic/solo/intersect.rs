//! Solo's *intermediate* level: intersectional analysis — when a value's places in a row,
//! column or (X) diagonal all lie in one region, the value leaves the rest of that region;
//! when its places in a region all lie in one line, it leaves the rest of that line.

use super::cube::{Cube, Shape, bit};

/// Rows against regions, then columns, then the diagonals (each pair both ways, each value):
/// the first pair that removes a candidate. True when one did.
pub(super) fn step(shape: &Shape, cube: &mut Cube) -> bool {
    let n = shape.n;
    let mut lines: Vec<Vec<usize>> = (0..n).map(|y| shape.row(y)).collect();
    lines.extend((0..n).map(|x| shape.column(x)));
    lines.extend(shape.diagonals.iter().flatten().cloned());
    for line in &lines {
        for region in &shape.regions {
            for v in 1..=n as u8 {
                if placed_in(cube, line, v) || placed_in(cube, region, v) {
                    continue;
                }
                if confine(cube, line, region, v) || confine(cube, region, line, v) {
                    return true;
                }
            }
        }
    }
    false
}

fn placed_in(cube: &Cube, unit: &[usize], v: u8) -> bool {
    unit.iter().any(|&c| cube.grid[c] == v)
}

/// If every place of `v` in `a` is also in `b`, `v` leaves the cells of `b` outside `a`.
/// True when that removed something.
fn confine(cube: &mut Cube, a: &[usize], b: &[usize], v: u8) -> bool {
    let m = bit(v);
    if a.iter().any(|&c| cube.cand[c] & m != 0 && !b.contains(&c)) {
        return false;
    }
    let mut any = false;
    for &c in b {
        if cube.cand[c] & m != 0 && !a.contains(&c) {
            cube.cand[c] &= !m;
            any = true;
        }
    }
    any
}
