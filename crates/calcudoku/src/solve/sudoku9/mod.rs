//! A specialised engine for the classic 9×9 Sudoku (3×3 boxes, no cages) and the 9×9
//! X-Sudoku, in the JCZSolve lineage, private behind [`super::Solver`].
//!
//! - State: one bitboard per digit and band (`cand[d * 3 + b]`, 27 bits each), the cells of
//!   band `b` that may still hold digit `d + 1`.
//! - Band logic, per (digit, band): the (row, box) pairs a digit uses form a permutation; pairs
//!   no permutation can use go, a row left with one cell places the digit (hidden singles,
//!   box/line interactions). Stack logic does the same with columns; naked singles by
//!   bit-sliced counting; minirow logic while many cells are open.
//! - Search: branch on the permutations of the (digit, band) with the fewest, in the band whose
//!   permutations have the smallest product; on a bivalue cell in dense puzzles and once a
//!   solution is near. A sparse puzzle whose stacks leave fewer ways than its bands is counted
//!   mirrored in its main diagonal.
//! - X-Sudoku (`diagonals`): at the band logic's fixed point, the diagonal logic (a digit
//!   placed on a diagonal leaves its other cells, hidden singles on the diagonals, locked
//!   candidates between a diagonal and the boxes it crosses); the search guesses on the
//!   bivalue cell with the most open peers, diagonals included, and never on band
//!   permutations, which see no diagonal.
//! - `solve`: the count to two, then the first solution in row-major order from the count's
//!   root with one of its solutions as a witness ([`first9_until`]); dense puzzles try the
//!   row-major search first, within a few guesses.
//!
//! Why each choice, and what it measured: PERFORMANCE.md, "The 9×9 engine" sections.

// Digits and bands are indices into several tables at once; range loops say that best.
#![allow(clippy::needless_range_loop)]

mod state;
mod tables;
#[cfg(test)]
mod tests;

use crate::clock::Instant;

use state::{Config, Conflict, State};
use tables::PERM_CELLS;

/// A band's 27 cells.
const BAND: u32 = 0x7ff_ffff;
/// The column-0 cells of a band's three rows; shift left by `c` for column `c`.
const COLUMN: u32 = 0x40201;
/// How many bivalue cells (the first ones) a guess compares.
const SCORED: u32 = 10;
/// With at least this many open cells the search branches on a band's permutations (or
/// scores bivalue cells) in puzzles with few givens (see [`SPARSE_OPEN`]); with fewer, only
/// once the search has met a contradiction.
const SCORE_OPEN: u32 = 45;
/// With at least this many open cells, the minirow logic runs before a branch on band
/// permutations (callgrind: from 50 to 62 best on the hardest sets; much above, nearly empty
/// grids wander again).
const MINIROW_OPEN: u32 = 56;
/// A puzzle whose givens leave at least this many open cells (at most 30 givens) is sparse:
/// the stack logic runs before its first guess (most 17-clue puzzles need no guess with it),
/// and near its root (`SCORE_OPEN`) the search branches on band permutations or scored
/// bivalue cells. With more givens neither pays: they save few guesses and cost more than
/// that, and the search guesses as it does below the root. Callgrind, without the stack
/// logic: serg-benchmark (34-35 givens, several solutions) -4.7%, grids of 33 and 38 givens
/// kept from magictour and forum-hardest solutions -4.6% and -5.6%; then without the
/// branching on permutations near the root, serg-benchmark another -4.3%.
const SPARSE_OPEN: u32 = 51;
/// How many guesses the row-major search of a dense puzzle may make before the count takes
/// over (see [`first9_until`]). Callgrind on serg-benchmark's first 3,000 lines (`solve`):
/// 63.6M with 16, 62.7M with 32, 63.1M with 64; on dense puzzles with one solution that need
/// guesses, 32 and 64 waste about the same.
const ROW_MAJOR_FIRST: u64 = 32;
/// How many guesses between two looks at the clock.
const CLOCK_EVERY: u64 = 1024;

/// What a search of the 9×9 engine found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sudoku9Result {
    /// Solutions found, at most the limit.
    pub solutions: u64,
    /// The first solution found (row-major values 1..=9). With several, which one comes first
    /// depends on the search (mirrored or not, see the module's notes); [`first9_until`] gives
    /// the first in row-major order.
    pub first: Option<[u8; 81]>,
    /// Guesses made (search nodes).
    pub guesses: u64,
}

/// [`solve9_until`] without a deadline.
#[cfg(test)]
pub fn solve9(givens: &[u8; 81], limit: u64) -> Sudoku9Result {
    solve9_until(givens, false, limit, None).expect("no deadline was set")
}

/// Counts the solutions of a 9×9 Sudoku up to `limit`, or gives up (None) once `deadline` has
/// passed. `givens` are row-major values, 0 for an empty cell, 1..=9 otherwise (anything above
/// 9 makes the puzzle unsolvable). With `diagonals`, an X-Sudoku: both main diagonals hold
/// every digit once too.
pub fn solve9_until(
    givens: &[u8; 81],
    diagonals: bool,
    limit: u64,
    deadline: Option<Instant>,
) -> Option<Sudoku9Result> {
    search9(givens, diagonals, limit, true, deadline)
}

/// [`solve9_until`] for the count alone: no solution is kept (its `first` is None).
pub fn count9_until(
    givens: &[u8; 81],
    diagonals: bool,
    limit: u64,
    deadline: Option<Instant>,
) -> Option<Sudoku9Result> {
    search9(givens, diagonals, limit, false, deadline)
}

fn search9(
    givens: &[u8; 81],
    diagonals: bool,
    limit: u64,
    keep_first: bool,
    deadline: Option<Instant>,
) -> Option<Sudoku9Result> {
    let mut search = Search::new(limit, deadline);
    search.keep_first = keep_first;
    if limit > 0 {
        if let Some(state) = State::new(givens, diagonals) {
            search.start_oriented(state, givens);
        }
    }
    if search.timed_out {
        return None;
    }
    Some(Sudoku9Result { solutions: search.found, first: search.first, guesses: search.guesses })
}

/// The grid mirrored in its main diagonal: row `r` becomes column `r`.
fn mirror(g: &[u8; 81]) -> [u8; 81] {
    let mut t = [0; 81];
    for r in 0..9 {
        for c in 0..9 {
            t[c * 9 + r] = g[r * 9 + c];
        }
    }
    t
}

/// What [`first9_until`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowMajor9 {
    /// The first solution in row-major order.
    First([u8; 81]),
    /// The puzzle has no solution.
    NoSolution,
    /// The search used its guesses without finding a solution.
    OutOfGuesses,
}

/// Counts the solutions of a 9×9 Sudoku to two, like [`solve9_until`], and when there are
/// two, finds the first solution in row-major order (the smallest grid read row by row): a
/// second search from the state the count reached before its first guess, which settles the
/// open cells in row-major order with one of the count's solutions as a witness, and guesses
/// on the first open cell, smallest digit first, with the same propagation, below a cell
/// where a smaller value than the witness's may lead to a solution (see `Search::settle_open`).
/// That search stops after `extra` guesses plus four times the count's (a
/// puzzle with a great many solutions can make it wander): then the answer is
/// [`RowMajor9::OutOfGuesses`]. Gives up (None) once `deadline` has passed. The guesses
/// returned are both searches'.
///
/// A dense puzzle (at most 50 open cells, see `SPARSE_OPEN`) first gets the row-major search
/// without a witness, to two solutions, from the state before the count's first guess, within
/// `ROW_MAJOR_FIRST` guesses: its first solution is the answer and a second one, or its end
/// within the budget, settles the count as well. Out of guesses after the first solution, the
/// count alone follows (for whether there is a second); before it, the count and the witness's
/// search as above. On serg-benchmark (34-35 givens, many solutions each) the row-major search
/// finds two solutions in about 14 rounds of band logic a puzzle, where the count takes 13 and
/// the search after it 8.
pub fn first9_until(
    givens: &[u8; 81],
    diagonals: bool,
    extra: u64,
    deadline: Option<Instant>,
) -> Option<(Sudoku9Result, RowMajor9)> {
    match State::new(givens, diagonals) {
        Some(state) => first9_from(state, extra, ROW_MAJOR_FIRST, deadline),
        None => {
            Some((Sudoku9Result { solutions: 0, first: None, guesses: 0 }, RowMajor9::NoSolution))
        }
    }
}

/// [`first9_until`] from the givens' state, with `first_budget` guesses for the row-major
/// search of a dense puzzle before the count.
fn first9_from(
    mut state: State,
    extra: u64,
    first_budget: u64,
    deadline: Option<Instant>,
) -> Option<(Sudoku9Result, RowMajor9)> {
    // Dense puzzles first try the row-major search to two solutions, from the state the
    // count would reach before its first guess, within a small budget: its first solution is
    // the answer, and finding a second (or none) also settles the count.
    let mut tried = 0;
    if state.open_cells() < SPARSE_OPEN {
        let mut logic = Search::new(2, deadline);
        logic.keep_root = true;
        logic.root_only = true;
        logic.start(&mut state);
        let Some(root) = logic.root else {
            // Solved, or a contradiction, without a guess.
            let counted = Sudoku9Result { solutions: logic.found, first: logic.first, guesses: 0 };
            return Some((counted, logic.first.map_or(RowMajor9::NoSolution, RowMajor9::First)));
        };
        state = root;
        let mut search = Search::new(2, deadline);
        search.row_major = true;
        search.budget = first_budget;
        search.start(&mut state.clone());
        if search.timed_out {
            return None;
        }
        let counted =
            |solutions| Sudoku9Result { solutions, first: search.first, guesses: search.guesses };
        match (search.first, search.found, search.out_of_budget) {
            (None, _, false) => return Some((counted(0), RowMajor9::NoSolution)),
            (Some(first), found, false) | (Some(first), found @ 2, true) => {
                return Some((counted(found), RowMajor9::First(first)));
            }
            (Some(first), _, true) => {
                // The answer is known; whether it is the only one is left to the count.
                let mut count = Search::new(2, deadline);
                count.keep_first = false;
                count.start(&mut state);
                if count.timed_out {
                    return None;
                }
                let mut counted = counted(count.found);
                counted.guesses += count.guesses;
                return Some((counted, RowMajor9::First(first)));
            }
            (None, _, true) => tried = search.guesses,
        }
    }
    let mut count = Search::new(2, deadline);
    count.keep_root = true;
    count.start(&mut state);
    if count.timed_out {
        return None;
    }
    let mut counted = Sudoku9Result {
        solutions: count.found,
        first: count.first,
        guesses: count.guesses + tried,
    };
    let first = match (count.found, count.root) {
        (0, _) => RowMajor9::NoSolution,
        (1, _) => RowMajor9::First(count.first.expect("a solution was found")),
        // Two solutions without a guess cannot happen; the general engine would find it.
        (_, None) => RowMajor9::OutOfGuesses,
        (_, Some(mut root)) => {
            let mut search = Search::new(1, deadline);
            search.row_major = true;
            // The witness: the smaller of the two solutions the count found (the answer
            // itself when there are exactly two).
            let first = count.first.expect("the count found two solutions");
            search.witness = Some(count.second.map_or(first, |second| first.min(second)));
            search.budget = count.guesses.saturating_mul(4) + extra;
            search.run(&mut root);
            counted.guesses += search.guesses;
            if search.timed_out {
                return None;
            }
            match search.first {
                Some(grid) => RowMajor9::First(grid),
                None if search.out_of_budget => RowMajor9::OutOfGuesses,
                None => unreachable!("a puzzle with two solutions has a first"),
            }
        }
    };
    Some((counted, first))
}

/// Depth-first search: counts solutions, keeps the first, watches the clock.
struct Search {
    limit: u64,
    found: u64,
    first: Option<[u8; 81]>,
    guesses: u64,
    /// Branches the band logic found contradictory.
    contradictions: u64,
    deadline: Option<Instant>,
    timed_out: bool,
    /// Guess on the first open cell in row-major order, smallest digit first (else on the
    /// cell `guess_cell` picks): the first solution found is then the first in row-major
    /// order. With `witness`, settle cells first: see [`Search::settle_open`].
    row_major: bool,
    /// In the row-major search, a solution that agrees with every cell placed so far.
    witness: Option<[u8; 81]>,
    /// Guesses allowed; past them the search stops with `out_of_budget`.
    budget: u64,
    out_of_budget: bool,
    /// Whether to keep the first solution found, in `first`.
    keep_first: bool,
    /// Whether to keep, in `root`, the state before the first guess.
    keep_root: bool,
    root: Option<State>,
    /// With `keep_root`, stop there.
    root_only: bool,
    /// With `keep_root`, the second solution found.
    second: Option<[u8; 81]>,
    /// Whether the puzzle has few givens (see [`SPARSE_OPEN`]).
    sparse: bool,
}

impl Search {
    fn new(limit: u64, deadline: Option<Instant>) -> Search {
        Search {
            limit,
            found: 0,
            first: None,
            guesses: 0,
            contradictions: 0,
            deadline,
            timed_out: false,
            row_major: false,
            witness: None,
            budget: u64::MAX,
            out_of_budget: false,
            keep_first: true,
            keep_root: false,
            root: None,
            root_only: false,
            second: None,
            sparse: true,
        }
    }

    /// Whether the search should stop.
    fn done(&self) -> bool {
        self.found >= self.limit || self.timed_out || self.out_of_budget
    }

    /// Counts a guess and looks at the clock now and then; returns whether to stop.
    #[inline(always)]
    fn count_guess(&mut self) -> bool {
        self.guesses += 1;
        self.out_of_budget |= self.guesses > self.budget;
        if self.guesses % CLOCK_EVERY == 0 && self.deadline.is_some_and(|t| Instant::now() >= t) {
            self.timed_out = true;
        }
        self.done()
    }

    /// Searches from the givens' state `s`, which it uses up.
    fn start(&mut self, s: &mut State) {
        self.sparse = s.open_cells() >= SPARSE_OPEN;
        self.run(s);
    }

    /// Searches from the givens' state `s` (of `givens`) as [`Search::start`] does, or from
    /// the mirrored givens' state when the search counts (to two or more), the puzzle is
    /// sparse and its stacks leave fewer ways than its bands (see `State::ways`); the first
    /// solution found is then mirrored back. A search for one solution keeps the givens'
    /// orientation: the generator completes random givens with the first solution it finds,
    /// and the same seed is to give the same puzzle from one version to the next.
    fn start_oriented(&mut self, s: State, givens: &[u8; 81]) {
        if self.limit >= 2 && s.open_cells() >= SPARSE_OPEN {
            let (bands, stacks) = s.ways();
            if stacks < bands {
                let mut t =
                    State::new(&mirror(givens), s.diagonals).expect("mirrored givens do not clash");
                self.start(&mut t);
                self.first = self.first.map(|g| mirror(&g));
                return;
            }
        }
        self.start(&mut { s });
    }

    /// Searches below `s`, which it uses up.
    fn run(&mut self, s: &mut State) {
        loop {
            // The band logic marks the words it changes as it goes (see `State::bands`), but
            // not where placements come in long cascades: before the first guess in sparse
            // puzzles, and once the search has met a contradiction. In-process, interleaved
            // A/B against main (which compared all words after every round with placements):
            // serg-benchmark 0.69-0.73x the time, 17-clue 0.93x, magictour and forum-hardest
            // even (0.99-1.01x); marking from the root of sparse puzzles too left the forum
            // sets 1-3% slower. An X-Sudoku always marks: its searches meet contradictions
            // early, and marking timed 2.63-2.65 s against 2.77-3.01 s on 100,000 of Solo's
            // unreasonable X puzzles.
            let precise =
                s.diagonals || self.contradictions == 0 && (self.guesses > 0 || !self.sparse);
            let bands = if precise { s.bands::<true>() } else { s.bands::<false>() };
            if bands.is_err() {
                self.contradictions += 1;
                return;
            }
            // X-Sudoku's diagonals, at the band logic's fixed point (a branch the plain
            // Sudoku's processor predicts every time).
            if s.diagonals {
                match s.diagonal_logic() {
                    Err(Conflict) => {
                        self.contradictions += 1;
                        return;
                    }
                    Ok(true) => continue,
                    Ok(false) => {}
                }
            }
            if s.solved() {
                if self.keep_first && self.first.is_none() {
                    self.first = Some(s.grid());
                } else if self.keep_root && self.second.is_none() {
                    self.second = Some(s.grid());
                }
                self.found += 1;
                return;
            }
            // The row-major search: the band logic only (naked singles and the rest cost more
            // than they save there: callgrind on serg-benchmark, 3% fewer instructions in all
            // without them), then the settling of cells or a guess on the first open cell.
            if self.row_major {
                let went_on = if self.witness.is_some() {
                    self.settle_open(s)
                } else {
                    let (b, bit, digits) = s.first_open_cell();
                    self.branch(s, digits, |t, d| t.place(d, b, bit, digits))
                };
                if !went_on {
                    return;
                }
                continue;
            }
            let pairs = match s.singles() {
                Err(Conflict) => return,
                Ok(None) => continue,
                Ok(Some(pairs)) => pairs,
            };
            // The stack logic and the branches on band permutations pay where the tree below
            // is large: in puzzles whose search has met a contradiction, and for the stack
            // logic before the first guess (most 17-clue puzzles need no guess with it), for
            // the permutations near the root, both only in sparse puzzles (`SPARSE_OPEN`).
            // Elsewhere (typically puzzles with several solutions, found without
            // backtracking) the band logic and a guess on a bivalue cell do: on serg-benchmark
            // 3% faster (user time) than with the stack logic down to 30 open cells.
            let open = s.open_cells();
            let hard = self.contradictions > 0;
            if hard || (self.guesses == 0 && self.sparse) {
                match s.stacks() {
                    Err(Conflict) => return,
                    Ok(true) => continue,
                    Ok(false) => {}
                }
            }
            if self.keep_root && self.guesses == 0 {
                self.root = Some(*s);
                if self.root_only {
                    return;
                }
            }
            // Near the root and in hard puzzles, branch on the permutations of a (digit, band)
            // in the band with the fewest ways; elsewhere (and once every band is fixed) on a
            // cell.
            let near_root = open >= SCORE_OPEN && self.sparse;
            let config = (hard || near_root) && !s.diagonals;
            let guess = if config {
                let step =
                    if open >= MINIROW_OPEN { s.configs::<true>() } else { s.configs::<false>() };
                match step {
                    Err(Conflict) => return,
                    Ok(Config::Changed) => continue,
                    Ok(Config::Branch(i, perms)) => Some((i, perms)),
                    Ok(Config::Fixed) => None,
                }
            } else {
                None
            };
            let went_on = match guess {
                Some((i, perms)) => self.branch(s, perms, |t, p| {
                    t.cand[i] &= PERM_CELLS[p];
                    t.todo |= 1 << i;
                }),
                None => {
                    let (b, bit, digits) = if s.diagonals {
                        s.guess_cell_x(pairs)
                    } else {
                        s.guess_cell(pairs, hard || near_root)
                    };
                    self.branch(s, digits, |t, d| t.place(d, b, bit, digits))
                }
            };
            if !went_on {
                return;
            }
        }
    }

    /// The row-major search's step, with `witness`, a solution that agrees with every cell
    /// placed in `s`. The open cells are walked in row-major order: a cell with no candidate
    /// smaller than its value in the witness takes that value (the first solution in
    /// row-major order that agrees with the cells before it has it too). At the first cell
    /// that has smaller candidates, the cells placed so far are left to the propagation first
    /// (it may remove those candidates); when there are none before it, each smaller candidate
    /// is tried in turn, smallest first, by a depth-first search in row-major order: the first
    /// solution one finds is the answer (the search is then done). If none finds one, the
    /// witness's value stands. Returns whether to go on below `s` (false once done, or out of
    /// time or guesses).
    fn settle_open(&mut self, s: &mut State) -> bool {
        let witness = self.witness.expect("the row-major search starts from a solution");
        let mut settled = false;
        for b in 0..3 {
            let mut open = s.open[b];
            while open != 0 {
                let bit = open.trailing_zeros() as usize;
                open &= open - 1;
                let value = usize::from(witness[b * 27 + bit]) - 1;
                let here = s.digits_at(b, bit);
                let mut smaller = here & ((1 << value) - 1);
                if smaller == 0 {
                    s.place(value, b, bit, here);
                    settled = true;
                    continue;
                }
                if settled {
                    return true;
                }
                while smaller != 0 {
                    let k = smaller.trailing_zeros() as usize;
                    smaller &= smaller - 1;
                    if self.count_guess() {
                        return false;
                    }
                    let mut t = *s;
                    t.place(k, b, bit, here);
                    let mut probe = Search::new(1, self.deadline);
                    probe.row_major = true;
                    probe.budget = self.budget.saturating_sub(self.guesses);
                    probe.run(&mut t);
                    self.guesses += probe.guesses;
                    self.timed_out |= probe.timed_out;
                    self.out_of_budget |= probe.out_of_budget || self.guesses > self.budget;
                    if probe.first.is_some() {
                        self.first = probe.first;
                        self.found = 1;
                        return false;
                    }
                    if self.timed_out || self.out_of_budget {
                        return false;
                    }
                }
                s.place(value, b, bit, here);
                return true;
            }
        }
        true
    }

    /// Tries each alternative (bit `k` of `alts`, made by `apply(state, k)`) in turn: all but
    /// the last on a copy of `s`, searched here; the last on `s` itself. Returns whether the
    /// caller is to go on searching below `s` (false once the search is done).
    #[inline(always)]
    fn branch(&mut self, s: &mut State, mut alts: u32, apply: impl Fn(&mut State, usize)) -> bool {
        while alts != 0 {
            let k = alts.trailing_zeros() as usize;
            alts &= alts - 1;
            if self.count_guess() {
                return false;
            }
            if alts == 0 {
                // The last alternative: no copy needed.
                apply(s, k);
                return true;
            }
            let mut t = *s;
            apply(&mut t, k);
            self.run(&mut t);
        }
        false
    }
}
