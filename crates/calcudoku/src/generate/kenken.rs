//! KenKen the way Keen makes them: a random Latin square, cut into cages, an operator for each
//! cage, kept when the logic ladder solves it at the level asked and not at the one below.

use crate::clock::Instant;
use crate::logic::{Board, Ladder, LogicError, Rule, grade_path};
use crate::puzzle::{Cell, Grid, Operator, Puzzle, ValueSet, neighbours};
use crate::solve::Solver;

use smallvec::SmallVec;

use super::cages::CageCells;
use super::ops::{self, Allowed, Clue, puzzle_of};
use super::quick::{self, Verdict};
use super::rng::Rng;
use super::trades::{self, Trade};
use super::{GenerateError, Graded, Options, at_level, board_solves, cages, latin, seen};

/// The buffers of a candidate (its square, cut and clues), kept from one candidate to the
/// next on a thread: most candidates are turned down, and allocating them anew took about a
/// twentieth of a 3×3 candidate's instructions.
#[derive(Default)]
struct Buffers {
    square: Vec<u8>,
    cut: Vec<CageCells>,
    clues: Vec<Clue>,
}

thread_local! {
    static BUFFERS: std::cell::Cell<Buffers> = std::cell::Cell::default();
}

/// One candidate puzzle, the `attempt`-th for this puzzle (from 1); None when it misses the
/// level (or could not be cut).
pub(super) fn attempt(
    options: &Options,
    ladder: &Ladder,
    rng: &mut Rng,
    deadline: Option<Instant>,
    attempt: u32,
) -> Result<Option<(Puzzle, Grid, Graded)>, GenerateError> {
    // Taken out of the thread's slot while in use: a call made from inside (there is none
    // today) would find an empty set, which allocates only when used, not a borrowed one.
    let mut buffers = BUFFERS.take();
    let made = attempt_in(options, ladder, rng, deadline, attempt, &mut buffers);
    BUFFERS.set(buffers);
    made
}

/// [`attempt`] with the thread's buffers: the stages of Keen's method, each of which hands
/// the candidate on or turns it down (`Ok(None)`).
fn attempt_in(
    options: &Options,
    ladder: &Ladder,
    rng: &mut Rng,
    deadline: Option<Instant>,
    attempt: u32,
    buffers: &mut Buffers,
) -> Result<Option<(Puzzle, Grid, Graded)>, GenerateError> {
    let n = options.size;
    let Buffers { square, cut, clues } = buffers;
    // 1. A Latin square, cut into cages.
    latin::latin_cells(n, rng, square);
    if !cages::cut_into(n, options.max_cage, rng, cages::ANY_CAGE, cut) {
        return Ok(None);
    }
    let grid = |square: &[u8]| Grid::from_valid(n, square.to_vec());
    // 2. Cuts whose values alone already allow a second solution.
    let values_first = values_first(options);
    if values_first && seen::keeps_values(n, square, cut) {
        return Ok(None);
    }
    // 3. Where Keen's method rarely reaches the level: givens where the ladder gets stuck.
    if gives_givens(options, attempt) {
        return given_where_stuck(options, ladder, grid(square), cut.clone(), rng, deadline);
    }
    // 4. An operator and target for each cage (from 10×10, cuts mended as they go).
    if !clues_mended(options, values_first, rng, square, cut, clues) {
        return Ok(None);
    }
    let (square, cut, clues) = (&*square, &*cut, &*clues);
    // 5. The quick test of the level (the fixed points of the rungs up to hard).
    let (stuck_at, ladder_from_there) = match quick_level(options, cut, clues) {
        Quick::Wrong => return Ok(None),
        Quick::Solved(level) => {
            return Ok(Some((puzzle_of(n, cut, clues), grid(square), Graded::Level(level))));
        }
        Quick::Go { stuck_at, ladder_from_there } => (stuck_at, ladder_from_there),
    };
    // 6. One solution, where the ladder alone would not show it cheaply.
    let Some(puzzle) = unique(options, ladder, deadline, cut, clues, stuck_at.as_ref())? else {
        return Ok(None);
    };
    // 7. The level, by the ladder.
    if let (Some(cand), Some(level), true) = (stuck_at, options.level, ladder_from_there) {
        let at = solves_from(&puzzle, &cand[..n * n], ladder, level, deadline)?;
        return Ok(at.then_some((puzzle, grid(square), Graded::Level(level))));
    }
    Ok(at_level(&puzzle, ladder, options.level, deadline)?
        .map(|g| (puzzle, grid(square), Graded::Path(g))))
}

/// Whether candidates with a second solution are turned down on their values alone, before
/// any operator is drawn (stage 2).
///
/// Sound steps never solve a puzzle with several solutions, so such a candidate is rejected
/// whatever the ladder does. Most candidates have several (about two in three at 4×4 and
/// 6×6), and grading one takes the whole path until it gets stuck, so they are turned down
/// first, without search (`trades`). Nearly all have a trade of the square in which every
/// cage keeps its values, which the cut and the square show before any operator is drawn
/// (seed 1: 3,144 candidates at 3×3 easy, after which the trades with the clues found none
/// more; 2,397 and 70 more at 5×5 easy): up to hard, and up to 5×5, such a candidate goes at
/// once, and the few with a trade that keeps only the clues are left to the quick test
/// (stuck) and to the plain count further on, which cost less than looking for those trades
/// on every candidate (1.05–1.2× faster at 3×3 to 9×9, 4×4 and 5×5 extreme 1.05–1.08×).
/// Above hard from 6×6 on, where grading a candidate costs more (with trial on the ladder, a
/// search per candidate value of every cell), the trades with the clues are looked for as
/// before, and those with the values alone first too cost 5–6% more (7×7 and 9×9 extreme).
/// From 10×10 on a cut with a rectangle is mended (stage 4). A candidate turned down before
/// its operators are drawn would be turned down whatever they are, so the puzzles kept
/// follow the same law; only later draws move.
fn values_first(options: &Options) -> bool {
    let n = options.size;
    n < REPAIR_FROM && (n <= SMALL_COUNT_UP_TO || options.level.is_some_and(|l| l <= quick::HARD))
}

/// Whether this attempt gives up Keen's method for givens where the ladder gets stuck (stage
/// 3).
///
/// Options beyond Keen's (hidden operators, operators other than all four or × alone) can
/// make easy and normal rare on large grids: from 8×8 one candidate in a million or fewer
/// with hidden operators (seed 5: 8×8 easy 160,000 to 2.5 million attempts a puzzle, ten
/// seconds and more), none in ten seconds with `--ops +-` or `-`. A puzzle not found in
/// [`GIVE_AFTER`] attempts then gets givens, as from 14×14; Keen's own options keep Keen's
/// method. Above normal they are rare from 12×12 too (16×16 hard with hidden operators: none
/// in over a minute, 200 candidates a second), and givens where the ladder gets stuck find
/// one in the first attempts after.
fn gives_givens(options: &Options, attempt: u32) -> bool {
    let n = options.size;
    let keens_ops = options.ops.len() == 4 || options.ops == [Operator::Mul];
    let beyond_keen = options.hidden_ops || !keens_ops;
    match options.level {
        Some(l) if l <= NORMAL => n >= GIVE_FROM || beyond_keen && attempt > GIVE_AFTER,
        Some(_) => beyond_keen && n >= GIVE_ABOVE_NORMAL_FROM && attempt > GIVE_AFTER,
        None => false,
    }
}

/// Draws the clues of the cut (stage 4): false when the candidate is turned down (a clue
/// that cannot be shown in place, a trade that keeps the clues, a rectangle that cannot be
/// mended). From 10×10 on (sizes Keen does not make) nearly every cut has a rectangle: one
/// of its cells becomes a cage of its own (a given) and the cut is tried again.
fn clues_mended(
    options: &Options,
    values_first: bool,
    rng: &mut Rng,
    square: &[u8],
    cut: &mut Vec<CageCells>,
    clues: &mut Vec<Clue>,
) -> bool {
    let n = options.size;
    let mut repairs = 0;
    loop {
        clues_into(options, square, cut, rng, clues);
        if !shown_in_place(options, cut, clues) {
            return false;
        }
        if values_first {
            return true;
        }
        let rectangle = match trades::second_solution(n, square, cut, clues) {
            None => return true,
            Some(Trade::Cycle) => return false,
            Some(Trade::Rectangle(cells)) => cells,
        };
        if n < REPAIR_FROM || repairs == n {
            return false;
        }
        repairs += 1;
        *cut = split_off(cut, rectangle[rng.below(4)], n);
    }
}

/// The candidates where the rungs up to hard stop (see `quick::last_fixed_point`).
type FixedPoint = [quick::Mask; quick::QUICK_UP_TO * quick::QUICK_UP_TO];

/// What the quick test of the level (stage 5) found.
enum Quick {
    /// Not at the level asked.
    Wrong,
    /// Solved by sound rules at this level (up to hard), where the ladder cannot skip a cage:
    /// one solution, and at the level by the ladder too (the step-by-step grade waits until
    /// asked).
    Solved(u8),
    /// Go on: above hard, where the rungs up to hard left the candidates, and whether the
    /// ladder may go on from there (see [`solves_from`]).
    Go { stuck_at: Option<FixedPoint>, ladder_from_there: bool },
}

/// Stage 5: most candidates are at another level, which the fixed points of the easy, normal
/// and hard rungs (`quick`) tell at a fraction of the cost of grading step by step. Up to
/// hard the verdict alone is needed, and 3×3 candidates come back (`seen`); above, also the
/// board where the rungs up to hard stop.
fn quick_level(options: &Options, cut: &[CageCells], clues: &[Clue]) -> Quick {
    let n = options.size;
    let Some(level) = options.level else {
        return Quick::Go { stuck_at: None, ladder_from_there: false };
    };
    let verdict = if level <= quick::HARD {
        seen::verdict(n, cut, clues, level)
    } else {
        quick::verdict(n, cut, clues, quick::HARD)
    };
    let Some(verdict) = verdict else {
        return Quick::Go { stuck_at: None, ladder_from_there: false };
    };
    let right = if level <= quick::HARD {
        verdict == Verdict::Solves(level)
    } else {
        verdict == Verdict::Stuck
    };
    if !right {
        return Quick::Wrong;
    }
    let ladder_from_there = quick::ladder_finishes(n, cut);
    if level <= quick::HARD {
        if ladder_from_there {
            return Quick::Solved(level);
        }
        return Quick::Go { stuck_at: None, ladder_from_there };
    }
    Quick::Go { stuck_at: Some(quick::last_fixed_point()), ladder_from_there }
}

/// Stage 6: the puzzle, or None when it has several solutions.
///
/// The search pays for itself with trial on the ladder (unreasonable), and at extreme up to
/// 5×5, where a plain search from the hard fixed point counts most candidates in a few
/// hundred nodes (`quick::solutions_within`; the exact solver takes the others). At extreme
/// from 6×6 on, counting the solutions of a candidate with several takes longer than the
/// ladder takes to get stuck on it, now that the trades turn most of those down first
/// (callgrind, seed 1: 6×6 1.17× the instructions with the count; before the longer trades
/// 6×6 gained by it, 7×7 and 8×8 came out even, 9×9 took 1.2×, 12×12 6×). Elsewhere the
/// ladder's own verdict is the test.
fn unique(
    options: &Options,
    ladder: &Ladder,
    deadline: Option<Instant>,
    cut: &[CageCells],
    clues: &[Clue],
    stuck_at: Option<&FixedPoint>,
) -> Result<Option<Puzzle>, GenerateError> {
    let n = options.size;
    let trial = ladder.rungs.iter().any(|r| r.rule == Rule::TRIAL);
    let extreme = ladder.rungs.iter().any(|r| r.level >= 3);
    if !(trial || (extreme && n <= 5)) {
        return Ok(Some(puzzle_of(n, cut, clues)));
    }
    let small = stuck_at
        .filter(|_| n <= SMALL_COUNT_UP_TO)
        .and_then(|cand| quick::solutions_within(n, cut, clues, cand, SMALL_COUNT_NODES));
    match small {
        // Built only once it is kept.
        Some(found) => Ok((found == 1).then(|| puzzle_of(n, cut, clues))),
        None => {
            let puzzle = puzzle_of(n, cut, clues);
            let count = Solver::new(&puzzle)
                .with_deadline(deadline)
                .count(2)
                .map_err(|_| GenerateError::Timeout)?;
            Ok((count.solutions == 1 && count.complete).then_some(puzzle))
        }
    }
}

/// Whether `ladder` (cut at `level`, above Keen's hard) solves `puzzle` at exactly `level`,
/// run from the board the rungs up to hard leave: candidates `cand` (the quick test's fixed
/// point, where the ladder cannot skip a cage). From the start, the ladder tries a rung above
/// hard only when none up to hard finds anything, which is first on that same board (the
/// rules up to hard have one fixed point: see `quick`); from there its path is the same,
/// and its verdict too. The rungs up to hard are not walked step by step again.
fn solves_from(
    puzzle: &Puzzle,
    cand: &[quick::Mask],
    ladder: &Ladder,
    level: u8,
    deadline: Option<Instant>,
) -> Result<bool, GenerateError> {
    let Ok(mut board) = Board::new(puzzle) else { return Ok(false) };
    for (i, &m) in cand.iter().enumerate() {
        if board.restrict(Cell(i as u16), ValueSet(u64::from(m))).is_err() {
            return Ok(false);
        }
    }
    Ok(board_solves(board, ladder, deadline)?.is_some_and(|g| g.level == level))
}

/// Nodes the plain count from the hard fixed point may take before the exact solver counts
/// instead (4×4 to 6×6 at extreme, callgrind: 300 and 4,000 the same up to 5×5, 6×6 1.3×
/// the instructions at 4,000).
const SMALL_COUNT_NODES: u32 = 300;

/// The largest side the plain count is tried on (6×6 extreme: 1.02× the instructions with
/// it, 7×7 unreasonable 0.98×; 4×4 and 5×5 0.82× and 0.87×).
const SMALL_COUNT_UP_TO: usize = 5;

/// From this size on, a cut whose square has a swappable rectangle is mended rather than
/// dropped (see [`split_off`]).
const REPAIR_FROM: usize = 10;

/// From this size on, easy and normal puzzles get a clue where the ladder gets stuck (see
/// [`given_where_stuck`]): without, their rungs rarely finish a grid this large (one 14×14
/// easy puzzle in 20 s, none at 16×16 in 40 s).
const GIVE_FROM: usize = 14;

/// With options beyond Keen's, the attempts after which easy and normal puzzles get clues
/// where the ladder gets stuck (a hundredth of a second at 8×8; 7×7 easy with hidden
/// operators takes 3,000 to 12,000 attempts, a tenth of a second, and gets some).
const GIVE_AFTER: u32 = 1_000;

/// From this size on, puzzles above normal with options beyond Keen's get givens where the
/// ladder gets stuck after [`GIVE_AFTER`] attempts (16×16 hard and extreme with hidden
/// operators: 2.6 and 3.9 s).
const GIVE_ABOVE_NORMAL_FROM: usize = 12;

/// Keen's normal level.
const NORMAL: u8 = 1;

/// Clues given per attempt at most, as a fraction of the cells: 1 in this many.
const GIVEN_SHARE: usize = 6;

/// A puzzle of the cut made solvable at the level: the ladder (cut at the level asked) runs
/// until it finishes or gets stuck; stuck, an open cell of the board where it stopped (one of
/// those with the most candidates left, at random: 16×16 easy then needs 35 givens on average
/// against 47 with any open cell) becomes a cage of its own (a given), the rest of its cage is split as by [`split_off`]
/// (new cages get new operators, the others keep theirs), and the ladder runs again. A given
/// only adds to what the ladder knows, so each run gets at least as far. Kept when the ladder
/// finishes at exactly the level asked (at normal, a puzzle the givens made easy is dropped).
fn given_where_stuck(
    options: &Options,
    ladder: &Ladder,
    square: Grid,
    mut cut: Vec<CageCells>,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<(Puzzle, Grid, Graded)>, GenerateError> {
    let n = options.size;
    let mut clues = clues_for(options, square.cells(), &cut, rng);
    for _ in 0..=n * n / GIVEN_SHARE {
        let Some(shown) = shown(options, &cut, clues.clone()) else { return Ok(None) };
        let puzzle = puzzle_of(n, &cut, &shown);
        let Ok(board) = Board::new(&puzzle) else { return Ok(None) };
        let (grade, stuck) = match grade_path(board, ladder, deadline) {
            Ok(found) => found,
            Err(LogicError::Timeout) => return Err(GenerateError::Timeout),
            Err(_) => return Ok(None),
        };
        if grade.solved {
            let at = options.level.is_none_or(|l| grade.level == l);
            return Ok(at.then_some((puzzle, square, Graded::Path(grade))));
        }
        let most = stuck.cells().map(|c| stuck.candidates(c).len()).max().unwrap_or(0);
        let open: SmallVec<[usize; 256]> = stuck
            .cells()
            .filter(|&c| !stuck.is_placed(c) && stuck.candidates(c).len() == most)
            .map(|c| c.index())
            .collect();
        stuck.recycle();
        let Some(&cell) = open.get(rng.below(open.len())) else { return Ok(None) };
        let next = split_off(&cut, cell, n);
        // The cages the split made get clues; the others keep theirs.
        let fresh: Vec<CageCells> = next.iter().filter(|k| !cut.contains(k)).cloned().collect();
        let mut fresh_clues = clues_for(options, square.cells(), &fresh, rng).into_iter();
        clues = next
            .iter()
            .map(|k| match cut.iter().position(|old| old == k) {
                Some(i) => clues[i],
                None => fresh_clues.next().expect("a clue for each new cage"),
            })
            .collect();
        cut = next;
    }
    Ok(None)
}

/// An operator and target for each cage of `cut`, from the values `square` puts in it.
fn clues_for(options: &Options, square: &[u8], cut: &[CageCells], rng: &mut Rng) -> Vec<Clue> {
    let mut clues = Vec::with_capacity(cut.len());
    clues_into(options, square, cut, rng, &mut clues);
    clues
}

/// [`clues_for`] into `out` (its buffer reused).
fn clues_into(
    options: &Options,
    square: &[u8],
    cut: &[CageCells],
    rng: &mut Rng,
    out: &mut Vec<Clue>,
) {
    // Keen avoids giveaway × pairs above normal.
    let hard = options.level.is_some_and(|l| l > 1);
    let allowed = Allowed::new(&options.ops, options.long_ops, hard);
    ops::choose_cells(cut, square, options.size, allowed, rng, out);
}

/// A candidate as [`attempt`] first makes it (a square, a cut, clues as shown) from `rng`:
/// the square, the cut, the puzzle and its clues (for tests of the stages after). None where
/// `attempt` drops it before any test.
#[cfg(test)]
pub(super) fn candidate(
    options: &Options,
    rng: &mut Rng,
) -> Option<(Grid, Vec<CageCells>, Puzzle, Vec<Clue>)> {
    let n = options.size;
    let square = latin::latin_square(n, rng);
    let cut = cages::cut(n, options.max_cage, rng)?;
    let clues = shown(options, &cut, clues_for(options, square.cells(), &cut, rng))?;
    let puzzle = puzzle_of(n, &cut, &clues);
    Some((square, cut, puzzle, clues))
}

/// The clues as the puzzle shows them: without their operators with `--hidden-ops`. None when
/// a cage of several cells has no operator (no allowed one fits it).
fn shown(options: &Options, cut: &[CageCells], mut clues: Vec<Clue>) -> Option<Vec<Clue>> {
    shown_in_place(options, cut, &mut clues).then_some(clues)
}

/// [`shown`] on `clues` in place: false where [`shown`] gives None.
fn shown_in_place(options: &Options, cut: &[CageCells], clues: &mut [Clue]) -> bool {
    for (cells, (op, _)) in cut.iter().zip(clues) {
        if op.is_none() && cells.len() > 1 {
            return false;
        }
        if options.hidden_ops && cells.len() > 1 {
            *op = None;
        }
    }
    true
}

/// The cut with `cell` taken out of its cage into a cage of its own; what is left of its cage
/// is split into its connected parts (each a cage), so that every cage stays connected.
fn split_off(cut: &[CageCells], cell: usize, n: usize) -> Vec<CageCells> {
    let mut out = Vec::with_capacity(cut.len() + 2);
    for cage in cut {
        if !cage.contains(&cell) || cage.len() == 1 {
            out.push(cage.clone());
            continue;
        }
        out.push(smallvec::smallvec![cell]);
        let mut left: CageCells = cage.iter().copied().filter(|&c| c != cell).collect();
        while let Some(&start) = left.first() {
            // The part of `left` connected to `start`.
            let mut part: CageCells = smallvec::smallvec![start];
            let mut i = 0;
            while i < part.len() {
                let c = part[i];
                for d in neighbours(n, c) {
                    if left.contains(&d) && !part.contains(&d) {
                        part.push(d);
                    }
                }
                i += 1;
            }
            left.retain(|c| !part.contains(c));
            part.sort_unstable();
            out.push(part);
        }
    }
    out.sort_unstable_by_key(|cage| cage[0]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Kind;
    use crate::puzzle::Operator;

    #[test]
    fn the_ladder_from_the_hard_fixed_point_says_what_it_says_from_the_start() {
        // Candidates the rungs up to hard do not solve, at extreme and unreasonable: the
        // ladder run from the quick test's fixed point keeps exactly those it keeps when run
        // from the start.
        let mut seen = [0usize; 2];
        for size in 4..=8 {
            for seed in 0..400u64 {
                let mut options = Options::new(Kind::KenKen, size);
                let level = 3 + (seed % 2) as u8;
                options.level = Some(level);
                match seed % 5 {
                    0 => options.ops = vec![Operator::Mul],
                    1 => options.hidden_ops = true,
                    _ => {}
                }
                let mut rng = Rng::new(seed, 100 + size as u64);
                let Some((_, cut, puzzle, clues)) = candidate(&options, &mut rng) else { continue };
                if !quick::ladder_finishes(size, &cut) {
                    continue;
                }
                if quick::verdict(size, &cut, &clues, quick::HARD) != Some(Verdict::Stuck) {
                    continue;
                }
                let cand = quick::last_fixed_point();
                let ladder = Kind::KenKen.ladder().up_to(level);
                let from_start = at_level(&puzzle, &ladder, Some(level), None).unwrap().is_some();
                let from_there =
                    solves_from(&puzzle, &cand[..size * size], &ladder, level, None).unwrap();
                assert_eq!(from_there, from_start, "{size}×{size}, seed {seed}: {puzzle:?}");
                seen[usize::from(from_start)] += 1;
            }
        }
        // Both outcomes came up, many times.
        assert!(seen.iter().all(|&k| k >= 20), "{seen:?}");
    }

    #[test]
    fn the_plain_count_counts_what_the_solver_counts() {
        // Candidates of sizes 3 to 6 (all operators, × only, hidden operators), counted from
        // the hard fixed point when the rungs up to hard get stuck and from full candidates:
        // the plain search finds as many solutions (up to two) as the exact solver, or
        // runs out of its budget.
        let (mut seen, mut out_of_budget) = ([0usize; 3], 0);
        for size in 3..=6 {
            for seed in 0..300u64 {
                let mut options = Options::new(Kind::KenKen, size);
                match seed % 3 {
                    0 => options.ops = vec![Operator::Mul],
                    1 => options.hidden_ops = true,
                    _ => {}
                }
                let mut rng = Rng::new(seed, 200 + size as u64);
                let Some((_, cut, puzzle, clues)) = candidate(&options, &mut rng) else { continue };
                let solver = Solver::new(&puzzle).count(2).unwrap().solutions;
                let full = [((1u32 << size) - 1) as quick::Mask; 81];
                let mut from = vec![full];
                if quick::verdict(size, &cut, &clues, quick::HARD) == Some(Verdict::Stuck) {
                    from.push(quick::last_fixed_point());
                }
                for cand in from {
                    match quick::solutions_within(size, &cut, &clues, &cand, 1_000_000) {
                        Some(found) => {
                            assert_eq!(u64::from(found), solver, "{size}×{size}: {puzzle:?}");
                            seen[usize::from(found)] += 1;
                        }
                        // Only from full candidates at 6×6 with hidden operators (a search
                        // without propagation), and seldom.
                        None => {
                            assert!(size == 6 && seed % 3 == 1, "{size}×{size}: {puzzle:?}");
                            out_of_budget += 1;
                        }
                    }
                }
            }
        }
        // Unique candidates and candidates with several both came up, many times (no
        // candidate has none: the square solves it).
        assert!(seen[1] >= 100 && seen[2] >= 100, "{seen:?}");
        assert_eq!(seen[0], 0);
        assert!(out_of_budget <= 3, "{out_of_budget} counts ran out of a million nodes");
    }

    /// Taking a cell out of a cage leaves the cell alone and the rest of the cage in connected
    /// parts, every cell of the grid still in exactly one cage.
    #[test]
    fn split_off_keeps_a_tiling_of_connected_cages() {
        let n = 4;
        // A U-shaped cage: 0 1 2 over 4 _ 6; taking 1 out leaves two parts, {0, 4} and {2, 6}.
        let cut: Vec<CageCells> = vec![
            CageCells::from_slice(&[0, 1, 2, 4, 6]),
            CageCells::from_slice(&[3, 7]),
            CageCells::from_slice(&[5, 9, 10, 11]),
            CageCells::from_slice(&[8, 12, 13]),
            CageCells::from_slice(&[14, 15]),
        ];
        let split = split_off(&cut, 1, n);
        let mut cells: Vec<usize> = split.iter().flatten().copied().collect();
        cells.sort_unstable();
        assert_eq!(cells, (0..16).collect::<Vec<_>>());
        assert!(split.contains(&CageCells::from_slice(&[1])));
        assert!(split.contains(&CageCells::from_slice(&[0, 4])));
        assert!(split.contains(&CageCells::from_slice(&[2, 6])));
        assert_eq!(split.len(), cut.len() + 2);
        // A cell of a connected remainder: one cage less the cell.
        let split = split_off(&cut, 5, n);
        assert!(split.contains(&CageCells::from_slice(&[5])));
        assert!(split.contains(&CageCells::from_slice(&[9, 10, 11])));
        assert_eq!(split.len(), cut.len() + 1);
    }
}
