//! The search state of the 9×9 engine (candidates per digit and band) and its logic: the band
//! and stack permutation logic, naked singles, minirows, and the choice of what to branch on.

use super::tables::*;
use super::{BAND, COLUMN, SCORED};

/// What [`State::configs`] found.
pub(super) enum Config {
    /// The minirow logic changed candidates.
    Changed,
    /// Branch on the permutations (bits of [`PERM_CELLS`]) of this word.
    Branch(usize, u32),
    /// Every band is fixed.
    Fixed,
}

/// The contradiction that ends a branch.
pub(super) struct Conflict;

/// The whole search state; copied on every guess.
#[derive(Clone, Copy)]
pub(super) struct State {
    pub(super) cand: [u32; 27],
    /// `cand` as the band logic last saw it: a (digit, band) is looked at again once it differs.
    pub(super) seen: [u32; 27],
    /// Per band, the cells not yet placed.
    pub(super) open: [u32; 3],
    /// Digits the band logic changed since the stack logic last looked at them (bit `d`),
    /// and since the diagonal logic did (bit `16 + d`, X-Sudoku).
    pub(super) dirty: u32,
    /// Words changed outside the band logic since it last ran (bit `d * 3 + b`).
    pub(super) todo: u32,
    /// Whether both main diagonals hold every digit once (X-Sudoku): see
    /// [`State::diagonal_logic`].
    pub(super) diagonals: bool,
    /// X-Sudoku: the digits placed on the main diagonal (bit `d`) and on the anti-diagonal
    /// (bit `16 + d`) whose other places there are gone: the diagonal logic has nothing more
    /// to do for them below.
    pub(super) settled: u32,
}

impl State {
    /// The starting state, or None when two givens clash in a row, column or box (or one is
    /// out of range). With `diagonals` (X-Sudoku), givens that clash on a diagonal are left
    /// to [`State::diagonal_logic`], which finds them at the first look.
    pub(super) fn new(givens: &[u8; 81], diagonals: bool) -> Option<State> {
        if givens.iter().fold(0, |m, &v| m.max(v)) > 9 {
            return None;
        }
        // Placing a given clears its row, column and box for that digit: a later given of the
        // same digit there finds its cell gone. Rows for sixteen digits, so that a digit
        // masked to four bits indexes without a bounds check (only 0..9 occur). `mine` keeps
        // each digit's own given cells.
        let mut by_digit = [[BAND; 3]; 16];
        let mut mine = [[0; 3]; 16];
        let mut open = [BAND; 3];
        let mut gone = 0;
        for b in 0..3 {
            let [o1, o2] = OTHER[b];
            let band = &givens[b * 27..b * 27 + 27];
            let mut cells = 0;
            for (bit, &v) in band.iter().enumerate() {
                cells |= ((v != 0) as u32) << bit;
            }
            open[b] = BAND & !cells;
            while cells != 0 {
                let bit = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let digit = (band[bit] as usize - 1) & 15;
                let words = &mut by_digit[digit];
                gone |= !words[b] & 1 << bit;
                words[b] &= KEEP[bit];
                mine[digit][b] |= 1 << bit;
                let col = !(COLUMN << COLUMN_OF[bit]);
                words[o1] &= col;
                words[o2] &= col;
            }
        }
        if gone != 0 {
            return None;
        }
        // The given cells are placed already: closed, and other digits' candidates there gone.
        // (The band logic would otherwise find every given alone in its row and place it, a
        // whole round over the 27 words and the one after it.)
        let mut cand = [0; 27];
        for d in 0..9 {
            for b in 0..3 {
                cand[d * 3 + b] = by_digit[d][b] & (open[b] | mine[d][b]);
            }
        }
        Some(State { cand, seen: [0; 27], open, dirty: 0, todo: ALL, diagonals, settled: 0 })
    }

    /// Fixes digit `d` at bit `bit` of band `b`, an open cell whose candidates are `digits` (bit
    /// per digit; all of them): clears its peers for that digit and the cell for the other
    /// digits, and closes it. (Leaving the cell to the band logic, which sees the row left with
    /// one cell and places it, took a round more, and a comparison of all the words after it.)
    #[inline(always)]
    pub(super) fn place(&mut self, d: usize, b: usize, bit: usize, digits: u32) {
        self.cand[d * 3 + b] &= KEEP[bit];
        self.todo |= 1 << (d * 3 + b);
        self.open[b] &= !(1 << bit);
        let col = COLUMN << (bit % 9);
        for o in OTHER[b] {
            let old = self.cand[d * 3 + o];
            self.cand[d * 3 + o] = old & !col;
            self.todo |= ((old & col != 0) as u32) << (d * 3 + o);
        }
        let mut others = digits & !(1 << d);
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            self.cand[e * 3 + b] &= !(1 << bit);
            self.todo |= 1 << (e * 3 + b);
        }
    }

    /// The (digit, band) pairs whose candidates changed since the band logic saw them (bit
    /// `d * 3 + b`).
    #[inline(always)]
    pub(super) fn changed(&self) -> u32 {
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

    /// Runs the band logic on every (digit, band) that changed, until none does, in rounds
    /// over the words to look at. Two ways to find the words a placement changed:
    ///
    /// - `PRECISE`: the placement step runs only for words that place something, and marks
    ///   the words it changes as it clears them. Fewer instructions, but the branch on
    ///   whether a word placed anything is hard to predict where placements come in long
    ///   cascades (near the root of sparse puzzles, in hard searches): there the other way
    ///   is faster (magictour 4%, forum-hardest 3-5%, 17-clue 4%).
    /// - Otherwise the placement step runs for every word (placing nothing a third to half
    ///   of the time), and after a round with placements all 27 words are compared with
    ///   their copies as the band logic last left them (`seen`). Both ways keep `seen`.
    #[inline(always)]
    pub(super) fn bands<const PRECISE: bool>(&mut self) -> Result<(), Conflict> {
        let mut todo = std::mem::take(&mut self.todo);
        loop {
            // Without a placement the round changes no word but the one it looks at.
            let mut placements = false;
            // With `PRECISE`, the words the round's placements changed, for the next round
            // (those still to come in this round are left out).
            let mut next = 0;
            while todo != 0 {
                let i = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let (d, b) = (i / 3, i % 3);
                self.dirty |= DIRTY << d;
                let mut x = self.cand[i];
                x &= PERMUTED[pairs(x)];
                if x == 0 {
                    return Err(Conflict);
                }
                let placed = lone_in_row(x & self.open[b]);
                if PRECISE {
                    if placed != 0 {
                        self.open[b] &= !placed;
                        let mut marks = 0;
                        // The digit leaves the placed cells' columns in the other bands.
                        let cols = fold(placed) * COLUMN;
                        for o in OTHER[b] {
                            let j = d * 3 + o;
                            let old = self.cand[j];
                            self.cand[j] = old & !cols;
                            marks |= ((old & cols != 0) as u32) << j;
                        }
                        // Other digits lose the placed cells.
                        for e in 0..9 {
                            let j = e * 3 + b;
                            let old = self.cand[j];
                            self.cand[j] = old & !placed;
                            marks |= ((old & placed != 0) as u32) << j;
                        }
                        next |= marks & !todo & !(1 << i);
                    }
                } else {
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
            if PRECISE {
                if next == 0 {
                    return Ok(());
                }
                todo = next;
            } else {
                if !placements {
                    return Ok(());
                }
                todo = self.changed();
            }
        }
    }

    /// The stack logic, per digit and stack: a digit sits once in each of the stack's columns
    /// and once in each of its boxes (one per band), so the (band, column) pairs it uses form a
    /// permutation; pairs no permutation can use are removed. Only digits the band logic touched
    /// since the last call are looked at. Returns whether anything changed.
    pub(super) fn stacks(&mut self) -> Result<bool, Conflict> {
        let mut dirty = self.dirty & STACK_DIRTY;
        self.dirty &= !STACK_DIRTY;
        while dirty != 0 {
            let d = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            let x = [self.cand[d * 3], self.cand[d * 3 + 1], self.cand[d * 3 + 2]];
            let cols = fold(x[0]) | fold(x[1]) << 9 | fold(x[2]) << 18;
            let mut allowed = 0;
            for st in 0..3 {
                let keep = STACK[stack_pairs(cols, st)];
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

    /// The rules of X-Sudoku, for each digit and main diagonal: a digit placed on the diagonal
    /// leaves its other cells; a digit with one open place there and none placed goes there
    /// (a hidden single); a digit placed twice, or with no place left, is a contradiction.
    /// And the diagonal's locked candidates with the three boxes it crosses: a digit whose
    /// places on the diagonal all lie in one box leaves the rest of the box, and one whose
    /// places in such a box all lie on the diagonal leaves the rest of the diagonal (the
    /// houses engine's rules on diagonals; without them, guesses on the Solo corpus' X
    /// puzzles more than doubled). The band logic knows nothing of the diagonals, so this
    /// runs at its fixed point, before a grid is taken as solved (a digit it placed twice on
    /// a diagonal is caught here). Returns whether anything changed (the changed words are
    /// queued for the band logic).
    pub(super) fn diagonal_logic(&mut self) -> Result<bool, Conflict> {
        let mut changed = false;
        // Only digits the band logic saw change since the last look (each word changed is
        // looked at by the band logic before this runs again).
        let dirty = self.dirty >> 16;
        self.dirty &= STACK_DIRTY;
        for (k, diagonal, boxes) in
            [(0, &MAIN_DIAGONAL, &MAIN_BOXES), (16, &ANTI_DIAGONAL, &ANTI_BOXES)]
        {
            let mut digits = dirty & !(self.settled >> k);
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let i = d * 3;
                let w = [
                    self.cand[i] & diagonal[0],
                    self.cand[i + 1] & diagonal[1],
                    self.cand[i + 2] & diagonal[2],
                ];
                // Closed cells keep their own digit alone: these hold `d`.
                let placed = [w[0] & !self.open[0], w[1] & !self.open[1], w[2] & !self.open[2]];
                let places = [w[0] & self.open[0], w[1] & self.open[1], w[2] & self.open[2]];
                match count_three(placed) {
                    0 => {}
                    1 => {
                        for b in 0..3 {
                            self.cand[i + b] &= !places[b];
                            self.todo |= ((places[b] != 0) as u32) << (i + b);
                            changed |= places[b] != 0;
                        }
                        self.settled |= 1 << (k + d);
                        continue;
                    }
                    _ => return Err(Conflict),
                }
                if places == [0; 3] {
                    return Err(Conflict);
                }
                if count_three(places) == 1 {
                    let b = if places[0] != 0 {
                        0
                    } else if places[1] != 0 {
                        1
                    } else {
                        2
                    };
                    let bit = places[b].trailing_zeros() as usize;
                    let digits = self.digits_at(b, bit);
                    self.place(d, b, bit, digits);
                    changed = true;
                    continue;
                }
                for b in 0..3 {
                    let [o1, o2] = OTHER[b];
                    let x = self.cand[i + b];
                    if places[o1] | places[o2] == 0 {
                        // Every place on the diagonal is in this band's box on it.
                        let rest = boxes[b] & !diagonal[b];
                        self.cand[i + b] = x & !rest;
                        self.todo |= ((x & rest != 0) as u32) << (i + b);
                        changed |= x & rest != 0;
                    } else if x & boxes[b] & !diagonal[b] == 0 && places[b] != 0 {
                        // Every place in the box is on the diagonal (none is placed: the
                        // digit's places on the diagonal would be gone).
                        for o in [o1, o2] {
                            self.cand[i + o] &= !places[o];
                            self.todo |= ((places[o] != 0) as u32) << (i + o);
                        }
                        changed = true;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// How many ways the bands, and the stacks, leave to place the digits: over the 27
    /// (digit, band) words, the product of the permutations each allows, and the same over the
    /// (digit, stack) pairs, as base-2 logarithms in 1/4096ths (see [`PERM_LOG`]).
    pub(super) fn ways(&self) -> (u32, u32) {
        let (mut bands, mut stacks) = (0u32, 0u32);
        for d in 0..9 {
            let x = [self.cand[d * 3], self.cand[d * 3 + 1], self.cand[d * 3 + 2]];
            let cols = fold(x[0]) | fold(x[1]) << 9 | fold(x[2]) << 18;
            for b in 0..3 {
                bands += PERM_LOG[pairs(x[b])] as u32;
                stacks += PERM_LOG[stack_pairs(cols, b)] as u32;
            }
        }
        (bands, stacks)
    }

    /// How many cells are still open.
    pub(super) fn open_cells(&self) -> u32 {
        let (a, b) = count2(self.open[0], self.open[1]);
        a + b + count2(self.open[2], 0).0
    }

    pub(super) fn solved(&self) -> bool {
        self.open == [0; 3]
    }

    /// Places naked singles (open cells with one candidate). Returns None when it placed any,
    /// else the bivalue cells of each band.
    pub(super) fn singles(&mut self) -> Result<Option<[u32; 3]>, Conflict> {
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
                self.place(d, b, bit, 1 << d);
                any = true;
            }
        }
        Ok(if any { None } else { Some(pairs) })
    }

    /// Candidates of digit `d` that placing it at bit `bit` of band `b` would remove (its
    /// peers' candidates for `d`): those in the band (`KEEP` leaves the cell's own bit clear)
    /// and, folded into six bits, those in its column in the other two bands.
    #[inline(always)]
    pub(super) fn peers(&self, d: usize, b: usize, bit: usize) -> (u32, u32) {
        let c = bit % 9;
        let col = COLUMN << c;
        let [o1, o2] = OTHER[b];
        let cols = (self.cand[d * 3 + o1] & col) >> c | ((self.cand[d * 3 + o2] & col) >> c) << 1;
        (self.cand[d * 3 + b] & !KEEP[bit], (cols | cols >> 7 | cols >> 14) & 0x3f)
    }

    /// The digits (bit `d`) still possible at bit `bit` of band `b`.
    #[inline(always)]
    pub(super) fn digits_at(&self, b: usize, bit: usize) -> u32 {
        let cell = 1 << bit;
        let mut m = 0;
        for d in 0..9 {
            m |= ((self.cand[d * 3 + b] & cell != 0) as u32) << d;
        }
        m
    }

    /// The cell to guess on: (band, bit, its digits). A bivalue cell if there is one (`pairs`,
    /// per band): when `score`, of the first few the one whose placements would remove the
    /// most candidates in the worse of its two branches (then in both), else the last one of
    /// the band with the fewest open cells. Without one, the open cell with the fewest
    /// candidates in the first band that has open cells.
    pub(super) fn guess_cell(&self, pairs: [u32; 3], score: bool) -> (usize, usize, u32) {
        if !score {
            // The last bivalue cell of the band with the fewest open cells (ties: the first
            // band). On serg-benchmark 4.6% fewer instructions than the first bivalue cell,
            // though 1% more guesses (13.81 a puzzle against 13.69); even on sparse grids
            // cut from the other sets (-0.3% to +0.4%).
            let (n0, n1) = count2(self.open[0], self.open[1]);
            let n2 = count2(self.open[2], 0).0;
            let mut pick = (u32::MAX, 0);
            for (b, n) in [(0, n0), (1, n1), (2, n2)] {
                if pairs[b] != 0 && n < pick.0 {
                    pick = (n, b);
                }
            }
            if pick.0 != u32::MAX {
                let b = pick.1;
                let bit = 31 - pairs[b].leading_zeros() as usize;
                return (b, bit, self.digits_at(b, bit));
            }
        }
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

    /// [`State::guess_cell`] for an X-Sudoku: of the bivalue cells, the one with the most open
    /// peers, its diagonals' cells included (the first such in row-major order), as the houses
    /// engine guesses: either value reaches furthest. The 9×9 engine's own choices (a band's
    /// permutations, the bivalue cell whose values remove most in its band and columns) see
    /// no diagonal: on 100 X-Sudokus Solo calls unreasonable they took 3,918 guesses, this
    /// 2,610 (PERFORMANCE.md, "X-Sudoku on the 9×9 engine"). Without a bivalue cell, as
    /// `guess_cell`.
    pub(super) fn guess_cell_x(&self, pairs: [u32; 3]) -> (usize, usize, u32) {
        let mut best = (0u32, 0usize, 0usize);
        for b in 0..3 {
            let mut cells = pairs[b];
            while cells != 0 {
                let bit = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let col = COLUMN << (bit % 9);
                let mut peers = [col; 3];
                peers[b] = BAND & !KEEP[bit];
                for diagonal in [&MAIN_DIAGONAL, &ANTI_DIAGONAL] {
                    if diagonal[b] >> bit & 1 != 0 {
                        for o in 0..3 {
                            peers[o] |= diagonal[o];
                        }
                    }
                }
                peers[b] &= !(1 << bit);
                let (n0, n1) = count2(peers[0] & self.open[0], peers[1] & self.open[1]);
                let n = n0 + n1 + count2(peers[2] & self.open[2], 0).0 + 1;
                if n > best.0 {
                    best = (n, b, bit);
                }
            }
        }
        if best.0 == 0 {
            return self.guess_cell(pairs, false);
        }
        (best.1, best.2, self.digits_at(best.1, best.2))
    }

    /// Band permutations, per band. With `MINIROWS`, first the minirow logic: a minirow (a
    /// row's three cells in a box) holds three digits, so there is a conflict when fewer than
    /// three may use one or more than three must; when three must, the others may not; when
    /// only three may, they must. Then, unless that changed something, the (digit, band) to
    /// branch on: in the band whose nine digits' permutations have the smallest product (among
    /// bands not yet fixed; as a sum of [`PERM_LOG`]), the first digit with the fewest (two or
    /// more), as (word, permutations as bits of [`PERM_CELLS`]).
    pub(super) fn configs<const MINIROWS: bool>(&mut self) -> Result<Config, Conflict> {
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
                total += PERM_LOG[x] as u32;
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
            // A fixed band (one permutation per digit) has a product of 1, a logarithm of 0.
            if total > 0 && total < best.0 && pick.0 != u32::MAX {
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
    pub(super) fn first_open_cell(&self) -> (usize, usize, u32) {
        let b = (0..3).find(|&b| self.open[b] != 0).expect("an unsolved grid has an open cell");
        let bit = self.open[b].trailing_zeros() as usize;
        (b, bit, self.digits_at(b, bit))
    }

    /// The values of a solved grid.
    pub(super) fn grid(&self) -> [u8; 81] {
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

/// How many bits three words of a band's diagonal cells hold, up to 2 (each word has at
/// most three: 2 stands for two or more).
#[inline(always)]
fn count_three(w: [u32; 3]) -> u32 {
    let many = (w[0] & w[0].wrapping_sub(1))
        | (w[1] & w[1].wrapping_sub(1))
        | (w[2] & w[2].wrapping_sub(1));
    let words = (w[0] != 0) as u32 + (w[1] != 0) as u32 + (w[2] != 0) as u32;
    if many != 0 { 2 } else { words.min(2) }
}

/// A digit's bits in `State::dirty`: for the stack logic and for the diagonal logic.
const DIRTY: u32 = 1 | 1 << 16;
/// The stack logic's bits of `State::dirty`.
const STACK_DIRTY: u32 = 0x1ff;
