//! The puzzle compiled for search: units (rows, columns, boxes), peers, cages with their
//! in-cage conflicts, and the starting candidates.

use super::cage::{CageFilter, Table};
use crate::puzzle::{Operator, Puzzle, ValueSet};

/// Cages with at most this many valid assignments are filtered through a table of them.
/// Measured on the 10×10 corpus sets: 4096 takes in their 6-cell product cages (3,500
/// assignments), which 2048 left to the slower walk, for 6–25% fewer instructions per
/// puzzle; larger limits change nothing there.
pub(crate) const MAX_TUPLES: usize = 4096;

/// Cages of up to [`EARLY_CELLS`] cells with at most [`EARLY_TUPLES`] assignments get their
/// table when the puzzle is compiled. The others are *late*: the engine builds their table
/// from the candidates left once everything else has propagated at the root (see
/// [`Engine::run`]), when the other cages and the Latin rules have cut most of their
/// assignments: the 5- and 6-cell product cages of `8x8-normal-multonly` have 200–340 to
/// begin with and mostly one by then. Listing them up front was over a third of the time of
/// those puzzles; made late, they take 27% fewer instructions per puzzle (10x10-easy 14%
/// fewer, other sets within 1%). Late from four cells on: a 4-cell cage rarely has as few
/// as 64 assignments, and finding out would cost about as much as listing them.
///
/// [`Engine::run`]: super::engine::Engine::run
const EARLY_TUPLES: usize = 64;
const EARLY_CELLS: usize = 3;

/// Where a cage's data lies in the model's shared arrays (see [`Model::cage`]).
#[derive(Clone, Debug)]
struct CageEntry {
    /// `cells[cells_at..cells_at + len]` and `conflicts[cells_at..cells_at + len]`.
    cells_at: u32,
    len: u32,
    target: u64,
    op: Option<Operator>,
    /// The cage's table, when it has one: where its masks start in `masks`, its words per
    /// tuple set, and where its live-tuple words start in the search state.
    table: Option<(u32, u32, u32)>,
    /// No table yet: the engine builds one at the root (see [`EARLY_TUPLES`]).
    late: bool,
    /// A two-cell cage: where its partner masks start in `masks` (see [`CageModel::pair`]).
    pair: Option<u32>,
}

/// A cage as the propagator sees it: a view into the model.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CageModel<'m> {
    /// Cells of the cage (row-major indices).
    pub cells: &'m [u16],
    pub target: u64,
    pub op: Option<Operator>,
    /// For position `i` of the cage, the earlier positions `j < i` (below 64) whose cell must
    /// hold a different value (same row, column or box, or any cage mate in Killer Sudoku).
    pub conflicts: &'m [u64],
    /// Every assignment of the cage that meets its rule and its conflicts, as a table, when
    /// there are few enough (None for large cages), and where the cage's live-tuple words start
    /// in the search state.
    pub table: Option<(Table<'m>, usize)>,
    /// Whether the table is left to the engine to build at the root (see [`EARLY_TUPLES`]).
    pub late: bool,
    /// For a two-cell cage (which has no table), `2n` masks: the first `n` give, per value
    /// of the first cell, the values of the second that it may go with; the next `n` the
    /// same from the second cell's side.
    pub pair: Option<&'m [u64]>,
}

/// An immutable, search-ready form of a [`Puzzle`]. Per-cell and per-cage lists are kept in
/// a few flat arrays, so that compiling a puzzle allocates a fixed number of times.
#[derive(Clone, Debug)]
pub(crate) struct Model {
    pub n: usize,
    pub full: u64,
    /// Rows, then columns, then boxes, `n` cells each: every value appears once in each.
    unit_cells: Vec<u16>,
    pub unit_count: usize,
    /// The units of each cell (row, column and, with boxes, box).
    cell_units: Vec<[u32; 3]>,
    units_per_cell: usize,
    /// The cells that must differ from each cell: `peer_cells[peer_start[c]..peer_start[c+1]]`.
    peer_cells: Vec<u16>,
    peer_start: Vec<u32>,
    cages: Vec<CageEntry>,
    /// The cells of every cage, one cage after another, and their conflict masks.
    cage_cells: Vec<u16>,
    cage_conflicts: Vec<u64>,
    /// The masks of every cage table, one table after another.
    masks: Vec<u64>,
    /// For each cell, its cage (`NO_CAGE`: none).
    pub cell_cage: Vec<u32>,
    /// Starting candidates: givens fixed, everything else 1..=N.
    pub initial: Vec<u64>,
    /// Starting live-tuple sets of the table cages, one after another.
    pub initial_tuples: Vec<u64>,
    /// Where a box meets a row or column (only for puzzles with boxes).
    pub segments: Vec<Segment>,
    /// For each unit, its ways of cutting into segments: a line by the boxes it crosses; a
    /// box by its rows, and by its columns.
    pub partitions: Vec<Vec<Vec<u32>>>,
}

/// The cells shared by a box and a line (row or column).
#[derive(Clone, Debug)]
pub(crate) struct Segment {
    pub line: u32,
    pub boxu: u32,
    pub cells: Vec<u16>,
}

pub(crate) const NO_CAGE: u32 = u32::MAX;

impl Model {
    pub fn unit(&self, u: usize) -> &[u16] {
        &self.unit_cells[u * self.n..(u + 1) * self.n]
    }

    pub fn units_of(&self, c: usize) -> &[u32] {
        &self.cell_units[c][..self.units_per_cell]
    }

    pub fn peers(&self, c: usize) -> &[u16] {
        &self.peer_cells[self.peer_start[c] as usize..self.peer_start[c + 1] as usize]
    }

    pub fn cage_count(&self) -> usize {
        self.cages.len()
    }

    /// Where cage `k`'s live-tuple words start in the search state, and how many there are
    /// (None: the cage has no table).
    pub fn live_words(&self, k: usize) -> Option<(usize, usize)> {
        self.cages[k].table.map(|(_, words, live_at)| (live_at as usize, words as usize))
    }

    /// Cage `k` as the propagator sees it.
    #[inline]
    pub fn cage(&self, k: usize) -> CageModel<'_> {
        let e = &self.cages[k];
        let (at, len) = (e.cells_at as usize, e.len as usize);
        let table = e.table.map(|(masks_at, words, live_at)| {
            let words = words as usize;
            let masks = &self.masks[masks_at as usize..masks_at as usize + len * self.n * words];
            (Table { words, n: self.n, masks }, live_at as usize)
        });
        CageModel {
            cells: &self.cage_cells[at..at + len],
            target: e.target,
            op: e.op,
            conflicts: &self.cage_conflicts[at..at + len],
            table,
            late: e.late,
            pair: e.pair.map(|at| &self.masks[at as usize..at as usize + 2 * self.n]),
        }
    }

    /// Whether some cage's table is left to the engine to build.
    pub fn has_late_cages(&self) -> bool {
        self.cages.iter().any(|e| e.late)
    }

    pub fn new(p: &Puzzle) -> Model {
        let n = p.size();
        let cells = n * n;
        let full = ValueSet::full(n).bits();
        let boxes = p.boxes();
        let units_per_cell = if boxes.is_some() { 3 } else { 2 };
        let unit_count = units_per_cell * n;
        let mut unit_cells = vec![0u16; unit_count * n];
        let mut filled = vec![0usize; unit_count];
        let mut cell_units = vec![[0u32; 3]; cells];
        // Rows and columns counted alongside the cell: no division per cell.
        let row_col = (0..n).flat_map(|r| (0..n).map(move |col| (r, col)));
        for ((c, units), (r, col)) in cell_units.iter_mut().enumerate().zip(row_col) {
            units[0] = r as u32;
            units[1] = (n + col) as u32;
            if let Some(b) = boxes {
                units[2] = (2 * n + b.box_of(r, col, n)) as u32;
            }
            for &u in &units[..units_per_cell] {
                let u = u as usize;
                unit_cells[u * n + filled[u]] = c as u16;
                filled[u] += 1;
            }
        }
        let mut cell_cage = vec![NO_CAGE; cells];
        for (k, cage) in p.cages().iter().enumerate() {
            for &c in &cage.cells {
                cell_cage[c.index()] = k as u32;
            }
        }
        let distinct = p.distinct_cages();
        let (peer_cells, peer_start) = if boxes.is_none() && !distinct {
            latin_peers(n)
        } else {
            general_peers(p, &unit_cells, &cell_units, units_per_cell, &cell_cage)
        };
        let must_differ = |a: usize, b: usize| {
            let (ua, ub) = (&cell_units[a], &cell_units[b]);
            a != b
                && (ua[0] == ub[0]
                    || ua[1] == ub[1]
                    || (units_per_cell == 3 && ua[2] == ub[2])
                    || (distinct && cell_cage[a] != NO_CAGE && cell_cage[a] == cell_cage[b]))
        };
        let cage_cell_count: usize = p.cages().iter().map(|c| c.cells.len()).sum();
        let mut cage_cells = Vec::with_capacity(cage_cell_count);
        let mut cage_conflicts = Vec::with_capacity(cage_cell_count);
        let mut cages = Vec::with_capacity(p.cages().len());
        // Room for one word of tuples per cage (the common case), so that these rarely grow.
        let mut masks = Vec::with_capacity(cage_cell_count * n);
        let mut initial_tuples = Vec::with_capacity(p.cages().len());
        let initial: Vec<u64> = p
            .givens()
            .cells()
            .iter()
            .map(|&g| if g == 0 { full } else { ValueSet::single(g).bits() })
            .collect();
        let mut enumerator = CageFilter::default();
        let mut tuples = Vec::with_capacity(256);
        for cage in p.cages() {
            let at = cage_cells.len();
            cage_cells.extend(cage.cells.iter().map(|c| c.0));
            for i in 0..cage.cells.len() {
                let ci = cage_cells[at + i] as usize;
                let conflicts = (0..i.min(64))
                    .filter(|&j| must_differ(ci, cage_cells[at + j] as usize))
                    .fold(0u64, |m, j| m | 1 << j);
                cage_conflicts.push(conflicts);
            }
            let len = cage.cells.len();
            let view = CageModel {
                cells: &cage_cells[at..],
                target: cage.target,
                op: cage.op,
                conflicts: &cage_conflicts[at..],
                table: None,
                late: false,
                pair: None,
            };
            let mut pair = None;
            let mut table = None;
            if len == 2 {
                // Two cells need no table: each value's partners are enough.
                enumerator.enumerate(view, n, &initial, n * n, &mut tuples);
                let at = masks.len();
                masks.resize(at + 2 * n, 0);
                for t in tuples.chunks_exact(2) {
                    let (a, b) = (t[0] as usize - 1, t[1] as usize - 1);
                    masks[at + a] |= 1 << b;
                    masks[at + n + b] |= 1 << a;
                }
                pair = Some(at as u32);
            } else if len <= EARLY_CELLS
                && enumerator.enumerate(view, n, &initial, EARLY_TUPLES, &mut tuples)
            {
                let at = masks.len();
                let words = Table::build(&tuples, len, n, &mut masks, &mut initial_tuples);
                table = Some((at as u32, words as u32, (initial_tuples.len() - words) as u32));
            }
            cages.push(CageEntry {
                cells_at: at as u32,
                len: len as u32,
                target: cage.target,
                op: cage.op,
                late: table.is_none() && pair.is_none(),
                table,
                pair,
            });
        }
        let (segments, partitions) = match boxes {
            Some(_) => segments(n, unit_count, &cell_units),
            None => (Vec::new(), Vec::new()),
        };
        Model {
            n,
            full,
            unit_cells,
            unit_count,
            cell_units,
            units_per_cell,
            peer_cells,
            peer_start,
            cages,
            cage_cells,
            cage_conflicts,
            masks,
            cell_cage,
            initial,
            initial_tuples,
            segments,
            partitions,
        }
    }
}

/// The peers of a plain Latin square's cells: the rest of the row, then the rest of the column.
fn latin_peers(n: usize) -> (Vec<u16>, Vec<u32>) {
    let per_cell = 2 * n.saturating_sub(1);
    let mut peer_cells = vec![0u16; n * n * per_cell];
    let mut peer_start = Vec::with_capacity(n * n + 1);
    for r in 0..n {
        for c in 0..n {
            let cell = r * n + c;
            peer_start.push((cell * per_cell) as u32);
            let peers = &mut peer_cells[cell * per_cell..(cell + 1) * per_cell];
            let others = |i: usize| if i < c { i } else { i + 1 };
            let (row, col) = peers.split_at_mut(n - 1);
            for (i, p) in row.iter_mut().enumerate() {
                *p = (r * n + others(i)) as u16;
            }
            let others = |i: usize| if i < r { i } else { i + 1 };
            for (i, p) in col.iter_mut().enumerate() {
                *p = (others(i) * n + c) as u16;
            }
        }
    }
    peer_start.push(peer_cells.len() as u32);
    (peer_cells, peer_start)
}

/// The peers of every cell when there are boxes or distinct cages: the cells of its units
/// (and, in Killer Sudoku, of its cage), once each.
fn general_peers(
    p: &Puzzle,
    unit_cells: &[u16],
    cell_units: &[[u32; 3]],
    units_per_cell: usize,
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
        for &u in &cell_units[a][..units_per_cell] {
            for &b in &unit_cells[u as usize * n..(u as usize + 1) * n] {
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
fn segments(n: usize, units: usize, cell_units: &[[u32; 3]]) -> (Vec<Segment>, Vec<Vec<Vec<u32>>>) {
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
