//! The propagator of a relation between two cells: `a < b` (Futoshiki), consecutive or not
//! consecutive (Tatham's Adjacent). Each keeps in one cell exactly the values that some value
//! of the other cell goes with (arc consistency), looked at from the cell that narrowed.
//! Two cells of a row or column also differ, and a not-consecutive relation between them
//! counts that in (`1 2` in one cell leaves neither 1 nor 2 to its neighbour); the other
//! kinds imply it.

use super::{Conflict, Engine};
use crate::puzzle::RelationKind;

/// The values (bits) of one cell that some value of the other cell, `other` (not empty), goes
/// with; `differ`: the two cells also hold different values.
fn supported(kind: RelationKind, differ: bool, other: u64, other_is_first: bool) -> u64 {
    match kind {
        // first < second: the second cell needs a value above the first's smallest, the first
        // one below the second's largest.
        RelationKind::Less if other_is_first => {
            let lowest = other.trailing_zeros() + 1;
            if lowest >= 64 { 0 } else { u64::MAX << lowest }
        }
        RelationKind::Less => {
            let highest = 63 - other.leading_zeros();
            (1u64 << highest) - 1
        }
        RelationKind::Consecutive => other << 1 | other >> 1,
        // A value x is ruled out only when every value of the other cell is next to it (or,
        // when they differ, x itself): the other's values all lie within x - 1 ..= x + 1, so
        // x lies within highest - 1 ..= lowest + 1.
        RelationKind::NotConsecutive => {
            let lowest = other.trailing_zeros();
            let highest = 63 - other.leading_zeros();
            if highest - lowest > 2 {
                return u64::MAX;
            }
            if !differ {
                // Not next to: only a lone value or two values two apart rule anything out.
                return match highest - lowest {
                    0 => !(other << 1 | other >> 1),
                    2 if other.count_ones() == 2 => !(2u64 << lowest),
                    _ => u64::MAX,
                };
            }
            // highest - 1 ..= lowest + 1 holds one to three values (highest - lowest <= 2).
            let from = highest.saturating_sub(1);
            let to = lowest + 1;
            !(((2u64 << (to - from)) - 1) << from)
        }
    }
}

impl Engine<'_> {
    /// Filters the other cell of each of cell `c`'s relations by `c`'s values; a
    /// contradiction when one is left with no value. What `c` may hold given the others is
    /// the others' business: each is looked at again when it narrows.
    pub(super) fn relations(&mut self, c: usize) -> Result<(), Conflict> {
        let m = self.m;
        let d = self.dom[c];
        for arc in m.more.arcs(c) {
            let p = arc.other as usize;
            self.narrow(p, self.dom[p] & supported(arc.kind, arc.differ, d, arc.this_is_first))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The supports are exactly the values some value of the other cell goes with, for every
    /// pair of small sets, with the cells differing or not.
    #[test]
    fn supports_are_exact() {
        for kind in [RelationKind::Less, RelationKind::Consecutive, RelationKind::NotConsecutive] {
            for differ in [false, true] {
                for other in 1u64..64 {
                    for first in [true, false] {
                        let got = supported(kind, differ, other, first) & 0x3f;
                        let want = (0..6u8)
                            .filter(|&j| {
                                (0..6u8).filter(|&i| other >> i & 1 == 1).any(|i| {
                                    let (x, y) =
                                        if first { (i + 1, j + 1) } else { (j + 1, i + 1) };
                                    kind.holds(x, y) && (!differ || x != y)
                                })
                            })
                            .fold(0u64, |m, j| m | 1 << j);
                        assert_eq!(
                            got, want,
                            "{kind:?} differ {differ} other {other:#b} first {first}"
                        );
                    }
                }
            }
        }
    }

    /// Neighbours in a row or column differ: counted in, the not-consecutive relations settle
    /// this 9×9 Adjacent puzzle of Tatham's extreme level (from `unequal.tsv`) with no guess;
    /// without it the search took 72.
    #[test]
    fn adjacent_extreme_is_settled_without_a_guess() {
        let id = "9adx:0,0,0R,0L,9,0,2,0,0,0,0,0,0RD,6L,0,0,0RD,0L,0,0,0,0U,0,0,0,0U,0,0,0D,\
                  0RD,0L,0RD,0L,0,0,0,0D,0U,0U,0R,0UL,0,0D,0,0D,0U,0RD,0L,0,0,0D,0U,0,0U,0,\
                  0U,0R,0DL,0,0U,0,0,0,0,0,0,5U,0,1,0,2,0,0,0,4,1,0,0,3,0R,0L,";
        let doc = crate::format::read(id, None).unwrap();
        let puzzle = doc.entries[0].puzzle.clone().unwrap();
        let report = crate::solve::Solver::new(&puzzle).solve().unwrap();
        assert!(report.is_unique());
        assert_eq!(report.stats.nodes, 0);
    }
}
