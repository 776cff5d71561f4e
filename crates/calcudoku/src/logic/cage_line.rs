//! Cage line: a value that every way of filling a cage puts into one row (column, box) must
//! come from the cage there, so it leaves the rest of that unit.
//!
//! Keen's hard cage deduction. With boxes (Killer Sudoku) a cage's part in a box counts too.

use crate::puzzle::{Cell, ValueSet};

use super::board::{Board, Unit};
use super::layouts;
use super::step::{Found, Placement, Step, cell_list, eliminations_text, value_list};
use super::technique::Technique;

pub fn find(board: &Board, out: &mut Found) {
    for (k, cage) in board.cages().iter().enumerate() {
        if cage.cells.len() < 2 || cage.cells.iter().all(|&c| board.is_placed(c)) {
            continue;
        }
        // The units the cage touches, and for each the positions of its cells there.
        let mut parts: Vec<(Unit, Vec<usize>)> = Vec::new();
        for (i, &c) in cage.cells.iter().enumerate() {
            for u in board.units_of(c) {
                match parts.iter_mut().find(|(v, _)| *v == u) {
                    Some((_, at)) => at.push(i),
                    None => parts.push((u, vec![i])),
                }
            }
        }
        // For each part, the values every layout puts there.
        let mut always = vec![ValueSet::full(board.size()); parts.len()];
        let mut any = false;
        let mut budget = layouts::BUDGET;
        let complete = layouts::for_each(board, k, &mut budget, |values| {
            any = true;
            for ((_, at), set) in parts.iter().zip(always.iter_mut()) {
                let mut here = ValueSet::EMPTY;
                for &i in at {
                    here.insert(values[i]);
                }
                *set &= here;
            }
        });
        if !complete || !any {
            continue;
        }
        for ((unit, at), forced) in parts.iter().zip(&always) {
            if forced.is_empty() {
                continue;
            }
            let inside: Vec<Cell> = at.iter().map(|&i| cage.cells[i]).collect();
            let mut step = Step::new(Technique::CageLine);
            step.cages.push(k);
            step.units.push(*unit);
            step.cells = inside.clone();
            step.values = *forced;
            for &c in board.unit_cells(*unit) {
                if inside.contains(&c) {
                    continue;
                }
                for v in (board.candidates(c) & *forced).iter() {
                    step.eliminations.push(Placement::new(c, v));
                }
            }
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
