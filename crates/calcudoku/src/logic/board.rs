//! The pencil-mark board a person keeps while solving: the candidates of every cell and the
//! values placed so far, over the puzzle's structure (units, cages) computed once.

use std::cell::{Cell as Flag, Ref, RefCell};
use std::fmt;
use std::sync::{Arc, OnceLock};

use smallvec::SmallVec;

pub use super::layouts::CagePart;
use super::layouts::{self, Analysis, CageView};
use super::sightline::Clue;

use crate::puzzle::{BoxShape, Cage, Cell, Grid, Operator, Puzzle, ValueSet};

/// A house of the board: a row, a column, a box or jigsaw region, a diagonal, an extra region
/// (the model's [`House`](crate::puzzle::House), numbered from 0 and displayed from 1).
pub use crate::puzzle::House as Unit;

/// A cell written the way solvers write them: `r3c4` (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellName {
    /// Row, 0-based (shown 1-based).
    pub row: usize,
    /// Column, 0-based (shown 1-based).
    pub col: usize,
}

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// A cage as the logic sees it: its cells, rule and the units each cell lies in.
#[derive(Clone, Debug)]
pub struct CageInfo {
    /// The cage's cells, sorted row-major.
    pub cells: Vec<Cell>,
    /// The number the cells must make under `op`.
    pub target: u64,
    /// `None`: a given on one cell, a hidden operator on several.
    pub op: Option<Operator>,
    /// For each position, the earlier positions of the cage whose cells it sees (a bit each;
    /// cages of up to 64 cells).
    pub(crate) sees_before: SmallVec<[u64; 6]>,
}

impl CageInfo {
    /// The label as the ops format writes it (`12+`, `3`, `7?`).
    pub fn label(&self) -> String {
        Cage::new(self.target, self.op, Vec::new()).label_for(self.cells.len())
    }
}

/// The units of a puzzle's grid: rows, columns, boxes or regions, diagonals and extra regions
/// of N cells (every value once in each). For rows, columns and rectangular boxes the same
/// for every puzzle of that shape, so made once per thread and shared.
#[derive(Debug)]
struct Frame {
    units: Vec<Unit>,
    /// `unit_cells[u * n .. (u + 1) * n]`: the cells of unit `u`, in row-major order.
    unit_cells: Vec<Cell>,
    /// The units of each cell: row, column and (with boxes or regions) its box or region, as
    /// indices into `units`.
    cell_units: Vec<[u16; 3]>,
    /// Each cell's further units (a diagonal, an extra region), as indices into `units`;
    /// empty when no cell has any.
    more_units: Vec<SmallVec<[u16; 2]>>,
    /// Extra regions of fewer than N cells (their values differ, but they need not hold every
    /// value: no units), and each cell's.
    small_regions: Vec<Vec<Cell>>,
    small_of: Vec<SmallVec<[u16; 1]>>,
    /// Every cell's peers through its houses alone (see [`Board::peer_cells`]), computed the
    /// first time a board of this frame asks, and shared by every puzzle of the frame.
    peers: OnceLock<(Vec<Cell>, Vec<u32>)>,
    /// Where the boxes or regions, the diagonals and the extra regions start in `units`.
    regions_at: usize,
    diagonals_at: usize,
    extra_at: usize,
}

/// The frames made so far on this thread, by size and box shape (only for rows, columns and
/// rectangular boxes).
type Frames = Vec<(usize, Option<BoxShape>, Arc<Frame>)>;

thread_local! {
    static FRAMES: RefCell<Frames> = const { RefCell::new(Vec::new()) };
}

impl Frame {
    /// The side and boxes of a puzzle whose houses are rows, columns and rectangular boxes
    /// alone (None for any other), whose frame every such puzzle shares.
    fn plain_layout(puzzle: &Puzzle) -> Option<(usize, Option<BoxShape>)> {
        let plain =
            puzzle.jigsaw().is_none() && !puzzle.diagonals() && puzzle.extra_regions().is_empty();
        plain.then(|| (puzzle.size(), puzzle.boxes()))
    }

    /// The frame of a puzzle: shared with every puzzle of its side and boxes when it has no
    /// other houses.
    fn of(puzzle: &Puzzle) -> Arc<Frame> {
        let Some((n, boxes)) = Frame::plain_layout(puzzle) else {
            return Arc::new(Frame::new(puzzle));
        };
        FRAMES.with(|frames| {
            let mut frames = frames.borrow_mut();
            if let Some((_, _, f)) = frames.iter().find(|(m, b, _)| *m == n && *b == boxes) {
                return Arc::clone(f);
            }
            let f = Arc::new(Frame::new(puzzle));
            frames.push((n, boxes, Arc::clone(&f)));
            f
        })
    }

    fn new(puzzle: &Puzzle) -> Frame {
        let n = puzzle.size();
        let houses = puzzle.houses();
        let mut units = Vec::with_capacity(houses.len());
        let mut unit_cells = Vec::with_capacity(houses.len() * n);
        let mut cell_units = vec![[u16::MAX; 3]; n * n];
        let mut more_units = Vec::new();
        let mut small_regions = Vec::new();
        let mut small_of = Vec::new();
        let (mut regions_at, mut diagonals_at, mut extra_at) = (2 * n, 2 * n, 2 * n);
        for (house, cells) in houses {
            if cells.len() < n {
                if small_of.is_empty() {
                    small_of = vec![SmallVec::new(); n * n];
                }
                for c in &cells {
                    small_of[c.index()].push(small_regions.len() as u16);
                }
                small_regions.push(cells);
                continue;
            }
            let u = units.len() as u16;
            match house {
                Unit::Row(_) => cells.iter().for_each(|c| cell_units[c.index()][0] = u),
                Unit::Column(_) => cells.iter().for_each(|c| cell_units[c.index()][1] = u),
                Unit::Box(_) | Unit::Region(_) => {
                    cells.iter().for_each(|c| cell_units[c.index()][2] = u)
                }
                _ => {
                    if more_units.is_empty() {
                        more_units = vec![SmallVec::new(); n * n];
                    }
                    cells.iter().for_each(|c| more_units[c.index()].push(u));
                }
            }
            match house {
                Unit::Row(_) | Unit::Column(_) => {
                    regions_at = units.len() + 1;
                    diagonals_at = regions_at;
                    extra_at = regions_at;
                }
                Unit::Box(_) | Unit::Region(_) => {
                    diagonals_at = units.len() + 1;
                    extra_at = diagonals_at;
                }
                Unit::Diagonal | Unit::AntiDiagonal => extra_at = units.len() + 1,
                Unit::Extra(_) => {}
            }
            units.push(house);
            unit_cells.extend(cells);
        }
        Frame {
            units,
            unit_cells,
            cell_units,
            more_units,
            small_regions,
            small_of,
            peers: OnceLock::new(),
            regions_at,
            diagonals_at,
            extra_at,
        }
    }

    /// The index of a unit in `units`.
    fn index(&self, n: usize, unit: Unit) -> usize {
        match unit {
            Unit::Row(i) => i as usize,
            Unit::Column(i) => n + i as usize,
            Unit::Box(i) | Unit::Region(i) => self.regions_at + i as usize,
            Unit::Diagonal => self.diagonals_at,
            Unit::AntiDiagonal => self.diagonals_at + 1,
            Unit::Extra(k) => {
                // Extra regions of fewer than N cells are no units: count the full ones.
                let full = self.units[self.extra_at..]
                    .iter()
                    .position(|&u| u == Unit::Extra(k))
                    .expect("an extra region of N cells");
                self.extra_at + full
            }
        }
    }

    /// The units of a cell, as indices into `units`: row, column, box or region, then the
    /// others.
    fn unit_indices(&self, c: Cell) -> impl Iterator<Item = u16> + '_ {
        let more = self.more_units.get(c.index()).map_or(&[][..], |m| &m[..]);
        self.cell_units[c.index()]
            .iter()
            .copied()
            .filter(|&u| u != u16::MAX)
            .chain(more.iter().copied())
    }

    /// Whether two cells share a house: a unit, or an extra region of fewer than N cells.
    fn share_house(&self, a: Cell, b: Cell) -> bool {
        let (ua, ub) = (self.cell_units[a.index()], self.cell_units[b.index()]);
        if ua[0] == ub[0] || ua[1] == ub[1] || (ua[2] != u16::MAX && ua[2] == ub[2]) {
            return true;
        }
        if !self.more_units.is_empty() {
            let (ma, mb) = (&self.more_units[a.index()], &self.more_units[b.index()]);
            if ma.iter().any(|u| mb.contains(u)) {
                return true;
            }
        }
        if !self.small_of.is_empty() {
            let (sa, sb) = (&self.small_of[a.index()], &self.small_of[b.index()]);
            return sa.iter().any(|k| sb.contains(k));
        }
        false
    }
}

/// The structure of a puzzle, shared by every board of it: units, their cells, cages.
#[derive(Debug)]
pub struct Geometry {
    n: usize,
    boxes: Option<BoxShape>,
    /// The side and boxes of a frame shared by every puzzle of that shape (None: a frame of
    /// this puzzle's own, with jigsaw regions, diagonals or extra regions).
    layout: Option<(usize, Option<BoxShape>)>,
    frame: Arc<Frame>,
    cages: Vec<CageInfo>,
    cage_of: Vec<Option<u16>>,
    /// The parts of every cage, cage after cage; `part_start[k]..part_start[k + 1]` are cage
    /// `k`'s.
    cage_parts: Vec<CagePart>,
    part_start: Vec<u32>,
    distinct_cages: bool,
    puzzle: Puzzle,
    /// Every cell's peers ([`Board::peers`]) when cages' values differ (Killer: the cages
    /// count), computed the first time a technique asks: `peers.0[peers.1[c]..peers.1[c + 1]]`
    /// are cell `c`'s. Without such cages the frame keeps them.
    peers: OnceLock<(Vec<Cell>, Vec<u32>)>,
    /// The line clues (Skyscrapers) with the cells each looks along, computed the first time
    /// a technique asks ([`Board::line_clues`]).
    line_clues: OnceLock<Vec<Clue>>,
}

impl Geometry {
    fn new(puzzle: &Puzzle) -> Geometry {
        let (n, boxes) = (puzzle.size(), puzzle.boxes());
        let mut geo = Geometry {
            n,
            boxes,
            layout: Frame::plain_layout(puzzle),
            frame: Frame::of(puzzle),
            cages: Vec::new(),
            cage_of: Vec::new(),
            cage_parts: Vec::new(),
            part_start: Vec::new(),
            distinct_cages: puzzle.distinct_cages(),
            puzzle: puzzle.clone(),
            peers: OnceLock::new(),
            line_clues: OnceLock::new(),
        };
        geo.build();
        geo
    }

    /// The geometry of another puzzle, in the buffers this one has (the generator grades
    /// thousands of puzzles a second, one board at a time).
    fn refill(&mut self, puzzle: &Puzzle) {
        let (n, boxes) = (puzzle.size(), puzzle.boxes());
        let layout = Frame::plain_layout(puzzle);
        if layout.is_none() || layout != self.layout {
            self.frame = Frame::of(puzzle);
        }
        self.layout = layout;
        self.n = n;
        self.boxes = boxes;
        self.distinct_cages = puzzle.distinct_cages();
        self.puzzle.clone_from(puzzle);
        self.peers = OnceLock::new();
        self.line_clues = OnceLock::new();
        self.build();
    }

    /// Cages, cage of each cell and cage parts, from `self.puzzle` and the frame.
    fn build(&mut self) {
        let Geometry { n, frame, cages, cage_of, cage_parts, part_start, puzzle, .. } = self;
        let units = &frame.units;
        let distinct = puzzle.distinct_cages();
        let count = puzzle.cages().len();
        cages.truncate(count);
        for (k, c) in puzzle.cages().iter().enumerate() {
            if k == cages.len() {
                cages.push(CageInfo {
                    cells: Vec::with_capacity(c.cells.len()),
                    target: 0,
                    op: None,
                    sees_before: SmallVec::new(),
                });
            }
            let cage = &mut cages[k];
            cage.cells.clear();
            cage.cells.extend_from_slice(&c.cells);
            cage.cells.sort();
            cage.target = c.target;
            cage.op = c.op;
            cage.sees_before.clear();
        }
        cage_of.clear();
        cage_of.resize(*n * *n, None);
        for (k, cage) in puzzle.cages().iter().enumerate() {
            for &c in &cage.cells {
                cage_of[c.index()] = Some(k as u16);
            }
        }
        for cage in cages.iter_mut().filter(|c| c.cells.len() <= 64) {
            let cells = &cage.cells;
            cage.sees_before.extend((0..cells.len()).map(|i| {
                (0..i).fold(0u64, |m, j| {
                    let sees = distinct || frame.share_house(cells[i], cells[j]);
                    if sees { m | 1 << j } else { m }
                })
            }));
        }
        cage_parts.clear();
        part_start.clear();
        for cage in cages.iter() {
            let first = cage_parts.len();
            part_start.push(first as u32);
            if cage.cells.len() > 64 {
                continue;
            }
            for (i, &c) in cage.cells.iter().enumerate() {
                for u in frame.unit_indices(c) {
                    let unit = units[u as usize];
                    match cage_parts[first..].iter_mut().find(|p| p.unit == unit) {
                        Some(p) => p.positions |= 1 << i,
                        None => cage_parts.push(CagePart { unit, positions: 1 << i }),
                    }
                }
            }
        }
        part_start.push(cage_parts.len() as u32);
    }
}

/// A board's buffers kept for the next [`Board::new`] on this thread ([`Board::recycle`]).
struct Spare {
    geo: Arc<Geometry>,
    cand: Vec<ValueSet>,
    value: Vec<u8>,
    analyses: Vec<Analysis>,
    stale: Vec<Flag<bool>>,
    open: Vec<(u64, ValueSet)>,
}

thread_local! {
    static SPARE: RefCell<Option<Spare>> = const { RefCell::new(None) };
}

/// Why a board cannot be completed: a cell with no candidate left, or a unit with no place
/// for a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Contradiction {
    /// Removing a candidate left the cell with none.
    #[error("{0} has no candidate left")]
    NoCandidate(CellName),
    /// No cell of the unit can still hold the value.
    #[error("{value} has no place left in {unit}")]
    NoPlace {
        /// The row, column or box.
        unit: Unit,
        /// The value (1..=N) with no place.
        value: u8,
    },
    /// A value was to be placed where it is no longer a candidate (or the cell already holds
    /// another), or removed from the cell that holds it.
    #[error("{cell} cannot hold {value}")]
    NotCandidate {
        /// Where the value was to go or leave.
        cell: CellName,
        /// The value (1..=N).
        value: u8,
    },
}

/// The candidates of every cell and the values placed, on a puzzle's structure.
///
/// Placing a value removes it from the cell's peers (its row, column, box, and with Killer
/// rules its cage), as pencil-mark players do; everything else is removed by steps.
#[derive(Clone, Debug)]
pub struct Board {
    geo: Arc<Geometry>,
    cand: Vec<ValueSet>,
    value: Vec<u8>,
    placed: usize,
    /// Each cage's layout analysis, kept until a candidate of the cage's cells changes
    /// (`stale`); a stale one is redone in place, in the buffers it already has.
    analyses: RefCell<Vec<Analysis>>,
    stale: Vec<Flag<bool>>,
    /// Per unit (as indices into [`Board::units`]): the positions of its cells that hold no
    /// value yet (bit `j` for `unit_cells[j]`), and the values placed in it.
    open: Vec<(u64, ValueSet)>,
}

impl Board {
    /// The bare puzzle: every cell may hold any value, then the givens are placed.
    pub fn new(puzzle: &Puzzle) -> Result<Board, Contradiction> {
        let n = puzzle.size();
        let spare = SPARE.try_with(|s| s.borrow_mut().take()).ok().flatten();
        let mut board = match spare {
            Some(mut spare) => {
                // Only a board whose structure nothing else shares is kept ([`Board::recycle`]).
                match Arc::get_mut(&mut spare.geo) {
                    Some(geo) => geo.refill(puzzle),
                    None => spare.geo = Arc::new(Geometry::new(puzzle)),
                }
                let cages = spare.geo.cages.len();
                spare.cand.clear();
                spare.cand.resize(n * n, ValueSet::full(n));
                spare.value.clear();
                spare.value.resize(n * n, 0);
                spare.analyses.truncate(cages);
                spare.analyses.iter_mut().for_each(Analysis::forget);
                spare.analyses.resize_with(cages, Analysis::default);
                spare.stale.clear();
                spare.stale.resize(cages, Flag::new(true));
                spare.open.clear();
                spare
                    .open
                    .resize(spare.geo.frame.units.len(), (ValueSet::full(n).0, ValueSet::EMPTY));
                Board {
                    geo: spare.geo,
                    cand: spare.cand,
                    value: spare.value,
                    placed: 0,
                    analyses: RefCell::new(spare.analyses),
                    stale: spare.stale,
                    open: spare.open,
                }
            }
            None => {
                let geo = Arc::new(Geometry::new(puzzle));
                let cages = geo.cages.len();
                let units = geo.frame.units.len();
                Board {
                    geo,
                    cand: vec![ValueSet::full(n); n * n],
                    value: vec![0; n * n],
                    placed: 0,
                    analyses: RefCell::new(vec![Analysis::default(); cages]),
                    stale: vec![Flag::new(true); cages],
                    open: vec![(ValueSet::full(n).0, ValueSet::EMPTY); units],
                }
            }
        };
        board.place_all(puzzle.givens())?;
        Ok(board)
    }

    /// Hands this board's buffers to the next [`Board::new`] on this thread, when no clone of
    /// it still shares its structure: what a loop that grades one board after another does
    /// to make no allocation per board.
    pub(crate) fn recycle(self) {
        let Board { mut geo, cand, value, analyses, stale, open, .. } = self;
        if Arc::get_mut(&mut geo).is_none() {
            return;
        }
        let analyses = analyses.into_inner();
        let spare = Spare { geo, cand, value, analyses, stale, open };
        let _ = SPARE.try_with(|s| *s.borrow_mut() = Some(spare));
    }

    /// The puzzle with a player's own (partial) grid placed on top of its givens.
    pub fn with_grid(puzzle: &Puzzle, grid: &Grid) -> Result<Board, Contradiction> {
        let mut board = Board::new(puzzle)?;
        board.place_all(grid)?;
        Ok(board)
    }

    fn place_all(&mut self, grid: &Grid) -> Result<(), Contradiction> {
        for (i, &v) in grid.cells().iter().enumerate() {
            let cell = Cell(i as u16);
            if v == 0 || self.value[i] == v {
                continue;
            }
            if !self.cand[i].contains(v) {
                return Err(Contradiction::NotCandidate { cell: self.name(cell), value: v });
            }
            self.place(cell, v)?;
        }
        Ok(())
    }

    /// Side length N of the N×N grid.
    pub fn size(&self) -> usize {
        self.geo.n
    }
    /// The puzzle this board is of (without the placements made since).
    pub fn puzzle(&self) -> &Puzzle {
        &self.geo.puzzle
    }

    /// Every line clue of the puzzle in Tatham's order (top, bottom, left, right), with its
    /// line: computed once and shared by every board of the puzzle.
    pub(crate) fn line_clues(&self) -> &[Clue] {
        self.geo.line_clues.get_or_init(|| super::sightline::clues_of(&self.geo.puzzle))
    }
    /// The puzzle's box shape; `None` when it has no boxes.
    pub fn boxes(&self) -> Option<BoxShape> {
        self.geo.boxes
    }
    /// Whether cages must hold different values (Killer Sudoku).
    pub fn distinct_cages(&self) -> bool {
        self.geo.distinct_cages
    }
    /// Number of cells, N².
    pub fn cell_count(&self) -> usize {
        self.geo.n * self.geo.n
    }
    /// Every cell, in row-major order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        (0..self.cell_count() as u16).map(Cell)
    }
    /// The values still possible in `cell`; just the placed value once one is placed.
    pub fn candidates(&self, cell: Cell) -> ValueSet {
        self.cand[cell.index()]
    }
    /// The cells of unit `units()[u]` that hold no value yet (bit `j` for
    /// `unit_cells_at(u)[j]`), and the values placed in it.
    pub(crate) fn unit_open(&self, u: usize) -> (u64, ValueSet) {
        self.open[u]
    }
    /// The value placed in a cell, 0 when none is.
    pub fn value(&self, cell: Cell) -> u8 {
        self.value[cell.index()]
    }
    /// The value placed in each cell, row-major (0 where none is).
    pub(crate) fn values(&self) -> &[u8] {
        &self.value
    }
    /// Whether `cell` holds a value.
    pub fn is_placed(&self, cell: Cell) -> bool {
        self.value[cell.index()] != 0
    }
    /// Whether every cell holds a value.
    pub fn is_solved(&self) -> bool {
        self.placed == self.cell_count()
    }
    /// How many cells hold a value.
    pub fn placed_count(&self) -> usize {
        self.placed
    }
    /// The 0-based row of `cell`.
    pub fn row(&self, cell: Cell) -> usize {
        cell.row(self.geo.n)
    }
    /// The 0-based column of `cell`.
    pub fn col(&self, cell: Cell) -> usize {
        cell.col(self.geo.n)
    }
    /// `r3c4`.
    pub fn name(&self, cell: Cell) -> CellName {
        CellName { row: self.row(cell), col: self.col(cell) }
    }

    /// Every unit (house of N cells, which holds every value once): rows, then columns, then
    /// boxes or jigsaw regions, then the diagonals and extra regions.
    pub fn units(&self) -> &[Unit] {
        &self.geo.frame.units
    }
    /// The cells of a unit, in row-major order.
    pub fn unit_cells(&self, unit: Unit) -> &[Cell] {
        let n = self.geo.n;
        self.unit_cells_at(self.geo.frame.index(n, unit))
    }
    /// The cells of the unit `units()[u]`, in row-major order ([`Board::unit_cells`] without
    /// looking the unit up).
    pub(crate) fn unit_cells_at(&self, u: usize) -> &[Cell] {
        let n = self.geo.n;
        &self.geo.frame.unit_cells[u * n..(u + 1) * n]
    }
    /// The units a cell lies in: its row, its column, its box or region, and any diagonal or
    /// extra region.
    pub fn units_of(&self, cell: Cell) -> impl Iterator<Item = Unit> + '_ {
        self.geo.frame.unit_indices(cell).map(|u| self.geo.frame.units[u as usize])
    }
    /// The units a cell lies in, as indices into [`Board::units`] ([`Board::units_of`]
    /// without the units themselves).
    pub(crate) fn unit_indices_of(&self, cell: Cell) -> impl Iterator<Item = usize> + '_ {
        self.geo.frame.unit_indices(cell).map(usize::from)
    }
    /// Whether two different cells must hold different values: they share a house (or, with
    /// Killer rules, a cage).
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        if a == b {
            return false;
        }
        self.geo.frame.share_house(a, b)
            || (self.geo.distinct_cages
                && self.geo.cage_of[a.index()].is_some()
                && self.geo.cage_of[a.index()] == self.geo.cage_of[b.index()])
    }
    /// The cells a cell sees (shares a unit or a Killer cage with), each once, in order.
    pub fn peers(&self, cell: Cell) -> Vec<Cell> {
        self.peer_cells(cell).to_vec()
    }

    /// [`Board::peers`] without the copy: computed once for every cell of the puzzle and
    /// shared by every board of it.
    pub(crate) fn peer_cells(&self, cell: Cell) -> &[Cell] {
        // Through houses alone, the peers are the frame's, which every puzzle of its shape
        // shares (a generator grades thousands of boards of one shape).
        let peers = if self.geo.distinct_cages { &self.geo.peers } else { &self.geo.frame.peers };
        let (all, start) = peers.get_or_init(|| {
            let mut all = Vec::new();
            let mut start = Vec::with_capacity(self.cell_count() + 1);
            // One cell's units (and Killer cage) one after the other, then in order, once.
            let mut seen = Vec::new();
            for c in self.cells() {
                start.push(all.len() as u32);
                seen.clear();
                seen.extend(self.units_of(c).flat_map(|u| self.unit_cells(u)).copied());
                let frame = &self.geo.frame;
                if let Some(small) = frame.small_of.get(c.index()) {
                    seen.extend(small.iter().flat_map(|&k| &frame.small_regions[k as usize]));
                }
                if let Some(k) = self.cage_of(c).filter(|_| self.geo.distinct_cages) {
                    seen.extend_from_slice(&self.geo.cages[k].cells);
                }
                seen.sort_unstable();
                seen.dedup();
                all.extend(seen.iter().copied().filter(|&d| d != c));
            }
            start.push(all.len() as u32);
            (all, start)
        });
        &all[start[cell.index()] as usize..start[cell.index() + 1] as usize]
    }

    /// The cages, in the puzzle's order (so index `k` is the puzzle's cage `k`).
    pub fn cages(&self) -> &[CageInfo] {
        &self.geo.cages
    }
    /// The index of the cage holding `cell`; `None` when it is in no cage.
    pub fn cage_of(&self, cell: Cell) -> Option<usize> {
        self.geo.cage_of[cell.index()].map(|k| k as usize)
    }
    /// The units cage `k` touches, with the positions of its cells there (none for cages of
    /// more than 64 cells).
    pub fn cage_parts(&self, k: usize) -> &[CagePart] {
        let (a, b) = (self.geo.part_start[k] as usize, self.geo.part_start[k + 1] as usize);
        &self.geo.cage_parts[a..b]
    }

    /// What the layouts of cage `k` say on the current candidates (computed once per change
    /// of its cells' candidates).
    pub fn cage_analysis(&self, k: usize) -> Ref<'_, Analysis> {
        if self.stale[k].get() {
            let mut all = self.analyses.borrow_mut();
            layouts::analyse(&self.cage_view(k), &mut all[k]);
            self.stale[k].set(false);
        }
        Ref::map(self.analyses.borrow(), |all| &all[k])
    }

    /// What the layouts of cage `k` read of this board.
    fn cage_view(&self, k: usize) -> CageView<'_> {
        let info = &self.geo.cages[k];
        CageView {
            n: self.size(),
            distinct: self.distinct_cages(),
            cells: &info.cells,
            op: info.op,
            target: info.target,
            sees_before: &info.sees_before,
            parts: self.cage_parts(k),
            cand: &self.cand,
        }
    }

    /// `the 12+ cage at r3c4` — a cage named by its label and its first cell.
    pub fn cage_name(&self, cage: usize) -> String {
        let c = &self.geo.cages[cage];
        format!("the {} cage at {}", c.label(), self.name(c.cells[0]))
    }

    /// Places `v` in `cell` and removes it from the cell's peers.
    pub fn place(&mut self, cell: Cell, v: u8) -> Result<(), Contradiction> {
        let i = cell.index();
        if self.value[i] == v {
            return Ok(());
        }
        if !self.cand[i].contains(v) || self.value[i] != 0 {
            return Err(Contradiction::NotCandidate { cell: self.name(cell), value: v });
        }
        self.value[i] = v;
        if self.cand[i] != ValueSet::single(v) {
            if let Some(k) = self.geo.cage_of[i] {
                self.stale[k as usize].set(true);
            }
        }
        self.cand[i] = ValueSet::single(v);
        self.placed += 1;
        let geo = Arc::clone(&self.geo);
        let n = geo.n;
        // Every unit of the cell (row, column, box or region, diagonals, extra regions): the
        // value leaves its other cells.
        for u in geo.frame.unit_indices(cell) {
            let u = u as usize;
            for (j, &peer) in geo.frame.unit_cells[u * n..(u + 1) * n].iter().enumerate() {
                if peer == cell {
                    let (open, held) = &mut self.open[u];
                    *open &= !(1 << j);
                    held.insert(v);
                } else if self.cand[peer.index()].contains(v) {
                    // Most peers lack `v` already: looked at here, without the call.
                    self.eliminate(peer, v)?;
                }
            }
        }
        if geo.distinct_cages {
            if let Some(k) = geo.cage_of[i] {
                for &peer in &geo.cages[k as usize].cells {
                    if peer != cell {
                        self.eliminate(peer, v)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Removes `v` from the candidates of `cell`; true when it was there.
    pub fn eliminate(&mut self, cell: Cell, v: u8) -> Result<bool, Contradiction> {
        let i = cell.index();
        if !self.cand[i].contains(v) {
            return Ok(false);
        }
        if self.value[i] == v {
            return Err(Contradiction::NotCandidate { cell: self.name(cell), value: v });
        }
        self.cand[i].remove(v);
        if let Some(k) = self.geo.cage_of[i] {
            self.stale[k as usize].set(true);
        }
        if self.cand[i].is_empty() {
            return Err(Contradiction::NoCandidate(self.name(cell)));
        }
        Ok(true)
    }

    /// Keeps only `keep` among the candidates of `cell`; true when something went.
    pub fn restrict(&mut self, cell: Cell, keep: ValueSet) -> Result<bool, Contradiction> {
        let gone = self.cand[cell.index()] & !keep;
        for v in gone.iter() {
            self.eliminate(cell, v)?;
        }
        Ok(!gone.is_empty())
    }

    /// The places left for `v` in `unit` (cells whose candidates hold it, placed or not).
    pub fn places(&self, unit: Unit, v: u8) -> impl Iterator<Item = Cell> + '_ {
        self.unit_cells(unit).iter().copied().filter(move |&c| self.cand[c.index()].contains(v))
    }

    /// The values of the grid so far (0 where nothing is placed).
    pub fn to_grid(&self) -> Grid {
        Grid::from_valid(self.geo.n, self.value.clone())
    }

    /// Whether `grid` (a solution) agrees with every candidate and placement of this board.
    pub fn admits(&self, grid: &Grid) -> bool {
        grid.cells().iter().zip(&self.cand).all(|(&v, c)| c.contains(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Kind, Options, generate};
    use crate::logic::{Ladder, grade_path};

    fn kenken(size: usize, seed: u64) -> Puzzle {
        generate(&Options { seed, level: Some(2), ..Options::new(Kind::KenKen, size) }, 0, None)
            .unwrap()
            .puzzle
    }

    /// A cell's peers are the cells it sees, each once, in order: on KenKen (rows and
    /// columns), Sudoku (and boxes) and Killer (and cages whose values differ).
    #[test]
    fn peers_are_the_cells_seen_in_order() {
        let sudoku = |kind, size| {
            generate(&Options { seed: 3, level: Some(0), ..Options::new(kind, size) }, 0, None)
                .unwrap()
                .puzzle
        };
        let puzzles = [
            kenken(7, 1),
            sudoku(Kind::Sudoku, 9),
            sudoku(Kind::Sudoku, 6),
            sudoku(Kind::Killer, 6),
        ];
        for puzzle in &puzzles {
            let board = Board::new(puzzle).unwrap();
            let n = board.size();
            for c in board.cells() {
                let seen: Vec<Cell> = board.cells().filter(|&d| board.sees(c, d)).collect();
                assert_eq!(board.peers(c), seen);
                // Row, column and, with boxes, the box's other cells: 2(n − 1) and more.
                assert!(seen.len() >= 2 * (n - 1));
            }
        }
    }

    /// What a board keeps per unit (the cells still open, the values placed) is what its
    /// cells say, and a value placed in a unit is no candidate of its other cells, after every
    /// placement of a whole solution in a random order, on KenKen, Sudoku, X (diagonals),
    /// windoku (extra regions) and jigsaw boards.
    #[test]
    fn open_cells_and_placed_values_per_unit_follow_the_cells() {
        let mut rng = crate::generate::rng::Rng::new(5, 5);
        for (kind, size) in [
            (Kind::KenKen, 6),
            (Kind::Sudoku, 9),
            (Kind::X, 9),
            (Kind::Windoku, 9),
            (Kind::Jigsaw, 9),
        ] {
            let g =
                generate(&Options { seed: 2, level: Some(0), ..Options::new(kind, size) }, 0, None)
                    .unwrap();
            let mut board = Board::new(&g.puzzle).unwrap();
            let mut order: Vec<Cell> = board.cells().collect();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i + 1));
            }
            for cell in order {
                board.place(cell, g.solution.get(cell)).unwrap();
                for u in 0..board.units().len() {
                    let cells = board.unit_cells_at(u);
                    let (open, held) = board.unit_open(u);
                    for (j, &c) in cells.iter().enumerate() {
                        assert_eq!(open & 1 << j != 0, !board.is_placed(c), "{kind:?} unit {u}");
                    }
                    let want = cells
                        .iter()
                        .filter(|&&c| board.is_placed(c))
                        .fold(ValueSet::EMPTY, |s, &c| s | ValueSet::single(board.value(c)));
                    assert_eq!(held, want, "{kind:?} unit {u}");
                    // A value placed in a unit (a diagonal or a window too) has left its
                    // other cells.
                    for &c in cells.iter().filter(|&&c| !board.is_placed(c)) {
                        for v in 1..=board.size() as u8 {
                            assert!(
                                !(held.contains(v) && board.candidates(c).contains(v)),
                                "{kind:?} unit {u}: {v} placed, still a candidate of {c:?}"
                            );
                        }
                    }
                }
            }
            assert!(board.is_solved());
        }
    }

    /// A board made in a recycled board's buffers, of another puzzle (another size, other
    /// cages), is the board a fresh one would be: same cages, parts and grade.
    #[test]
    fn a_recycled_board_is_a_fresh_board() {
        let (big, small) = (kenken(7, 3), kenken(5, 4));
        let fresh = Board::new(&small).unwrap();
        let cages: Vec<_> =
            fresh.cages().iter().map(|c| (c.cells.clone(), c.op, c.target)).collect();
        let parts: Vec<_> = (0..cages.len()).map(|k| fresh.cage_parts(k).to_vec()).collect();
        let ladder = Ladder::keen();
        let (want, _) = grade_path(fresh, &ladder, None).unwrap();
        for _ in 0..2 {
            let (_, done) = grade_path(Board::new(&big).unwrap(), &ladder, None).unwrap();
            done.recycle();
            let board = Board::new(&small).unwrap();
            assert_eq!(board.size(), 5);
            assert_eq!(board.puzzle(), &small);
            assert_eq!(board.placed_count(), 0);
            let got: Vec<_> =
                board.cages().iter().map(|c| (c.cells.clone(), c.op, c.target)).collect();
            assert_eq!(got, cages);
            for (k, p) in parts.iter().enumerate() {
                assert_eq!(board.cage_parts(k), &p[..]);
            }
            let (grade, done) = grade_path(board, &ladder, None).unwrap();
            assert_eq!(grade, want);
            done.recycle();
        }
    }
}
