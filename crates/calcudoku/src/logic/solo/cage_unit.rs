//! Solo's *advanced* Killer level: a row, column or region adds up to 1 + 2 + … + N, so its
//! cells outside the cages lying wholly in it add up to what those cages and its placed
//! values leave. Those cells form a cage of their own (when they are all in one cage, that
//! cage is cut in two); when only one cell is left, its value is known — the one deduction
//! that counts as this level's.
//!
//! The implied cages are rebuilt every time round, for the next two rules to use.

use super::cages::{Cages, UnitMemo};
use super::cube::{Cube, Shape, Stuck, bit};

/// Rows, then columns, then regions. Ok(true) when a unit left one cell and it was filled.
pub(super) fn step(shape: &Shape, cube: &mut Cube, cages: &mut Cages) -> Result<bool, Stuck> {
    let n = shape.n;
    let total = (n * (n + 1) / 2) as u32;
    // Cells placed since the last look put their units' memos out of date.
    for &c in &cube.placed[cages.seen_placed..] {
        cages.dirty_units |= cages.units_of[c];
    }
    cages.seen_placed = cube.placed.len();
    let placed_cells = cube.placed.len();
    if cages.units_unchanged_at == Some(placed_cells) {
        return Ok(false);
    }
    cages.implied.clear();
    let mut placed = false;
    let mut cut = false;
    let mut rest = Vec::with_capacity(n);
    for (u, unit) in shape.lines[..2 * n].iter().chain(&shape.regions).enumerate() {
        // A unit whose cells and meeting cages are as they were gives what it gave: an
        // implied cage of two or more cells from more than one cage (one cell would have been
        // placed, and a part of one cage cut off, both changing the unit).
        if cages.dirty_units >> u & 1 == 0 {
            let memo = cages.memo[u];
            let len = memo.len();
            if len != 0 && len != n {
                debug_assert!(len > 1 && memo.taken < total);
                cages.implied.push_memo(u, &memo, total - memo.taken);
            }
            continue;
        }
        let taken = cages.outside_whole_cages(cube, unit, &mut rest);
        cages.memo[u] = UnitMemo::of(&rest, taken);
        cages.implied_seen[u] = u64::MAX;
        cages.dirty_units &= !(1 << u);
        if rest.is_empty() || rest.len() == n {
            continue;
        }
        if taken >= total {
            return Err(Stuck);
        }
        let sum = total - taken;
        if let [c] = rest[..] {
            if sum as usize > n || cube.cand[c] & bit(sum as u8) == 0 {
                return Err(Stuck);
            }
            cube.place(shape, c, sum as u8);
            cages.dirty_units |= cages.units_of[c];
            cages.seen_placed = cube.placed.len();
            placed = true;
        }
        let first = cages.owner[rest[0]];
        if rest.iter().all(|&c| cages.owner[c] == first) {
            cages.split(&rest, sum);
            cut = true;
        } else {
            cages.implied.push(u, &rest, sum);
        }
    }
    cages.units_unchanged_at = (!placed && !cut).then_some(placed_cells);
    Ok(placed)
}
