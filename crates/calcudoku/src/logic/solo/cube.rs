//! The state Solo's levels are judged on: each cell's candidates (a bit per value) and the
//! values placed, on the puzzle's units — rows, columns, regions (boxes or a jigsaw's) and,
//! for an X, the two diagonals.

use std::cell::RefCell;
use std::rc::Rc;

use crate::puzzle::{Cell, HousesKey, Puzzle};

/// A contradiction: a cell or a unit left without room for a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Stuck;

thread_local! {
    /// The last shape this thread built, with what it was built from.
    static LAST: RefCell<Option<(HousesKey, Rc<Shape>)>> = const { RefCell::new(None) };
}

/// The units and each cell's place in them.
pub(super) struct Shape {
    pub n: usize,
    /// Each region's cells, in increasing order (regions numbered as the puzzle numbers
    /// them).
    pub regions: Vec<Vec<usize>>,
    pub region_of: Vec<usize>,
    /// The two diagonals (top left to bottom right, then top right to bottom left), for an X.
    pub diagonals: Option<[Vec<usize>; 2]>,
    /// The rows, then the columns, then the diagonals: each line's cells in order.
    pub lines: Vec<Vec<usize>>,
    /// For each line, whether each cell is on it.
    pub on_line: Vec<Vec<bool>>,
    /// For each line, the regions it meets, in order.
    pub crossing: Vec<Vec<usize>>,
}

impl Shape {
    /// None unless the puzzle is a Sudoku Solo plays: regions (boxes or jigsaw), perhaps
    /// diagonals and Killer cages, nothing else.
    ///
    /// Kept per thread for the next puzzle of the same layout: a generator judges hundreds
    /// of candidates of one layout, and building the units cost it more than Solo's easy
    /// rules.
    pub fn of(puzzle: &Puzzle) -> Option<Rc<Shape>> {
        let n = puzzle.size();
        if !puzzle.has_regions()
            || !super::cages::solo_cages(puzzle)
            || !puzzle.extra_regions().is_empty()
            || !puzzle.relations().is_empty()
            || puzzle.line_clues().is_some()
            || n > 64
        {
            return None;
        }
        LAST.with_borrow_mut(|last| {
            if let Some((key, shape)) = last {
                if key.matches(puzzle) {
                    return Some(shape.clone());
                }
            }
            let shape = Rc::new(Shape::build(puzzle));
            let key = HousesKey::new(puzzle);
            *last = Some((key, shape.clone()));
            Some(shape)
        })
    }

    /// The units of a puzzle [`Shape::of`] accepts.
    fn build(puzzle: &Puzzle) -> Shape {
        let n = puzzle.size();
        let region_of: Vec<usize> = (0..n * n)
            .map(|c| puzzle.region_of(Cell(c as u16)).expect("the puzzle has regions"))
            .collect();
        let mut regions = vec![Vec::new(); n];
        for (c, &r) in region_of.iter().enumerate() {
            regions[r].push(c);
        }
        let diagonals: Option<[Vec<usize>; 2]> = puzzle.diagonals().then(|| {
            [(0..n).map(|i| i * (n + 1)).collect(), (0..n).map(|i| (i + 1) * (n - 1)).collect()]
        });
        let mut lines: Vec<Vec<usize>> =
            (0..n).map(|y| (0..n).map(|x| y * n + x).collect()).collect();
        lines.extend((0..n).map(|x| (0..n).map(|y| y * n + x).collect()));
        lines.extend(diagonals.iter().flatten().cloned());
        let on_line = lines
            .iter()
            .map(|line| {
                let mut on = vec![false; n * n];
                for &c in line {
                    on[c] = true;
                }
                on
            })
            .collect();
        let crossing = lines
            .iter()
            .map(|line| (0..n).filter(|&r| line.iter().any(|&c| region_of[c] == r)).collect())
            .collect();
        Shape { n, regions, region_of, diagonals, lines, on_line, crossing }
    }

    /// Whether a cell is on the main diagonal and on the other (both false but in an X).
    pub fn on_diagonals(&self, c: usize) -> [bool; 2] {
        let (x, y, n) = (c % self.n, c / self.n, self.n);
        let x_sudoku = self.diagonals.is_some();
        [x_sudoku && x == y, x_sudoku && x + y + 1 == n]
    }

    /// The diagonals holding a cell (0, 1 or 2 of them).
    pub fn diagonals_of(&self, c: usize) -> impl Iterator<Item = &Vec<usize>> {
        let on = self.on_diagonals(c);
        self.diagonals.iter().flatten().zip(on).filter_map(|(d, on)| on.then_some(d))
    }

    /// Every value, a bit each.
    pub fn all_values(&self) -> u64 {
        if self.n == 64 { u64::MAX } else { (1u64 << self.n) - 1 }
    }

    /// Whether two cells share a row, column, region or diagonal.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        let n = self.n;
        a / n == b / n
            || a % n == b % n
            || self.region_of[a] == self.region_of[b]
            || (0..2).any(|k| self.on_diagonals(a)[k] && self.on_diagonals(b)[k])
    }
}

/// Candidates and placed values.
#[derive(Clone)]
pub(super) struct Cube {
    /// Each cell's candidates: bit `v - 1` for value `v`.
    pub cand: Vec<u64>,
    /// Each cell's value (0: open).
    pub grid: Vec<u8>,
    /// The cells placed since the cube was built, in the order they were.
    pub placed: Vec<usize>,
}

impl Cube {
    /// Every value possible everywhere, then the givens placed in Solo's order (column by
    /// column); Err when a given is already ruled out.
    ///
    /// Built from the values each unit holds rather than by placing the givens one by one
    /// (the same cube: an open cell keeps what no unit of it holds, and a given is ruled out
    /// exactly when a unit of it holds its value twice); a generator builds one for every clue
    /// it tries to take away.
    pub fn new(shape: &Shape, givens: &[u8]) -> Result<Cube, Stuck> {
        let mut held =
            Held { rows: [0; 64], columns: [0; 64], regions: [0; 64], diagonals: [0; 2] };
        for (c, &v) in givens.iter().enumerate().filter(|(_, v)| **v != 0) {
            if held.by(shape, c) & bit(v) != 0 {
                return Err(Stuck);
            }
            held.add(shape, c, bit(v));
        }
        let all = shape.all_values();
        let cand = givens
            .iter()
            .enumerate()
            .map(|(c, &v)| if v != 0 { bit(v) } else { all & !held.by(shape, c) })
            .collect();
        Ok(Cube { cand, grid: givens.to_vec(), placed: Vec::with_capacity(givens.len()) })
    }

    /// Places `v` in cell `c`: the cell keeps only `v`, and `v` leaves the cell's row,
    /// column, region and diagonals.
    pub fn place(&mut self, shape: &Shape, c: usize, v: u8) {
        let n = shape.n;
        let b = bit(v);
        let (x, y) = (c % n, c / n);
        for i in 0..n {
            self.cand[y * n + i] &= !b;
            self.cand[i * n + x] &= !b;
        }
        for &p in &shape.regions[shape.region_of[c]] {
            self.cand[p] &= !b;
        }
        for d in shape.diagonals_of(c) {
            d.iter().for_each(|&p| self.cand[p] &= !b);
        }
        self.cand[c] = b;
        if self.grid[c] == 0 {
            self.placed.push(c);
        }
        self.grid[c] = v;
    }

    pub fn solved(&self) -> bool {
        self.grid.iter().all(|&v| v != 0)
    }
}

/// The values each unit holds (a bit each), as givens are added.
struct Held {
    rows: [u64; 64],
    columns: [u64; 64],
    regions: [u64; 64],
    diagonals: [u64; 2],
}

impl Held {
    /// The values held by the units of cell `c`.
    fn by(&self, shape: &Shape, c: usize) -> u64 {
        let (x, y) = (c % shape.n, c / shape.n);
        let mut held = self.rows[y] | self.columns[x] | self.regions[shape.region_of[c]];
        for (d, on) in self.diagonals.iter().zip(shape.on_diagonals(c)) {
            if on {
                held |= d;
            }
        }
        held
    }

    /// Value `b` (its bit) given in cell `c`.
    fn add(&mut self, shape: &Shape, c: usize, b: u64) {
        let (x, y) = (c % shape.n, c / shape.n);
        self.rows[y] |= b;
        self.columns[x] |= b;
        self.regions[shape.region_of[c]] |= b;
        for (d, on) in self.diagonals.iter_mut().zip(shape.on_diagonals(c)) {
            if on {
                *d |= b;
            }
        }
    }
}

/// The bit of value `v` (from 1).
#[inline]
pub(super) fn bit(v: u8) -> u64 {
    1u64 << (v - 1)
}
