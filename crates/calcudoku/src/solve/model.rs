//! The puzzle compiled for search: units (rows, columns, boxes), peers, cages with their
//! in-cage conflicts and how each is filtered (partner masks, a table now or a late one), the
//! sum cages that Killer Sudoku's units imply, and the starting candidates.

mod cages;
mod more;
mod peers;
mod sums;
#[cfg(test)]
mod tests;

pub(crate) use super::cage::CageModel;
use super::cage::{CageFilter, Table};
use crate::puzzle::{BoxShape, Cell, Operator, Puzzle, ValueSet};
use cages::Cages;
pub(crate) use more::More;
use peers::{general_peers, segments};
use sums::unit_sums;

/// Vectors a dropped model leaves for the next one compiled on the same thread (and the
/// buffers compiling uses): compiling a KenKen of the corpus takes about as long as a dozen
/// allocations. Every one is cleared or refilled before use.
#[derive(Default)]
struct Spare {
    /// The side and boxes `unit_cells` and `cell_units` are laid out for, if they are: a
    /// run of puzzles of one kind lays them out once.
    laid_out: Option<(usize, Option<BoxShape>)>,
    unit_cells: Vec<u16>,
    cell_units: Vec<[u32; 3]>,
    cages: Vec<CageEntry>,
    late_cages: Vec<u32>,
    cage_cells: Vec<u16>,
    cage_conflicts: Vec<u64>,
    masks: Vec<u64>,
    cell_cage: Vec<u32>,
    initial: Vec<u64>,
    initial_tuples: Vec<u64>,
    filled: Vec<usize>,
    enumerator: CageFilter,
    tuples: Vec<u8>,
}

thread_local! {
    static SPARE: std::cell::Cell<Option<Box<Spare>>> = const { std::cell::Cell::new(None) };
}

/// Empties `v` and hands it over.
fn cleared<T>(v: &mut Vec<T>) -> Vec<T> {
    let mut v = std::mem::take(v);
    v.clear();
    v
}

impl Drop for Model {
    fn drop(&mut self) {
        let mut spare = SPARE.with(|s| s.take()).unwrap_or_default();
        // Only rows, columns and boxes are laid out the same for every puzzle of a side.
        spare.laid_out = self.more.plain_layout().then_some((self.n, self.boxes));
        spare.unit_cells = std::mem::take(&mut self.unit_cells);
        spare.cell_units = std::mem::take(&mut self.cell_units);
        spare.cages = std::mem::take(&mut self.cages);
        spare.late_cages = std::mem::take(&mut self.late_cages);
        spare.cage_cells = std::mem::take(&mut self.cage_cells);
        spare.cage_conflicts = std::mem::take(&mut self.cage_conflicts);
        spare.masks = std::mem::take(&mut self.masks);
        spare.cell_cage = std::mem::take(&mut self.cell_cage);
        spare.initial = std::mem::take(&mut self.initial);
        spare.initial_tuples = std::mem::take(&mut self.initial_tuples);
        SPARE.with(|s| s.set(Some(spare)));
    }
}

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
/// Nodes the listing of an early table may visit: enough for any cage of three cells up to
/// 16×16 (n + n² + n³ ≤ 4,368 nodes), so that what is compiled there is as before; on larger
/// grids a cage that needs more waits for the root, where the search's deadline is watched.
/// Compiling a 64×64 grid stays a matter of milliseconds whatever its cages.
const EARLY_NODES: u32 = 8192;

/// A two-cell cage's cells and where its partner masks start, kept together: the
/// propagators read them for every filtering of the cage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PairEntry {
    cells: [u16; 2],
    masks_at: u32,
    /// A difference `t` with `0 < t < n`: the partners of a set of values are the set moved
    /// by `t` either way, two shifts (see [`Model::pair_shift`]); else 0.
    shift: u32,
}

/// Where a cage's data lies in the model's shared arrays (see [`Model::cage`]).
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// A two-cell cage: its cells and where its partner masks start in `masks` (see
    /// [`CageModel::pair`]).
    pair: Option<PairEntry>,
}

/// An immutable, search-ready form of a [`Puzzle`]. Per-cell and per-cage lists are kept in
/// a few flat arrays, so that compiling a puzzle allocates a fixed number of times.
#[derive(Clone, Debug)]
pub(crate) struct Model {
    pub n: usize,
    /// The boxes, if any (the layout of `unit_cells` and `cell_units` follows them).
    boxes: Option<BoxShape>,
    pub full: u64,
    /// Rows, then columns, then boxes, `n` cells each: every value appears once in each.
    unit_cells: Vec<u16>,
    pub unit_count: usize,
    /// The units of each cell (row, column and, with boxes, box).
    pub cell_units: Vec<[u32; 3]>,
    units_per_cell: usize,
    /// The cells that must differ from each cell: `peer_cells[peer_start[c]..peer_start[c+1]]`;
    /// both empty for a plain Latin square (see [`Model::peers`]).
    peer_cells: Vec<u16>,
    peer_start: Vec<u32>,
    cages: Vec<CageEntry>,
    /// The late cages (see [`CageModel::late`]), in order: the root builds their tables
    /// without looking at every cage.
    late_cages: Vec<u32>,
    /// The cells of every cage, one cage after another, and their conflict masks.
    cage_cells: Vec<u16>,
    cage_conflicts: Vec<u64>,
    /// The masks of every cage table, one table after another.
    masks: Vec<u64>,
    /// For each cell, its cage (`NO_CAGE`: none).
    pub cell_cage: Vec<u32>,
    /// For each cell, the derived cages it is in (Killer Sudoku's unit sums, see
    /// [`unit_sums`]): `derived_cages[derived_start[c]..derived_start[c + 1]]`; both empty
    /// when there are none.
    derived_start: Vec<u32>,
    derived_cages: Vec<u32>,
    /// Starting candidates: givens fixed, everything else 1..=N, then cut to what each cage
    /// with partner masks or an early table supports (see [`Model::settled`]), and for a late
    /// cage to what its target allows one cell at a time (see `cage::by_target`).
    pub initial: Vec<u64>,
    /// Whether every cage with partner masks or an early table starts at its fixed point:
    /// its cells are in no other cage (a KenKen: no boxes, no derived cages), so cutting
    /// `initial` to the cage's supports left nothing for filtering it to do until a
    /// candidate goes.
    pub settled: bool,
    /// Starting live-tuple sets of the table cages, one after another.
    pub initial_tuples: Vec<u64>,
    /// Where a box meets a row or column (only for puzzles with boxes).
    pub segments: Vec<Segment>,
    /// For each unit, its ways of cutting into segments: a line by the boxes it crosses; a
    /// box by its rows, and by its columns.
    pub partitions: Vec<Vec<Vec<u32>>>,
    /// What the kinds beyond KenKen, Sudoku and Killer add: jigsaw regions, diagonals and
    /// extra regions, relations, line clues (see [`More`]); empty for those three.
    pub more: More,
}

/// The cells shared by a box and a line (row or column).
#[derive(Clone, Debug, PartialEq, Eq)]
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

    #[inline]
    pub fn units_of(&self, c: usize) -> &[u32] {
        if self.more.cell_units.is_empty() {
            return &self.cell_units[c][..self.units_per_cell];
        }
        self.more.cell_units.of(c)
    }

    /// The cells that must differ from cell `c`, in one or two lists that may hold `c`
    /// itself (to be skipped): for a plain Latin square its row and its column, which need no
    /// table of their own; otherwise its list of peers.
    #[inline]
    pub fn peers(&self, c: usize) -> [&[u16]; 2] {
        if self.peer_start.is_empty() {
            let [row, col, _] = self.cell_units[c];
            return [self.unit(row as usize), self.unit(col as usize)];
        }
        [&self.peer_cells[self.peer_start[c] as usize..self.peer_start[c + 1] as usize], &[]]
    }

    /// Whether the puzzle has boxes or regions, or anything of [`More`]: not a KenKen.
    pub fn has_regions_or_more(&self) -> bool {
        self.units_per_cell == 3 || !self.more.is_empty()
    }

    /// Whether a cell's peers are its row and column alone (no boxes, no cages whose values
    /// must differ).
    pub fn peers_are_lines(&self) -> bool {
        self.peer_start.is_empty()
    }

    /// The derived cages that cell `c` is in (besides its own cage).
    #[inline]
    pub fn derived_cages(&self, c: usize) -> &[u32] {
        if self.derived_cages.is_empty() {
            return &[]; // the common case, kept to one test
        }
        &self.derived_cages[self.derived_start[c] as usize..self.derived_start[c + 1] as usize]
    }

    /// Whether the model has no derived cages (see [`Model::derived_cages`]).
    pub fn derived_cages_none(&self) -> bool {
        self.derived_cages.is_empty()
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
    #[inline(always)]
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
            pair: e.pair.map(|p| &self.masks[p.masks_at as usize..p.masks_at as usize + self.n]),
        }
    }

    /// For a two-cell cage, its cells and its partner masks (see [`CageModel::pair`]).
    #[inline]
    pub fn pair(&self, k: usize) -> Option<(usize, usize, &[u64])> {
        self.pair_shift(k).map(|(a, b, masks, _)| (a, b, masks))
    }

    /// [`Model::pair`] with the cage's shift (0 unless it is a difference: see
    /// [`PairEntry::shift`]).
    #[inline]
    pub fn pair_shift(&self, k: usize) -> Option<(usize, usize, &[u64], u32)> {
        let p = self.cages[k].pair?;
        let at = p.masks_at as usize;
        let masks = &self.masks[at..at + self.n];
        Some((p.cells[0] as usize, p.cells[1] as usize, masks, p.shift))
    }

    /// Whether some cage's table is left to the engine to build.
    pub fn has_late_cages(&self) -> bool {
        !self.late_cages.is_empty()
    }

    /// The cages whose tables are left to the engine to build, in order.
    pub fn late_cages(&self) -> &[u32] {
        &self.late_cages
    }

    pub fn new(p: &Puzzle) -> Model {
        Model::build(p, true)
    }

    /// The model, with Killer Sudoku's derived unit sums (see [`unit_sums`]) when
    /// `derive_sums` (tests compare against the model without them).
    pub(crate) fn build(p: &Puzzle, derive_sums: bool) -> Model {
        let n = p.size();
        let cells = n * n;
        let full = ValueSet::full(n).bits();
        let boxes = p.boxes();
        let units_per_cell = if p.has_regions() { 3 } else { 2 };
        let mut unit_count = units_per_cell * n;
        let mut spare = SPARE.with(|s| s.take()).unwrap_or_default();
        let plain_layout = p.jigsaw().is_none();
        let (mut unit_cells, cell_units) =
            if plain_layout && spare.laid_out.take() == Some((n, boxes)) {
                (std::mem::take(&mut spare.unit_cells), std::mem::take(&mut spare.cell_units))
            } else {
                let mut unit_cells = cleared(&mut spare.unit_cells);
                let mut cell_units = cleared(&mut spare.cell_units);
                lay_out_units(p, &mut unit_cells, &mut cell_units, &mut spare.filled);
                (unit_cells, cell_units)
            };
        // Diagonals and extra regions of N cells are units too; smaller extra regions only
        // make their cells peers.
        let mut more = More::new(p, plain_layout);
        more.add_units(p, units_per_cell, &mut unit_cells, &mut unit_count, &cell_units);
        let mut initial = cleared(&mut spare.initial);
        initial.resize(cells, full);
        let givens = p.givens().cells();
        // A KenKen has no givens: one pass over them (an OR of bytes) says so.
        if givens.iter().fold(0, |any, &g| any | g) != 0 {
            for (d, &g) in initial.iter_mut().zip(givens) {
                if g != 0 {
                    *d = ValueSet::single(g).bits();
                }
            }
        }
        let mut cell_cage = cleared(&mut spare.cell_cage);
        cell_cage.resize(cells, NO_CAGE);
        let cage_cell_count: usize = p.cages().iter().map(|c| c.cells.len()).sum();
        let mut built = Cages::reusing(n, p.cages().len(), cage_cell_count, &mut spare);
        let distinct = p.distinct_cages();
        let (peer_cells, peer_start);
        let (mut derived_start, mut derived_cages) = (Vec::new(), Vec::new());
        if !p.has_regions() && !distinct && !more.has_extra_units() {
            // A KenKen: two cells must differ when they share a row or a column, and a
            // cell's peers are its row and column (see `Model::peers`).
            (peer_cells, peer_start) = (Vec::new(), Vec::new());
            let must_differ = |a: usize, b: usize| {
                let (ua, ub) = (&cell_units[a], &cell_units[b]);
                a != b && (ua[0] == ub[0] || ua[1] == ub[1])
            };
            for (k, cage) in p.cages().iter().enumerate() {
                // Cages of two and three cells, nearly all of a KenKen, without a loop.
                let k = k as u32;
                match cage.cells[..] {
                    [a, b] => (cell_cage[a.index()], cell_cage[b.index()]) = (k, k),
                    [a, b, c] => {
                        (cell_cage[a.index()], cell_cage[b.index()], cell_cage[c.index()]) =
                            (k, k, k);
                    }
                    ref cells => {
                        for c in cells {
                            cell_cage[c.index()] = k;
                        }
                    }
                }
                built.add(&cage.cells, cage.target, cage.op, &must_differ, &mut initial);
            }
        } else {
            for (k, cage) in p.cages().iter().enumerate() {
                for &c in &cage.cells {
                    cell_cage[c.index()] = k as u32;
                }
            }
            (peer_cells, peer_start) =
                general_peers(p, &unit_cells, &cell_units, units_per_cell, &more, &cell_cage);
            let must_differ = |a: usize, b: usize| {
                let (ua, ub) = (&cell_units[a], &cell_units[b]);
                a != b
                    && (ua[0] == ub[0]
                        || ua[1] == ub[1]
                        || (units_per_cell == 3 && ua[2] == ub[2])
                        || (distinct && cell_cage[a] != NO_CAGE && cell_cage[a] == cell_cage[b])
                        || more.share_extra(a, b))
            };
            for cage in p.cages() {
                built.add(&cage.cells, cage.target, cage.op, &must_differ, &mut initial);
            }
            // Killer Sudoku: the sums that whole rows, columns and boxes imply (see
            // `unit_sums`).
            if derive_sums && distinct && p.has_regions() {
                let sums = unit_sums(p, &cell_units);
                // Each cell's derived cages, counted first and then written in place.
                derived_start = vec![0u32; cells + 1];
                for c in sums.iter().flat_map(|(cells, _)| cells) {
                    derived_start[*c as usize + 1] += 1;
                }
                for c in 0..cells {
                    derived_start[c + 1] += derived_start[c];
                }
                let mut next = derived_start.clone();
                derived_cages = vec![0u32; derived_start[cells] as usize];
                for (cells, target) in sums {
                    for &c in &cells {
                        derived_cages[next[c as usize] as usize] = built.cages.len() as u32;
                        next[c as usize] += 1;
                    }
                    let cells: Vec<Cell> = cells.into_iter().map(Cell).collect();
                    built.add(&cells, target, Some(Operator::Add), &must_differ, &mut initial);
                }
            }
        }
        let Cages {
            cages,
            late_cages,
            cage_cells,
            cage_conflicts,
            masks,
            initial_tuples,
            enumerator,
            tuples,
            ..
        } = built;
        spare.enumerator = enumerator;
        spare.tuples = tuples;
        SPARE.with(|s| s.set(Some(spare)));
        // Box–line segments (locked candidates, a band at a time) for rectangular boxes.
        let (segments, partitions) = match boxes {
            Some(_) => segments(n, unit_count, &cell_units),
            None => (Vec::new(), Vec::new()),
        };
        Model {
            settled: !p.has_regions() && !distinct && more.is_empty(),
            n,
            boxes,
            full,
            unit_cells,
            unit_count,
            cell_units,
            units_per_cell,
            peer_cells,
            peer_start,
            cages,
            late_cages,
            cage_cells,
            cage_conflicts,
            masks,
            cell_cage,
            derived_start,
            derived_cages,
            initial,
            initial_tuples,
            segments,
            partitions,
            more,
        }
    }
}

/// Fills `unit_cells` with the cells of the rows, then the columns, then the boxes or regions
/// (each in row-major order), and `cell_units` with the units of each cell.
fn lay_out_units(
    p: &Puzzle,
    unit_cells: &mut Vec<u16>,
    cell_units: &mut Vec<[u32; 3]>,
    filled: &mut Vec<usize>,
) {
    let n = p.size();
    let cells = n * n;
    unit_cells.resize(if p.has_regions() { 3 * cells } else { 2 * cells }, 0);
    cell_units.resize(cells, [0; 3]);
    let (rows, rest) = unit_cells.split_at_mut(cells);
    let (columns, in_boxes) = rest.split_at_mut(cells);
    for (c, cell) in rows.iter_mut().enumerate() {
        *cell = c as u16;
    }
    for (r, units) in cell_units.chunks_exact_mut(n).enumerate() {
        for (col, u) in units.iter_mut().enumerate() {
            *u = [r as u32, (n + col) as u32, 0];
            columns[col * n + r] = (r * n + col) as u16;
        }
    }
    if p.has_regions() {
        filled.clear();
        filled.resize(n, 0);
        for (c, u) in cell_units.iter_mut().enumerate() {
            let k = p.region_of(Cell(c as u16)).expect("the puzzle has regions");
            u[2] = (2 * n + k) as u32;
            in_boxes[k * n + filled[k]] = c as u16;
            filled[k] += 1;
        }
    }
}
