//! Solo's rules up to intermediate on a board per value: whether a value's one place in a
//! region (trivial), at basic also in a line or a cell's one value, and at intermediate also
//! the intersections of lines and regions, finish a puzzle of side 10 or less.
//!
//! The generator asks this for every clue it tries to take away (up to basic, as Solo's
//! generator does) and for every puzzle it weighs against a level, so it is built once per
//! layout and answers from the givens alone. Each value's places are kept three times, as one
//! `u128` per arrangement of the cells: region by region, row by row and column by column,
//! each unit a field of `n` bits with a spare bit above it. A value's one place in every unit
//! of an arrangement is then found at once, with a few word operations (a carry never leaves
//! its field: see [`singles`]); a placement clears the value from the cell's peers in each.
//! The answer is the one [`rules_on`] gives at that cap, as [`rules_finish`]'s is on the
//! cube: these rules only take candidates away and any order of applying them ends in the
//! same grid (tested against Solo's one-rule rounds).
//!
//! [`rules_on`]: super::rules_on
//! [`rules_finish`]: super::rules_finish

use crate::puzzle::Puzzle;

use super::SoloLevel;
use super::cube::Shape;

/// The largest side: `n` fields of `n + 1` bits fit in a `u128`.
const MAX_SIDE: usize = 10;

/// The arrangements: region by region (all that trivial needs), row by row, column by column.
const REGIONS: usize = 0;
const ROWS: usize = 1;
const COLUMNS: usize = 2;

/// One arrangement of the cells into `n` fields of `n + 1` bits.
#[derive(Debug, Clone)]
struct Arrangement {
    /// Each cell's bit, as a mask.
    bit_of: Vec<u128>,
    /// Each bit's cell (bits between the fields unused).
    cell_at: [u8; 128],
    /// Each cell's peers (its row, column, region and diagonals, the cell included).
    peers: Vec<u128>,
    /// Every cell.
    all: u128,
}

impl Arrangement {
    /// Unit `u` of `units` in field `u`, its cells in the order given.
    fn new(shape: &Shape, units: &[Vec<usize>]) -> Arrangement {
        let n = shape.n;
        let mut bit_of = vec![0u128; n * n];
        let mut cell_at = [0u8; 128];
        let mut all = 0;
        for (u, cells) in units.iter().enumerate() {
            for (i, &c) in cells.iter().enumerate() {
                let b = u * (n + 1) + i;
                bit_of[c] = 1 << b;
                cell_at[b] = c as u8;
                all |= 1 << b;
            }
        }
        let mut arrangement = Arrangement { bit_of, cell_at, peers: Vec::new(), all };
        let regions: Vec<u128> = shape.regions.iter().map(|r| arrangement.mask(r)).collect();
        let mut peers: Vec<u128> = shape.region_of.iter().map(|&r| regions[r]).collect();
        for line in &shape.lines {
            let m = arrangement.mask(line);
            for &c in line {
                peers[c] |= m;
            }
        }
        arrangement.peers = peers;
        arrangement
    }

    /// The cells' bits in this arrangement.
    fn mask(&self, cells: &[usize]) -> u128 {
        cells.iter().fold(0, |m, &c| m | self.bit_of[c])
    }
}

/// Solo's rules up to a cap (trivial, basic or intermediate) on one layout.
#[derive(Debug, Clone)]
pub struct SoloBoards {
    n: usize,
    /// Lines and a cell's one value count too (basic), or regions only (trivial).
    basic: bool,
    /// Region by region, then (at basic) row by row and column by column.
    arrangements: Vec<Arrangement>,
    /// The low bit of each field, and the spare bit above each.
    low: u128,
    spare: u128,
    /// The diagonals of an X, row by row.
    diagonals: Vec<u128>,
    /// At intermediate, each line and region that meet: the cells in both, on the line only,
    /// in the region only, in each arrangement.
    crossings: Vec<[[u128; 3]; 3]>,
}

/// Each value's places (in each arrangement in use) and the open cells.
#[derive(Clone)]
struct State {
    places: [[u128; 3]; MAX_SIDE],
    open: [u128; 3],
}

impl SoloBoards {
    /// The rules of `puzzle`'s layout up to `cap`; None unless Solo plays it without cages,
    /// its side is at most 10, and `cap` is trivial, basic or intermediate.
    pub fn new(puzzle: &Puzzle, cap: SoloLevel) -> Option<SoloBoards> {
        let shape = Shape::of(puzzle)?;
        let n = shape.n;
        if n > MAX_SIDE || cap > SoloLevel::Intermediate || !puzzle.cages().is_empty() {
            return None;
        }
        let basic = cap >= SoloLevel::Basic;
        let mut arrangements = vec![Arrangement::new(&shape, &shape.regions)];
        if basic {
            // The rows, then the columns, are the first 2n lines.
            arrangements.push(Arrangement::new(&shape, &shape.lines[..n]));
            arrangements.push(Arrangement::new(&shape, &shape.lines[n..2 * n]));
        }
        let (mut low, mut spare) = (0u128, 0u128);
        for u in 0..n {
            low |= 1 << (u * (n + 1));
            spare |= 1 << (u * (n + 1) + n);
        }
        let diagonals = match (&shape.diagonals, basic) {
            (Some(d), true) => d.iter().map(|d| arrangements[ROWS].mask(d)).collect(),
            _ => Vec::new(),
        };
        let mut crossings = Vec::new();
        if cap >= SoloLevel::Intermediate {
            // Each line and region as masks in each arrangement, then their parts.
            let masks = |units: &[Vec<usize>]| -> Vec<[u128; 3]> {
                units
                    .iter()
                    .map(|u| [REGIONS, ROWS, COLUMNS].map(|a| arrangements[a].mask(u)))
                    .collect()
            };
            let (lines, regions) = (masks(&shape.lines), masks(&shape.regions));
            for (l, line) in lines.iter().enumerate() {
                for &r in &shape.crossing[l] {
                    let region = &regions[r];
                    crossings.push([REGIONS, ROWS, COLUMNS].map(|a| {
                        [line[a] & region[a], line[a] & !region[a], region[a] & !line[a]]
                    }));
                }
            }
        }
        Some(SoloBoards { n, basic, arrangements, low, spare, diagonals, crossings })
    }

    /// Whether the singles finish the puzzle with these givens (0 for an open cell, one per
    /// cell in reading order); false for givens that clash.
    pub fn finishes(&self, givens: &[u8]) -> bool {
        self.run(givens, None)
    }

    /// Solo's generator's walk, from a solution of the layout (one value per cell in reading
    /// order): each orbit of cells in turn taken away, and put back unless the rules up to
    /// this cap still finish the puzzle. The givens left (0 for an open cell); a cell met
    /// again in a later orbit is already open there and left so.
    ///
    /// The givens' own state (each value's places away from its givens' peers) is kept from
    /// one orbit to the next: taking an orbit away opens its cells and works out again only
    /// the places of the values it held; and each question stops once the orbit's cells are
    /// placed again (the puzzle before was finished, and more values placed never undo a
    /// single).
    pub fn thin<O: AsRef<[usize]>>(&self, solution: &[u8], orbits: &[O]) -> Vec<u8> {
        let mut givens = solution.to_vec();
        let Some(mut kept) = self.given(&givens) else { return givens };
        // Each value's given cells, region by region.
        let regions = &self.arrangements[REGIONS];
        let mut given_at = [0u128; MAX_SIDE];
        for (c, &v) in solution.iter().enumerate() {
            given_at[usize::from(v) - 1] |= regions.bit_of[c];
        }
        for orbit in orbits.iter().map(AsRef::as_ref) {
            let mut next = kept.clone();
            let mut values = 0u32;
            let mut wanted = 0;
            for &c in orbit.iter().filter(|&&c| givens[c] != 0) {
                let v = usize::from(givens[c]) - 1;
                values |= 1 << v;
                given_at[v] &= !regions.bit_of[c];
                wanted |= regions.bit_of[c];
                for (a, arrangement) in self.arrangements.iter().enumerate() {
                    next.open[a] |= arrangement.bit_of[c];
                }
            }
            if wanted == 0 {
                continue;
            }
            while values != 0 {
                let v = values.trailing_zeros() as usize;
                values &= values - 1;
                for (a, arrangement) in self.arrangements.iter().enumerate() {
                    next.places[v][a] = arrangement.all;
                }
                let mut at = given_at[v];
                while at != 0 {
                    let c = usize::from(regions.cell_at[at.trailing_zeros() as usize]);
                    at &= at - 1;
                    for (a, arrangement) in self.arrangements.iter().enumerate() {
                        next.places[v][a] &= !arrangement.peers[c];
                    }
                }
            }
            if self.close(next.clone(), Some(wanted)) {
                kept = next;
                for &c in orbit {
                    givens[c] = 0;
                }
            } else {
                for &c in orbit.iter().filter(|&&c| givens[c] != 0) {
                    given_at[usize::from(givens[c]) - 1] |= regions.bit_of[c];
                }
            }
        }
        givens
    }

    fn run(&self, givens: &[u8], wanted: Option<u128>) -> bool {
        match self.given(givens) {
            Some(state) => self.close(state, wanted),
            None => false,
        }
    }

    /// The givens placed: None when they clash.
    fn given(&self, givens: &[u8]) -> Option<State> {
        let n = self.n;
        debug_assert_eq!(givens.len(), n * n);
        let mut state = State { places: [[0; 3]; MAX_SIDE], open: [0; 3] };
        for (a, arrangement) in self.arrangements.iter().enumerate() {
            state.open[a] = arrangement.all;
            for places in &mut state.places[..n] {
                places[a] = arrangement.all;
            }
        }
        let regions = &self.arrangements[REGIONS];
        for (c, &v) in givens.iter().enumerate().filter(|(_, v)| **v != 0) {
            let v = usize::from(v) - 1;
            if state.places[v][REGIONS] & regions.bit_of[c] == 0 {
                return None; // the value is given in a unit of the cell already
            }
            self.place(&mut state, c, v);
        }
        Some(state)
    }

    /// Whether the rules from `state` place every cell of `wanted` (every cell when None).
    fn close(&self, mut state: State, wanted: Option<u128>) -> bool {
        let (n, k) = (self.n, self.arrangements.len());
        let regions = &self.arrangements[REGIONS];
        let done = |open: u128| match wanted {
            Some(w) => open & w == 0,
            None => open == 0,
        };
        loop {
            if done(state.open[REGIONS]) {
                return true;
            }
            let mut placed = false;
            for v in 0..n {
                for a in 0..k {
                    let mut one =
                        singles(state.places[v][a] & state.open[a], self.low, self.spare, n);
                    while one != 0 {
                        let bit = one & one.wrapping_neg();
                        one ^= bit;
                        // An earlier placement may have taken it (in a puzzle without a
                        // solution): placed only while still open to the value.
                        if state.places[v][a] & state.open[a] & bit != 0 {
                            let b = bit.trailing_zeros() as usize;
                            let c = usize::from(self.arrangements[a].cell_at[b]);
                            self.place(&mut state, c, v);
                            placed = true;
                        }
                    }
                }
                for &diagonal in &self.diagonals {
                    let here = state.places[v][ROWS] & state.open[ROWS] & diagonal;
                    if here != 0 && here & (here - 1) == 0 {
                        let b = here.trailing_zeros() as usize;
                        self.place(&mut state, usize::from(self.arrangements[ROWS].cell_at[b]), v);
                        placed = true;
                    }
                }
            }
            if self.basic {
                // The open cells with one candidate: seen once across the values, not twice.
                let (mut once, mut twice) = (0u128, 0u128);
                for places in &state.places[..n] {
                    let p = places[REGIONS] & state.open[REGIONS];
                    twice |= once & p;
                    once |= p;
                }
                let mut single = once & !twice;
                while single != 0 {
                    let bit = single & single.wrapping_neg();
                    single ^= bit;
                    // An earlier placement of this pass may have taken its last value.
                    let open = state.open[REGIONS] & bit;
                    if let Some(v) = (0..n).find(|&v| state.places[v][REGIONS] & open != 0) {
                        let c = regions.cell_at[bit.trailing_zeros() as usize];
                        self.place(&mut state, usize::from(c), v);
                        placed = true;
                    }
                }
            }
            if !placed && !self.intersect(&mut state) {
                return done(state.open[REGIONS]);
            }
        }
    }

    /// Value `v` (from 0) placed in cell `c`: it leaves the cell's peers, and the cell is no
    /// longer open, in each arrangement.
    #[inline]
    fn place(&self, state: &mut State, c: usize, v: usize) {
        for (a, arrangement) in self.arrangements.iter().enumerate() {
            state.places[v][a] &= !arrangement.peers[c];
            state.open[a] &= !arrangement.bit_of[c];
        }
    }

    /// One pass of the intersections (none below intermediate): a value whose open places on
    /// a line all lie in one region leaves the region's other cells, and one whose places in
    /// a region all lie on one line leaves the line's other cells. Whether a value left a
    /// cell.
    fn intersect(&self, state: &mut State) -> bool {
        let mut changed = false;
        for crossing in &self.crossings {
            let [both, line_only, region_only] = crossing[ROWS];
            for places in &mut state.places[..self.n] {
                let p = places[ROWS] & state.open[ROWS];
                // With a place in both, the value is placed in neither.
                if p & both != 0 {
                    let gone = if p & line_only == 0 && p & region_only != 0 {
                        2
                    } else if p & region_only == 0 && p & line_only != 0 {
                        1
                    } else {
                        continue;
                    };
                    for (a, at) in places.iter_mut().zip(crossing) {
                        *a &= !at[gone];
                    }
                    changed = true;
                }
            }
        }
        changed
    }
}

/// The places of `x` that are alone in their field: `x` holds `n`-bit fields, one every
/// `n + 1` bits, `low` the lowest bit of each field and `spare` the bit above each. With the
/// spare bits set, taking one from every field never borrows across a field.
#[inline]
fn singles(x: u128, low: u128, spare: u128, n: usize) -> u128 {
    // Each field's lowest place, and whether anything is left beside it.
    let lowest = x & !((x | spare) - low);
    let rest = x ^ lowest;
    let more = ((rest | spare) - low) & spare;
    // The fields with more than one place, all their bits set.
    let crowded = more - (more >> n);
    lowest & !crowded
}
