//! Solo's *intermediate* Killer level: a cage of two, three or four cells adds up to its sum
//! in only some sets of different values from 1 to 9; a set is out when one of the cells can
//! hold none of its values, and a value in none of the remaining sets leaves the cage. On the
//! cages, then on the implied cages that lie in one row, column or region (their values
//! differ too).
//!
//! As Solo does, values above the side count as possible everywhere (on a side under 9 the
//! sets are still those of 1 to 9), so this rule is weaker there, never unsound.

use super::cages::{Cages, in_one_unit};
use super::cube::{Cube, Shape, Stuck};

/// Ok(true) when a value left some cell.
pub(super) fn step(shape: &Shape, cube: &mut Cube, cages: &Cages) -> Result<bool, Stuck> {
    let mut any = false;
    for (cells, &sum) in cages.cells.iter().zip(&cages.sum) {
        if sum == 0 {
            if !cells.is_empty() {
                return Err(Stuck);
            }
            continue;
        }
        if cells.is_empty() {
            return Err(Stuck);
        }
        any |= sets(shape, cube, cells, sum)?;
    }
    for (cells, sum) in cages.implied.iter() {
        if in_one_unit(shape, cells) {
            any |= sets(shape, cube, cells, sum)?;
        }
    }
    Ok(any)
}

/// One cage. Err when its sum cannot be made of its size, or no set fits its cells.
fn sets(shape: &Shape, cube: &mut Cube, cells: &[usize], sum: u32) -> Result<bool, Stuck> {
    let k = cells.len();
    if !(2..=4).contains(&k) {
        return Ok(false);
    }
    let (lo, hi) = [(3, 17), (6, 24), (10, 30)][k - 2];
    if !(lo..=hi).contains(&sum) {
        return Err(Stuck);
    }
    // Values above the side (bit v − 1 for value v) never rule a set out.
    let above: u64 = 0x1ff & !((1u64 << shape.n) - 1);
    let mut possible = 0u64;
    for &set in sets_of(k, sum) {
        if cells.iter().all(|&c| set & (cube.cand[c] | above) != 0) {
            possible |= set;
        }
    }
    if possible == 0 {
        return Err(Stuck);
    }
    let mut any = false;
    for &c in cells {
        if cube.cand[c] & !possible != 0 {
            cube.cand[c] &= possible;
            any = true;
        }
    }
    Ok(any)
}

/// The sum of the values of a set (bit v − 1 for value v).
fn value_sum(set: u64) -> u32 {
    (0..9).filter(|b| set >> b & 1 != 0).map(|b| b + 1).sum()
}

/// The sets of `k` different values from 1 to 9 (2 ≤ k ≤ 4) adding up to `sum` (in range), in
/// increasing order of their bits: worked out once for every size and sum.
fn sets_of(k: usize, sum: u32) -> &'static [u64] {
    static TABLE: std::sync::OnceLock<Vec<Vec<u64>>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        // Indexed by k * 31 + sum (sums up to 30).
        let mut table = vec![Vec::new(); 5 * 31];
        for set in 1u64..(1 << 9) {
            let k = set.count_ones() as usize;
            if (2..=4).contains(&k) {
                table[k * 31 + value_sum(set) as usize].push(set);
            }
        }
        table
    });
    &table[k * 31 + sum as usize]
}
