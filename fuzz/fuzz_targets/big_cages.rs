//! Puzzles built from the input bytes rather than parsed: sides 1 to 16, cages up to the whole
//! grid (a 9×9 with one 81-cell cage, a 16×16 with cages of 16 cells and more), every operator
//! on any number of cells, hidden `?` operators, givens, boxes and Killer's distinct cages.
//! Each is solved under a short deadline: no panic, every grid returned is a solution, and a
//! puzzle whose planted grid fits is never declared unsolvable.
//!
//! Input: six header bytes, then the bytes that plant the grid and cut the cages (continued by
//! a generator seeded from the whole input when they run out, so short inputs make whole
//! puzzles):
//!
//! - 0: side, `1 + b % 16`;
//! - 1: largest cage, `1 + b·N²/256` cells (255: the whole grid);
//! - 2: bit 0 boxes (the usual shape, when the side has one), bit 1 distinct cages, bit 2
//!   every cage grown to the largest size (else 1 to it, drawn), bits 4–7 hidden operators in
//!   sixteenths of the cages;
//! - 3: givens, one cell in `b` (0: none);
//! - 4: operators allowed, bits `+ − × ÷` (0: all four);
//! - 5: a change to the first cage's target (0: none), so puzzles without a solution come too.
#![no_main]

use std::time::{Duration, Instant};

use calcudoku::solve::{Branching, Solver};
use calcudoku::validate;
use calcudoku::{BoxShape, Cage, Cell, Grid, Operator, Puzzle};
use calcudoku::puzzle::neighbours;
use libfuzzer_sys::fuzz_target;

/// The input's bytes, then SplitMix64 output seeded from all of them.
struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
    state: u64,
}

impl<'a> Bytes<'a> {
    fn new(data: &'a [u8]) -> Bytes<'a> {
        let state = data.iter().fold(0x243f_6a88_85a3_08d3u64, |h, &b| {
            (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
        });
        Bytes { data, at: 0, state }
    }

    fn byte(&mut self) -> u8 {
        if let Some(&b) = self.data.get(self.at) {
            self.at += 1;
            return b;
        }
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) as u8
    }

    /// A number in 0..n (n > 0), from two bytes.
    fn below(&mut self, n: usize) -> usize {
        ((self.byte() as usize) << 8 | self.byte() as usize) % n
    }

    fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            let j = self.below(i + 1);
            p.swap(i, j);
        }
        p
    }
}



fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let n = 1 + bytes.byte() as usize % 16;
    let largest = 1 + bytes.byte() as usize * (n * n) / 256;
    let flags = bytes.byte();
    let every = bytes.byte() as usize;
    let allowed: Vec<Operator> = match bytes.byte() & 15 {
        0 => Operator::ALL.to_vec(),
        bits => (0..4).filter(|i| bits >> i & 1 == 1).map(|i| Operator::ALL[i]).collect(),
    };
    let change = bytes.byte() as i8;
    let boxes = if flags & 1 == 1 { BoxShape::standard(n) } else { None };
    let distinct = flags & 2 == 2;
    let hidden = (flags >> 4) as usize;

    // A Sudoku pattern when there are boxes, else a cyclic square; rows, columns and symbols
    // permuted (within bands and stacks for Sudoku).
    let symbols = bytes.permutation(n);
    let planted: Vec<u8> = match boxes {
        Some(b) => {
            let (h, w) = (b.height as usize, b.width as usize);
            let (bands, stacks) = (bytes.permutation(w), bytes.permutation(h));
            let rows: Vec<usize> = (0..n).map(|r| bands[r / h] * h + r % h).collect();
            let cols: Vec<usize> = (0..n).map(|c| stacks[c / w] * w + c % w).collect();
            (0..n * n)
                .map(|i| {
                    let (r, c) = (rows[i / n], cols[i % n]);
                    symbols[(w * (r % h) + r / h + c) % n] as u8 + 1
                })
                .collect()
        }
        None => {
            let (rows, cols) = (bytes.permutation(n), bytes.permutation(n));
            (0..n * n).map(|i| symbols[(rows[i / n] + cols[i % n]) % n] as u8 + 1).collect()
        }
    };

    // Cages grown from the first free cell in row-major order through free neighbours (with
    // distinct cages, only through cells whose planted value the cage lacks).
    let mut owner = vec![usize::MAX; n * n];
    let mut cages = Vec::new();
    for start in 0..n * n {
        if owner[start] != usize::MAX {
            continue;
        }
        let want = if flags & 4 == 4 { largest } else { 1 + bytes.below(largest) };
        let k = cages.len();
        owner[start] = k;
        let mut cells = vec![start];
        while cells.len() < want {
            let beside: Vec<usize> = cells
                .iter()
                .flat_map(|&c| neighbours(n, c))
                .filter(|&x| {
                    owner[x] == usize::MAX
                        && !(distinct && cells.iter().any(|&c| planted[c] == planted[x]))
                })
                .collect();
            if beside.is_empty() {
                break;
            }
            let next = beside[bytes.below(beside.len())];
            owner[next] = k;
            cells.push(next);
        }
        cells.sort_unstable();
        let values: Vec<u8> = cells.iter().map(|&c| planted[c]).collect();
        let first = bytes.below(allowed.len());
        let (op, t) = (0..allowed.len())
            .map(|i| allowed[(first + i) % allowed.len()])
            .find_map(|o| o.apply(&values).map(|t| (o, t)))
            .unwrap_or((Operator::Add, values.iter().map(|&v| v as u64).sum()));
        let op = if bytes.byte() as usize % 16 < hidden { None } else { Some(op) };
        cages.push(Cage::new(t, op, cells.into_iter().map(|c| Cell(c as u16)).collect()));
    }
    if change != 0 {
        cages[0].target = cages[0].target.saturating_add_signed(change as i64);
    }
    let mut givens = Grid::empty(n);
    if every > 0 {
        for c in (bytes.below(every)..n * n).step_by(every) {
            givens.set(Cell(c as u16), planted[c]);
        }
    }
    let Ok(puzzle) = Puzzle::new(n, boxes, givens, cages, distinct) else { return };
    let plants = Grid::from_cells(n, planted).is_ok_and(|g| puzzle.is_solution(&g));
    assert!(plants || change != 0, "the planted grid should fit");

    let solver =
        Solver::new(&puzzle).with_deadline(Some(Instant::now() + Duration::from_millis(50)));
    if let Ok(report) = solver.solve() {
        match &report.grid {
            Some(grid) => {
                assert!(puzzle.is_solution(grid), "not a solution:\n{grid}");
                assert_eq!(validate::check_solution(&puzzle, grid), Ok(()));
                assert!(report.count.solutions >= 1);
            }
            None => {
                assert_eq!(report.count.solutions, 0);
                assert!(!plants, "declared unsolvable, but the planted grid fits");
            }
        }
    }
    for branching in [Branching::RowMajor, Branching::FewestCandidates] {
        if let Ok((grid, count, _)) = solver.search(branching, 3) {
            if let Some(grid) = &grid {
                assert!(puzzle.is_solution(grid), "not a solution:\n{grid}");
            }
            assert_eq!(grid.is_some(), count.solutions > 0);
            assert!(count.solutions <= 3);
            assert!(!(plants && count.solutions == 0), "no solution found, but one was planted");
        }
    }
});
