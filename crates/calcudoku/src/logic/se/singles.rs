//! Hidden Single (1.0 last empty cell of a house, 1.2 block, 1.5 row or column) and Naked
//! Single (2.3), searched in SE's order: last cells first (blocks, columns, rows), then hidden
//! singles (blocks, columns, rows); naked singles in cell order.

use super::grid::{BLOCK, Bits, COL, Grid, HOUSE_SET, HOUSES, ROW, push_cell, push_house};
use super::hint::Hint;

/// The house kinds in the order SE scans them.
const SCAN: [usize; 3] = [BLOCK, COL, ROW];

/// The first hidden single, SE's order.
pub(crate) fn hidden_single(grid: &Grid) -> Option<Hint> {
    let empty = grid.empty_set();
    // Last empty cells first: a house with one empty cell, whose candidate (at most one on a
    // sound board, the smallest otherwise) has no other place in the house.
    for kind in SCAN {
        for index in 0..9 {
            let open = empty & HOUSE_SET[kind][index];
            if open.single() {
                let cell = open.trailing_zeros() as usize;
                let m = grid.cands[cell];
                if m != 0 {
                    return Some(single(cell, m.trailing_zeros() as usize + 1, kind, index, 1.0));
                }
            }
        }
    }
    for kind in SCAN {
        for index in 0..9 {
            let house = HOUSE_SET[kind][index];
            // Houses with no empty cell hold no candidate; those with one were seen above.
            if !(empty & house).many() {
                continue;
            }
            // The values with one place in the house: seen once and not twice.
            let (mut once, mut twice) = (0u16, 0u16);
            for &c in &HOUSES[kind][index] {
                let m = grid.cands[c as usize];
                twice |= once & m;
                once |= m;
            }
            let alone = once & !twice;
            if alone != 0 {
                let v = alone.trailing_zeros() as usize + 1;
                let cell = (grid.vc[v - 1] & house).trailing_zeros() as usize;
                let rating = if kind == BLOCK { 1.2 } else { 1.5 };
                return Some(single(cell, v, kind, index, rating));
            }
        }
    }
    None
}

fn single(cell: usize, v: usize, kind: usize, index: usize, rating: f64) -> Hint {
    let mut text = String::with_capacity(40);
    push_cell(&mut text, cell);
    text.push_str(" is the only place for ");
    text.push(char::from(b'0' + v as u8));
    text.push_str(" in ");
    push_house(&mut text, kind, index);
    Hint {
        name: "Hidden Single".into(),
        rating,
        removals: Vec::new(),
        place: Some((cell as u8, v as u8)),
        text,
    }
}

/// The first naked single in cell order.
pub(crate) fn naked_single(grid: &Grid) -> Option<Hint> {
    (0..81).find(|&c| grid.values[c] == 0 && grid.cands[c].single()).map(|c| {
        let v = grid.cands[c].trailing_zeros() as usize + 1;
        Hint {
            name: "Naked Single".into(),
            rating: 2.3,
            removals: Vec::new(),
            place: Some((c as u8, v as u8)),
            text: {
                let mut text = String::with_capacity(36);
                text.push(char::from(b'0' + v as u8));
                text.push_str(" is the only candidate left in ");
                push_cell(&mut text, c);
                text
            },
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::se::board_from_givens;

    #[test]
    fn last_cell_of_a_row_is_rated_one() {
        let mut g = [0u8; 81];
        for (i, v) in (1..=8).enumerate() {
            g[i] = v;
        }
        let grid = board_from_givens(&g);
        let h = hidden_single(&grid).unwrap();
        assert_eq!(h.rating, 1.0);
        assert_eq!(h.place, Some((8, 9)));
        let _ = ROW;
    }
}
