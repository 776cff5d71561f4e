//! Facing clues: two clues at the ends of one line that add up to N + 1 see the tallest tower
//! from both sides, so it stands exactly where both counts meet (a clue `a` puts it at the
//! `a`-th cell from its side). Tatham's Towers starts its easy level with this.

use crate::puzzle::ValueSet;

use super::board::Board;
use super::sightline::clue_name;
use super::step::{Found, Placement, Step};
use super::technique::Technique;
use crate::puzzle::Edge;

/// The technique's descriptor for the ladders (see `technique`).
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "facing clues",
    find: |board, _, out| find(board, out),
    describe,
};

pub fn find(board: &Board, out: &mut Found) {
    let n = board.size();
    let all = board.line_clues();
    for near in all.iter().filter(|c| matches!(c.edge, Edge::Top | Edge::Left)) {
        let far_edge = if near.edge == Edge::Top { Edge::Bottom } else { Edge::Right };
        let Some(far) = all.iter().find(|c| c.edge == far_edge && c.index == near.index) else {
            continue;
        };
        if near.seen as usize + far.seen as usize != n + 1 {
            continue;
        }
        let cell = near.line[near.seen as usize - 1];
        if board.is_placed(cell) {
            continue;
        }
        let mut step = Step::new(Technique::FacingClues);
        step.cells = near.line.iter().copied().collect();
        step.amount = u64::from(near.seen);
        step.values = ValueSet::single(n as u8);
        step.placements.push(Placement::new(cell, n as u8));
        out.push(step);
        if out.done() {
            return;
        }
    }
}

pub fn describe(step: &Step, board: &Board) -> String {
    let n = board.size();
    let p = step.placements[0];
    format!(
        "{} and the clue facing it add up to {}: the tallest tower is seen from both ends, so {} is {n}",
        clue_name(step, board),
        n + 1,
        board.name(p.cell)
    )
}
