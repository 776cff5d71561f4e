//! Sudoku, jigsaw, X and jigsaw X at one of Tatham's Solo's levels (`-d advanced`): the grid
//! as for the project's levels (`sudoku`, `variants`). Up to basic (intermediate for the
//! variants), clues go as in Solo's generator, while Solo's rules up to the level finish the
//! puzzle; above, they go while the solution stays unique and the orbits are put back, the
//! last taken first, until Solo's rules finish the puzzle at the level asked or below (a
//! bisection; when the last orbit put back overshoots, a few others are tried in its place).
//! Kept when its level on Solo's scale is exactly the one asked.
//! `unreasonable` keeps the puzzle with every orbit that could go gone, when Solo's rules do
//! not finish it. A Killer is drawn at no level; when Solo's rules up to the level asked
//! finish it below that level, its cages are merged until they finish it at the level (as
//! Solo's generator merges cages); kept when it lands there.

use std::cell::RefCell;
use std::rc::Rc;

use crate::clock::Instant;
use crate::logic::{
    Ladder, SoloBoards, SoloLevel, solo_finishes_within, solo_level_of, solo_level_within,
};
use crate::puzzle::{BoxShape, Cell, Grid, HousesKey, Puzzle};

use super::clues::{orbits, put_back_until, spare_clue, take_away};
use super::rng::Rng;
use super::{GenerateError, Graded, Kind, Options, latin, variants};

/// Up to this level, clues are taken away as Solo's generator does, while the rules up to
/// the level finish the puzzle (asked on [`SoloBoards`]); above it, while the solution stays
/// unique, then put back. Above basic the rules cost more than a plain Sudoku's uniqueness
/// search on the 9×9 engine, but less than one with diagonals or a jigsaw's (measured on 40
/// puzzles of each kind at intermediate: PERFORMANCE.md).
fn greedy_up_to(kind: Kind) -> SoloLevel {
    if kind == Kind::Sudoku { SoloLevel::Basic } else { SoloLevel::Intermediate }
}

thread_local! {
    /// The boards this thread built last, by layout and cap (two: the level asked and the
    /// one below): a plain or X template is the same for every candidate.
    static BOARDS: RefCell<Vec<(HousesKey, SoloLevel, Rc<SoloBoards>)>> =
        const { RefCell::new(Vec::new()) };
}

/// [`SoloBoards::new`], kept per thread for the next candidate of the same layout.
fn boards_for(template: &Puzzle, cap: SoloLevel) -> Option<Rc<SoloBoards>> {
    BOARDS.with_borrow_mut(|kept| {
        if let Some((_, _, boards)) = kept.iter().find(|(k, c, _)| *c == cap && k.matches(template))
        {
            return Some(boards.clone());
        }
        let boards = Rc::new(SoloBoards::new(template, cap)?);
        if kept.len() == 2 {
            kept.remove(0);
        }
        kept.push((HousesKey::new(template), cap, boards.clone()));
        Some(boards)
    })
}

/// Orbits tried in place of the last one put back, when that one made the puzzle too easy.
const RESCUES: usize = 12;

pub(super) fn attempt(
    options: &Options,
    target: SoloLevel,
    ladder: &Ladder,
    rng: &mut Rng,
    deadline: Option<Instant>,
    attempt: u32,
) -> Result<Option<(Puzzle, Grid, Graded)>, GenerateError> {
    if options.kind == Kind::Killer {
        return killer(options, target, ladder, rng, deadline);
    }
    let n = options.size;
    let (template, solution) = match options.kind.variant_rules() {
        None => {
            let boxes = BoxShape::standard(n).expect("checked");
            let empty = Puzzle::sudoku(n, Some(boxes), Grid::empty(n)).expect("in range");
            (empty, latin::sudoku_grid(n, boxes, rng))
        }
        Some(rules) => {
            let template = variants::layout(n, rules, rng);
            let Some(solution) = variants::random_solution(
                &template,
                rng,
                variants::fill_budget(attempt),
                deadline,
            )?
            else {
                return Ok(None);
            };
            (template, solution)
        }
    };
    let mut orbits = orbits(n, options.symmetry);
    rng.shuffle(&mut orbits);
    let make = |grid: &Grid| template.with_givens(grid.clone()).expect("in range");
    // Solo's level of a puzzle is `cap` or below when its rules up to `cap` finish it (the
    // rules above are then never tried, so this costs less than the level itself); exactly
    // the target when those up to it do and those below do not. Up to intermediate, asked on
    // boards built once for the layout (for the two levels asked about).
    let below = SoloLevel::ALL.into_iter().rev().find(|&l| l < target);
    let boards = SoloLevel::ALL.map(|cap| {
        if cap == target || Some(cap) == below { boards_for(&template, cap) } else { None }
    });
    let within = |p: &Puzzle, cap: SoloLevel| match &boards[cap as usize] {
        Some(boards) => Ok(boards.finishes(p.givens().cells())),
        None => solo_finishes_within(p, cap, deadline).map_err(|_| GenerateError::Timeout),
    };
    let too_easy = |p: &Puzzle| match below {
        Some(below) => within(p, below),
        None => Ok(false),
    };
    let exactly = |p: &Puzzle| Ok(within(p, target)? && !too_easy(p)?);
    if target <= greedy_up_to(options.kind) && !options.minimal {
        // Solo's own way: each orbit taken away while the rules up to the level still finish
        // the puzzle (no search needed to keep it unique).
        let givens = match &boards[target as usize] {
            Some(boards) => Grid::from_cells(n, boards.thin(solution.cells(), &orbits))
                .expect("values of the solution"),
            None => {
                let mut givens = solution.clone();
                for orbit in &orbits {
                    for &c in orbit {
                        givens.set(Cell(c as u16), 0);
                    }
                    if !within(&make(&givens), target)? {
                        for &c in orbit {
                            givens.set(Cell(c as u16), solution.cells()[c]);
                        }
                    }
                }
                givens
            }
        };
        // Finished by the rules up to the level (every orbit kept was), it is at the level
        // unless those below finish it too.
        let puzzle = make(&givens);
        return Ok((!too_easy(&puzzle)?).then_some((puzzle, solution, Graded::Later)));
    }
    let mut givens = solution.clone();
    let removed = take_away(&mut givens, &make, &orbits, deadline)?;
    let puzzle = if options.minimal {
        let puzzle = make(&givens);
        if spare_clue(&givens, &make, &orbits, deadline)? || !exactly(&puzzle)? {
            return Ok(None);
        }
        puzzle
    } else {
        let with = |k: usize| {
            let mut grid = givens.clone();
            for &o in removed.iter().rev().take(k) {
                for &c in &orbits[o] {
                    grid.set(Cell(c as u16), solution.cells()[c]);
                }
            }
            make(&grid)
        };
        let easy_enough = |p: &Puzzle| within(p, target);
        let (puzzle, k) = put_back_until(removed.len(), &with, &easy_enough)?;
        // With orbits put back the puzzle is easy enough; with none, it may not be.
        let on_level = if k == 0 { exactly(&puzzle)? } else { !too_easy(&puzzle)? };
        if on_level {
            puzzle
        } else if k == 0 {
            return Ok(None);
        } else {
            // The orbit put back last made it too easy: one of the other orbits taken away,
            // put back instead, may land on the level (a few are tried, in order).
            let mut base = with(k - 1).givens().clone();
            let left = removed.len() - (k - 1);
            let mut found = None;
            for &o in removed[..left - 1].iter().rev().take(RESCUES) {
                for &c in &orbits[o] {
                    base.set(Cell(c as u16), solution.cells()[c]);
                }
                let p = make(&base);
                if exactly(&p)? {
                    found = Some(p);
                    break;
                }
                for &c in &orbits[o] {
                    base.set(Cell(c as u16), 0);
                }
            }
            match found {
                Some(p) => p,
                None => return Ok(None),
            }
        }
    };
    Ok(Some((puzzle, solution, Graded::Later)))
}

/// A Killer made at no level in particular, then (too easy) its cages merged until its level
/// on Solo's scale is the one asked (about 60% of 9×9 Killers from cages alone come trivial,
/// 25% basic, 10% intermediate, 3% advanced). With givens, or at unreasonable, a Killer is
/// drawn until one lands on the level.
fn killer(
    options: &Options,
    target: SoloLevel,
    ladder: &Ladder,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<(Puzzle, Grid, Graded)>, GenerateError> {
    let any = Options { level: None, solo: None, ..options.clone() };
    if !options.givens && target < SoloLevel::Unreasonable {
        // Solo's rules up to the target finishing the cages prove them unique, so the exact
        // solver is not asked first (the same puzzles are kept: the rules finish no puzzle
        // with several solutions, and the run capped at the target is the uncapped run).
        let Some((solution, cages)) = super::killer::draw(&any, rng) else {
            return Ok(None);
        };
        if super::killer::swappable_rectangle(&solution, &cages) {
            return Ok(None);
        }
        let puzzle = super::killer::killer_of(Grid::empty(options.size), cages);
        // Too easy, its cages are merged until it is at the target (most random Killers
        // are trivial: drawing anew until one lands on basic took 15 draws a puzzle).
        let judge = |p: &Puzzle| {
            let level =
                solo_level_within(p, target, deadline).map_err(|_| GenerateError::Timeout)?;
            Ok(level.map(|l| ((), l == target)))
        };
        let merged = super::killer::merge_up(&puzzle, &solution, options.max_cage, rng, judge)?;
        return Ok(merged.map(|(p, ())| (p, solution, Graded::Later)));
    }
    let Some((puzzle, solution, graded)) = super::killer::attempt(&any, ladder, rng, deadline)?
    else {
        return Ok(None);
    };
    let level = solo_level_of(&puzzle, deadline).map_err(|_| GenerateError::Timeout)?;
    Ok((level == target).then_some((puzzle, solution, graded)))
}
