//! The propagator of a relation between two cells: `a < b` (Futoshiki), consecutive or not
//! consecutive (Tatham's Adjacent). Each keeps in one cell exactly the values that some value
//! of the other cell goes with (arc consistency); one pass each way reaches the fixed point.

use super::{Conflict, Engine};
use crate::puzzle::RelationKind;

/// The values (bits) of one cell that some value of the other cell, `other` (not empty), goes
/// with.
fn supported(kind: RelationKind, other: u64, other_is_first: bool) -> u64 {
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
        // A value is ruled out only when every value of the other cell is next to it: the
        // other cell holds one value (its two neighbours go), or two values two apart (the
        // one between them goes).
        RelationKind::NotConsecutive => match other.count_ones() {
            1 => !(other << 1 | other >> 1),
            2 => {
                let low = other & other.wrapping_neg();
                if other == low | low << 2 { !(low << 1) } else { u64::MAX }
            }
            _ => u64::MAX,
        },
    }
}

impl Engine<'_> {
    /// Filters relation `r`'s two cells; a contradiction when one is left with no value.
    pub(super) fn relation(&mut self, r: usize) -> Result<(), Conflict> {
        let (a, b, kind) = self.m.more.relations[r];
        let (a, b) = (a as usize, b as usize);
        let db = self.dom[b] & supported(kind, self.dom[a], true);
        if db == 0 {
            self.emptied = b;
            return Err(Conflict);
        }
        let da = self.dom[a] & supported(kind, db, false);
        if da == 0 {
            self.emptied = a;
            return Err(Conflict);
        }
        // What the relation's own narrowings queue of it is dropped: filtering is idempotent.
        let done = self.narrow(b, db).and_then(|()| self.narrow(a, da));
        self.relation_queue.drop_item(r);
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The supports are exactly the values some value of the other cell goes with, for every
    /// pair of small sets.
    #[test]
    fn supports_are_exact() {
        for kind in [RelationKind::Less, RelationKind::Consecutive, RelationKind::NotConsecutive] {
            for other in 1u64..64 {
                for first in [true, false] {
                    let got = supported(kind, other, first) & 0x3f;
                    let want = (0..6u8)
                        .filter(|&j| {
                            (0..6u8).filter(|&i| other >> i & 1 == 1).any(|i| {
                                let (x, y) = if first { (i + 1, j + 1) } else { (j + 1, i + 1) };
                                kind.holds(x, y)
                            })
                        })
                        .fold(0u64, |m, j| m | 1 << j);
                    assert_eq!(got, want, "{kind:?} other {other:#b} first {first}");
                }
            }
        }
    }
}
