//! The puzzle compiled for search: units (rows, columns, boxes), peers, cages with their
//! in-cage conflicts, and the starting candidates.

use super::cage::CageFilter;
use crate::puzzle::{Operator, Puzzle, ValueSet};

/// Cages with at most this many valid assignments are filtered by scanning a table of them.
const MAX_TUPLES: usize = 2048;

/// A cage as the propagator sees it.
#[derive(Clone, Debug)]
pub(crate) struct CageModel {
    /// Cells of the cage (row-major indices).
    pub cells: Vec<u16>,
    pub target: u64,
    pub op: Option<Operator>,
    /// For position `i` of the cage, the earlier positions `j < i` (below 64) whose cell must
    /// hold a different value (same row, column or box, or any cage mate in Killer Sudoku).
    pub conflicts: Vec<u64>,
    /// Every assignment of the cage that meets its rule and its conflicts, flattened (`k`
    /// values per tuple), when there are few enough to scan; None for large cages.
    pub tuples: Option<Vec<u8>>,
}

/// An immutable, search-ready form of a [`Puzzle`].
#[derive(Clone, Debug)]
pub(crate) struct Model {
    pub n: usize,
    pub full: u64,
    /// Rows, then columns, then boxes: each holds the cells that must take every value once.
    pub units: Vec<Vec<u16>>,
    /// For each cell, the units it lies in.
    pub cell_units: Vec<Vec<u32>>,
    /// For each cell, the cells that must differ from it.
    pub peers: Vec<Vec<u16>>,
    pub cages: Vec<CageModel>,
    /// For each cell, its cage (`u32::MAX`: none).
    pub cell_cage: Vec<u32>,
    /// Starting candidates: givens fixed, everything else 1..=N.
    pub initial: Vec<u64>,
}

pub(crate) const NO_CAGE: u32 = u32::MAX;

impl Model {
    pub fn new(p: &Puzzle) -> Model {
        let n = p.size();
        let cells = n * n;
        let full = ValueSet::full(n).bits();
        let mut units: Vec<Vec<u16>> = Vec::new();
        for r in 0..n {
            units.push((0..n).map(|c| (r * n + c) as u16).collect());
        }
        for c in 0..n {
            units.push((0..n).map(|r| (r * n + c) as u16).collect());
        }
        let box_of = |i: usize| p.boxes().map(|b| b.box_of(i / n, i % n, n));
        if p.boxes().is_some() {
            let first_box = units.len();
            units.resize(first_box + n, Vec::new());
            for i in 0..cells {
                units[first_box + box_of(i).unwrap()].push(i as u16);
            }
        }
        let mut cell_units = vec![Vec::new(); cells];
        for (u, unit) in units.iter().enumerate() {
            for &c in unit {
                cell_units[c as usize].push(u as u32);
            }
        }
        let mut cell_cage = vec![NO_CAGE; cells];
        for (k, cage) in p.cages().iter().enumerate() {
            for &c in &cage.cells {
                cell_cage[c.index()] = k as u32;
            }
        }
        let distinct = p.distinct_cages();
        let must_differ = |a: usize, b: usize| {
            a != b
                && (a / n == b / n
                    || a % n == b % n
                    || (box_of(a).is_some() && box_of(a) == box_of(b))
                    || (distinct && cell_cage[a] != NO_CAGE && cell_cage[a] == cell_cage[b]))
        };
        let mut peers = vec![Vec::new(); cells];
        for (a, list) in peers.iter_mut().enumerate() {
            let mut seen = vec![false; cells];
            for &u in &cell_units[a] {
                for &b in &units[u as usize] {
                    if b as usize != a && !seen[b as usize] {
                        seen[b as usize] = true;
                        list.push(b);
                    }
                }
            }
            if distinct && cell_cage[a] != NO_CAGE {
                for c in &p.cages()[cell_cage[a] as usize].cells {
                    let b = c.index();
                    if b != a && !seen[b] {
                        seen[b] = true;
                        list.push(b as u16);
                    }
                }
            }
            list.sort_unstable();
        }
        let cages = p
            .cages()
            .iter()
            .map(|cage| {
                let cells: Vec<u16> = cage.cells.iter().map(|c| c.0).collect();
                let conflicts = (0..cells.len())
                    .map(|i| {
                        (0..i.min(64))
                            .filter(|&j| must_differ(cells[i] as usize, cells[j] as usize))
                            .fold(0u64, |m, j| m | 1 << j)
                    })
                    .collect();
                let mut model =
                    CageModel { cells, target: cage.target, op: cage.op, conflicts, tuples: None };
                model.tuples = CageFilter::default().enumerate(&model, n, MAX_TUPLES);
                model
            })
            .collect();
        let initial = p
            .givens()
            .cells()
            .iter()
            .map(|&g| if g == 0 { full } else { ValueSet::single(g).bits() })
            .collect();
        Model { n, full, units, cell_units, peers, cages, cell_cage, initial }
    }
}
