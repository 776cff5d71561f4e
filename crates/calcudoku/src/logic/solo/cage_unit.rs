//! Solo's *advanced* Killer level: a row, column or region adds up to 1 + 2 + … + N, so its
//! cells outside the cages lying wholly in it add up to what those cages and its placed
//! values leave. Those cells form a cage of their own (when they are all in one cage, that
//! cage is cut in two); when only one cell is left, its value is known — the one deduction
//! that counts as this level's.
//!
//! The implied cages are rebuilt every time round, for the next two rules to use.

use super::cages::Cages;
use super::cube::{Cube, Shape, Stuck, bit};

/// Rows, then columns, then regions. Ok(true) when a unit left one cell and it was filled.
pub(super) fn step(shape: &Shape, cube: &mut Cube, cages: &mut Cages) -> Result<bool, Stuck> {
    let n = shape.n;
    let total = (n * (n + 1) / 2) as u32;
    let placed_cells = cube.grid.iter().filter(|&&v| v != 0).count();
    if cages.units_unchanged_at == Some(placed_cells) {
        return Ok(false);
    }
    cages.implied.clear();
    let mut placed = false;
    let mut cut = false;
    let mut rest = Vec::with_capacity(n);
    for unit in shape.lines[..2 * n].iter().chain(&shape.regions) {
        let taken = cages.outside_whole_cages(cube, unit, &mut rest);
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
            placed = true;
        }
        let first = cages.owner[rest[0]];
        if rest.iter().all(|&c| cages.owner[c] == first) {
            cages.split(&rest, sum);
            cut = true;
        } else {
            cages.implied.push(&rest, sum);
        }
    }
    cages.units_unchanged_at = (!placed && !cut).then_some(placed_cells);
    Ok(placed)
}
