//! A specialised engine for the classic 9×9 Sudoku (3×3 boxes, no cages), in the JCZSolve
//! lineage: candidates are kept as one bitboard per digit and band.
//!
//! - `cand[d * 3 + b]` holds the cells of band `b` (rows `3b..3b+3`) that may still hold digit
//!   `d + 1`; bit `r * 9 + c` is row `3b + r`, column `c`. 27 words of 27 bits: 108 bytes.
//! - Band logic, per (digit, band): a digit sits once in each of the band's three rows and once
//!   in each of its three boxes, so the (row, box) pairs it uses form a permutation. Pairs that
//!   no permutation can use are removed (the pairs found by shifts and masks, then one table
//!   look-up); a row left with one cell places the digit there, which clears that column in the
//!   other bands and that cell for other digits. This covers hidden singles in rows and boxes
//!   and box/line interactions within a band. It runs in rounds over the words that changed:
//!   placements and the stack logic mark the words they change, and after a round with
//!   placements the words are compared with their copies as the band logic last left them.
//!   The placement step runs for every word, placing nothing a third to half of the time:
//!   skipping it takes 5 to 9% fewer instructions but was no faster (a mispredicted branch).
//! - Stack logic, the same per (digit, stack) with columns for rows: the (band, column) pairs a
//!   digit uses in a stack form a permutation too (box/column interactions, hidden singles in
//!   columns). Only for digits the band logic touched.
//! - At the band logic's fixed point: naked singles (cells with one candidate left, by
//!   bit-sliced counting over the nine digits), then the stack logic.
//! - When stuck, near the root and everywhere once the search has met a contradiction: branch
//!   on the permutations of one (digit, band), one branch per permutation its (row, box) pairs
//!   still allow (each keeps that permutation's cells): in the band with the fewest
//!   permutations over its nine digits, the first digit with the fewest (two or more). tdoku
//!   branches on band configurations the same way. Against guessing on scored bivalue cells
//!   it takes a tenth fewer instructions on the hardest sets though it makes more guesses;
//!   in time (user time, best of three) serg-benchmark is 5% faster, forum-hardest-1106 and
//!   magictour about the same, forum-hardest-1905-11plus 3% slower. While many cells are open (`MINIROW_OPEN`), minirow logic comes first: a
//!   minirow (a row's three cells in a box) holds three digits, so at least three must be
//!   able to use it and at most three forced to; three forced keep the others out, and three
//!   able are forced in. Without it, nearly empty grids send the search into vast subtrees
//!   whose permutations cannot fit together. Elsewhere (typically in puzzles with several
//!   solutions, found without backtracking) guess on the first bivalue cell (else on a cell
//!   with few candidates), and once a guess is made leave the stack logic out too: there they
//!   cost more than they save. Should every band be fixed near the root, the guess compares
//!   the first ten bivalue cells: the one whose worse branch removes the most candidates
//!   (then both together) wins. The state (236 bytes) is copied for every branch but the
//!   last.
//!
//! - For `solve` on a puzzle with several solutions, a second search from the count's root
//!   state guesses on the first open cell in row-major order instead, smallest digit first:
//!   its first solution is the first in row-major order ([`first9_until`]).
//!
//! Everything is plain integer arithmetic and small `const` tables built at compile time; bits
//! are counted by hand (the build targets CPUs without a popcount instruction).

// Digits and bands are indices into several tables at once; range loops say that best.
#![allow(clippy::needless_range_loop)]

use crate::clock::Instant;

/// A band's 27 cells.
const BAND: u32 = 0x7ff_ffff;
/// The column-0 cells of a band's three rows; shift left by `c` for column `c`.
const COLUMN: u32 = 0x40201;
/// How many bivalue cells (the first ones) a guess compares.
const SCORED: u32 = 10;
/// With at least this many open cells the search branches on a band's permutations (or
/// scores bivalue cells); with fewer, only once the search has met a contradiction.
const SCORE_OPEN: u32 = 45;
/// With at least this many open cells, the minirow logic runs before a branch on band
/// permutations (callgrind: from 50 to 62 best on the hardest sets; much above, nearly empty
/// grids wander again).
const MINIROW_OPEN: u32 = 56;
/// How many guesses between two looks at the clock.
const CLOCK_EVERY: u64 = 1024;

/// What [`solve9`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sudoku9Result {
    /// Solutions found, at most the limit.
    pub solutions: u64,
    /// The first solution found (row-major values 1..=9).
    pub first: Option<[u8; 81]>,
    /// Guesses made (search nodes).
    pub guesses: u64,
}

/// Counts the solutions of a 9×9 Sudoku up to `limit`. `givens` are row-major values, 0 for an
/// empty cell, 1..=9 otherwise (anything above 9 makes the puzzle unsolvable).
pub fn solve9(givens: &[u8; 81], limit: u64) -> Sudoku9Result {
    solve9_until(givens, limit, None).expect("no deadline was set")
}

/// Like [`solve9`], but gives up (None) once `deadline` has passed.
pub fn solve9_until(
    givens: &[u8; 81],
    limit: u64,
    deadline: Option<Instant>,
) -> Option<Sudoku9Result> {
    let mut search = Search::new(limit, deadline);
    if limit > 0 {
        if let Some(mut state) = State::new(givens) {
            search.run(&mut state);
        }
    }
    if search.timed_out {
        return None;
    }
    Some(Sudoku9Result { solutions: search.found, first: search.first, guesses: search.guesses })
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
/// second search from the state the count reached before its first guess, guessing on the
/// first open cell, smallest digit first, with the same propagation (its first solution is
/// the smallest). That search stops after `extra` guesses plus four times the count's (a
/// puzzle with a great many solutions can make it wander): then the answer is
/// [`RowMajor9::OutOfGuesses`]. Gives up (None) once `deadline` has passed. The guesses
/// returned are both searches'.
pub fn first9_until(
    givens: &[u8; 81],
    extra: u64,
    deadline: Option<Instant>,
) -> Option<(Sudoku9Result, RowMajor9)> {
    let mut count = Search::new(2, deadline);
    count.keep_root = true;
    let Some(mut state) = State::new(givens) else {
        return Some((
            Sudoku9Result { solutions: 0, first: None, guesses: 0 },
            RowMajor9::NoSolution,
        ));
    };
    count.run(&mut state);
    if count.timed_out {
        return None;
    }
    let mut counted =
        Sudoku9Result { solutions: count.found, first: count.first, guesses: count.guesses };
    let first = match (count.found, count.root) {
        (0, _) => RowMajor9::NoSolution,
        (1, _) => RowMajor9::First(count.first.expect("a solution was found")),
        // Two solutions without a guess cannot happen; the general engine would find it.
        (_, None) => RowMajor9::OutOfGuesses,
        (_, Some(mut root)) => {
            let mut search = Search::new(1, deadline);
            search.row_major = true;
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

/// The (row, box) pairs of a band word that hold a candidate, as a 9-bit index: bit
/// `box * 3 + row`.
#[inline(always)]
fn pairs(x: u32) -> usize {
    // Bit 0 of each three-cell group (bit `row * 9 + box * 3`) says whether it is non-empty;
    // the shifts then bring rows 1 and 2 next to row 0.
    let g = (x | x >> 1 | x >> 2) & 0x124_9249;
    ((g | g >> 8 | g >> 16) & 0x1ff) as usize
}

/// For the (row, box) pairs of a band that still have a candidate (index as [`pairs`]), the
/// band's cells that some permutation of rows to boxes can use; 0 when there is none.
const PERMUTED: [u32; 512] = {
    const PERMS: [[usize; 3]; 6] =
        [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMS[p];
            let mut ok = true;
            let mut cells = 0u32;
            let mut r = 0;
            while r < 3 {
                ok &= s >> (perm[r] * 3 + r) & 1 == 1;
                cells |= 7 << (r * 9 + perm[r] * 3);
                r += 1;
            }
            if ok {
                t[s] |= cells;
            }
            p += 1;
        }
        s += 1;
    }
    t
};

/// The six permutations of a band's rows to its boxes, as the cells they allow.
const PERM_CELLS: [u32; 6] = {
    const PERMS: [[usize; 3]; 6] =
        [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut t = [0u32; 6];
    let mut p = 0;
    while p < 6 {
        let mut r = 0;
        while r < 3 {
            t[p] |= 7 << (r * 9 + PERMS[p][r] * 3);
            r += 1;
        }
        p += 1;
    }
    t
};

/// For the (row, box) pairs of a band (index as [`pairs`]), the permutations (bit `p` of
/// [`PERM_CELLS`]) they allow.
const CONFIGS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            // The permutation's pairs, as a pairs index.
            let cells = PERM_CELLS[p];
            let g = (cells | cells >> 1 | cells >> 2) & 0x124_9249;
            let idx = (g | g >> 8 | g >> 16) & 0x1ff;
            if s as u32 & idx == idx {
                t[s] |= 1 << p;
            }
            p += 1;
        }
        s += 1;
    }
    t
};

/// For the (row, box) pairs of a band (index as [`pairs`]), those of rows left with one box:
/// the minirows (a row's three cells in one box) the digit must use.
const FORCED: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        let mut r = 0;
        while r < 3 {
            let row = s & (0x49 << r);
            if row != 0 && row & (row - 1) == 0 {
                t[s] |= row as u16;
            }
            r += 1;
        }
        s += 1;
    }
    t
};

/// For (row, box) pairs (index as [`pairs`]), the cells of those minirows, and of their rows.
const PAIR_CELLS: [[u32; 512]; 2] = {
    let mut t = [[0u32; 512]; 2];
    let mut s = 0;
    while s < 512 {
        let mut i = 0;
        while i < 9 {
            if s >> i & 1 != 0 {
                let (k, r) = (i / 3, i % 3);
                t[0][s] |= 7 << (r * 9 + k * 3);
                t[1][s] |= 0x1ff << (r * 9);
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// The stack logic's table. A digit's columns per band, `fold(band 0) | fold(band 1) << 9 |
/// fold(band 2) << 18`, seen through one stack (its columns shifted to 0..3 in each band) and
/// packed (bit `band * 3 + column`), index this; the entry has the (band, column) pairs some
/// permutation of columns to bands can use, in the unpacked layout (bit `band * 9 + column`).
const STACK: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        // The band table takes pair (row r, box k) at index bit k * 3 + r and lays it out at
        // bits r * 9 + k * 3 ..+3; the pair (band b, column c) is the same shape with b for r
        // and c for k.
        let mut index = 0;
        let mut i = 0;
        while i < 9 {
            index |= (s >> i & 1) << (i % 3 * 3 + i / 3);
            i += 1;
        }
        let cells = PERMUTED[index];
        let mut b = 0;
        while b < 3 {
            let mut c = 0;
            while c < 3 {
                if cells >> (b * 9 + c * 3) & 1 != 0 {
                    t[s] |= 1 << (b * 9 + c);
                }
                c += 1;
            }
            b += 1;
        }
        s += 1;
    }
    t
};

/// For a cell of a band (bit `r * 9 + c`), the band's cells that stay candidates for a digit
/// placed there: all but its row, box and column, itself kept.
const KEEP: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut bit = 0;
    while bit < 27 {
        let (r, c) = (bit / 9, bit % 9);
        let peers = (0x1ff << (9 * r)) | ((7 << (c / 3 * 3)) * COLUMN) | (COLUMN << c);
        t[bit] = (BAND & !peers) | 1 << bit;
        bit += 1;
    }
    t
};

/// All 27 words.
const ALL: u32 = (1 << 27) - 1;

/// The other two bands.
const OTHER: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// The columns (9 bits) that hold a cell of `x` (27 bits).
#[inline(always)]
fn fold(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & 0x1ff
}

/// A 9-bit row kept when it holds exactly one cell, else 0.
const LONE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        if x != 0 && x & (x - 1) == 0 {
            t[x] = x as u16;
        }
        x += 1;
    }
    t
};

/// The cells of `x` (27 bits) alone in their row.
#[inline(always)]
fn lone_in_row(x: u32) -> u32 {
    LONE[(x & 0x1ff) as usize] as u32
        | (LONE[(x >> 9 & 0x1ff) as usize] as u32) << 9
        | (LONE[(x >> 18) as usize] as u32) << 18
}

/// The number of set bits of a 6-bit number.
const SMALL_COUNT: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut x = 0;
    while x < 64 {
        t[x] = (x as u32).count_ones() as u8;
        x += 1;
    }
    t
};

/// The numbers of set bits of two 32-bit words, counted side by side in one 64-bit word (the
/// build targets CPUs without a popcount instruction).
#[inline(always)]
fn count2(a: u32, b: u32) -> (u32, u32) {
    let mut v = a as u64 | (b as u64) << 32;
    v -= v >> 1 & 0x5555_5555_5555_5555;
    v = (v & 0x3333_3333_3333_3333) + (v >> 2 & 0x3333_3333_3333_3333);
    v = (v + (v >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte 3 of the product sums bytes 0..=3 (the first word), byte 7 all eight.
    let sums = v.wrapping_mul(0x0101_0101_0101_0101);
    let first = (sums >> 24 & 0xff) as u32;
    (first, (sums >> 56) as u32 - first)
}

/// What [`State::configs`] found.
enum Config {
    /// The minirow logic changed candidates.
    Changed,
    /// Branch on the permutations (bits of [`PERM_CELLS`]) of this word.
    Branch(usize, u32),
    /// Every band is fixed.
    Fixed,
}

/// The contradiction that ends a branch.
struct Conflict;

/// The whole search state; copied on every guess.
#[derive(Clone, Copy)]
struct State {
    cand: [u32; 27],
    /// `cand` as the band logic last saw it: a (digit, band) is looked at again once it differs.
    seen: [u32; 27],
    /// Per band, the cells not yet placed.
    open: [u32; 3],
    /// Digits the band logic changed since the stack logic last looked at them (bit `d`).
    dirty: u32,
    /// Words changed outside the band logic since it last ran (bit `d * 3 + b`).
    todo: u32,
}

impl State {
    /// The starting state, or None when two givens clash (or one is out of range).
    fn new(givens: &[u8; 81]) -> Option<State> {
        if givens.iter().fold(0, |m, &v| m.max(v)) > 9 {
            return None;
        }
        // Placing a given clears its row, column and box for that digit: a later given of the
        // same digit there finds its cell gone.
        let mut cand = [BAND; 27];
        let mut clash = false;
        for b in 0..3 {
            let [o1, o2] = OTHER[b];
            let band = &givens[b * 27..b * 27 + 27];
            let mut cells = 0;
            for (bit, &v) in band.iter().enumerate() {
                cells |= ((v != 0) as u32) << bit;
            }
            while cells != 0 {
                let bit = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let d = band[bit] as usize - 1;
                clash |= cand[d * 3 + b] >> bit & 1 == 0;
                cand[d * 3 + b] &= KEEP[bit];
                let col = !(COLUMN << (bit % 9));
                cand[d * 3 + o1] &= col;
                cand[d * 3 + o2] &= col;
            }
        }
        if clash {
            return None;
        }
        Some(State { cand, seen: [0; 27], open: [BAND; 3], dirty: 0, todo: ALL })
    }

    /// Fixes digit `d` at bit `bit` of band `b`: clears its peers for that digit. The band logic
    /// then sees the row left with one cell and clears the cell for the other digits.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, bit: usize) {
        self.cand[d * 3 + b] &= KEEP[bit];
        self.todo |= 1 << (d * 3 + b);
        let col = COLUMN << (bit % 9);
        for o in OTHER[b] {
            let old = self.cand[d * 3 + o];
            self.cand[d * 3 + o] = old & !col;
            self.todo |= ((old & col != 0) as u32) << (d * 3 + o);
        }
    }

    /// The (digit, band) pairs whose candidates changed since the band logic saw them (bit
    /// `d * 3 + b`).
    #[inline(always)]
    fn changed(&self) -> u32 {
        // One word at a time. Comparing two (or four) at once in a wider word takes fewer
        // instructions but is slower: the wide loads read words the band logic has just
        // stored one by one, which the processor cannot forward from its store buffer
        // (timed on forum-hardest-1106 and -1905-11plus: 3% slower).
        let mut m = 0;
        for i in (0..27).rev() {
            m = m << 1 | (self.cand[i] != self.seen[i]) as u32;
        }
        m
    }

    /// Runs the band logic on every (digit, band) that changed, until none does.
    #[inline(always)]
    fn bands(&mut self) -> Result<(), Conflict> {
        let mut todo = std::mem::take(&mut self.todo);
        loop {
            // Without a placement the round changes no word but the one it looks at.
            let mut placements = false;
            while todo != 0 {
                let i = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let (d, b) = (i / 3, i % 3);
                self.dirty |= 1 << d;
                let mut x = self.cand[i];
                x &= PERMUTED[pairs(x)];
                if x == 0 {
                    return Err(Conflict);
                }
                let placed = lone_in_row(x & self.open[b]);
                {
                    placements |= placed != 0;
                    self.open[b] &= !placed;
                    // The digit leaves the placed cells' columns in the other bands. (Not in
                    // all three, this one's word stored below: fewer instructions, but the
                    // three words are then read and written as one wide word, with the same
                    // store forwarding stall as in `changed`.)
                    let cols = fold(placed) * COLUMN;
                    for o in OTHER[b] {
                        self.cand[d * 3 + o] &= !cols;
                    }
                    // Other digits lose the placed cells.
                    for e in 0..9 {
                        self.cand[e * 3 + b] &= !placed;
                    }
                }
                self.cand[i] = x;
                self.seen[i] = x;
            }
            if !placements {
                return Ok(());
            }
            todo = self.changed();
        }
    }

    /// The stack logic, per digit and stack: a digit sits once in each of the stack's columns
    /// and once in each of its boxes (one per band), so the (band, column) pairs it uses form a
    /// permutation; pairs no permutation can use are removed. Only digits the band logic touched
    /// since the last call are looked at. Returns whether anything changed.
    fn stacks(&mut self) -> Result<bool, Conflict> {
        let mut dirty = std::mem::take(&mut self.dirty);
        while dirty != 0 {
            let d = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            let x = [self.cand[d * 3], self.cand[d * 3 + 1], self.cand[d * 3 + 2]];
            let cols = fold(x[0]) | fold(x[1]) << 9 | fold(x[2]) << 18;
            let mut allowed = 0;
            for st in 0..3 {
                let v = cols >> (3 * st) & 0x1c0e07;
                let keep = STACK[((v | v >> 6 | v >> 12) & 0x1ff) as usize];
                if keep == 0 {
                    return Err(Conflict);
                }
                allowed |= keep << (3 * st);
            }
            let allowed = [allowed & 0x1ff, allowed >> 9 & 0x1ff, allowed >> 18];
            for b in 0..3 {
                let y = x[b] & (allowed[b] * COLUMN);
                self.todo |= ((y != x[b]) as u32) << (d * 3 + b);
                self.cand[d * 3 + b] = y;
            }
        }
        Ok(self.todo != 0)
    }

    /// How many cells are still open.
    fn open_cells(&self) -> u32 {
        let (a, b) = count2(self.open[0], self.open[1]);
        a + b + count2(self.open[2], 0).0
    }

    fn solved(&self) -> bool {
        self.open == [0; 3]
    }

    /// Places naked singles (open cells with one candidate). Returns None when it placed any,
    /// else the bivalue cells of each band.
    fn singles(&mut self) -> Result<Option<[u32; 3]>, Conflict> {
        let mut any = false;
        let mut pairs = [0; 3];
        for b in 0..3 {
            let (mut one, mut two, mut three) = (0, 0, 0);
            for d in 0..9 {
                let x = self.cand[d * 3 + b];
                three |= two & x;
                two |= one & x;
                one |= x;
            }
            pairs[b] = self.open[b] & two & !three;
            if self.open[b] & !one != 0 {
                return Err(Conflict);
            }
            let mut single = self.open[b] & !two;
            while single != 0 {
                let bit = single.trailing_zeros() as usize;
                single &= single - 1;
                let d = (0..9).find(|&d| self.cand[d * 3 + b] >> bit & 1 != 0).ok_or(Conflict)?;
                self.place(d, b, bit);
                any = true;
            }
        }
        Ok(if any { None } else { Some(pairs) })
    }

    /// Candidates of digit `d` that placing it at bit `bit` of band `b` would remove (its
    /// peers' candidates for `d`): those in the band (`KEEP` leaves the cell's own bit clear)
    /// and, folded into six bits, those in its column in the other two bands.
    #[inline(always)]
    fn peers(&self, d: usize, b: usize, bit: usize) -> (u32, u32) {
        let c = bit % 9;
        let col = COLUMN << c;
        let [o1, o2] = OTHER[b];
        let cols = (self.cand[d * 3 + o1] & col) >> c | ((self.cand[d * 3 + o2] & col) >> c) << 1;
        (self.cand[d * 3 + b] & !KEEP[bit], (cols | cols >> 7 | cols >> 14) & 0x3f)
    }

    /// The digits (bit `d`) still possible at bit `bit` of band `b`.
    #[inline(always)]
    fn digits_at(&self, b: usize, bit: usize) -> u32 {
        let cell = 1 << bit;
        let mut m = 0;
        for d in 0..9 {
            m |= ((self.cand[d * 3 + b] & cell != 0) as u32) << d;
        }
        m
    }

    /// The cell to guess on: (band, bit, its digits). A bivalue cell if there is one (`pairs`,
    /// per band): when `score`, of the first few the one whose placements would remove the
    /// most candidates in the worse of its two branches (then in both), else the first. Without
    /// one, the open cell with the fewest candidates in the first band that has open cells.
    fn guess_cell(&self, pairs: [u32; 3], score: bool) -> (usize, usize, u32) {
        let mut best = 0u64;
        let mut left = if score { SCORED } else { 1 };
        for b in 0..3 {
            let mut cells = pairs[b];
            while cells != 0 && left > 0 {
                let bit = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                left -= 1;
                let m = self.digits_at(b, bit);
                let d1 = m.trailing_zeros() as usize;
                let d2 = (m & (m - 1)).trailing_zeros() as usize;
                let ((band1, col1), (band2, col2)) =
                    (self.peers(d1, b, bit), self.peers(d2, b, bit));
                let (n1, n2) = count2(band1, band2);
                let g1 = n1 + SMALL_COUNT[col1 as usize] as u32;
                let g2 = n2 + SMALL_COUNT[col2 as usize] as u32;
                let score = g1.min(g2) * 64 + g1 + g2 + 1;
                // One word, so that keeping the best is a maximum rather than a branch.
                best = best
                    .max((score as u64) << 32 | (b as u64) << 24 | (bit as u64) << 16 | m as u64);
            }
        }
        if best > 0 {
            return (
                (best >> 24 & 0xff) as usize,
                (best >> 16 & 0xff) as usize,
                (best & 0xffff) as u32,
            );
        }
        let b = (0..3).find(|&b| self.open[b] != 0).expect("an unsolved grid has an open cell");
        let mut open = self.open[b];
        let mut pick = (u32::MAX, 0, 0);
        while open != 0 {
            let bit = open.trailing_zeros() as usize;
            open &= open - 1;
            let m = self.digits_at(b, bit);
            let n = m.count_ones();
            if n < pick.0 {
                pick = (n, bit, m);
            }
        }
        (b, pick.1, pick.2)
    }

    /// Band permutations, per band. With `MINIROWS`, first the minirow logic: a minirow (a
    /// row's three cells in a box) holds three digits, so there is a conflict when fewer than
    /// three may use one or more than three must; when three must, the others may not; when
    /// only three may, they must. Then, unless that changed something, the (digit, band) to
    /// branch on: in the band with the fewest permutations over its nine digits (among bands
    /// not yet fixed), the first digit with the fewest (two or more), as (word, permutations
    /// as bits of [`PERM_CELLS`]).
    fn configs<const MINIROWS: bool>(&mut self) -> Result<Config, Conflict> {
        let mut best = (u32::MAX, 0usize, 0u32);
        let mut changed = false;
        for b in 0..3 {
            let mut total = 0;
            let mut pick = (u32::MAX, 0usize, 0u32);
            let mut p = [0u32; 9];
            let (mut may1, mut may2, mut may3, mut may4) = (0, 0, 0, 0);
            let (mut must1, mut must2, mut must3, mut must4) = (0, 0, 0, 0);
            for d in 0..9 {
                let x = pairs(self.cand[d * 3 + b]);
                p[d] = x as u32;
                if MINIROWS {
                    let f = FORCED[x] as u32;
                    may4 |= may3 & p[d];
                    may3 |= may2 & p[d];
                    may2 |= may1 & p[d];
                    may1 |= p[d];
                    must4 |= must3 & f;
                    must3 |= must2 & f;
                    must2 |= must1 & f;
                    must1 |= f;
                }
                let c = CONFIGS[x] as u32;
                let n = SMALL_COUNT[c as usize] as u32;
                total += n;
                let key = if n < 2 { u32::MAX } else { n };
                if key < pick.0 {
                    pick = (key, d * 3 + b, c);
                }
            }
            if MINIROWS {
                if may3 != 0x1ff || must4 != 0 {
                    return Err(Conflict);
                }
                let exact = may3 & !may4;
                if must3 | exact != 0 {
                    for d in 0..9 {
                        let i = d * 3 + b;
                        let x = self.cand[i];
                        let full = (must3 & !FORCED[p[d] as usize] as u32) as usize;
                        let e = (exact & p[d]) as usize;
                        let y = x & !PAIR_CELLS[0][full] & !(PAIR_CELLS[1][e] & !PAIR_CELLS[0][e]);
                        self.cand[i] = y;
                        self.todo |= ((y != x) as u32) << i;
                        changed |= y != x;
                    }
                }
            }
            if total > 9 && total < best.0 && pick.0 != u32::MAX {
                best = (total, pick.1, pick.2);
            }
        }
        Ok(if changed {
            Config::Changed
        } else if best.0 == u32::MAX {
            Config::Fixed
        } else {
            Config::Branch(best.1, best.2)
        })
    }

    /// The first open cell in row-major order: (band, bit, its digits).
    fn first_open_cell(&self) -> (usize, usize, u32) {
        let b = (0..3).find(|&b| self.open[b] != 0).expect("an unsolved grid has an open cell");
        let bit = self.open[b].trailing_zeros() as usize;
        (b, bit, self.digits_at(b, bit))
    }

    /// The values of a solved grid.
    fn grid(&self) -> [u8; 81] {
        let mut g = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.cand[d * 3 + b];
                while x != 0 {
                    g[b * 27 + x.trailing_zeros() as usize] = d as u8 + 1;
                    x &= x - 1;
                }
            }
        }
        g
    }
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
    /// Guess on the first open cell in row-major order (else on the cell `guess_cell` picks).
    row_major: bool,
    /// Guesses allowed; past them the search stops with `out_of_budget`.
    budget: u64,
    out_of_budget: bool,
    /// Whether to keep, in `root`, the state before the first guess.
    keep_root: bool,
    root: Option<State>,
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
            budget: u64::MAX,
            out_of_budget: false,
            keep_root: false,
            root: None,
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

    /// Searches below `s`, which it uses up.
    fn run(&mut self, s: &mut State) {
        loop {
            if s.bands().is_err() {
                self.contradictions += 1;
                return;
            }
            if s.solved() {
                if self.first.is_none() {
                    self.first = Some(s.grid());
                }
                self.found += 1;
                return;
            }
            let pairs = match s.singles() {
                Err(Conflict) => return,
                Ok(None) => continue,
                Ok(Some(pairs)) => pairs,
            };
            // The stack logic and the branches on band permutations pay where the tree below
            // is large: in puzzles whose search has met a contradiction, and for the stack
            // logic before the first guess (most 17-clue puzzles need no guess with it), for
            // the permutations near the root. Elsewhere (typically puzzles with several
            // solutions, found without backtracking) the band logic and a guess on the first
            // bivalue cell do: on serg-benchmark 3% faster (user time) than with the stack
            // logic down to 30 open cells.
            let open = s.open_cells();
            let hard = self.contradictions > 0;
            // Not in the row-major search for `solve`: it has few branches to prune
            // (callgrind on serg-benchmark: 4% fewer instructions without).
            if !self.row_major && (hard || self.guesses == 0) {
                match s.stacks() {
                    Err(Conflict) => return,
                    Ok(true) => continue,
                    Ok(false) => {}
                }
            }
            if self.keep_root && self.guesses == 0 {
                self.root = Some(*s);
            }
            // Near the root and in hard puzzles, branch on the permutations of a (digit, band)
            // in the band with the fewest; elsewhere (and once every band is fixed) on a cell.
            let config = !self.row_major && (hard || open >= SCORE_OPEN);
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
                    let (b, bit, digits) = if self.row_major {
                        s.first_open_cell()
                    } else {
                        s.guess_cell(pairs, hard || open >= SCORE_OPEN)
                    };
                    self.branch(s, digits, |t, d| t.place(d, b, bit))
                }
            };
            if !went_on {
                return;
            }
        }
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

#[cfg(test)]
mod tests {

    use super::super::{Branching, Solver};
    use super::*;
    use crate::puzzle::{BoxShape, Grid, Puzzle};

    fn parse(line: &str) -> [u8; 81] {
        let mut g = [0u8; 81];
        for (cell, ch) in g.iter_mut().zip(line.chars()) {
            *cell = ch.to_digit(10).unwrap_or(0) as u8;
        }
        g
    }

    fn puzzle(givens: &[u8; 81]) -> Puzzle {
        let boxes = Some(BoxShape { height: 3, width: 3 });
        Puzzle::sudoku(9, boxes, Grid::from_valid(9, givens.to_vec())).unwrap()
    }

    /// A solver that always uses the general engine.
    fn general(p: &Puzzle) -> Solver {
        Solver::general(p)
    }

    /// Lines of a Sudoku set: the shared full file when it is there (required under CI), else
    /// the in-repository sample of its first 40 lines.
    fn lines(name: &str) -> Vec<String> {
        let dir = env!("CARGO_MANIFEST_DIR");
        let shared = format!("{dir}/../../../shared/data/sudoku/{name}");
        let text = match std::fs::read_to_string(&shared) {
            Ok(text) => text,
            Err(e) if std::env::var_os("CI").is_some() => panic!("{shared}: {e}"),
            Err(_) => {
                let sample = format!("{dir}/tests/data/sudoku-sample/{name}");
                std::fs::read_to_string(&sample).unwrap_or_else(|e| panic!("{sample}: {e}"))
            }
        };
        text.lines().filter(|l| l.len() >= 81).map(String::from).collect()
    }

    fn cross_check(name: &str, take: usize, several: bool) {
        let lines = lines(name);
        assert!(lines.len() >= take.min(11), "{name}: only {} puzzles", lines.len());
        for line in lines.iter().take(take) {
            let givens = parse(line);
            let p = puzzle(&givens);
            let fast = solve9(&givens, 2);
            let (_, count, _) = general(&p).search(Branching::FewestCandidates, 2).unwrap();
            assert_eq!(fast.solutions, count.solutions, "{name}: {line}");
            assert!(!several || fast.solutions == 2, "{name}: {line}");
            let first = fast.first.expect("a solution");
            assert!(p.is_solution(&Grid::from_valid(9, first.to_vec())), "{name}: {line}");
            // The wired solver agrees, and gives the row-major first solution.
            let wired = Solver::new(&p).solve().unwrap();
            let row_major = general(&p).search(Branching::RowMajor, 1).unwrap().0;
            assert_eq!(wired.grid, row_major, "{name}: {line}");
            assert_eq!(wired.count.solutions, count.solutions, "{name}: {line}");
        }
    }

    #[test]
    fn agrees_with_general_engine_17_clue() {
        cross_check("17-clue.txt", 300, false);
    }

    #[test]
    fn agrees_with_general_engine_forum_hardest() {
        cross_check("forum-hardest-1106.txt", 300, false);
        cross_check("forum-hardest-1905-11plus.txt", 300, false);
    }

    #[test]
    fn agrees_with_general_engine_magictour() {
        cross_check("magictour-top1465.txt", 300, false);
    }

    #[test]
    fn agrees_with_general_engine_norvig() {
        cross_check("norvig-hardest.txt", usize::MAX, false);
        cross_check("norvig-top95.txt", 300, false);
    }

    #[test]
    fn agrees_with_general_engine_serg_several_solutions() {
        cross_check("serg-benchmark.txt", 300, true);
    }

    /// The row-major search's answer is the general engine's row-major first solution, and a
    /// budget too small gives way (for the general engine) rather than a wrong grid.
    #[test]
    fn row_major_first_agrees_or_gives_way() {
        let mut found = 0;
        for line in lines("serg-benchmark.txt").iter().take(200) {
            let givens = parse(line);
            let row_major = general(&puzzle(&givens)).search(Branching::RowMajor, 1).unwrap().0;
            let row_major = row_major.expect("a solution").cells().to_vec();
            let (counted, first) = first9_until(&givens, 1_000_000, None).unwrap();
            assert_eq!(counted.solutions, 2, "{line}");
            assert_eq!(first, RowMajor9::First(row_major.clone().try_into().unwrap()), "{line}");
            match first9_until(&givens, 0, None).unwrap().1 {
                RowMajor9::First(g) => {
                    assert_eq!(g.to_vec(), row_major, "{line}");
                    found += 1;
                }
                RowMajor9::OutOfGuesses => {}
                RowMajor9::NoSolution => panic!("{line}: no solution"),
            }
        }
        assert!(found > 0, "a budget of four times the count's guesses never sufficed");
    }

    #[test]
    fn row_major_first_of_unsolvable_and_unique() {
        let mut g = parse(SOLVED);
        assert_eq!(first9_until(&g, 0, None).unwrap().1, RowMajor9::First(g));
        g[1] = g[0];
        assert_eq!(first9_until(&g, 0, None).unwrap().1, RowMajor9::NoSolution);
    }

    #[test]
    fn counts_further_than_two() {
        let lines = lines("serg-benchmark.txt");
        for line in lines.iter().take(30) {
            let givens = parse(line);
            let (_, count, _) =
                general(&puzzle(&givens)).search(Branching::FewestCandidates, 50).unwrap();
            assert_eq!(solve9(&givens, 50).solutions, count.solutions, "{line}");
        }
    }

    /// The permutations a band's pairs allow cover exactly the cells the band logic keeps, and
    /// a permutation's own pairs allow it alone.
    #[test]
    fn configs_agree_with_the_band_table() {
        for index in 0..512 {
            let mut cells = 0;
            for p in 0..6 {
                if CONFIGS[index] >> p & 1 != 0 {
                    cells |= PERM_CELLS[p];
                }
            }
            assert_eq!(cells, PERMUTED[index], "pairs {index:#b}");
        }
        for p in 0..6 {
            assert_eq!(CONFIGS[pairs(PERM_CELLS[p])], 1 << p);
        }
        assert_eq!(CONFIGS[0x1ff], 0x3f);
        // A permutation's own pairs are forced, none of a full band; minirow cells.
        for p in 0..6 {
            assert_eq!(FORCED[pairs(PERM_CELLS[p])] as usize, pairs(PERM_CELLS[p]));
            assert_eq!(PAIR_CELLS[0][pairs(PERM_CELLS[p])], PERM_CELLS[p]);
        }
        assert_eq!(FORCED[0x1ff], 0);
        assert_eq!((PAIR_CELLS[0][0x1ff], PAIR_CELLS[1][0b10]), (BAND, 0x1ff << 9));
    }

    /// Puzzles with many solutions, counted further (where the search branches on band
    /// permutations near the root): a 17-clue puzzle less one given, and less all but a few.
    #[test]
    fn counts_sparse_grids_like_the_general_engine() {
        for (n, line) in lines("17-clue.txt").iter().take(24).enumerate() {
            let mut givens = parse(line);
            let cells: Vec<usize> = (0..81).filter(|&c| givens[c] != 0).collect();
            let keep = if n % 2 == 0 { cells.len() - 1 } else { 3 + n % 8 };
            for &c in &cells[keep..] {
                givens[c] = 0;
            }
            let (_, count, _) =
                general(&puzzle(&givens)).search(Branching::FewestCandidates, 30).unwrap();
            let fast = solve9(&givens, 30);
            assert_eq!(fast.solutions, count.solutions, "{line} less {}", cells.len() - keep);
            let first = fast.first.expect("a solution");
            assert!(puzzle(&givens).is_solution(&Grid::from_valid(9, first.to_vec())));
        }
    }

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn solved_grid_counts_one() {
        let g = parse(SOLVED);
        let r = solve9(&g, 10);
        assert_eq!((r.solutions, r.first), (1, Some(g)));
        assert_eq!(r.guesses, 0);
    }

    #[test]
    fn one_open_cell() {
        let mut g = parse(SOLVED);
        g[40] = 0;
        assert_eq!(solve9(&g, 10).first, Some(parse(SOLVED)));
    }

    #[test]
    fn empty_grid_counts_to_the_limit() {
        let r = solve9(&[0; 81], 1000);
        assert_eq!(r.solutions, 1000);
        assert!(puzzle(&[0; 81]).is_solution(&Grid::from_valid(9, r.first.unwrap().to_vec())));
        assert_eq!(solve9(&[0; 81], 0).solutions, 0);
    }

    #[test]
    fn conflicting_givens_have_no_solution() {
        let mut row = [0u8; 81];
        row[0] = 5;
        row[8] = 5;
        let mut col = [0u8; 81];
        col[4] = 7;
        col[76] = 7;
        let mut bx = [0u8; 81];
        bx[30] = 2;
        bx[50] = 2;
        let mut range = [0u8; 81];
        range[3] = 10;
        for g in [row, col, bx, range] {
            assert_eq!(solve9(&g, 2), Sudoku9Result { solutions: 0, first: None, guesses: 0 });
        }
    }

    #[test]
    fn contradiction_found_by_propagation() {
        // Row 0 holds 1..=8 and its last cell sees the 9 below it: no clash among the givens,
        // yet no solution.
        let mut g = [0u8; 81];
        for (c, v) in g.iter_mut().zip(1..=8) {
            *c = v;
        }
        g[17] = 9;
        let r = solve9(&g, 2);
        assert_eq!((r.solutions, r.first), (0, None));
        assert_eq!(Solver::new(&puzzle(&g)).count(2).unwrap().solutions, 0);
        assert_eq!(general(&puzzle(&g)).count(2).unwrap().solutions, 0);
    }

    #[test]
    fn deadline_in_the_past_times_out() {
        let past = Instant::now();
        assert_eq!(solve9_until(&[0; 81], u64::MAX, Some(past)), None);
        let p = puzzle(&[0; 81]);
        let solver = Solver::new(&p).with_deadline(Some(past));
        assert!(solver.count(u64::MAX).is_err());
    }
}
