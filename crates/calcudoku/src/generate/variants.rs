//! Sudoku variants: jigsaw (random connected regions of N cells), X (both diagonals) and
//! windoku (four extra windows on a 9×9), alone or mixed. A layout is drawn, a random solution
//! of it found, and clues taken away in orbits of the symmetry while the solution stays unique,
//! then put back until the grade is at the level (as for Sudoku, `sudoku`).
//!
//! Jigsaw regions start as the boxes (or the rows, for a side without boxes) and are reshaped
//! by many random trades of two cells between neighbouring regions, each kept only when both
//! regions stay connected.

use crate::clock::Instant;
use crate::logic::{Grade, Ladder};
use crate::puzzle::{BoxShape, Cell, Grid, Puzzle, neighbours};
use crate::solve::Solver;

use super::rng::Rng;
use super::{GenerateError, Options, at_level};

/// What a variant kind adds to a plain grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Irregular regions instead of boxes.
    pub jigsaw: bool,
    /// Both main diagonals.
    pub x: bool,
    /// Windoku's windows.
    pub windoku: bool,
}

pub(super) fn attempt(
    options: &Options,
    rules: Rules,
    ladder: &Ladder,
    rng: &mut Rng,
    deadline: Option<Instant>,
    attempt: u32,
) -> Result<Option<(Puzzle, Grid, Grade)>, GenerateError> {
    let n = options.size;
    let template = layout(n, rules, rng);
    let fill = fill_budget(attempt);
    let Some(solution) = random_solution(&template, rng, fill, deadline)? else { return Ok(None) };
    let mut orbits = super::clues::orbits(n, options.symmetry);
    rng.shuffle(&mut orbits);
    let make = |grid: &Grid| template.with_givens(grid.clone()).expect("in range");
    let mut givens = solution.clone();
    let removed = super::clues::take_away(&mut givens, &make, &orbits, deadline)?;
    let minimal = make(&givens);
    let Some(level) = options.level.filter(|_| !options.minimal) else {
        return Ok(
            at_level(&minimal, ladder, options.level, deadline)?.map(|g| (minimal, solution, g))
        );
    };
    let puzzle = super::clues::put_back_to_level(
        &givens,
        &solution,
        &removed,
        &orbits,
        &make,
        (ladder, level),
        deadline,
    )?;
    Ok(at_level(&puzzle, ladder, Some(level), deadline)?.map(|g| (puzzle, solution, g)))
}

/// The empty puzzle of the rules: regions (jigsaw or boxes), diagonals, windows.
pub(super) fn layout(n: usize, rules: Rules, rng: &mut Rng) -> Puzzle {
    let mut b = Puzzle::builder(n);
    b = if rules.jigsaw {
        b.regions(jigsaw_regions(n, rng))
    } else {
        b.boxes(BoxShape::standard(n))
    };
    b = b.diagonals(rules.x);
    if rules.windoku {
        b = b.extra_regions(crate::puzzle::windoku_windows(n));
    }
    b.build().expect("a layout of checked options")
}

/// Guesses allowed to fill a layout from its planted values before the attempt draws again,
/// in units of this: some random layouts have no solution, or hide them deep in the search,
/// and some planted values leave none. How many guesses a fill takes has a long tail (9×9
/// jigsaw X: half within 176, a fifth past 20,000), so the budget follows Luby's sequence
/// over the attempts (1, 1, 2, 1, 1, 2, 4, …, times the unit): mostly short, now and then
/// long enough for layouts that need it. Measured on the fills of 200 puzzles of each kind
/// (PERFORMANCE.md): jigsaw X about 6× fewer guesses a puzzle than a fixed 20,000, jigsaw 3×.
const FILL_GUESSES: u64 = 300;

/// The guesses the fill of attempt `attempt` (from 1) may take.
pub(super) fn fill_budget(attempt: u32) -> u64 {
    FILL_GUESSES * luby(attempt.max(1))
}

/// Term `i` (from 1) of Luby's sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, …
fn luby(mut i: u32) -> u64 {
    loop {
        let k = u32::BITS - i.leading_zeros();
        if i == (1u32 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// A random solution of an empty layout: values 1 to N/2 planted once each in random cells
/// (values that differ cannot clash, and where they sit is what makes two fills differ: a
/// fill of the bare layout would be one grid, up to names, for every attempt), then a
/// solution the solver finds within `guesses` guesses (None past them or without one, and
/// the attempt draws again), its values relabelled at random (every rule of a variant is
/// "all different", so a relabelled solution is one), and, when the layout has square
/// boxes, transposed at random (which keeps the boxes, the diagonals and the windows).
pub(super) fn random_solution(
    template: &Puzzle,
    rng: &mut Rng,
    guesses: u64,
    deadline: Option<Instant>,
) -> Result<Option<Grid>, GenerateError> {
    let n = template.size();
    let mut planted = Grid::empty(n);
    let mut cells: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut cells);
    for (v, &c) in cells.iter().take(n / 2).enumerate() {
        planted.set(Cell(c as u16), v as u8 + 1);
    }
    let Ok(seeded) = template.with_givens(planted) else { return Ok(None) };
    let found = Solver::new(&seeded)
        .with_deadline(deadline)
        .any_within(guesses)
        .map_err(|_| GenerateError::Timeout)?;
    let Some(first) = found else { return Ok(None) };
    let relabel = rng.permutation(n);
    let square = template.boxes().is_some_and(|b| b.height == b.width);
    let transpose = square && rng.chance(1, 2);
    let cells: Vec<u8> = (0..n * n)
        .map(|c| {
            let from = if transpose { (c % n) * n + c / n } else { c };
            relabel[first.cells()[from] as usize - 1] as u8 + 1
        })
        .collect();
    let grid = Grid::from_valid(n, cells);
    debug_assert!(template.is_solution(&grid));
    Ok(Some(grid))
}

/// N random connected regions of N cells each (labels row-major): the boxes (or the rows),
/// then cells traded between neighbouring regions while both stay connected.
pub(super) fn jigsaw_regions(n: usize, rng: &mut Rng) -> Vec<u8> {
    let mut label: Vec<u8> = match BoxShape::standard(n).filter(|_| n > 3) {
        Some(b) => (0..n * n).map(|c| b.box_of(c / n, c % n, n) as u8).collect(),
        None => (0..n * n).map(|c| (c / n) as u8).collect(),
    };
    // Each cell's neighbours, as a table (the trades ask for them some 40 times each).
    let table: Vec<([usize; 4], usize)> = (0..n * n)
        .map(|c| {
            let mut out = ([0; 4], 0);
            for d in neighbours(n, c) {
                out.0[out.1] = d;
                out.1 += 1;
            }
            out
        })
        .collect();
    let near = |c: usize| table[c].0[..table[c].1].iter().copied();
    // Each region's cells in increasing order, kept through the trades.
    let mut cells: Vec<Vec<usize>> = vec![Vec::with_capacity(n); n];
    for (c, &r) in label.iter().enumerate() {
        cells[usize::from(r)].push(c);
    }
    // Buffers kept across trades: the walk's marks (a cell is seen when its mark is the
    // walk's number) and stack, and the cells of B next to A.
    let (mut seen, mut walk, mut stack, mut candidates) = (vec![0u32; n * n], 0, vec![], vec![]);
    let mut connected = |label: &[u8], region: u8, from: usize| {
        walk += 1;
        stack.clear();
        stack.push(from);
        seen[from] = walk;
        let mut count = 1;
        while let Some(c) = stack.pop() {
            for d in near(c) {
                if seen[d] != walk && label[d] == region {
                    seen[d] = walk;
                    count += 1;
                    stack.push(d);
                }
            }
        }
        count == n
    };
    let trade = |cells: &mut [Vec<usize>], (ra, a): (u8, usize), (rb, b): (u8, usize)| {
        for (r, from, to) in [(ra, a, b), (rb, b, a)] {
            let list = &mut cells[usize::from(r)];
            let at = list.iter().position(|&c| c == from).expect("the cell is in its region");
            list[at] = to;
            list.sort_unstable();
        }
    };
    for _ in 0..n * n * 12 {
        // A cell `a` of region A next to region B, and a cell `b` of B next to A: traded.
        let a = rng.below(n * n);
        let mut other = [0; 4];
        let mut others = 0;
        for d in near(a).filter(|&d| label[d] != label[a]) {
            other[others] = d;
            others += 1;
        }
        if others == 0 {
            continue;
        }
        let (ra, rb) = (label[a], label[other[rng.below(others)]]);
        candidates.clear();
        candidates.extend(
            cells[usize::from(rb)]
                .iter()
                .copied()
                .filter(|&c| near(c).any(|d| label[d] == ra && d != a)),
        );
        if candidates.is_empty() {
            continue;
        }
        let b = candidates[rng.below(candidates.len())];
        label[a] = rb;
        label[b] = ra;
        if connected(&label, ra, b) && connected(&label, rb, a) {
            trade(&mut cells, (ra, a), (rb, b));
        } else {
            label[a] = ra;
            label[b] = rb;
        }
    }
    label
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Kind, generate};

    /// Each variant kind gives puzzles of its rules, with one solution, at the level asked.
    #[test]
    fn variants_are_unique_at_their_level_with_their_rules() {
        for (kind, size, level) in [
            (Kind::Jigsaw, 6, "easy"),
            (Kind::Jigsaw, 9, "medium"),
            (Kind::X, 9, "easy"),
            (Kind::Windoku, 9, "medium"),
            (Kind::JigsawX, 6, "easy"),
        ] {
            let mut options = Options::new(kind, size).with_level_named(level).unwrap();
            options.seed = 11;
            for index in 0..2 {
                let g = generate(&options, index, None).unwrap();
                let p = &g.puzzle;
                let rules = kind.variant_rules().unwrap();
                assert_eq!(p.jigsaw().is_some(), rules.jigsaw, "{kind:?}");
                assert_eq!(p.diagonals(), rules.x, "{kind:?}");
                assert_eq!(!p.extra_regions().is_empty(), rules.windoku, "{kind:?}");
                assert!(p.is_solution(&g.solution));
                assert_eq!(Solver::new(p).count(2).unwrap().solutions, 1, "{kind:?}");
                assert_eq!(g.grade().level_name, level, "{kind:?}");
                // The same seed and index: the same puzzle.
                assert_eq!(generate(&options, index, None).unwrap().puzzle, *p);
            }
        }
    }

    /// The fill's budgets: Luby's sequence, each block of doubling terms repeated before the
    /// next, larger term (the first 15 written out, then the sums that follow from it).
    #[test]
    fn fill_budgets_follow_lubys_sequence() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        // Term 2^k - 1 is 2^(k-1), and the 2^k - 1 terms up to it add up to k·2^(k-1).
        for k in 1..=20u32 {
            assert_eq!(luby((1 << k) - 1), 1 << (k - 1));
            let sum: u64 = (1..(1u32 << k)).map(luby).sum();
            assert_eq!(sum, u64::from(k) << (k - 1), "k {k}");
        }
        assert_eq!(fill_budget(1), FILL_GUESSES);
        assert_eq!(fill_budget(7), 4 * FILL_GUESSES);
    }

    #[test]
    fn jigsaw_regions_are_n_connected_regions_of_n_cells() {
        for n in [4, 5, 6, 7, 9] {
            for seed in 0..5 {
                let mut rng = Rng::new(seed, n as u64);
                let labels = jigsaw_regions(n, &mut rng);
                // The builder checks N regions of N cells; connected by construction, checked.
                let p = Puzzle::builder(n).regions(labels.clone()).build().unwrap();
                for r in 0..n as u8 {
                    let cells: Vec<usize> = (0..n * n).filter(|&c| labels[c] == r).collect();
                    assert_eq!(cells.len(), n);
                    let mut reached = vec![cells[0]];
                    let mut i = 0;
                    while i < reached.len() {
                        let c = reached[i];
                        for &d in &cells {
                            let adjacent =
                                (c / n == d / n && c.abs_diff(d) == 1) || c.abs_diff(d) == n;
                            if adjacent && !reached.contains(&d) {
                                reached.push(d);
                            }
                        }
                        i += 1;
                    }
                    assert_eq!(reached.len(), n, "n {n} seed {seed} region {r}");
                }
                if n == 9 {
                    // Reshaped: not the boxes any more.
                    assert!(p.jigsaw().is_some(), "seed {seed}");
                }
            }
        }
    }
}
