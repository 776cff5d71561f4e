//! Peers and box–line segments of puzzles with boxes or cages whose values must differ.

use super::{More, NO_CAGE, Segment};
use crate::puzzle::Puzzle;

/// The peers of every cell when there are boxes, regions, diagonals or distinct cages: the
/// cells of its units, of its small extra regions and, in Killer Sudoku, of its cage, once each.
pub(super) fn general_peers(
    p: &Puzzle,
    unit_cells: &[u16],
    cell_units: &[[u32; 3]],
    units_per_cell: usize,
    more: &More,
    cell_cage: &[u32],
) -> (Vec<u16>, Vec<u32>) {
    let n = p.size();
    let cells = n * n;
    let mut stamp = vec![usize::MAX; cells];
    let mut peer_cells = Vec::with_capacity(cells * (units_per_cell * n));
    let mut peer_start = Vec::with_capacity(cells + 1);
    for a in 0..cells {
        peer_start.push(peer_cells.len() as u32);
        stamp[a] = a;
        let units = if more.cell_units.is_empty() {
            &cell_units[a][..units_per_cell]
        } else {
            more.cell_units.of(a)
        };
        for &u in units {
            for &b in &unit_cells[u as usize * n..(u as usize + 1) * n] {
                if stamp[b as usize] != a {
                    stamp[b as usize] = a;
                    peer_cells.push(b);
                }
            }
        }
        for &k in more.small_of.of(a) {
            for &b in &more.small_regions[k as usize] {
                if stamp[b as usize] != a {
                    stamp[b as usize] = a;
                    peer_cells.push(b);
                }
            }
        }
        if p.distinct_cages() && cell_cage[a] != NO_CAGE {
            for c in &p.cages()[cell_cage[a] as usize].cells {
                if stamp[c.index()] != a {
                    stamp[c.index()] = a;
                    peer_cells.push(c.0);
                }
            }
        }
    }
    peer_start.push(peer_cells.len() as u32);
    (peer_cells, peer_start)
}

/// The box–line segments of a puzzle with boxes, and each unit's partitions into them.
pub(super) fn segments(
    n: usize,
    units: usize,
    cell_units: &[[u32; 3]],
) -> (Vec<Segment>, Vec<Vec<Vec<u32>>>) {
    let mut segments: Vec<Segment> = Vec::new();
    let mut index = std::collections::HashMap::new();
    for (c, u) in cell_units.iter().enumerate() {
        for line in [u[0], u[1]] {
            let s = *index.entry((line, u[2])).or_insert_with(|| {
                segments.push(Segment { line, boxu: u[2], cells: Vec::new() });
                segments.len() - 1
            });
            segments[s].cells.push(c as u16);
        }
    }
    let mut partitions = vec![Vec::new(); units];
    let mut lines: Vec<Vec<u32>> = vec![Vec::new(); 2 * n];
    let mut box_rows: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut box_cols: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (i, s) in segments.iter().enumerate() {
        lines[s.line as usize].push(i as u32);
        let b = s.boxu as usize - 2 * n;
        if (s.line as usize) < n { box_rows[b].push(i as u32) } else { box_cols[b].push(i as u32) }
    }
    for (u, l) in lines.into_iter().enumerate() {
        partitions[u].push(l);
    }
    for (b, (rows, cols)) in box_rows.into_iter().zip(box_cols).enumerate() {
        partitions[2 * n + b] = vec![rows, cols];
    }
    (segments, partitions)
}
