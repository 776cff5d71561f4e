//! Innies and outies (Killer Sudoku's "45 rule", for any size N): every row, column and box
//! holds 1 to N once, so a set of k such units adds up to k·N(N+1)/2. Take the sum cages wholly
//! inside the set away, and what is left is the sum of the few cells that stick out of those
//! cages into the set (innies); take the set's total away from every cage that touches it, and
//! what is left is the sum of those cages' cells outside the set (outies). A sum on one to three
//! cells narrows their candidates.
//!
//! Sets looked at: each row, column and box, and runs of two or three adjacent rows or columns.

use crate::puzzle::{Cell, Operator, ValueSet};

use super::board::{Board, Unit};
use super::step::{Found, List, Placement, Step, and_list, cell_list, eliminations_text};
use super::technique::Technique;

/// The most innie or outie cells whose sum is used.
const MAX_CELLS: usize = 3;

/// This file's technique (see [`super::technique::TechniqueSpec`]).
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "innies and outies",
    find: |board, _, out| find(board, out),
    describe,
};

pub fn find(board: &Board, out: &mut Found) {
    if !board.distinct_cages() || board.cages().is_empty() {
        return;
    }
    let n = board.size();
    let mut groups: Vec<List<Unit>> =
        board.units().iter().map(|&u| List::from_slice(&[u])).collect();
    for run in 2..=3usize {
        for first in 0..=n.saturating_sub(run) {
            groups.push((first..first + run).map(|r| Unit::Row(r as u8)).collect());
            groups.push((first..first + run).map(|c| Unit::Column(c as u8)).collect());
        }
    }
    for group in groups {
        // Every cage is looked at for the group.
        if out.tick_by(board.cages().len() as u32 + 1) {
            return;
        }
        let mut inside = vec![false; board.cell_count()];
        for &u in &group {
            for &c in board.unit_cells(u) {
                inside[c.index()] = true;
            }
        }
        let total = (group.len() * n * (n + 1) / 2) as u64;
        if let Some(step) = innies(board, &group, &inside, total) {
            out.push(step);
            if out.done() {
                return;
            }
        }
        if let Some(step) = outies(board, &group, &inside, total) {
            out.push(step);
            if out.done() {
                return;
            }
        }
    }
}

/// The sum a cage is known to make: a `+` cage's target, a given's value.
fn known_sum(board: &Board, k: usize) -> Option<u64> {
    let cage = &board.cages()[k];
    match cage.op {
        Some(Operator::Add) => Some(cage.target),
        None if cage.cells.len() == 1 => Some(cage.target),
        _ => None,
    }
}

fn innies(board: &Board, group: &[Unit], inside: &[bool], total: u64) -> Option<Step> {
    let mut sum = 0u64;
    let mut whole = vec![false; board.cages().len()];
    for (k, cage) in board.cages().iter().enumerate() {
        if cage.cells.iter().all(|c| inside[c.index()]) {
            if let Some(s) = known_sum(board, k) {
                sum += s;
                whole[k] = true;
            }
        }
    }
    let cells: List<Cell> = board
        .cells()
        .filter(|c| inside[c.index()] && !board.cage_of(*c).is_some_and(|k| whole[k]))
        .collect();
    let left = total.checked_sub(sum)?;
    narrow(board, group, cells, left, true)
}

fn outies(board: &Board, group: &[Unit], inside: &[bool], total: u64) -> Option<Step> {
    let mut sum = 0u64;
    let mut cells: List<Cell> = List::new();
    for c in board.cells().filter(|c| inside[c.index()]) {
        board.cage_of(c)?;
    }
    for (k, cage) in board.cages().iter().enumerate() {
        if !cage.cells.iter().any(|c| inside[c.index()]) {
            continue;
        }
        sum += known_sum(board, k)?;
        cells.extend(cage.cells.iter().copied().filter(|c| !inside[c.index()]));
        if cells.len() > MAX_CELLS {
            return None;
        }
    }
    let left = sum.checked_sub(total)?;
    narrow(board, group, cells, left, false)
}

/// A step for `cells` adding up to `sum`, if that removes any candidate.
fn narrow(board: &Board, group: &[Unit], cells: List<Cell>, sum: u64, innie: bool) -> Option<Step> {
    if cells.is_empty() || cells.len() > MAX_CELLS || cells.iter().all(|&c| board.is_placed(c)) {
        return None;
    }
    let mut each = [ValueSet::EMPTY; MAX_CELLS];
    let mut values = [0u8; MAX_CELLS];
    fill(board, &cells, 0, sum, &mut values, &mut each);
    let mut step = Step::new(if innie { Technique::Innies } else { Technique::Outies });
    for (i, &c) in cells.iter().enumerate() {
        for v in (board.candidates(c) & !each[i]).iter() {
            step.eliminations.push(Placement::new(c, v));
        }
    }
    if step.eliminations.is_empty() {
        return None;
    }
    step.units = group.iter().copied().collect();
    step.cells = cells;
    step.amount = sum;
    Some(step)
}

/// Every way to give `cells[i..]` values adding up to `rest` (different where they see each
/// other), recording each cell's values.
fn fill(
    board: &Board,
    cells: &[Cell],
    i: usize,
    rest: u64,
    values: &mut [u8],
    each: &mut [ValueSet],
) {
    if i == cells.len() {
        if rest == 0 {
            for (set, &v) in each.iter_mut().zip(values.iter()).take(cells.len()) {
                set.insert(v);
            }
        }
        return;
    }
    for v in board.candidates(cells[i]).iter() {
        if v as u64 > rest || (0..i).any(|j| values[j] == v && board.sees(cells[j], cells[i])) {
            continue;
        }
        values[i] = v;
        fill(board, cells, i + 1, rest - v as u64, values, each);
    }
}

pub fn describe(step: &Step, board: &Board) -> String {
    let units: Vec<String> = step.units.iter().map(|u| u.to_string()).collect();
    let sum = step.amount;
    let innie = step.technique == Technique::Innies;
    let n = board.size();
    let total = step.units.len() * n * (n + 1) / 2;
    let cells = cell_list(board, &step.cells);
    let (how, verb) = if step.cells.len() == 1 { ("is", "holds") } else { ("are", "add up to") };
    let why = if innie {
        format!("the cages wholly inside take the rest, and {cells} {how} left")
    } else {
        format!("the cages that touch them stick out at {cells}")
    };
    format!(
        "{} add up to {total}; {why}, so {cells} {verb} {sum}: remove {}",
        and_list(units),
        eliminations_text(board, &step.eliminations)
    )
}
