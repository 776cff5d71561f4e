//! Visibility bounds: a tower in the k-th cell from a clue leaves at most k − 1 towers seen
//! before it, so with t taller towers that may still be seen after it, a clue c keeps it out
//! of the first c − t − 1 cells. An N-clue is the staircase 1, 2, …, N; a clue c keeps N out
//! of its first c − 1 cells. (Tatham's Towers: easy.)

use super::board::Board;
use super::sightline::{clue_name, positions};
use super::step::{Found, Placement, Step, eliminations_text};
use super::technique::Technique;

/// The technique's descriptor for the ladders (see `technique`).
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "visibility bounds",
    find: |board, _, out| find(board, out),
    describe,
};

pub fn find(board: &Board, out: &mut Found) {
    let n = board.size();
    for clue in board.line_clues() {
        let at = positions(board, &clue.line);
        let mut step = Step::new(Technique::VisibilityBounds);
        // Taller values that may still be seen (not standing behind a taller one).
        let mut taller = 0usize;
        for v in (1..=n).rev() {
            if let Some(k) = at[v] {
                // Hidden for sure: a value at least two taller stands nearer the clue. (One just
                // taller hides it too; Tatham's Towers does not look at that one, and its
                // levels are the ones kept: the rule is only weaker, never wrong.)
                if ((v + 2)..=n).any(|u| at[u].is_some_and(|j| j < k)) {
                    continue;
                }
            }
            let keep_out = (clue.seen as usize).saturating_sub(taller + 1);
            for &c in &clue.line[..keep_out.min(n)] {
                if board.candidates(c).contains(v as u8) && !board.is_placed(c) {
                    step.eliminations.push(Placement::new(c, v as u8));
                    step.values.insert(v as u8);
                }
            }
            taller += 1;
        }
        if step.eliminations.is_empty() {
            continue;
        }
        step.cells = clue.line.iter().copied().collect();
        step.amount = u64::from(clue.seen);
        out.push(step);
        if out.done() {
            return;
        }
    }
}

pub fn describe(step: &Step, board: &Board) -> String {
    format!(
        "{} needs that many towers seen: a tower that stood too near it would leave too few \
         taller ones to make up the count, so remove {}",
        clue_name(step, board),
        eliminations_text(board, &step.eliminations)
    )
}
