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
        // The values placed on the line.
        let mut line_placed = 0;
        for &c in line {
            line_placed |= placed(cube.grid[c]);
        }
        for &r in &shape.crossing[l] {
            let region = &shape.regions[r];
            // Values placed in the region; its candidates off the line; the line's outside
            // the region.
            let (mut region_placed, mut region_off, mut line_off) = (0u64, 0u64, 0u64);
            for &c in region {
                region_placed |= placed(cube.grid[c]);
                if !on_line[c] {
                    region_off |= cube.cand[c];
                }
            }
            for &c in line {
                if shape.region_of[c] != r {
                    line_off |= cube.cand[c];
                }
            }
            let open = !(line_placed | region_placed);
            // A value whose places on the line are all in the region leaves the region's
            // other cells (tried first); one whose places in the region are all on the line
            // leaves the line's other cells.
            let from_region = open & !line_off & region_off;
            let from_line = open & !region_off & line_off;
            let values = from_region | from_line;
            if values == 0 {
                continue;
            }
            let v = values & values.wrapping_neg();
            let (cells, keep): (&[usize], &dyn Fn(usize) -> bool) = if from_region & v != 0 {
                (region, &|c| on_line[c])
            } else {
                (line, &|c| shape.region_of[c] == r)
            };
            for &c in cells {
                if !keep(c) {
                    cube.cand[c] &= !v;
                }
            }
            return true;
        }
    }
    false
}

/// The bit of a placed value; none for an open cell (0).
fn placed(v: u8) -> u64 {
    if v == 0 { 0 } else { bit(v) }
}
