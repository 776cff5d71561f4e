//! Part of Solo's *extreme* level: forcing chains. From a cell of two candidates, suppose it
//! does not hold one of them, `v`: it holds the other, which then forces each two-candidate
//! cell it sees that shares that value to its other value, and so on (breadth first). A cell
//! reached that would hold `v`, seen by both the start and a third cell that has `v`, rules
//! `v` out there: either the start holds `v`, or the chain puts `v` in that cell.

use super::cube::{Cube, Shape, bit};

/// Cells row by row, each of their two values: the first chain that removes a candidate
/// (one candidate, then Solo starts its rules over). True when one did.
pub(super) fn step(shape: &Shape, cube: &mut Cube) -> bool {
    let n = shape.n;
    let cells = n * n;
    let mut value = vec![0u8; cells];
    let mut queue = Vec::with_capacity(cells);
    for start in 0..cells {
        let here = cube.cand[start];
        if here.count_ones() != 2 {
            continue;
        }
        for v in 1..=n as u8 {
            if here & bit(v) == 0 {
                continue;
            }
            // value[c]: what the chain puts in c (0: not reached).
            value.iter_mut().for_each(|x| *x = 0);
            queue.clear();
            value[start] = other(here, v);
            queue.push(start);
            let mut head = 0;
            while head < queue.len() {
                let at = queue[head];
                head += 1;
                let now = value[at];
                for next in neighbours(shape, at) {
                    if value[next] != 0 || cube.cand[next] & bit(now) == 0 || next == at {
                        continue;
                    }
                    if cube.cand[next].count_ones() == 2 {
                        value[next] = other(cube.cand[next], now);
                        queue.push(next);
                    }
                    if now == v && shape.sees(next, start) {
                        cube.cand[next] &= !bit(v);
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The value of a two-candidate set other than `v`.
fn other(cand: u64, v: u8) -> u8 {
    (cand & !bit(v)).trailing_zeros() as u8 + 1
}

/// The cells a cell sees, in Solo's order: its column, its row, its region, its diagonals
/// (the cell itself among them).
fn neighbours(shape: &Shape, c: usize) -> impl Iterator<Item = usize> + '_ {
    let n = shape.n;
    let (x, y) = (c % n, c / n);
    (0..n)
        .map(move |i| i * n + x)
        .chain((0..n).map(move |i| y * n + i))
        .chain(shape.regions[shape.region_of[c]].iter().copied())
        .chain(shape.diagonals_of(c).flatten().copied())
}
