//! Hidden Single (1.0 last empty cell of a house, 1.2 block, 1.5 row or column) and Naked
//! Single (2.3), searched in SE's order: last cells first (blocks, columns, rows), then hidden
//! singles (blocks, columns, rows); naked singles in cell order.

use super::grid::{BLOCK, COL, Grid, HOUSE_SET, ROW, push_cell, push_house};
use super::hint::Hint;

/// The house kinds in the order SE scans them.
const SCAN: [usize; 3] = [BLOCK, COL, ROW];

/// The first hidden single, SE's order.
pub(crate) fn hidden_single(grid: &Grid) -> Option<Hint> {
    let empty = grid.empty_set();
    for alone_only in [true, false] {
        for kind in SCAN {
            for index in 0..9 {
                let house = HOUSE_SET[kind][index];
                let alone = (empty & house).count_ones() == 1;
                if alone != alone_only {
                    continue;
                }
                for v in 1..=9 {
                    let cells = grid.vc[v - 1] & house;
                    if cells.count_ones() == 1 {
                        let cell = cells.trailing_zeros() as usize;
                        let rating = if alone {
                            1.0
                        } else if kind == BLOCK {
                            1.2
                        } else {
                            1.5
                        };
                        let mut text = String::with_capacity(40);
                        push_cell(&mut text, cell);
                        text.push_str(" is the only place for ");
                        text.push(char::from(b'0' + v as u8));
                        text.push_str(" in ");
                        push_house(&mut text, kind, index);
                        return Some(Hint {
                            name: "Hidden Single".into(),
                            rating,
                            removals: Vec::new(),
                            place: Some((cell as u8, v as u8)),
                            text,
                        });
                    }
                }
            }
        }
    }
    None
}

/// The first naked single in cell order.
pub(crate) fn naked_single(grid: &Grid) -> Option<Hint> {
    (0..81).find(|&c| grid.values[c] == 0 && grid.cands[c].count_ones() == 1).map(|c| {
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
