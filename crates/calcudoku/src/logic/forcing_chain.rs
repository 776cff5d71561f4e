//! Forcing chain (Keen's): a path of two-candidate cells, each seeing the next.
//!
//! Start at a cell with two candidates `a` and `b`. If it is not `a` it is `b`; a neighbour
//! with two candidates, one of them `b`, is then its other value, and so on along the path.
//! When the path reaches a cell forced to `a`, then the start or that cell holds `a`, so a cell
//! that sees both cannot. The step removes only that `a`; the chain is its reasoning.

use std::collections::VecDeque;

use crate::puzzle::{Cell, ValueSet};

use super::board::Board;
use super::step::{Found, Placement, Step};
use super::technique::Technique;

/// This file's technique (see [`super::technique::TechniqueSpec`]).
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "Keen's forcing chains",
    find: |board, _, out| find(board, out),
    describe,
};

pub fn find(board: &Board, out: &mut Found) {
    let cells = board.cell_count();
    let mut forced = vec![0u8; cells];
    let mut prev = vec![u16::MAX; cells];
    let mut queue = VecDeque::with_capacity(cells);
    for start in board.cells() {
        let cands = board.candidates(start);
        if cands.len() != 2 || board.is_placed(start) {
            continue;
        }
        // A search along the two-candidate cells from here.
        if out.tick_by(board.cell_count() as u32 / 4 + 1) {
            return;
        }
        for orig in cands.iter() {
            forced.fill(0);
            let other = (cands & !ValueSet::single(orig)).min().expect("two candidates");
            forced[start.index()] = other;
            prev[start.index()] = u16::MAX;
            queue.clear();
            queue.push_back(start);
            while let Some(cur) = queue.pop_front() {
                let now = forced[cur.index()];
                for &nb in board.peer_cells(cur) {
                    let nc = board.candidates(nb);
                    if forced[nb.index()] != 0 || !nc.contains(now) {
                        continue;
                    }
                    if nc.len() == 2 {
                        forced[nb.index()] = (nc & !ValueSet::single(now)).min().expect("two");
                        prev[nb.index()] = cur.0;
                        queue.push_back(nb);
                    }
                    if now == orig && board.sees(nb, start) {
                        let mut step = Step::new(Technique::ForcingChain);
                        step.values = ValueSet::single(orig);
                        let mut at = cur;
                        loop {
                            step.chain.push(Placement::new(at, forced[at.index()]));
                            if at == start {
                                break;
                            }
                            at = Cell(prev[at.index()]);
                        }
                        step.chain.reverse();
                        step.cells = step.chain.iter().map(|p| p.cell).collect();
                        step.cells.push(nb);
                        step.eliminations.push(Placement::new(nb, orig));
                        out.push(step);
                        if out.done() {
                            return;
                        }
                    }
                }
            }
        }
    }
}

pub fn describe(step: &Step, board: &Board) -> String {
    let e = step.eliminations[0];
    let a = e.value;
    let start = step.chain[0];
    let end = step.chain[step.chain.len() - 1];
    let path: Vec<String> =
        step.chain[1..].iter().map(|p| format!("{} is {}", board.name(p.cell), p.value)).collect();
    format!(
        "If {} is not {a} it is {}; then {}. So {} or {} is {a}, and {}, which sees both, cannot be {a}",
        board.name(start.cell),
        start.value,
        if path.is_empty() { "nothing more".into() } else { path.join(", then ") },
        board.name(start.cell),
        board.name(end.cell),
        board.name(e.cell)
    )
}
