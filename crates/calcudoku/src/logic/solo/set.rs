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
    let mut rows = [0u64; 64];
    for unit in shape.regions.iter().chain(&shape.lines) {
        // Rows: the unit's cells; columns: the values.
        for (row, &c) in rows.iter_mut().zip(unit) {
            *row = cube.cand[c];
        }
        if let Some(removed) = eliminate(&rows[..unit.len()], n)? {
            for (i, v) in removed {
                cube.cand[unit[i]] &= !bit(v as u8 + 1);
            }
            return Ok(true);
        }
    }
    Ok(false)
}

/// The search on an n×n matrix of booleans (`rows[i]` bit `j`, n ≤ 64): rows with a single 1
/// are set aside with that 1's column; in what remains (m rows, m columns), a set S of
/// columns, 2 ≤ |S| ≤ m−2, such that m−|S| rows have no 1 in S. Those rows fill the other
/// columns between them, so the other rows lose their 1s outside S. Sets are tried in the
/// order of a binary counter over the columns (the last column the lowest bit); the first that
/// removes something gives the removed (row, column) pairs. Err when the matrix is
/// contradictory (a row of no 1s, or more rows than columns for them).
pub(super) fn eliminate(rows: &[u64], n: usize) -> Result<Option<Vec<(usize, usize)>>, Stuck> {
    // The rows kept (more than one 1), and the columns of the rows set aside.
    let (mut kept, mut m, mut taken) = ([0usize; 64], 0, 0u64);
    for (i, &r) in rows.iter().enumerate() {
        if r == 0 {
            return Err(Stuck);
        }
        if r & (r - 1) == 0 {
            taken |= r;
        } else {
            kept[m % 64] = i;
            m += 1;
        }
    }
    let all = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
    let columns = all & !taken;
    if m != columns.count_ones() as usize || m < 4 {
        // (Unequal only on a contradictory board, which other rules find; under 4 rows no
        // set has 2 ≤ |S| ≤ m−2.)
        return Ok(None);
    }
    // The reduced matrix, the k-th column kept at bit k.
    let mut column_of = [0usize; 64];
    let mut small = [0u64; 64];
    let mut rest = columns;
    let mut k = 0;
    while rest != 0 {
        column_of[k] = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        k += 1;
    }
    for (a, &i) in kept[..m].iter().enumerate() {
        for (k, &j) in column_of[..m].iter().enumerate() {
            small[a] |= (rows[i] >> j & 1) << k;
        }
    }
    let small = &small[..m];
    for k in 1u64..(1 << m) {
        let count = k.count_ones() as usize;
        if count < 2 || count > m - 2 {
            continue;
        }
        // Column j is in S when bit m−1−j of the counter is.
        let s = k.reverse_bits() >> (64 - m);
        let ok = small.iter().fold(0, |ok, &r| ok + (r & s == 0) as usize);
        if ok > m - count {
            return Err(Stuck);
        }
        if ok == m - count {
            let mut removed = Vec::new();
            for (a, &r) in small.iter().enumerate() {
                if r & s != 0 {
                    let mut outside = r & !s;
                    while outside != 0 {
                        let j = outside.trailing_zeros() as usize;
                        outside &= outside - 1;
                        removed.push((kept[a], column_of[j]));
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
