//! Fish: a value's places in `k` rows lie in `k` columns between them (or the other way
//! round). Each of those rows holds the value in one of those columns, which fills the value's
//! place in every one of those columns, so it leaves them in every other row.
//!
//! X-wing (2), swordfish (3), jellyfish (4) and larger. Among the `m` rows where a value is not
//! placed yet, a fish of size `k` on rows is one of size `m − k` on columns, so sizes up to
//! `m / 2` in both directions find them all: Keen's positional set elimination on one value
//! (`latin_solver_diff_set` at its extreme level).

use crate::puzzle::Cell;

use super::board::{Board, Unit};
use super::step::{Found, Placement, Step, eliminations_text};
use super::subsets::k_subsets;
use super::technique::Technique;

/// This file's technique (see [`super::technique::TechniqueSpec`]).
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "fish",
    find: |board, scope, out| {
        if let super::technique::Scope::Sizes { min, max } = scope {
            find(board, min, max, out)
        }
    },
    describe,
};

/// Fish of sizes `min..=max`.
pub fn find(board: &Board, min: u8, max: u8, out: &mut Found) {
    let n = board.size();
    for k in min.max(2) as usize..=(max as usize).min(n / 2) {
        for v in 1..=n as u8 {
            for by_rows in [true, false] {
                one(board, v, k, by_rows, out);
                if out.done() {
                    return;
                }
            }
        }
    }
}

/// Fish of size `k` on value `v`, its base lines rows (`by_rows`) or columns.
fn one(board: &Board, v: u8, k: usize, by_rows: bool, out: &mut Found) {
    let n = board.size();
    let at = |line: usize, across: usize| {
        if by_rows { Cell::at(line, across, n) } else { Cell::at(across, line, n) }
    };
    // The lines where v is not placed, with its places across them.
    let mut lines: smallvec::SmallVec<[usize; 16]> = smallvec::SmallVec::new();
    let mut masks: smallvec::SmallVec<[u64; 16]> = smallvec::SmallVec::new();
    for line in 0..n {
        let mut mask = 0u64;
        let mut placed = false;
        for across in 0..n {
            let c = at(line, across);
            if board.value(c) == v {
                placed = true;
            } else if board.candidates(c).contains(v) {
                mask |= 1 << across;
            }
        }
        if !placed {
            lines.push(line);
            masks.push(mask);
        }
    }
    if k > lines.len() / 2 {
        return;
    }
    k_subsets(&masks, k, out, &mut |chosen, cover, out| {
        let useful = (0..lines.len()).any(|i| !chosen.contains(&i) && masks[i] & cover != 0);
        if !useful {
            return true;
        }
        let base: smallvec::SmallVec<[usize; 16]> = chosen.iter().map(|&i| lines[i]).collect();
        let mut step = Step::new(Technique::Fish(k as u8));
        step.values = crate::puzzle::ValueSet::single(v);
        let unit =
            |i: usize, row: bool| if row { Unit::Row(i as u8) } else { Unit::Column(i as u8) };
        step.units = base.iter().map(|&l| unit(l, by_rows)).collect();
        step.units.extend((0..n).filter(|a| cover & (1 << a) != 0).map(|a| unit(a, !by_rows)));
        for &l in &base {
            for across in 0..n {
                if cover & (1 << across) != 0 && board.candidates(at(l, across)).contains(v) {
                    step.cells.push(at(l, across));
                }
            }
        }
        for &line in &lines {
            if base.contains(&line) {
                continue;
            }
            for across in 0..n {
                let c = at(line, across);
                if cover & (1 << across) != 0 && board.candidates(c).contains(v) {
                    step.eliminations.push(Placement::new(c, v));
                }
            }
        }
        out.push(step);
        !out.done()
    });
}

pub fn describe(step: &Step, board: &Board) -> String {
    let v = step.values.min().unwrap_or(0);
    let k = step.units.len() / 2;
    let (base, cover) = step.units.split_at(k);
    let lines = |units: &[Unit]| {
        let kind = match units[0] {
            Unit::Row(_) => "rows",
            _ => "columns",
        };
        let numbers: Vec<String> = units.iter().map(|u| (u.number() + 1).to_string()).collect();
        format!("{kind} {}", super::step::and_list(numbers))
    };
    format!(
        "{} on {v}: in {}, {v} can only go in {}, so {v} leaves those {} elsewhere: remove {}",
        step.technique,
        lines(base),
        lines(cover),
        lines(cover).split(' ').next().unwrap_or("lines"),
        eliminations_text(board, &step.eliminations)
    )
}
