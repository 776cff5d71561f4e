//! XY-Wing (4.2) and XYZ-Wing (4.4). SE's scan: pivot cells in index order, then the first
//! and second wing among the pivot's peers in index order.

use super::grid::{Bits, Grid, PEER_SET, PEERS, bit, cell_name, cells, size};
use super::hint::{Hint, removals_text};

/// The first XY-Wing (`xyz == false`) or XYZ-Wing.
pub(crate) fn wing(grid: &Grid, xyz: bool) -> Option<Hint> {
    let target = if xyz { 3 } else { 2 };
    for pivot in 0..81 {
        let xy = grid.cands[pivot];
        if size(xy) != target {
            continue;
        }
        for &a in &PEERS[pivot] {
            let xz = grid.cands[a as usize];
            if !xz.pair() || !(xy & !xz).single() {
                continue;
            }
            for &b in &PEERS[pivot] {
                let yz = grid.cands[b as usize];
                if !yz.pair() {
                    continue;
                }
                let union = xy | xz | yz;
                let inter = xy & xz & yz;
                if size(union) != 3 || size(inter) != if xyz { 1 } else { 0 } {
                    continue;
                }
                let z = (xz & yz).trailing_zeros() as usize + 1;
                let mut victims = PEER_SET[a as usize] & PEER_SET[b as usize];
                if xyz {
                    victims &= PEER_SET[pivot];
                }
                victims &= !(1u128 << pivot | 1u128 << a | 1u128 << b);
                let removals: Vec<(u8, u16)> =
                    cells(victims).filter(|&c| grid.has(c, z)).map(|c| (c as u8, bit(z))).collect();
                if removals.is_empty() {
                    continue;
                }
                return Some(Hint {
                    name: if xyz { "XYZ-Wing" } else { "XY-Wing" }.into(),
                    rating: if xyz { 4.4 } else { 4.2 },
                    text: format!(
                        "pivot {} with wings {} and {}: {}",
                        cell_name(pivot),
                        cell_name(a as usize),
                        cell_name(b as usize),
                        removals_text(&removals)
                    ),
                    removals,
                    place: None,
                });
            }
        }
    }
    None
}
