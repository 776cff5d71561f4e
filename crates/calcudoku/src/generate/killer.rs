//! Killer Sudoku: a random Sudoku grid cut into cages of distinct digits (Keen's cutting, with
//! each cell joining only a cage that lacks its digit), each cage given its sum. When the cages
//! leave more than one solution, the attempt fails — or, with `givens`, a cell where another
//! solution differs is given, until one solution is left.
//!
//! Nearly every unique random Killer is medium (292 of 300) or easy: for hard and above,
//! cages are then merged ([`merge_up`]) until the level is reached.

use crate::clock::Instant;
use crate::logic::{Grade, Ladder};
use crate::puzzle::{BoxShape, Cage, Cell, Grid, Operator, Puzzle, neighbours};
use crate::solve::Solver;

use super::rng::Rng;
use super::{GenerateError, Graded, Options, at_level, cages, latin, solves_within};

pub(super) fn attempt(
    options: &Options,
    ladder: &Ladder,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<(Puzzle, Grid, Graded)>, GenerateError> {
    let n = options.size;
    let Some((solution, list)) = draw(options, rng) else {
        return Ok(None);
    };
    // Two solutions, shown at once: without givens to add, no need to search.
    if !options.givens && swappable_rectangle(&solution, &list) {
        return Ok(None);
    }
    let value = |c: usize| solution.cells()[c];
    // Without givens to add, a puzzle is kept only when the ladder (cut at the level) solves
    // it, which also makes it unique: on large grids that test alone is made, without the
    // exact solver's (a 20×20 Killer's search took seconds). The same puzzles are kept.
    if !options.givens && n >= LADDER_ONLY_FROM {
        let puzzle = killer_of(Grid::empty(n), list);
        if let Some(level) = options.level.filter(|&l| l >= MERGE_FROM) {
            let merged = merge_up(
                &puzzle,
                &solution,
                options.max_cage,
                rng,
                on_ladder(ladder, level, deadline),
            )?;
            return Ok(merged.map(|(p, g)| (p, solution, Graded::Path(g))));
        }
        return Ok(at_level(&puzzle, ladder, options.level, deadline)?
            .map(|g| (puzzle, solution, Graded::Path(g))));
    }
    let mut givens = Grid::empty(n);
    let puzzle = loop {
        let puzzle = killer_of(givens.clone(), list.clone());
        let report = Solver::new(&puzzle)
            .with_deadline(deadline)
            .solve()
            .map_err(|_| GenerateError::Timeout)?;
        if report.is_unique() {
            break puzzle;
        }
        if !options.givens {
            return Ok(None);
        }
        // The first cell where the first solution in row-major order differs from ours, or
        // (when that one is ours) a random cell not given yet.
        let first = report.grid.expect("the puzzle's own solution at least");
        let c = match (0..n * n).find(|&c| first.cells()[c] != value(c)) {
            Some(c) => c,
            None => {
                let open: Vec<usize> = (0..n * n).filter(|&c| givens.cells()[c] == 0).collect();
                open[rng.below(open.len())]
            }
        };
        givens.set(Cell(c as u16), value(c));
    };
    // Givens added one at a time until one solution is left are more than it needs: each is
    // taken away again (in a random order) while the ladder, cut at the level, still solves
    // the puzzle (so it stays unique and no harder than asked).
    let puzzle = if givens.cells().iter().any(|&v| v != 0) {
        let make = |givens: &Grid| killer_of(givens.clone(), list.clone());
        let mut placed: Vec<usize> = (0..n * n).filter(|&c| givens.cells()[c] != 0).collect();
        rng.shuffle(&mut placed);
        for c in placed {
            givens.set(Cell(c as u16), 0);
            if solves_within(&make(&givens), ladder, options.level, deadline)?.is_none() {
                givens.set(Cell(c as u16), value(c));
            }
        }
        make(&givens)
    } else {
        puzzle
    };
    if let Some(level) = options.level.filter(|&l| l >= MERGE_FROM) {
        let judge = on_ladder(ladder, level, deadline);
        let merged = merge_up(&puzzle, &solution, options.max_cage, rng, judge)?;
        return Ok(merged.map(|(p, g)| (p, solution, Graded::Path(g))));
    }
    // Unique by now (the solver's search, or the ladder with givens taken away): without a
    // level to be at, the grade waits until it is asked for (as at Solo's levels, which
    // Solo's rules tell).
    if options.level.is_none() {
        return Ok(Some((puzzle, solution, Graded::Later)));
    }
    Ok(at_level(&puzzle, ladder, options.level, deadline)?
        .map(|g| (puzzle, solution, Graded::Path(g))))
}

/// A random Sudoku grid and the cages it is cut into (each with its sum), not yet checked for
/// a single solution; None when the cutting failed.
pub(super) fn draw(options: &Options, rng: &mut Rng) -> Option<(Grid, Vec<Cage>)> {
    let n = options.size;
    let boxes = BoxShape::standard(n).expect("checked");
    let solution = latin::sudoku_grid(n, boxes, rng);
    let value = |c: usize| solution.cells()[c];
    let distinct = |cage: &[usize], c: usize| cage.iter().all(|&x| value(x) != value(c));
    let mut cut = Vec::new();
    if !cages::cut_into(n, options.max_cage, rng, Some(distinct), &mut cut) {
        return None;
    }
    let list: Vec<Cage> = cut
        .iter()
        .map(|k| {
            let sum = k.iter().map(|&c| value(c) as u64).sum();
            Cage::new(sum, Some(Operator::Add), k.iter().map(|&c| Cell(c as u16)).collect())
        })
        .collect();
    Some((solution, list))
}

/// Whether the cages let two values trade places on the corners of a rectangle, which proves
/// the Killer (without givens) has a second solution. Corners `p`, `q` of one cage in a line,
/// and `p2`, `q2` of another cage in a parallel line, across from them, holding `q`'s and
/// `p`'s values: exchanging the two values on all four keeps every line, every cage's digits
/// and sum, and (when `p` shares its box with `q` or with `p2`, and `q2` likewise) every
/// box. A cheap test, run before Solo's rules or the solver, for the most common way a random
/// cutting fails (about two draws in three at 9×9); a Killer it passes may still have several
/// solutions.
pub(super) fn swappable_rectangle(solution: &Grid, cages: &[Cage]) -> bool {
    let n = solution.size();
    let boxes = BoxShape::standard(n).expect("checked");
    let value = |c: usize| solution.cells()[c];
    let box_of = |c: usize| boxes.box_of(c / n, c % n, n);
    let mut cage_of = vec![usize::MAX; n * n];
    for (k, cage) in cages.iter().enumerate() {
        for c in &cage.cells {
            cage_of[c.index()] = k;
        }
    }
    for cage in cages {
        for (i, p) in cage.cells.iter().enumerate() {
            for q in &cage.cells[i + 1..] {
                let (p, q) = (p.index(), q.index());
                // The parallel lines, each as the step from one to the next (a row's cells
                // are n apart from the next row's) and this line's place among them.
                let (step, at) = if p / n == q / n {
                    (n, p / n)
                } else if p % n == q % n {
                    (1, p % n)
                } else {
                    continue;
                };
                for k in (0..n).filter(|&k| k != at) {
                    let (p2, q2) = (p - at * step + k * step, q - at * step + k * step);
                    if value(p2) == value(q)
                        && value(q2) == value(p)
                        && cage_of[p2] == cage_of[q2]
                        && ((box_of(p) == box_of(q) && box_of(p2) == box_of(q2))
                            || (box_of(p) == box_of(p2) && box_of(q) == box_of(q2)))
                    {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The Killer of these givens and cages, with the standard boxes of its side.
pub(super) fn killer_of(givens: Grid, cages: Vec<Cage>) -> Puzzle {
    let n = givens.size();
    let boxes = BoxShape::standard(n).expect("checked");
    Puzzle::new(n, Some(boxes), givens, cages, true).expect("a valid Killer")
}

/// From this side on, a Killer without givens is tested by the ladder alone (see `attempt`).
const LADDER_ONLY_FROM: usize = 12;

/// The level (hard) from which cages are merged toward the level asked.
const MERGE_FROM: u8 = 2;

/// The judge [`merge_up`] takes for a level of the ladder: the grade when the ladder, cut at
/// `level`, solves the puzzle (so it is unique), and whether that is `level`.
fn on_ladder(
    ladder: &Ladder,
    level: u8,
    deadline: Option<Instant>,
) -> impl FnMut(&Puzzle) -> Result<Option<(Grade, bool)>, GenerateError> {
    move |p| {
        Ok(solves_within(p, ladder, Some(level), deadline)?.map(|g| {
            let at = g.level == level;
            (g, at)
        }))
    }
}

/// Makes a unique Killer harder by merging two neighbouring cages at a time (the merged cage
/// keeps distinct digits and at most `max_cage` cells; its sum is the two sums added). The
/// judge tells, of a puzzle, its grade when it is unique and no harder than the level
/// wanted, and whether it is at that level: a merge is kept when the judge grades the
/// result, and undone when it does not. Fewer, larger cages tell less, so the grade climbs;
/// the first puzzle at the level is returned, None when no merge is left.
pub(super) fn merge_up<G>(
    puzzle: &Puzzle,
    solution: &Grid,
    max_cage: usize,
    rng: &mut Rng,
    mut judge: impl FnMut(&Puzzle) -> Result<Option<(G, bool)>, GenerateError>,
) -> Result<Option<(Puzzle, G)>, GenerateError> {
    let n = puzzle.size();
    // The cages move into each candidate puzzle (copied once a trial, not twice).
    let make = |cages: Vec<Cage>| {
        Puzzle::new(n, puzzle.boxes(), puzzle.givens().clone(), cages, true)
            .expect("merged cages still tile the grid")
    };
    match judge(puzzle)? {
        Some((g, true)) => return Ok(Some((puzzle.clone(), g))),
        Some(_) => {}
        None => return Ok(None),
    }
    let mut current = puzzle.clone();
    loop {
        let cages = current.cages();
        // Every pair of neighbouring cages whose merge is allowed, in a random order.
        let mut cage_of = vec![0usize; n * n];
        for (k, cage) in cages.iter().enumerate() {
            for c in &cage.cells {
                cage_of[c.index()] = k;
            }
        }
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for c in 0..n * n {
            for d in neighbours(n, c) {
                let (a, b) = (cage_of[c], cage_of[d]);
                let fits = cages[a].cells.len() + cages[b].cells.len() <= max_cage
                    && cages[a].cells.iter().all(|x| {
                        cages[b]
                            .cells
                            .iter()
                            .all(|y| solution.cells()[x.index()] != solution.cells()[y.index()])
                    });
                if a < b && fits && !pairs.contains(&(a, b)) {
                    pairs.push((a, b));
                }
            }
        }
        rng.shuffle(&mut pairs);
        let mut kept = None;
        for (a, b) in pairs {
            let mut next = cages.to_vec();
            let cb = next.remove(b);
            let ca = &next[a];
            let mut cells = ca.cells.clone();
            cells.extend(cb.cells.iter().copied());
            cells.sort_unstable();
            next[a] = Cage::new(ca.target + cb.target, Some(Operator::Add), cells);
            let merged = make(next);
            match judge(&merged)? {
                Some((g, true)) => return Ok(Some((merged, g))),
                Some(_) => {
                    kept = Some(merged);
                    break;
                }
                None => {}
            }
        }
        match kept {
            Some(merged) => current = merged,
            None => return Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Kind;

    /// Every Killer the rectangle test turns away has a second solution (the solver's count),
    /// and the test turns away many random 9×9 cuttings (most of those with several
    /// solutions), at each side it is used on.
    #[test]
    fn a_swappable_rectangle_means_two_solutions() {
        for (n, draws) in [(4, 200usize), (6, 200), (9, 300)] {
            let options = Options::new(Kind::Killer, n);
            let (mut flagged, mut several) = (0, 0);
            for i in 0..draws {
                let mut rng = Rng::new(11, i as u64);
                let Some((solution, cages)) = draw(&options, &mut rng) else { continue };
                let swappable = swappable_rectangle(&solution, &cages);
                let puzzle = killer_of(Grid::empty(n), cages);
                let unique = Solver::new(&puzzle).solve().expect("no deadline").is_unique();
                assert!(!(swappable && unique), "{n}×{n} draw {i}: unique, yet flagged");
                flagged += usize::from(swappable);
                several += usize::from(!unique);
            }
            if n == 9 {
                assert!(
                    3 * flagged >= 2 * several && flagged > draws / 3,
                    "{flagged} of {several}"
                );
            } else {
                assert!(flagged > 0, "{n}×{n}: none flagged");
            }
        }
    }
}
