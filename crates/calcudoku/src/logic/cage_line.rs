//! Cage line: a value that every way of filling a cage puts into one row (column, box) must
//! come from the cage there, so it leaves the rest of that unit.
//!
//! Keen's hard cage deduction. With boxes (Killer Sudoku) a cage's part in a box counts too.

use crate::puzzle::Cell;

use super::board::Board;
use super::step::{Found, List, Placement, Step, cell_list, eliminations_text, value_list};
use super::technique::Technique;

/// This file's technique (see [`super::technique::TechniqueSpec`]).
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "cage lines",
    find: |board, _, out| find(board, out),
    describe,
};

pub fn find(board: &Board, out: &mut Found) {
    for (k, cage) in board.cages().iter().enumerate() {
        // A cage's layouts are enumerated on a budget (about a millisecond at most).
        if out.tick_by(64) {
            return;
        }
        if cage.cells.len() < 2 || cage.cells.iter().all(|&c| board.is_placed(c)) {
            continue;
        }
        let analysis = board.cage_analysis(k);
        if !analysis.complete || analysis.layouts == 0 {
            continue;
        }
        for (part, &forced) in board.cage_parts(k).iter().zip(&analysis.always) {
            if forced.is_empty() {
                continue;
            }
            let unit = &part.unit;
            let inside: List<Cell> = (0..cage.cells.len())
                .filter(|i| part.positions & (1 << i) != 0)
                .map(|i| cage.cells[i])
                .collect();
            let outside_has = board
                .unit_cells(*unit)
                .iter()
                .any(|c| !inside.contains(c) && !(board.candidates(*c) & forced).is_empty());
            if !outside_has {
                continue;
            }
            let mut step = Step::new(Technique::CageLine);
            step.cages.push(k);
            step.units.push(*unit);
            step.values = forced;
            for &c in board.unit_cells(*unit) {
                if inside.contains(&c) {
                    continue;
                }
                for v in (board.candidates(c) & forced).iter() {
                    step.eliminations.push(Placement::new(c, v));
                }
            }
            step.cells = inside;
            out.push(step);
            if out.done() {
                return;
            }
        }
    }
}

pub fn describe(step: &Step, board: &Board) -> String {
    let cage = board.cage_name(step.cages[0]);
    let them = if step.values.len() == 1 { "it" } else { "they" };
    format!(
        "Every way of filling {cage} puts {} in {} ({}), so {them} cannot go elsewhere in {}: remove {}",
        value_list(step.values),
        step.units[0],
        cell_list(board, &step.cells),
        step.units[0],
        eliminations_text(board, &step.eliminations)
    )
}
