//! Tallest seen: when the tallest towers already standing in a line give a clue all but one of
//! the towers it sees, the last one is the cell next to the clue, which must then be taller
//! than every cell between it and those towers. A 1-clue is the plain case: the cell next to
//! it holds N. (Tatham's Towers: easy.)

use crate::puzzle::ValueSet;

use super::board::Board;
use super::sightline::{clue_name, positions};
use super::step::{Found, Placement, Step, eliminations_text};
use super::technique::Technique;

/// The technique's descriptor for the ladders (see `technique`).
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "tallest seen",
    find: |board, _, out| find(board, out),
    describe,
};

pub fn find(board: &Board, out: &mut Found) {
    let n = board.size();
    for clue in board.line_clues() {
        let at = positions(board, &clue.line);
        // The run of the tallest values already placed, from N down: those nearer the clue
        // than every taller one are seen.
        let (mut seen, mut nearest) = (0usize, n);
        for v in (1..=n).rev() {
            let Some(k) = at[v] else { break };
            if k < nearest {
                nearest = k;
                seen += 1;
            }
        }
        if clue.seen as usize != seen + 1 || nearest <= 1 {
            continue;
        }
        // The first cell is seen and the cells up to `nearest` are not: it is taller than
        // all of them, so it is not among the `nearest - 1` smallest values they can hold
        // (those not standing at `nearest` or beyond).
        let first = clue.line[0];
        let small: ValueSet = (1..=n as u8)
            .filter(|&v| at[v as usize].is_none_or(|k| k < nearest))
            .take(nearest - 1)
            .fold(ValueSet::EMPTY, |mut s, v| {
                s.insert(v);
                s
            });
        let gone = board.candidates(first) & small;
        if gone.is_empty() || board.is_placed(first) {
            continue;
        }
        let mut step = Step::new(Technique::TallestSeen);
        step.cells = clue.line.iter().copied().collect();
        step.amount = u64::from(clue.seen);
        step.values = gone;
        step.eliminations = gone.iter().map(|v| Placement::new(first, v)).collect();
        out.push(step);
        if out.done() {
            return;
        }
    }
}

pub fn describe(step: &Step, board: &Board) -> String {
    let first = step.cells[0];
    if step.amount == 1 {
        return format!(
            "{} sees only the cell next to it, which must be the tallest: remove {}",
            clue_name(step, board),
            eliminations_text(board, &step.eliminations)
        );
    }
    format!(
        "{} sees the tallest towers already standing and one more, which can only be {}; it \
         must be taller than the cells behind it: remove {}",
        clue_name(step, board),
        board.name(first),
        eliminations_text(board, &step.eliminations)
    )
}
