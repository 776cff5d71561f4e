//! Solo's *intermediate* level: intersectional analysis — when a value's places in a row,
//! column or (X) diagonal all lie in one region, the value leaves the rest of that region;
//! when its places in a region all lie in one line, it leaves the rest of that line.

use super::cube::{Cube, Shape, bit};

/// Rows against regions, then columns, then the diagonals (each pair both ways, each value):
/// the first pair that removes a candidate. True when one did.
pub(super) fn step(shape: &Shape, cube: &mut Cube) -> bool {
    // (A line and a region that do not meet have nothing to say to each other.)
    for (l, line) in shape.lines.iter().enumerate() {
        let on_line = &shape.on_line[l];
        let line_placed = placed(cube, line);
        for &r in &shape.crossing[l] {
            let region = &shape.regions[r];
            let open = !(line_placed | placed(cube, region));
            for v in 1..=shape.n as u8 {
                if open & bit(v) == 0 {
                    continue;
                }
                let in_region = |c: usize| shape.region_of[c] == r;
                let on_this_line = |c: usize| on_line[c];
                if confine(cube, line, &in_region, region, &on_this_line, v)
                    || confine(cube, region, &on_this_line, line, &in_region, v)
                {
                    return true;
                }
            }
        }
    }
    false
}

/// The values placed in a unit.
fn placed(cube: &Cube, unit: &[usize]) -> u64 {
    unit.iter().filter(|&&c| cube.grid[c] != 0).fold(0, |m, &c| m | bit(cube.grid[c]))
}

/// If every place of `v` in `a` is also in `b` (`in_b`), `v` leaves the cells of `b`
/// outside `a` (`in_a`). True when that removed something.
fn confine(
    cube: &mut Cube,
    a: &[usize],
    in_b: &dyn Fn(usize) -> bool,
    b: &[usize],
    in_a: &dyn Fn(usize) -> bool,
    v: u8,
) -> bool {
    let m = bit(v);
    if a.iter().any(|&c| cube.cand[c] & m != 0 && !in_b(c)) {
        return false;
    }
    let mut any = false;
    for &c in b {
        if cube.cand[c] & m != 0 && !in_a(c) {
            cube.cand[c] &= !m;
            any = true;
        }
    }
    any
}
