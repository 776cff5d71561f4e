//! Wings: a pivot cell and two pincers that it sees.
//!
//! - XY-wing: pivot {x, y}, pincers {x, z} and {y, z}. Whatever the pivot holds, one pincer is
//!   z, so z leaves every cell that sees both pincers.
//! - XYZ-wing: pivot {x, y, z}, pincers {x, z} and {y, z}: one of the three is z, so z leaves
//!   every cell that sees all three.

use crate::puzzle::Cell;

use super::board::Board;
use super::step::{Found, Placement, Step, cell_list, eliminations_text};
use super::technique::Technique;

/// This file's technique (see [`super::technique::TechniqueSpec`]).
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "wings",
    find: |board, scope, out| {
        if let super::technique::Scope::Variant(xyz) = scope {
            find(board, xyz, out)
        }
    },
    describe,
};

pub fn find(board: &Board, xyz: bool, out: &mut Found) {
    let pivot_size = if xyz { 3 } else { 2 };
    for pivot in board.cells() {
        let pc = board.candidates(pivot);
        if pc.len() != pivot_size || board.is_placed(pivot) {
            continue;
        }
        // Pairs of pincers, and the cells both see.
        if out.tick_by(4 * board.peer_cells(pivot).len() as u32 + 1) {
            return;
        }
        let pincers: Vec<Cell> = board
            .peer_cells(pivot)
            .iter()
            .copied()
            .filter(|&c| {
                let cc = board.candidates(c);
                let shared = (cc & pc).len();
                cc.len() == 2 && !board.is_placed(c) && if xyz { shared == 2 } else { shared == 1 }
            })
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ca, cb) = (board.candidates(a), board.candidates(b));
                if ca == cb {
                    continue;
                }
                let z = if xyz {
                    // a = {x, z}, b = {y, z}, both within the pivot {x, y, z}.
                    ca & cb
                } else {
                    // a = {x, z}, b = {y, z}, pivot {x, y}: z is outside the pivot, in both.
                    if (ca & pc) == (cb & pc) || (ca & !pc) != (cb & !pc) {
                        continue;
                    }
                    ca & !pc
                };
                if z.len() != 1 {
                    continue;
                }
                let zv = z.min().expect("one value");
                let mut step = Step::new(if xyz { Technique::XyzWing } else { Technique::XyWing });
                for &c in board.peer_cells(a) {
                    if c == pivot || c == b || !board.candidates(c).contains(zv) {
                        continue;
                    }
                    if board.sees(c, b) && (!xyz || board.sees(c, pivot)) {
                        step.eliminations.push(Placement::new(c, zv));
                    }
                }
                if step.eliminations.is_empty() {
                    continue;
                }
                step.cells.extend([pivot, a, b]);
                step.values = z;
                out.push(step);
                if out.done() {
                    return;
                }
            }
        }
    }
}

pub fn describe(step: &Step, board: &Board) -> String {
    let (pivot, a, b) = (step.cells[0], step.cells[1], step.cells[2]);
    let z = step.values.min().unwrap_or(0);
    let cand = |c: Cell| {
        let v: Vec<String> = board.candidates(c).iter().map(|v| v.to_string()).collect();
        format!("{} {{{}}}", board.name(c), v.join(","))
    };
    let who = if step.technique == Technique::XyzWing {
        format!("one of {} is {z}", cell_list(board, &[pivot, a, b]))
    } else {
        format!(
            "whatever {} holds, {} or {} is {z}",
            board.name(pivot),
            board.name(a),
            board.name(b)
        )
    };
    format!(
        "{}: pivot {}, pincers {} and {}; {who}, so remove {}",
        step.technique,
        cand(pivot),
        cand(a),
        cand(b),
        eliminations_text(board, &step.eliminations)
    )
}
