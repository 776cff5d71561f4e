//! 9×9 Sudoku that need trial, made by a walk from puzzles known to need it.
//!
//! Random minimal 9×9 puzzles practically never need trial on calcudoku's ladder (none of
//! 30,000): its forcing rule (contradictions and chains, with singles) finishes nearly all of
//! them, and even on the list of the 1,465 hardest puzzles of 2005 only 25 are beyond it. So
//! these are not made from a random grid. They start from a puzzle of a bundled list of such
//! puzzles (`needs_trial_9.txt`), disguised: digits relabelled, rows permuted within their
//! bands and bands among themselves, the same for columns and stacks, and half the time
//! transposed. Then the puzzle walks: each step takes one clue away (one orbit of the symmetry)
//! and puts one in at an empty place, with the value the solution has there or with any value
//! that no clue forbids, and is kept when the puzzle stays unique and beyond every rung below
//! trial. The steps change the clues and, with other values, the solution, so what comes out
//! is a new puzzle and not a copy of one on the list. Last, clues are taken away while the
//! solution stays unique: that never makes a puzzle easier.

use crate::clock::Instant;
use crate::logic::{Grade, Ladder};
use crate::puzzle::{BoxShape, Grid, Puzzle};
use crate::solve::{Branching, Solver};

use super::clues::{Orbit, orbits, take_away};
use super::rng::Rng;
use super::{GenerateError, Options, Symmetry, at_level, solves_within};

/// The bundled starting points: 9×9 puzzles that need trial, one a line.
const SEEDS: &str = include_str!("needs_trial_9.txt");

/// Clues of the start the walk must have taken away or changed before the clues are thinned.
const NOVEL: usize = 3;

/// Steps tried in a row without one kept before the walk (and the attempt) is given up.
const PATIENCE: usize = 400;

/// Whether this maker handles the options: 9×9 at the top level of the Sudoku ladder (needs
/// trial), without mirror symmetry (no puzzle on the list has it).
pub(super) fn applies(options: &Options) -> bool {
    options.size == 9
        && options.level == Some(options.kind.top())
        && options.symmetry != Symmetry::Mirror
}

/// The seeds whose clues have the symmetry (all of them for none).
fn seeds(symmetry: Symmetry) -> Vec<[u8; 81]> {
    let orbits = orbits(9, symmetry);
    SEEDS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut cells = [0u8; 81];
            for (cell, ch) in cells.iter_mut().zip(l.trim().bytes()) {
                *cell = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
            }
            cells
        })
        .filter(|cells| {
            orbits.iter().all(|o| o.iter().all(|&c| (cells[c] != 0) == (cells[o[0]] != 0)))
        })
        .collect()
}

/// A permutation of the 9 rows (or columns) that keeps bands together: `map[old] = new`. With
/// `symmetric`, row r and row 8 − r go to rows that are again each other's mirror image, so a
/// pattern symmetric under a half turn stays so.
fn line_map(rng: &mut Rng, symmetric: bool) -> [usize; 9] {
    let mut map = [0usize; 9];
    if symmetric {
        let first = if rng.chance(1, 2) { 0 } else { 2 };
        let inner = rng.permutation(3);
        for r in 0..3 {
            map[r] = first * 3 + inner[r];
            map[8 - r] = 8 - map[r];
        }
        let swap = rng.chance(1, 2);
        map[3] = if swap { 5 } else { 3 };
        map[4] = 4;
        map[5] = 8 - map[3];
    } else {
        let bands = rng.permutation(3);
        for (band, &to) in bands.iter().enumerate() {
            let inner = rng.permutation(3);
            for r in 0..3 {
                map[band * 3 + r] = to * 3 + inner[r];
            }
        }
    }
    map
}

/// The seed in a random disguise (an equivalent puzzle: same difficulty, same number of
/// solutions).
fn disguise(seed: &[u8; 81], symmetric: bool, rng: &mut Rng) -> Vec<u8> {
    let mut digits = [0u8; 10];
    for (d, &p) in rng.permutation(9).iter().enumerate() {
        digits[d + 1] = p as u8 + 1;
    }
    let rows = line_map(rng, symmetric);
    let cols = line_map(rng, symmetric);
    let transpose = rng.chance(1, 2);
    let mut out = vec![0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (nr, nc) = if transpose { (cols[c], rows[r]) } else { (rows[r], cols[c]) };
            out[nr * 9 + nc] = digits[seed[r * 9 + c] as usize];
        }
    }
    out
}

/// One candidate: a disguised seed, walked and thinned; None when the walk stalls or the end
/// is not at the level.
pub(super) fn attempt(
    options: &Options,
    ladder: &Ladder,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<(Puzzle, Grid, Grade)>, GenerateError> {
    let level = options.level.expect("applies() asks for a level");
    let below = level.checked_sub(1).expect("trial is not the first level");
    let symmetric = options.symmetry == Symmetry::Rotational;
    let seeds = seeds(options.symmetry);
    let orbits = orbits(9, options.symmetry);
    let Some(seed) = seeds.get(rng.below(seeds.len())) else { return Ok(None) };
    let start = disguise(seed, symmetric, rng);
    let Some((givens, solution)) = walk(&start, &orbits, ladder, below, rng, deadline)? else {
        return Ok(None);
    };

    // Thin: take clues away (in a random order) while the solution stays unique.
    let mut order: Vec<&Orbit> = orbits.iter().filter(|o| givens[o[0]] != 0).collect();
    rng.shuffle(&mut order);
    let mut givens = Grid::from_valid(9, givens);
    take_away(&mut givens, &|g: &Grid| sudoku9(g.cells()), &order, deadline)?;
    let puzzle = sudoku9(givens.cells());
    let solution = Grid::from_valid(9, solution);
    Ok(at_level(&puzzle, ladder, Some(level), deadline)?.map(|g| (puzzle, solution, g)))
}

/// Where a walk ended: its clues and their solution, 81 values each.
type Walked = (Vec<u8>, Vec<u8>);

/// The walk from `start` (a unique puzzle beyond the rungs below `below + 1`): steps that keep
/// the puzzle unique and beyond them, until [`NOVEL`] clues of the start are gone or changed.
/// The clues and the solution where it ends; None when it stalls ([`PATIENCE`]).
fn walk(
    start: &[u8],
    orbits: &[Orbit],
    ladder: &Ladder,
    below: u8,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<Walked>, GenerateError> {
    let Some(mut solution) = unique_solution(start, deadline)? else { return Ok(None) };
    let mut givens = start.to_vec();
    let moved = |now: &[u8]| (0..81).filter(|&c| start[c] != 0 && now[c] != start[c]).count();
    let mut since = 0;
    while moved(&givens) < NOVEL {
        if since == PATIENCE {
            return Ok(None);
        }
        since += 1;
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(GenerateError::Timeout);
        }
        // Mostly a clue of the start goes, so that the walk moves away from it.
        let from_start = rng.chance(3, 4);
        let mut full: Vec<&Orbit> = orbits
            .iter()
            .filter(|o| givens[o[0]] != 0 && (!from_start || givens[o[0]] == start[o[0]]))
            .collect();
        if full.is_empty() {
            full = orbits.iter().filter(|o| givens[o[0]] != 0).collect();
        }
        let Some(&out) = full.get(rng.below(full.len())) else { return Ok(None) };
        let mut next = givens.clone();
        for &c in out {
            next[c] = 0;
        }
        // Without those clues the puzzle may have other solutions. The walk heads for one of
        // them (or stays with the solution it had) and puts clues back, each where another
        // solution still differs from that one, with that one's value, until it is unique.
        let target = if rng.chance(1, 2) {
            solution.clone()
        } else {
            other_solution(&next, &solution, rng, deadline)?.unwrap_or_else(|| solution.clone())
        };
        let mut added = 0;
        while let Some(other) = other_solution(&next, &target, rng, deadline)? {
            if added == MAX_ADDED {
                break;
            }
            added += 1;
            let differ: Vec<usize> =
                (0..81).filter(|&c| next[c] == 0 && other[c] != target[c]).collect();
            let at = differ[rng.below(differ.len())];
            for &c in orbits.iter().find(|o| o.contains(&at)).expect("orbits cover the grid") {
                next[c] = target[c];
            }
        }
        if next == givens {
            continue;
        }
        // The relabelled searches may all have missed a second solution: counted here.
        let Some(found) = unique_solution(&next, deadline)? else { continue };
        if solves_within(&sudoku9(&next), ladder, Some(below), deadline)?.is_some() {
            continue;
        }
        givens = next;
        solution = found;
        since = 0;
    }
    Ok(Some((givens, solution)))
}

/// The 9×9 Sudoku with these clues.
fn sudoku9(cells: &[u8]) -> Puzzle {
    let boxes = BoxShape::standard(9).expect("9×9 has boxes");
    Puzzle::sudoku(9, Some(boxes), Grid::from_valid(9, cells.to_vec())).expect("values in 0..=9")
}

/// A solution of `cells` other than `not`, found by the solver on the puzzle with its digits
/// relabelled at random (the first solution the search meets depends on the labels); None
/// when a few tries find only `not`.
fn other_solution(
    cells: &[u8],
    not: &[u8],
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<Vec<u8>>, GenerateError> {
    for _ in 0..OTHER_TRIES {
        let mut to = [0u8; 10];
        let mut back = [0u8; 10];
        for (d, &p) in rng.permutation(9).iter().enumerate() {
            to[d + 1] = p as u8 + 1;
            back[p + 1] = d as u8 + 1;
        }
        let relabelled: Vec<u8> = cells.iter().map(|&v| to[v as usize]).collect();
        let (grid, _, _) = Solver::new(&sudoku9(&relabelled))
            .with_deadline(deadline)
            .search(Branching::FewestCandidates, 1)
            .map_err(|_| GenerateError::Timeout)?;
        let Some(grid) = grid else { return Ok(None) };
        let found: Vec<u8> = grid.cells().iter().map(|&v| back[v as usize]).collect();
        if found != not {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// Clues (orbits) a step puts back at most.
const MAX_ADDED: usize = 6;

/// Relabellings [`other_solution`] tries.
const OTHER_TRIES: usize = 4;

/// The solution of the 9×9 Sudoku with these clues when it has exactly one.
fn unique_solution(
    cells: &[u8],
    deadline: Option<Instant>,
) -> Result<Option<Vec<u8>>, GenerateError> {
    let report = Solver::new(&sudoku9(cells))
        .with_deadline(deadline)
        .solve()
        .map_err(|_| GenerateError::Timeout)?;
    Ok(match report.grid {
        Some(grid) if report.count.solutions == 1 && report.count.complete => {
            Some(grid.cells().to_vec())
        }
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Kind;

    fn below_trial() -> (Ladder, u8) {
        let ladder = Kind::Sudoku.ladder();
        let top = ladder.top();
        (ladder, top - 1)
    }

    #[test]
    fn every_seed_is_unique_and_beyond_the_rungs_below_trial() {
        let (ladder, below) = below_trial();
        let all = seeds(Symmetry::None);
        assert!(all.len() >= 80, "{}", all.len());
        for seed in &all {
            assert!(unique_solution(seed, None).unwrap().is_some(), "{seed:?}");
            let solved = solves_within(&sudoku9(seed), &ladder, Some(below), None).unwrap();
            assert!(solved.is_none(), "solved below trial: {seed:?}");
        }
        // The half-turn symmetric ones, for --symmetry rotational.
        assert!(seeds(Symmetry::Rotational).len() >= 20);
    }

    #[test]
    fn line_maps_permute_within_bands_and_keep_mirror_pairs() {
        let mut rng = Rng::new(7, 0);
        for symmetric in [false, true] {
            for _ in 0..200 {
                let map = line_map(&mut rng, symmetric);
                let mut seen = [false; 9];
                for r in 0..9 {
                    assert!(!seen[map[r]], "{map:?}");
                    seen[map[r]] = true;
                    // Lines of one band stay together.
                    assert_eq!(map[r] / 3, map[r / 3 * 3] / 3, "{map:?}");
                    if symmetric {
                        assert_eq!(map[8 - r], 8 - map[r], "{map:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_disguise_is_the_same_puzzle_in_other_clothes() {
        let mut rng = Rng::new(3, 1);
        for symmetry in [Symmetry::None, Symmetry::Rotational] {
            for seed in seeds(symmetry).iter().take(10) {
                let d = disguise(seed, symmetry == Symmetry::Rotational, &mut rng);
                assert_ne!(&d[..], &seed[..]);
                let clues = |g: &[u8]| g.iter().filter(|&&v| v != 0).count();
                assert_eq!(clues(&d), clues(seed));
                assert!(unique_solution(&d, None).unwrap().is_some());
                if symmetry == Symmetry::Rotational {
                    assert!((0..81).all(|c| (d[c] == 0) == (d[80 - c] == 0)), "{d:?}");
                }
            }
        }
    }

    #[test]
    fn a_walk_ends_unique_beyond_the_rungs_below_and_away_from_its_start() {
        let (ladder, below) = below_trial();
        let orbits = orbits(9, Symmetry::None);
        let mut rng = Rng::new(11, 0);
        let seeds = seeds(Symmetry::None);
        let mut ended = 0;
        for seed in seeds.iter().take(12) {
            if ended == 2 {
                break;
            }
            let start = disguise(seed, false, &mut rng);
            let Some((end, solution)) =
                walk(&start, &orbits, &ladder, below, &mut rng, None).unwrap()
            else {
                continue;
            };
            ended += 1;
            let moved = (0..81).filter(|&c| start[c] != 0 && end[c] != start[c]).count();
            assert!(moved >= NOVEL, "{moved}");
            assert_eq!(unique_solution(&end, None).unwrap(), Some(solution));
            assert!(solves_within(&sudoku9(&end), &ladder, Some(below), None).unwrap().is_none());
        }
        assert_eq!(ended, 2, "walks from 12 seeds: {ended} ended");
    }
}
