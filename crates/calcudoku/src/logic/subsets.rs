//! Naked and hidden subsets in a unit.
//!
//! - Naked: `k` unsolved cells whose candidates are `k` values between them — those values
//!   belong to those cells, so they leave the unit's other cells.
//! - Hidden: `k` values whose places in the unit are `k` cells between them — those cells hold
//!   those values, so every other candidate leaves them.
//!
//! Among the `m` unsolved cells of a unit a naked subset of size `k` is a hidden subset of size
//! `m − k` and the other way round, so sizes up to `m / 2` of both kinds find every subset. This
//! is Keen's set elimination (`latin_solver_set`) on rows and columns when all sizes are
//! allowed.

use smallvec::SmallVec;

use crate::puzzle::{Cell, ValueSet};

use super::board::{Board, Unit};
use super::singles::unit_kind;
use super::step::{Found, Placement, Step, cell_list, eliminations_text, value_list};
use super::technique::{Technique, UnitKind};

/// Which subsets a ladder admits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Subsets {
    /// The kinds of unit searched.
    pub kinds: &'static [UnitKind],
    /// Smallest subset size tried (2 is a pair; below 2 counts as 2).
    pub min: u8,
    /// Largest subset size tried (sizes above half the unsolved cells are found as their
    /// smaller complement).
    pub max: u8,
    /// Whether naked subsets (`k` cells with `k` values between them) are looked for.
    pub naked: bool,
    /// Whether hidden subsets (`k` values with `k` places between them) are looked for.
    pub hidden: bool,
}

/// A few items kept inline: one per cell or value of a unit (up to 16×16 grids).
type Few<T> = SmallVec<[T; 16]>;

/// This file's technique (see [`super::technique::TechniqueSpec`]).
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "subsets",
    find: |board, scope, out| {
        if let super::technique::Scope::Subsets(rule) = scope {
            find(board, rule, out)
        }
    },
    describe,
};

pub fn find(board: &Board, rule: Subsets, out: &mut Found) {
    let units: SmallVec<[(Unit, Few<Cell>); 32]> = board
        .units()
        .iter()
        .filter(|&&u| rule.kinds.contains(&unit_kind(u)))
        .map(|&u| {
            let open = board
                .unit_cells(u)
                .iter()
                .copied()
                .filter(|&c| board.candidates(c).len() > 1)
                .collect();
            (u, open)
        })
        .collect();
    let largest = units.iter().map(|(_, open)| open.len() / 2).max().unwrap_or(0);
    for k in rule.min.max(2) as usize..=(rule.max as usize).min(largest) {
        for (unit, open) in &units {
            if k > open.len() / 2 {
                continue;
            }
            if rule.naked {
                naked(board, *unit, open, k, out);
                if out.done() {
                    return;
                }
            }
            if rule.hidden {
                hidden(board, *unit, open, k, out);
                if out.done() {
                    return;
                }
            }
        }
    }
}

/// `k` cells of `open` with `k` candidates between them.
fn naked(board: &Board, unit: Unit, open: &[Cell], k: usize, out: &mut Found) {
    let masks: Few<u64> = open.iter().map(|&c| board.candidates(c).bits()).collect();
    k_subsets(&masks, k, out, &mut |chosen, union, out| {
        let union = ValueSet(union);
        let useful = (0..open.len()).any(|i| !chosen.contains(&i) && masks[i] & union.bits() != 0);
        if !useful {
            return true;
        }
        let mut step = Step::new(Technique::NakedSubset(k as u8));
        step.units.push(unit);
        step.values = union;
        step.cells = chosen.iter().map(|&i| open[i]).collect();
        for (i, &c) in open.iter().enumerate() {
            if !chosen.contains(&i) {
                for v in (board.candidates(c) & union).iter() {
                    step.eliminations.push(Placement::new(c, v));
                }
            }
        }
        out.push(step);
        !out.done()
    });
}

/// `k` values with `k` places in `open` between them.
fn hidden(board: &Board, unit: Unit, open: &[Cell], k: usize, out: &mut Found) {
    let values: Few<u8> =
        open.iter().fold(ValueSet::EMPTY, |u, &c| u | board.candidates(c)).iter().collect();
    // Places of each value among the open cells, a bit per open cell.
    let masks: Few<u64> = values
        .iter()
        .map(|&v| {
            open.iter()
                .enumerate()
                .filter(|(_, c)| board.candidates(**c).contains(v))
                .fold(0u64, |m, (i, _)| m | 1 << i)
        })
        .collect();
    k_subsets(&masks, k, out, &mut |chosen, places, out| {
        let set = chosen.iter().fold(ValueSet::EMPTY, |s, &i| s | ValueSet::single(values[i]));
        let useful = open
            .iter()
            .enumerate()
            .any(|(i, &c)| places & (1 << i) != 0 && !(board.candidates(c) & !set).is_empty());
        if !useful {
            return true;
        }
        let mut step = Step::new(Technique::HiddenSubset(k as u8));
        step.units.push(unit);
        step.values = set;
        for (i, &c) in open.iter().enumerate() {
            if places & (1 << i) != 0 {
                step.cells.push(c);
                for v in (board.candidates(c) & !set).iter() {
                    step.eliminations.push(Placement::new(c, v));
                }
            }
        }
        out.push(step);
        !out.done()
    });
}

/// Calls `each` with every choice of `k` items (indices in increasing order) whose masks have
/// exactly `k` bits between them, and that union; stops when `each` returns false or `out`'s
/// time is up.
pub(super) fn k_subsets(
    masks: &[u64],
    k: usize,
    out: &mut Found,
    each: &mut dyn FnMut(&[usize], u64, &mut Found) -> bool,
) {
    struct Walk<'a> {
        masks: &'a [u64],
        k: usize,
        chosen: Few<usize>,
        out: &'a mut Found,
        each: &'a mut dyn FnMut(&[usize], u64, &mut Found) -> bool,
    }
    impl Walk<'_> {
        fn go(&mut self, start: usize, union: u64) -> bool {
            let (masks, k) = (self.masks, self.k);
            for i in start..masks.len() {
                // Not enough items left to complete the choice.
                if masks.len() - i < k - self.chosen.len() {
                    break;
                }
                if self.out.tick() {
                    return false;
                }
                let u = union | masks[i];
                if u.count_ones() as usize > k {
                    continue;
                }
                self.chosen.push(i);
                let go_on = if self.chosen.len() == k {
                    u.count_ones() as usize != k || (self.each)(&self.chosen, u, self.out)
                } else {
                    self.go(i + 1, u)
                };
                self.chosen.pop();
                if !go_on {
                    return false;
                }
            }
            true
        }
    }
    if k == 0 || k > masks.len() {
        return;
    }
    Walk { masks, k, chosen: Few::new(), out, each }.go(0, 0);
}

pub fn describe(step: &Step, board: &Board) -> String {
    let unit = step.units[0];
    let cells = cell_list(board, &step.cells);
    let values = value_list(step.values);
    match step.technique {
        Technique::HiddenSubset(_) => format!(
            "In {unit}, {values} can only go in {cells}, so those cells hold nothing else: remove {}",
            eliminations_text(board, &step.eliminations)
        ),
        _ => format!(
            "In {unit}, {cells} hold only {values} between them, so those values cannot go elsewhere in {unit}: remove {}",
            eliminations_text(board, &step.eliminations)
        ),
    }
}
