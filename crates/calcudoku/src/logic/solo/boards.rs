//! Solo's rules up to intermediate on a board per value: whether a value's one place in a
//! region (trivial), at basic also in a line or a cell's one value, and at intermediate also
//! the intersections of lines and regions, finish a puzzle of up to 128 cells.
//!
//! The generator asks this for every clue it tries to take away (up to basic, as Solo's
//! generator does) and for every puzzle it weighs against a level, so it is built once per
//! layout and answers from the givens alone: each value's open places are one `u128`, a unit
//! is a mask, a placement clears the value from the cell's peers and the cell from every
//! value. The answer is the one [`rules_on`] gives at that cap, as [`rules_finish`]'s is on
//! the cube: these rules only take candidates away and any order of applying them ends in
//! the same grid (tested against Solo's one-rule rounds).
//!
//! [`rules_on`]: super::rules_on
//! [`rules_finish`]: super::rules_finish

use crate::puzzle::Puzzle;

use super::SoloLevel;
use super::cube::Shape;

/// Solo's rules up to a cap (trivial, basic or intermediate) on one layout.
#[derive(Debug, Clone)]
pub struct SoloBoards {
    n: usize,
    /// Lines and a cell's one value count too (basic), or regions only (trivial).
    basic: bool,
    /// The units looked in, a bit per cell: the regions, then (at basic) the rows, columns
    /// and diagonals.
    units: Vec<u128>,
    /// At intermediate, each line and region that meet: the cells in both, on the line only,
    /// in the region only.
    crossings: Vec<[u128; 3]>,
    /// Each cell's peers (its row, column, region and diagonals), the cell included.
    peers: Vec<u128>,
}

impl SoloBoards {
    /// The rules of `puzzle`'s layout up to `cap`; None unless Solo plays it without cages,
    /// it has at most 128 cells, and `cap` is trivial, basic or intermediate.
    pub fn new(puzzle: &Puzzle, cap: SoloLevel) -> Option<SoloBoards> {
        let shape = Shape::of(puzzle)?;
        let n = shape.n;
        if n * n > 128 || cap > SoloLevel::Intermediate || !puzzle.cages().is_empty() {
            return None;
        }
        let mask = |cells: &[usize]| cells.iter().fold(0u128, |m, &c| m | 1 << c);
        let regions: Vec<u128> = shape.regions.iter().map(|r| mask(r)).collect();
        let lines: Vec<u128> = shape.lines.iter().map(|l| mask(l)).collect();
        let mut peers: Vec<u128> = (0..n * n).map(|c| regions[shape.region_of[c]]).collect();
        for (line, &m) in shape.lines.iter().zip(&lines) {
            for &c in line {
                peers[c] |= m;
            }
        }
        let mut crossings = Vec::new();
        if cap >= SoloLevel::Intermediate {
            for (l, &line) in lines.iter().enumerate() {
                for &r in &shape.crossing[l] {
                    let region = regions[r];
                    crossings.push([line & region, line & !region, region & !line]);
                }
            }
        }
        let basic = cap >= SoloLevel::Basic;
        let mut units = regions;
        if basic {
            units.extend(lines);
        }
        Some(SoloBoards { n, basic, units, crossings, peers })
    }

    /// Whether the singles finish the puzzle with these givens (0 for an open cell, one per
    /// cell in reading order); false for givens that clash.
    pub fn finishes(&self, givens: &[u8]) -> bool {
        self.run(givens, None)
    }

    /// [`finishes`](Self::finishes) for givens known to be finished by the singles once
    /// `cells` (open in `givens`) are given again, as when a generator has just taken them
    /// away from a puzzle the singles finished: the puzzle is finished as soon as they are
    /// placed again (more values placed never undo a single), so the sweeps stop there.
    pub fn finishes_once_placed(&self, givens: &[u8], cells: &[usize]) -> bool {
        let wanted = cells.iter().fold(0u128, |m, &c| m | 1 << c);
        self.run(givens, Some(wanted))
    }

    fn run(&self, givens: &[u8], wanted: Option<u128>) -> bool {
        let n = self.n;
        debug_assert_eq!(givens.len(), n * n);
        let all = if n * n == 128 { u128::MAX } else { (1u128 << (n * n)) - 1 };
        // Each value's open places.
        let mut places = [all; 11];
        let places = &mut places[..n];
        let mut open = all;
        for (c, &v) in givens.iter().enumerate().filter(|(_, v)| **v != 0) {
            let p = &mut places[usize::from(v) - 1];
            if *p >> c & 1 == 0 {
                return false; // the value is given in a unit of the cell already
            }
            *p &= !self.peers[c];
            open &= !(1 << c);
        }
        for p in places.iter_mut() {
            *p &= open;
        }
        let done = |open: u128| match wanted {
            Some(w) => open & w == 0,
            None => open == 0,
        };
        loop {
            if done(open) {
                return true;
            }
            let mut placed = false;
            for &unit in &self.units {
                if unit & open == 0 {
                    continue;
                }
                for v in 0..n {
                    let here = places[v] & unit;
                    if here != 0 && here & (here - 1) == 0 {
                        let c = here.trailing_zeros() as usize;
                        place(places, &mut open, &self.peers, c, v);
                        placed = true;
                    }
                }
            }
            if self.basic {
                // The open cells with one candidate: seen once across the values, not twice.
                let (mut once, mut twice) = (0u128, 0u128);
                for &p in places.iter() {
                    twice |= once & p;
                    once |= p;
                }
                let mut single = once & !twice;
                while single != 0 {
                    let c = single.trailing_zeros() as usize;
                    single &= single - 1;
                    // An earlier placement of this sweep may have taken its last value.
                    if let Some(v) = (0..n).find(|&v| places[v] >> c & 1 == 1) {
                        place(places, &mut open, &self.peers, c, v);
                        placed = true;
                    }
                }
            }
            if !placed && !self.intersect(places) {
                return done(open);
            }
        }
    }

    /// One pass of the intersections (none below intermediate): a value whose open places on
    /// a line all lie in one region leaves the region's other cells, and one whose places in
    /// a region all lie on one line leaves the line's other cells. Whether a value left a
    /// cell.
    fn intersect(&self, places: &mut [u128]) -> bool {
        let mut changed = false;
        for &[both, line_only, region_only] in &self.crossings {
            for p in places.iter_mut() {
                // With a place in both, the value is placed in neither.
                if *p & both != 0 {
                    if *p & line_only == 0 && *p & region_only != 0 {
                        *p &= !region_only;
                        changed = true;
                    } else if *p & region_only == 0 && *p & line_only != 0 {
                        *p &= !line_only;
                        changed = true;
                    }
                }
            }
        }
        changed
    }
}

/// Value `v` (from 0) placed in cell `c`: it leaves the cell's peers, the cell every value.
#[inline]
fn place(places: &mut [u128], open: &mut u128, peers: &[u128], c: usize, v: usize) {
    places[v] &= !peers[c];
    let cell = !(1u128 << c);
    for p in places.iter_mut() {
        *p &= cell;
    }
    *open &= cell;
}
