//! Solo's *advanced* level: set elimination — in a region, row, column or (X) diagonal, when
//! some k open cells can hold only k values between them, those values leave the unit's other
//! cells (naked and hidden subsets of every size, found as one rule).
//!
//! Also the matrix search the *extreme* level's positional set elimination uses (a value's
//! places across rows and columns).

use super::cube::{Cube, Shape, Stuck, bit};

/// Regions, then rows, then columns, then the diagonals: the first unit where a set removes a
/// candidate. Ok(true) when one did.
pub(super) fn step(shape: &Shape, cube: &mut Cube) -> Result<bool, Stuck> {
    let n = shape.n;
    for unit in shape.regions.iter().chain(&shape.lines) {
        // Rows: the unit's cells; columns: the values.
        let rows: Vec<u64> = unit.iter().map(|&c| cube.cand[c]).collect();
        if let Some(removed) = eliminate(&rows, n)? {
            for (i, v) in removed {
                cube.cand[unit[i]] &= !bit(v as u8 + 1);
            }
            return Ok(true);
        }
    }
    Ok(false)
}

/// The search on an n×n matrix of booleans (`rows[i]` bit `j`): rows with a single 1 are set
/// aside with that 1's column; in what remains (m rows, m columns), a set S of columns, 2 ≤
/// |S| ≤ m−2, such that m−|S| rows have no 1 in S. Those rows fill the other columns between
/// them, so the other rows lose their 1s outside S. Sets are tried in the order of a binary
/// counter over the columns (the last column the lowest bit); the first that removes
/// something gives the removed (row, column) pairs. Err when the matrix is contradictory (a
/// row of no 1s, or more rows than columns for them).
pub(super) fn eliminate(rows: &[u64], n: usize) -> Result<Option<Vec<(usize, usize)>>, Stuck> {
    let mut row_kept = vec![true; n];
    let mut col_kept = vec![true; n];
    for (i, &r) in rows.iter().enumerate() {
        match r.count_ones() {
            0 => return Err(Stuck),
            1 => {
                row_kept[i] = false;
                col_kept[r.trailing_zeros() as usize] = false;
            }
            _ => {}
        }
    }
    let ri: Vec<usize> = (0..n).filter(|&i| row_kept[i]).collect();
    let ci: Vec<usize> = (0..n).filter(|&j| col_kept[j]).collect();
    let m = ri.len();
    if m != ci.len() || m < 4 {
        // (Unequal only on a contradictory board, which other rules find; under 4 rows no
        // set has 2 ≤ |S| ≤ m−2.)
        return Ok(None);
    }
    // The reduced matrix, column j of the reduced set at bit j.
    let small: Vec<u64> = ri
        .iter()
        .map(|&i| {
            ci.iter()
                .enumerate()
                .filter(|&(_, &j)| rows[i] >> j & 1 != 0)
                .fold(0, |a, (k, _)| a | 1 << k)
        })
        .collect();
    for k in 1u64..(1 << m) {
        // Column j is in S when bit m−1−j of the counter is.
        let s = (0..m).filter(|&j| k >> (m - 1 - j) & 1 != 0).fold(0u64, |a, j| a | 1 << j);
        let count = s.count_ones() as usize;
        if count < 2 || count > m - 2 {
            continue;
        }
        let ok = small.iter().filter(|&&r| r & s == 0).count();
        if ok > m - count {
            return Err(Stuck);
        }
        if ok == m - count {
            let mut removed = Vec::new();
            for (a, &r) in small.iter().enumerate() {
                if r & s != 0 {
                    for (j, &col) in ci.iter().enumerate() {
                        if s >> j & 1 == 0 && r >> j & 1 != 0 {
                            removed.push((ri[a], col));
                        }
                    }
                }
            }
            if !removed.is_empty() {
                return Ok(Some(removed));
            }
        }
    }
    Ok(None)
}
