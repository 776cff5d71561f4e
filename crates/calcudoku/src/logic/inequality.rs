//! Inequality: across a `<` sign, the smaller cell holds less than the largest candidate of
//! the greater one, and the greater more than the smallest of the smaller. (Tatham's Unequal:
//! easy.)

use crate::puzzle::RelationKind;

use super::board::Board;
use super::step::{Found, Placement, Step, eliminations_text};
use super::technique::Technique;

/// The technique's descriptor for the ladders (see `technique`).
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "inequalities",
    find: |board, _, out| find(board, out),
    describe,
};

pub fn find(board: &Board, out: &mut Found) {
    for r in board.puzzle().relations() {
        if r.kind != RelationKind::Less {
            continue;
        }
        let (less, more) = (board.candidates(r.a), board.candidates(r.b));
        let (Some(lo), Some(hi)) = (less.min(), more.max()) else { continue };
        let mut step = Step::new(Technique::Inequality);
        step.cells.push(r.a);
        step.cells.push(r.b);
        for v in less.iter().filter(|&v| v >= hi) {
            step.eliminations.push(Placement::new(r.a, v));
            step.values.insert(v);
        }
        for v in more.iter().filter(|&v| v <= lo) {
            step.eliminations.push(Placement::new(r.b, v));
            step.values.insert(v);
        }
        if step.eliminations.is_empty() {
            continue;
        }
        out.push(step);
        if out.done() {
            return;
        }
    }
}

pub fn describe(step: &Step, board: &Board) -> String {
    let (a, b) = (step.cells[0], step.cells[1]);
    let (lo, hi) = (board.candidates(a).min().unwrap_or(0), board.candidates(b).max().unwrap_or(0));
    format!(
        "across the sign {} < {}, {} must exceed the smallest value {} can hold ({lo}) and {} \
         stay under the largest {} can hold ({hi}): remove {}",
        board.name(a),
        board.name(b),
        board.name(b),
        board.name(a),
        board.name(a),
        board.name(b),
        eliminations_text(board, &step.eliminations)
    )
}
