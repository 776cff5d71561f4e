//! Futoshiki and Adjacent (Tatham's Unequal): a random Latin square and every sign it allows
//! between neighbours (Futoshiki: a `<` on each pair, none at trivial; Adjacent: the bars,
//! every one kept, as the mode has them all), givens where the ladder gets stuck, then signs
//! and givens taken away while the ladder up to the level still solves it.

use crate::clock::Instant;
use crate::logic::{Grade, Ladder};
use crate::puzzle::{Cell, Grid, Puzzle, Relation, RelationKind};

use super::rng::Rng;
use super::{GenerateError, Kind, Options, clued, latin};

pub(super) fn attempt(
    options: &Options,
    ladder: &Ladder,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<(Puzzle, Grid, Grade)>, GenerateError> {
    let n = options.size;
    let mut cells = Vec::new();
    latin::latin_cells(n, rng, &mut cells);
    let solution = Grid::from_valid(n, cells);
    let adjacent = options.kind == Kind::Adjacent;
    // Every pair of neighbours, right then down, in reading order.
    let mut pairs = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let a = Cell::at(r, c, n);
            if c + 1 < n {
                pairs.push((a, Cell::at(r, c + 1, n)));
            }
            if r + 1 < n {
                pairs.push((a, Cell::at(r + 1, c, n)));
            }
        }
    }
    let signs: Vec<Relation> = pairs
        .iter()
        .map(|&(a, b)| {
            let (va, vb) = (solution.get(a), solution.get(b));
            if adjacent {
                let kind = if va.abs_diff(vb) == 1 {
                    RelationKind::Consecutive
                } else {
                    RelationKind::NotConsecutive
                };
                Relation::new(a, b, kind)
            } else if va < vb {
                Relation::new(a, b, RelationKind::Less)
            } else {
                Relation::new(b, a, RelationKind::Less)
            }
        })
        .collect();
    let build = |on: &[bool], givens: &Grid| {
        let relations = if adjacent {
            signs.clone()
        } else {
            signs.iter().zip(on).filter(|(_, on)| **on).map(|(r, _)| *r).collect()
        };
        Puzzle::builder(n).relations(relations).givens(givens.clone()).build().expect("in range")
    };
    // Futoshiki's trivial puzzles have no sign; Adjacent keeps every bar.
    let optional = if adjacent || options.level == Some(0) { 0 } else { signs.len() };
    let parts =
        clued::Parts { solution: &solution, clues: optional, keep_clues: adjacent, build: &build };
    let made = clued::make(&parts, ladder, options.level, rng, deadline)?;
    Ok(made.map(|(p, g)| (p, solution, g)))
}
